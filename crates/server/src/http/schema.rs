//! OpenAPI schemas written by hand, for the types serde sends as a bare number.
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};

/// An integer that is one of `values`, each described by its name ("4 assigned, 5 accepted").
/// The generated web types make it a union of the numbers.
pub fn integer_enum_schema<const N: usize>(values: [(i64, &str); N]) -> RefOr<Schema> {
    let description =
        values.iter().map(|(id, name)| format!("{id} {name}")).collect::<Vec<_>>().join(", ");
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
        .enum_values(Some(values.map(|(id, _)| id)))
        .description(Some(description))
        .into()
}
