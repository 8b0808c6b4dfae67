//! Paying for the work: the orders staff may pay (completed or delivered, with an appraiser, not
//! paid yet) with their pay-by dates, recording a payment, which shows in that appraiser's payment
//! history, and withholding one with a written reason sent to the appraiser. An order is paid once:
//! a unique index makes the second of two payments a 409, however close together.
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use portal_db::entities::{order, payment, payment_hold, security_user};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::payments::payable::{PAYABLE, PayableOrder, payable_orders};
use crate::kernel::orders::apply;
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn, OrderId};
use crate::platform::delivery;
use crate::platform::fields::{ReasonBody, required_text};
use crate::platform::fields::{invalid, named, positive_fee, required_date};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::live;
use crate::platform::money::{Amount, Cents};
use crate::platform::names::full_name;
use crate::platform::notifications::{Event, Notice, notify};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(payable))
        .routes(routes!(record_payment))
        .routes(routes!(withhold))
}

pub const MSG_ALREADY_PAID: &str = "This order has already been paid.";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentBody {
    #[schema(required = true, value_type = i64)]
    pub order_id: Option<i64>,
    /// Dollars, as a number or a string.
    #[schema(required = true)]
    #[serde(default)]
    pub amount: Amount,
    /// yyyy-mm-dd
    #[schema(required = true, value_type = String)]
    pub payment_date: Option<String>,
}

/// Completed or delivered orders with an appraiser and no payment, newest first (the one just
/// delivered is the one staff usually pay next).
#[utoipa::path(
    get,
    path = "/api/staff/payments/payable",
    tag = "staff",
    responses((status = 200, body = Vec<PayableOrder>), (status = 403, body = MessageResponse)),
)]
async fn payable(State(state): State<AppState>) -> AppResult<axum::Json<Vec<PayableOrder>>> {
    Ok(axum::Json(payable_orders(&state.db, &state.config, None).await?))
}

/// Withholds the payment of a payable order (`id` is the order's): the reason is required, kept,
/// noted in the order's history and e-mailed to the appraiser.
#[utoipa::path(
    post,
    path = "/api/staff/payments/{id}/withhold",
    tag = "staff",
    request_body = ReasonBody,
    params(OrderId),
    responses(
        (status = 200, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn withhold(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ReasonBody>,
) -> AppResult<axum::Json<MessageResponse>> {
    let reason = required_text(body.reason.as_deref(), MSG_WITHHOLD_REASON)
        .map_err(|e| named("reason", "Reason").refuse(e.to_string()))?;
    let txn = portal_db::begin_write(&state.db).await?;
    let o = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("No such order.".into()))?;
    let Some(appraiser_id) = o.assigned_appraiser_id.filter(|_| PAYABLE.contains(&o.status_id))
    else {
        return Err(AppError::Conflict("Only a payable order's payment can be withheld.".into()));
    };
    if payment::Entity::find().filter(payment::Column::OrderId.eq(id)).one(&txn).await?.is_some() {
        return Err(AppError::Conflict(MSG_ALREADY_PAID.into()));
    }
    let row = payment_hold::ActiveModel {
        order_id: Set(id),
        reason: Set(reason.clone()),
        user_id: Set(caller.id()),
        held_at: Set(Utc::now()),
    };
    payment_hold::Entity::insert(row)
        .on_conflict(
            OnConflict::column(payment_hold::Column::OrderId)
                .update_columns([
                    payment_hold::Column::Reason,
                    payment_hold::Column::UserId,
                    payment_hold::Column::HeldAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
    let line = format!("Payment withheld by {}: {reason}", full_name(&caller.user));
    apply::note(&txn, Some(caller.id()), &o, line, false).await?;
    if let Some(appraiser) = security_user::Entity::find_by_id(appraiser_id).one(&txn).await? {
        let lines = vec![
            format!(
                "The payment for order {} ({}) is withheld for this reason:",
                o.file_number,
                o.property_address()
            ),
            reason,
            "You may answer on the order's page.".into(),
        ];
        let subject = format!("Payment withheld for order {}", o.file_number);
        delivery::email(&txn, &appraiser.email, subject, lines).await?;
    }
    audit_staff(&txn, &caller, &ip, "staff.payment_withheld", format!("order {id}")).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("The payment is withheld; the appraiser was told why.")))
}

pub const MSG_WITHHOLD_REASON: &str = "Please enter the reason the payment is withheld.";

/// Records the payment of a payable order to its appraiser.
#[utoipa::path(
    post,
    path = "/api/staff/payments",
    tag = "staff",
    request_body = PaymentBody,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn record_payment(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(body): Json<PaymentBody>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let order_id = body.order_id.ok_or_else(|| invalid("Order is required."))?;
    let cents = positive_fee(named("amount", "Amount"), body.amount)?;
    let date = required_date(named("paymentDate", "Payment date"), body.payment_date.as_deref())?;
    let today = state.config.today().map_err(AppError::Internal)?;
    if date > today + Duration::days(365) || date < today - Duration::days(365 * 10) {
        return Err(invalid(
            "Payment date must be within ten years before and one year after today.",
        ));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let o = order::Entity::find_by_id(order_id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("No such order.".into()))?;
    let Some(appraiser_id) = o.assigned_appraiser_id.filter(|_| PAYABLE.contains(&o.status_id))
    else {
        return Err(AppError::Conflict(format!(
            "Only completed or delivered orders with an appraiser can be paid; this one is {}.",
            o.status_id.label()
        )));
    };
    if payment::Entity::find()
        .filter(payment::Column::OrderId.eq(order_id))
        .one(&txn)
        .await?
        .is_some()
    {
        return Err(AppError::Conflict(MSG_ALREADY_PAID.into()));
    }
    let saved = payment::ActiveModel {
        id: NotSet,
        appraiser_user_id: Set(appraiser_id),
        order_id: Set(Some(order_id)),
        usa_file_number: Set(o.file_number.clone()),
        address: Set(o.property_address()),
        borrower: Set(o.borrower_name.clone()),
        amount_cents: Set(cents),
        payment_date: Set(date),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await
    .map_err(|e| {
        if is_unique_violation(&e) { AppError::Conflict(MSG_ALREADY_PAID.into()) } else { e.into() }
    })?;
    let detail = format!(
        "order {order_id} ({}): {} to appraiser {appraiser_id}",
        o.file_number,
        Cents(cents)
    );
    audit_staff(&txn, &caller, &ip, "staff.payment_recorded", detail).await?;
    if let Some(appraiser) = security_user::Entity::find_by_id(appraiser_id).one(&txn).await? {
        let paid = Cents(cents).to_string();
        let notice = Notice {
            event: Event::PaymentRecorded,
            subject: format!("Payment recorded for order {}", o.file_number),
            lines: vec![format!(
                "A payment of {paid} for order {} ({}) was recorded on {}.",
                o.file_number,
                o.property_address(),
                date.format("%m/%d/%Y")
            )],
            link: "/appraiser/payments/payment-history".into(),
        };
        notify(&txn, &state.config, &appraiser, notice).await?;
    }
    let change = live::Change {
        kind: live::Kind::Payment,
        order_id: Some(order_id),
        quote_id: None,
        appraisers: vec![appraiser_id],
        company_id: o.assigned_company_id,
    };
    live::record(&txn, change).await?;
    txn.commit().await.map_err(|e| {
        if is_unique_violation(&e) { AppError::Conflict(MSG_ALREADY_PAID.into()) } else { e.into() }
    })?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: saved.id, file_number: None })))
}

fn is_unique_violation(e: &sea_orm::DbErr) -> bool {
    matches!(e.sql_err(), Some(sea_orm::SqlErr::UniqueConstraintViolation(_)))
}
