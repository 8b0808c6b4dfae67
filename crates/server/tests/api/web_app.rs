//! The embedded web app: its files go out as the brotli or gzip copies the web build made, to
//! browsers that accept them, and plain to the others.
use crate::common;

use reqwest::{Response, StatusCode};

const DIST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/dist");

/// GET `path` with `accept` as Accept-Encoding (the test client decompresses nothing itself).
async fn get(app: &common::TestApp, path: &str, accept: &str) -> Response {
    let http = reqwest::Client::new();
    http.get(app.url(path)).header("accept-encoding", accept).send().await.unwrap()
}

fn header<'r>(r: &'r Response, name: &str) -> Option<&'r str> {
    r.headers().get(name).map(|v| v.to_str().unwrap())
}

/// The first file under assets/ ending in `suffix` that index.html names (its script, its styles).
fn asset<'h>(html: &'h str, suffix: &str) -> &'h str {
    html.split('"')
        .find_map(|s| {
            s.strip_prefix('/').filter(|s| s.starts_with("assets/") && s.ends_with(suffix))
        })
        .unwrap_or_else(|| panic!("index.html names no {suffix} file"))
}

#[tokio::test]
async fn web_app_files_go_out_precompressed() {
    let app = common::TestApp::start(common::Db::Sqlite).await.unwrap();
    let page = get(&app, "/login", "identity").await;
    if page.status() == StatusCode::SERVICE_UNAVAILABLE {
        // A server built before the web app embeds none (`cargo test` alone); `make test` builds it
        // first.
        assert!(std::env::var_os("CI").is_none(), "CI is set but no web app is embedded");
        assert!(header(&page, "content-encoding").is_none());
        return;
    }
    let html = page.text().await.unwrap();
    let (script, style) = (asset(&html, ".js"), asset(&html, ".css"));
    // index.html answers every client route, /login among them.
    for (path, file) in [
        ("/login".to_string(), "index.html"),
        (format!("/{script}"), script),
        (format!("/{style}"), style),
    ] {
        let path = path.as_str();
        let plain = get(&app, path, "identity").await;
        assert_eq!(plain.status(), StatusCode::OK, "{path}");
        assert!(header(&plain, "content-encoding").is_none(), "{path}");
        assert_eq!(header(&plain, "vary"), Some("accept-encoding"), "{path}");
        let plain_len = plain.bytes().await.unwrap().len();
        for (accept, encoding, suffix) in
            [("gzip, deflate, br, zstd", "br", ".br"), ("gzip, deflate", "gzip", ".gz")]
        {
            let r = get(&app, path, accept).await;
            assert_eq!(r.status(), StatusCode::OK, "{path} {accept}");
            assert_eq!(header(&r, "content-encoding"), Some(encoding), "{path} {accept}");
            assert_eq!(header(&r, "vary"), Some("accept-encoding"), "{path} {accept}");
            let body = r.bytes().await.unwrap();
            // The copy the build made, as it is: compressed once, not again by the router.
            let copy = std::fs::read(format!("{DIST}/{file}{suffix}")).unwrap();
            assert!(body == copy && body.len() < plain_len, "{path} {accept}");
        }
    }
}
