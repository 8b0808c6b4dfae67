//! The caller of the public API: an API key sent as `Authorization: Bearer <key>`. It is looked up
//! by its hash on every call, so a revoked key is refused at once by every copy. Each key may make
//! `api_requests_per_minute` calls a minute on each copy (429 with `Retry-After` beyond).
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use chrono::Utc;
use portal_db::entities::api_key;
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::problem::Problem;
use crate::platform::state::AppState;
use crate::platform::tokens::hash_token;

/// How stale a key's "last used" time may be before a call writes it again.
const LAST_USED_PRECISION: chrono::TimeDelta = chrono::TimeDelta::seconds(60);
const WINDOW: Duration = Duration::from_secs(60);

/// A valid, unrevoked key of one client.
#[derive(Clone, Debug)]
pub struct ApiCaller {
    pub client_id: i32,
    pub key_id: i32,
    pub prefix: String,
}

impl FromRequestParts<AppState> for ApiCaller {
    type Rejection = Problem;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let sent = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
            .map(str::trim)
            .filter(|k| !k.is_empty() && k.len() <= 200)
            .ok_or_else(Problem::unauthorized)?;
        let hash = hash_token(sent);
        let key = api_key::Entity::find()
            .filter(api_key::Column::KeyHash.eq(hash.as_str()))
            .filter(api_key::Column::RevokedAt.is_null())
            .one(&state.db)
            .await?
            .ok_or_else(Problem::unauthorized)?;
        if let Some(wait) = over_limit(&hash, state.config.api_requests_per_minute) {
            return Err(Problem::rate_limited(wait));
        }
        let now = Utc::now();
        if key.last_used_at.is_none_or(|at| now - at > LAST_USED_PRECISION) {
            api_key::Entity::update_many()
                .col_expr(api_key::Column::LastUsedAt, Expr::value(now))
                .filter(api_key::Column::Id.eq(key.id))
                .filter(
                    Condition::any()
                        .add(api_key::Column::LastUsedAt.is_null())
                        .add(api_key::Column::LastUsedAt.lt(now - LAST_USED_PRECISION)),
                )
                .exec(&state.db)
                .await?;
        }
        Ok(ApiCaller { client_id: key.client_id, key_id: key.id, prefix: key.prefix })
    }
}

/// Counts a call of the key (by its hash) in the current minute; the seconds to wait when the
/// key is over its limit.
fn over_limit(key_hash: &str, per_minute: u32) -> Option<u64> {
    static WINDOWS: OnceLock<Mutex<HashMap<String, (Instant, u32)>>> = OnceLock::new();
    let mut windows =
        WINDOWS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    let now = Instant::now();
    if windows.len() > 10_000 {
        windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
    }
    let (start, count) = windows.entry(key_hash.to_string()).or_insert((now, 0));
    if now.duration_since(*start) >= WINDOW {
        *start = now;
        *count = 0;
    }
    *count += 1;
    (*count > per_minute).then(|| (WINDOW - now.duration_since(*start)).as_secs().max(1))
}

#[cfg(test)]
mod tests {
    use super::over_limit;

    #[test]
    fn a_key_over_its_minute_waits() {
        let key = "test-key-over-limit";
        assert_eq!((0..3).filter_map(|_| over_limit(key, 3)).count(), 0);
        let wait = over_limit(key, 3).expect("the fourth call is refused");
        assert!((1..=60).contains(&wait));
        assert!(over_limit("another-key", 3).is_none(), "each key has its own count");
    }
}
