use sea_orm::entity::prelude::*;

/// A staff-only note on an order: never shown or sent to appraisers, their firms or clients.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_notes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub author_user_id: i32,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
