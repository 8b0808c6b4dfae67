//! `/metrics` in Prometheus text format: requests by route and status, a latency histogram per
//! route, database connections in use, the outbox backlog and failed sign-ins. Each copy of the
//! server answers for itself. The page is for this machine, or for a scraper that sends
//! `Authorization: Bearer <PORTAL_METRICS_TOKEN>`.
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use portal_db::entities::outbox;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter};
use subtle::ConstantTimeEq;

use super::client_ip::LoopbackCaller;
use crate::platform::config::Config;

pub const FAILED_SIGN_INS: &str = "portal_failed_sign_ins_total";
const REQUESTS: &str = "portal_http_requests_total";
const LATENCY: &str = "portal_http_request_duration_seconds";
const LATENCY_BUCKETS: [f64; 12] =
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

/// The process's one recorder (installed by the first server built in it).
fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(LATENCY.into()), &LATENCY_BUCKETS)
            .expect("latency buckets are valid")
            .build_recorder();
        let handle = recorder.handle();
        // Another recorder may be installed already (tests that embed the server); then this
        // process reports through that one and the page shows what this handle recorded.
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// Middleware: counts each request by its route (the matched pattern, never the raw path) and
/// status, and records how long it took.
pub async fn record(req: Request, next: Next) -> Response {
    handle();
    let route =
        req.extensions().get::<MatchedPath>().map_or("unmatched", MatchedPath::as_str).to_string();
    let method = req.method().to_string();
    let started = Instant::now();
    let response = next.run(req).await;
    let status = response.status().as_u16().to_string();
    metrics::counter!(REQUESTS, "route" => route.clone(), "method" => method, "status" => status)
        .increment(1);
    metrics::histogram!(LATENCY, "route" => route).record(started.elapsed().as_secs_f64());
    response
}

/// GET /metrics.
pub async fn page(
    State(db): State<DatabaseConnection>,
    State(config): State<Arc<Config>>,
    LoopbackCaller(local): LoopbackCaller,
    headers: HeaderMap,
) -> Response {
    if !local && !bearer_matches(&headers, &config.metrics_token) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let (in_use, idle) = pool_sizes(&db);
    metrics::gauge!("portal_db_connections_in_use").set(in_use as f64);
    metrics::gauge!("portal_db_connections_idle").set(idle as f64);
    let backlog = outbox::Entity::find()
        .filter(outbox::Column::SentAt.is_null())
        .filter(outbox::Column::FailedAt.is_null())
        .count(&db)
        .await;
    match backlog {
        Ok(n) => metrics::gauge!("portal_outbox_backlog").set(n as f64),
        Err(e) => tracing::warn!(error = %e, "metrics: the outbox backlog could not be counted"),
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle().render()).into_response()
}

fn bearer_matches(headers: &HeaderMap, token: &str) -> bool {
    let sent = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    !token.is_empty() && sent.is_some_and(|s| bool::from(s.as_bytes().ct_eq(token.as_bytes())))
}

/// (in use, idle) connections of the pool.
fn pool_sizes(db: &DatabaseConnection) -> (u32, u32) {
    let (size, idle) = match db.get_database_backend() {
        sea_orm::DatabaseBackend::Sqlite => {
            let pool = db.get_sqlite_connection_pool();
            (pool.size(), pool.num_idle() as u32)
        }
        _ => {
            let pool = db.get_postgres_connection_pool();
            (pool.size(), pool.num_idle() as u32)
        }
    };
    (size.saturating_sub(idle), idle)
}
