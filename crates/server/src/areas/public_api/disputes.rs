//! `/api/v1/orders/{id}/reconsiderations` and `/api/v1/orders/{id}/revision-requests`: a lender's
//! system disputes the delivered report's value, or asks for corrections, and follows them (the
//! same records as the client portal's).
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::key::ApiCaller;
use super::problem::extract::{Json, Path};
use super::problem::{ApiResult, Problem};
use crate::features::reconsiderations::{self, Reconsideration, ReconsiderationBody, Requester};
use crate::features::reports::lender_revisions::{self, LenderRevisionRequest};
use crate::features::reports::revisions::RevisionBody;
use crate::platform::call::OrderId;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api_ask_reconsideration, api_list_reconsiderations))
        .routes(routes!(api_ask_lender_revision, api_list_lender_revisions))
}

/// Asks for a reconsideration of value of the delivered report (409 before delivery or after the
/// closing date; 422 naming the field for bad input).
#[utoipa::path(
    post,
    path = "/api/v1/orders/{id}/reconsiderations",
    tag = "orders",
    request_body = ReconsiderationBody,
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = Reconsideration),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn api_ask_reconsideration(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
    Json(body): Json<ReconsiderationBody>,
) -> ApiResult<axum::Json<Reconsideration>> {
    let requester =
        Requester::Lender { user_id: None, name: format!("the API (key {})", caller.prefix) };
    let case =
        reconsiderations::ask_for_client(&state, &caller.seat(), id, requester, &body).await?;
    Ok(axum::Json(case))
}

/// The order's reconsiderations, with their status and outcome.
#[utoipa::path(
    get,
    path = "/api/v1/orders/{id}/reconsiderations",
    tag = "orders",
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = Vec<Reconsideration>),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn api_list_reconsiderations(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
) -> ApiResult<axum::Json<Vec<Reconsideration>>> {
    Ok(axum::Json(reconsiderations::list_for_client(&state, &caller.seat(), id).await?))
}

/// Asks for corrections of the delivered report, item by item (the order goes to Lender Revision
/// Request; staff forward the items to the appraiser). 409 unless delivered.
#[utoipa::path(
    post,
    path = "/api/v1/orders/{id}/revision-requests",
    tag = "orders",
    request_body = RevisionBody,
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = LenderRevisionRequest),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn api_ask_lender_revision(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
    Json(body): Json<RevisionBody>,
) -> ApiResult<axum::Json<LenderRevisionRequest>> {
    let requester = lender_revisions::Requester {
        user_id: None,
        name: format!("the API (key {})", caller.prefix),
    };
    let asked =
        lender_revisions::ask_for_client(&state, &caller.seat(), id, requester, &body).await?;
    Ok(axum::Json(asked))
}

/// The order's revision requests.
#[utoipa::path(
    get,
    path = "/api/v1/orders/{id}/revision-requests",
    tag = "orders",
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = Vec<LenderRevisionRequest>),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn api_list_lender_revisions(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
) -> ApiResult<axum::Json<Vec<LenderRevisionRequest>>> {
    crate::kernel::clients::find(&state.db, &caller.seat(), id).await?;
    Ok(axum::Json(lender_revisions::of_order(&state.db, id).await?))
}
