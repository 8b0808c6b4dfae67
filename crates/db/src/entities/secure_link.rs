use sea_orm::entity::prelude::*;

/// A secure message staff sent to an appraiser about an order.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "secure_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub order_id: Option<i64>,
    pub usa_file_number: String,
    pub recipient_user_id: i32,
    pub recipient_email: String,
    pub sender_name: String,
    pub sender_email: String,
    pub subject: String,
    pub message: String,
    pub sent_at: DateTimeUtc,
    /// Set once, the first time the recipient opens the link.
    pub viewed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
