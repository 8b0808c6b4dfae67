use sea_orm::entity::prelude::*;

/// The figures of one order that the insights read, rewritten from the order, its detail and its
/// history at every order event. Days are in the company's time zone; turn times are business
/// days less the days on hold or waiting for the company.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_insights")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
    pub client_id: Option<i32>,
    /// The order's first product.
    pub product_id: Option<i32>,
    pub state_code: String,
    pub firm_id: Option<i32>,
    pub appraiser_id: Option<i32>,
    pub status: i32,
    /// When the order took its current status.
    pub status_since: DateTimeUtc,
    pub open: bool,
    pub received_on: Date,
    pub first_report_on: Option<Date>,
    pub delivered_on: Option<Date>,
    pub cancelled_on: Option<Date>,
    /// Business days from the order to its first report.
    pub report_days: Option<i32>,
    /// Business days from the order to its delivery.
    pub delivery_days: Option<i32>,
    /// The first report came in by the appraiser due date (null without either).
    pub on_time: Option<bool>,
    /// Revision requests, by the company or the lender.
    pub revisions: i32,
    pub reconsiderations: i32,
    /// The report had a fair-language finding.
    pub fair_language: bool,
    pub revenue_cents: Option<i64>,
    pub cost_cents: Option<i64>,
    /// The last day to pay the appraiser, once the pay-by clock has started.
    pub pay_by_on: Option<Date>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
