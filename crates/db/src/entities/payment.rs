use sea_orm::entity::prelude::*;

/// A payment made to an appraiser for an order. Money is kept in cents.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub appraiser_user_id: i32,
    pub order_id: Option<i64>,
    pub usa_file_number: String,
    pub address: String,
    pub borrower: String,
    pub amount_cents: i64,
    pub payment_date: Date,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
