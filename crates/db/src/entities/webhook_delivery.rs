use sea_orm::entity::prelude::*;

/// One event to one endpoint: attempted until delivered or given up.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_deliveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub endpoint_id: i32,
    pub event_id: i64,
    pub attempts: i32,
    pub next_attempt_at: Option<DateTimeUtc>,
    pub locked_until: Option<DateTimeUtc>,
    pub delivered_at: Option<DateTimeUtc>,
    pub given_up_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
