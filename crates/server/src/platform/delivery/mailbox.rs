//! The development mailbox (only with `serve --demo`, and only to callers on the same machine):
//! every e-mail and SMS the portal queued, newest first, as JSON and as a plain page, so demo users
//! can finish verification and resets. Anyone else gets the 404 of an unknown path.
use axum::extract::State;
use axum::http::header;
use axum::response::{Html, IntoResponse};
use portal_db::entities::outbox;
use sea_orm::{EntityTrait, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use super::html_escape;
use crate::platform::http::client_ip::LoopbackCaller;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxMessage {
    pub id: i64,
    pub channel: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub sent_at: Option<chrono::DateTime<chrono::Utc>>,
}

async fn newest(
    state: &AppState,
    LoopbackCaller(local): LoopbackCaller,
) -> AppResult<Vec<OutboxMessage>> {
    if !state.demo || !local {
        return Err(AppError::NotFound("No such API call".into()));
    }
    let rows =
        outbox::Entity::find().order_by_desc(outbox::Column::Id).limit(200).all(&state.db).await?;
    Ok(rows
        .into_iter()
        .map(|m| OutboxMessage {
            id: m.id,
            channel: m.channel,
            recipient: m.recipient,
            subject: m.subject,
            body: m.body_text,
            created_at: m.created_at,
            sent_at: m.sent_at,
        })
        .collect())
}

/// Demo mode only: the messages the portal sent, newest first.
#[utoipa::path(
    get,
    path = "/api/dev/outbox",
    tag = "dev",
    responses((status = 200, body = Vec<OutboxMessage>), (status = 404)),
)]
pub async fn outbox_json(
    State(state): State<AppState>,
    local: LoopbackCaller,
) -> AppResult<axum::Json<Vec<OutboxMessage>>> {
    Ok(axum::Json(newest(&state, local).await?))
}

/// Demo mode only: the same as a page.
pub async fn mailbox_page(
    State(state): State<AppState>,
    local: LoopbackCaller,
) -> AppResult<impl IntoResponse> {
    let messages = newest(&state, local).await?;
    let mut page = String::from(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Development mailbox</title>\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;\
         padding:0 1rem;color:#1a1b1e}\
         article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}\
         pre{white-space:pre-wrap}</style></head>\
         <body><main><h1>Development mailbox</h1>\
         <p>Every e-mail and SMS the portal sent while running with demo data, newest first.</p>",
    );
    if messages.is_empty() {
        page.push_str("<p>No messages yet.</p>");
    }
    for m in messages {
        page.push_str(&format!(
            "<article><h2>{}</h2><p>{} to {} at {}</p><pre>{}</pre></article>",
            html_escape(&m.subject),
            m.channel.to_uppercase(),
            html_escape(&m.recipient),
            m.created_at.to_rfc3339(),
            html_escape(&m.body)
        ));
    }
    page.push_str("</main></body></html>");
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)))
}
