use sea_orm::entity::prelude::*;

/// A client's webhook receiver: its URL, the event types it wants (comma-separated; empty: all) and
/// its signing secret (`whsec_...`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_endpoints")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub client_id: i32,
    pub url: String,
    #[sea_orm(column_type = "Text")]
    pub event_types: String,
    pub secret: String,
    pub created_by_user_id: Option<i32>,
    pub created_at: DateTimeUtc,
    pub failing_since: Option<DateTimeUtc>,
    pub disabled_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
