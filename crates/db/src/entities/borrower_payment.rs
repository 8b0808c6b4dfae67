use sea_orm::entity::prelude::*;

/// A payment link sent to an order's borrower, and what became of it: `pending` (sent),
/// `paid`, `refunded` (the order was cancelled after payment) or `replaced` (a newer link was
/// sent). The card is entered on the payment provider's page and never reaches the portal.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "borrower_payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub email: String,
    pub amount_cents: i64,
    pub status: String,
    /// The provider's checkout session while the borrower is on its page.
    #[sea_orm(unique)]
    pub session_id: Option<String>,
    /// The provider's id of the approved payment (what a refund names).
    pub provider_ref: Option<String>,
    pub sent_by: Option<i32>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub paid_at: Option<DateTimeUtc>,
    pub refunded_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
