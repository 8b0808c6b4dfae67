//! Enums kept as numbers, in the database and on the wire. A column of one reads back as the
//! enum, and a stored number that is none of its values is an error naming the row, never a panic
//! or a guess. On the wire the enum is its number, and the API document lists the numbers with the
//! variants' names (`x-enum-varnames`) so that generated clients get named constants.

use sea_orm::{ColIdx, DbErr, QueryResult, TryGetable};
use utoipa::openapi::RefOr;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};

/// The error for a stored number that is not one of the enum's values, naming the row by its `id`
/// where the query read one.
pub fn unknown_stored<I: ColIdx>(res: &QueryResult, column: I, number: i64, what: &str) -> DbErr {
    let row =
        i64::try_get_by(res, "id").map_or_else(|_| "a row".to_owned(), |id| format!("row {id}"));
    DbErr::Type(format!("{row}: column {column:?} holds {number}, which is not {what}"))
}

/// An integer that is one of `values`: the schema lists the numbers, names each variant in
/// `x-enum-varnames` and describes them ("4 assigned, 5 accepted").
pub fn integer_enum_schema(values: &[(i64, String, &str)]) -> RefOr<Schema> {
    let description =
        values.iter().map(|(n, _, shown)| format!("{n} {shown}")).collect::<Vec<_>>().join(", ");
    let names = values.iter().map(|(_, name, _)| name.clone()).collect::<Vec<_>>();
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
        .enum_values(Some(values.iter().map(|(n, _, _)| *n)))
        .description(Some(description))
        .extensions(Some(ExtensionsBuilder::new().add("x-enum-varnames", names).build()))
        .into()
}

/// `numbered!(OrderStatus, i32, Integer, id, from_id, name, "an order status")` makes a fieldless
/// enum with `ALL` and the three methods named (its number, back from a number, its name in the API
/// document's description) a column type (`$int` in a column of `$column`) and a wire type (its
/// number; any other number is refused).
#[macro_export]
macro_rules! numbered {
    (
        $t:ident, $int:ident, $column:ident, $number:ident, $from:ident, $shown:ident,
        $what:literal
    ) => {
        impl From<$t> for sea_orm::Value {
            fn from(v: $t) -> sea_orm::Value {
                sea_orm::Value::from(v.$number())
            }
        }

        impl sea_orm::sea_query::Nullable for $t {
            fn null() -> sea_orm::Value {
                <$int as sea_orm::sea_query::Nullable>::null()
            }
        }

        impl sea_orm::sea_query::ValueType for $t {
            fn try_from(v: sea_orm::Value) -> Result<Self, sea_orm::sea_query::ValueTypeErr> {
                let n = <$int as sea_orm::sea_query::ValueType>::try_from(v)?;
                $t::$from(n).ok_or(sea_orm::sea_query::ValueTypeErr)
            }

            fn type_name() -> String {
                stringify!($t).to_owned()
            }

            fn array_type() -> sea_orm::sea_query::ArrayType {
                <$int as sea_orm::sea_query::ValueType>::array_type()
            }

            fn column_type() -> sea_orm::sea_query::ColumnType {
                sea_orm::sea_query::ColumnType::$column
            }
        }

        impl sea_orm::TryGetable for $t {
            fn try_get_by<I: sea_orm::ColIdx>(
                res: &sea_orm::QueryResult,
                column: I,
            ) -> Result<Self, sea_orm::TryGetError> {
                let n = <$int as sea_orm::TryGetable>::try_get_by(res, column)?;
                $t::$from(n).ok_or_else(|| {
                    sea_orm::TryGetError::DbErr($crate::numbered::unknown_stored(
                        res,
                        column,
                        i64::from(n),
                        $what,
                    ))
                })
            }
        }

        impl sea_orm::IntoActiveValue<$t> for $t {
            fn into_active_value(self) -> sea_orm::ActiveValue<$t> {
                sea_orm::ActiveValue::set(self)
            }
        }

        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&self.$number(), serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let n = <$int as serde::Deserialize>::deserialize(deserializer)?;
                $t::$from(n)
                    .ok_or_else(|| serde::de::Error::custom(format!("{n} is not {}", $what)))
            }
        }

        impl utoipa::PartialSchema for $t {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                let values =
                    $t::ALL.map(|v| (i64::from(v.$number()), format!("{v:?}"), v.$shown()));
                $crate::numbered::integer_enum_schema(&values)
            }
        }

        impl utoipa::ToSchema for $t {}
    };
}

#[cfg(test)]
mod tests {
    use crate::status::OrderStatus;
    use sea_orm::{ConnectionTrait, Database, DbBackend, FromQueryResult, Statement};

    #[derive(Debug, FromQueryResult)]
    struct Row {
        #[allow(dead_code)]
        id: i64,
        status_id: OrderStatus,
    }

    async fn read(sql: &str) -> Result<Vec<Row>, sea_orm::DbErr> {
        let db = Database::connect("sqlite::memory:").await.unwrap();
        db.execute_unprepared("CREATE TABLE t (id INTEGER, status_id INTEGER)").await.unwrap();
        db.execute_unprepared(sql).await.unwrap();
        let select = Statement::from_string(DbBackend::Sqlite, "SELECT id, status_id FROM t");
        Row::find_by_statement(select).all(&db).await
    }

    #[tokio::test]
    async fn a_stored_number_reads_back_as_its_variant() {
        let rows = read("INSERT INTO t VALUES (1, 14)").await.unwrap();
        assert_eq!(rows[0].status_id, OrderStatus::InReview);
    }

    #[tokio::test]
    async fn an_unknown_stored_number_is_an_error_naming_the_row() {
        let error = read("INSERT INTO t VALUES (7, 99)").await.unwrap_err().to_string();
        assert!(error.contains("row 7") && error.contains("holds 99"), "{error}");
        assert!(error.contains("not an order status"), "{error}");
    }

    #[test]
    fn the_schema_names_each_value() {
        let schema =
            serde_json::to_value(<OrderStatus as utoipa::PartialSchema>::schema()).unwrap();
        assert_eq!(schema["enum"][13], 14);
        assert_eq!(schema["x-enum-varnames"][13], "InReview");
    }
}
