//! Router assembly and middleware order: the top of the HTTP side, above every feature.

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::IntoResponse;
use axum::routing::{any, get, post};
use axum::{Json, Router};
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::features::auth::{csrf, session};
use crate::platform::config::{CARD_SANDBOX, CARD_STRIPE, Config};
use crate::platform::epp::PROVIDER_SANDBOX;
use crate::platform::http::{error, metrics, overload, security_headers};
use crate::platform::roles::Area;
use crate::platform::state::AppState;

#[derive(OpenApi)]
#[openapi(info(
    title = "Appraisal Portal API",
    description = "Calls of the Appraisal Portal web app."
))]
struct ApiDoc;

/// Puts a feature router behind the role guard of its area (403 for other roles, 401 when
/// signed out), and lists both answers on each of its operations. Only matched routes are
/// guarded, so unknown paths stay 404s.
fn guarded(area: Area, mut router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    for (_, _, op) in error::operations_mut(router.get_openapi_mut()) {
        error::document_answers(
            op,
            &[
                ("401", "Not signed in, or the session has ended."),
                ("403", "The caller's role may not use this part of the API."),
            ],
        );
    }
    router.route_layer(middleware::from_fn(move |req: Request, next: Next| {
        session::require_area(area, req, next)
    }))
}

/// Every API route with its OpenAPI description.
pub fn api() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (routes, mut doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(crate::features::auth::routes::router())
        .merge(crate::features::auth::verification::router())
        .merge(crate::features::auth::reset::router())
        .merge(crate::features::auth::oidc::router())
        .routes(utoipa_axum::routes!(crate::platform::delivery::mailbox::outbox_json))
        .merge(crate::areas::public_config::router())
        .merge(crate::platform::notifications::routes::public_router())
        .merge(crate::features::reports::borrower_copy::public_router())
        .merge(crate::features::reconsiderations::public_router())
        .merge(crate::features::scheduling::public_router())
        .merge(guarded(Area::SignedIn, crate::features::auth::change_password::router()))
        .merge(guarded(Area::SignedIn, crate::kernel::users::routes::router()))
        .merge(guarded(Area::SignedIn, crate::features::calendar::router()))
        .merge(guarded(Area::SignedIn, crate::platform::notifications::routes::router()))
        .merge(guarded(Area::SignedIn, crate::features::events::router()))
        .merge(guarded(Area::SignedIn, crate::features::lookups::routes::router()))
        .merge(guarded(Area::SignedIn, crate::features::reports::routes::router()))
        .merge(guarded(Area::Appraiser, crate::features::profile::router()))
        .merge(guarded(Area::Appraiser, crate::features::assignment::appraiser_router()))
        .merge(guarded(Area::Appraiser, crate::kernel::orders::dashboard::router()))
        .merge(guarded(Area::Appraiser, crate::features::order_page::router()))
        .merge(guarded(Area::Appraiser, crate::features::reports::revisions::router()))
        .merge(guarded(Area::Appraiser, crate::features::reconsiderations::appraiser_router()))
        .merge(guarded(Area::Appraiser, crate::features::order_actions::router()))
        .merge(guarded(Area::Appraiser, crate::features::scheduling::router()))
        .merge(guarded(Area::Appraiser, crate::features::files::router()))
        .merge(guarded(Area::Appraiser, crate::features::quotes::routes::router()))
        .merge(guarded(Area::Appraiser, crate::features::secure_links::routes::router()))
        .merge(guarded(Area::Appraiser, crate::features::payments::routes::router()))
        .merge(guarded(Area::AppraiserAdmin, crate::areas::admin::routes::firm_router()))
        .merge(guarded(Area::AppraiserAdmin, crate::kernel::orders::assign::router()))
        .merge(guarded(Area::Staff, crate::areas::staff::router()))
        .merge(guarded(Area::Staff, crate::features::assignment::staff_router()))
        .merge(guarded(Area::Staff, crate::areas::client::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reports::routes::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reports::fair_language::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reconsiderations::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reports::lender_revisions::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reports::checklist::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reports::review::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reports::ucdp::staff_router()))
        .merge(guarded(Area::Staff, crate::features::reports::borrower_copy::staff_router()))
        .merge(guarded(Area::Staff, crate::features::billing::staff_router()))
        .merge(guarded(Area::Staff, crate::features::insights::staff_router()))
        .merge(guarded(Area::Client, crate::areas::client::router()))
        .merge(guarded(Area::Client, crate::features::billing::client_router()))
        .merge(guarded(Area::Client, crate::features::insights::client_router()))
        .merge(guarded(Area::Client, crate::features::reconsiderations::client_router()))
        .merge(guarded(Area::Client, crate::features::reports::lender_revisions::client_router()))
        .merge(guarded(Area::Client, crate::features::webhooks::routes::router()))
        .merge(guarded(Area::Secret, crate::areas::admin::routes::secret_router()))
        .merge(guarded(Area::Secret, crate::areas::admin::dev_refs::router()))
        .merge(guarded(Area::Secret, crate::features::auth::back_door::router()))
        .split_for_parts();
    error::document_common_answers(&mut doc, &csrf::EXEMPT);
    describe_downloads(&mut doc);
    // The guards above wrap each path's whole method router, its "method not allowed" answer
    // too: that answer must not depend on who asks, so it is put back in front of them.
    (routes.method_not_allowed_fallback(error::method_not_allowed), doc)
}

/// A stored file goes out with the content type it was stored with: one of the kinds an upload
/// may be (`files::kinds`), or `application/octet-stream` when the stored type is not a valid
/// header. The handlers describe their bytes as `application/octet-stream`; here every kind is
/// listed instead.
fn describe_downloads(doc: &mut utoipa::openapi::OpenApi) {
    const BYTES: &str = "application/octet-stream";
    for (_, _, op) in error::operations_mut(doc) {
        for answer in op.responses.responses.values_mut() {
            let utoipa::openapi::RefOr::T(answer) = answer else { continue };
            let Some(bytes) = answer.content.get(BYTES).cloned() else { continue };
            for content_type in crate::features::files::kinds::content_types() {
                answer.content.insert(content_type.to_string(), bytes.clone());
            }
        }
    }
}

pub fn openapi_json() -> String {
    api().1.to_pretty_json().expect("OpenAPI document serialises")
}

/// The largest request body outside the uploads (the longest order notes fit many times over).
pub const MAX_JSON_BODY_BYTES: usize = 1024 * 1024;

pub fn app(state: AppState) -> Router {
    crate::reactions::install();
    let (api_routes, openapi) = api();
    let policy = security_headers::content_security_policy(&state.config.map_tile_url);
    let hsts = state.config.cookie_secure;
    let openapi = std::sync::Arc::new(openapi);
    Router::new()
        .merge(api_routes)
        .merge(crate::areas::public_api::router())
        .route("/api/openapi.json", get(move || async move { Json(openapi.as_ref().clone()) }))
        .route("/api/{*rest}", any(error::api_not_found))
        .route("/api", any(error::api_not_found))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics::page))
        .route("/ical/{file}", get(crate::features::calendar::feed))
        .route("/dev/mailbox", get(crate::platform::delivery::mailbox::mailbox_page))
        .route(
            "/pay/{token}",
            get(crate::features::billing::pay_page::show)
                .post(crate::features::billing::pay_page::checkout),
        )
        .route("/documents/{token}", get(crate::features::reports::links::download))
        .merge(provider_pages(&state.config))
        .fallback(crate::areas::spa::serve)
        // JSON bodies are small; the upload routes lift this for their streamed files.
        .layer(DefaultBodyLimit::max(MAX_JSON_BODY_BYTES))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            crate::features::auth::back_door::audit_acting_calls,
        ))
        .layer(middleware::from_fn(csrf::check_csrf))
        .layer(middleware::from_fn_with_state(state.clone(), session::load_session))
        .layer(middleware::from_fn(move |req: Request, next: Next| {
            security_headers::add(policy.clone(), hsts, req, next)
        }))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("same-origin"),
        ))
        // Shed load before the session is even looked up.
        .layer(middleware::from_fn_with_state(
            overload::Limit::new(state.config.max_concurrent_requests),
            overload::shed,
        ))
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(metrics::record))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
}

/// The pages the outside providers use: each sandbox only when it is the configured provider
/// (404 otherwise), and Stripe's event endpoint when Stripe takes the card payments.
fn provider_pages(config: &Config) -> Router<AppState> {
    use crate::features::billing::{card_sandbox, stripe};
    use crate::features::payments::sandbox as epp_sandbox;
    let mut pages = Router::new();
    pages = match config.card_provider.as_str() {
        CARD_SANDBOX => pages
            .route(
                "/card-sandbox/checkout",
                get(card_sandbox::checkout_page).post(card_sandbox::submit_card),
            )
            .route("/card-sandbox/challenge", post(card_sandbox::answer_challenge)),
        CARD_STRIPE => pages.route("/webhooks/stripe", post(stripe::webhook)),
        _ => pages,
    };
    if config.card_provider != CARD_SANDBOX {
        pages = pages.route("/card-sandbox/{*rest}", any(not_served));
    }
    if config.epp_provider == PROVIDER_SANDBOX {
        pages = pages
            .route(
                "/epp-sandbox/onboard",
                get(epp_sandbox::onboard_page).post(epp_sandbox::complete_onboarding),
            )
            .route("/epp-sandbox/party", get(epp_sandbox::party_page));
    } else {
        pages = pages.route("/epp-sandbox/{*rest}", any(not_served));
    }
    pages
}

async fn not_served() -> axum::http::StatusCode {
    axum::http::StatusCode::NOT_FOUND
}

/// The span of one request: every log line written while serving it carries its request id,
/// which the answer carries too (`x-request-id`, kept when the load balancer sent one).
fn request_span(req: &Request) -> tracing::Span {
    let id = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
    tracing::info_span!(
        "request",
        request_id = %id,
        method = %req.method(),
        path = %req.uri().path()
    )
}

/// Liveness and database reachability for load balancers, answered within two seconds: a check
/// must not wait out the pool's own timeout while the database is away.
async fn healthz(axum::extract::State(state): axum::extract::State<AppState>) -> impl IntoResponse {
    let ping = tokio::time::timeout(std::time::Duration::from_secs(2), state.db.ping()).await;
    match ping {
        Ok(Ok(())) => (axum::http::StatusCode::OK, Json(serde_json::json!({"status": "ok"}))),
        Ok(Err(_)) | Err(_) => (
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            Json(serde_json::json!({"status": "database unavailable"})),
        ),
    }
}

#[cfg(test)]
mod tests {
    /// The web app's generated types are keyed by operation id: two handlers with one name
    /// would silently merge their types.
    #[test]
    fn operation_ids_are_unique() {
        let doc = super::api().1;
        let mut seen = std::collections::HashMap::new();
        for (path, item) in &doc.paths.paths {
            for op in
                [&item.get, &item.post, &item.put, &item.delete, &item.patch].into_iter().flatten()
            {
                let id = op.operation_id.clone().unwrap_or_default();
                if let Some(other) = seen.insert(id.clone(), path.clone()) {
                    panic!("operation id '{id}' is used by {other} and {path}");
                }
            }
        }
    }
}
