//! A client's webhook endpoints: made, listed, deleted and tested through the public API
//! (`/api/v1/webhook-endpoints`) or the client area's API & Webhooks screen, which also shows
//! each endpoint's delivery attempts and redelivers one.
use chrono::{DateTime, Utc};
use portal_db::entities::{client_event, webhook_attempt, webhook_delivery, webhook_endpoint};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::address;
use super::delivery::{self, Outcome};
use super::signing::new_secret;
use crate::kernel::orders::client_events::EventType;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::state::AppState;

const MAX_ENDPOINTS: u64 = 10;
const LISTED_ATTEMPTS: u64 = 100;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndpointForm {
    /// Where to POST events: https (http and private addresses only where the server allows them).
    #[schema(
        required = true,
        value_type = String,
        pattern = "^https?://",
        min_length = 1,
        max_length = 2000
    )]
    pub url: Option<String>,
    /// The event types wanted (e.g. order.delivered); none or empty: every type.
    #[serde(default)]
    pub event_types: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Endpoint {
    pub id: i32,
    pub url: String,
    /// Empty: every type.
    pub event_types: Vec<String>,
    pub created_at: DateTime<Utc>,
    /// Failing since then (every attempt refused or unreachable).
    pub failing_since: Option<DateTime<Utc>>,
    /// Disabled after failing for 3 days.
    pub disabled_at: Option<DateTime<Utc>>,
}

/// A new endpoint, with its signing secret: shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewEndpoint {
    #[serde(flatten)]
    pub endpoint: Endpoint,
    pub secret: String,
}

/// One try of sending an event to an endpoint.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attempt {
    pub id: i64,
    pub delivery_id: i64,
    pub event_id: i64,
    pub event_type: String,
    pub attempted_at: DateTime<Utc>,
    /// The receiver's answer; none when it could not be reached.
    pub status_code: Option<i32>,
    pub duration_ms: i32,
    pub error: Option<String>,
    /// Whether the delivery has succeeded since (on this or a later attempt).
    pub delivered: bool,
}

/// What a test message got back.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestResult {
    pub ok: bool,
    pub status_code: Option<u16>,
    pub duration_ms: i32,
    pub error: Option<String>,
}

fn types_of(stored: &str) -> Vec<String> {
    stored.split(',').map(str::trim).filter(|t| !t.is_empty()).map(String::from).collect()
}

impl From<webhook_endpoint::Model> for Endpoint {
    fn from(e: webhook_endpoint::Model) -> Endpoint {
        Endpoint {
            id: e.id,
            event_types: types_of(&e.event_types),
            url: e.url,
            created_at: e.created_at,
            failing_since: e.failing_since,
            disabled_at: e.disabled_at,
        }
    }
}

fn invalid(message: impl Into<String>) -> AppError {
    AppError::Validation(message.into())
}

pub async fn list(db: &impl ConnectionTrait, client_id: i32) -> AppResult<Vec<Endpoint>> {
    Ok(webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::ClientId.eq(client_id))
        .order_by_asc(webhook_endpoint::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Endpoint::from)
        .collect())
}

/// Checks and saves a new endpoint of the client (its host must resolve to allowed addresses).
pub async fn create(
    state: &AppState,
    client_id: i32,
    created_by: Option<i32>,
    form: &EndpointForm,
) -> AppResult<NewEndpoint> {
    let allow_private = state.config.webhooks_allow_private;
    let url = address::check_url(form.url.as_deref().unwrap_or_default(), allow_private)
        .map_err(invalid)?;
    let mut types = Vec::new();
    for t in &form.event_types {
        let t = t.trim();
        if EventType::from_name(t).is_none() {
            let known = EventType::ALL.map(EventType::name).join(", ");
            return Err(invalid(format!(
                "Event types: '{t}' is not an event type (one of {known})."
            )));
        }
        if !types.contains(&t) {
            types.push(t);
        }
    }
    address::check_resolves(&url, allow_private).await.map_err(invalid)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let count = webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::ClientId.eq(client_id))
        .count(&txn)
        .await?;
    if count >= MAX_ENDPOINTS {
        return Err(AppError::Conflict(format!(
            "A client can have at most {MAX_ENDPOINTS} endpoints: delete one first."
        )));
    }
    let secret = new_secret();
    let saved = webhook_endpoint::ActiveModel {
        id: NotSet,
        client_id: Set(client_id),
        url: Set(url.to_string()),
        event_types: Set(types.join(",")),
        secret: Set(secret.clone()),
        created_by_user_id: Set(created_by),
        created_at: Set(Utc::now()),
        failing_since: Set(None),
        disabled_at: Set(None),
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(NewEndpoint { endpoint: saved.into(), secret })
}

async fn find(
    db: &impl ConnectionTrait,
    client_id: i32,
    id: i32,
) -> AppResult<webhook_endpoint::Model> {
    webhook_endpoint::Entity::find_by_id(id)
        .filter(webhook_endpoint::Column::ClientId.eq(client_id))
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound("No such webhook endpoint.".into()))
}

/// Deletes the endpoint and its pending deliveries.
pub async fn delete(state: &AppState, client_id: i32, id: i32) -> AppResult<()> {
    let txn = portal_db::begin_write(&state.db).await?;
    find(&txn, client_id, id).await?;
    webhook_delivery::Entity::update_many()
        .col_expr(webhook_delivery::Column::GivenUpAt, Expr::value(Utc::now()))
        .filter(webhook_delivery::Column::EndpointId.eq(id))
        .filter(webhook_delivery::Column::DeliveredAt.is_null())
        .filter(webhook_delivery::Column::GivenUpAt.is_null())
        .exec(&txn)
        .await?;
    webhook_endpoint::Entity::delete_by_id(id).exec(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Sends a signed `webhook.test` message now and answers what came back.
pub async fn test(state: &AppState, client_id: i32, id: i32) -> AppResult<TestResult> {
    let endpoint = find(&state.db, client_id, id).await?;
    let body = json!({
        "type": "webhook.test",
        "timestamp": Utc::now(),
        "data": {"endpointId": endpoint.id}
    })
    .to_string();
    let message_id = format!(
        "test_{}",
        crate::platform::tokens::random_token().chars().take(16).collect::<String>()
    );
    let http = address::client(state.config.webhooks_allow_private);
    let Outcome { status_code, duration_ms, error } =
        delivery::post(&http, &endpoint.url, &endpoint.secret, &message_id, body).await;
    Ok(TestResult {
        ok: status_code.is_some_and(|c| (200..300).contains(&c)),
        status_code,
        duration_ms,
        error,
    })
}

/// The endpoint's latest attempts, newest first.
pub async fn attempts(
    db: &impl ConnectionTrait,
    client_id: i32,
    id: i32,
) -> AppResult<Vec<Attempt>> {
    find(db, client_id, id).await?;
    let deliveries = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::EndpointId.eq(id))
        .order_by_desc(webhook_delivery::Column::Id)
        .limit(LISTED_ATTEMPTS)
        .all(db)
        .await?;
    let ids: Vec<i64> = deliveries.iter().map(|d| d.id).collect();
    let events = client_event::Entity::find()
        .filter(client_event::Column::Id.is_in(deliveries.iter().map(|d| d.event_id)))
        .all(db)
        .await?;
    let tries = webhook_attempt::Entity::find()
        .filter(webhook_attempt::Column::DeliveryId.is_in(ids))
        .order_by_desc(webhook_attempt::Column::Id)
        .limit(LISTED_ATTEMPTS)
        .all(db)
        .await?;
    Ok(tries
        .into_iter()
        .filter_map(|a| {
            let d = deliveries.iter().find(|d| d.id == a.delivery_id)?;
            let event_type = events
                .iter()
                .find(|e| e.id == d.event_id)
                .map(|e| e.event_type.clone())
                .unwrap_or_default();
            Some(Attempt {
                id: a.id,
                delivery_id: d.id,
                event_id: d.event_id,
                event_type,
                attempted_at: a.attempted_at,
                status_code: a.status_code,
                duration_ms: a.duration_ms,
                error: a.error,
                delivered: d.delivered_at.is_some(),
            })
        })
        .collect())
}

/// Sends a delivery again, now, with the same `webhook-id` (even if it succeeded or was given up).
pub async fn redeliver(state: &AppState, client_id: i32, delivery_id: i64) -> AppResult<()> {
    let found = webhook_delivery::Entity::find_by_id(delivery_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("No such delivery.".into()))?;
    let endpoint = find(&state.db, client_id, found.endpoint_id).await?;
    if endpoint.disabled_at.is_some() {
        return Err(AppError::Conflict(
            "This endpoint is disabled: add it again to receive events.".into(),
        ));
    }
    let mut row: webhook_delivery::ActiveModel = found.into();
    row.delivered_at = Set(None);
    row.given_up_at = Set(None);
    row.locked_until = Set(None);
    row.next_attempt_at = Set(Some(Utc::now()));
    row.update(&state.db).await?;
    Ok(())
}
