//! The Documents tab: GET /api/file/appraiser-documents/{id}, the appraiser's profile files
//! newest first (uploads go through POST /api/file/upload with appraiserId).
use std::collections::{HashMap, HashSet};

use portal_db::entities::{file_type, security_user, stored_file};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::managed;
use crate::features::files::upload::FileRecord;
use crate::platform::call::CallOn;
use crate::platform::http::error::{AppResult, ReadAnswers};
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(appraiser_documents))
}

/// The appraiser's profile files, newest first, with their type and uploader.
#[utoipa::path(get, path = "/api/file/appraiser-documents/{id}", tag = "files",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = Vec<FileRecord>), ReadAnswers))]
async fn appraiser_documents(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<Vec<FileRecord>>> {
    managed(&state.db, &caller, id).await?;
    let files = stored_file::Entity::find()
        .filter(stored_file::Column::AppraiserUserId.eq(id))
        .order_by_desc(stored_file::Column::UploadedAt)
        .order_by_desc(stored_file::Column::Id)
        .all(&state.db)
        .await?;
    let types: HashMap<i32, String> = file_type::Entity::find()
        .all(&state.db)
        .await?
        .into_iter()
        .map(|t| (t.id, t.description))
        .collect();
    let uploader_ids: HashSet<i32> = files.iter().filter_map(|f| f.uploaded_by).collect();
    let uploaders: HashMap<i32, String> = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(uploader_ids))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|u| (u.id, full_name(&u)))
        .collect();
    let lookup = |map: &HashMap<i32, String>, key: Option<i32>| {
        key.and_then(|k| map.get(&k).cloned()).unwrap_or_default()
    };
    Ok(axum::Json(
        files
            .into_iter()
            .map(|f| FileRecord {
                id: f.id,
                file_type: lookup(&types, f.file_type_id),
                file_name: f.file_name,
                file_size: f.size_bytes,
                uploaded_by: lookup(&uploaders, f.uploaded_by),
                upload_date: f.uploaded_at,
            })
            .collect(),
    ))
}
