//! A stored file as an HTTP answer, streamed from storage, never allowed to run script in the
//! portal's origin (whoever may read it was checked before).
use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use portal_db::entities::stored_file;

use crate::platform::http::error::AppResult;
use crate::platform::state::AppState;

/// Kinds a browser may show inline (PDF and images); anything else is always an attachment.
const INLINE_TYPES: [&str; 4] = ["application/pdf", "image/jpeg", "image/png", "image/gif"];

/// The file streamed from storage (access already checked).
pub async fn stream_response(
    state: &AppState,
    file: stored_file::Model,
    inline: bool,
) -> AppResult<Response> {
    let stream = state.storage.read_stream(&file.storage_key).await?;
    let inline = inline && INLINE_TYPES.contains(&file.content_type.as_str());
    let content_type = HeaderValue::from_str(&file.content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let headers = [
        (header::CONTENT_TYPE, content_type),
        (header::CONTENT_LENGTH, HeaderValue::from(file.size_bytes)),
        (header::CONTENT_DISPOSITION, content_disposition(&file.file_name, inline)),
        // A stored file is never allowed to run script in the portal's origin.
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
            ),
        ),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
    ];
    Ok((headers, Body::from_stream(stream)).into_response())
}

/// RFC 6266: an ASCII fallback name and the exact UTF-8 name.
pub fn content_disposition(file_name: &str, inline: bool) -> HeaderValue {
    let ascii: String = file_name
        .chars()
        .map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' })
        .collect();
    let encoded: String = file_name
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    let kind = if inline { "inline" } else { "attachment" };
    HeaderValue::from_str(&format!("{kind}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or(HeaderValue::from_static("attachment"))
}

#[cfg(test)]
mod tests {
    use super::content_disposition;

    #[test]
    fn disposition_names_are_safe_and_exact() {
        assert_eq!(
            content_disposition("Report \"final\" é.pdf", false),
            "attachment; filename=\"Report _final_ _.pdf\"; filename*=UTF-8''\
             Report%20%22final%22%20%C3%A9.pdf"
        );
        assert!(content_disposition("a.pdf", true).to_str().unwrap().starts_with("inline;"));
    }
}
