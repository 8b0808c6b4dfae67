use sea_orm::entity::prelude::*;

/// A reconsideration of value: asked by the borrower (from the copy link) or the lender, reviewed
/// by the lender's side, sent to the appraiser, answered and resolved. Lists are JSON text.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "reconsiderations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub client_id: Option<i32>,
    /// `borrower` or `lender`.
    pub initiated_by: String,
    /// `requested`, `reviewed`, `sent`, `answered` or `resolved`.
    pub status: String,
    #[sea_orm(column_type = "Text")]
    pub basis: String,
    #[sea_orm(column_type = "Text")]
    pub deficiencies: String,
    #[sea_orm(column_type = "Text")]
    pub comparables: String,
    pub borrower_name: String,
    pub property_address: String,
    pub effective_date: Option<Date>,
    pub appraiser_name: Option<String>,
    pub request_date: Date,
    pub requested_by: Option<i32>,
    pub requester: String,
    /// Text pressing for a value (or the borrower's contact details) was held back.
    pub value_pressure: bool,
    #[sea_orm(column_type = "Text")]
    pub withheld: String,
    pub due_date: Date,
    #[sea_orm(column_type = "Text", nullable)]
    pub sent_text: Option<String>,
    pub answer_outcome: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub commentary: Option<String>,
    pub revised_file_id: Option<i64>,
    pub outcome: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
