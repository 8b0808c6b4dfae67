use sea_orm::entity::prelude::*;

/// The lender or company that ordered the work.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "clients")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub company_name: String,
    pub office_address_line: Option<String>,
    pub main_contact_name: Option<String>,
    pub main_contact_email: Option<String>,
    pub main_contact_phone: Option<String>,
    /// Where invoices go (else the main contact).
    pub billing_email: Option<String>,
    /// Days the client has to pay an invoice.
    pub payment_terms_days: i32,
    /// The borrower pays for this client's orders by card before they are assigned.
    pub borrower_pays: bool,
    /// The client's own assignment policy (None: the company's).
    pub assignment_mode: Option<String>,
    pub offer_hours: Option<i32>,
    pub broadcast_size: Option<i32>,
    /// Borrowers may ask for a reconsideration of value from the copy link.
    pub borrower_rov_offered: bool,
    /// Business days the client gives a reconsideration of value.
    pub rov_turn_time_days: i32,
    /// People with a verified e-mail address of this domain may sign in with single sign-on and
    /// join the client as viewers.
    pub sso_domain: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
