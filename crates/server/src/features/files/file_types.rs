//! The file-type lookups: /api/constants/order-file-types/{orderId} and appraiser-file-types.
use axum::extract::State;
use portal_db::entities::file_type;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::lookups::OptionItem;
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::http::error::{AppError, AppResult, ReadAnswers};
use crate::platform::state::AppState;

pub const ORDER_SCOPE: &str = "ORDER";
pub const APPRAISER_SCOPE: &str = "APPRAISER";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(order_file_types)).routes(routes!(appraiser_file_types))
}

#[utoipa::path(get, path = "/api/constants/order-file-types/{id}", tag = "constants",
    params(OrderId),
    responses((status = 200, body = Vec<OptionItem>), ReadAnswers))]
async fn order_file_types(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<OptionItem>>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(options(&state.db, ORDER_SCOPE).await?))
}

#[utoipa::path(get, path = "/api/constants/appraiser-file-types", tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)))]
async fn appraiser_file_types(
    State(state): State<AppState>,
) -> AppResult<axum::Json<Vec<OptionItem>>> {
    Ok(axum::Json(options(&state.db, APPRAISER_SCOPE).await?))
}

async fn options(db: &impl ConnectionTrait, scope: &str) -> AppResult<Vec<OptionItem>> {
    Ok(of_scope(db, scope)
        .await?
        .into_iter()
        .map(|t| OptionItem::with_id(t.description, t.id))
        .collect())
}

pub async fn of_scope(db: &impl ConnectionTrait, scope: &str) -> AppResult<Vec<file_type::Model>> {
    Ok(file_type::Entity::find()
        .filter(file_type::Column::Scope.eq(scope))
        .order_by_asc(file_type::Column::Id)
        .all(db)
        .await?)
}

const PDF: &[&str] = &["pdf"];
const DATA_FILES: &[&str] = &["xml", "zip"];
const PHOTOS: &[&str] = &["jpg", "jpeg", "png", "heic"];
const DOCUMENTS: &[&str] = &["pdf", "doc", "docx"];
const SCANS: &[&str] = &["pdf", "jpg", "jpeg", "png"];
const SPREADSHEETS: &[&str] = &["pdf", "doc", "docx", "xls", "xlsx"];
const ANYTHING_SAFE: &[&str] = &[
    "pdf", "doc", "docx", "xls", "xlsx", "jpg", "jpeg", "png", "heic", "gif", "tif", "tiff", "zip",
    "txt",
];

/// The file formats (extensions) a file type takes: a report is a PDF, photos are photos, and
/// papers are documents. Only the "other" types take every uploadable kind.
pub fn accepted_extensions(file_type_id: i32) -> &'static [&'static str] {
    match file_type_id {
        1 | 2 | 24 => PDF,    // appraisal report, revised report, sample report
        4 => PHOTOS,          // photos
        5 | 20 | 25 => SCANS, // sketch, licence, certification
        6 => SPREADSHEETS,    // comparables
        crate::features::reports::DATA_FILE_TYPE_ID => DATA_FILES, // a UAD 2.6 XML or 3.6 ZIP
        // invoice, engagement letter, contract, E&O, W-9, resume
        3 | 7 | 8 | 21 | 22 | 23 => DOCUMENTS,
        _ => ANYTHING_SAFE, // other, other document
    }
}

/// Refuses a file whose format the chosen file type does not take (415, naming both).
pub fn check_format(
    file_type: &file_type::Model,
    file_name: &str,
    extension: &str,
) -> AppResult<()> {
    let accepted = accepted_extensions(file_type.id);
    if accepted.contains(&extension) {
        return Ok(());
    }
    let list = accepted.iter().map(|e| format!(".{e}")).collect::<Vec<_>>().join(", ");
    Err(AppError::UnsupportedMediaType(format!(
        "{file_name}: the file type {} takes only {list}.",
        file_type.description
    )))
}

/// The file type `raw` names, if it exists and belongs to `scope`.
pub async fn resolve(
    db: &impl ConnectionTrait,
    raw: &str,
    scope: &str,
) -> AppResult<file_type::Model> {
    let id: i32 = raw
        .trim()
        .parse()
        .map_err(|_| AppError::Validation("Please select a file type.".into()))?;
    match file_type::Entity::find_by_id(id).one(db).await? {
        Some(t) if t.scope == scope => Ok(t),
        Some(t) => Err(AppError::Validation(format!(
            "The file type {} cannot be used here.",
            t.description
        ))),
        None => Err(AppError::Validation(format!("Unknown file type {id}."))),
    }
}
