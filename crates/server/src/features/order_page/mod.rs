//! GET /api/order-details/{id}: everything the order page shows, filtered for the caller;
//! was-invited; marking the appraiser's messages read when they open the Messages tab; and the
//! printed order (`print`).
pub mod print;

use std::collections::HashMap;

use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::{
    client, client_order, file_type, order, order_alert, order_contact, order_detail,
    order_history, order_invitation, order_message, report_type, stored_file,
};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::client_events::Source;
use crate::kernel::orders::details::{empty_detail, one_line_address, sanitize_html};
use crate::kernel::orders::kinds::{INTENDED_USES, PROPERTY_TYPES, option_id};
use crate::kernel::orders::lifecycle::{ActionContext, OrderAction, available_actions};
use crate::kernel::orders::pay_by;
use crate::kernel::orders::status::OrderStatus;
use crate::kernel::orders::turn_time::{self, TurnTime};
use crate::kernel::orders::visibility::{find_visible_order, sees_hidden};
use crate::platform::call::{CallOn, OrderId};
use crate::platform::config::Config;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::money::Cents;
use crate::platform::names::user_names;
use crate::platform::state::AppState;
use axum::Json;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(order_details))
        .routes(routes!(was_invited))
        .routes(routes!(mark_messages_read))
        .merge(print::router())
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportTypeRef {
    pub id: i32,
    pub product_description: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
    pub cell_phone: Option<String>,
    pub work_phone: Option<String>,
    pub home_phone: Option<String>,
    /// Upper-case words joined by underscores, e.g. PROPERTY_CONTACT.
    #[serde(rename = "type")]
    pub contact_type: String,
    pub notes: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub id: i64,
    pub order_status: OrderStatus,
    pub order_status_description: String,
    /// Sanitised HTML.
    pub order_status_message: String,
    pub status_date: DateTime<Utc>,
    pub hide: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderFile {
    pub id: i64,
    pub file_name: String,
    pub file_type_description: String,
    pub file_size: i64,
    pub upload_date_time: DateTime<Utc>,
    pub uploaded_by_first_name: String,
    pub uploaded_by_last_name: String,
    pub hide: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderMessage {
    pub id: i64,
    pub message_type_description: String,
    pub message_text: String,
    pub message_from_first_name: String,
    pub message_from_last_name: String,
    pub date_created: DateTime<Utc>,
    pub hide: bool,
}

/// Everything the order page shows. Lists are newest first; hidden items reach staff only;
/// contacts are left out (not just hidden) until the caller's appraiser has the order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetails {
    pub id: i64,
    pub create_date: DateTime<Utc>,
    pub file_number: String,
    pub loan_number: Option<String>,
    pub fha_case_id: Option<String>,
    pub status_id: OrderStatus,
    pub order_status: String,
    pub borrower_name: String,
    /// The whole address on one line (with the second line, when there is one).
    pub property_address: String,
    /// The address in its parts, as the staff order form takes them.
    pub property_address_line1: String,
    pub property_address_line2: Option<String>,
    pub property_city: String,
    pub property_state_code: String,
    pub property_zip: String,
    pub county: Option<String>,
    /// The ordering client's id: staff and the secret administrator only (null for others).
    pub client_id: Option<i32>,
    /// Where the order came from (Staff, Client portal, API) and the client's open cancel
    /// request: staff and the secret administrator only (null for others).
    pub source: Option<String>,
    pub client_cancel_request: Option<String>,
    /// The ids of the property type and intended use (GET /api/constants/property-types and
    /// intended-uses), null when the order's label is not one of them.
    pub property_type_id: Option<i32>,
    pub intended_use_id: Option<i32>,
    pub property_type: Option<String>,
    pub intended_use: Option<String>,
    pub report_type1: Option<ReportTypeRef>,
    pub report_type2: Option<ReportTypeRef>,
    pub report_type3: Option<ReportTypeRef>,
    pub report_type4: Option<ReportTypeRef>,
    pub appraiser_fee: Option<Cents>,
    /// What the client is charged, in cents: staff and the secret administrator only (left out
    /// for others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client_fee_cents: Option<i64>,
    /// Client fee - appraiser fee, in cents: staff only, never sent to appraisers or clients.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub margin_cents: Option<i64>,
    /// The client's invoice once the order is delivered: staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invoice: Option<crate::features::billing::invoices::InvoiceSummary>,
    /// The borrower's card payment (its latest link): staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub borrower_payment: Option<crate::features::billing::borrower_payments::BorrowerPaymentView>,
    pub tech_fee: Option<Cents>,
    pub purchase_price: Option<Cents>,
    pub ordered_by: Option<String>,
    pub ordered_by_address: Option<String>,
    /// Sanitised HTML.
    pub notes_and_special_instructions: Option<String>,
    pub contacts_visible: bool,
    pub property_contact: Option<Contact>,
    pub other_contacts: Vec<Contact>,
    pub appraiser_due_date: Option<NaiveDate>,
    pub inspection_actual_date: Option<DateTime<Utc>>,
    pub estimated_delivery_date: Option<NaiveDate>,
    pub inspection_due_date: Option<NaiveDate>,
    pub estimated_closing_date: Option<NaiveDate>,
    pub was_previously_scheduled: bool,
    /// Security user id of the assigned appraiser; 0 when nobody is assigned.
    pub assigned_appraiser_security_user: i32,
    pub available_actions: Vec<OrderAction>,
    /// The open automatic offer of the order to the appraiser reading it, and why them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offer: Option<crate::features::assignment::decision::OfferView>,
    /// Due sooner than the products' turn time allows.
    pub rush: bool,
    pub alerts: Vec<String>,
    /// Business days since assignment (to the report once uploaded); null before assignment.
    pub turn_time: Option<TurnTime>,
    /// The last day the company may pay the assigned appraiser (docs/domain.md#pay-by-dates);
    /// null until the clock of the property's state has started.
    pub pay_by: Option<NaiveDate>,
    pub year_built: Option<i32>,
    pub living_area: Option<i32>,
    pub lot_area: Option<i32>,
    pub county_use: Option<String>,
    pub assessed_value: Option<Cents>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// The position is only the ZIP code's centre ("approximate (ZIP centre)").
    pub location_approximate: bool,
    pub requires_env: bool,
    pub amc_license: Option<String>,
    pub histories: Vec<HistoryEntry>,
    pub files: Vec<OrderFile>,
    pub messages: Vec<OrderMessage>,
    /// Staff only: the second appraisals of this order, or the order this one checks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub linked_orders: Vec<crate::kernel::orders::second::LinkedOrder>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WasInvited {
    pub was_invited: bool,
}

#[utoipa::path(get, path = "/api/order-details/{id}", tag = "orders",
    params(OrderId),
    responses((status = 200, body = OrderDetails), ReadAnswers))]
async fn order_details(CallOn { state, caller, id }: CallOn<i64>) -> AppResult<Json<OrderDetails>> {
    Ok(Json(load(&state.db, &caller, id, &state.config).await?))
}

#[utoipa::path(get, path = "/api/order-details/{id}/was-invited", tag = "orders",
    params(OrderId),
    responses((status = 200, body = WasInvited), (status = 400, body = MessageResponse)))]
async fn was_invited(CallOn { state, caller, id }: CallOn<i64>) -> AppResult<Json<WasInvited>> {
    let found = order_invitation::Entity::find_by_id((id, caller.id())).one(&state.db).await?;
    Ok(Json(WasInvited { was_invited: found.is_some() }))
}

/// The Messages tab was opened: the assigned appraiser has now read every message sent to them.
#[utoipa::path(
    post,
    path = "/api/order-details/{id}/messages/read",
    tag = "orders",
    params(OrderId),
    responses(
        (status = 204),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn mark_messages_read(CallOn { state, caller, id }: CallOn<i64>) -> AppResult<StatusCode> {
    let found = find_visible_order(&state.db, &caller, id).await?;
    if found.assigned_appraiser_id == Some(caller.id()) {
        order_message::Entity::update_many()
            .col_expr(order_message::Column::ReadAt, Expr::value(Utc::now()))
            .filter(order_message::Column::OrderId.eq(id))
            .filter(order_message::Column::ToAppraiser.eq(true))
            .filter(order_message::Column::ReadAt.is_null())
            .exec(&state.db)
            .await?;
        order::Entity::update_many()
            .col_expr(order::Column::AppraiserUnreadMessages, Expr::value(0))
            .filter(order::Column::Id.eq(id))
            .exec(&state.db)
            .await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

/// The whole detail of one order as `caller` may see it.
pub async fn load(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    id: i64,
    config: &Config,
) -> AppResult<OrderDetails> {
    let zone = config.time_zone().map_err(AppError::Internal)?;
    let found = find_visible_order(db, caller, id).await?;
    let detail = order_detail::Entity::find_by_id(id).one(db).await?;
    let client = match found.client_id {
        Some(client_id) => client::Entity::find_by_id(client_id).one(db).await?,
        None => None,
    };
    let staff_view = sees_hidden(caller);
    let steps = turn_time::steps_of(db, vec![id]).await?.remove(&id).unwrap_or_default();
    let client_side = match staff_view {
        true => client_order::Entity::find_by_id(id).one(db).await?,
        false => None,
    };
    let status = found.status_id;
    // The appraiser sees the contacts as soon as the order is assigned to them (or their firm).
    let contacts_visible = staff_view || found.assigned_appraiser_id.is_some();
    let (property_contact, other_contacts) =
        if contacts_visible { split_contacts(contacts(db, id).await?) } else { (None, Vec::new()) };
    let report_types = report_types_of(db, detail.as_ref()).await?;
    let report_type = |n: usize| report_types.get(n).cloned().flatten();
    let offer = match caller.user_type.is_appraiser_kind() {
        true => crate::features::assignment::decision::offer_view(db, caller.id(), id).await?,
        false => None,
    };
    let available_actions = match offer {
        Some(_) => vec![OrderAction::Accept, OrderAction::Reject],
        None => available_actions(ActionContext::of(caller, &found, detail.as_ref())),
    };
    let d = detail.unwrap_or_else(|| empty_detail(id));
    let client_fee_cents = d.client_fee_cents.filter(|_| staff_view);
    let (invoice, borrower_payment) = match staff_view {
        true => (
            crate::features::billing::invoices::of_order(db, config, id).await?,
            crate::features::billing::borrower_payments::view(db, id).await?,
        ),
        false => (None, None),
    };
    Ok(OrderDetails {
        id,
        create_date: found.created_at,
        file_number: found.file_number.clone(),
        loan_number: found.loan_number.clone(),
        fha_case_id: d.fha_case_id,
        status_id: status,
        order_status: status.name().to_string(),
        borrower_name: found.borrower_name.clone(),
        property_address: one_line_address(
            &found.property_address_line1,
            d.property_address_line2.as_deref(),
            &found.property_city,
            &found.property_state_code,
            &found.property_zip,
        ),
        property_address_line1: found.property_address_line1.clone(),
        property_address_line2: d.property_address_line2.clone(),
        property_city: found.property_city.clone(),
        property_state_code: found.property_state_code.clone(),
        property_zip: found.property_zip.clone(),
        county: found.property_county.clone(),
        client_id: found.client_id.filter(|_| staff_view),
        source: client_side.as_ref().map(|c| Source::label_of(&c.source).to_string()),
        client_cancel_request: client_side.and_then(|c| c.cancel_reason),
        property_type_id: d.property_type.as_deref().and_then(|l| option_id(&PROPERTY_TYPES, l)),
        intended_use_id: d.intended_use.as_deref().and_then(|l| option_id(&INTENDED_USES, l)),
        property_type: d.property_type,
        intended_use: d.intended_use,
        report_type1: report_type(0),
        report_type2: report_type(1),
        report_type3: report_type(2),
        report_type4: report_type(3),
        appraiser_fee: d.appraiser_fee_cents.map(Cents),
        client_fee_cents,
        margin_cents: client_fee_cents.zip(d.appraiser_fee_cents).map(|(fee, paid)| fee - paid),
        invoice,
        borrower_payment,
        tech_fee: d.tech_fee_cents.map(Cents),
        purchase_price: d.purchase_price_cents.map(Cents),
        ordered_by: client.as_ref().map(|c| c.company_name.clone()),
        ordered_by_address: client.and_then(|c| c.office_address_line),
        notes_and_special_instructions: d.notes_html.as_deref().map(sanitize_html),
        contacts_visible,
        property_contact,
        other_contacts,
        appraiser_due_date: found.appraiser_due_date,
        inspection_actual_date: found.inspection_actual_date,
        estimated_delivery_date: d.estimated_delivery_date,
        inspection_due_date: found.inspection_due_date,
        estimated_closing_date: d.estimated_closing_date,
        was_previously_scheduled: d.was_previously_scheduled,
        assigned_appraiser_security_user: found.assigned_appraiser_id.unwrap_or(0),
        available_actions,
        offer,
        rush: d.rush,
        alerts: alerts(db, id).await?,
        turn_time: turn_time::turn_time(&steps, Utc::now(), zone),
        pay_by: found.assigned_appraiser_id.and_then(|_| {
            let rule =
                pay_by::rule_for(&found.property_state_code, pay_by::company_default(config));
            pay_by::pay_by(rule, &steps, zone)
        }),
        year_built: d.year_built,
        living_area: d.living_area,
        lot_area: d.lot_area,
        county_use: d.county_use,
        assessed_value: d.assessed_value_cents.map(Cents),
        latitude: d.latitude,
        longitude: d.longitude,
        location_approximate: d.location_approximate,
        requires_env: d.requires_env,
        amc_license: d.amc_license,
        histories: histories(db, id, staff_view).await?,
        files: files(db, id, staff_view).await?,
        messages: messages(db, id, staff_view).await?,
        linked_orders: match staff_view {
            true => crate::kernel::orders::second::linked(db, id).await?,
            false => Vec::new(),
        },
    })
}

async fn report_types_of(
    db: &impl ConnectionTrait,
    detail: Option<&order_detail::Model>,
) -> AppResult<Vec<Option<ReportTypeRef>>> {
    let Some(d) = detail else { return Ok(Vec::new()) };
    let ids = [d.report_type1_id, d.report_type2_id, d.report_type3_id, d.report_type4_id];
    let wanted = d.products();
    let names: HashMap<i32, String> = report_type::Entity::find()
        .filter(report_type::Column::Id.is_in(wanted))
        .all(db)
        .await?
        .into_iter()
        .map(|r| (r.id, r.product_description))
        .collect();
    Ok(ids
        .iter()
        .map(|id| {
            id.and_then(|id| {
                names.get(&id).map(|name| ReportTypeRef { id, product_description: name.clone() })
            })
        })
        .collect())
}

async fn contacts(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Vec<Contact>> {
    Ok(order_contact::Entity::find()
        .filter(order_contact::Column::OrderId.eq(order_id))
        .order_by_asc(order_contact::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|c| Contact {
            id: c.id,
            name: c.name,
            email: c.email,
            cell_phone: c.cell_phone,
            work_phone: c.work_phone,
            home_phone: c.home_phone,
            contact_type: c.contact_type,
            notes: c.notes,
        })
        .collect())
}

/// The first PROPERTY_CONTACT is the property contact; everyone else is another contact.
fn split_contacts(all: Vec<Contact>) -> (Option<Contact>, Vec<Contact>) {
    let mut property = None;
    let mut others = Vec::new();
    for c in all {
        if property.is_none() && c.contact_type == "PROPERTY_CONTACT" {
            property = Some(c);
        } else {
            others.push(c);
        }
    }
    (property, others)
}

async fn alerts(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Vec<String>> {
    Ok(order_alert::Entity::find()
        .filter(order_alert::Column::OrderId.eq(order_id))
        .order_by_desc(order_alert::Column::CreatedAt)
        .order_by_desc(order_alert::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|a| a.body)
        .collect())
}

async fn histories(
    db: &impl ConnectionTrait,
    order_id: i64,
    with_hidden: bool,
) -> AppResult<Vec<HistoryEntry>> {
    let mut query =
        order_history::Entity::find().filter(order_history::Column::OrderId.eq(order_id));
    if !with_hidden {
        query = query.filter(order_history::Column::Hide.eq(false));
    }
    Ok(query
        .order_by_desc(order_history::Column::CreatedAt)
        .order_by_desc(order_history::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|h| {
            let status = h.status_id;
            HistoryEntry {
                id: h.id,
                order_status: status,
                order_status_description: status.name().to_string(),
                order_status_message: sanitize_html(h.message_html.as_deref().unwrap_or_default()),
                status_date: h.created_at,
                hide: h.hide,
            }
        })
        .collect())
}

async fn files(
    db: &impl ConnectionTrait,
    order_id: i64,
    with_hidden: bool,
) -> AppResult<Vec<OrderFile>> {
    let mut query = stored_file::Entity::find().filter(stored_file::Column::OrderId.eq(order_id));
    if !with_hidden {
        query = query.filter(stored_file::Column::Hide.eq(false));
    }
    let rows = query
        .order_by_desc(stored_file::Column::UploadedAt)
        .order_by_desc(stored_file::Column::Id)
        .all(db)
        .await?;
    let types: HashMap<i32, String> = file_type::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t.description))
        .collect();
    let names = user_names(db, rows.iter().filter_map(|f| f.uploaded_by)).await?;
    Ok(rows
        .into_iter()
        .map(|f| {
            let (first, last) =
                f.uploaded_by.and_then(|u| names.get(&u).cloned()).unwrap_or_default();
            OrderFile {
                id: f.id,
                file_name: f.file_name,
                file_type_description: f
                    .file_type_id
                    .and_then(|t| types.get(&t).cloned())
                    .unwrap_or_default(),
                file_size: f.size_bytes,
                upload_date_time: f.uploaded_at,
                uploaded_by_first_name: first,
                uploaded_by_last_name: last,
                hide: f.hide,
            }
        })
        .collect())
}

async fn messages(
    db: &impl ConnectionTrait,
    order_id: i64,
    with_hidden: bool,
) -> AppResult<Vec<OrderMessage>> {
    let mut query =
        order_message::Entity::find().filter(order_message::Column::OrderId.eq(order_id));
    if !with_hidden {
        query = query.filter(order_message::Column::Hide.eq(false));
    }
    Ok(query
        .order_by_desc(order_message::Column::CreatedAt)
        .order_by_desc(order_message::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|m| OrderMessage {
            id: m.id,
            message_type_description: m.message_type,
            message_text: m.body,
            message_from_first_name: m.from_first_name,
            message_from_last_name: m.from_last_name,
            date_created: m.created_at,
            hide: m.hide,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_never_survive_sanitising() {
        let clean = sanitize_html(
            "<p>Gate code <b>1234</b></p><script>alert(1)</script><img src=x onerror=alert(2)>",
        );
        assert!(clean.contains("<b>1234</b>"));
        assert!(!clean.contains("script") && !clean.contains("onerror"));
    }

    #[test]
    fn the_first_property_contact_leads() {
        let c = |id, t: &str| Contact {
            id,
            name: format!("c{id}"),
            email: None,
            cell_phone: None,
            work_phone: None,
            home_phone: None,
            contact_type: t.into(),
            notes: None,
        };
        let (property, others) = split_contacts(vec![
            c(1, "LOAN_OFFICER"),
            c(2, "PROPERTY_CONTACT"),
            c(3, "PROPERTY_CONTACT"),
        ]);
        assert_eq!(property.map(|p| p.id), Some(2));
        assert_eq!(others.iter().map(|o| o.id).collect::<Vec<_>>(), [1, 3]);
    }
}
