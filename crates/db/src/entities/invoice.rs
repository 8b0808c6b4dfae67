use sea_orm::entity::prelude::*;

/// The invoice issued to the client when an order is delivered; never edited (credit notes correct
/// it).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "invoices")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// INV-yyyy-nnnnnn
    #[sea_orm(unique)]
    pub number: String,
    #[sea_orm(unique)]
    pub order_id: i64,
    pub client_id: i32,
    pub amount_cents: i64,
    pub issued_on: Date,
    /// The issue date plus the client's payment terms.
    pub due_on: Date,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
