//! Errors of the public API as RFC 9457 problem details (`application/problem+json`), each with a
//! stable `type`. A refused field is named in `errors` (field -> sentence) as well as in `detail`.
use std::collections::BTreeMap;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::error::AppError;

pub const CONTENT_TYPE: &str = "application/problem+json";

#[doc = " A problem: what went wrong, for a program (`type`, `status`) and for a person \
    (`title`, `detail`)."]
#[derive(Debug, Serialize, ToSchema)]
pub struct Problem {
    /// Stable per kind of error, e.g. `urn:appraisal-portal:problem:validation`.
    #[serde(rename = "type", serialize_with = "as_uri")]
    #[schema(value_type = String)]
    pub kind: &'static str,
    #[schema(value_type = String)]
    pub title: &'static str,
    pub status: u16,
    pub detail: String,
    /// The refused fields, each with why (validation problems only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
    /// The scope the key lacks (`insufficient_scope` problems only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub scope: Option<crate::kernel::api_scopes::Scope>,
    #[serde(skip)]
    #[schema(ignore)]
    pub retry_after: Option<u64>,
}

fn as_uri<S: serde::Serializer>(kind: &&'static str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("urn:appraisal-portal:problem:{kind}"))
}

impl Problem {
    pub fn new(
        status: StatusCode,
        kind: &'static str,
        title: &'static str,
        detail: impl Into<String>,
    ) -> Problem {
        Problem {
            kind,
            title,
            status: status.as_u16(),
            detail: detail.into(),
            errors: None,
            scope: None,
            retry_after: None,
        }
    }

    /// A key past its last day.
    pub fn expired(last_day: chrono::NaiveDate) -> Problem {
        Problem::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "Unauthorized",
            format!("This key expired after {last_day}: make a new one."),
        )
    }

    /// A key without the scope the call needs.
    pub fn insufficient_scope(needed: crate::kernel::api_scopes::Scope) -> Problem {
        let mut problem = Problem::new(
            StatusCode::FORBIDDEN,
            "insufficient_scope",
            "Insufficient scope",
            format!("This key does not have the scope {}.", needed.name()),
        );
        problem.scope = Some(needed);
        problem
    }

    pub fn unauthorized() -> Problem {
        Problem::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "Unauthorized",
            "Send a valid API key: Authorization: Bearer <key>.",
        )
    }

    pub fn not_found(detail: &str) -> Problem {
        Problem::new(StatusCode::NOT_FOUND, "not-found", "Not found", detail)
    }

    /// A refused field: `field` is its name in the request body.
    pub fn invalid(field: &str, detail: impl Into<String>) -> Problem {
        let detail = detail.into();
        let mut problem = Problem::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation",
            "Invalid request",
            detail.clone(),
        );
        problem.errors = Some(BTreeMap::from([(field.to_string(), detail)]));
        problem
    }

    pub fn rate_limited(retry_after: u64) -> Problem {
        let mut problem = Problem::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate-limited",
            "Too many requests",
            format!("This key made too many calls; try again in {retry_after} s."),
        );
        problem.retry_after = Some(retry_after);
        problem
    }
}

impl From<AppError> for Problem {
    fn from(e: AppError) -> Problem {
        let (status, kind, title) = match &e {
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad-request", "Bad request"),
            AppError::Validation(_)
            | AppError::InvalidField { .. }
            | AppError::InvalidCoded { .. } => {
                (StatusCode::UNPROCESSABLE_ENTITY, "validation", "Invalid request")
            }
            AppError::Unauthorized(_) => (StatusCode::UNAUTHORIZED, "unauthorized", "Unauthorized"),
            // An API key reaches only its own client's records: anything else does not exist.
            AppError::Forbidden(_) | AppError::NotFound(_) => {
                (StatusCode::NOT_FOUND, "not-found", "Not found")
            }
            AppError::Conflict(_) | AppError::Blocked { .. } => {
                (StatusCode::CONFLICT, "conflict", "Conflict")
            }
            AppError::TooManyRequests(_) => {
                (StatusCode::TOO_MANY_REQUESTS, "rate-limited", "Too many requests")
            }
            AppError::PayloadTooLarge(_) => {
                (StatusCode::PAYLOAD_TOO_LARGE, "too-large", "Payload too large")
            }
            AppError::UnsupportedMediaType(_) => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported-media-type",
                "Unsupported media type",
            ),
            AppError::Internal(_) => {
                (StatusCode::INTERNAL_SERVER_ERROR, "internal", "Internal error")
            }
        };
        let detail = match &e {
            AppError::Internal(cause) => {
                tracing::error!(cause, "public API call failed");
                "An error occurred".to_string()
            }
            AppError::Forbidden(_) => "Not found.".to_string(),
            other => other.to_string(),
        };
        let mut problem = Problem::new(status, kind, title, detail.clone());
        if let AppError::InvalidField { field, .. } = &e {
            problem.errors = Some(BTreeMap::from([(field.clone(), detail)]));
        }
        problem
    }
}

impl From<sea_orm::DbErr> for Problem {
    fn from(e: sea_orm::DbErr) -> Problem {
        AppError::from(e).into()
    }
}

impl IntoResponse for Problem {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let retry_after = self.retry_after;
        let mut response = (status, axum::Json(self)).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE));
        if let Some(seconds) = retry_after {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if status == StatusCode::UNAUTHORIZED {
            headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

pub type ApiResult<T> = Result<T, Problem>;

/// The kind and title of an error status that no handler answered itself (the router's 405, the
/// body limit's 413, the body reader's 415...).
fn kind_of(status: StatusCode) -> (&'static str, &'static str) {
    match status {
        StatusCode::BAD_REQUEST => ("bad-request", "Bad request"),
        StatusCode::NOT_FOUND => ("not-found", "Not found"),
        StatusCode::METHOD_NOT_ALLOWED => ("method-not-allowed", "Method not allowed"),
        StatusCode::PAYLOAD_TOO_LARGE => ("too-large", "Payload too large"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("unsupported-media-type", "Unsupported media type"),
        StatusCode::UNPROCESSABLE_ENTITY => ("validation", "Invalid request"),
        StatusCode::TOO_MANY_REQUESTS => ("rate-limited", "Too many requests"),
        StatusCode::SERVICE_UNAVAILABLE => ("unavailable", "Service unavailable"),
        s if s.is_server_error() => ("internal", "Internal error"),
        _ => ("error", "Error"),
    }
}

/// Middleware of the public API: an error answer that is not a problem already (one made outside
/// the handlers) becomes one, keeping its `Allow` and `Retry-After` headers.
pub async fn as_problem(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let response = next.run(req).await;
    let status = response.status();
    let is_problem =
        response.headers().get(header::CONTENT_TYPE).is_some_and(|t| t == CONTENT_TYPE);
    if !(status.is_client_error() || status.is_server_error()) || is_problem {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024).await.unwrap_or_default();
    let said = serde_json::from_slice::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v["message"].as_str().map(str::to_string))
        .or_else(|| String::from_utf8(text.to_vec()).ok())
        .filter(|t| !t.trim().is_empty() && !status.is_server_error());
    let (kind, title) = kind_of(status);
    let detail = said.unwrap_or_else(|| match status {
        StatusCode::METHOD_NOT_ALLOWED => "This path does not take this method: see Allow.".into(),
        _ => format!("{title}."),
    });
    let mut problem = Problem::new(status, kind, title, detail).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = parts.headers.get(&name) {
            problem.headers_mut().insert(name, value.clone());
        }
    }
    problem
}

/// Adds to every operation the answers its guards give, where the operation does not list them
/// itself: 401 (no live key) and 429 (over the key's limit) everywhere; 404 where a path names a
/// record; 400, 415 and 422 where there is a body; 413 for uploads.
pub fn document_common_answers(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let answer = |description: &str| {
        ResponseBuilder::new()
            .description(description)
            .content(
                CONTENT_TYPE,
                ContentBuilder::new().schema(Some(Ref::from_schema_name("Problem"))).build(),
            )
            .build()
    };
    let method_of = |m: &str| m.to_ascii_uppercase().parse().unwrap_or(axum::http::Method::GET);
    for (path, method, op) in crate::platform::http::error::operations_mut(doc) {
        let body = op.request_body.as_ref().map(|b| b.content.keys().cloned().collect::<Vec<_>>());
        let mut common = vec![
            ("401", "No key, or an unknown, revoked or expired one."),
            ("429", "Too many calls with this key: wait Retry-After seconds."),
        ];
        if let Some(scope) = super::key::scope_for(&method_of(method), path) {
            common.push(("403", "The key lacks the scope this call needs (`scope` names it)."));
            let needs = format!("Needs the scope `{}`.", scope.name());
            op.description = Some(match op.description.take() {
                Some(text) if !text.is_empty() => format!("{text}\n\n{needs}"),
                _ => needs,
            });
        }
        if path.contains('{') {
            common.push(("404", "No such record of this client."));
        }
        if let Some(types) = &body {
            common.push(("400", "The body cannot be read."));
            common.push(("415", "The body is not of the documented content type."));
            common.push(("422", "A field is refused: `errors` names it."));
            if types.iter().any(|t| t.starts_with("multipart/")) {
                common.push(("413", "A file is larger than the upload limit."));
            }
        }
        for (status, description) in common {
            op.responses
                .responses
                .entry(status.to_string())
                .or_insert_with(|| answer(description).into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_its_field() {
        let p = Problem::from(AppError::InvalidField {
            field: "propertyAddressLine2".into(),
            message: "Property address line 2 can be at most 200 characters long.".into(),
        });
        assert_eq!(p.errors.unwrap().keys().collect::<Vec<_>>(), ["propertyAddressLine2"]);
        let p = Problem::from(AppError::Validation("The order is closed.".into()));
        assert!(p.errors.is_none(), "a refusal that names no field has no field map");
        let p = Problem::from(AppError::Forbidden(
            "You are not authorized to perform this action".into(),
        ));
        assert_eq!((p.status, p.kind), (404, "not-found"));
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(json["type"], "urn:appraisal-portal:problem:not-found");
    }
}

/// Extractors that refuse bad input as problems, like every other answer of the public API.
pub mod extract {
    use axum::extract::{FromRequest, FromRequestParts, Request};
    use axum::http::request::Parts;
    use serde::de::DeserializeOwned;

    use super::Problem;

    fn bad(status: axum::http::StatusCode, detail: String) -> Problem {
        if status == axum::http::StatusCode::UNPROCESSABLE_ENTITY {
            let mut p = Problem::new(status, "validation", "Invalid request", detail.clone());
            p.errors = Some(std::collections::BTreeMap::from([("body".to_string(), detail)]));
            p
        } else {
            Problem::new(status, "bad-request", "Bad request", detail)
        }
    }

    /// A JSON body.
    pub struct Json<T>(pub T);

    impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
        type Rejection = Problem;

        async fn from_request(req: Request, state: &S) -> Result<Self, Problem> {
            axum::Json::<T>::from_request(req, state)
                .await
                .map(|j| Json(j.0))
                .map_err(|e| bad(e.status(), e.body_text()))
        }
    }

    /// Path parameters.
    pub struct Path<T>(pub T);

    impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Path<T> {
        type Rejection = Problem;

        async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Problem> {
            match axum::extract::Path::<T>::from_request_parts(parts, state).await {
                Ok(p) => Ok(Path(p.0)),
                Err(_) => Err(Problem::not_found("Not found.")),
            }
        }
    }

    /// A multipart form (uploads).
    pub struct Multipart(pub axum::extract::Multipart);

    impl<S: Send + Sync> FromRequest<S> for Multipart {
        type Rejection = Problem;

        async fn from_request(req: Request, state: &S) -> Result<Self, Problem> {
            axum::extract::Multipart::from_request(req, state).await.map(Multipart).map_err(|e| {
                let status = e.status();
                let kind = if status == axum::http::StatusCode::UNSUPPORTED_MEDIA_TYPE {
                    "unsupported-media-type"
                } else {
                    "bad-request"
                };
                let title =
                    if kind == "bad-request" { "Bad request" } else { "Unsupported media type" };
                Problem::new(status, kind, title, e.body_text())
            })
        }
    }

    /// Query parameters; a bad one is a validation problem naming the query.
    pub struct Query<T>(pub T);

    impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Query<T> {
        type Rejection = Problem;

        async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Problem> {
            axum::extract::Query::<T>::from_request_parts(parts, state)
                .await
                .map(|q| Query(q.0))
                .map_err(|e| {
                    let detail = e.body_text();
                    let mut p = Problem::new(
                        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                        "validation",
                        "Invalid request",
                        detail.clone(),
                    );
                    p.errors =
                        Some(std::collections::BTreeMap::from([("query".to_string(), detail)]));
                    p
                })
        }
    }
}
