//! Staff's desk: the queue (`GET /api/staff/reconsiderations?status=&orderId=&overdue=`), one case,
//! and its steps: review (the lender's review, with a note), send (to the appraiser: the screened
//! text; never a `discrimination` basis), resolve (with the outcome and a note).
use portal_db::entities::{order, reconsideration};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::cases::{self, ANSWERED, Actor, OUTCOMES, REQUESTED, RESOLVED, REVIEWED, SENT, json};
use super::request::{Comparable, Deficiency};
use super::view::{self, Audience, Reconsideration, missing};
use crate::platform::call::{Call, CallOn};
use crate::platform::fields::{self, named};
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::{Json, Query};
use crate::platform::names::full_name;
use crate::platform::notifications::{self, Event, Notice};
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reconsideration_queue))
        .routes(routes!(get_reconsideration))
        .routes(routes!(review_reconsideration))
        .routes(routes!(send_reconsideration))
        .routes(routes!(resolve_reconsideration))
        .routes(routes!(super::export::export_reconsideration))
}

pub const MAX_NOTE: usize = 4000;

/// Which cases the queue lists: one status, or `open` (all but resolved).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum QueueStatus {
    Requested,
    Reviewed,
    Sent,
    Answered,
    Resolved,
    Open,
}

impl QueueStatus {
    fn name(self) -> &'static str {
        match self {
            QueueStatus::Requested => REQUESTED,
            QueueStatus::Reviewed => REVIEWED,
            QueueStatus::Sent => SENT,
            QueueStatus::Answered => ANSWERED,
            QueueStatus::Resolved => RESOLVED,
            QueueStatus::Open => "open",
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QueueQuery {
    /// One status, or `open` (all but resolved); all when left out.
    #[param(inline)]
    pub status: Option<QueueStatus>,
    pub order_id: Option<i64>,
    /// Only the open cases past their due date.
    pub overdue: Option<bool>,
}

/// The cases, oldest due first.
#[utoipa::path(get, path = "/api/staff/reconsiderations", tag = "staff", params(QueueQuery),
    responses((status = 200, body = Vec<Reconsideration>), ReadAnswers))]
async fn reconsideration_queue(
    Call { state, .. }: Call,
    Query(query): Query<QueueQuery>,
) -> AppResult<axum::Json<Vec<Reconsideration>>> {
    let mut find = reconsideration::Entity::find();
    match query.status {
        None => {}
        Some(QueueStatus::Open) => find = find.filter(reconsideration::Column::Status.ne(RESOLVED)),
        Some(status) => find = find.filter(reconsideration::Column::Status.eq(status.name())),
    }
    if let Some(order_id) = query.order_id {
        find = find.filter(reconsideration::Column::OrderId.eq(order_id));
    }
    let today = state.config.today().map_err(AppError::Internal)?;
    if query.overdue == Some(true) {
        find = find
            .filter(reconsideration::Column::Status.ne(RESOLVED))
            .filter(reconsideration::Column::DueDate.lt(today));
    }
    let found = find
        .order_by_asc(reconsideration::Column::DueDate)
        .order_by_asc(reconsideration::Column::Id)
        .all(&state.db)
        .await?;
    let ids: Vec<i64> = found.iter().map(|c| c.order_id).collect();
    let orders = order::Entity::find().filter(order::Column::Id.is_in(ids)).all(&state.db).await?;
    let mut views = Vec::with_capacity(found.len());
    for case in found {
        let Some(o) = orders.iter().find(|o| o.id == case.order_id) else { continue };
        views.push(view::view(&state.db, case, o, Audience::Staff, &state.config).await?);
    }
    Ok(axum::Json(views))
}

async fn staff_view(state: &AppState, case: reconsideration::Model) -> AppResult<Reconsideration> {
    let o = order::Entity::find_by_id(case.order_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("There is no such order.".into()))?;
    view::view(&state.db, case, &o, Audience::Staff, &state.config).await
}

#[utoipa::path(get, path = "/api/staff/reconsiderations/{rid}", tag = "staff",
    params(("rid" = i64, Path, description = "Reconsideration id")),
    responses((status = 200, body = Reconsideration), ReadAnswers))]
async fn get_reconsideration(
    CallOn { state, id, .. }: CallOn<i64>,
) -> AppResult<axum::Json<Reconsideration>> {
    let case = cases::find(&state.db, id).await?;
    Ok(axum::Json(staff_view(&state, case).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteBody {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub note: Option<String>,
}

fn actor(caller: &crate::platform::current_user::CurrentUser) -> Actor {
    Actor { id: Some(caller.id()), name: full_name(&caller.user) }
}

/// The lender's review is complete (the request is complete and may go to the appraiser).
#[utoipa::path(post, path = "/api/staff/reconsiderations/{rid}/review", tag = "staff",
    request_body = NoteBody, params(("rid" = i64, Path, description = "Reconsideration id")),
    responses((status = 200, body = Reconsideration), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn review_reconsideration(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<NoteBody>,
) -> AppResult<axum::Json<Reconsideration>> {
    let note = fields::required(named("note", "Note"), body.note.as_deref(), MAX_NOTE)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let case = cases::find(&txn, id).await?;
    let case = cases::advance(
        &txn,
        &state.config,
        case,
        &[REQUESTED],
        REVIEWED,
        &actor(&caller),
        Some(note),
        |_| {},
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(staff_view(&state, case).await?))
}

/// Sends the reviewed request to the order's appraiser: the deficiencies and comparables with any
/// value target or contact detail held back. 409 before the review, while header fields are
/// missing, or with a `discrimination` basis (staff decide: a second appraisal, a referral).
#[utoipa::path(post, path = "/api/staff/reconsiderations/{rid}/send", tag = "staff",
    params(("rid" = i64, Path, description = "Reconsideration id")),
    responses((status = 200, body = Reconsideration), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse)))]
async fn send_reconsideration(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Reconsideration>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let case = cases::find(&txn, id).await?;
    if case.status == REQUESTED {
        return Err(AppError::Conflict("Complete the lender's review before sending it.".into()));
    }
    let lacking = missing(&case);
    if !lacking.is_empty() {
        return Err(AppError::Conflict(format!(
            "Complete the request before sending it: {} missing.",
            lacking.join(", ")
        )));
    }
    let basis: Vec<String> = cases::parse(Some(&case.basis));
    if basis.iter().any(|b| b == "discrimination") {
        return Err(AppError::Conflict(
            "A request alleging discrimination is not sent to the original appraiser: \
             resolve it with a second appraisal or a referral."
                .into(),
        ));
    }
    let deficiencies: Vec<Deficiency> = cases::parse(Some(&case.deficiencies));
    let comparables: Vec<Comparable> = cases::parse(Some(&case.comparables));
    let (sent, _) = cases::screened(&deficiencies, &comparables);
    let sent = json(&sent)?;
    let case = cases::advance(
        &txn,
        &state.config,
        case,
        &[REVIEWED],
        SENT,
        &actor(&caller),
        None,
        |row| {
            row.sent_text = Set(Some(sent));
        },
    )
    .await?;
    tell_appraiser(&txn, &state, &case).await?;
    txn.commit().await?;
    Ok(axum::Json(staff_view(&state, case).await?))
}

async fn tell_appraiser(
    txn: &sea_orm::DatabaseTransaction,
    state: &AppState,
    case: &reconsideration::Model,
) -> AppResult<()> {
    let o = order::Entity::find_by_id(case.order_id).one(txn).await?;
    let Some(o) = o else { return Ok(()) };
    let Some(appraiser) = o.assigned_appraiser_id else { return Ok(()) };
    let Some(user) =
        portal_db::entities::security_user::Entity::find_by_id(appraiser).one(txn).await?
    else {
        return Ok(());
    };
    let notice = Notice {
        event: Event::RevisionRequest,
        subject: format!("Order {}: a reconsideration of value to answer", o.file_number),
        lines: vec![
            format!(
                "Order {} ({}) has a reconsideration of value request.",
                o.file_number,
                o.property_address()
            ),
            format!("Please answer every point by {}.", case.due_date.format("%m/%d/%Y")),
        ],
        link: format!("/appraiser/orderdetails/{}", o.id),
    };
    notifications::notify(txn, &state.config, &user, notice).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResolveBody {
    /// `value_changed`, `value_unchanged`, `second_appraisal` or `rejected_incomplete`.
    #[schema(
        required = true,
        value_type = String,
        pattern = "^(value_changed|value_unchanged|second_appraisal|rejected_incomplete)$"
    )]
    pub outcome: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub note: Option<String>,
}

/// Resolves the case. A changed or unchanged value needs the appraiser's answer first (409); a
/// second appraisal or an incomplete request may end it at any step.
#[utoipa::path(post, path = "/api/staff/reconsiderations/{rid}/resolve", tag = "staff",
    request_body = ResolveBody, params(("rid" = i64, Path, description = "Reconsideration id")),
    responses((status = 200, body = Reconsideration), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn resolve_reconsideration(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<ResolveBody>,
) -> AppResult<axum::Json<Reconsideration>> {
    let outcome = body.outcome.as_deref().map(str::trim).unwrap_or_default().to_string();
    if !OUTCOMES.contains(&outcome.as_str()) {
        return Err(named("outcome", "Outcome").refuse(
            "Outcome is value_changed, value_unchanged, second_appraisal or rejected_incomplete."
                .into(),
        ));
    }
    let note = fields::required(named("note", "Note"), body.note.as_deref(), MAX_NOTE)?;
    let from: &[&str] = if outcome.starts_with("value_") {
        &[ANSWERED]
    } else {
        &[REQUESTED, REVIEWED, SENT, ANSWERED]
    };
    let txn = portal_db::begin_write(&state.db).await?;
    let case = cases::find(&txn, id).await?;
    let revised = case.revised_file_id;
    let case = cases::advance(
        &txn,
        &state.config,
        case,
        from,
        RESOLVED,
        &actor(&caller),
        Some(note),
        |row| {
            row.outcome = Set(Some(outcome));
        },
    )
    .await?;
    if let Some(file_id) = revised {
        super::answer::release_revision(&txn, file_id).await?;
    }
    txn.commit().await?;
    Ok(axum::Json(staff_view(&state, case).await?))
}
