use sea_orm::entity::prelude::*;

/// A product an order asks for; a desktop report needs no inspection.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "report_types")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i32,
    pub product_description: String,
    pub is_desktop: bool,
    /// What the company usually pays an appraiser for this product.
    pub default_fee_cents: Option<i64>,
    /// What a client without a price of its own is charged for this product.
    pub client_fee_cents: Option<i64>,
    /// The borrower pays for orders of this product by card before they are assigned.
    pub borrower_pays: bool,
    /// Upload Report needs the appraisal data file with the report.
    pub data_file_required: bool,
    /// Business days from the order to its due date (None: no rule, staff set the date).
    pub turn_business_days: Option<i32>,
    /// Business days of the rush variant.
    pub rush_business_days: Option<i32>,
    /// What the client pays on top for a rush order.
    pub rush_fee_cents: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
