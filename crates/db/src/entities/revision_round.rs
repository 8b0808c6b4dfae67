use sea_orm::entity::prelude::*;

/// One revision request of an order (rounds count from 1); answered when the appraiser uploads
/// the revised report with an answer to each item.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "revision_rounds")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub round: i32,
    pub message: Option<String>,
    pub requested_by: i32,
    pub requested_at: DateTimeUtc,
    pub answered_by: Option<i32>,
    pub answered_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
