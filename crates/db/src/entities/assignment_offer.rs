use sea_orm::entity::prelude::*;

/// An order offered to an appraiser by a decision: open until accepted, declined, expired or
/// closed (another took it, or staff did).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "assignment_offers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub decision_id: i64,
    /// Security user id.
    pub appraiser_id: i32,
    pub offered_at: DateTimeUtc,
    pub expires_at: Option<DateTimeUtc>,
    /// open, accepted, declined, expired or closed.
    pub status: String,
    pub closed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
