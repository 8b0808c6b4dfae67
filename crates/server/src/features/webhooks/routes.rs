//! The client area's API & Webhooks screen: the client's endpoints, their attempts, a test
//! message and redelivery (`Area::Client`).
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::endpoints::{self, Attempt, Endpoint, EndpointForm, NewEndpoint, TestResult};
use crate::kernel::clients::client_of;
use crate::platform::call::{Call, CallOn};
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(client_webhook_endpoints, add_webhook_endpoint))
        .routes(routes!(delete_webhook_endpoint))
        .routes(routes!(test_webhook_endpoint))
        .routes(routes!(webhook_attempts))
        .routes(routes!(redeliver_webhook))
}

/// The client's webhook endpoints.
#[utoipa::path(get, path = "/api/client/webhook-endpoints", tag = "client",
    responses((status = 200, body = Vec<Endpoint>), (status = 403, body = MessageResponse)))]
async fn client_webhook_endpoints(
    Call { state, caller }: Call,
) -> AppResult<axum::Json<Vec<Endpoint>>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    Ok(axum::Json(endpoints::list(&state.db, client_id).await?))
}

/// Adds an endpoint; the answer holds its signing secret, shown this once.
#[utoipa::path(
    post,
    path = "/api/client/webhook-endpoints",
    tag = "client",
    request_body = EndpointForm,
    responses(
        (status = 201, body = NewEndpoint),
        (status = 403, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn add_webhook_endpoint(
    Call { state, caller }: Call,
    Json(form): Json<EndpointForm>,
) -> AppResult<(StatusCode, axum::Json<NewEndpoint>)> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    Ok((
        StatusCode::CREATED,
        axum::Json(endpoints::create(&state, client_id, Some(caller.id()), &form).await?),
    ))
}

/// Deletes an endpoint (its pending deliveries are dropped).
#[utoipa::path(
    delete,
    path = "/api/client/webhook-endpoints/{id}",
    tag = "client",
    params(("id" = i32, Path, description = "Endpoint id")),
    responses(
        (status = 200, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn delete_webhook_endpoint(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<MessageResponse>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    endpoints::delete(&state, client_id, id).await?;
    Ok(axum::Json(MessageResponse::new("The endpoint was deleted.")))
}

/// Sends a signed test message to the endpoint now.
#[utoipa::path(
    post,
    path = "/api/client/webhook-endpoints/{id}/test",
    tag = "client",
    params(("id" = i32, Path, description = "Endpoint id")),
    responses(
        (status = 200, body = TestResult),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn test_webhook_endpoint(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<TestResult>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    Ok(axum::Json(endpoints::test(&state, client_id, id).await?))
}

/// The endpoint's latest delivery attempts, newest first.
#[utoipa::path(
    get,
    path = "/api/client/webhook-endpoints/{id}/attempts",
    tag = "client",
    params(("id" = i32, Path, description = "Endpoint id")),
    responses((status = 200, body = Vec<Attempt>), ReadAnswers),
)]
async fn webhook_attempts(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<Vec<Attempt>>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    Ok(axum::Json(endpoints::attempts(&state.db, client_id, id).await?))
}

/// Sends a delivery again now, with the same webhook-id.
#[utoipa::path(
    post,
    path = "/api/client/webhook-deliveries/{id}/redeliver",
    tag = "client",
    params(("id" = i64, Path, description = "Delivery id")),
    responses(
        (status = 200, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
    ),
)]
async fn redeliver_webhook(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<MessageResponse>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    endpoints::redeliver(&state, client_id, id).await?;
    Ok(axum::Json(MessageResponse::new("The event will be sent again in a moment.")))
}
