use sea_orm::entity::prelude::*;

/// The fields of an order that only its detail page and printout need (one row per order).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "order_details")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
    pub fha_case_id: Option<String>,
    pub property_type: Option<String>,
    pub intended_use: Option<String>,
    pub report_type1_id: Option<i32>,
    pub report_type2_id: Option<i32>,
    pub report_type3_id: Option<i32>,
    pub report_type4_id: Option<i32>,
    pub appraiser_fee_cents: Option<i64>,
    /// What the client is charged (set from its price list at creation, editable before delivery).
    pub client_fee_cents: Option<i64>,
    pub tech_fee_cents: Option<i64>,
    pub purchase_price_cents: Option<i64>,
    #[sea_orm(column_type = "Text", nullable)]
    pub notes_html: Option<String>,
    pub estimated_delivery_date: Option<Date>,
    pub estimated_closing_date: Option<Date>,
    pub was_previously_scheduled: bool,
    /// Staff asked "is this order on time?" and the appraiser has not answered yet.
    pub on_time_inquiry_open: bool,
    pub year_built: Option<i32>,
    pub living_area: Option<i32>,
    pub lot_area: Option<i32>,
    pub county_use: Option<String>,
    pub assessed_value_cents: Option<i64>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// The position is the ZIP code's centre, not the building's.
    pub location_approximate: bool,
    pub requires_env: bool,
    pub amc_license: Option<String>,
    pub property_address_line2: Option<String>,
    /// The fee and due date an appraiser's conditions ask for, until staff approve or decline them.
    pub proposed_fee_cents: Option<i64>,
    pub proposed_due_date: Option<Date>,
    /// The status the order had when it was put on hold (resuming returns to it).
    pub status_before_hold: Option<i32>,
    /// The end of the scheduled inspection appointment (its start is the order's inspection date).
    pub appointment_end_at: Option<DateTimeUtc>,
    /// Due sooner than the products' turn time allows.
    pub rush: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl Model {
    /// The products the order asks for, in order (at most four).
    pub fn products(&self) -> Vec<i32> {
        [self.report_type1_id, self.report_type2_id, self.report_type3_id, self.report_type4_id]
            .into_iter()
            .flatten()
            .collect()
    }
}

impl ActiveModelBehavior for ActiveModel {}
