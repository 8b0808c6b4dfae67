//! The client's event log, in order, for replay: what webhooks delivered (or would have), read
//! back after a given event id.
use axum::extract::State;
use chrono::{DateTime, Utc};
use portal_db::entities::client_event;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::key::ApiCaller;
use super::problem::extract::Query;
use super::problem::{ApiResult, Problem};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_events))
}

const MAX_LIMIT: u64 = 500;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventQuery {
    /// Only events after this event id (0 or absent: from the first).
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// 1 to 500 (default 100).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<u64>,
}

/// An event as webhooks carry it (the Standard Webhooks shape) with its id.
#[derive(Debug, Serialize, ToSchema)]
pub struct Event {
    /// Increasing; also the `webhook-id` of its deliveries (`evt_<id>`).
    pub id: i64,
    /// e.g. order.assigned
    #[serde(rename = "type")]
    pub event_type: String,
    pub timestamp: DateTime<Utc>,
    /// The order id, file number and status (and the message of `message.created`).
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
}

impl From<client_event::Model> for Event {
    fn from(e: client_event::Model) -> Event {
        Event {
            id: e.id,
            event_type: e.event_type,
            timestamp: e.created_at,
            data: serde_json::from_str(&e.payload).unwrap_or(serde_json::Value::Null),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EventPage {
    pub data: Vec<Event>,
}

/// The client's events after `after`, oldest first.
#[utoipa::path(
    get,
    path = "/api/v1/events",
    tag = "events",
    params(EventQuery),
    security(("api_key" = [])),
    responses(
        (status = 200, body = EventPage),
        (status = 401, body = Problem, content_type = "application/problem+json"),
        (status = 422, body = Problem, content_type = "application/problem+json"),
        (status = 429, body = Problem, content_type = "application/problem+json"),
    ),
)]
async fn list_events(
    State(state): State<AppState>,
    caller: ApiCaller,
    Query(q): Query<EventQuery>,
) -> ApiResult<axum::Json<EventPage>> {
    let limit = q.limit.unwrap_or(100);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(Problem::invalid("limit", format!("limit must be 1 to {MAX_LIMIT}.")));
    }
    let after = q.after.unwrap_or(0);
    if after < 0 {
        return Err(Problem::invalid("after", "after must be 0 or more."));
    }
    let rows = client_event::Entity::find()
        .filter(client_event::Column::ClientId.eq(caller.client_id))
        .filter(client_event::Column::Id.gt(after))
        .order_by_asc(client_event::Column::Id)
        .limit(limit)
        .all(&state.db)
        .await?;
    Ok(axum::Json(EventPage { data: rows.into_iter().map(Event::from).collect() }))
}
