//! A client's orders as the client sees them (the portal and the API answer the same views): the
//! list, newest change first, and one order with its timeline. Never the appraiser's fee, internal
//! notes or the appraiser's contact details; the appraiser's name only once the report is
//! delivered.
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::{
    client_order, order, order_contact, order_detail, order_history, report_type,
};
use sea_orm::sea_query::{Condition, Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, SelectTwo,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::kernel::orders::action_requests::appointment_label;
use crate::kernel::orders::contacts::ContactView;
use crate::kernel::orders::status::{CLOSED, OrderStatus};
use crate::kernel::orders::waiting::{self, WaitingFor};
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::names::full_name;

use crate::kernel::clients::{ClientSeat, of_client};
pub use crate::kernel::clients::{MSG_NO_ORDER, find};

/// Which of the client's orders a list shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderFilter {
    /// Not finished yet.
    #[default]
    Open,
    Delivered,
    Cancelled,
    All,
}

/// One of the client's orders in a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientOrderItem {
    pub id: i64,
    pub file_number: String,
    pub status: String,
    pub status_id: OrderStatus,
    pub property_address: String,
    pub borrower_name: String,
    pub loan_number: Option<String>,
    pub ordered_at: DateTime<Utc>,
    /// The due date the client asked for, else the company's.
    pub due_date: Option<NaiveDate>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    /// staff, client_portal or api.
    pub source: String,
    /// The lender's branch the order belongs to.
    pub branch_id: Option<i32>,
    /// The lender's user the order is for.
    pub loan_officer_id: Option<i32>,
}

/// A step of the order's timeline: a status and when the order reached it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineStep {
    pub status: String,
    pub status_id: OrderStatus,
    pub at: DateTime<Utc>,
}

/// One order of the client, with what its page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientOrder {
    #[serde(flatten)]
    pub item: ClientOrderItem,
    pub property_type: Option<String>,
    pub intended_use: Option<String>,
    pub product: Option<String>,
    pub fha_case_number: Option<String>,
    /// When the loan is expected to close.
    pub closing_date: Option<NaiveDate>,
    pub requested_due_date: Option<NaiveDate>,
    pub cancel_requested_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    /// The appraiser's name, once the report is delivered.
    pub appraiser_name: Option<String>,
    /// What an order without an appraiser waits for (null once it has one).
    pub waiting_for: Option<WaitingFor>,
    /// The same in a sentence for the lender.
    pub waiting_for_text: Option<String>,
    pub timeline: Vec<TimelineStep>,
    /// The people to reach about the order, the borrower first.
    pub contacts: Vec<ContactView>,
    /// The invoice of the delivered order (the portal's order page; null before it is issued).
    pub invoice: Option<crate::features::billing::invoices::ClientInvoice>,
    /// The inspection: the appointment once scheduled, then when it took place.
    pub inspection_at: Option<DateTime<Utc>>,
    /// The end of the scheduled appointment.
    pub inspection_ends_at: Option<DateTime<Utc>>,
    /// The same in the company's time zone: "Tuesday 12/01/2026, 9:00am to 10:00am".
    pub inspection_label: Option<String>,
}

fn filtered(
    query: SelectTwo<order::Entity, client_order::Entity>,
    filter: OrderFilter,
    search: Option<&str>,
) -> SelectTwo<order::Entity, client_order::Entity> {
    let query = match filter {
        OrderFilter::Open => {
            query.filter(order::Column::StatusId.is_not_in(CLOSED.map(OrderStatus::id)))
        }
        OrderFilter::Delivered => query.filter(client_order::Column::DeliveredAt.is_not_null()),
        OrderFilter::Cancelled => query.filter(order::Column::StatusId.eq(OrderStatus::Cancelled)),
        OrderFilter::All => query,
    };
    match search.map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => {
            let pattern = format!("%{}%", text.replace(['%', '_'], ""));
            query.filter(
                Condition::any()
                    .add(order::Column::FileNumber.like(&pattern))
                    .add(order::Column::BorrowerName.like(&pattern))
                    .add(order::Column::LoanNumber.like(&pattern)),
            )
        }
        None => query,
    }
}

fn newest_change_first(
    query: SelectTwo<order::Entity, client_order::Entity>,
) -> SelectTwo<order::Entity, client_order::Entity> {
    query
        .order_by_desc(client_order::Column::UpdatedAt)
        .order_by_desc(client_order::Column::OrderId)
}

/// A page of the client's orders (1-based), newest change first, and how many there are.
pub async fn page(
    db: &impl ConnectionTrait,
    seat: &ClientSeat,
    filter: OrderFilter,
    search: Option<&str>,
    page: u64,
    page_size: u64,
) -> AppResult<(Vec<ClientOrderItem>, u64)> {
    let query = filtered(of_client(seat), filter, search);
    let total = query.clone().count(db).await?;
    let rows =
        newest_change_first(query).offset((page - 1) * page_size).limit(page_size).all(db).await?;
    Ok((items(rows), total))
}

/// Where a list stopped: the last order's change time and id.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cursor {
    pub updated_at: DateTime<Utc>,
    pub order_id: i64,
}

/// Up to `limit` orders after `cursor`, newest change first; `changed_since` keeps only orders
/// changed at or after it.
pub async fn after(
    db: &impl ConnectionTrait,
    seat: &ClientSeat,
    (filter, search): (OrderFilter, Option<&str>),
    changed_since: Option<DateTime<Utc>>,
    cursor: Option<Cursor>,
    limit: u64,
) -> AppResult<Vec<ClientOrderItem>> {
    let mut query = filtered(of_client(seat), filter, search);
    if let Some(since) = changed_since {
        query = query.filter(client_order::Column::UpdatedAt.gte(since));
    }
    if let Some(c) = cursor {
        // A row comparison, so the index on (client, last change, order) is read from the cursor
        // on.
        let position = Expr::tuple([
            Expr::col((client_order::Entity, client_order::Column::UpdatedAt)),
            Expr::col((client_order::Entity, client_order::Column::OrderId)),
        ]);
        query = query
            .filter(position.lt(Expr::tuple([Expr::val(c.updated_at), Expr::val(c.order_id)])));
    }
    Ok(items(newest_change_first(query).limit(limit).all(db).await?))
}

fn items(rows: Vec<(order::Model, Option<client_order::Model>)>) -> Vec<ClientOrderItem> {
    rows.into_iter().filter_map(|(o, c)| c.map(|c| item(o, &c))).collect()
}

fn item(o: order::Model, c: &client_order::Model) -> ClientOrderItem {
    let status = o.status_id;
    ClientOrderItem {
        id: o.id,
        property_address: o.property_address(),
        file_number: o.file_number,
        status: status.label(),
        status_id: status,
        borrower_name: o.borrower_name,
        loan_number: o.loan_number,
        ordered_at: o.created_at,
        due_date: c.requested_due_date.or(o.appraiser_due_date),
        delivered_at: c.delivered_at,
        updated_at: c.updated_at,
        source: c.source.clone(),
        branch_id: c.branch_id,
        loan_officer_id: c.loan_officer_id,
    }
}

/// The client's order `id` as its page shows it.
pub async fn view(
    db: &impl ConnectionTrait,
    config: &Config,
    seat: &ClientSeat,
    id: i64,
) -> AppResult<ClientOrder> {
    let (o, c) = find(db, seat, id).await?;
    let detail = order_detail::Entity::find_by_id(id).one(db).await?;
    let product = match detail.as_ref().and_then(|d| d.report_type1_id) {
        Some(type_id) => {
            report_type::Entity::find_by_id(type_id).one(db).await?.map(|r| r.product_description)
        }
        None => None,
    };
    let appraiser_name = match (c.delivered_at, o.assigned_appraiser_id) {
        (Some(_), Some(appraiser)) => {
            portal_db::entities::security_user::Entity::find_by_id(appraiser)
                .one(db)
                .await?
                .map(|u| full_name(&u))
        }
        _ => None,
    };
    let timeline = timeline(db, id).await?;
    let contacts = order_contact::Entity::find()
        .filter(order_contact::Column::OrderId.eq(id))
        .order_by_asc(order_contact::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(ContactView::from)
        .collect();
    let waiting_for = waiting::of(db, config, &o).await?;
    let detail = detail.unwrap_or_else(|| crate::kernel::orders::details::empty_detail(id));
    let tz = config.time_zone().map_err(AppError::Internal)?;
    // Once inspected, the inspection's time is when it took place: the appointment's end is gone.
    let appointment = matches!(o.status_id, OrderStatus::Scheduled | OrderStatus::Rescheduled);
    let inspection_ends_at =
        detail.appointment_end_at.filter(|_| appointment && o.inspection_actual_date.is_some());
    let inspection_label =
        o.inspection_actual_date.map(|at| appointment_label(at, inspection_ends_at, tz));
    Ok(ClientOrder {
        inspection_at: o.inspection_actual_date,
        inspection_ends_at,
        inspection_label,
        property_type: detail.property_type,
        intended_use: detail.intended_use,
        product,
        fha_case_number: detail.fha_case_id,
        closing_date: detail.estimated_closing_date,
        requested_due_date: c.requested_due_date,
        cancel_requested_at: c.cancel_requested_at,
        cancel_reason: c.cancel_reason.clone(),
        appraiser_name,
        waiting_for,
        waiting_for_text: waiting_for.map(|w| w.sentence().to_string()),
        timeline,
        contacts,
        invoice: None,
        item: item(o, &c),
    })
}

/// Each status the order reached, oldest first, with when (repeats of one status kept once).
async fn timeline(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Vec<TimelineStep>> {
    let rows = order_history::Entity::find()
        .filter(order_history::Column::OrderId.eq(order_id))
        .order_by_asc(order_history::Column::CreatedAt)
        .order_by_asc(order_history::Column::Id)
        .all(db)
        .await?;
    let mut steps: Vec<TimelineStep> = Vec::new();
    for row in rows {
        let status = row.status_id;
        if steps.last().is_some_and(|s| s.status_id == status) {
            continue;
        }
        steps.push(TimelineStep { status: status.label(), status_id: status, at: row.created_at });
    }
    Ok(steps)
}

/// At most this many characters in a cancel request's reason.
pub const MAX_REASON: usize = 2000;

/// Asks staff to cancel the order (they decide: work may already be under way). 409 once the
/// order is finished or a request is already open.
pub async fn request_cancel(
    txn: &sea_orm::DatabaseTransaction,
    state: &crate::platform::state::AppState,
    o: &order::Model,
    c: client_order::Model,
    who: &str,
    reason: String,
) -> AppResult<()> {
    use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
    let status = o.status_id;
    if status.is_closed() {
        return Err(AppError::Conflict(format!(
            "This order is {} and can no longer be cancelled.",
            status.label()
        )));
    }
    if let Some(at) = c.cancel_requested_at {
        return Err(AppError::Conflict(format!(
            "Cancellation was already requested on {}.",
            at.format("%m/%d/%Y")
        )));
    }
    let now = Utc::now();
    let mut row = c.into_active_model();
    row.cancel_reason = Set(Some(reason.clone()));
    row.cancel_requested_at = Set(Some(now));
    row.updated_at = Set(now);
    row.update(txn).await?;
    let line = format!("Cancellation requested by {who}: {reason}");
    crate::kernel::orders::placing::write_history(txn, None, o.id, status, line.clone()).await?;
    let link = state.config.staff_order_link(o.id);
    crate::platform::delivery::email(
        txn,
        &state.config.orders_team_email,
        format!("Order {}: the client asks to cancel", o.file_number),
        vec![
            format!("Order {} ({}).", o.file_number, o.property_address()),
            line,
            String::new(),
            format!("Open the order: {link}"),
        ],
    )
    .await?;
    crate::platform::live::record(txn, crate::platform::live::order_changed(o)).await
}
