//! The public API, version 1 (`/api/v1`): lenders' systems place and follow their orders with an
//! API key (`Authorization: Bearer`), no cookies and no CSRF. Its own OpenAPI document is at
//! `/api/v1/openapi.json`; errors are problem details. The walk-through is docs/api.md.
pub mod disputes;
pub mod events;
pub mod invoices;
pub mod key;
pub mod orders;
pub mod problem;
pub mod reference;
pub mod webhooks;

use axum::Router;
use axum::routing::{any, get};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Appraisal Portal public API",
        version = "1",
        description = "Place and follow appraisal orders, read their events. Authenticate with an \
            API key: `Authorization: Bearer <key>`."
    ),
    modifiers(&BearerKey)
)]
struct PublicApiDoc;

struct BearerKey;

impl Modify for BearerKey {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "api_key",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// Every public API route with its OpenAPI description.
pub fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut doc) = OpenApiRouter::with_openapi(PublicApiDoc::openapi())
        .merge(orders::router())
        .merge(events::router())
        .merge(invoices::router())
        .merge(disputes::router())
        .merge(webhooks::router())
        .merge(reference::router())
        .split_for_parts();
    problem::document_common_answers(&mut doc);
    (router, doc)
}

pub fn openapi_json() -> String {
    api().1.to_pretty_json().expect("OpenAPI document serialises")
}

/// The public API with its document and its own "not found" for unknown paths.
pub fn router() -> Router<AppState> {
    let (routes, openapi) = api();
    let openapi = std::sync::Arc::new(openapi);
    routes
        .route(
            "/api/v1/openapi.json",
            get(move || async move { axum::Json(openapi.as_ref().clone()) }),
        )
        .route(
            "/api/v1/{*rest}",
            any(|| async { problem::Problem::not_found("No such call in the public API.") }),
        )
        .layer(axum::middleware::from_fn(problem::as_problem))
}
