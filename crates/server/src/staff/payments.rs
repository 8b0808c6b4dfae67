//! Paying for the work: the orders staff may pay (completed or delivered, with an appraiser, not
//! paid yet) and recording a payment, which shows in that appraiser's payment history. An order is
//! paid once: a unique index makes the second of two payments a 409, however close together.
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use portal_db::entities::{order, order_detail, payment, security_user};
use sea_orm::sea_query::Query;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Created, audit_staff};
use crate::current_user::CurrentUser;
use crate::fields::{invalid, named, positive_fee, required_date};
use crate::http::client_ip::ClientIp;
use crate::http::error::{AppError, AppResult, MessageResponse};
use crate::http::extract::Json;
use crate::live;
use crate::money::Cents;
use crate::names::full_name;
use crate::notifications::{Event, Notice, notify};
use crate::orders::status::OrderStatus;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(payable)).routes(routes!(record_payment))
}

/// The statuses in which an order's work may be paid.
const PAYABLE: [OrderStatus; 2] = [OrderStatus::Completed, OrderStatus::DeliveredToClient];
pub const MSG_ALREADY_PAID: &str = "This order has already been paid.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayableOrder {
    pub order_id: i64,
    pub file_number: String,
    pub address: String,
    pub borrower_name: String,
    pub status: String,
    pub appraiser_id: i32,
    pub appraiser_name: String,
    /// The order's appraiser fee in dollars (what a payment is expected to be).
    pub appraiser_fee: Option<Cents>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentBody {
    pub order_id: Option<i64>,
    /// Dollars, as a number or a string.
    #[schema(value_type = Option<f64>)]
    #[serde(default)]
    pub amount: serde_json::Value,
    /// yyyy-mm-dd
    pub payment_date: Option<String>,
}

/// Completed or delivered orders with an appraiser and no payment, newest first (the one just
/// delivered is the one staff usually pay next).
#[utoipa::path(get, path = "/api/staff/payments/payable", tag = "staff", responses((status = 200, body = Vec<PayableOrder>), (status = 403, body = MessageResponse)))]
async fn payable(State(state): State<AppState>) -> AppResult<axum::Json<Vec<PayableOrder>>> {
    let db = &state.db;
    let paid_orders = Query::select()
        .column(payment::Column::OrderId)
        .from(payment::Entity)
        .and_where(payment::Column::OrderId.is_not_null())
        .to_owned();
    let unpaid = order::Entity::find()
        .filter(order::Column::StatusId.is_in(PAYABLE))
        .filter(order::Column::AssignedAppraiserId.is_not_null())
        .filter(order::Column::Id.not_in_subquery(paid_orders))
        .order_by_desc(order::Column::Id)
        .all(db)
        .await?;
    let fees: std::collections::HashMap<i64, Option<i64>> = order_detail::Entity::find()
        .filter(
            order_detail::Column::OrderId.is_in(unpaid.iter().map(|o| o.id).collect::<Vec<_>>()),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|d| (d.order_id, d.appraiser_fee_cents))
        .collect();
    let ids: Vec<i32> = unpaid.iter().filter_map(|o| o.assigned_appraiser_id).collect();
    let names: std::collections::HashMap<i32, String> = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, full_name(&u)))
        .collect();
    Ok(axum::Json(
        unpaid
            .into_iter()
            .filter_map(|o| {
                let appraiser_id = o.assigned_appraiser_id?;
                Some(PayableOrder {
                    order_id: o.id,
                    address: o.property_address(),
                    borrower_name: o.borrower_name.clone(),
                    status: o.status_id.label(),
                    appraiser_name: names.get(&appraiser_id).cloned().unwrap_or_default(),
                    appraiser_id,
                    appraiser_fee: fees.get(&o.id).copied().flatten().map(Cents),
                    file_number: o.file_number,
                })
            })
            .collect(),
    ))
}

/// Records the payment of a payable order to its appraiser.
#[utoipa::path(post, path = "/api/staff/payments", tag = "staff", request_body = PaymentBody,
    responses((status = 201, body = Created), (status = 403, body = MessageResponse), (status = 404, body = MessageResponse),
              (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn record_payment(
    State(state): State<AppState>,
    caller: CurrentUser,
    ClientIp(ip): ClientIp,
    Json(body): Json<PaymentBody>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let order_id = body.order_id.ok_or_else(|| invalid("Order is required."))?;
    let cents = positive_fee(named("amount", "Amount"), &body.amount)?;
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
