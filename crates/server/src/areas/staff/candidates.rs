//! Choosing the appraiser: the ranked candidates for an order (`features::assignment::candidates`),
//! assigning one (-> assigned, they are invited and e-mailed) and taking the order back
//! (-> default).

use chrono::Utc;
use portal_db::entities::{order, order_detail, security_user};
use sea_orm::EntityTrait;
use sea_orm::sea_query::Expr;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::assignment::candidates::{Candidate, Clock, PanelMember, for_order};
use crate::kernel::orders::action_requests::date_label;
use crate::kernel::orders::apply::{self, Change};
use crate::kernel::orders::lifecycle::OrderAction;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields::{invalid, named, optional_date, positive_fee};
use crate::platform::http::error::{
    AppError, AppResult, ChangeAnswers, ChangeWithInputAnswers, MessageResponse, ReadAnswers,
};
use crate::platform::http::extract::Json;
use crate::platform::money::{Amount, Cents};
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(candidates))
        .routes(routes!(assign))
        .routes(routes!(unassign))
}

/// The appraisers who could take the order, best first, with the reasons of those who may not.
#[utoipa::path(get, path = "/api/staff/orders/{id}/candidates", tag = "staff", params(OrderId),
    responses((status = 200, body = Vec<Candidate>), ReadAnswers))]
async fn candidates(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<Candidate>>> {
    let o = crate::kernel::orders::visibility::find_visible_order(&state.db, &caller, id).await?;
    let (list, _) = for_order(&state.db, &o, o.appraiser_due_date, Clock::of(&state)?).await?;
    Ok(axum::Json(list.into_iter().map(|m| m.candidate).collect()))
}

pub const MSG_NO_FEE: &str =
    "Please enter the appraiser fee: this order has none, and no order is assigned for $0.00.";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignBody {
    /// Security user id of the appraiser.
    #[schema(required = true, value_type = i32)]
    pub appraiser_id: Option<i32>,
    /// A fee other than the order's (dollars).
    #[serde(default)]
    pub appraiser_fee: Amount,
    /// A due date other than the order's (yyyy-mm-dd).
    pub appraiser_due_date: Option<String>,
}

/// Gives the order to an eligible appraiser (-> assigned): they are invited and e-mailed. An
/// order the borrower pays for is refused (409) until the borrower has paid.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/assign",
    tag = "staff",
    request_body = AssignBody,
    params(OrderId),
    responses(ChangeWithInputAnswers),
)]
async fn assign(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<AssignBody>,
) -> AppResult<axum::Json<MessageResponse>> {
    let checked = apply::check(&state.db, &caller, id, OrderAction::Assign).await?;
    crate::features::billing::borrower_payments::ensure_paid(
        &state.db,
        &state.config,
        &checked.order,
    )
    .await?;
    let appraiser_id = body
        .appraiser_id
        .ok_or_else(|| invalid("Please select an appraiser to assign the order to."))?;
    let clock = Clock::of(&state)?;
    let fee = if body.appraiser_fee.is_missing() {
        None
    } else {
        Some(positive_fee(named("appraiserFee", "Appraiser fee"), body.appraiser_fee)?)
    };
    let order_fee = checked.detail.as_ref().and_then(|d| d.appraiser_fee_cents);
    if fee.or(order_fee).is_none_or(|cents| cents <= 0) {
        return Err(named("appraiserFee", "Appraiser fee").refuse(MSG_NO_FEE.into()));
    }
    let due = optional_date(
        named("appraiserDueDate", "Appraiser due date"),
        body.appraiser_due_date.as_deref(),
    )?;
    if due.is_some_and(|d| d < clock.today) {
        return Err(invalid("Appraiser due date cannot be in the past."));
    }
    let o = &checked.order;
    let (list, excluded) = for_order(&state.db, o, due.or(o.appraiser_due_date), clock).await?;
    let PanelMember { candidate, company_id, .. } =
        list.into_iter().find(|m| m.candidate.appraiser_id == appraiser_id).ok_or_else(|| {
            invalid(format!(
                "That appraiser cannot be assigned this order: they hold no licence in {}.",
                o.property_state_code
            ))
        })?;
    if let Some(why) = excluded.and_then(|e| e.refusal(appraiser_id, company_id)) {
        return Err(AppError::Conflict(format!(
            "{} cannot be assigned this order. {why}",
            candidate.name
        )));
    }
    if !candidate.eligible {
        return Err(invalid(format!(
            "{} cannot be assigned this order. {}",
            candidate.name,
            candidate.reasons.join(" ")
        )));
    }
    let user = security_user::Entity::find_by_id(appraiser_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("That appraiser was not found.".into()))?;
    let mut note =
        vec![format!("Order assigned to {} by {}.", candidate.name, full_name(&caller.user))];
    let mut order_columns = vec![
        (order::Column::AssignedAppraiserId, Expr::value(user.id)),
        (order::Column::AssignedCompanyId, Expr::value(company_id)),
        (order::Column::AssignmentActualDate, Expr::value(Utc::now())),
        (order::Column::AcceptedAt, Expr::value(Option::<chrono::DateTime<Utc>>::None)),
    ];
    if let Some(date) = due {
        order_columns.push((order::Column::AppraiserDueDate, Expr::value(date)));
        note.push(format!("Appraiser due date: {}.", date_label(date)));
    }
    let mut detail_columns = Vec::new();
    if let Some(cents) = fee {
        detail_columns.push((order_detail::Column::AppraiserFeeCents, Expr::value(cents)));
        note.push(format!("Appraiser fee: {}.", Cents(cents)));
    }
    let change =
        Change { order_columns, detail_columns, assign_to: Some(user), ..Change::noting(note) };
    apply::apply(&state, &caller, &checked, change).await?;
    crate::features::assignment::offers::close_all(&state.db, id).await?;
    Ok(axum::Json(MessageResponse::new(format!("Order assigned to {}.", candidate.name))))
}

/// Takes the order back from its appraiser (-> default); they stay invited and are told.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/unassign",
    tag = "staff",
    params(OrderId),
    responses(ChangeAnswers)
)]
async fn unassign(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<MessageResponse>> {
    let checked = apply::check(&state.db, &caller, id, OrderAction::Unassign).await?;
    let previous = match checked.order.assigned_appraiser_id {
        Some(appraiser) => security_user::Entity::find_by_id(appraiser)
            .one(&state.db)
            .await?
            .map(|u| full_name(&u))
            .unwrap_or_default(),
        None => String::new(),
    };
    let change = Change {
        order_columns: vec![
            (order::Column::AssignedAppraiserId, Expr::value(Option::<i32>::None)),
            (order::Column::AssignedCompanyId, Expr::value(Option::<i32>::None)),
            (order::Column::AcceptedAt, Expr::value(Option::<chrono::DateTime<Utc>>::None)),
        ],
        tell_appraiser: Some("no longer assigned to you".into()),
        ..Change::noting(vec![format!(
            "Order unassigned from {previous} by {}.",
            full_name(&caller.user)
        )])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    Ok(axum::Json(MessageResponse::new("The order was unassigned.")))
}
