//! The headers that tell browsers what the portal's pages may do: a Content-Security-Policy that
//! lets them run only the portal's own scripts (sanitised HTML from the database can hold no
//! working script even if the sanitiser missed one), and HSTS when the portal is served over HTTPS.
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

/// The policy of every response that sets none of its own (downloads set a stricter sandbox).
/// Styles may be inline: Mantine sets its CSS variables and component styles that way.
pub fn content_security_policy(map_tile_url: &str) -> HeaderValue {
    let tiles = tile_origin(map_tile_url).map(|o| format!(" {o}")).unwrap_or_default();
    let policy = format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:{tiles}; \
         font-src 'self' data:; connect-src 'self'; frame-src 'self' blob:; \
         object-src 'none'; base-uri 'self'; \
         form-action 'self'; frame-ancestors 'none'"
    );
    HeaderValue::from_str(&policy).unwrap_or_else(|_| {
        HeaderValue::from_static("default-src 'self'; object-src 'none'; frame-ancestors 'none'")
    })
}

/// `https://host[:port]` of a tile URL template such as `https://tiles.example/{z}/{x}/{y}.png`.
fn tile_origin(template: &str) -> Option<String> {
    let (scheme, rest) = template.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    // A `{s}.` subdomain placeholder (a, b, c...) becomes the wildcard a policy understands.
    let host =
        host.strip_prefix("{s}.").map(|h| format!("*.{h}")).unwrap_or_else(|| host.to_string());
    let safe =
        !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || "-.:[]*".contains(c));
    (matches!(scheme, "http" | "https") && safe).then(|| format!("{scheme}://{host}"))
}

/// Adds the policy (and HSTS when `hsts`) to responses that do not carry their own.
pub async fn add(policy: HeaderValue, hsts: bool, req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    if hsts {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tile_host_is_the_only_other_image_source() {
        let csp = content_security_policy(
            "https://server.arcgisonline.com/ArcGIS/rest/services/\
             World_Imagery/MapServer/tile/{z}/{y}/{x}",
        );
        let csp = csp.to_str().unwrap();
        assert!(
            csp.contains("img-src 'self' data: blob: https://server.arcgisonline.com;"),
            "{csp}"
        );
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(!csp.contains("unsafe-eval"), "{csp}");
    }

    #[test]
    fn a_subdomain_placeholder_allows_the_subdomains() {
        assert_eq!(
            tile_origin("https://{s}.tile.example.org/{z}/{x}/{y}.png").as_deref(),
            Some("https://*.tile.example.org")
        );
        assert_eq!(
            tile_origin("http://localhost:8081/tiles/{z}/{x}/{y}").as_deref(),
            Some("http://localhost:8081")
        );
    }

    #[test]
    fn a_tile_url_that_could_inject_a_directive_is_left_out() {
        assert_eq!(tile_origin("https://evil.example; script-src *"), None);
        assert_eq!(tile_origin("javascript:alert(1)"), None);
        let csp = content_security_policy("https://evil.example; script-src * /{z}");
        assert!(!csp.to_str().unwrap().contains("evil"));
    }
}
