//! The file-type lookups: /api/constants/order-file-types/{orderId} and appraiser-file-types.
use axum::extract::State;
use portal_db::entities::file_type;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::session::CurrentUser;
use crate::http::error::{AppError, AppResult, MessageResponse};
use crate::http::extract::Path;
use crate::lookups::OptionItem;
use crate::orders::visibility::find_visible_order;

pub const ORDER_SCOPE: &str = "ORDER";
pub const APPRAISER_SCOPE: &str = "APPRAISER";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(order_file_types)).routes(routes!(appraiser_file_types))
}

#[utoipa::path(get, path = "/api/constants/order-file-types/{id}", tag = "constants",
    params(("id" = i64, Path, description = "Order id")),
    responses((status = 200, body = Vec<OptionItem>), (status = 403, body = MessageResponse), (status = 404, body = MessageResponse)))]
async fn order_file_types(
    State(state): State<AppState>,
    caller: CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<OptionItem>>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(options(&state.db, ORDER_SCOPE).await?))
}

#[utoipa::path(get, path = "/api/constants/appraiser-file-types", tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)))]
async fn appraiser_file_types(State(state): State<AppState>) -> AppResult<axum::Json<Vec<OptionItem>>> {
    Ok(axum::Json(options(&state.db, APPRAISER_SCOPE).await?))
}

async fn options(db: &impl ConnectionTrait, scope: &str) -> AppResult<Vec<OptionItem>> {
    Ok(of_scope(db, scope).await?.into_iter().map(|t| OptionItem::with_id(t.description, t.id)).collect())
}

pub async fn of_scope(db: &impl ConnectionTrait, scope: &str) -> AppResult<Vec<file_type::Model>> {
    Ok(file_type::Entity::find()
        .filter(file_type::Column::Scope.eq(scope))
        .order_by_asc(file_type::Column::Id)
        .all(db)
        .await?)
}

/// The file type `raw` names, if it exists and belongs to `scope`.
pub async fn resolve(db: &impl ConnectionTrait, raw: &str, scope: &str) -> AppResult<file_type::Model> {
    let id: i32 = raw.trim().parse().map_err(|_| AppError::Validation("Please select a file type.".into()))?;
    match file_type::Entity::find_by_id(id).one(db).await? {
        Some(t) if t.scope == scope => Ok(t),
        Some(t) => Err(AppError::Validation(format!("The file type {} cannot be used here.", t.description))),
        None => Err(AppError::Validation(format!("Unknown file type {id}."))),
    }
}
