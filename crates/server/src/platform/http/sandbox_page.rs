//! The plain HTML page of a provider's sandbox (card payments, EPP onboarding): a stand-in for a
//! page the real provider hosts, so it is served on its own, without the web app.
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// Which sandbox a page belongs to: its name in the title and the notice above every page.
pub struct Sandbox {
    pub name: &'static str,
    pub notice: &'static str,
}

/// Said on every sandbox page and on the borrower's pay page while the sandbox takes payments.
pub const TEST_MODE: &str = "Test mode: no money moves.";

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:40rem;\
    padding:0 1rem;color:#1a1b1e;line-height:1.5}\
    label{display:block;font-weight:600;margin-top:.75rem}input{display:block;width:100%;\
    box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #555;border-radius:4px}\
    button{margin:1.25rem .5rem 0 0;padding:.6rem 1.2rem;font:inherit;font-weight:600;\
    background:#1864ab;color:#fff;border:0;border-radius:4px;cursor:pointer}\
    button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #e8590c;\
    outline-offset:2px}\
    .note{background:#fff3bf;border-left:4px solid #e67700;padding:.5rem 1rem}\
    dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}\
    dd{margin:0}";

/// A page of `sandbox` titled `title` around `body` (HTML the caller has escaped); never cached.
pub fn page(sandbox: &Sandbox, status: StatusCode, title: &str, body: &str) -> Response {
    let Sandbox { name, notice } = sandbox;
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{title} - {name}</title>\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <style>{STYLE}</style></head>\
         <body><main><p class=\"note\"><strong>{TEST_MODE}</strong> {notice}</p>\
         <h1>{title}</h1>{body}</main></body></html>"
    );
    (status, [(header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
}
