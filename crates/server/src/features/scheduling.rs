//! Self-scheduling: the assigned appraiser (or staff) offers inspection windows and sends a link
//! to the order's access contact by e-mail and text; the contact picks a window at
//! `/schedule/{token}` without signing in, which schedules the inspection exactly as Schedule
//! Inspection does, by the link's sender. A link ends when a window is chosen, when the inspection
//! is set another way, when a newer link replaces it, or after `LINK_DAYS` days.
use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;
use futures_util::future::BoxFuture;
use portal_db::entities::{order, order_detail, scheduling_link, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, QueryOrder,
    Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::order_actions::{schedule_change, schedule_rules};
use crate::kernel::orders::action_requests::{
    ScheduleInspection, ScheduleRules, appointment_label, check_schedule,
};
use crate::kernel::orders::apply::{self, Checked};
use crate::kernel::orders::life::{OrderEvent, Reaction};
use crate::kernel::orders::lifecycle::OrderAction;
use crate::kernel::orders::status::OrderStatus;
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::current_user::CurrentUser;
use crate::platform::delivery::{self, Channel, Outgoing};
use crate::platform::fields::{invalid, optional_email, optional_phone, optional_text, required};
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::{Json, Path};
use crate::platform::names::full_name;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

/// How long a link stays open when no window is chosen.
pub const LINK_DAYS: i64 = 14;
pub const MAX_WINDOWS: usize = 10;
/// Who the inspection is scheduled with when the sender does not say.
const DEFAULT_SCHEDULED_WITH: &str = "Entry Contact";

pub const MSG_LINK_UNKNOWN: &str = "This scheduling link is not valid. Please use the latest link \
                                    you were sent, or call the appraiser.";
pub const MSG_LINK_ENDED: &str = "This scheduling link has ended: the inspection is already set \
                                  or the link has expired. Please call the appraiser.";
pub const MSG_NOT_OFFERED: &str = "That time is not one of the times offered. Please choose one \
                                   from the list.";
pub const MSG_WINDOW_PAST: &str = "That time has already passed. Please choose another.";
pub const MSG_WINDOW_TAKEN: &str = "That time has just been taken. Please choose another.";

/// Signed-in routes: sending a link and reading the order's latest.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(latest_link, send_link))
}

/// No sign-in: the link's token is the key.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(scheduling_page, choose_window))
}

/// An inspection window as sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchedulingWindowInput {
    /// The window's start: RFC 3339 (`2026-12-01T09:00:00-06:00`) or the company's local time
    /// (`2026-12-01T09:00`), on the 30-minute choices of Schedule Inspection.
    #[schema(required = true, value_type = String)]
    pub start: Option<String>,
    /// The window's end, the same day, after the start.
    #[schema(required = true, value_type = String)]
    pub end: Option<String>,
}

/// Who gets the link: an e-mail address, a mobile phone number, or both.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchedulingContact {
    #[schema(required = true, value_type = String, max_length = 200)]
    pub name: Option<String>,
    #[schema(max_length = 254)]
    pub email: Option<String>,
    /// A US mobile number (10 digits); the link goes by text too.
    pub phone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchedulingLinkRequest {
    /// One to ten windows, in the future.
    #[schema(required = true, value_type = Vec<SchedulingWindowInput>)]
    pub windows: Option<Vec<SchedulingWindowInput>>,
    #[schema(required = true, value_type = SchedulingContact)]
    pub contact: Option<SchedulingContact>,
    /// Borrower, Entry Contact, Realtor or Tenant (Entry Contact when not given).
    pub scheduled_with: Option<String>,
    /// yyyy-mm-dd; when not given, the order's estimate or the appraiser's due date, and never
    /// before the chosen window.
    pub estimated_delivery_date: Option<String>,
    /// Why the inspection is late (a window after the inspection due date of an order not yet
    /// scheduled) or moved (the order was scheduled before): required then.
    pub reason: Option<String>,
}

/// A window as offered.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Window {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// A window on the contact's page: whether it can still be chosen, and why not.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferedWindow {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// Its day and times in the company's time zone, as the portal writes them.
    pub label: String,
    pub available: bool,
    /// `past` or `taken` when not available.
    pub unavailable_because: Option<String>,
}

/// What the contact's page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchedulingPage {
    pub company: String,
    pub property_address: String,
    pub contact_name: String,
    /// `open`, `scheduled` (a window was chosen: `chosen`) or `ended`.
    pub state: String,
    pub windows: Vec<OfferedWindow>,
    pub chosen: Option<OfferedWindow>,
    pub expires_at: DateTime<Utc>,
    /// The company's time zone (IANA name) the labels are in.
    pub time_zone: String,
}

/// The order's latest link as its people see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchedulingLinkView {
    pub contact_name: String,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub windows: Vec<OfferedWindow>,
    pub state: String,
    pub chosen: Option<OfferedWindow>,
    pub sent_by: String,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChooseWindow {
    /// The chosen window's start, as listed.
    #[schema(required = true, value_type = String)]
    pub start: Option<String>,
}

/// An instant written in RFC 3339, or a local time of the company's time zone.
fn instant(text: &str, tz: Tz) -> Option<DateTime<Utc>> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Some(t.with_timezone(&Utc));
    }
    let local = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"))
        .ok()?;
    tz.from_local_datetime(&local).earliest().map(|t| t.with_timezone(&Utc))
}

fn window_of(n: usize, w: &SchedulingWindowInput, tz: Tz) -> AppResult<Window> {
    let read = |value: Option<&str>, what: &str| {
        let text = value.map(str::trim).filter(|t| !t.is_empty());
        let text = text.ok_or_else(|| invalid(format!("Window {n}: the {what} is required.")))?;
        instant(text, tz).ok_or_else(|| {
            invalid(format!(
                "Window {n}: the {what} must be a date and time like 2026-12-01T09:00 \
                 (got '{text}')."
            ))
        })
    };
    Ok(Window { start: read(w.start.as_deref(), "start")?, end: read(w.end.as_deref(), "end")? })
}

/// What Schedule Inspection would be sent for `w`.
fn schedule_body(
    o: &order::Model,
    w: &Window,
    tz: Tz,
    with: &str,
    delivery: NaiveDate,
    reason: Option<&str>,
    rules: ScheduleRules,
) -> ScheduleInspection {
    let (start, end) = (w.start.with_timezone(&tz), w.end.with_timezone(&tz));
    let reason = reason.map(str::to_string);
    ScheduleInspection {
        order_id: o.id,
        inspection_actual_date: Some(start.date_naive().format("%Y-%m-%d").to_string()),
        estimated_delivery_date: Some(delivery.max(start.date_naive()).to_string()),
        late_inspection_reason: reason.clone().filter(|_| !rules.previously_scheduled),
        appointment_start_time: Some(start.format("%H:%M").to_string()),
        appointment_end_time: Some(end.format("%H:%M").to_string()),
        appointment_scheduled_with: Some(with.to_string()),
        reschedule_reason: reason.filter(|_| rules.previously_scheduled),
    }
}

/// The estimated delivery date a chosen window keeps: the sender's, else the order's estimate,
/// else the appraiser's due date (never before the window, see `schedule_body`).
fn delivery_date(
    sent: Option<NaiveDate>,
    o: &order::Model,
    detail: Option<&order_detail::Model>,
    w: &Window,
) -> NaiveDate {
    sent.or(detail.and_then(|d| d.estimated_delivery_date))
        .or(o.appraiser_due_date)
        .unwrap_or(w.start.date_naive())
}

/// What a link offers, kept as JSON in `scheduling_links.windows` (its reason has a column).
#[derive(Serialize, Deserialize)]
struct Offer {
    windows: Vec<Window>,
    with: String,
    delivery: Option<NaiveDate>,
}

fn offer_of(link: &scheduling_link::Model) -> AppResult<Offer> {
    serde_json::from_str(&link.windows)
        .map_err(|e| AppError::Internal(format!("scheduling link {}: {e}", link.id)))
}

/// Checks the request against the order as Schedule Inspection would for every window; answers
/// the offer and the reason given.
fn checked_offer(
    body: &SchedulingLinkRequest,
    checked: &Checked,
    rules: ScheduleRules,
    tz: Tz,
) -> AppResult<(Offer, Option<String>)> {
    let inputs = body.windows.as_deref().unwrap_or_default();
    if inputs.is_empty() {
        return Err(invalid("Please offer at least one inspection window."));
    }
    if inputs.len() > MAX_WINDOWS {
        return Err(invalid(format!("Offer at most {MAX_WINDOWS} inspection windows.")));
    }
    let with = body.scheduled_with.as_deref().map(str::trim).filter(|w| !w.is_empty());
    let with = with.unwrap_or(DEFAULT_SCHEDULED_WITH).to_string();
    let delivery = match optional_text(body.estimated_delivery_date.as_deref())? {
        Some(d) => Some(NaiveDate::parse_from_str(&d, "%Y-%m-%d").map_err(|_| {
            invalid(format!("Estimated delivery date must be a date yyyy-mm-dd (got '{d}')."))
        })?),
        None => None,
    };
    let reason = optional_text(body.reason.as_deref())?;
    let now = Utc::now();
    let mut windows: Vec<Window> = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let n = i + 1;
        let w = window_of(n, input, tz)?;
        if w.start <= now {
            return Err(invalid(format!("Window {n} must be in the future.")));
        }
        if w.start.with_timezone(&tz).date_naive() != w.end.with_timezone(&tz).date_naive() {
            return Err(invalid(format!("Window {n} must start and end on the same day.")));
        }
        if windows.contains(&w) {
            return Err(invalid(format!("Window {n} is offered twice.")));
        }
        let delivery = delivery_date(delivery, &checked.order, checked.detail.as_ref(), &w);
        let body = schedule_body(&checked.order, &w, tz, &with, delivery, reason.as_deref(), rules);
        check_schedule(&body, rules).map_err(|e| invalid(format!("Window {n}: {e}")))?;
        windows.push(w);
    }
    windows.sort_by_key(|w| w.start);
    Ok((Offer { windows, with, delivery }, reason))
}

struct Recipient {
    name: String,
    email: Option<String>,
    phone: Option<String>,
}

fn recipient(contact: Option<&SchedulingContact>) -> AppResult<Recipient> {
    let contact = contact.ok_or_else(|| invalid("Please say who the link goes to."))?;
    let name = required("Contact name", contact.name.as_deref(), 200)?;
    let email = optional_email("Contact e-mail", contact.email.as_deref())?;
    let phone = optional_phone("Contact phone", contact.phone.as_deref())?;
    if email.is_none() && phone.is_none() {
        return Err(invalid("Please give the contact's e-mail address or mobile number."));
    }
    Ok(Recipient { name, email, phone })
}

/// Sends a link offering inspection windows to the order's contact (by e-mail and text); an
/// earlier open link of the order ends.
#[utoipa::path(post, path = "/api/orders/{id}/scheduling-link", tag = "order-actions",
    params(OrderId), request_body = SchedulingLinkRequest,
    responses((status = 200, body = SchedulingLinkView), (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse), (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse)))]
async fn send_link(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<SchedulingLinkRequest>,
) -> AppResult<axum::Json<SchedulingLinkView>> {
    let checked = apply::check(&state.db, &caller, id, OrderAction::ScheduleInspection).await?;
    let tz = state.config.time_zone().map_err(AppError::Internal)?;
    let rules = schedule_rules(&state, &checked)?;
    let (offer, reason) = checked_offer(&body, &checked, rules, tz)?;
    let to = recipient(body.contact.as_ref())?;
    let token = random_token();
    let now = Utc::now();
    let stored_json =
        serde_json::to_string(&offer).map_err(|e| AppError::Internal(e.to_string()))?;
    let txn = portal_db::begin_write(&state.db).await?;
    end_open_links(&txn, id, now).await?;
    scheduling_link::ActiveModel {
        id: NotSet,
        order_id: Set(id),
        token_hash: Set(hash_token(&token)),
        contact_name: Set(to.name.clone()),
        contact_email: Set(to.email.clone()),
        contact_phone: Set(to.phone.clone()),
        windows: Set(stored_json),
        reason: Set(reason),
        created_by: Set(caller.id()),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(LINK_DAYS)),
        ended_at: Set(None),
        chosen_start: Set(None),
    }
    .insert(&txn)
    .await?;
    let sent_to = send(&txn, &state, &checked.order, &to, &token).await?;
    let line = format!(
        "A scheduling link offering {} inspection window(s) was sent to {} ({sent_to}) by {}.",
        offer.windows.len(),
        to.name,
        full_name(&caller.user)
    );
    apply::note(&txn, Some(caller.id()), &checked.order, line, false).await?;
    txn.commit().await?;
    let view = latest_view(&state, id).await?;
    view.ok_or_else(|| AppError::Internal("the link just sent is missing".into())).map(axum::Json)
}

/// Queues the link's e-mail and text; answers where it went, for the history.
async fn send(
    txn: &impl ConnectionTrait,
    state: &AppState,
    o: &order::Model,
    to: &Recipient,
    token: &str,
) -> AppResult<String> {
    let link = state.config.link(&format!("/schedule/{token}"));
    let company = &state.config.billing_name;
    let mut went = Vec::new();
    if let Some(email) = &to.email {
        let lines = vec![
            format!("Hello {},", to.name),
            format!(
                "{company} needs to inspect {} for an appraisal. Please choose the time that \
                 suits you best:",
                o.property_address()
            ),
            link.clone(),
            format!("The link works for {LINK_DAYS} days or until the inspection is set."),
        ];
        delivery::email(
            txn,
            email,
            "Please choose a time for the appraisal inspection".into(),
            lines,
        )
        .await?;
        went.push(email.clone());
    }
    if let Some(phone) = &to.phone {
        let text = format!(
            "{company}: please choose a time for the appraisal inspection of {}: {link}",
            o.property_address()
        );
        let subject = "Appraisal inspection".to_string();
        let message =
            Outgoing { channel: Channel::Sms, recipient: phone.clone(), subject, text, html: None };
        delivery::enqueue(txn, message).await?;
        went.push(format!("text to {phone}"));
    }
    Ok(went.join(" and "))
}

async fn end_open_links(
    db: &impl ConnectionTrait,
    order_id: i64,
    now: DateTime<Utc>,
) -> AppResult<()> {
    scheduling_link::Entity::update_many()
        .col_expr(scheduling_link::Column::EndedAt, Expr::value(now))
        .filter(scheduling_link::Column::OrderId.eq(order_id))
        .filter(scheduling_link::Column::EndedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Ends the order's open links when its inspection is set (by any door), when it is reassigned,
/// and when it closes.
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        let OrderEvent::Moved { order, to, action, .. } = event else { return Ok(()) };
        let ends = matches!(action, OrderAction::ScheduleInspection | OrderAction::Reassign)
            || to.is_closed()
            || *to == OrderStatus::Inspected;
        if ends {
            end_open_links(cx.txn, order.id, Utc::now()).await?;
        }
        Ok(())
    })
}

fn state_of(link: &scheduling_link::Model, now: DateTime<Utc>) -> &'static str {
    match (link.chosen_start, link.ended_at) {
        (Some(_), _) => "scheduled",
        (None, Some(_)) => "ended",
        (None, None) if link.expires_at <= now => "ended",
        (None, None) => "open",
    }
}

/// The appraiser's scheduled appointments (start, end) on their other orders around `windows`,
/// read at once.
async fn appointments(
    db: &impl ConnectionTrait,
    o: &order::Model,
    windows: &[Window],
) -> AppResult<Vec<(DateTime<Utc>, DateTime<Utc>)>> {
    let (Some(appraiser), Some(first), Some(last)) = (
        o.assigned_appraiser_id,
        windows.iter().map(|w| w.start).min(),
        windows.iter().map(|w| w.end).max(),
    ) else {
        return Ok(Vec::new());
    };
    let nearby = order::Entity::find()
        .filter(order::Column::AssignedAppraiserId.eq(appraiser))
        .filter(order::Column::Id.ne(o.id))
        .filter(order::Column::StatusId.is_in([OrderStatus::Scheduled, OrderStatus::Rescheduled]))
        .filter(order::Column::InspectionActualDate.lt(last))
        .filter(order::Column::InspectionActualDate.gt(first - Duration::hours(14)))
        .all(db)
        .await?;
    let ends = order_detail::Entity::find()
        .filter(order_detail::Column::OrderId.is_in(nearby.iter().map(|n| n.id)))
        .all(db)
        .await?;
    Ok(nearby
        .iter()
        .filter_map(|other| {
            let start = other.inspection_actual_date?;
            let end = ends.iter().find(|d| d.order_id == other.id);
            let end = end.and_then(|d| d.appointment_end_at);
            Some((start, end.unwrap_or(start + Duration::hours(1))))
        })
        .collect())
}

fn taken(appointments: &[(DateTime<Utc>, DateTime<Utc>)], w: &Window) -> bool {
    appointments.iter().any(|(start, end)| *start < w.end && *end > w.start)
}

fn offered(
    w: &Window,
    tz: Tz,
    open: bool,
    appointments: &[(DateTime<Utc>, DateTime<Utc>)],
) -> OfferedWindow {
    let why = if w.start <= Utc::now() {
        Some("past")
    } else if open && taken(appointments, w) {
        Some("taken")
    } else {
        None
    };
    OfferedWindow {
        start: w.start,
        end: w.end,
        label: appointment_label(w.start, Some(w.end), tz),
        available: open && why.is_none(),
        unavailable_because: why.map(str::to_string),
    }
}

async fn windows_of(
    state: &AppState,
    link: &scheduling_link::Model,
    o: &order::Model,
) -> AppResult<(Vec<OfferedWindow>, Option<OfferedWindow>)> {
    let tz = state.config.time_zone().map_err(AppError::Internal)?;
    let open = state_of(link, Utc::now()) == "open";
    let offer = offer_of(link)?;
    let booked = if open { appointments(&state.db, o, &offer.windows).await? } else { Vec::new() };
    let windows = offer.windows.iter().map(|w| offered(w, tz, open, &booked)).collect();
    let chosen = offer.windows.iter().find(|w| Some(w.start) == link.chosen_start);
    let chosen = chosen.map(|w| offered(w, tz, false, &[]));
    Ok((windows, chosen))
}

async fn latest_view(state: &AppState, order_id: i64) -> AppResult<Option<SchedulingLinkView>> {
    let link = scheduling_link::Entity::find()
        .filter(scheduling_link::Column::OrderId.eq(order_id))
        .order_by_desc(scheduling_link::Column::Id)
        .one(&state.db)
        .await?;
    let Some(link) = link else { return Ok(None) };
    let o = order::Entity::find_by_id(order_id).one(&state.db).await?;
    let o = o.ok_or_else(|| AppError::NotFound("Order not found.".into()))?;
    let sender = security_user::Entity::find_by_id(link.created_by).one(&state.db).await?;
    let (windows, chosen) = windows_of(state, &link, &o).await?;
    Ok(Some(SchedulingLinkView {
        state: state_of(&link, Utc::now()).into(),
        contact_name: link.contact_name,
        contact_email: link.contact_email,
        contact_phone: link.contact_phone,
        windows,
        chosen,
        sent_by: sender.map(|u| full_name(&u)).unwrap_or_default(),
        sent_at: link.created_at,
        expires_at: link.expires_at,
    }))
}

/// The order's latest scheduling link (null when none was sent).
#[utoipa::path(get, path = "/api/orders/{id}/scheduling-link", tag = "order-actions",
    params(OrderId),
    responses((status = 200, body = Option<SchedulingLinkView>),
        (status = 404, body = MessageResponse)))]
async fn latest_link(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Option<SchedulingLinkView>>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(latest_view(&state, id).await?))
}

async fn link_of(state: &AppState, token: &str) -> AppResult<scheduling_link::Model> {
    scheduling_link::Entity::find()
        .filter(scheduling_link::Column::TokenHash.eq(hash_token(token)))
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_LINK_UNKNOWN.into()))
}

async fn page_of(state: &AppState, link: scheduling_link::Model) -> AppResult<SchedulingPage> {
    let o = order::Entity::find_by_id(link.order_id).one(&state.db).await?;
    let o = o.ok_or_else(|| AppError::NotFound(MSG_LINK_UNKNOWN.into()))?;
    let (windows, chosen) = windows_of(state, &link, &o).await?;
    Ok(SchedulingPage {
        company: state.config.billing_name.clone(),
        property_address: o.property_address(),
        state: state_of(&link, Utc::now()).into(),
        contact_name: link.contact_name,
        windows,
        chosen,
        expires_at: link.expires_at,
        time_zone: state.config.time_zone().map_err(AppError::Internal)?.name().to_string(),
    })
}

/// The windows a scheduling link offers, and whether each can still be chosen.
#[utoipa::path(get, path = "/api/scheduling/{token}", tag = "order-actions",
    params(("token" = String, Path, description = "The link's token")),
    responses((status = 200, body = SchedulingPage), (status = 404, body = MessageResponse)))]
async fn scheduling_page(
    axum::extract::State(state): axum::extract::State<AppState>,
    Path(token): Path<String>,
) -> AppResult<axum::Json<SchedulingPage>> {
    let link = link_of(&state, &token).await?;
    Ok(axum::Json(page_of(&state, link).await?))
}

/// The link's sender, acting now as when they sent it: the action must still be theirs.
async fn sender_check(
    state: &AppState,
    link: &scheduling_link::Model,
) -> AppResult<(CurrentUser, Checked)> {
    let sender = security_user::Entity::find_by_id(link.created_by).one(&state.db).await?;
    let sender =
        sender.filter(|u| u.active).ok_or_else(|| AppError::Conflict(MSG_LINK_ENDED.into()))?;
    let sender = CurrentUser::offline(sender);
    let checked = apply::check(&state.db, &sender, link.order_id, OrderAction::ScheduleInspection)
        .await
        .map_err(|_| AppError::Conflict(MSG_LINK_ENDED.into()))?;
    Ok((sender, checked))
}

/// Chooses a window: the inspection is scheduled then, as Schedule Inspection would, and the link
/// ends. A window past, taken or not offered is refused, as is an ended link (409).
#[utoipa::path(post, path = "/api/scheduling/{token}", tag = "order-actions",
    params(("token" = String, Path, description = "The link's token")),
    request_body = ChooseWindow,
    responses((status = 200, body = SchedulingPage), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn choose_window(
    axum::extract::State(state): axum::extract::State<AppState>,
    Path(token): Path<String>,
    Json(body): Json<ChooseWindow>,
) -> AppResult<axum::Json<SchedulingPage>> {
    let link = link_of(&state, &token).await?;
    if state_of(&link, Utc::now()) != "open" {
        return Err(AppError::Conflict(MSG_LINK_ENDED.into()));
    }
    let tz = state.config.time_zone().map_err(AppError::Internal)?;
    let start = body.start.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let start = start.ok_or_else(|| invalid("Please choose a time."))?;
    let start = instant(start, tz).ok_or_else(|| invalid(MSG_NOT_OFFERED))?;
    let offer = offer_of(&link)?;
    let w = offer.windows.iter().find(|w| w.start == start);
    let w = w.ok_or_else(|| invalid(MSG_NOT_OFFERED))?.clone();
    if w.start <= Utc::now() {
        return Err(invalid(MSG_WINDOW_PAST));
    }
    let (sender, checked) = sender_check(&state, &link).await?;
    let booked = appointments(&state.db, &checked.order, std::slice::from_ref(&w)).await?;
    if taken(&booked, &w) {
        return Err(AppError::Conflict(MSG_WINDOW_TAKEN.into()));
    }
    let rules = schedule_rules(&state, &checked)?;
    let delivery = delivery_date(offer.delivery, &checked.order, checked.detail.as_ref(), &w);
    let body =
        schedule_body(&checked.order, &w, tz, &offer.with, delivery, link.reason.as_deref(), rules);
    let (mut change, _) = schedule_change(&state, rules, check_schedule(&body, rules)?)?;
    change.note.push(format!("Chosen by {} through the scheduling link.", link.contact_name));
    let txn = portal_db::begin_write(&state.db).await?;
    let chosen = scheduling_link::Entity::update_many()
        .col_expr(scheduling_link::Column::ChosenStart, Expr::value(w.start))
        .filter(scheduling_link::Column::Id.eq(link.id))
        .filter(scheduling_link::Column::EndedAt.is_null())
        .exec(&txn)
        .await?;
    if chosen.rows_affected != 1 {
        return Err(AppError::Conflict(MSG_LINK_ENDED.into()));
    }
    apply::write(&txn, &state.config, &sender, &checked, change).await?;
    txn.commit().await?;
    let link = link_of(&state, &token).await?;
    Ok(axum::Json(page_of(&state, link).await?))
}
