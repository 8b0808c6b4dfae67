//! Extractors whose rejections are JSON `AppError`s instead of axum's plain text.
use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, MissingJsonContentType};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{HeaderMap, header};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::AppError;

/// A JSON body. A number with nothing after its decimal point (`12.0`, `1e3`) counts as the
/// integer it is, as JSON Schema counts it: a field that takes an integer takes it too.
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        // Every body of this API but the lists is an object; serde would read a struct from an
        // array too.
        Ok(Json(read_json(req, state, b'{', MSG_NOT_AN_OBJECT).await?))
    }
}

/// A JSON body that is a list (`[...]`), of items read as `Json` reads a body.
pub struct JsonList<T>(pub Vec<T>);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonList<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        Ok(JsonList(read_json(req, state, b'[', MSG_NOT_A_LIST).await?))
    }
}

/// Reads a JSON body that opens with `opener`, else refused with `refusal`.
async fn read_json<T: DeserializeOwned, S: Send + Sync>(
    req: Request,
    state: &S,
    opener: u8,
    refusal: &str,
) -> Result<T, AppError> {
    if !json_content_type(req.headers()) {
        return Err(JsonRejection::from(MissingJsonContentType::default()).into());
    }
    let bytes = Bytes::from_request(req, state).await.map_err(JsonRejection::from)?;
    if !opens_with(&bytes, opener) {
        return Err(AppError::Validation(refusal.into()));
    }
    match axum::Json::<T>::from_bytes(&bytes) {
        Ok(axum::Json(value)) => Ok(value),
        Err(refused @ JsonRejection::JsonDataError(_)) => {
            let again = integral_numbers_as_integers(&bytes)
                .and_then(|bytes| axum::Json::<T>::from_bytes(&bytes).ok());
            again.map(|axum::Json(value)| value).ok_or_else(|| refused.into())
        }
        Err(refused) => Err(refused.into()),
    }
}

pub const MSG_NOT_AN_OBJECT: &str = "The request body must be a JSON object.";
pub const MSG_NOT_A_LIST: &str = "The request body must be a JSON list.";

/// The body opens with `opener` (`{` or `[`), as far as its first character tells.
fn opens_with(bytes: &[u8], opener: u8) -> bool {
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&opener)
}

/// `application/json` or a `+json` type, as axum's own `Json` requires.
fn json_content_type(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The body again with every number that has no fraction written as an integer, or None when
/// there is no such number (or the body is no JSON at all).
fn integral_numbers_as_integers(bytes: &[u8]) -> Option<Vec<u8>> {
    fn walk(value: &mut Value) -> bool {
        match value {
            Value::Number(n) => match n.as_f64() {
                Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9.0e15 => {
                    *value = Value::from(f as i64);
                    true
                }
                _ => false,
            },
            Value::Array(items) => items.iter_mut().map(walk).fold(false, |a, b| a | b),
            Value::Object(fields) => fields.values_mut().map(walk).fold(false, |a, b| a | b),
            _ => false,
        }
    }
    let mut value: Value = serde_json::from_slice(bytes).ok()?;
    walk(&mut value).then(|| serde_json::to_vec(&value).ok()).flatten()
}

/// A multipart form (uploads); a body that is no such form is a JSON 400 (415 without the
/// multipart content type) like every other refusal.
pub struct Multipart(pub axum::extract::Multipart);

impl<S: Send + Sync> FromRequest<S> for Multipart {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        Ok(Multipart(axum::extract::Multipart::from_request(req, state).await?))
    }
}

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct Path<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

/// The highest page number a list accepts: its offset (at 200 a page) stays far inside every
/// integer type the arithmetic and the databases use, so no page number can overflow a handler.
pub const MAX_PAGE: u64 = i32::MAX as u64;

#[cfg(test)]
mod tests {
    use super::{integral_numbers_as_integers, opens_with};

    #[test]
    fn a_body_is_an_object_or_for_lists_a_list() {
        assert!(opens_with(b" \n{\"name\": null}", b'{'));
        assert!(opens_with(b" [{\"id\": 1}]", b'['));
        for not in [&b"[null]"[..], b"null", b"\"x\"", b"12", b""] {
            assert!(!opens_with(not, b'{'), "{not:?}");
        }
        assert!(!opens_with(b"{}", b'['));
    }

    #[test]
    fn integral_numbers_read_as_integers() {
        let fixed = integral_numbers_as_integers(br#"{"a": 12.0, "b": [1e3, 2.5], "c": "3.0"}"#);
        let fixed: serde_json::Value = serde_json::from_slice(&fixed.unwrap()).unwrap();
        assert_eq!(fixed, serde_json::json!({"a": 12, "b": [1000, 2.5], "c": "3.0"}));
        assert_eq!(integral_numbers_as_integers(br#"{"a": 12, "b": 2.5}"#), None);
        assert_eq!(integral_numbers_as_integers(b"not json"), None);
    }
}
