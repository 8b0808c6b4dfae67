use sea_orm::entity::prelude::*;

/// One entry of an order's status history; `hide` entries are never sent to appraisers.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_histories")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub status_id: crate::status::OrderStatus,
    #[sea_orm(column_type = "Text", nullable)]
    pub message_html: Option<String>,
    pub created_at: DateTimeUtc,
    pub actor_user_id: Option<i32>,
    pub hide: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
