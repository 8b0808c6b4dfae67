//! The public API's webhook endpoints: list, add (the secret is answered once), delete, test.
use axum::extract::State;
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::key::ApiCaller;
use super::problem::extract::{Json, Path};
use super::problem::{ApiResult, Problem};
use crate::features::webhooks::endpoints::{self, Endpoint, EndpointForm, NewEndpoint, TestResult};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_endpoints, create_endpoint))
        .routes(routes!(delete_endpoint))
        .routes(routes!(test_endpoint))
}

/// The client's webhook endpoints.
#[utoipa::path(
    get,
    path = "/api/v1/webhook-endpoints",
    tag = "webhooks",
    security(("api_key" = [])),
    responses(
        (status = 200, body = Vec<Endpoint>),
        (status = 401, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn list_endpoints(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> ApiResult<axum::Json<Vec<Endpoint>>> {
    Ok(axum::Json(endpoints::list(&state.db, caller.client_id).await?))
}

/// Adds an endpoint; the answer holds its signing secret (`whsec_...`), shown this once.
#[utoipa::path(
    post,
    path = "/api/v1/webhook-endpoints",
    tag = "webhooks",
    request_body = EndpointForm,
    security(("api_key" = [])),
    responses(
        (status = 201, body = NewEndpoint),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn create_endpoint(
    State(state): State<AppState>,
    caller: ApiCaller,
    Json(form): Json<EndpointForm>,
) -> ApiResult<(StatusCode, axum::Json<NewEndpoint>)> {
    Ok((
        StatusCode::CREATED,
        axum::Json(endpoints::create(&state, caller.client_id, None, &form).await?),
    ))
}

/// Deletes an endpoint.
#[utoipa::path(
    delete,
    path = "/api/v1/webhook-endpoints/{id}",
    tag = "webhooks",
    params(("id" = i32, Path, description = "Endpoint id")),
    security(("api_key" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn delete_endpoint(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i32>,
) -> ApiResult<StatusCode> {
    endpoints::delete(&state, caller.client_id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sends a signed `webhook.test` message to the endpoint now and answers what came back.
#[utoipa::path(
    post,
    path = "/api/v1/webhook-endpoints/{id}/test",
    tag = "webhooks",
    params(("id" = i32, Path, description = "Endpoint id")),
    security(("api_key" = [])),
    responses(
        (status = 200, body = TestResult),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn test_endpoint(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i32>,
) -> ApiResult<axum::Json<TestResult>> {
    Ok(axum::Json(endpoints::test(&state, caller.client_id, id).await?))
}
