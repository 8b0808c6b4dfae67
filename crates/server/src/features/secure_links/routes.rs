//! /api/appraiser/secure-links: the caller's secure links, one link, marking it viewed, and
//! downloading its attachments.
use std::collections::HashMap;

use axum::response::Response;
use chrono::{DateTime, Utc};
use portal_db::entities::{secure_link, secure_link_attachment, stored_file};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::call::{Call, CallOn};
use crate::platform::current_user::CurrentUser;
use crate::platform::file_response::stream_response;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Path;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_secure_links))
        .routes(routes!(secure_link))
        .routes(routes!(mark_secure_link_viewed))
        .routes(routes!(secure_link_attachment))
}

pub const MSG_NOT_FOUND: &str = "Secure link not found";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecureLinkAttachment {
    /// The stored file's id.
    pub id: i64,
    pub file_name: String,
    pub content_type: String,
    pub file_size: i64,
    /// GET it (with the session cookie) to download the file.
    pub download_url: String,
}

/// A secure link staff sent the caller, with its attachments.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecureLink {
    pub id: i32,
    pub usa_file_number: String,
    pub subject: String,
    pub sender_name: String,
    pub sender_email: String,
    pub recipient_email: String,
    pub sent_date_time: DateTime<Utc>,
    /// When the recipient first opened it; null while unread.
    pub view_date_time: Option<DateTime<Utc>>,
    pub message: String,
    pub attachments: Vec<SecureLinkAttachment>,
}

/// The visible attachments of each link, by link id.
pub async fn attachments_of(
    db: &impl ConnectionTrait,
    link_ids: Vec<i32>,
) -> AppResult<HashMap<i32, Vec<SecureLinkAttachment>>> {
    let mut by_link: HashMap<i32, Vec<SecureLinkAttachment>> = HashMap::new();
    if link_ids.is_empty() {
        return Ok(by_link);
    }
    let rows = secure_link_attachment::Entity::find()
        .filter(secure_link_attachment::Column::SecureLinkId.is_in(link_ids))
        .find_also_related(stored_file::Entity)
        .order_by_asc(secure_link_attachment::Column::Id)
        .all(db)
        .await?;
    for (a, file) in rows {
        let Some(file) = file.filter(|f| !f.hide) else { continue };
        by_link.entry(a.secure_link_id).or_default().push(SecureLinkAttachment {
            id: file.id,
            download_url: format!(
                "/api/appraiser/secure-links/{}/attachments/{}",
                a.secure_link_id, file.id
            ),
            file_name: file.file_name,
            content_type: file.content_type,
            file_size: file.size_bytes,
        });
    }
    Ok(by_link)
}

pub fn shape(link: secure_link::Model, attachments: Vec<SecureLinkAttachment>) -> SecureLink {
    SecureLink {
        id: link.id,
        usa_file_number: link.usa_file_number,
        subject: link.subject,
        sender_name: link.sender_name,
        sender_email: link.sender_email,
        recipient_email: link.recipient_email,
        sent_date_time: link.sent_at,
        view_date_time: link.viewed_at,
        message: link.message,
        attachments,
    }
}

/// The caller's link, or 404 for anyone else.
async fn own_link(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    id: i32,
) -> AppResult<secure_link::Model> {
    secure_link::Entity::find_by_id(id)
        .filter(secure_link::Column::RecipientUserId.eq(caller.id()))
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_NOT_FOUND.into()))
}

async fn with_attachments(
    db: &impl ConnectionTrait,
    link: secure_link::Model,
) -> AppResult<SecureLink> {
    let mut attachments = attachments_of(db, vec![link.id]).await?;
    let files = attachments.remove(&link.id).unwrap_or_default();
    Ok(shape(link, files))
}

/// The secure links sent to the caller, newest first.
#[utoipa::path(
    get,
    path = "/api/appraiser/secure-links",
    tag = "secure-links",
    responses((status = 200, body = Vec<SecureLink>)),
)]
async fn list_secure_links(Call { state, caller }: Call) -> AppResult<axum::Json<Vec<SecureLink>>> {
    let links = secure_link::Entity::find()
        .filter(secure_link::Column::RecipientUserId.eq(caller.id()))
        .order_by_desc(secure_link::Column::SentAt)
        .order_by_desc(secure_link::Column::Id)
        .all(&state.db)
        .await?;
    let mut attachments = attachments_of(&state.db, links.iter().map(|l| l.id).collect()).await?;
    Ok(axum::Json(
        links
            .into_iter()
            .map(|l| {
                let files = attachments.remove(&l.id).unwrap_or_default();
                shape(l, files)
            })
            .collect(),
    ))
}

/// One of the caller's secure links (reading it does not mark it viewed).
#[utoipa::path(
    get,
    path = "/api/appraiser/secure-links/{id}",
    tag = "secure-links",
    params(("id" = i32, Path, description = "secure link id")),
    responses(
        (status = 200, body = SecureLink),
        (status = 400, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn secure_link(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<SecureLink>> {
    let link = own_link(&state.db, &caller, id).await?;
    Ok(axum::Json(with_attachments(&state.db, link).await?))
}

/// The recipient opened the link: sets viewDateTime the first time only, and answers the link.
#[utoipa::path(
    post,
    path = "/api/appraiser/secure-links/{id}/viewed",
    tag = "secure-links",
    params(("id" = i32, Path, description = "secure link id")),
    responses((status = 200, body = SecureLink), (status = 404, body = MessageResponse)),
)]
async fn mark_secure_link_viewed(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<SecureLink>> {
    own_link(&state.db, &caller, id).await?;
    secure_link::Entity::update_many()
        .col_expr(secure_link::Column::ViewedAt, Expr::value(Utc::now()))
        .filter(secure_link::Column::Id.eq(id))
        .filter(secure_link::Column::RecipientUserId.eq(caller.id()))
        .filter(secure_link::Column::ViewedAt.is_null())
        .exec(&state.db)
        .await?;
    let link = own_link(&state.db, &caller, id).await?;
    Ok(axum::Json(with_attachments(&state.db, link).await?))
}

/// Downloads an attachment of one of the caller's secure links.
#[utoipa::path(
    get,
    path = "/api/appraiser/secure-links/{id}/attachments/{fileId}",
    tag = "secure-links",
    params(
        ("id" = i32, Path, description = "secure link id"),
        ("fileId" = i64, Path, description = "attachment (stored file) id"),
    ),
    responses(
        (status = 200, description = "The file's bytes", content_type = "application/octet-stream"),
        (status = 404, body = MessageResponse),
    ),
)]
async fn secure_link_attachment(
    Call { state, caller }: Call,
    Path((id, file_id)): Path<(i32, i64)>,
) -> AppResult<Response> {
    let link = own_link(&state.db, &caller, id).await?;
    let found = secure_link_attachment::Entity::find()
        .filter(secure_link_attachment::Column::SecureLinkId.eq(link.id))
        .filter(secure_link_attachment::Column::StoredFileId.eq(file_id))
        .find_also_related(stored_file::Entity)
        .one(&state.db)
        .await?;
    let Some((_, Some(file))) = found else {
        return Err(AppError::NotFound("File not found.".into()));
    };
    if file.hide {
        return Err(AppError::NotFound("File not found.".into()));
    }
    stream_response(&state, file, false).await
}
