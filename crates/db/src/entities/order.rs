use sea_orm::entity::prelude::*;

/// An appraisal order. `assigned_company_id` is the firm of the assigned appraiser, kept with
/// the assignment so that a firm's administrator sees the firm's orders in one indexed filter.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub file_number: String,
    pub loan_number: Option<String>,
    pub borrower_name: String,
    pub property_address_line1: String,
    pub property_city: String,
    pub property_state_code: String,
    pub property_zip: String,
    pub property_county: Option<String>,
    pub client_id: Option<i32>,
    pub status_id: crate::status::OrderStatus,
    pub assigned_appraiser_id: Option<i32>,
    pub assigned_company_id: Option<i32>,
    pub created_at: DateTimeUtc,
    pub assignment_actual_date: Option<DateTimeUtc>,
    pub accepted_at: Option<DateTimeUtc>,
    pub inspection_actual_date: Option<DateTimeUtc>,
    pub inspection_due_date: Option<Date>,
    pub appraiser_due_date: Option<Date>,
    pub is_desktop: bool,
    pub appraiser_unread_messages: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl Model {
    /// "12 Oak St, Austin, TX 78701".
    pub fn property_address(&self) -> String {
        format!(
            "{}, {}, {} {}",
            self.property_address_line1,
            self.property_city,
            self.property_state_code,
            self.property_zip
        )
    }
}

impl ActiveModelBehavior for ActiveModel {}
