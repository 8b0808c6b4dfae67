use sea_orm::entity::prelude::*;

/// A correction of an issued invoice: the amount it takes off, and why.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "credit_notes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// CN-yyyy-nnnnnn
    #[sea_orm(unique)]
    pub number: String,
    pub invoice_id: i64,
    pub amount_cents: i64,
    pub reason: String,
    pub issued_on: Date,
    pub issued_by: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
