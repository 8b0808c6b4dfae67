//! A client places an order, in the portal or through the API: the same form, the same rules. The
//! order is born through the kernel's front door (`kernel::orders::life::create`), unassigned
//! ("default") with its source, and everything that follows a new order reacts to it there.
use chrono::{NaiveDate, Utc};
use portal_db::entities::{client, client_order, order, order_contact, report_type};
use sea_orm::{DatabaseTransaction, EntityTrait, IntoActiveModel, NotSet, Set};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::features::assignment::turn_time;
use crate::features::billing::prices::list_fee;
use crate::kernel::clients::{ClientSeat, order_people};
use crate::kernel::orders::client_events::Source;
use crate::kernel::orders::contacts::{self, ContactFields, ContactInput};
use crate::kernel::orders::details::empty_detail;
use crate::kernel::orders::life::{self, NewOrder};
use crate::kernel::orders::placing::{Property, check_kind, check_property, optional_due_date};
use crate::platform::delivery::html_escape;
use crate::platform::fields::{
    Field, MAX_LINE, invalid, named, optional, optional_email, optional_phone, required,
};
use crate::platform::geocoder::{Address, Position};
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::state::AppState;

const MAX_NOTES: usize = 5000;

/// A new order from a client. Required: the property (address, city, state, ZIP, county), property
/// type, intended use, product, borrower name and requested due date.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOrderForm {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 200,
        pattern = "\\S"
    )]
    pub property_address_line1: Option<String>,
    #[schema(max_length = 200)]
    pub property_address_line2: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 100,
        pattern = "\\S"
    )]
    pub property_city: Option<String>,
    /// Two-letter state code.
    #[schema(required = true, value_type = String, pattern = "^[A-Za-z]{2}$")]
    pub property_state_code: Option<String>,
    /// Five digits.
    #[schema(required = true, value_type = String, pattern = "^[0-9]{5}$")]
    pub property_zip: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 100,
        pattern = "\\S"
    )]
    pub property_county: Option<String>,
    /// From `/api/constants/property-types`.
    #[schema(required = true, value_type = i32)]
    pub property_type_id: Option<i32>,
    /// From `/api/constants/intended-uses`.
    #[schema(required = true, value_type = i32)]
    pub intended_use_id: Option<i32>,
    /// The report product (a report type id).
    #[schema(required = true, value_type = i32)]
    pub product_id: Option<i32>,
    #[schema(max_length = 30)]
    pub loan_number: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 200,
        pattern = "\\S"
    )]
    pub borrower_name: Option<String>,
    #[schema(format = Email, max_length = 200)]
    pub borrower_email: Option<String>,
    pub borrower_phone: Option<String>,
    /// Optional; three digits, a dash, seven digits (123-1234567).
    #[schema(pattern = "^([0-9]{3}-[0-9]{7})?$")]
    pub fha_case_number: Option<String>,
    /// yyyy-mm-dd, today or later. Left out, the product's turn time gives it (required when
    /// the product has none); a date sooner than the turn time makes the order rush.
    #[schema(value_type = Option<String>, format = Date)]
    pub requested_due_date: Option<String>,
    /// yyyy-mm-dd, today or later: when the loan is expected to close (the borrower's copy and
    /// a reconsideration of value are due before it).
    #[schema(value_type = Option<String>, format = Date)]
    pub closing_date: Option<String>,
    /// Plain text, at most 5,000 characters.
    #[schema(max_length = 5000)]
    pub notes: Option<String>,
    /// The lender's branch (`/api/client/branches`); left out, the placing user's own. A branch
    /// manager or processor places for their own branch only.
    pub branch_id: Option<i32>,
    /// The loan officer the order is for (`/api/client/loan-officers`); left out, the placing user
    /// when they are a loan officer.
    pub loan_officer_id: Option<i32>,
    /// Other people to reach (a co-borrower, the agents, who gives access), at most nine beside
    /// the borrower the fields above name.
    #[serde(default)]
    #[schema(max_items = 9)]
    pub contacts: Vec<ContactInput>,
}

/// A client's order form that passed every rule.
#[derive(Debug)]
pub struct ValidNewOrder {
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub state_code: String,
    pub zip: String,
    pub county: String,
    pub property_type: &'static str,
    pub intended_use: &'static str,
    pub product_id: i32,
    pub loan_number: Option<String>,
    pub borrower_name: String,
    pub borrower_email: Option<String>,
    pub borrower_phone: Option<String>,
    pub fha_case_number: Option<String>,
    /// None: the product's turn-time rule gives the date.
    pub requested_due: Option<NaiveDate>,
    pub closing: Option<NaiveDate>,
    pub notes: Option<String>,
    pub branch_id: Option<i32>,
    pub loan_officer_id: Option<i32>,
    pub contacts: Vec<order_contact::ActiveModel>,
}

const PRODUCT: Field = named("productId", "Product");
const REQUESTED_DUE: Field = named("requestedDueDate", "Requested due date");

fn check_fha_case_number(value: Option<&str>) -> AppResult<Option<String>> {
    let field = named("fhaCaseNumber", "FHA case number");
    let Some(text) = optional(field, value, 11)? else { return Ok(None) };
    let b = text.as_bytes();
    let well_formed = b.len() == 11
        && b[3] == b'-'
        && b.iter().enumerate().all(|(i, c)| i == 3 || c.is_ascii_digit());
    if !well_formed {
        return Err(field.refuse(format!(
            "FHA case number must be three digits, a dash and seven digits, e.g. 123-1234567 \
             (got '{text}')."
        )));
    }
    Ok(Some(text))
}

/// The rules that need no database (`today` is the company's date).
pub fn check(form: &NewOrderForm, today: NaiveDate) -> AppResult<ValidNewOrder> {
    let property = check_property(
        form.property_address_line1.as_deref(),
        form.property_city.as_deref(),
        form.property_state_code.as_deref(),
        form.property_zip.as_deref(),
        form.property_county.as_deref(),
    )?;
    let (property_type, intended_use) = check_kind(form.property_type_id, form.intended_use_id)?;
    Ok(ValidNewOrder {
        line1: property.line1,
        line2: optional(
            named("propertyAddressLine2", "Property address line 2"),
            form.property_address_line2.as_deref(),
            MAX_LINE,
        )?,
        city: property.city,
        state_code: property.state_code,
        zip: property.zip,
        county: property.county,
        property_type,
        intended_use,
        product_id: form.product_id.ok_or_else(|| PRODUCT.refuse("Product is required.".into()))?,
        loan_number: optional(named("loanNumber", "Loan number"), form.loan_number.as_deref(), 30)?,
        borrower_name: required(
            named("borrowerName", "Borrower name"),
            form.borrower_name.as_deref(),
            MAX_LINE,
        )?,
        borrower_email: optional_email(
            named("borrowerEmail", "Borrower e-mail"),
            form.borrower_email.as_deref(),
        )?,
        borrower_phone: optional_phone(
            named("borrowerPhone", "Borrower phone"),
            form.borrower_phone.as_deref(),
        )?,
        fha_case_number: check_fha_case_number(form.fha_case_number.as_deref())?,
        requested_due: optional_due_date(REQUESTED_DUE, form.requested_due_date.as_deref(), today)?,
        closing: optional_due_date(
            named("closingDate", "Closing date"),
            form.closing_date.as_deref(),
            today,
        )?,
        notes: optional(named("notes", "Notes"), form.notes.as_deref(), MAX_NOTES)?,
        branch_id: form.branch_id,
        loan_officer_id: form.loan_officer_id,
        contacts: check_contacts(&form.contacts)?,
    })
}

/// The contacts beside the borrower: at most nine, so that the order has at most ten.
fn check_contacts(contacts: &[ContactInput]) -> AppResult<Vec<order_contact::ActiveModel>> {
    if contacts.len() >= contacts::MAX_CONTACTS {
        return Err(named("contacts", "Contacts").refuse(format!(
            "An order can have at most {} contacts beside the borrower.",
            contacts::MAX_CONTACTS - 1
        )));
    }
    contacts::check(contacts.iter().map(ContactFields::from))
}

/// Where the property is (before any transaction: it may ask an address service).
pub async fn locate(state: &AppState, v: &ValidNewOrder) -> Option<Position> {
    let address =
        Address { line1: &v.line1, city: &v.city, state_code: &v.state_code, zip: &v.zip };
    state.geocoder.locate(address).await
}

/// Who placed the order: a client user in the portal, or an API key (its prefix).
pub enum PlacedBy<'a> {
    User(&'a portal_db::entities::security_user::Model),
    ApiKey(&'a str),
}

/// Writes the order inside `txn` (the caller commits): the order, its detail, the borrower
/// contact, the client row, history, the orders-team e-mail, the live update and the client event.
pub async fn place_order(
    txn: &DatabaseTransaction,
    state: &AppState,
    seat: &ClientSeat,
    placed_by: PlacedBy<'_>,
    v: &ValidNewOrder,
    position: Option<Position>,
) -> AppResult<order::Model> {
    let client_id = seat.client_id;
    let (branch_id, loan_officer_id) =
        order_people(txn, seat, v.branch_id, v.loan_officer_id).await?;
    let client = client::Entity::find_by_id(client_id)
        .one(txn)
        .await?
        .ok_or_else(|| invalid("This client no longer exists."))?;
    let product = report_type::Entity::find_by_id(v.product_id)
        .one(txn)
        .await?
        .ok_or_else(|| PRODUCT.refuse(format!("Product {} does not exist.", v.product_id)))?;
    let today = state.config.today().map_err(AppError::Internal)?;
    let rule = turn_time::rule_for(txn, &[product.id], &v.state_code).await?;
    let due = turn_time::settle(rule, today, v.requested_due)
        .ok_or_else(|| REQUESTED_DUE.refuse("Requested due date is required.".into()))?;
    let mut detail = empty_detail(0).into_active_model();
    detail.fha_case_id = Set(v.fha_case_number.clone());
    detail.property_type = Set(Some(v.property_type.into()));
    detail.intended_use = Set(Some(v.intended_use.into()));
    detail.report_type1_id = Set(Some(product.id));
    detail.appraiser_fee_cents = Set(product.default_fee_cents);
    let listed = list_fee(txn, client_id, &[product.id]).await?;
    detail.client_fee_cents = Set(listed.map(|cents| cents + due.rush_fee_cents));
    detail.rush = Set(due.rush);
    detail.property_address_line2 = Set(v.line2.clone());
    detail.estimated_closing_date = Set(v.closing);
    detail.notes_html = Set(v
        .notes
        .as_deref()
        .map(|text| format!("<p>{}</p>", html_escape(text).replace('\n', "<br>"))));
    let borrower = order_contact::ActiveModel {
        id: NotSet,
        order_id: NotSet,
        name: Set(v.borrower_name.clone()),
        email: Set(v.borrower_email.clone()),
        cell_phone: Set(v.borrower_phone.clone()),
        work_phone: Set(None),
        home_phone: Set(None),
        contact_type: Set("BORROWER".into()),
        notes: Set(None),
    };
    let (source, user_id, who) = match placed_by {
        PlacedBy::User(u) => (
            Source::ClientPortal,
            Some(u.id),
            format!(
                "{} of {} through the client portal",
                crate::platform::names::full_name(u),
                client.company_name
            ),
        ),
        PlacedBy::ApiKey(prefix) => {
            (Source::Api, None, format!("{} through the API (key {prefix})", client.company_name))
        }
    };
    let client_row = client_order::ActiveModel {
        order_id: NotSet,
        client_id: Set(client_id),
        source: Set(source.name().into()),
        placed_by_user_id: Set(user_id),
        requested_due_date: Set(v.requested_due),
        cancel_reason: Set(None),
        cancel_requested_at: Set(None),
        updated_at: Set(Utc::now()),
        delivered_at: Set(None),
        branch_id: Set(branch_id),
        loan_officer_id: Set(loan_officer_id),
    };
    let history = [Some(format!("Order placed by {who}.")), due.note(None)]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let new = NewOrder {
        client_id: Some(client_id),
        source,
        property: Property {
            line1: v.line1.clone(),
            city: v.city.clone(),
            state_code: v.state_code.clone(),
            zip: v.zip.clone(),
            county: v.county.clone(),
        },
        position,
        loan_number: v.loan_number.clone(),
        borrower_name: v.borrower_name.clone(),
        appraiser: None,
        appraiser_due: Some(due.date),
        inspection_due: None,
        is_desktop: product.is_desktop,
        detail,
        contacts: std::iter::once(borrower).chain(v.contacts.iter().cloned()).collect(),
        client_row: Some(client_row),
        actor: user_id,
        placed_by: who,
        history,
        ip: None,
    };
    let created = life::create(txn, &state.config, new).await?;
    Ok(created)
}
