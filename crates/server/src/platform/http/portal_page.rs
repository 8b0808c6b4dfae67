//! A plain page with the portal's look for visitors without a session and without the web app
//! (a borrower's pay page, a document link): no script at all, never cached.
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:36rem;\
    padding:0 1rem;color:#1a1b1e;line-height:1.5}\
    dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}\
    dd{margin:0}\
    button{margin-top:1.25rem;padding:.7rem 1.4rem;font:inherit;font-weight:600;\
    background:#1864ab;color:#fff;border:0;border-radius:4px;cursor:pointer}\
    button:focus-visible{outline:3px solid #e8590c;outline-offset:2px}\
    .note{background:#fff3bf;border-left:4px solid #e67700;padding:.5rem 1rem}\
    .alert{border-left:4px solid #c92a2a;background:#fff5f5;padding:.5rem 1rem}\
    .ok{border-left:4px solid #2b8a3e;background:#ebfbee;padding:.5rem 1rem}\
    header{background:#1864ab;color:#fff;padding:.75rem 1rem;border-radius:4px;font-weight:600}\
    h2{font-size:1.1rem}\
    a{color:#1864ab}a:focus-visible{outline:3px solid #e8590c;outline-offset:2px}";

/// `title` and `body` (HTML the caller has escaped) under the portal's band, `company` below. A
/// form on the page may lead to this site and to `form_action` (another origin, or "").
pub fn page(
    status: StatusCode,
    company: &str,
    title: &str,
    body: &str,
    form_action: &str,
) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{title} - {company}</title>\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <style>{STYLE}</style></head>\
         <body><header>Appraisal Portal</header><main><h1>{title}</h1>{body}\
         <p><small>{company}</small></p></main></body></html>"
    );
    let policy = format!(
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' \
         {form_action}; frame-ancestors 'none'"
    );
    let policy = HeaderValue::from_str(policy.trim())
        .unwrap_or(HeaderValue::from_static("default-src 'none'"));
    let headers = [
        (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        (header::CONTENT_SECURITY_POLICY, policy),
    ];
    (status, headers, Html(html)).into_response()
}
