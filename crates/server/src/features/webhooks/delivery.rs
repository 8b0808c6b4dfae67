//! Sending webhooks. Every copy of the server runs this loop: it claims due deliveries (a
//! conditional update, so two copies never send one attempt twice at once), POSTs each event with
//! the Standard Webhooks headers and records the attempt. A failed delivery is tried again with
//! growing waits for 3 days, always with the same `webhook-id`; an endpoint that has failed for 3
//! days is disabled and the client's contact is told.
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, Utc};
use portal_db::entities::{
    client, client_event, webhook_attempt, webhook_delivery, webhook_endpoint,
};
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde_json::json;

use super::address;
use super::signing::sign;
use crate::platform::delivery;
use crate::platform::http::error::AppResult;
use crate::platform::state::AppState;

/// How long a failing delivery (and a failing endpoint) is kept trying.
pub const GIVE_UP_AFTER: TimeDelta = TimeDelta::days(3);
/// The waits before each retry (then the last one again), as the Standard Webhooks guide suggests.
const RETRY_WAITS: [i64; 7] = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];
const BATCH: u64 = 32;
const POLL: Duration = Duration::from_millis(250);

/// The wait before the retry that follows `attempts` failed attempts.
pub fn retry_wait(attempts: i32) -> TimeDelta {
    let i = (attempts.max(1) as usize - 1).min(RETRY_WAITS.len() - 1);
    TimeDelta::seconds(RETRY_WAITS[i])
}

/// Runs the delivery loop of this copy for as long as the server runs.
pub fn spawn(state: AppState) {
    let http = address::client(state.config.webhooks_allow_private);
    tokio::spawn(async move {
        loop {
            match deliver_due(&state, &http).await {
                Ok(sent) if sent > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "webhook deliveries could not be read"),
            }
            tokio::time::sleep(POLL).await;
        }
    });
}

/// Claims and sends what is due; answers how many attempts were made.
pub async fn deliver_due(state: &AppState, http: &reqwest::Client) -> AppResult<usize> {
    let now = Utc::now();
    let claim_for = TimeDelta::seconds(state.config.webhook_claim_seconds.clamp(1, 3600) as i64);
    let due = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::DeliveredAt.is_null())
        .filter(webhook_delivery::Column::GivenUpAt.is_null())
        .filter(webhook_delivery::Column::NextAttemptAt.lte(now))
        .filter(unclaimed(now))
        .order_by_asc(webhook_delivery::Column::NextAttemptAt)
        .limit(BATCH)
        .all(&state.db)
        .await?;
    let mut claimed = Vec::new();
    for d in due {
        let won = webhook_delivery::Entity::update_many()
            .col_expr(webhook_delivery::Column::LockedUntil, Expr::value(now + claim_for))
            .filter(webhook_delivery::Column::Id.eq(d.id))
            .filter(unclaimed(now))
            .exec(&state.db)
            .await?;
        if won.rows_affected == 1 {
            claimed.push(d);
        }
    }
    let count = claimed.len();
    let results =
        futures_util::future::join_all(claimed.into_iter().map(|d| attempt(state, http, d))).await;
    for result in results {
        if let Err(e) = result {
            tracing::warn!(error = %e, "a webhook attempt could not be recorded");
        }
    }
    Ok(count)
}

fn unclaimed(now: DateTime<Utc>) -> Condition {
    Condition::any()
        .add(webhook_delivery::Column::LockedUntil.is_null())
        .add(webhook_delivery::Column::LockedUntil.lt(now))
}

/// The body of an event's webhook: `{type, timestamp, data}`.
pub fn body_of(event: &client_event::Model) -> String {
    let data: serde_json::Value =
        serde_json::from_str(&event.payload).unwrap_or(serde_json::Value::Null);
    json!({"type": event.event_type, "timestamp": event.created_at, "data": data}).to_string()
}

/// What a receiver answered: its status code (none when it could not be reached) and the time.
pub struct Outcome {
    pub status_code: Option<u16>,
    pub duration_ms: i32,
    pub error: Option<String>,
}

impl Outcome {
    pub fn ok(&self) -> bool {
        self.status_code.is_some_and(|c| (200..300).contains(&c))
    }
}

/// POSTs one signed message.
pub async fn post(
    http: &reqwest::Client,
    url: &str,
    secret: &str,
    id: &str,
    body: String,
) -> Outcome {
    let timestamp = Utc::now().timestamp();
    let signature = sign(secret, id, timestamp, &body);
    let started = Instant::now();
    let sent = http
        .post(url)
        .header("content-type", "application/json")
        .header("webhook-id", id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(body)
        .send()
        .await;
    let duration_ms = started.elapsed().as_millis().min(i32::MAX as u128) as i32;
    match sent {
        Ok(r) => Outcome { status_code: Some(r.status().as_u16()), duration_ms, error: None },
        Err(e) => {
            let why = if e.is_timeout() {
                "timed out".to_string()
            } else {
                format!("could not be reached: {e}")
            };
            Outcome { status_code: None, duration_ms, error: Some(why) }
        }
    }
}

async fn attempt(
    state: &AppState,
    http: &reqwest::Client,
    d: webhook_delivery::Model,
) -> AppResult<()> {
    let endpoint = webhook_endpoint::Entity::find_by_id(d.endpoint_id).one(&state.db).await?;
    let event = client_event::Entity::find_by_id(d.event_id).one(&state.db).await?;
    let (Some(endpoint), Some(event)) = (endpoint, event) else {
        return give_up(state, d.id).await;
    };
    if endpoint.disabled_at.is_some() {
        return give_up(state, d.id).await;
    }
    let outcome =
        post(http, &endpoint.url, &endpoint.secret, &format!("evt_{}", event.id), body_of(&event))
            .await;
    let now = Utc::now();
    let txn = portal_db::begin_write(&state.db).await?;
    webhook_attempt::ActiveModel {
        id: NotSet,
        delivery_id: Set(d.id),
        attempted_at: Set(now),
        status_code: Set(outcome.status_code.map(i32::from)),
        duration_ms: Set(outcome.duration_ms),
        error: Set(outcome.error.clone()),
    }
    .insert(&txn)
    .await?;
    let attempts = d.attempts + 1;
    let mut row: webhook_delivery::ActiveModel = d.into();
    row.attempts = Set(attempts);
    row.locked_until = Set(None);
    if outcome.ok() {
        row.delivered_at = Set(Some(now));
        row.next_attempt_at = Set(None);
        if endpoint.failing_since.is_some() {
            let mut e: webhook_endpoint::ActiveModel = endpoint.into();
            e.failing_since = Set(None);
            e.update(&txn).await?;
        }
    } else {
        if now - event.created_at > GIVE_UP_AFTER {
            row.given_up_at = Set(Some(now));
            row.next_attempt_at = Set(None);
        } else {
            row.next_attempt_at = Set(Some(now + retry_wait(attempts)));
        }
        endpoint_failed(&txn, endpoint, now).await?;
    }
    row.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

async fn give_up(state: &AppState, delivery_id: i64) -> AppResult<()> {
    webhook_delivery::Entity::update_many()
        .col_expr(webhook_delivery::Column::GivenUpAt, Expr::value(Utc::now()))
        .col_expr(webhook_delivery::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
        .filter(webhook_delivery::Column::Id.eq(delivery_id))
        .exec(&state.db)
        .await?;
    Ok(())
}

/// Notes the failure; an endpoint failing for 3 days is disabled and the client's contact told.
async fn endpoint_failed(
    txn: &sea_orm::DatabaseTransaction,
    endpoint: webhook_endpoint::Model,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let since = endpoint.failing_since.unwrap_or(now);
    let disable = now - since > GIVE_UP_AFTER;
    let (client_id, url) = (endpoint.client_id, endpoint.url.clone());
    let mut row: webhook_endpoint::ActiveModel = endpoint.into();
    row.failing_since = Set(Some(since));
    if disable {
        row.disabled_at = Set(Some(now));
    }
    row.update(txn).await?;
    if disable
        && let Some(contact) =
            client::Entity::find_by_id(client_id).one(txn).await?.and_then(|c| c.main_contact_email)
    {
        delivery::email(
            txn,
            &contact,
            "Appraisal Portal: a webhook endpoint was disabled".into(),
            vec![
                format!(
                    "The webhook endpoint {url} has failed every delivery since {}.",
                    since.format("%m/%d/%Y %H:%M UTC")
                ),
                "It is disabled and receives no more events. \
                 Fix the receiver, then add the endpoint again;"
                    .into(),
                "the events it missed can be read back from GET /api/v1/events.".into(),
            ],
        )
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_grow_and_then_stay() {
        let waits: Vec<i64> = (1..=9).map(|n| retry_wait(n).num_seconds()).collect();
        assert_eq!(waits, [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 36_000]);
        let total: i64 = waits.iter().take(8).sum();
        assert!(
            total > GIVE_UP_AFTER.num_seconds() / 2,
            "retries spread over the days before giving up"
        );
    }
}
