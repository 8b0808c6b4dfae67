use sea_orm::entity::prelude::*;

/// Money a lender paid against an invoice (the whole balance or part of it).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invoice_payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub invoice_id: i64,
    pub amount_cents: i64,
    /// check, ach, wire or card
    pub method: String,
    pub reference: Option<String>,
    pub received_on: Date,
    pub recorded_by: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
