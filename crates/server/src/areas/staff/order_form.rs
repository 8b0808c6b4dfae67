//! The order form: staff create an order (POST /api/staff/orders) and correct an open one
//! (PUT /api/staff/orders/{id}), with the same rules. A new order has no appraiser yet: it waits
//! in "default" until staff assign it.
use axum::http::StatusCode;
use chrono::{NaiveDate, Utc};
use portal_db::entities::{
    client, client_order, order, order_alert, order_contact, order_detail, report_type,
    security_user,
};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, IntoActiveModel, NotSet,
    QueryFilter, Set,
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::assignment::turn_time::{self, Due};
use crate::features::billing::prices::list_fee;
use crate::kernel::clients::{ClientSeat, order_people};
use crate::kernel::orders::action_requests::date_label;
use crate::kernel::orders::apply::MSG_CHANGED;
use crate::kernel::orders::client_events::{self, Source};
use crate::kernel::orders::contacts::{self, ContactFields};
use crate::kernel::orders::details::{empty_detail, one_line_address, sanitize_html};
use crate::kernel::orders::life::{self, NewOrder};
use crate::kernel::orders::placing::{
    Property, check_kind, check_property, optional_due_date, place, write_history,
};
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn, OrderId};
use crate::platform::fields::optional_text;
use crate::platform::fields::{
    Field, MAX_LINE, invalid, named, optional, optional_amount, optional_date, positive_fee,
    required,
};
use crate::platform::geocoder::{Address, Position};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppError, AppResult, ChangeWithInputAnswers, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::live;
use crate::platform::money::{Amount, Cents};
use crate::platform::names::full_name;
use crate::platform::notifications::{Event, Notice, notify};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_order)).routes(routes!(update_order))
}

const MAX_ALERTS: usize = 10;
const MAX_ALERT: usize = 500;
const MAX_NOTES: usize = 20_000;
/// Purchase prices run higher than fees: up to $100,000,000.00.
const MAX_PRICE_CENTS: i64 = 10_000_000_000;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderContactForm {
    pub name: Option<String>,
    /// One of BORROWER, CO_BORROWER, PROPERTY_CONTACT, LOAN_OFFICER, REALTOR, OWNER, TENANT,
    /// BUYER_AGENT, SELLER_AGENT, ACCESS, OTHER (`role`, in any case, is taken too).
    #[serde(rename = "type", alias = "role")]
    pub contact_type: Option<String>,
    pub email: Option<String>,
    /// `phone` is taken too.
    #[serde(alias = "phone")]
    pub cell_phone: Option<String>,
    pub work_phone: Option<String>,
    pub home_phone: Option<String>,
    /// At most 1,000 characters.
    pub notes: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderForm {
    #[schema(required = true, value_type = i32)]
    pub client_id: Option<i32>,
    pub loan_number: Option<String>,
    pub fha_case_id: Option<String>,
    #[schema(required = true, value_type = String)]
    pub borrower_name: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_address_line1: Option<String>,
    pub property_address_line2: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_city: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_state_code: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_zip: Option<String>,
    #[schema(required = true, value_type = String)]
    pub property_county: Option<String>,
    #[schema(required = true, value_type = i32)]
    pub property_type_id: Option<i32>,
    #[schema(required = true, value_type = i32)]
    pub intended_use_id: Option<i32>,
    /// 1 to 4 report products; the first is the main one (a desktop product needs no inspection).
    #[serde(default)]
    pub report_type_ids: Vec<i32>,
    /// Dollars, as a number or a string.
    #[schema(required = true)]
    #[serde(default)]
    pub appraiser_fee: Amount,
    /// What the client is charged, in whole cents. Left out, a new order takes it from the
    /// client's price list and a correction keeps the order's.
    #[schema(minimum = 0, maximum = 100_000_000)]
    pub client_fee_cents: Option<i64>,
    #[serde(default)]
    pub tech_fee: Amount,
    #[serde(default)]
    pub purchase_price: Amount,
    /// yyyy-mm-dd. A new order may leave it out when its products have a turn-time rule.
    pub appraiser_due_date: Option<String>,
    /// Why a new order is due on another date than its turn-time rule gives (required then).
    #[schema(max_length = 4000)]
    pub due_date_reason: Option<String>,
    pub inspection_due_date: Option<String>,
    /// yyyy-mm-dd; `closingDate` is taken too, as the client portal and the public API name it.
    #[serde(alias = "closingDate")]
    pub estimated_closing_date: Option<String>,
    /// HTML; sanitised before it is stored.
    pub notes_and_special_instructions: Option<String>,
    /// One of the client's branches (left out: unchanged, none on a new order).
    pub branch_id: Option<i32>,
    /// One of the client's users the order is for (left out: unchanged, none on a new order).
    pub loan_officer_id: Option<i32>,
    #[serde(default)]
    pub contacts: Vec<OrderContactForm>,
    /// Banners shown on the order page (at most 10, each at most 500 characters).
    #[serde(default)]
    pub alerts: Vec<String>,
    /// Property details: year built, living and lot area (square feet), county use, assessed value
    /// (dollars). Each optional.
    pub year_built: Option<i32>,
    pub living_area: Option<i32>,
    pub lot_area: Option<i32>,
    pub county_use: Option<String>,
    #[serde(default)]
    pub assessed_value: Amount,
}

/// An order form that passed every rule.
#[derive(Debug)]
pub struct ValidOrder {
    pub client_id: i32,
    pub branch_id: Option<i32>,
    pub loan_officer_id: Option<i32>,
    pub loan_number: Option<String>,
    pub fha_case_id: Option<String>,
    pub borrower_name: String,
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub state_code: String,
    pub zip: String,
    pub county: String,
    pub property_type: &'static str,
    pub intended_use: &'static str,
    pub report_type_ids: Vec<i32>,
    pub appraiser_fee_cents: i64,
    pub client_fee_cents: Option<i64>,
    pub tech_fee_cents: Option<i64>,
    pub purchase_price_cents: Option<i64>,
    /// None on a new order that takes its turn-time rule's date.
    pub appraiser_due: Option<NaiveDate>,
    pub due_date_reason: Option<String>,
    pub inspection_due: Option<NaiveDate>,
    pub closing: Option<NaiveDate>,
    pub notes_html: Option<String>,
    pub contacts: Vec<order_contact::ActiveModel>,
    pub alerts: Vec<String>,
    pub details: PropertyDetails,
}

/// The property's facts the order page shows beside its map.
#[derive(Debug, Default, PartialEq)]
pub struct PropertyDetails {
    pub year_built: Option<i32>,
    pub living_area: Option<i32>,
    pub lot_area: Option<i32>,
    pub county_use: Option<String>,
    pub assessed_value_cents: Option<i64>,
}

const APPRAISER_DUE: Field = named("appraiserDueDate", "Appraiser due date");

fn missing_due_date() -> AppError {
    APPRAISER_DUE.refuse("Appraiser due date is required.".into())
}

fn check_inspection_due(
    inspection: Option<NaiveDate>,
    appraiser: Option<NaiveDate>,
) -> AppResult<()> {
    if inspection.zip(appraiser).is_some_and(|(i, a)| i > a) {
        return Err(invalid("Inspection due date cannot be after the appraiser due date."));
    }
    Ok(())
}

/// A new order's due date: the one given, else its products' turn-time rule's; staff give a
/// reason for another date than the rule's.
async fn settle_due(txn: &DatabaseTransaction, v: &ValidOrder, today: NaiveDate) -> AppResult<Due> {
    let rule = turn_time::rule_for(txn, &v.report_type_ids, &v.state_code).await?;
    let due = turn_time::settle(rule, today, v.appraiser_due).ok_or_else(missing_due_date)?;
    if let Some(rule_date) = due.rule_date.filter(|_| due.overrides_rule())
        && v.due_date_reason.is_none()
    {
        return Err(named("dueDateReason", "Reason for the due date").refuse(format!(
            "Please give a reason for a due date other than the turn time's ({}).",
            date_label(rule_date)
        )));
    }
    check_inspection_due(v.inspection_due, Some(due.date))?;
    Ok(due)
}

/// The rules that need no database: every field named in its refusal. `today` is the company's
/// date.
pub fn check_form(form: &OrderForm, today: NaiveDate) -> AppResult<ValidOrder> {
    let client_id = form.client_id.ok_or_else(|| invalid("Client is required."))?;
    let property = check_property(
        form.property_address_line1.as_deref(),
        form.property_city.as_deref(),
        form.property_state_code.as_deref(),
        form.property_zip.as_deref(),
        form.property_county.as_deref(),
    )?;
    let (property_type, intended_use) = check_kind(form.property_type_id, form.intended_use_id)?;
    let report_type_ids = form.report_type_ids.clone();
    if !(1..=4).contains(&report_type_ids.len()) {
        return Err(invalid("Choose 1 to 4 report types."));
    }
    if (1..report_type_ids.len()).any(|i| report_type_ids[..i].contains(&report_type_ids[i])) {
        return Err(invalid("Each report type can be chosen once."));
    }
    let appraiser_due =
        optional_due_date(APPRAISER_DUE, form.appraiser_due_date.as_deref(), today)?;
    let inspection_due = optional_date(
        named("inspectionDueDate", "Inspection due date"),
        form.inspection_due_date.as_deref(),
    )?;
    if inspection_due.is_some_and(|d| d < today) {
        return Err(invalid("Inspection due date cannot be in the past."));
    }
    check_inspection_due(inspection_due, appraiser_due)?;
    let notes = optional(
        named("notesAndSpecialInstructions", "Notes and special instructions"),
        form.notes_and_special_instructions.as_deref(),
        MAX_NOTES,
    )?;
    Ok(ValidOrder {
        client_id,
        branch_id: form.branch_id,
        loan_officer_id: form.loan_officer_id,
        loan_number: optional(named("loanNumber", "Loan number"), form.loan_number.as_deref(), 30)?,
        fha_case_id: optional(named("fhaCaseId", "FHA case id"), form.fha_case_id.as_deref(), 30)?,
        borrower_name: required(
            named("borrowerName", "Borrower name"),
            form.borrower_name.as_deref(),
            MAX_LINE,
        )?,
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
        report_type_ids,
        appraiser_fee_cents: positive_fee(
            named("appraiserFee", "Appraiser fee"),
            form.appraiser_fee,
        )?,
        client_fee_cents: match form.client_fee_cents {
            Some(cents) if !(0..=crate::platform::money::MAX_CENTS).contains(&cents) => {
                return Err(named("clientFeeCents", "Client fee")
                    .refuse("Client fee must be from $0.00 to $1,000,000.00.".into()));
            }
            cents => cents,
        },
        tech_fee_cents: optional_amount(
            named("techFee", "Tech fee"),
            form.tech_fee,
            crate::platform::money::MAX_CENTS,
        )?,
        purchase_price_cents: optional_amount(
            named("purchasePrice", "Purchase price"),
            form.purchase_price,
            MAX_PRICE_CENTS,
        )?,
        appraiser_due,
        due_date_reason: optional_text(form.due_date_reason.as_deref())?,
        inspection_due,
        closing: optional_date(
            named("estimatedClosingDate", "Estimated closing date"),
            form.estimated_closing_date.as_deref(),
        )?,
        notes_html: notes.map(|html| sanitize_html(&html)).filter(|html| !html.trim().is_empty()),
        contacts: check_contacts(&form.contacts)?,
        alerts: check_alerts(&form.alerts)?,
        details: check_details(form, today)?,
    })
}

fn check_alerts(alerts: &[String]) -> AppResult<Vec<String>> {
    if alerts.len() > MAX_ALERTS {
        return Err(invalid(format!("An order can have at most {MAX_ALERTS} alerts.")));
    }
    let mut kept = Vec::new();
    for (i, text) in alerts.iter().enumerate() {
        if let Some(alert) = optional(&format!("Alert {}", i + 1), Some(text), MAX_ALERT)? {
            kept.push(alert);
        }
    }
    Ok(kept)
}

/// A whole number in `range`, named in the refusal.
fn within(
    label: &str,
    value: Option<i32>,
    range: std::ops::RangeInclusive<i32>,
) -> AppResult<Option<i32>> {
    match value {
        Some(n) if !range.contains(&n) => {
            Err(invalid(format!("{label} must be between {} and {}.", range.start(), range.end())))
        }
        other => Ok(other),
    }
}

fn check_details(form: &OrderForm, today: NaiveDate) -> AppResult<PropertyDetails> {
    use chrono::Datelike;
    Ok(PropertyDetails {
        year_built: within("Year built", form.year_built, 1600..=today.year() + 1)?,
        living_area: within("Living area", form.living_area, 1..=1_000_000)?,
        lot_area: within("Lot area", form.lot_area, 1..=100_000_000)?,
        county_use: optional(named("countyUse", "County use"), form.county_use.as_deref(), 100)?,
        assessed_value_cents: optional_amount(
            named("assessedValue", "Assessed value"),
            form.assessed_value,
            MAX_PRICE_CENTS,
        )?,
    })
}

fn check_contacts(contacts: &[OrderContactForm]) -> AppResult<Vec<order_contact::ActiveModel>> {
    contacts::check(contacts.iter().map(|c| ContactFields {
        kind: c.contact_type.as_deref(),
        name: c.name.as_deref(),
        email: c.email.as_deref(),
        cell_phone: c.cell_phone.as_deref(),
        work_phone: c.work_phone.as_deref(),
        home_phone: c.home_phone.as_deref(),
        notes: c.notes.as_deref(),
    }))
}

/// The rules that read the database: the client and the report types exist. Answers whether the
/// main report product is a desktop one.
async fn check_references(txn: &DatabaseTransaction, order: &ValidOrder) -> AppResult<bool> {
    if client::Entity::find_by_id(order.client_id).one(txn).await?.is_none() {
        return Err(invalid(format!("Client {} does not exist.", order.client_id)));
    }
    let found = report_type::Entity::find()
        .filter(report_type::Column::Id.is_in(order.report_type_ids.clone()))
        .all(txn)
        .await?;
    if let Some(missing) =
        order.report_type_ids.iter().find(|id| !found.iter().any(|r| r.id == **id))
    {
        return Err(invalid(format!("Report type {missing} does not exist.")));
    }
    Ok(found.iter().any(|r| r.id == order.report_type_ids[0] && r.is_desktop))
}

fn today(state: &AppState) -> AppResult<NaiveDate> {
    state.config.today().map_err(AppError::Internal)
}

/// Whether the order already stands where the form puts it (the parts a position depends on).
fn same_place(o: &order::Model, v: &ValidOrder) -> bool {
    (
        o.property_address_line1.as_str(),
        o.property_city.as_str(),
        o.property_state_code.as_str(),
        o.property_zip.as_str(),
    ) == (v.line1.as_str(), v.city.as_str(), v.state_code.as_str(), v.zip.as_str())
}

/// Where the checked form's property is (outside any transaction: it may ask an address service).
async fn locate(state: &AppState, v: &ValidOrder) -> Option<Position> {
    let address =
        Address { line1: &v.line1, city: &v.city, state_code: &v.state_code, zip: &v.zip };
    state.geocoder.locate(address).await
}

/// The detail row's columns the form sets.
fn detail_of(v: &ValidOrder, mut row: order_detail::ActiveModel) -> order_detail::ActiveModel {
    let report_type = |i: usize| Set(v.report_type_ids.get(i).copied());
    row.fha_case_id = Set(v.fha_case_id.clone());
    row.property_type = Set(Some(v.property_type.into()));
    row.intended_use = Set(Some(v.intended_use.into()));
    row.report_type1_id = report_type(0);
    row.report_type2_id = report_type(1);
    row.report_type3_id = report_type(2);
    row.report_type4_id = report_type(3);
    row.appraiser_fee_cents = Set(Some(v.appraiser_fee_cents));
    if let Some(cents) = v.client_fee_cents {
        row.client_fee_cents = Set(Some(cents));
    }
    row.tech_fee_cents = Set(v.tech_fee_cents);
    row.purchase_price_cents = Set(v.purchase_price_cents);
    row.notes_html = Set(v.notes_html.clone());
    row.estimated_closing_date = Set(v.closing);
    row.property_address_line2 = Set(v.line2.clone());
    row.year_built = Set(v.details.year_built);
    row.living_area = Set(v.details.living_area);
    row.lot_area = Set(v.details.lot_area);
    row.county_use = Set(v.details.county_use.clone());
    row.assessed_value_cents = Set(v.details.assessed_value_cents);
    row
}

async fn replace_alerts(
    txn: &DatabaseTransaction,
    order_id: i64,
    alerts: &[String],
) -> AppResult<()> {
    order_alert::Entity::delete_many()
        .filter(order_alert::Column::OrderId.eq(order_id))
        .exec(txn)
        .await?;
    let now = Utc::now();
    for body in alerts {
        order_alert::ActiveModel {
            id: NotSet,
            order_id: Set(order_id),
            body: Set(body.clone()),
            created_at: Set(now),
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}

async fn replace_contacts(
    txn: &DatabaseTransaction,
    order_id: i64,
    contacts: &[order_contact::ActiveModel],
) -> AppResult<()> {
    order_contact::Entity::delete_many()
        .filter(order_contact::Column::OrderId.eq(order_id))
        .exec(txn)
        .await?;
    for contact in contacts {
        let mut row = contact.clone();
        row.order_id = Set(order_id);
        row.insert(txn).await?;
    }
    Ok(())
}

/// Creates an order without an appraiser (status "default").
#[utoipa::path(
    post,
    path = "/api/staff/orders",
    tag = "staff",
    request_body = OrderForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn create_order(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<OrderForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let today = today(&state)?;
    let v = check_form(&form, today)?;
    let position = locate(&state, &v).await;
    let txn = portal_db::begin_write(&state.db).await?;
    let is_desktop = check_references(&txn, &v).await?;
    let due = settle_due(&txn, &v, today).await?;
    let mut detail = detail_of(&v, empty_detail(0).into_active_model());
    if v.client_fee_cents.is_none() {
        let listed = list_fee(&txn, v.client_id, &v.report_type_ids).await?;
        detail.client_fee_cents = Set(listed.map(|cents| cents + due.rush_fee_cents));
    }
    detail.rush = Set(due.rush);
    let who = full_name(&caller.user);
    let history =
        [Some(format!("Order created by {who}.")), due.note(v.due_date_reason.as_deref())]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
    let new = NewOrder {
        client_id: Some(v.client_id),
        source: Source::Staff,
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
        inspection_due: v.inspection_due,
        is_desktop,
        detail,
        contacts: v.contacts.clone(),
        client_row: None,
        actor: Some(caller.id()),
        placed_by: format!("{who} (staff)"),
        history,
        ip: Some(ip),
    };
    let created = life::create(&txn, &state.config, new).await?;
    replace_alerts(&txn, created.id, &v.alerts).await?;
    set_lender_people(&txn, created.id, &v).await?;
    txn.commit().await?;
    let number = created.file_number;
    Ok((StatusCode::CREATED, axum::Json(Created { id: created.id, file_number: Some(number) })))
}

/// Corrects an open order with the same rules. The change applies only to the order as it was
/// read (same status and appraiser): otherwise 409.
#[utoipa::path(
    put,
    path = "/api/staff/orders/{id}",
    tag = "staff",
    request_body = OrderForm,
    params(OrderId),
    responses(ChangeWithInputAnswers),
)]
async fn update_order(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(form): Json<OrderForm>,
) -> AppResult<axum::Json<MessageResponse>> {
    let v = check_form(&form, today(&state)?)?;
    if v.appraiser_due.is_none() {
        return Err(missing_due_date());
    }
    // Only a moved building is looked up again (outside the transaction: it may ask a service).
    let before = order::Entity::find_by_id(id).one(&state.db).await?;
    let relocated = before.as_ref().is_none_or(|o| !same_place(o, &v));
    let position = if relocated { locate(&state, &v).await } else { None };
    let txn = portal_db::begin_write(&state.db).await?;
    let current = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("No such order.".into()))?;
    let status = current.status_id;
    if status.is_closed() {
        return Err(AppError::Conflict(format!(
            "This order is {} and can no longer be changed.",
            status.label()
        )));
    }
    let is_desktop = check_references(&txn, &v).await?;
    let detail = order_detail::Entity::find_by_id(id).one(&txn).await?;
    let corrected = corrections(&current, detail.as_ref(), &v);
    let mut update = order::Entity::update_many()
        .col_expr(order::Column::LoanNumber, Expr::value(v.loan_number.clone()))
        .col_expr(order::Column::BorrowerName, Expr::value(v.borrower_name.clone()))
        .col_expr(order::Column::PropertyAddressLine1, Expr::value(v.line1.clone()))
        .col_expr(order::Column::PropertyCity, Expr::value(v.city.clone()))
        .col_expr(order::Column::PropertyStateCode, Expr::value(v.state_code.clone()))
        .col_expr(order::Column::PropertyZip, Expr::value(v.zip.clone()))
        .col_expr(order::Column::PropertyCounty, Expr::value(v.county.clone()))
        .col_expr(order::Column::ClientId, Expr::value(v.client_id))
        .col_expr(order::Column::InspectionDueDate, Expr::value(v.inspection_due))
        .col_expr(order::Column::AppraiserDueDate, Expr::value(v.appraiser_due))
        .col_expr(order::Column::IsDesktop, Expr::value(is_desktop))
        .filter(order::Column::Id.eq(id))
        .filter(order::Column::StatusId.eq(current.status_id));
    update = match current.assigned_appraiser_id {
        Some(appraiser) => update.filter(order::Column::AssignedAppraiserId.eq(appraiser)),
        None => update.filter(order::Column::AssignedAppraiserId.is_null()),
    };
    if update.exec(&txn).await?.rows_affected != 1 {
        return Err(AppError::Conflict(MSG_CHANGED.into()));
    }
    match detail {
        Some(found) => {
            let mut row = detail_of(&v, found.into_active_model());
            if relocated {
                place(&mut row, position);
            }
            row.update(&txn).await?
        }
        None => {
            let mut row = detail_of(&v, empty_detail(id).into_active_model());
            place(&mut row, position);
            row.insert(&txn).await?
        }
    };
    replace_contacts(&txn, id, &v.contacts).await?;
    replace_alerts(&txn, id, &v.alerts).await?;
    let summary = corrected.summary();
    write_history(
        &txn,
        Some(caller.id()),
        id,
        status,
        format!("Order details changed by {}: {summary}", full_name(&caller.user)),
    )
    .await?;
    if corrected.concerns_appraiser()
        && let Some(appraiser_id) = current.assigned_appraiser_id
        && let Some(appraiser) = security_user::Entity::find_by_id(appraiser_id).one(&txn).await?
    {
        let notice = Notice {
            event: Event::OrderUpdate,
            subject: format!("Order {} was changed", current.file_number),
            lines: corrected.told_to_appraiser(&current.file_number),
            link: format!("/appraiser/orderdetails/{id}"),
        };
        notify(&txn, &state.config, &appraiser, notice).await?;
    }
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.order_updated",
        format!("order {id} ({}): {summary}", current.file_number),
    )
    .await?;
    live::record(&txn, live::order_changed(&current)).await?;
    client_events::touch_order(&txn, id, Some(v.client_id)).await?;
    set_lender_people(&txn, id, &v).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("The order was saved.")))
}

/// The lender's branch and loan officer the form names, checked against the order's client.
async fn set_lender_people(txn: &DatabaseTransaction, id: i64, v: &ValidOrder) -> AppResult<()> {
    if v.branch_id.is_none() && v.loan_officer_id.is_none() {
        return Ok(());
    }
    let seat = ClientSeat::whole(v.client_id);
    let (branch, officer) = order_people(txn, &seat, v.branch_id, v.loan_officer_id).await?;
    let mut update = client_order::Entity::update_many();
    if branch.is_some() {
        update = update.col_expr(client_order::Column::BranchId, Expr::value(branch));
    }
    if officer.is_some() {
        update = update.col_expr(client_order::Column::LoanOfficerId, Expr::value(officer));
    }
    update.filter(client_order::Column::OrderId.eq(id)).exec(txn).await?;
    Ok(())
}

/// What a correction changes: the lines an appraiser must hear of (address, due date, fee, each
/// old and new) and the names of the other fields changed.
#[derive(Debug, Default, PartialEq)]
pub struct Corrections {
    pub appraiser_lines: Vec<String>,
    pub other_fields: Vec<&'static str>,
}

impl Corrections {
    /// Whether the assigned appraiser must hear of the change (address, due date or fee).
    pub fn concerns_appraiser(&self) -> bool {
        !self.appraiser_lines.is_empty()
    }

    pub fn summary(&self) -> String {
        let mut parts = self.appraiser_lines.clone();
        if !self.other_fields.is_empty() {
            parts.push(format!("{}.", self.other_fields.join(", ")));
        }
        if parts.is_empty() { "nothing changed.".into() } else { parts.join(" ") }
    }

    fn told_to_appraiser(&self, file_number: &str) -> Vec<String> {
        let mut lines = vec![format!("The company changed order {file_number}:")];
        lines.extend(self.appraiser_lines.iter().cloned());
        lines
    }
}

fn details_of(d: &order_detail::Model) -> PropertyDetails {
    PropertyDetails {
        year_built: d.year_built,
        living_area: d.living_area,
        lot_area: d.lot_area,
        county_use: d.county_use.clone(),
        assessed_value_cents: d.assessed_value_cents,
    }
}

/// Compares the order as it is with the checked form.
pub fn corrections(
    o: &order::Model,
    d: Option<&order_detail::Model>,
    v: &ValidOrder,
) -> Corrections {
    let mut c = Corrections::default();
    let old_line2 = d.and_then(|d| d.property_address_line2.as_deref());
    let before = one_line_address(
        &o.property_address_line1,
        old_line2,
        &o.property_city,
        &o.property_state_code,
        &o.property_zip,
    );
    let after = one_line_address(&v.line1, v.line2.as_deref(), &v.city, &v.state_code, &v.zip);
    if before != after || o.property_county.as_deref() != Some(v.county.as_str()) {
        c.appraiser_lines.push(format!("Property address: from {before} to {after}."));
    }
    if let Some(due) = v.appraiser_due.filter(|d| o.appraiser_due_date != Some(*d)) {
        let was = o.appraiser_due_date.map_or("none".to_string(), date_label);
        c.appraiser_lines.push(format!("Appraiser due date: from {was} to {}.", date_label(due)));
    }
    let old_fee = d.and_then(|d| d.appraiser_fee_cents);
    if old_fee != Some(v.appraiser_fee_cents) {
        let was = old_fee.map_or("none".to_string(), |cents| Cents(cents).to_string());
        c.appraiser_lines
            .push(format!("Appraiser fee: from {was} to {}.", Cents(v.appraiser_fee_cents)));
    }
    let report_types = d.map(|d| d.products());
    let others: [(&'static str, bool); 13] = [
        ("Client", o.client_id != Some(v.client_id)),
        ("Loan number", o.loan_number != v.loan_number),
        ("Borrower name", o.borrower_name != v.borrower_name),
        ("Inspection due date", o.inspection_due_date != v.inspection_due),
        ("FHA case id", d.and_then(|d| d.fha_case_id.clone()) != v.fha_case_id),
        ("Property type", d.and_then(|d| d.property_type.as_deref()) != Some(v.property_type)),
        ("Intended use", d.and_then(|d| d.intended_use.as_deref()) != Some(v.intended_use)),
        ("Report products", report_types.as_ref() != Some(&v.report_type_ids)),
        ("Tech fee", d.and_then(|d| d.tech_fee_cents) != v.tech_fee_cents),
        ("Purchase price", d.and_then(|d| d.purchase_price_cents) != v.purchase_price_cents),
        ("Estimated closing date", d.and_then(|d| d.estimated_closing_date) != v.closing),
        ("Property details", d.map(details_of).as_ref() != Some(&v.details)),
        ("Notes and special instructions", d.and_then(|d| d.notes_html.clone()) != v.notes_html),
    ];
    c.other_fields = others.into_iter().filter(|(_, changed)| *changed).map(|(n, _)| n).collect();
    c
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()
    }

    fn form(changes: serde_json::Value) -> OrderForm {
        let mut body = json!({
            "clientId": 1, "borrowerName": "Ann Lee", "propertyAddressLine1": "1 Main St",
            "propertyCity": "Austin", "propertyStateCode": "tx", "propertyZip": "78701",
            "propertyCounty": "travis county", "propertyTypeId": 1, "intendedUseId": 2,
            "reportTypeIds": [1, 6], "appraiserFee": "450", "appraiserDueDate": "2026-12-10",
            "inspectionDueDate": "2026-12-01",
            "notesAndSpecialInstructions": "<p>Gate <b>1234</b></p><script>alert(1)</script>",
            "contacts": [
                {"name": "Pat Owner", "type": "Property Contact", "cellPhone": "512 555 0110"}
            ]
        });
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        serde_json::from_value(body).unwrap()
    }

    fn refusal(changes: serde_json::Value) -> String {
        check_form(&form(changes), today()).unwrap_err().to_string()
    }

    #[test]
    fn a_good_form_is_normalised() {
        let v = check_form(&form(json!({})), today()).unwrap();
        assert_eq!((v.state_code.as_str(), v.county.as_str()), ("TX", "Travis County"));
        assert_eq!((v.property_type, v.intended_use), ("Single Family Residence", "Refinance"));
        assert_eq!(v.appraiser_fee_cents, 45_000);
        assert_eq!(v.notes_html.as_deref(), Some("<p>Gate <b>1234</b></p>"));
        assert_eq!(v.contacts[0].contact_type, Set("PROPERTY_CONTACT".to_string()));
        assert_eq!(v.contacts[0].cell_phone, Set(Some("512-555-0110".to_string())));
    }

    #[test]
    fn each_refusal_names_its_field() {
        let cases = [
            (json!({"clientId": null}), "Client is required."),
            (json!({"borrowerName": " "}), "Borrower name is required."),
            (
                json!({"propertyStateCode": "ZZ"}),
                "Property state 'ZZ' is not a state of the United States.",
            ),
            (
                json!({"propertyCounty": "Cook County"}),
                "Property county 'Cook County' is not a county of Texas.",
            ),
            (json!({"propertyZip": "7870"}), "Property zip must be 5 digits (got '7870')."),
            (
                json!({"propertyZip": "78701-1234"}),
                "Property zip must be 5 digits (got '78701-1234').",
            ),
            (json!({"propertyTypeId": 99}), "Property type 99 does not exist."),
            (json!({"intendedUseId": null}), "Intended use is required."),
            (json!({"reportTypeIds": []}), "Choose 1 to 4 report types."),
            (json!({"reportTypeIds": [1, 2, 3, 4, 5]}), "Choose 1 to 4 report types."),
            (json!({"reportTypeIds": [1, 1]}), "Each report type can be chosen once."),
            (json!({"appraiserFee": 0}), "Appraiser fee must be a positive amount."),
            (json!({"appraiserFee": "-10"}), "Appraiser fee must be a positive amount."),
            (
                json!({"appraiserDueDate": "2026-11-24"}),
                "Appraiser due date cannot be in the past.",
            ),
            (
                json!({"inspectionDueDate": "2026-12-11"}),
                "Inspection due date cannot be after the appraiser due date.",
            ),
            (
                json!({"inspectionDueDate": "2026-11-01"}),
                "Inspection due date cannot be in the past.",
            ),
            (
                json!({"borrowerName": "x".repeat(201)}),
                "Borrower name can be at most 200 characters long.",
            ),
            (
                json!({"contacts": [{"name": "A", "type": "BUTLER"}]}),
                "Contact 1 type must be one of BORROWER, CO_BORROWER, PROPERTY_CONTACT, \
                 LOAN_OFFICER, REALTOR, OWNER, TENANT, BUYER_AGENT, SELLER_AGENT, ACCESS, OTHER.",
            ),
            (json!({"contacts": [{"type": "OWNER"}]}), "Contact 1 name is required."),
        ];
        for (changes, expected) in cases {
            assert_eq!(refusal(changes.clone()), expected, "{changes}");
        }
    }
}
