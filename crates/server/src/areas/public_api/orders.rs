//! The public API's orders: placing one (idempotent under `Idempotency-Key`), listing by change
//! with a cursor, one order, a cancel request, messages with staff and documents. A key reaches
//! only its own client's orders; any other order is 404.
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, TimeZone, Utc};
use portal_db::entities::api_idempotency;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::key::ApiCaller;
use super::problem::extract::{Json, Multipart, Path, Query};
use super::problem::{ApiResult, Problem};
use crate::areas::client::documents::{self, ClientDocument, DocumentUpload};
use crate::areas::client::messages::{self, ClientMessage, MessageForm};
use crate::areas::client::orders::{self, ClientOrder, ClientOrderItem, Cursor, OrderFilter};
use crate::areas::client::placing::{self, NewOrderForm, PlacedBy};
use crate::areas::client::portal::CancelForm;
use crate::platform::call::OrderId;
use crate::platform::fields::{named, required};
use crate::platform::file_response::stream_response;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_orders, create_order))
        .routes(routes!(get_order))
        .routes(routes!(cancel_order))
        .routes(routes!(list_messages, post_message))
        .routes(routes!(list_documents, upload_documents))
        .routes(routes!(download_document))
}

const MAX_LIMIT: u64 = 100;
const MAX_IDEMPOTENCY_KEY: usize = 255;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    /// open (the default), delivered, cancelled or all.
    #[param(inline)]
    pub status: Option<OrderFilter>,
    /// Only orders changed at or after this time (RFC 3339).
    pub updated_since: Option<DateTime<Utc>>,
    /// 1 to 100 (default 25).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    /// `nextCursor` of the previous page.
    #[param(max_length = 100)]
    pub cursor: Option<String>,
}

/// A page of orders, newest change first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPage {
    pub data: Vec<ClientOrderItem>,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

fn encode(c: &ClientOrderItem) -> String {
    cursor_of(c.updated_at, c.id)
}

/// The cursor that continues after an order last changed at `updated_at` (opaque to callers).
pub fn cursor_of(updated_at: DateTime<Utc>, order_id: i64) -> String {
    URL_SAFE_NO_PAD.encode(format!("{}.{order_id}", updated_at.timestamp_micros()))
}

fn decode(text: &str) -> Option<Cursor> {
    let raw = String::from_utf8(URL_SAFE_NO_PAD.decode(text).ok()?).ok()?;
    let (micros, id) = raw.split_once('.')?;
    let updated_at = Utc.timestamp_micros(micros.parse().ok()?).single()?;
    Some(Cursor { updated_at, order_id: id.parse().ok()? })
}

fn problem_response(p: Problem) -> Response {
    p.into_response()
}

/// The client's orders, newest change first, a page at a time.
#[utoipa::path(
    get,
    path = "/api/v1/orders",
    tag = "orders",
    params(OrderListQuery),
    security(("api_key" = [])),
    responses(
        (status = 200, body = OrderPage),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
        (status = 429, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn list_orders(
    State(state): State<AppState>,
    caller: ApiCaller,
    Query(q): Query<OrderListQuery>,
) -> ApiResult<axum::Json<OrderPage>> {
    let limit = q.limit.unwrap_or(25);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Problem::invalid("limit", format!("limit must be 1 to {MAX_LIMIT}.")));
    }
    let cursor = match q.cursor.as_deref() {
        Some(text) => Some(
            decode(text)
                .ok_or_else(|| Problem::invalid("cursor", "cursor is not one this API gave."))?,
        ),
        None => None,
    };
    let filter = q.status.unwrap_or_default();
    let mut data = orders::after(
        &state.db,
        &caller.seat(),
        (filter, None),
        q.updated_since,
        cursor,
        limit + 1,
    )
    .await?;
    let more = data.len() as u64 > limit;
    data.truncate(limit as usize);
    let next_cursor = if more { data.last().map(encode) } else { None };
    Ok(axum::Json(OrderPage { data, next_cursor }))
}

fn idempotency_key(headers: &HeaderMap) -> ApiResult<String> {
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .unwrap_or_default();
    if key.is_empty() || key.len() > MAX_IDEMPOTENCY_KEY {
        return Err(Problem::new(
            StatusCode::BAD_REQUEST,
            "idempotency-key-required",
            "Idempotency-Key required",
            format!(
                "Send an Idempotency-Key header (1 to {MAX_IDEMPOTENCY_KEY} characters) so a \
                 retried call places the order once."
            ),
        ));
    }
    Ok(key.to_string())
}

fn created(order: ClientOrder, status: StatusCode) -> Response {
    let location = HeaderValue::from_str(&format!("/api/v1/orders/{}", order.item.id)).ok();
    let mut response = (status, axum::Json(order)).into_response();
    if let Some(location) = location {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response
}

/// Places an order. Send an `Idempotency-Key` header: the same key with the same body answers
/// the same order (201 the first time, 200 after); the same key with another body is refused (422).
#[utoipa::path(
    post,
    path = "/api/v1/orders",
    tag = "orders",
    request_body = NewOrderForm,
    security(("api_key" = [])),
    params((
        "Idempotency-Key" = String,
        Header,
        min_length = 1,
        max_length = 255,
        pattern = "^[!-~]+$",
        description = "Unique per order you mean to place (1 to 255 visible characters)"
    )),
    responses(
        (status = 201, body = ClientOrder, description = "Placed"),
        (status = 200, body = ClientOrder, description = "Placed before under this key"),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
        (status = 429, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn create_order(
    State(state): State<AppState>,
    caller: ApiCaller,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    place(&state, &caller, &headers, &body).await.unwrap_or_else(problem_response)
}

async fn place(
    state: &AppState,
    caller: &ApiCaller,
    headers: &HeaderMap,
    body: &Bytes,
) -> ApiResult<Response> {
    let json_body = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if !json_body {
        return Err(Problem::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported-media-type",
            "Unsupported media type",
            "Send the order as Content-Type: application/json.",
        ));
    }
    let key = idempotency_key(headers)?;
    let digest: String = Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
    if let Some(found) = earlier(state, caller.client_id, &key).await? {
        return replay(state, caller, found, &digest).await;
    }
    let json: serde_json::Value = serde_json::from_slice(body).map_err(|e| {
        Problem::new(
            StatusCode::BAD_REQUEST,
            "bad-request",
            "Bad request",
            format!("The body is not JSON: {e}"),
        )
    })?;
    let form: NewOrderForm = serde_json::from_value(json)
        .map_err(|e| Problem::invalid("body", format!("The body is not a valid order: {e}")))?;
    let v = placing::check(
        &form,
        state.config.today().map_err(crate::platform::http::error::AppError::Internal)?,
    )?;
    let position = placing::locate(state, &v).await;
    let txn = portal_db::begin_write(&state.db).await?;
    let order = placing::place_order(
        &txn,
        state,
        &caller.seat(),
        PlacedBy::ApiKey(&caller.prefix),
        &v,
        position,
    )
    .await?;
    let saved = api_idempotency::ActiveModel {
        id: NotSet,
        client_id: Set(caller.client_id),
        idempotency_key: Set(key.clone()),
        request_sha256: Set(digest.clone()),
        order_id: Set(order.id),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await;
    if saved.is_err() {
        // Another call with this key won the race: answer what it placed.
        drop(txn);
        let found = earlier(state, caller.client_id, &key).await?.ok_or_else(|| {
            Problem::from(crate::platform::http::error::AppError::Internal(
                "idempotency row vanished".into(),
            ))
        })?;
        return replay(state, caller, found, &digest).await;
    }
    txn.commit().await?;
    Ok(created(
        orders::view(&state.db, &state.config, &caller.seat(), order.id).await?,
        StatusCode::CREATED,
    ))
}

async fn earlier(
    state: &AppState,
    client_id: i32,
    key: &str,
) -> ApiResult<Option<api_idempotency::Model>> {
    Ok(api_idempotency::Entity::find()
        .filter(api_idempotency::Column::ClientId.eq(client_id))
        .filter(api_idempotency::Column::IdempotencyKey.eq(key))
        .one(&state.db)
        .await?)
}

async fn replay(
    state: &AppState,
    caller: &ApiCaller,
    found: api_idempotency::Model,
    digest: &str,
) -> ApiResult<Response> {
    if found.request_sha256 != digest {
        return Err(Problem::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "idempotency-key-reused",
            "Idempotency-Key reused",
            "This Idempotency-Key was used with another body: use a new key for a new order.",
        ));
    }
    Ok(created(
        orders::view(&state.db, &state.config, &caller.seat(), found.order_id).await?,
        StatusCode::OK,
    ))
}

/// One order, with its timeline.
#[utoipa::path(
    get,
    path = "/api/v1/orders/{id}",
    tag = "orders",
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = ClientOrder),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn get_order(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
) -> ApiResult<axum::Json<ClientOrder>> {
    Ok(axum::Json(orders::view(&state.db, &state.config, &caller.seat(), id).await?))
}

/// Asks staff to cancel the order, with a reason; answers the order.
#[utoipa::path(
    post,
    path = "/api/v1/orders/{id}/cancel",
    tag = "orders",
    request_body = CancelForm,
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = ClientOrder),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 409, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn cancel_order(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
    Json(form): Json<CancelForm>,
) -> ApiResult<axum::Json<ClientOrder>> {
    let reason = required(named("reason", "Reason"), form.reason.as_deref(), orders::MAX_REASON)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (o, c) = orders::find(&txn, &caller.seat(), id).await?;
    orders::request_cancel(
        &txn,
        &state,
        &o,
        c,
        &format!("the API (key {})", caller.prefix),
        reason,
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(orders::view(&state.db, &state.config, &caller.seat(), id).await?))
}

/// The messages between the client and staff on the order, oldest first.
#[utoipa::path(
    get,
    path = "/api/v1/orders/{id}/messages",
    tag = "orders",
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = Vec<ClientMessage>),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn list_messages(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
) -> ApiResult<axum::Json<Vec<ClientMessage>>> {
    orders::find(&state.db, &caller.seat(), id).await?;
    Ok(axum::Json(messages::list(&state.db, id).await?))
}

/// Writes to staff about the order.
#[utoipa::path(
    post,
    path = "/api/v1/orders/{id}/messages",
    tag = "orders",
    request_body = MessageForm,
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 201, body = ClientMessage),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn post_message(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
    Json(form): Json<MessageForm>,
) -> ApiResult<(StatusCode, axum::Json<ClientMessage>)> {
    let body = messages::body_of(&form)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (o, _) = orders::find(&txn, &caller.seat(), id).await?;
    let saved = messages::write(&txn, &state, &o, None, true, body).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(saved)))
}

/// The order's documents: the client's attachments and, once delivered, the report.
#[utoipa::path(
    get,
    path = "/api/v1/orders/{id}/documents",
    tag = "orders",
    params(OrderId),
    security(("api_key" = [])),
    responses(
        (status = 200, body = Vec<ClientDocument>),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn list_documents(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
) -> ApiResult<axum::Json<Vec<ClientDocument>>> {
    let (_, c) = orders::find(&state.db, &caller.seat(), id).await?;
    Ok(axum::Json(documents::list(&state.db, &c).await?))
}

/// Attaches files to the order (multipart, `files` repeated, up to 10).
#[utoipa::path(
    post,
    path = "/api/v1/orders/{id}/documents",
    tag = "orders",
    params(OrderId),
    security(("api_key" = [])),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = Vec<ClientDocument>),
        (status = 400, body = Problem, content_type = "application/problem+json"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
        (status = 413, body = Problem, content_type = "application/problem+json"),
        (status = 415, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn upload_documents(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<i64>,
    Multipart(multipart): Multipart,
) -> ApiResult<(StatusCode, axum::Json<Vec<ClientDocument>>)> {
    let (o, _) = orders::find(&state.db, &caller.seat(), id).await?;
    let saved = documents::attach(&state, &o, None, multipart).await?;
    Ok((StatusCode::CREATED, axum::Json(saved)))
}

/// The bytes of one of the order's documents.
#[utoipa::path(
    get,
    path = "/api/v1/orders/{id}/documents/{document_id}",
    tag = "orders",
    security(("api_key" = [])),
    params(OrderId, ("document_id" = i64, Path, description = "Document id")),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 404, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn download_document(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path((id, document_id)): Path<(i64, i64)>,
) -> ApiResult<Response> {
    let (_, c) = orders::find(&state.db, &caller.seat(), id).await?;
    let file = documents::find(&state.db, &c, document_id).await?;
    Ok(stream_response(&state, file, false).await?)
}
