//! The lender's side: `POST|GET /api/client/orders/{id}/reconsiderations` (the public API's
//! `/api/v1/orders/{id}/reconsiderations` calls the same two functions). A client sees only its own
//! orders' cases (404 otherwise).
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::cases::{self, Requester};
use super::request::{self, ReconsiderationBody};
use super::view::{self, Audience, Reconsideration};
use crate::kernel::clients::{ClientSeat, client_of, find};
use crate::platform::call::{CallOn, OrderId};
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn client_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ask_reconsideration, list_reconsiderations))
}

/// Opens a lender-initiated case on the client's delivered order.
pub async fn ask_for_client(
    state: &AppState,
    seat: &ClientSeat,
    order_id: i64,
    requester: Requester,
    body: &ReconsiderationBody,
) -> AppResult<Reconsideration> {
    let txn = portal_db::begin_write(&state.db).await?;
    let (o, _) = find(&txn, seat, order_id).await?;
    seat.may_act()?;
    let checked = request::check(body)?;
    let case = cases::open(&txn, &state.storage, &state.config, &o, requester, checked).await?;
    txn.commit().await?;
    view::view(&state.db, case, &o, Audience::Client, &state.config).await
}

/// The client's order's cases.
pub async fn list_for_client(
    state: &AppState,
    seat: &ClientSeat,
    order_id: i64,
) -> AppResult<Vec<Reconsideration>> {
    let (o, _) = find(&state.db, seat, order_id).await?;
    view::of_order(&state.db, &o, Audience::Client, &state.config).await
}

/// Asks for a reconsideration of value of the delivered report (lender-initiated: not limited in
/// number). 409 before delivery or after the closing date.
#[utoipa::path(post, path = "/api/client/orders/{id}/reconsiderations", tag = "client",
    request_body = ReconsiderationBody, params(OrderId),
    responses((status = 200, body = Reconsideration), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn ask_reconsideration(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<ReconsiderationBody>,
) -> AppResult<axum::Json<Reconsideration>> {
    let seat = client_of(&state.db, &caller).await?;
    let requester = Requester::Lender { user_id: Some(caller.id()), name: full_name(&caller.user) };
    Ok(axum::Json(ask_for_client(&state, &seat, id, requester, &body).await?))
}

/// The order's reconsiderations, with their status and outcome.
#[utoipa::path(get, path = "/api/client/orders/{id}/reconsiderations", tag = "client",
    params(OrderId), responses((status = 200, body = Vec<Reconsideration>), ReadAnswers))]
async fn list_reconsiderations(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<Reconsideration>>> {
    let seat = client_of(&state.db, &caller).await?;
    Ok(axum::Json(list_for_client(&state, &seat, id).await?))
}
