//! Downloads of stored files: as JSON (base64 data, content type, file name) and a streaming
//! variant with Content-Disposition for viewing and for large files. Both check the caller's access
//! to the order or appraiser the file belongs to.
use crate::platform::call::{CallOn, FileId};
use crate::platform::http::extract::Query;
use axum::response::Response;
use base64::Engine;
use portal_db::entities::stored_file;
use sea_orm::{ConnectionTrait, EntityTrait};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::visibility::{find_visible_order, sees_hidden};
use crate::kernel::users::access::ensure_may_manage_user;
use crate::platform::current_user::CurrentUser;
use crate::platform::file_response::stream_response;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::state::AppState;
use axum::Json;

/// Larger files are only offered by the streaming download (base64 in JSON costs 4/3 in memory).
pub const JSON_DOWNLOAD_LIMIT: i64 = 20 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(appraisal_file_json))
        .routes(routes!(profile_file_json))
        .routes(routes!(appraisal_file_stream))
        .routes(routes!(profile_file_stream))
}

/// A downloaded file as JSON: the bytes in base64, their content type and the file name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileDownload {
    /// The content, base64.
    pub data: String,
    pub content_type: String,
    pub file_name: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
pub struct StreamQuery {
    /// `inline` to view in the browser (PDF, images, text only), otherwise `attachment`.
    pub disposition: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/file/download/appraisalfile/{id}",
    tag = "files",
    params(FileId),
    responses(
        (status = 200, body = FileDownload),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 413, body = MessageResponse),
    ),
)]
async fn appraisal_file_json(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<Json<FileDownload>> {
    let file = appraisal_file(&state.db, &caller, id).await?;
    json_response(&state, file).await
}

#[utoipa::path(
    get,
    path = "/api/file/download/appraiserprofilefile/{id}",
    tag = "files",
    params(FileId),
    responses(
        (status = 200, body = FileDownload),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 413, body = MessageResponse),
    ),
)]
async fn profile_file_json(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<Json<FileDownload>> {
    let file = profile_file(&state.db, &caller, id).await?;
    json_response(&state, file).await
}

#[utoipa::path(
    get,
    path = "/api/file/stream/appraisalfile/{id}",
    tag = "files",
    params(FileId, StreamQuery),
    responses(
        (status = 200, description = "The file's bytes", content_type = "application/octet-stream"),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn appraisal_file_stream(
    CallOn { state, caller, id }: CallOn<i64>,
    Query(query): Query<StreamQuery>,
) -> AppResult<Response> {
    let file = appraisal_file(&state.db, &caller, id).await?;
    stream_response(&state, file, query.disposition.as_deref() == Some("inline")).await
}

#[utoipa::path(
    get,
    path = "/api/file/stream/appraiserprofilefile/{id}",
    tag = "files",
    params(FileId, StreamQuery),
    responses(
        (status = 200, description = "The file's bytes", content_type = "application/octet-stream"),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn profile_file_stream(
    CallOn { state, caller, id }: CallOn<i64>,
    Query(query): Query<StreamQuery>,
) -> AppResult<Response> {
    let file = profile_file(&state.db, &caller, id).await?;
    stream_response(&state, file, query.disposition.as_deref() == Some("inline")).await
}

fn not_found() -> AppError {
    AppError::NotFound("File not found.".into())
}

/// An order's file, if the caller may see the order (and, for hidden files, is staff).
pub async fn appraisal_file(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    id: i64,
) -> AppResult<stored_file::Model> {
    let file = stored_file::Entity::find_by_id(id).one(db).await?.ok_or_else(not_found)?;
    let order_id = file.order_id.ok_or_else(not_found)?;
    find_visible_order(db, caller, order_id).await?;
    if file.hide && !sees_hidden(caller) {
        return Err(not_found());
    }
    Ok(file)
}

/// An appraiser's profile file, if the caller may manage that appraiser.
pub async fn profile_file(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    id: i64,
) -> AppResult<stored_file::Model> {
    let file = stored_file::Entity::find_by_id(id).one(db).await?.ok_or_else(not_found)?;
    let owner = file.appraiser_user_id.ok_or_else(not_found)?;
    ensure_may_manage_user(db, caller, owner).await?;
    Ok(file)
}

/// The file as base64 JSON (access already checked).
pub async fn json_response(
    state: &AppState,
    file: stored_file::Model,
) -> AppResult<Json<FileDownload>> {
    if file.size_bytes > JSON_DOWNLOAD_LIMIT {
        return Err(AppError::PayloadTooLarge(format!(
            "{} is too large for this download; use the streaming download.",
            file.file_name
        )));
    }
    let bytes = state.storage.read_all(&file.storage_key).await?;
    Ok(Json(FileDownload {
        data: base64::engine::general_purpose::STANDARD.encode(&bytes),
        content_type: file.content_type,
        file_name: file.file_name,
    }))
}
