use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRef};
use axum::http::request::Parts;

use crate::platform::config::Config;

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

impl<S> axum::extract::FromRequestParts<S> for ClientIp
where
    S: Send + Sync,
    Arc<Config>: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let config = Arc::<Config>::from_ref(state);
        Ok(ClientIp(client_ip(parts, config.trust_forwarded_for)))
    }
}

/// Whether the request comes from this machine itself: the socket peer is a loopback address and
/// no proxy in front says it forwarded someone else's request.
pub fn is_loopback_caller(parts: &Parts) -> bool {
    let peer_is_loopback =
        parts.extensions.get::<ConnectInfo<SocketAddr>>().is_some_and(|c| c.0.ip().is_loopback());
    let forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"]
        .iter()
        .any(|h| parts.headers.contains_key(*h));
    peer_is_loopback && !forwarded
}

/// Extractor: true when the caller is on this machine (see [`is_loopback_caller`]).
pub struct LoopbackCaller(pub bool);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for LoopbackCaller {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(LoopbackCaller(is_loopback_caller(parts)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(peer: &str, header: Option<(&str, &str)>) -> Parts {
        let mut request = axum::http::Request::builder().uri("/dev/mailbox");
        if let Some((name, value)) = header {
            request = request.header(name, value);
        }
        let (mut parts, ()) = request.body(()).unwrap().into_parts();
        parts.extensions.insert(ConnectInfo(peer.parse::<SocketAddr>().unwrap()));
        parts
    }

    #[test]
    fn only_a_caller_on_this_machine_is_loopback() {
        assert!(is_loopback_caller(&parts("127.0.0.1:5000", None)));
        assert!(is_loopback_caller(&parts("[::1]:5000", None)));
        assert!(!is_loopback_caller(&parts("203.0.113.9:5000", None)));
        assert!(!is_loopback_caller(&parts("10.0.0.5:5000", None)));
        // A proxy on this machine passing on an outsider's request.
        assert!(!is_loopback_caller(&parts(
            "127.0.0.1:5000",
            Some(("x-forwarded-for", "203.0.113.9"))
        )));
        assert!(!is_loopback_caller(&parts(
            "127.0.0.1:5000",
            Some(("forwarded", "for=203.0.113.9"))
        )));
        let (no_peer, ()) = axum::http::Request::builder().body(()).unwrap().into_parts();
        assert!(!is_loopback_caller(&no_peer));
    }
}
