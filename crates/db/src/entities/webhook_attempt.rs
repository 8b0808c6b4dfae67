use sea_orm::entity::prelude::*;

/// One try of a delivery: the receiver's status code (none when it could not be reached) and how
/// long it took.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub delivery_id: i64,
    pub attempted_at: DateTimeUtc,
    pub status_code: Option<i32>,
    pub duration_ms: i32,
    #[sea_orm(column_type = "Text", nullable)]
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
