//! The built web app, embedded in the binary. Client routes fall back to index.html.
//!
//! The web build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each compressible file
//! (web/scripts/precompress.mjs); a browser that accepts one gets it as it is. The compression
//! layer of the router leaves answers that already carry a `Content-Encoding` alone.
use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
struct Assets;

const INDEX: &str = "index.html";

/// The precompressed copies, in order of preference: (Content-Encoding, file suffix).
const ENCODINGS: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

pub async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.is_empty() || Assets::get(path).is_none() {
        return index(&headers);
    }
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    // Vite puts content hashes in the names of everything under assets/.
    let cache = if path.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    file(path, mime.as_ref(), cache, &headers).unwrap_or_else(|| index(&headers))
}

fn index(headers: &HeaderMap) -> Response {
    file(INDEX, "text/html; charset=utf-8", "no-cache", headers).unwrap_or_else(|| {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CACHE_CONTROL, "no-cache")],
            "The web app was not built into this binary. Build it with `make build`.",
        )
            .into_response()
    })
}

/// The embedded file at `path`, as the precompressed copy the request accepts when there is one.
fn file(path: &str, content_type: &str, cache: &str, request: &HeaderMap) -> Option<Response> {
    let plain = Assets::get(path)?;
    let copies: Vec<_> = ENCODINGS
        .iter()
        .filter_map(|&(encoding, suffix)| {
            Some((encoding, Assets::get(&format!("{path}{suffix}"))?))
        })
        .collect();
    let chosen = copies.iter().find(|(encoding, _)| accepts(request, encoding));
    let data = chosen.map_or(plain.data, |(_, copy)| copy.data.clone());
    let mut response =
        ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, cache)], Body::from(data))
            .into_response();
    let headers = response.headers_mut();
    if let Some((encoding, _)) = chosen {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
    }
    // The answer depends on Accept-Encoding whenever there is a copy to choose.
    if !copies.is_empty() {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    Some(response)
}

/// Whether the request's Accept-Encoding names `encoding` with a weight above zero.
fn accepts(request: &HeaderMap, encoding: &str) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let named = parts.next().is_some_and(|name| name.eq_ignore_ascii_case(encoding));
            let weight =
                parts.find_map(|p| p.strip_prefix("q=")).map_or(Some(1.0), |q| q.parse().ok());
            named && weight.is_some_and(|q: f32| q > 0.0)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn reads_accept_encoding() {
        assert!(accepts(&accept("gzip, deflate, br, zstd"), "br"));
        assert!(accepts(&accept("gzip;q=1.0, BR;q=0.5"), "br"));
        assert!(!accepts(&accept("gzip, br;q=0"), "br"));
        assert!(!accepts(&accept("gzip, brotli"), "br"));
        assert!(!accepts(&HeaderMap::new(), "gzip"));
    }
}
