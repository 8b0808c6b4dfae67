use sea_orm::entity::prelude::*;

/// A message on an order. `to_appraiser` messages count as unread for the appraiser until
/// `read_at`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub message_type: String,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    pub from_user_id: Option<i32>,
    pub from_first_name: String,
    pub from_last_name: String,
    pub to_appraiser: bool,
    pub created_at: DateTimeUtc,
    pub read_at: Option<DateTimeUtc>,
    pub hide: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
