//! Developer references: named links the secret administrator keeps. Only http(s) URLs are
//! stored, so the web app can render them as plain links safely.
use axum::extract::State;
use chrono::Utc;
use portal_db::entities::dev_ref;
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, NotSet, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(create)).routes(routes!(update))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DevRef {
    pub id: i32,
    pub name: String,
    pub url: String,
}

impl From<dev_ref::Model> for DevRef {
    fn from(m: dev_ref::Model) -> Self {
        DevRef { id: m.id, name: m.name, url: m.url }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewDevRef {
    #[schema(required = true, value_type = String)]
    pub name: Option<String>,
    #[schema(required = true, value_type = String)]
    pub url: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DevRefUpdate {
    pub id: i32,
    pub name: Option<String>,
    pub url: Option<String>,
}

/// Trims and checks a name and URL: both required, the URL an absolute http(s) address.
fn valid(name: Option<String>, url: Option<String>) -> AppResult<(String, String)> {
    let name = name.unwrap_or_default().trim().to_string();
    let url = url.unwrap_or_default().trim().to_string();
    if name.is_empty() || url.is_empty() {
        return Err(AppError::Validation("Name and URL are required".into()));
    }
    let lower = url.to_ascii_lowercase();
    let host = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
        .unwrap_or_default();
    if host.is_empty() || host.starts_with('/') || url.chars().any(char::is_whitespace) {
        return Err(AppError::Validation(
            "The URL must be a full http:// or https:// address".into(),
        ));
    }
    if name.chars().count() > 200 || url.len() > 2000 {
        return Err(AppError::Validation("The name or URL is too long".into()));
    }
    Ok((name, url))
}

#[utoipa::path(
    get,
    path = "/api/dev/dev-refs",
    tag = "dev",
    responses((status = 200, body = Vec<DevRef>), (status = 403, body = MessageResponse)),
)]
async fn list(State(state): State<AppState>) -> AppResult<axum::Json<Vec<DevRef>>> {
    let rows = dev_ref::Entity::find()
        .order_by_asc(dev_ref::Column::Name)
        .order_by_asc(dev_ref::Column::Id)
        .all(&state.db)
        .await?;
    Ok(axum::Json(rows.into_iter().map(DevRef::from).collect()))
}

#[utoipa::path(post, path = "/api/dev/dev-refs/create", tag = "dev", request_body = NewDevRef,
    responses((status = 200, body = DevRef), (status = 422, body = MessageResponse)))]
async fn create(
    State(state): State<AppState>,
    Json(body): Json<NewDevRef>,
) -> AppResult<axum::Json<DevRef>> {
    let (name, url) = valid(body.name, body.url)?;
    let now = Utc::now();
    let row = dev_ref::ActiveModel {
        id: NotSet,
        name: Set(name),
        url: Set(url),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(&state.db)
    .await?;
    Ok(axum::Json(row.into()))
}

#[utoipa::path(
    post,
    path = "/api/dev/dev-refs/update",
    tag = "dev",
    request_body = DevRefUpdate,
    responses(
        (status = 200, body = DevRef),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn update(
    State(state): State<AppState>,
    Json(body): Json<DevRefUpdate>,
) -> AppResult<axum::Json<DevRef>> {
    let (name, url) = valid(body.name, body.url)?;
    let row = dev_ref::Entity::find_by_id(body.id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("Developer reference not found".into()))?;
    let mut row = row.into_active_model();
    row.name = Set(name);
    row.url = Set(url);
    row.updated_at = Set(Utc::now());
    Ok(axum::Json(row.update(&state.db).await?.into()))
}

#[cfg(test)]
mod tests {
    use super::valid;

    #[test]
    fn urls_must_be_http() {
        let s = |v: &str| Some(v.to_string());
        assert!(valid(s("Docs"), s("https://docs.rs")).is_ok());
        assert!(valid(s(" Docs "), s(" http://intranet/wiki ")).is_ok());
        for bad in
            ["javascript:alert(1)", "ftp://x", "https://", "https:///x", "//evil", "https://a b"]
        {
            assert!(valid(s("Docs"), s(bad)).is_err(), "{bad}");
        }
        assert_eq!(
            valid(s(""), s("https://x")).unwrap_err().to_string(),
            "Name and URL are required"
        );
        assert_eq!(valid(s("x"), None).unwrap_err().to_string(), "Name and URL are required");
    }
}
