use std::net::SocketAddr;

use axum::extract::ConnectInfo;
use axum::http::request::Parts;

/// The caller's address: the socket peer, or the first X-Forwarded-For entry when the portal
/// is configured to sit behind a trusted load balancer.
pub fn client_ip(parts: &Parts, trust_forwarded_for: bool) -> String {
    if trust_forwarded_for {
        let forwarded = parts
            .headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(str::trim)
            .filter(|v| !v.is_empty());
        if let Some(ip) = forwarded {
            return ip.to_string();
        }
    }
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// Extractor for the caller's address as the audit log and throttle see it.
pub struct ClientIp(pub String);

impl axum::extract::FromRequestParts<crate::app::AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &crate::app::AppState) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(client_ip(parts, state.config.trust_forwarded_for)))
    }
}
