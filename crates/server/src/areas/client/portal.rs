//! The client area's calls (`/api/client/...`): the client's orders, placing one, its page,
//! a cancel request, messages with staff and documents. Each finds the caller's client first.
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::documents::{self, ClientDocument};
use super::messages::{self, ClientMessage, MessageForm};
use super::orders::{self, ClientOrder, ClientOrderItem, OrderFilter};
use super::placing::{self, NewOrderForm, PlacedBy};
use super::{checked_page, client_of};
use crate::platform::call::{Call, CallOn, OrderId};
use crate::platform::fields::{named, required};
use crate::platform::file_response::stream_response;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::{Json, Multipart, Path, Query};
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(client_orders, place_client_order))
        .routes(routes!(client_order))
        .routes(routes!(request_cancellation))
        .routes(routes!(client_order_messages, write_to_staff))
        .routes(routes!(client_documents, attach_client_documents))
        .routes(routes!(download_client_document))
        .layer(axum::extract::DefaultBodyLimit::disable())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// open (the default), delivered, cancelled or all.
    #[param(inline)]
    pub filter: Option<OrderFilter>,
    /// Part of a file number, borrower name or loan number; only its first 100 characters count.
    pub search: Option<String>,
    /// 1-based.
    #[param(minimum = 1, maximum = 2147483647)]
    pub page: Option<u64>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<u64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientOrderList {
    pub items: Vec<ClientOrderItem>,
    pub total: u64,
    pub page: u64,
    pub page_size: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CancelForm {
    /// Why the order should be cancelled (at most 2,000 characters).
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 2000,
        pattern = "\\S"
    )]
    pub reason: Option<String>,
}

/// The client's orders, newest change first.
#[utoipa::path(
    get,
    path = "/api/client/orders",
    tag = "client",
    params(ListQuery),
    responses(
        (status = 200, body = ClientOrderList),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn client_orders(
    Call { state, caller }: Call,
    Query(q): Query<ListQuery>,
) -> AppResult<axum::Json<ClientOrderList>> {
    let seat = client_of(&state.db, &caller).await?;
    let (page, page_size) = checked_page(q.page, q.page_size)?;
    let search = q.search.as_deref().map(|s| s.chars().take(100).collect::<String>());
    let (items, total) = orders::page(
        &state.db,
        &seat,
        q.filter.unwrap_or_default(),
        search.as_deref(),
        page,
        page_size,
    )
    .await?;
    Ok(axum::Json(ClientOrderList { items, total, page, page_size }))
}

/// Places an order: it arrives on the staff desk without an appraiser.
#[utoipa::path(
    post,
    path = "/api/client/orders",
    tag = "client",
    request_body = NewOrderForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn place_client_order(
    Call { state, caller }: Call,
    Json(form): Json<NewOrderForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_act()?;
    let v = placing::check(&form, state.config.today().map_err(AppError::Internal)?)?;
    let position = placing::locate(&state, &v).await;
    let txn = portal_db::begin_write(&state.db).await?;
    let created =
        placing::place_order(&txn, &state, &seat, PlacedBy::User(&caller.user), &v, position)
            .await?;
    txn.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(Created { id: created.id, file_number: Some(created.file_number) }),
    ))
}

/// One of the client's orders, with its timeline.
#[utoipa::path(
    get,
    path = "/api/client/orders/{id}",
    tag = "client",
    params(OrderId),
    responses((status = 200, body = ClientOrder), ReadAnswers),
)]
async fn client_order(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<ClientOrder>> {
    let seat = client_of(&state.db, &caller).await?;
    let mut view = orders::view(&state.db, &state.config, &seat, id).await?;
    view.invoice =
        crate::features::billing::invoices::for_client(&state.db, &state.config, id).await?;
    Ok(axum::Json(view))
}

/// Asks staff to cancel the order, with a reason.
#[utoipa::path(
    post,
    path = "/api/client/orders/{id}/cancel",
    tag = "client",
    request_body = CancelForm,
    params(OrderId),
    responses(
        (status = 200, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn request_cancellation(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(form): Json<CancelForm>,
) -> AppResult<axum::Json<MessageResponse>> {
    let seat = client_of(&state.db, &caller).await?;
    let reason = required(named("reason", "Reason"), form.reason.as_deref(), orders::MAX_REASON)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (o, c) = orders::find(&txn, &seat, id).await?;
    seat.may_act()?;
    orders::request_cancel(&txn, &state, &o, c, &full_name(&caller.user), reason).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(
        "Your cancellation request was sent. Staff will confirm it.",
    )))
}

/// The messages between the client and staff on the order, oldest first.
#[utoipa::path(
    get,
    path = "/api/client/orders/{id}/messages",
    tag = "client",
    params(OrderId),
    responses((status = 200, body = Vec<ClientMessage>), ReadAnswers),
)]
async fn client_order_messages(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<ClientMessage>>> {
    let seat = client_of(&state.db, &caller).await?;
    orders::find(&state.db, &seat, id).await?;
    Ok(axum::Json(messages::list(&state.db, id).await?))
}

/// Writes to staff about the order.
#[utoipa::path(
    post,
    path = "/api/client/orders/{id}/messages",
    tag = "client",
    request_body = MessageForm,
    params(OrderId),
    responses(
        (status = 201, body = ClientMessage),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn write_to_staff(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(form): Json<MessageForm>,
) -> AppResult<(StatusCode, axum::Json<ClientMessage>)> {
    let seat = client_of(&state.db, &caller).await?;
    let body = messages::body_of(&form)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (o, _) = orders::find(&txn, &seat, id).await?;
    seat.may_act()?;
    let saved = messages::write(&txn, &state, &o, Some(&caller.user), true, body).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(saved)))
}

/// The order's documents the client may see: its own attachments and the delivered report.
#[utoipa::path(
    get,
    path = "/api/client/orders/{id}/documents",
    tag = "client",
    params(OrderId),
    responses((status = 200, body = Vec<ClientDocument>), ReadAnswers),
)]
async fn client_documents(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<ClientDocument>>> {
    let seat = client_of(&state.db, &caller).await?;
    let (_, c) = orders::find(&state.db, &seat, id).await?;
    Ok(axum::Json(documents::list(&state.db, &c).await?))
}

/// Attaches files to the order (a purchase contract, say): multipart, `files` repeated, up to 10.
#[utoipa::path(
    post,
    path = "/api/client/orders/{id}/documents",
    tag = "client",
    params(OrderId),
    request_body(content_type = "multipart/form-data", description = "files (repeated, up to 10)"),
    responses(
        (status = 201, body = Vec<ClientDocument>),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 413, body = MessageResponse),
        (status = 415, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn attach_client_documents(
    CallOn { state, caller, id }: CallOn<i64>,
    Multipart(multipart): Multipart,
) -> AppResult<(StatusCode, axum::Json<Vec<ClientDocument>>)> {
    let seat = client_of(&state.db, &caller).await?;
    let (o, _) = orders::find(&state.db, &seat, id).await?;
    seat.may_act()?;
    let saved = documents::attach(&state, &o, Some(caller.id()), multipart).await?;
    Ok((StatusCode::CREATED, axum::Json(saved)))
}

/// The bytes of one of the order's documents.
#[utoipa::path(
    get,
    path = "/api/client/orders/{id}/documents/{document_id}",
    tag = "client",
    params(
        OrderId,
        ("document_id" = i64, Path, description = "Document id"),
    ),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn download_client_document(
    Call { state, caller }: Call,
    Path((id, document_id)): Path<(i64, i64)>,
) -> AppResult<Response> {
    let seat = client_of(&state.db, &caller).await?;
    let (_, c) = orders::find(&state.db, &seat, id).await?;
    let file = documents::find(&state.db, &c, document_id).await?;
    stream_response(&state, file, false).await
}
