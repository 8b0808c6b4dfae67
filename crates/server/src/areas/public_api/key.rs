//! The caller of the public API: an API key sent as `Authorization: Bearer <key>`. It is looked up
//! by its hash on every call, so a revoked key is refused at once by every copy. Each key may make
//! `api_requests_per_minute` calls a minute, counted in the database so that the limit holds
//! across every copy (429 with `Retry-After` beyond). A key works until the end of its expiry date
//! (in the company's time zone; 401 after) and only for the calls its scopes allow (403
//! `insufficient_scope` naming the scope otherwise): `scope_for` says which scope each call needs.

use axum::extract::{FromRequestParts, MatchedPath};
use axum::http::request::Parts;
use axum::http::{Method, header};
use chrono::Utc;
use portal_db::entities::api_key;
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::problem::Problem;
use crate::features::auth::throttle::bump_window;
use crate::kernel::api_scopes::Scope;
use crate::platform::state::AppState;
use crate::platform::tokens::hash_token;

/// How stale a key's "last used" time may be before a call writes it again.
const LAST_USED_PRECISION: chrono::TimeDelta = chrono::TimeDelta::seconds(60);
const WINDOW_SECONDS: i64 = 60;

/// A valid, unrevoked key of one client.
#[derive(Clone, Debug)]
pub struct ApiCaller {
    pub client_id: i32,
    pub key_id: i32,
    pub prefix: String,
    pub scopes: Vec<Scope>,
}

impl ApiCaller {
    /// A key acts for the whole client.
    pub fn seat(&self) -> crate::kernel::clients::ClientSeat {
        crate::kernel::clients::ClientSeat::whole(self.client_id)
    }
}

/// The scope a call of the public API needs, by its method and path as the router matched it;
/// None for the reference data every key may read.
pub fn scope_for(method: &Method, path: &str) -> Option<Scope> {
    let reads = method == Method::GET;
    let rest = path.strip_prefix("/api/v1/")?;
    Some(if rest.starts_with("webhook-endpoints") {
        Scope::WebhooksManage
    } else if rest.starts_with("invoices") {
        Scope::InvoicesRead
    } else if rest.starts_with("orders/{id}/documents") {
        if reads { Scope::DocumentsRead } else { Scope::DocumentsWrite }
    } else if rest.starts_with("orders") || rest.starts_with("events") {
        if reads { Scope::OrdersRead } else { Scope::OrdersWrite }
    } else {
        return None;
    })
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
        // A key made by someone since deactivated stops with them.
        let makers_active = Condition::any().add(api_key::Column::CreatedByUserId.is_null()).add(
            api_key::Column::CreatedByUserId
                .in_subquery(crate::kernel::users::accounts::active_ids()),
        );
        let key = api_key::Entity::find()
            .filter(api_key::Column::KeyHash.eq(hash.as_str()))
            .filter(api_key::Column::RevokedAt.is_null())
            .filter(makers_active)
            .one(&state.db)
            .await?
            .ok_or_else(Problem::unauthorized)?;
        let today =
            state.config.today().map_err(crate::platform::http::error::AppError::Internal)?;
        if let Some(last_day) = key.expires_on.filter(|last_day| *last_day < today) {
            return Err(Problem::expired(last_day));
        }
        let scopes = Scope::parse_list(&key.scopes);
        let path =
            parts.extensions.get::<MatchedPath>().map(MatchedPath::as_str).unwrap_or_default();
        if let Some(needed) = scope_for(&parts.method, path).filter(|s| !scopes.contains(s)) {
            return Err(Problem::insufficient_scope(needed));
        }
        if let Some(wait) = over_limit(state, key.id, state.config.api_requests_per_minute).await? {
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
        Ok(ApiCaller { client_id: key.client_id, key_id: key.id, prefix: key.prefix, scopes })
    }
}

/// Counts a call of the key in its current minute; the seconds to wait when the key is over its
/// limit.
async fn over_limit(
    state: &AppState,
    key_id: i32,
    per_minute: u32,
) -> Result<Option<u64>, Problem> {
    let window = chrono::Duration::seconds(WINDOW_SECONDS);
    let row = bump_window(&state.db, &format!("api-key:{key_id}"), window).await?;
    let over = i64::from(row.failures) > i64::from(per_minute);
    let left = (row.window_start + window - Utc::now()).num_seconds().clamp(1, WINDOW_SECONDS);
    Ok(over.then_some(left as u64))
}
