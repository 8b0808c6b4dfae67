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

/// Sends a type over the wire as its number and describes it in the API document as an integer
/// enum: `wire_number!(Type, i32, id, from_id, "an order status", [(number, name); N])` gives
/// `Serialize` (the number from `id()`), `Deserialize` (back through `from_id`, refusing any other
/// number) and the schema.
macro_rules! wire_number {
    ($t:ty, $int:ty, $number:ident, $from:ident, $what:literal, $described:expr) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&self.$number(), serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let n = <$int as serde::Deserialize>::deserialize(deserializer)?;
                <$t>::$from(n)
                    .ok_or_else(|| serde::de::Error::custom(format!("{n} is not {}", $what)))
            }
        }

        impl utoipa::PartialSchema for $t {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::http::schema::integer_enum_schema($described)
            }
        }

        impl utoipa::ToSchema for $t {}
    };
}
pub(crate) use wire_number;
