//! The documents of a client's order the client may see: what the client's own people attached
//! (a purchase contract, say) and, once the order is delivered, the report the company delivered.
//! Nothing else on the order (photos, invoices, the appraiser's working files) reaches the client.
use axum::extract::Multipart;
use chrono::{DateTime, Utc};
use portal_db::entities::{client_order, client_user, order, stored_file};
use sea_orm::sea_query::Condition;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::features::files::kinds::LENDER_DOCUMENTS;
use crate::features::files::upload::{Accept, bad_form, store, stored_row};
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::state::AppState;

/// What the company delivers: the report (appraisal report, revised report) and its data file.
const REPORT_TYPES: [i32; 3] = [1, 2, crate::features::reports::DATA_FILE_TYPE_ID];
/// The file type of what a client attaches.
const CLIENT_ATTACHMENT_TYPE: i32 = 9;
const MAX_FILES: usize = 10;
/// What a lender may attach: documents, images and plain text.
const LENDER_KINDS: Accept = Accept::Only(LENDER_DOCUMENTS);

/// Files to attach, as `multipart/form-data` (no other fields).
#[derive(serde::Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DocumentUpload {
    #[doc = " One to ten files, each a document or image of an allowed kind whose content \
        matches its name."]
    #[schema(value_type = Vec<String>, min_items = 1, max_items = 10)]
    pub files: Vec<Vec<u8>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientDocument {
    pub id: i64,
    pub file_name: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub uploaded_at: DateTime<Utc>,
    /// SHA-256 of the file as stored (hex): the delivered bytes are the uploaded bytes.
    pub sha256: String,
    /// report (delivered by the company) or attachment (from the client).
    pub kind: String,
}

/// The client's visible documents of the order, oldest first.
fn visible(client_users: Vec<i32>, c: &client_order::Model) -> Condition {
    let through_api = Condition::all()
        .add(stored_file::Column::UploadedBy.is_null())
        .add(stored_file::Column::FileTypeId.eq(CLIENT_ATTACHMENT_TYPE));
    let mut any =
        Condition::any().add(stored_file::Column::UploadedBy.is_in(client_users)).add(through_api);
    if c.delivered_at.is_some() {
        any = any.add(stored_file::Column::FileTypeId.is_in(REPORT_TYPES));
    }
    Condition::all()
        .add(stored_file::Column::OrderId.eq(c.order_id))
        .add(stored_file::Column::Hide.eq(false))
        .add(any)
}

async fn users_of(db: &impl ConnectionTrait, client_id: i32) -> AppResult<Vec<i32>> {
    Ok(client_user::Entity::find()
        .filter(client_user::Column::ClientId.eq(client_id))
        .all(db)
        .await?
        .into_iter()
        .map(|u| u.user_id)
        .collect())
}

fn document(f: stored_file::Model) -> ClientDocument {
    let report = f.file_type_id.is_some_and(|t| REPORT_TYPES.contains(&t));
    ClientDocument {
        id: f.id,
        file_name: f.file_name,
        content_type: f.content_type,
        size_bytes: f.size_bytes,
        uploaded_at: f.uploaded_at,
        sha256: f.sha256,
        kind: if report { "report" } else { "attachment" }.into(),
    }
}

pub async fn list(
    db: &impl ConnectionTrait,
    c: &client_order::Model,
) -> AppResult<Vec<ClientDocument>> {
    let users = users_of(db, c.client_id).await?;
    Ok(stored_file::Entity::find()
        .filter(visible(users, c))
        .order_by_asc(stored_file::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(document)
        .collect())
}

/// One visible document of the order (404 for any other file).
pub async fn find(
    db: &impl ConnectionTrait,
    c: &client_order::Model,
    id: i64,
) -> AppResult<stored_file::Model> {
    let users = users_of(db, c.client_id).await?;
    stored_file::Entity::find_by_id(id)
        .filter(visible(users, c))
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound("Document not found.".into()))
}

/// Stores the files of a multipart form (`files`, up to 10) as the client's attachments of the
/// order, uploaded by `uploaded_by` (a client user; none through the API).
/// Nothing is kept when one file is refused.
pub async fn attach(
    state: &AppState,
    o: &order::Model,
    uploaded_by: Option<i32>,
    mut multipart: Multipart,
) -> AppResult<Vec<ClientDocument>> {
    let mut received = Vec::new();
    let outcome: AppResult<()> = async {
        while let Some(field) = multipart.next_field().await.map_err(bad_form)? {
            if field.name() != Some("files") {
                let name = field.name().unwrap_or_default().to_string();
                return Err(AppError::Validation(format!(
                    "Unexpected form field '{name}': send the files as 'files'."
                )));
            }
            if received.len() == MAX_FILES {
                return Err(AppError::Validation(format!(
                    "Upload at most {MAX_FILES} files at once."
                )));
            }
            received.push(
                store(&state.storage, field, state.config.max_upload_bytes, LENDER_KINDS).await?,
            );
        }
        if received.is_empty() {
            return Err(AppError::Validation("Please choose a file to upload.".into()));
        }
        Ok(())
    }
    .await;
    let saved = match outcome {
        Ok(()) => save(state, o, uploaded_by, &received).await,
        Err(e) => Err(e),
    };
    if saved.is_err() {
        for r in &received {
            state.storage.delete(&r.stored.key).await;
        }
    }
    saved
}

async fn save(
    state: &AppState,
    o: &order::Model,
    uploaded_by: Option<i32>,
    received: &[crate::features::files::upload::Received],
) -> AppResult<Vec<ClientDocument>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let now = Utc::now();
    let mut saved = Vec::new();
    for file in received {
        let mut row = stored_row(file, CLIENT_ATTACHMENT_TYPE, 0, now, Some(o.id), None);
        row.uploaded_by = sea_orm::Set(uploaded_by);
        let row = row.insert(&txn).await?;
        saved.push(document(row));
    }
    let names = saved.iter().map(|d| d.file_name.as_str()).collect::<Vec<_>>().join(", ");
    crate::kernel::orders::placing::write_history(
        &txn,
        uploaded_by,
        o.id,
        o.status_id,
        format!("Files attached by the client: {names}."),
    )
    .await?;
    crate::platform::live::record(&txn, crate::platform::live::order_changed(o)).await?;
    crate::kernel::orders::client_events::touch_order(&txn, o.id, o.client_id).await?;
    txn.commit().await?;
    Ok(saved)
}
