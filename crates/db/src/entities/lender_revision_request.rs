use sea_orm::entity::prelude::*;

/// A lender's revision request of a delivered report; `items` is JSON ([{reference, text}]).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "lender_revision_requests")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    #[sea_orm(column_type = "Text")]
    pub items: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub message: Option<String>,
    pub requested_by: Option<i32>,
    pub requester: String,
    pub created_at: DateTimeUtc,
    pub forwarded_at: Option<DateTimeUtc>,
    pub forwarded_by: Option<i32>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
