//! The borrower's card payment, for orders of products or clients marked "borrower pays": staff
//! (or the order's creation, when the borrower's e-mail is known) send the borrower a link to
//! `/pay/{token}`, valid 14 days; the borrower pays by card on the payment provider's page
//! (`card_sandbox` stands in for it), so no card number ever reaches the portal. Such an order
//! cannot be assigned before it is paid (409), and a cancelled order's payment is refunded through
//! the provider. Every step is noted in the order's history (hidden from appraisers).
use chrono::{DateTime, Duration, Utc};
use portal_db::entities::{borrower_payment, order, order_detail};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::card_sandbox;
use crate::kernel::orders::apply;
use crate::kernel::orders::client_events::Source;
use crate::kernel::orders::details::{borrower_cell, borrower_email};
use crate::kernel::orders::life::{OrderEvent, Reaction};
use crate::platform::audit::audit_staff;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::config::{CARD_SANDBOX, CARD_STRIPE, Config};
use crate::platform::delivery::{Channel, Outgoing};
use crate::platform::fields::{named, optional_email};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::money::Cents;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};
use futures_util::future::BoxFuture;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send_payment_link))
}

/// Days a payment link stays usable.
pub const LINK_DAYS: i64 = 14;
pub const PENDING: &str = "pending";
pub use crate::kernel::orders::borrower_pays::{MSG_NOT_PAID, PAID, ensure_paid, paid, required};
pub const REFUNDED: &str = "refunded";
/// A link a newer one replaced.
pub const REPLACED: &str = "replaced";
pub const MSG_NO_CARD_PROVIDER: &str = "No card payment provider is configured.";
pub const MSG_NOT_BORROWER_PAID: &str = "This order is not paid by the borrower \
    (neither its client nor its products are marked \"borrower pays\").";

/// Where the borrower's payment of an order stands, for staff.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BorrowerPaymentView {
    /// pending, paid, refunded or replaced
    pub status: String,
    pub amount_cents: i64,
    pub email: String,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub refunded_at: Option<DateTime<Utc>>,
}

/// The order's latest payment link, if any.
pub async fn latest(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Option<borrower_payment::Model>> {
    Ok(borrower_payment::Entity::find()
        .filter(borrower_payment::Column::OrderId.eq(order_id))
        .order_by_desc(borrower_payment::Column::Id)
        .one(db)
        .await?)
}

pub async fn view(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Option<BorrowerPaymentView>> {
    Ok(latest(db, order_id).await?.map(|p| BorrowerPaymentView {
        status: p.status,
        amount_cents: p.amount_cents,
        email: p.email,
        sent_at: p.created_at,
        expires_at: p.expires_at,
        paid_at: p.paid_at,
        refunded_at: p.refunded_at,
    }))
}

/// The borrower's e-mail among the order's contacts.
/// Sends the borrower a new payment link (an older pending one stops working).
pub async fn send_link(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    email: &str,
    sent_by: Option<i32>,
) -> AppResult<()> {
    let detail = order_detail::Entity::find_by_id(o.id).one(txn).await?;
    let amount = detail
        .and_then(|d| d.client_fee_cents)
        .ok_or_else(|| AppError::Conflict("The order has no client fee to charge.".into()))?;
    borrower_payment::Entity::update_many()
        .col_expr(borrower_payment::Column::Status, Expr::value(REPLACED))
        .filter(borrower_payment::Column::OrderId.eq(o.id))
        .filter(borrower_payment::Column::Status.eq(PENDING))
        .exec(txn)
        .await?;
    let token = random_token();
    let now = Utc::now();
    let expires_at = now + Duration::days(LINK_DAYS);
    borrower_payment::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        token_hash: Set(hash_token(&token)),
        email: Set(email.to_owned()),
        amount_cents: Set(amount),
        status: Set(PENDING.into()),
        session_id: Set(None),
        provider_ref: Set(None),
        sent_by: Set(sent_by),
        created_at: Set(now),
        expires_at: Set(expires_at),
        paid_at: Set(None),
        refunded_at: Set(None),
    }
    .insert(txn)
    .await?;
    let link = config.link(&format!("/pay/{token}"));
    let lines = vec![
        format!(
            "{} asks you to pay for the appraisal of {}.",
            config.billing_name,
            o.property_address()
        ),
        format!("Amount: {}", Cents(amount)),
        format!("Pay by card here (the link works for {LINK_DAYS} days): {link}"),
    ];
    let subject = format!("Payment for the appraisal of {}", o.property_address());
    crate::platform::delivery::email(txn, email, subject.clone(), lines).await?;
    let mut line = format!("Payment link for {} sent to the borrower ({email}", Cents(amount));
    if let Some(cell) = borrower_cell(txn, o.id).await? {
        let text =
            format!("{}: pay {} for your appraisal: {link}", config.billing_name, Cents(amount));
        let message =
            Outgoing { channel: Channel::Sms, recipient: cell.clone(), subject, text, html: None };
        crate::platform::delivery::enqueue(txn, message).await?;
        line.push_str(&format!(" and by text to {cell}"));
    }
    line.push_str(").");
    apply::note(txn, None, o, line, true).await
}

/// At an order's creation: sends the link when the borrower pays and their e-mail is known.
pub async fn offer_at_creation(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    sent_by: Option<i32>,
) -> AppResult<()> {
    if !required(txn, config, o).await? {
        return Ok(());
    }
    match borrower_email(txn, o.id).await? {
        Some(email) => send_link(txn, config, o, &email, sent_by).await,
        None => Ok(()),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentLinkBody {
    /// Where to send the link; the borrower contact's e-mail when left out.
    #[schema(max_length = 200, pattern = "^([^@\\s]+@[^\\s.]\\S*\\.\\S*)?$")]
    pub email: Option<String>,
}

/// Sends (or sends again) the borrower a link to pay for the order by card.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/borrower-payment-link",
    tag = "staff",
    request_body = PaymentLinkBody,
    params(OrderId),
    responses(
        (status = 200, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn send_payment_link(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(body): Json<PaymentLinkBody>,
) -> AppResult<axum::Json<MessageResponse>> {
    let given = optional_email(named("email", "E-mail"), body.email.as_deref())?;
    let txn = portal_db::begin_write(&state.db).await?;
    let o = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("No such order.".into()))?;
    if o.status_id.is_closed() {
        return Err(AppError::Conflict(format!("This order is {}.", o.status_id.label())));
    }
    if !state.config.card_payments() {
        return Err(AppError::Conflict(MSG_NO_CARD_PROVIDER.into()));
    }
    if !required(&txn, &state.config, &o).await? {
        return Err(AppError::Conflict(MSG_NOT_BORROWER_PAID.into()));
    }
    if paid(&txn, id).await? {
        return Err(AppError::Conflict("The borrower has paid for this order already.".into()));
    }
    let email = match given {
        Some(email) => email,
        None => borrower_email(&txn, id).await?.ok_or_else(|| {
            named("email", "E-mail")
                .refuse("The order has no borrower e-mail: please enter one.".into())
        })?,
    };
    send_link(&txn, &state.config, &o, &email, Some(caller.id())).await?;
    let detail = format!("order {id} ({}): payment link to {email}", o.file_number);
    audit_staff(&txn, &caller, &ip, "staff.borrower_payment_link", detail).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(format!("The payment link was sent to {email}."))))
}

/// Refunds the borrower's payment of a cancelled order through the card provider (nothing when
/// the borrower had not paid). The provider is called outside the transaction; its idempotency
/// makes a repeated refund harmless.
pub async fn refund_on_cancel(state: &AppState, order_id: i64) -> AppResult<()> {
    let Some(payment) = borrower_payment::Entity::find()
        .filter(borrower_payment::Column::OrderId.eq(order_id))
        .filter(borrower_payment::Column::Status.eq(PAID))
        .one(&state.db)
        .await?
    else {
        return Ok(());
    };
    let reference = payment.provider_ref.clone().unwrap_or_default();
    let amount = Cents(payment.amount_cents);
    let by_provider = match state.config.card_provider.as_str() {
        CARD_STRIPE => {
            super::stripe::refund(&state.config, payment.id, &reference).await.map(|_| true)?
        }
        CARD_SANDBOX => card_sandbox::refund(&reference).map(|_| true)?,
        _ => false,
    };
    let line = if by_provider {
        format!("The borrower's payment of {amount} was refunded.")
    } else {
        format!(
            "The borrower's payment of {amount} must be refunded by hand: \
             no card payment provider is configured."
        )
    };
    let txn = portal_db::begin_write(&state.db).await?;
    let refunded = borrower_payment::Entity::update_many()
        .col_expr(borrower_payment::Column::Status, Expr::value(REFUNDED))
        .col_expr(borrower_payment::Column::RefundedAt, Expr::value(Some(Utc::now())))
        .filter(borrower_payment::Column::Id.eq(payment.id))
        .filter(borrower_payment::Column::Status.eq(PAID))
        .exec(&txn)
        .await?;
    if refunded.rows_affected == 1
        && let Some(o) = order::Entity::find_by_id(order_id).one(&txn).await?
    {
        apply::note(&txn, None, &o, line, true).await?;
    }
    txn.commit().await?;
    Ok(())
}

/// Marks a pending payment paid with the provider's reference, notes it on the order, and lets
/// automatic assignment start.
pub async fn mark_paid(
    txn: &DatabaseTransaction,
    config: &Config,
    payment: borrower_payment::Model,
    reference: String,
) -> AppResult<()> {
    let o = order::Entity::find_by_id(payment.order_id)
        .one(txn)
        .await?
        .ok_or_else(|| AppError::Internal(format!("payment {} has no order", payment.id)))?;
    let amount = Cents(payment.amount_cents);
    let mut row: borrower_payment::ActiveModel = payment.into();
    row.status = Set(PAID.into());
    row.provider_ref = Set(Some(reference));
    row.paid_at = Set(Some(Utc::now()));
    row.session_id = Set(None);
    row.update(txn).await?;
    apply::note(txn, None, &o, format!("The borrower paid {amount} by card."), true).await?;
    crate::features::assignment::offers::start(txn, config, &o).await
}

/// A new order the borrower pays for sends them the payment link at once (when their e-mail is
/// known and no appraiser has it yet).
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        let OrderEvent::Created { order: o, source, actor, .. } = event else { return Ok(()) };
        if o.assigned_appraiser_id.is_some() {
            return Ok(());
        }
        let sent_by = if *source == Source::Staff { *actor } else { None };
        offer_at_creation(cx.txn, cx.config, o, sent_by).await
    })
}
