//! GET /api/events: the caller's live updates as server-sent events (see `live`). Each listener
//! gets only what the caller may see: staff everything; an appraiser their orders and quotes; a
//! firm administrator also their firm's orders. A browser that reconnects sends the last id it saw
//! (`Last-Event-ID`) and gets what it missed.
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue};
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use portal_db::entities::{appraiser_profile, live_event};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Serialize;
use tokio::sync::{broadcast, watch};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::call::Call;
use crate::platform::http::error::{AppResult, MessageResponse};
use crate::platform::live::{Subscription, for_servers_only, new_rows};
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

/// A stream ends after this long; the browser reconnects at once (and the session is checked
/// again).
const STREAM_LIFETIME: Duration = Duration::from_secs(15 * 60);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(events))
}

/// Who a listener is: what they may hear of.
struct Audience {
    everything: bool,
    user_id: i32,
    company_id: Option<i32>,
}

impl Audience {
    fn hears(&self, row: &live_event::Model) -> bool {
        let mine = || row.appraiser_ids.split(',').any(|id| id == self.user_id.to_string());
        !for_servers_only(row)
            && (self.everything
                || (self.company_id.is_some() && row.company_id == self.company_id)
                || mine())
    }
}

/// What a page is told: what changed; it asks for the rest itself.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Said {
    order_id: Option<i64>,
    quote_id: Option<i64>,
}

fn said(row: &live_event::Model) -> Event {
    let data = serde_json::to_string(&Said { order_id: row.order_id, quote_id: row.quote_id })
        .unwrap_or_else(|_| "{}".into());
    Event::default().id(row.id.to_string()).event(row.kind.clone()).data(data)
}

/// The caller's live updates as server-sent events (`order`, `quote`, `payment`, each with the
/// orderId or quoteId it is about). Send `Last-Event-ID` to get what was missed.
#[utoipa::path(get, path = "/api/events", tag = "live",
    responses((status = 200, description = "text/event-stream", content_type = "text/event-stream"),
              (status = 401, body = MessageResponse)))]
async fn events(Call { state, caller }: Call, headers: HeaderMap) -> AppResult<impl IntoResponse> {
    let staff = caller.is(UserType::Staff) || caller.is(UserType::Secret);
    let company_id = if caller.is(UserType::AppraiserAdmin) {
        appraiser_profile::Entity::find()
            .filter(appraiser_profile::Column::SecurityUserId.eq(caller.id()))
            .one(&state.db)
            .await?
            .and_then(|p| p.company_id)
    } else {
        None
    };
    let audience = Audience { everything: staff, user_id: caller.id(), company_id };
    let Subscription { rows: live, closing } = state.live.subscribe();
    let last_seen = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let missed = match last_seen {
        Some(after) => new_rows(&state.db, after).await?,
        None => Vec::new(),
    };
    let stream = stream(audience, missed, live, closing);
    let mut answer = Sse::new(stream).keep_alive(KeepAlive::default()).into_response();
    // nginx and other proxies must pass events on as they come.
    answer.headers_mut().insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(answer)
}

/// A listener's place in the stream.
struct Listening {
    audience: Audience,
    missed: std::vec::IntoIter<live_event::Model>,
    live: broadcast::Receiver<Arc<live_event::Model>>,
    closing: watch::Receiver<bool>,
    ends: std::pin::Pin<Box<tokio::time::Sleep>>,
    /// The replayed rows, which the live ones may repeat.
    replayed: std::collections::HashSet<i64>,
}

fn stream(
    audience: Audience,
    missed: Vec<live_event::Model>,
    live: broadcast::Receiver<Arc<live_event::Model>>,
    closing: watch::Receiver<bool>,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let start = Listening {
        audience,
        missed: missed.into_iter(),
        live,
        closing,
        ends: Box::pin(tokio::time::sleep(STREAM_LIFETIME)),
        replayed: Default::default(),
    };
    futures_util::stream::unfold(start, |mut s| async move {
        for row in s.missed.by_ref() {
            if s.audience.hears(&row) {
                s.replayed.insert(row.id);
                return Some((Ok(said(&row)), s));
            }
        }
        loop {
            tokio::select! {
                received = s.live.recv() => match received {
                    Ok(row) if !s.replayed.contains(&row.id) && s.audience.hears(&row) => {
                        return Some((Ok(said(&row)), s));
                    }
                    Ok(_) => {}
                    // Too slow to keep up (or closed): end; the browser catches up on reconnecting.
                    Err(_) => return None,
                },
                _ = s.closing.changed() => return None,
                _ = &mut s.ends => return None,
            }
        }
    })
}
