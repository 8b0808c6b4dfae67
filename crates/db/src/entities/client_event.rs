use sea_orm::entity::prelude::*;

/// Something that happened to a client's order, written in the transaction of the change: the
/// client's event log (`/api/v1/events`) and the source of its webhooks. `payload` is the JSON
/// `data` of the event.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "client_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub client_id: i32,
    pub order_id: Option<i64>,
    pub event_type: String,
    #[sea_orm(column_type = "Text")]
    pub payload: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
