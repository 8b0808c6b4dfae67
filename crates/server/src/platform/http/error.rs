//! The one error type of the server. Every failure leaves as JSON `{"message": "..."}`; a refusal
//! of bad input (422) that knows the field also names it:
//! `{"message": "...", "fields": {"name": "..."}}`.
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;
use utoipa::openapi::{self, ContentBuilder, Ref, RefOr, ResponseBuilder};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Validation(String),
    /// Bad input in one field of the request, by its name on the wire.
    #[error("{message}")]
    InvalidField { field: String, message: String },
    /// Bad input with a stable code a program can act on (422).
    #[error("{message}")]
    InvalidCoded { code: &'static str, message: String },
    /// Not possible now (409); the body lists what stands in the way under `key` beside `message`.
    #[error("{message}")]
    Blocked { message: String, key: &'static str, items: serde_json::Value },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    TooManyRequests(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("internal error: {0}")]
    Internal(String),
}

/// The body of every error answer.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
    /// For bad input: each bad field of the request (by its name on the wire) and what is wrong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// For some refusals: a stable code, e.g. `uad.unknown_version`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

/// The answers of a call that changes one record (an order's action, a staff operation), as the
/// API document lists them. Only describes the API: handlers answer through `AppError`.
pub struct ChangeAnswers;

impl utoipa::IntoResponses for ChangeAnswers {
    fn responses() -> BTreeMap<String, RefOr<openapi::Response>> {
        [
            ("200", "Done: the message says what happened."),
            ("403", "The caller's role may never do this."),
            ("404", "No such record, or not one the caller may see."),
            ("409", "Not possible in the record's current state, or it changed meanwhile."),
        ]
        .into_iter()
        .map(|(status, description)| (status.to_string(), message_answer(description)))
        .collect()
    }
}

/// [`ChangeAnswers`] for a call with input, which may also be refused as invalid (422).
pub struct ChangeWithInputAnswers;

impl utoipa::IntoResponses for ChangeWithInputAnswers {
    fn responses() -> BTreeMap<String, RefOr<openapi::Response>> {
        let mut answers = ChangeAnswers::responses();
        let invalid = "The input does not hold: the message says which field and why.";
        answers.insert("422".into(), message_answer(invalid));
        answers
    }
}

/// The refusals of a call that reads one record, as the API document lists them beside the
/// call's own 200. Only describes the API: handlers answer through `AppError`.
pub struct ReadAnswers;

impl utoipa::IntoResponses for ReadAnswers {
    fn responses() -> BTreeMap<String, RefOr<openapi::Response>> {
        [
            ("403", "The caller may not read this record."),
            ("404", "No such record, or not one the caller may see."),
        ]
        .into_iter()
        .map(|(status, description)| (status.to_string(), message_answer(description)))
        .collect()
    }
}

/// An answer whose body is a `MessageResponse`.
pub fn message_answer(description: &str) -> RefOr<openapi::Response> {
    let body = Ref::from_schema_name(MessageResponse::name());
    ResponseBuilder::new()
        .description(description)
        .content("application/json", ContentBuilder::new().schema(Some(body)).build())
        .build()
        .into()
}

/// Every operation of an API document with its path and method (lower case).
pub fn operations_mut(
    doc: &mut openapi::OpenApi,
) -> impl Iterator<Item = (&str, &'static str, &mut openapi::path::Operation)> {
    doc.paths.paths.iter_mut().flat_map(|(path, item)| {
        [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ]
        .into_iter()
        .filter_map(move |(method, op)| op.as_mut().map(|op| (path.as_str(), method, op)))
    })
}

/// Adds error answers (status, description) to an operation, keeping those it lists itself.
pub fn document_answers(op: &mut openapi::path::Operation, answers: &[(&str, &str)]) {
    for (status, description) in answers {
        op.responses
            .responses
            .entry(status.to_string())
            .or_insert_with(|| message_answer(description));
    }
}

/// Adds to every operation of the web app's API the answers of the middleware and extractors in
/// front of its handler, where the operation does not list them itself: 503 from load shedding
/// everywhere; 403 from the CSRF check on every call that changes something (but the `csrf_exempt`
/// paths); 400, 413 and 422 where there is a JSON body (unreadable, over the body limit, a field
/// refused), 400, 413, 415 and 422 for uploads; 422 for query parameters; 400, 404 and 422 where
/// the path names a record. The area guards document their own answers (`router::guarded`).
pub fn document_common_answers(doc: &mut openapi::OpenApi, csrf_exempt: &[&str]) {
    let busy = ResponseBuilder::new()
        .description("The server is busy: try again after Retry-After seconds.")
        .header(
            "Retry-After",
            openapi::header::HeaderBuilder::new()
                .schema(openapi::ObjectBuilder::new().schema_type(openapi::Type::Integer))
                .description(Some("Seconds to wait"))
                .build(),
        )
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name(MessageResponse::name())))
                .build(),
        )
        .build();
    for (path, method, op) in operations_mut(doc) {
        op.responses.responses.entry("503".into()).or_insert_with(|| busy.clone().into());
        if method != "get" && !csrf_exempt.contains(&path) {
            document_answers(op, &[("403", "The CSRF token (X-XSRF-TOKEN) is missing or wrong.")]);
        }
        let body_types: Vec<String> = op
            .request_body
            .as_ref()
            .map(|b| b.content.keys().cloned().collect())
            .unwrap_or_default();
        let invalid = "The input does not hold: the message says which field and why.";
        if body_types.iter().any(|t| t.starts_with("multipart/")) {
            document_answers(
                op,
                &[
                    ("400", "The form cannot be read, or a field is missing or unexpected."),
                    ("413", "A file or the whole upload is larger than allowed."),
                    (
                        "415",
                        "A file is not of a kind this upload takes, \
                         or its content is not what its name says.",
                    ),
                    ("422", invalid),
                ],
            );
        } else if !body_types.is_empty() {
            document_answers(
                op,
                &[
                    ("400", "The body is not JSON, or not sent as application/json."),
                    ("413", "The body is larger than the limit."),
                    ("422", invalid),
                ],
            );
        }
        let params = op.parameters.as_deref().unwrap_or_default();
        let in_query =
            params.iter().any(|p| matches!(p.parameter_in, openapi::path::ParameterIn::Query));
        if in_query {
            document_answers(op, &[("422", invalid)]);
        }
        if path.contains('{') {
            document_answers(
                op,
                &[
                    ("400", "A path parameter is not of its type."),
                    ("404", "No such record, or not one the caller may see."),
                    ("422", invalid),
                ],
            );
        }
    }
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        MessageResponse { message: message.into(), fields: None, code: None }
    }
}

pub type AppResult<T> = Result<T, AppError>;

pub const NOT_AUTHORIZED: &str = "You are not authorized to perform this action";
pub const NOT_SIGNED_IN: &str = "Session expired. Please log in again.";

impl AppError {
    /// An internal failure, `context` first, with every cause under it (object store, database,
    /// I/O...) written out for the log; the caller sees only "An error occurred".
    pub fn internal(context: &str, error: &(dyn std::error::Error + 'static)) -> Self {
        let mut text = format!("{context}: {error}");
        let mut cause = error.source();
        while let Some(c) = cause {
            text.push_str(": ");
            text.push_str(&c.to_string());
            cause = c.source();
        }
        AppError::Internal(text)
    }

    pub fn forbidden() -> Self {
        AppError::Forbidden(NOT_AUTHORIZED.into())
    }

    pub fn unauthorized() -> Self {
        AppError::Unauthorized(NOT_SIGNED_IN.into())
    }

    fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Validation(_)
            | AppError::InvalidField { .. }
            | AppError::InvalidCoded { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Blocked { .. } => StatusCode::CONFLICT,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let message = match &self {
            AppError::Internal(detail) => {
                tracing::error!(%detail, "request failed");
                "An error occurred".to_string()
            }
            other => other.to_string(),
        };
        if let AppError::Blocked { key, items, .. } = self {
            let body = serde_json::json!({ "message": message, key: items });
            return (StatusCode::CONFLICT, Json(body)).into_response();
        }
        let code = match &self {
            AppError::InvalidCoded { code, .. } => Some(code.to_string()),
            _ => None,
        };
        let fields = match self {
            AppError::InvalidField { ref field, ref message } => {
                Some(BTreeMap::from([(field.clone(), message.clone())]))
            }
            _ => None,
        };
        (self.status(), Json(MessageResponse { message, fields, code })).into_response()
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(e: sea_orm::DbErr) -> Self {
        AppError::internal("database", &e)
    }
}

impl From<sea_orm::TransactionError<AppError>> for AppError {
    fn from(e: sea_orm::TransactionError<AppError>) -> Self {
        match e {
            sea_orm::TransactionError::Connection(db) => db.into(),
            sea_orm::TransactionError::Transaction(app) => app,
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(r: JsonRejection) -> Self {
        match r {
            JsonRejection::JsonDataError(e) => bad_json_field(&e.body_text()),
            other if other.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                AppError::PayloadTooLarge("The request is too large.".into())
            }
            other => AppError::BadRequest(format!("Invalid request: {}", other.body_text())),
        }
    }
}

impl From<MultipartRejection> for AppError {
    fn from(r: MultipartRejection) -> Self {
        let message = format!("The upload could not be read: {}", r.body_text());
        match r.status() {
            StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType(message),
            StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge(message),
            _ => AppError::BadRequest(message),
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(r: PathRejection) -> Self {
        AppError::BadRequest(format!("Invalid path: {}", r.body_text()))
    }
}

/// A query string that does not fit its fields (a word for a number, a number out of range) is
/// bad input like a bad JSON field: a 422 that says which.
impl From<QueryRejection> for AppError {
    fn from(r: QueryRejection) -> Self {
        AppError::Validation(format!("Invalid request: {}", r.body_text()))
    }
}

/// A JSON body whose value does not fit its field: axum says "Failed to deserialize the JSON body
/// into the target type: statusRefIds[0]: Unknown status id 99 at line 1 column 20"; the answer
/// names the field (`statusRefIds`) and keeps the sentence without the parser's framing.
fn bad_json_field(text: &str) -> AppError {
    let detail = text.split_once("target type: ").map_or(text, |(_, d)| d);
    let detail = detail.rsplit_once(" at line ").map_or(detail, |(d, _)| d);
    if let Some(field) = detail.strip_prefix("missing field `").and_then(|f| f.strip_suffix('`')) {
        let message = format!("Invalid request: {field} is required.");
        return AppError::InvalidField { field: field.to_string(), message };
    }
    match detail.split_once(": ") {
        Some((path, what)) if !path.contains(' ') => {
            let field = path.split(['.', '[']).next().unwrap_or(path).to_string();
            AppError::InvalidField { field, message: format!("Invalid request: {path}: {what}") }
        }
        _ => AppError::Validation(format!("Invalid request: {detail}")),
    }
}

/// JSON 405 for a method a known `/api/...` path does not have; the router adds `Allow`.
pub async fn method_not_allowed() -> Response {
    let message = MessageResponse::new("This call does not take that method.");
    (StatusCode::METHOD_NOT_ALLOWED, Json(message)).into_response()
}

/// JSON 404 for any unknown `/api/...` path.
pub async fn api_not_found() -> AppError {
    AppError::NotFound("No such API call".into())
}

#[cfg(test)]
mod tests {
    use super::AppError;

    #[test]
    fn a_missing_field_is_named_in_the_field_map() {
        let text = "Failed to deserialize the JSON body into the target type: \
                    missing field `token` at line 1 column 2";
        match super::bad_json_field(text) {
            AppError::InvalidField { field, message } => {
                assert_eq!(
                    (field.as_str(), message.as_str()),
                    ("token", "Invalid request: token is required.")
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[derive(Debug, thiserror::Error)]
    #[error("upload failed")]
    struct Upload(#[source] std::io::Error);

    #[test]
    fn internal_errors_keep_their_causes_for_the_log() {
        let failure = Upload(std::io::Error::other("disk full"));
        let AppError::Internal(text) = AppError::internal("storage", &failure) else {
            panic!("internal")
        };
        assert_eq!(text, "storage: upload failed: disk full");
    }
}

/// What a create call answers (201): the new row's id, and an order's file number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Created {
    pub id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_number: Option<String>,
}
