use sea_orm::entity::prelude::*;

/// A quote request staff send to one or more appraisers. Money is kept in cents.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "quotes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub loan_id: Option<String>,
    pub property_address_line1: String,
    pub property_city: String,
    pub property_state_code: String,
    pub property_zip_code: String,
    pub property_county: Option<String>,
    pub property_type: String,
    pub intended_use: String,
    pub report_type: Option<String>,
    pub appraiser_fee_cents: Option<i64>,
    pub due_date: Option<Date>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub client_id: Option<i32>,
    pub created_at: DateTimeUtc,
    /// Set when staff close the request; nobody can answer it after that.
    pub closed_at: Option<DateTimeUtc>,
    /// The recipient staff gave the work to, and the order it became.
    pub awarded_appraiser_id: Option<i32>,
    pub order_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::client::Entity",
        from = "Column::ClientId",
        to = "super::client::Column::Id"
    )]
    Client,
    #[sea_orm(has_many = "super::quote_recipient::Entity")]
    Recipients,
}

impl Related<super::client::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Client.def()
    }
}

impl Related<super::quote_recipient::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Recipients.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
