//! CSRF: every state-changing call under /api must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN.
use axum::extract::Request;
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use subtle::ConstantTimeEq;

use super::session::{XSRF_COOKIE, XSRF_HEADER, cookie};
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::AppError;

/// The calls exempt from the token: a user cannot have one yet when making them.
pub const EXEMPT: [&str; 5] = [
    "/api/auth/login",
    "/api/auth/reset-password",
    "/api/auth/perform-reset-password",
    "/api/auth/send-code",
    "/api/auth/verify-code",
];

fn needs_token(method: &Method, path: &str) -> bool {
    let safe = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    // The public API authenticates each call with its key, never with a cookie.
    let public_api = path.starts_with("/api/v1/");
    !safe && path.starts_with("/api/") && !public_api && !EXEMPT.contains(&path)
}

/// Middleware (runs after the session is loaded). A signed-in caller must send the session's
/// own token; an anonymous caller must send the token of its XSRF-TOKEN cookie. A missing or
/// wrong token is a 403 before any handler runs, so nothing changes.
pub async fn check_csrf(req: Request, next: Next) -> Response {
    if !needs_token(req.method(), req.uri().path()) {
        return next.run(req).await;
    }
    let sent = req.headers().get(XSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let expected = match req.extensions().get::<CurrentUser>() {
        Some(user) => Some(user.csrf_token.as_str()),
        None => cookie(req.headers(), XSRF_COOKIE),
    };
    let ok = match expected {
        Some(expected) if !sent.is_empty() => {
            bool::from(sent.as_bytes().ct_eq(expected.as_bytes()))
        }
        _ => false,
    };
    if ok {
        next.run(req).await
    } else {
        AppError::Forbidden("Missing or invalid CSRF token".into()).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_calls_need_a_token() {
        assert!(needs_token(&Method::POST, "/api/auth/logout"));
        assert!(needs_token(&Method::DELETE, "/api/anything"));
        assert!(!needs_token(&Method::GET, "/api/auth/logged-in"));
        assert!(!needs_token(&Method::POST, "/healthz"));
        for path in EXEMPT {
            assert!(!needs_token(&Method::POST, path), "{path}");
        }
    }
}
