//! The invoice of a delivered order: issued in the Deliver transaction (a number from the gap-free
//! `INV` sequence of the year, due after the client's payment terms), e-mailed to the client's
//! billing contact and shown on the client's order page. An issued invoice is never edited: a
//! credit note (`CN` sequence) takes an amount off, and the lender's payments are recorded against
//! it. Its balance decides its status: paid (nothing left), overdue (past due) or open.
use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{Datelike, Duration, NaiveDate, Utc};
use portal_db::entities::{client, credit_note, invoice, invoice_payment, order, order_detail};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, NotSet,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use futures_util::future::BoxFuture;

use super::{numbers, prices, printing};
use crate::kernel::clients::client_of;
use crate::kernel::orders::life::{OrderEvent, Reaction};
use crate::kernel::orders::status::OrderStatus;
use crate::platform::audit::audit_staff;
use crate::platform::call::{CallOn, InvoiceId, OrderId};
use crate::platform::config::Config;
use crate::platform::fields::{MAX_LINE, named, optional, required, required_date};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::{Json, Path, Query};
use crate::platform::money::{Cents, MAX_CENTS};
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_invoices))
        .routes(routes!(invoice_detail))
        .routes(routes!(invoice_pdf))
        .routes(routes!(record_lender_payment))
        .routes(routes!(issue_credit_note))
}

pub fn client_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(client_invoice_pdf))
}

pub const INVOICE_PREFIX: &str = "INV";
pub const CREDIT_NOTE_PREFIX: &str = "CN";
/// How a lender may pay.
pub const METHODS: [&str; 4] = ["check", "ach", "wire", "card"];
pub const MSG_NO_INVOICE: &str = "No such invoice.";

/// Where an invoice stands, from its balance and due date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InvoiceStatus {
    Open,
    Overdue,
    Paid,
}

impl InvoiceStatus {
    pub fn label(self) -> &'static str {
        match self {
            InvoiceStatus::Open => "Open",
            InvoiceStatus::Overdue => "Overdue",
            InvoiceStatus::Paid => "Paid",
        }
    }
}

/// An invoice with what has been credited and paid against it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceSummary {
    pub id: i64,
    pub number: String,
    pub order_id: i64,
    pub file_number: String,
    pub client_id: i32,
    pub client_name: String,
    pub issued_on: NaiveDate,
    pub due_on: NaiveDate,
    pub amount_cents: i64,
    pub credited_cents: i64,
    pub paid_cents: i64,
    /// amount - credited - paid; below zero when the client is owed money back.
    pub balance_cents: i64,
    pub status: InvoiceStatus,
    /// Days past its due date while unpaid; 0 otherwise.
    pub days_overdue: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LenderPayment {
    pub id: i64,
    pub amount_cents: i64,
    pub method: String,
    pub reference: Option<String>,
    pub received_on: NaiveDate,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteView {
    pub id: i64,
    pub number: String,
    pub amount_cents: i64,
    pub reason: String,
    pub issued_on: NaiveDate,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceDetail {
    #[serde(flatten)]
    pub summary: InvoiceSummary,
    /// Oldest first.
    pub payments: Vec<LenderPayment>,
    pub credit_notes: Vec<CreditNoteView>,
}

/// The invoice as the client's order page shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientInvoice {
    pub number: String,
    pub issued_on: NaiveDate,
    pub due_on: NaiveDate,
    pub amount_cents: i64,
    pub balance_cents: i64,
    pub status: InvoiceStatus,
}

/// Credits and payments of each invoice, in cents.
struct Ledger {
    credited: HashMap<i64, i64>,
    paid: HashMap<i64, i64>,
}

impl Ledger {
    async fn of(db: &impl ConnectionTrait, ids: &[i64]) -> AppResult<Ledger> {
        let credits: Vec<(i64, i64)> = credit_note::Entity::find()
            .select_only()
            .column(credit_note::Column::InvoiceId)
            .column(credit_note::Column::AmountCents)
            .filter(credit_note::Column::InvoiceId.is_in(ids.to_vec()))
            .into_tuple()
            .all(db)
            .await?;
        let payments: Vec<(i64, i64)> = invoice_payment::Entity::find()
            .select_only()
            .column(invoice_payment::Column::InvoiceId)
            .column(invoice_payment::Column::AmountCents)
            .filter(invoice_payment::Column::InvoiceId.is_in(ids.to_vec()))
            .into_tuple()
            .all(db)
            .await?;
        let sum = |rows: Vec<(i64, i64)>| {
            rows.into_iter().fold(HashMap::new(), |mut sums, (id, cents)| {
                *sums.entry(id).or_insert(0) += cents;
                sums
            })
        };
        Ok(Ledger { credited: sum(credits), paid: sum(payments) })
    }

    fn figures(&self, i: &invoice::Model, today: NaiveDate) -> Figures {
        let credited = self.credited.get(&i.id).copied().unwrap_or(0);
        let paid = self.paid.get(&i.id).copied().unwrap_or(0);
        Figures::new(i, credited, paid, today)
    }
}

struct Figures {
    credited: i64,
    paid: i64,
    balance: i64,
    status: InvoiceStatus,
    days_overdue: i64,
}

impl Figures {
    fn new(i: &invoice::Model, credited: i64, paid: i64, today: NaiveDate) -> Figures {
        let balance = i.amount_cents - credited - paid;
        let status = match balance {
            ..=0 => InvoiceStatus::Paid,
            _ if today > i.due_on => InvoiceStatus::Overdue,
            _ => InvoiceStatus::Open,
        };
        let days_overdue = match status {
            InvoiceStatus::Overdue => (today - i.due_on).num_days(),
            _ => 0,
        };
        Figures { credited, paid, balance, status, days_overdue }
    }
}

fn today(config: &Config) -> AppResult<NaiveDate> {
    config.today().map_err(AppError::Internal)
}

/// Issues the invoice of a delivered order (in the Deliver transaction) and e-mails the client's
/// billing contact. Nothing is issued for an order without a client or a fee, or one invoiced
/// already (delivered again after a revision).
pub async fn issue_at_delivery(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
) -> AppResult<Option<invoice::Model>> {
    let Some(client_id) = o.client_id else { return Ok(None) };
    let invoiced = invoice::Entity::find().filter(invoice::Column::OrderId.eq(o.id));
    if invoiced.one(txn).await?.is_some() {
        return Ok(None);
    }
    let Some(c) = client::Entity::find_by_id(client_id).one(txn).await? else { return Ok(None) };
    let Some(amount) = client_fee(txn, o.id, client_id).await? else { return Ok(None) };
    let issued_on = today(config)?;
    let number = numbers::next(txn, INVOICE_PREFIX, issued_on.year()).await?;
    let issued = invoice::ActiveModel {
        id: NotSet,
        number: Set(number),
        order_id: Set(o.id),
        client_id: Set(client_id),
        amount_cents: Set(amount),
        issued_on: Set(issued_on),
        due_on: Set(issued_on + Duration::days(c.payment_terms_days.into())),
        created_at: Set(Utc::now()),
    }
    .insert(txn)
    .await?;
    send_to_billing_contact(txn, config, &c, o, &issued).await?;
    Ok(Some(issued))
}

/// The order's client fee: as staff set it, else from the client's price list now.
async fn client_fee(
    db: &impl ConnectionTrait,
    order_id: i64,
    client_id: i32,
) -> AppResult<Option<i64>> {
    let Some(detail) = order_detail::Entity::find_by_id(order_id).one(db).await? else {
        return Ok(None);
    };
    match detail.client_fee_cents {
        Some(fee) => Ok(Some(fee)),
        None => prices::list_fee(db, client_id, &detail.products()).await,
    }
}

async fn send_to_billing_contact(
    db: &impl ConnectionTrait,
    config: &Config,
    c: &client::Model,
    o: &order::Model,
    i: &invoice::Model,
) -> AppResult<()> {
    let Some(to) = c.billing_email.as_ref().or(c.main_contact_email.as_ref()) else {
        return Ok(());
    };
    let link = config.client_order_link(o.id);
    let lines = vec![
        format!("Invoice {} for order {} ({}).", i.number, o.file_number, o.property_address()),
        format!("Amount due: {}, by {}.", Cents(i.amount_cents), i.due_on.format("%m/%d/%Y")),
        format!("The invoice is attached as a PDF, and on the order's page: {link}"),
    ];
    let subject = format!("Invoice {} for order {}", i.number, o.file_number);
    let attached = super::printing::invoice_reference(i.id);
    crate::platform::delivery::email_attaching(db, to, subject, lines, &attached).await?;
    Ok(())
}

async fn summaries(
    db: &impl ConnectionTrait,
    invoices: Vec<invoice::Model>,
    today: NaiveDate,
) -> AppResult<Vec<InvoiceSummary>> {
    let ids: Vec<i64> = invoices.iter().map(|i| i.id).collect();
    let ledger = Ledger::of(db, &ids).await?;
    let order_ids: Vec<i64> = invoices.iter().map(|i| i.order_id).collect();
    let files: HashMap<i64, String> = order::Entity::find()
        .select_only()
        .column(order::Column::Id)
        .column(order::Column::FileNumber)
        .filter(order::Column::Id.is_in(order_ids))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let clients = crate::kernel::clients::client_names(db).await?;
    Ok(invoices
        .into_iter()
        .map(|i| {
            let f = ledger.figures(&i, today);
            InvoiceSummary {
                file_number: files.get(&i.order_id).cloned().unwrap_or_default(),
                client_name: clients.get(&i.client_id).cloned().unwrap_or_default(),
                credited_cents: f.credited,
                paid_cents: f.paid,
                balance_cents: f.balance,
                status: f.status,
                days_overdue: f.days_overdue,
                id: i.id,
                number: i.number,
                order_id: i.order_id,
                client_id: i.client_id,
                issued_on: i.issued_on,
                due_on: i.due_on,
                amount_cents: i.amount_cents,
            }
        })
        .collect())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InvoiceQuery {
    /// open, overdue or paid; every invoice when left out.
    #[param(inline)]
    pub status: Option<InvoiceStatus>,
    pub client_id: Option<i32>,
}

/// The receivables: invoices, newest first, by status and client.
#[utoipa::path(get, path = "/api/staff/invoices", tag = "staff", params(InvoiceQuery),
    responses((status = 200, body = Vec<InvoiceSummary>), (status = 422, body = MessageResponse)))]
async fn list_invoices(
    State(state): State<AppState>,
    Query(q): Query<InvoiceQuery>,
) -> AppResult<axum::Json<Vec<InvoiceSummary>>> {
    let mut found = invoice::Entity::find().order_by_desc(invoice::Column::Id);
    if let Some(client_id) = q.client_id {
        found = found.filter(invoice::Column::ClientId.eq(client_id));
    }
    let all = summaries(&state.db, found.all(&state.db).await?, today(&state.config)?).await?;
    Ok(axum::Json(all.into_iter().filter(|i| q.status.is_none_or(|s| i.status == s)).collect()))
}

/// The client's invoices with their figures, newest first, in `status` when given.
pub async fn of_client(
    db: &impl ConnectionTrait,
    config: &Config,
    client_id: i32,
    status: Option<InvoiceStatus>,
) -> AppResult<Vec<InvoiceSummary>> {
    let found = invoice::Entity::find()
        .filter(invoice::Column::ClientId.eq(client_id))
        .order_by_desc(invoice::Column::Id)
        .all(db)
        .await?;
    let all = summaries(db, found, today(config)?).await?;
    Ok(all.into_iter().filter(|i| status.is_none_or(|s| i.status == s)).collect())
}

/// Invoice `id` of the client, with its payments and credit notes (another client's is not found).
pub async fn one_of_client(
    db: &impl ConnectionTrait,
    config: &Config,
    client_id: i32,
    id: i64,
) -> AppResult<(invoice::Model, InvoiceDetail)> {
    let found = find_invoice(db, id).await?;
    if found.client_id != client_id {
        return Err(AppError::NotFound(MSG_NO_INVOICE.into()));
    }
    let detail = detail(db, found.clone(), today(config)?).await?;
    Ok((found, detail))
}

async fn find_invoice(db: &impl ConnectionTrait, id: i64) -> AppResult<invoice::Model> {
    invoice::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_NO_INVOICE.into()))
}

/// One invoice with its payments and credit notes.
#[utoipa::path(
    get,
    path = "/api/staff/invoices/{id}",
    tag = "staff",
    params(InvoiceId),
    responses((status = 200, body = InvoiceDetail), (status = 404, body = MessageResponse)),
)]
async fn invoice_detail(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<InvoiceDetail>> {
    let found = find_invoice(&state.db, id).await?;
    Ok(axum::Json(detail(&state.db, found, today(&state.config)?).await?))
}

async fn detail(
    db: &impl ConnectionTrait,
    found: invoice::Model,
    today: NaiveDate,
) -> AppResult<InvoiceDetail> {
    let id = found.id;
    let payments = invoice_payment::Entity::find()
        .filter(invoice_payment::Column::InvoiceId.eq(id))
        .order_by_asc(invoice_payment::Column::Id)
        .all(db)
        .await?;
    let credits = credit_note::Entity::find()
        .filter(credit_note::Column::InvoiceId.eq(id))
        .order_by_asc(credit_note::Column::Id)
        .all(db)
        .await?;
    let summary = summaries(db, vec![found], today).await?.remove(0);
    Ok(InvoiceDetail {
        summary,
        payments: payments
            .into_iter()
            .map(|p| LenderPayment {
                id: p.id,
                amount_cents: p.amount_cents,
                method: p.method,
                reference: p.reference,
                received_on: p.received_on,
            })
            .collect(),
        credit_notes: credits
            .into_iter()
            .map(|c| CreditNoteView {
                id: c.id,
                number: c.number,
                amount_cents: c.amount_cents,
                reason: c.reason,
                issued_on: c.issued_on,
            })
            .collect(),
    })
}

/// The invoice as issued, as a PDF.
#[utoipa::path(
    get,
    path = "/api/staff/invoices/{id}/pdf",
    tag = "staff",
    params(InvoiceId),
    responses(
        (status = 200, description = "The invoice", content_type = "application/pdf"),
        (status = 404, body = MessageResponse),
    ),
)]
async fn invoice_pdf(State(state): State<AppState>, Path(id): Path<i64>) -> AppResult<Response> {
    let found = find_invoice(&state.db, id).await?;
    printing::invoice_pdf(&state, &found).await
}

/// The invoice of the client's order, as a PDF (404 before it is issued).
#[utoipa::path(
    get,
    path = "/api/client/orders/{id}/invoice",
    tag = "client",
    params(OrderId),
    responses(
        (status = 200, description = "The invoice", content_type = "application/pdf"),
        (status = 404, body = MessageResponse),
    ),
)]
async fn client_invoice_pdf(CallOn { state, caller, id }: CallOn<i64>) -> AppResult<Response> {
    let seat = client_of(&state.db, &caller).await?;
    crate::kernel::clients::find(&state.db, &seat, id).await?;
    let found = invoice::Entity::find()
        .filter(invoice::Column::OrderId.eq(id))
        .filter(invoice::Column::ClientId.eq(seat.client_id))
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_NO_INVOICE.into()))?;
    printing::invoice_pdf(&state, &found).await
}

/// The invoice of an order as its client sees it.
pub async fn for_client(
    db: &impl ConnectionTrait,
    config: &Config,
    order_id: i64,
) -> AppResult<Option<ClientInvoice>> {
    let Some(found) =
        invoice::Entity::find().filter(invoice::Column::OrderId.eq(order_id)).one(db).await?
    else {
        return Ok(None);
    };
    let f = Ledger::of(db, &[found.id]).await?.figures(&found, today(config)?);
    Ok(Some(ClientInvoice {
        number: found.number,
        issued_on: found.issued_on,
        due_on: found.due_on,
        amount_cents: found.amount_cents,
        balance_cents: f.balance,
        status: f.status,
    }))
}

/// A brief of the order's invoice for the staff order page.
pub async fn of_order(
    db: &impl ConnectionTrait,
    config: &Config,
    order_id: i64,
) -> AppResult<Option<InvoiceSummary>> {
    let found =
        invoice::Entity::find().filter(invoice::Column::OrderId.eq(order_id)).all(db).await?;
    Ok(summaries(db, found, today(config)?).await?.pop())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LenderPaymentBody {
    /// Whole cents, at least 1 and at most the balance.
    #[schema(minimum = 1, maximum = 100_000_000)]
    pub amount_cents: i64,
    /// check, ach, wire or card
    #[schema(value_type = String, pattern = "^(check|ach|wire|card)$")]
    pub method: Option<String>,
    /// The check number or transfer reference.
    #[schema(max_length = 200)]
    pub reference: Option<String>,
    /// yyyy-mm-dd, not after today.
    #[schema(value_type = String, format = Date)]
    pub received_on: Option<String>,
}

/// Records money the lender paid against the invoice (all of the balance or part of it).
#[utoipa::path(
    post,
    path = "/api/staff/invoices/{id}/payments",
    tag = "staff",
    request_body = LenderPaymentBody,
    params(InvoiceId),
    responses(
        (status = 201, body = InvoiceDetail),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn record_lender_payment(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(body): Json<LenderPaymentBody>,
) -> AppResult<(StatusCode, axum::Json<InvoiceDetail>)> {
    let method = required(named("method", "Method"), body.method.as_deref(), 20)?;
    if !METHODS.contains(&method.as_str()) {
        return Err(named("method", "Method")
            .refuse(format!("Method must be one of {} (got '{method}').", METHODS.join(", "))));
    }
    let reference = optional(named("reference", "Reference"), body.reference.as_deref(), MAX_LINE)?;
    let received_on =
        required_date(named("receivedOn", "Received on"), body.received_on.as_deref())?;
    let today = today(&state.config)?;
    if received_on > today {
        return Err(named("receivedOn", "Received on")
            .refuse("A payment cannot be received after today.".into()));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let found = locked_invoice(&txn, id).await?;
    let balance = Ledger::of(&txn, &[id]).await?.figures(&found, today).balance;
    check_amount(body.amount_cents, balance, "The payment")?;
    invoice_payment::ActiveModel {
        id: NotSet,
        invoice_id: Set(id),
        amount_cents: Set(body.amount_cents),
        method: Set(method.clone()),
        reference: Set(reference),
        received_on: Set(received_on),
        recorded_by: Set(caller.id()),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    let line = format!("{}: {} by {method}", found.number, Cents(body.amount_cents));
    audit_staff(&txn, &caller, &ip, "staff.lender_payment", line).await?;
    let answer = detail(&txn, found, today).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(answer)))
}

/// The invoice, locked for the rest of the transaction on PostgreSQL (SQLite's write transaction
/// already holds the database), so that two payments or credits cannot both take one balance.
async fn locked_invoice(txn: &DatabaseTransaction, id: i64) -> AppResult<invoice::Model> {
    let mut query = invoice::Entity::find_by_id(id);
    if txn.get_database_backend() == sea_orm::DbBackend::Postgres {
        query = query.lock_exclusive();
    }
    query.one(txn).await?.ok_or_else(|| AppError::NotFound(MSG_NO_INVOICE.into()))
}

fn check_amount(cents: i64, balance: i64, what: &str) -> AppResult<()> {
    let field = named("amountCents", "Amount");
    if !(1..=MAX_CENTS).contains(&cents) {
        return Err(field.refuse("The amount must be more than $0.00.".into()));
    }
    if cents > balance {
        return Err(field.refuse(format!(
            "{what} of {} is more than the balance of {}.",
            Cents(cents),
            Cents(balance.max(0))
        )));
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteBody {
    /// Whole cents, at least 1 and at most the balance.
    #[schema(minimum = 1, maximum = 100_000_000)]
    pub amount_cents: i64,
    /// Why the invoice is corrected.
    #[schema(value_type = String, min_length = 1, max_length = 200, pattern = "\\S")]
    pub reason: Option<String>,
}

/// Issues a credit note against the invoice (the invoice itself never changes).
#[utoipa::path(
    post,
    path = "/api/staff/invoices/{id}/credit-notes",
    tag = "staff",
    request_body = CreditNoteBody,
    params(InvoiceId),
    responses(
        (status = 201, body = InvoiceDetail),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn issue_credit_note(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(body): Json<CreditNoteBody>,
) -> AppResult<(StatusCode, axum::Json<InvoiceDetail>)> {
    let reason = required(named("reason", "Reason"), body.reason.as_deref(), MAX_LINE)?;
    let today = today(&state.config)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let found = locked_invoice(&txn, id).await?;
    let balance = Ledger::of(&txn, &[id]).await?.figures(&found, today).balance;
    check_amount(body.amount_cents, balance, "The credit")?;
    let number = numbers::next(&txn, CREDIT_NOTE_PREFIX, today.year()).await?;
    credit_note::ActiveModel {
        id: NotSet,
        number: Set(number.clone()),
        invoice_id: Set(id),
        amount_cents: Set(body.amount_cents),
        reason: Set(reason),
        issued_on: Set(today),
        issued_by: Set(caller.id()),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    let line = format!("{number} on {}: {}", found.number, Cents(body.amount_cents));
    audit_staff(&txn, &caller, &ip, "staff.credit_note", line).await?;
    let answer = detail(&txn, found, today).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(answer)))
}

/// A delivered order's invoice is issued in the transaction of the delivery.
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        match event {
            OrderEvent::Moved { order, to: OrderStatus::DeliveredToClient, from, .. }
                if *from != OrderStatus::DeliveredToClient =>
            {
                issue_at_delivery(cx.txn, cx.config, order).await.map(drop)
            }
            _ => Ok(()),
        }
    })
}
