//! The one error type of the server. Every failure leaves as JSON `{"message": "..."}`.
use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Validation(String),
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
}

impl MessageResponse {
    pub fn new(message: impl Into<String>) -> Self {
        MessageResponse { message: message.into() }
    }
}

pub type AppResult<T> = Result<T, AppError>;

pub const NOT_AUTHORIZED: &str = "You are not authorized to perform this action";
pub const NOT_SIGNED_IN: &str = "Session expired. Please log in again.";

impl AppError {
    pub fn forbidden() -> Self {
        AppError::Forbidden(NOT_AUTHORIZED.into())
    }

    pub fn unauthorized() -> Self {
        AppError::Unauthorized(NOT_SIGNED_IN.into())
    }

    fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Validation(_) => StatusCode::UNPROCESSABLE_ENTITY,
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
        (self.status(), Json(MessageResponse { message })).into_response()
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(e: sea_orm::DbErr) -> Self {
        AppError::Internal(e.to_string())
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
            JsonRejection::JsonDataError(e) => AppError::Validation(format!("Invalid request: {}", e.body_text())),
            other => AppError::BadRequest(format!("Invalid request: {}", other.body_text())),
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(r: PathRejection) -> Self {
        AppError::BadRequest(format!("Invalid path: {}", r.body_text()))
    }
}

/// JSON 404 for any unknown `/api/...` path.
pub async fn api_not_found() -> AppError {
    AppError::NotFound("No such API call".into())
}
