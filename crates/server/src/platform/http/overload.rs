//! Load shedding: a server works on at most `max_concurrent_requests` API calls at once. The next
//! one is answered 503 with `Retry-After` at once, instead of waiting for a database connection
//! until it times out; a load balancer or the web app simply tries again. Health checks, metrics
//! and the web app's files are never shed.
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

use super::error::MessageResponse;

pub const MSG_BUSY: &str = "The portal is busy. Please try again in a moment.";

#[derive(Clone)]
pub struct Limit(Arc<Semaphore>);

impl Limit {
    pub fn new(max: usize) -> Self {
        Limit(Arc::new(Semaphore::new(max.max(1))))
    }
}

/// Middleware: runs the call while a permit is free, or answers 503 at once.
pub async fn shed(State(Limit(permits)): State<Limit>, req: Request, next: Next) -> Response {
    if !req.uri().path().starts_with("/api/") {
        return next.run(req).await;
    }
    let Ok(_permit) = permits.try_acquire_owned() else {
        let mut busy =
            (StatusCode::SERVICE_UNAVAILABLE, axum::Json(MessageResponse::new(MSG_BUSY)))
                .into_response();
        busy.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return busy;
    };
    next.run(req).await
}
