//! POST /api/file/upload: multipart with repeated `files` and `fileTypes` (paired by position)
//! and either `orderId` or `appraiserId`. Each file is streamed to storage as it arrives, checked
//! against its declared kind and the size limit; the request stores all of its files or none.
use axum::extract::multipart::{Field, MultipartError};
use axum::extract::{DefaultBodyLimit, Multipart};
use chrono::{DateTime, Utc};
use portal_db::entities::{file_type, order, stored_file};
use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::file_types::{self, APPRAISER_SCOPE, ORDER_SCOPE};
use super::kinds::{self, FileKind, SNIFF_BYTES};
use crate::features::reports::fair_language;
use crate::features::reports::revisions::{self, RevisionAnswer};
use crate::kernel::orders::apply;
use crate::kernel::orders::lifecycle::OrderAction;
use crate::kernel::orders::visibility::{find_visible_order, sees_hidden};
use crate::kernel::users::access::ensure_may_manage_user;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::call::Call;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::state::AppState;
use crate::platform::storage::{Storage, StoredObject};
use axum::Json;

/// Files one request may carry (each within the size limit).
pub const MAX_FILES_PER_REQUEST: usize = 20;
/// Parts one form may have: each file with its type, the target and the revision answers.
const MAX_PARTS: usize = 2 * MAX_FILES_PER_REQUEST + 2;
/// Longest text field of an upload form (the whole-body limit is off for the files' sake).
pub const MAX_TEXT_FIELD_BYTES: usize = 1024;
/// Longest `revisionAnswers` field: a JSON list of answers to a revision request's items.
pub const MAX_ANSWERS_FIELD_BYTES: usize = 256 * 1024;
/// The target comes first in the form: files are only streamed in for a caller allowed to add them.
pub const MSG_TARGET_REQUIRED: &str = "An orderId or appraiserId is required before the files.";

pub fn router() -> OpenApiRouter<AppState> {
    // The size limit is enforced per file while streaming, so axum's whole-body limit is off.
    OpenApiRouter::new().routes(routes!(upload)).layer(DefaultBodyLimit::disable())
}

/// A stored file as lists show it: type, name, size, who uploaded it and when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileRecord {
    pub id: i64,
    pub file_type: String,
    pub file_name: String,
    pub file_size: i64,
    pub uploaded_by: String,
    pub upload_date: DateTime<Utc>,
}

/// What the files are for: an order, or an appraiser's profile (security user id).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    Order(i64),
    Appraiser(i32),
}

impl Target {
    fn scope(self) -> &'static str {
        match self {
            Target::Order(_) => ORDER_SCOPE,
            Target::Appraiser(_) => APPRAISER_SCOPE,
        }
    }
}

/// A file streamed into storage and checked, not yet recorded.
pub struct Received {
    pub file_name: String,
    pub kind: FileKind,
    pub stored: StoredObject,
}

/// The kinds of file a form field takes.
#[derive(Clone, Copy, Debug)]
pub enum Accept {
    /// Every kind that may be uploaded at all.
    Any,
    /// Only these extensions (e.g. E&O policies: pdf, doc, docx).
    Only(&'static [&'static str]),
}

impl Accept {
    fn kind_of(self, file_name: &str) -> Option<FileKind> {
        match self {
            Accept::Any => kinds::kind_of(file_name),
            Accept::Only(allowed) => kinds::kind_among(file_name, allowed),
        }
    }

    fn extensions(self) -> String {
        match self {
            Accept::Any => kinds::allowed_extensions(),
            Accept::Only(allowed) => {
                allowed.iter().map(|ext| format!(".{ext}")).collect::<Vec<_>>().join(", ")
            }
        }
    }
}

/// What an upload form says besides its files.
struct Form {
    target: Target,
    types: Vec<String>,
    /// The appraiser's answers to the open revision request, sent with the revised report.
    revision_answers: Vec<RevisionAnswer>,
}

#[utoipa::path(
    post,
    path = "/api/file/upload",
    tag = "files",
    request_body(
        content_type = "multipart/form-data",
        description = "files, fileTypes (repeated, paired by position), orderId or appraiserId; \
                       with a revised report, revisionAnswers: a JSON list of {id, answer}, \
                       one per item of the open revision request"
    ),
    responses(
        (status = 200, body = Vec<FileRecord>),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 413, body = MessageResponse),
        (status = 415, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn upload(
    Call { state, caller }: Call,
    crate::platform::http::extract::Multipart(multipart): crate::platform::http::extract::Multipart,
) -> AppResult<Json<Vec<FileRecord>>> {
    let mut received = Vec::new();
    let outcome = match receive(&state, &caller, multipart, &mut received).await {
        Ok(form) => save(&state, &caller, form, &received).await,
        Err(e) => Err(e),
    };
    if outcome.is_err() {
        for r in &received {
            state.storage.delete(&r.stored.key).await;
        }
    }
    outcome.map(Json)
}

/// Reads the whole form, storing each file as it streams in.
async fn receive(
    state: &AppState,
    caller: &CurrentUser,
    mut multipart: Multipart,
    received: &mut Vec<Received>,
) -> AppResult<Form> {
    let mut target = None;
    let mut types = Vec::new();
    let mut revision_answers = Vec::new();
    let mut parts = 0;
    while let Some(field) = multipart.next_field().await.map_err(bad_form)? {
        parts += 1;
        if parts > MAX_PARTS {
            return Err(AppError::Validation(format!(
                "Upload at most {MAX_FILES_PER_REQUEST} files at once."
            )));
        }
        let name = field.name().unwrap_or_default().to_string();
        match name.as_str() {
            "files" => {
                // Nothing is stored before the caller may upload to the target.
                if target.is_none() {
                    return Err(AppError::Validation(MSG_TARGET_REQUIRED.into()));
                }
                if received.len() == MAX_FILES_PER_REQUEST {
                    return Err(AppError::Validation(format!(
                        "Upload at most {MAX_FILES_PER_REQUEST} files at once."
                    )));
                }
                received.push(
                    store(&state.storage, field, state.config.max_upload_bytes, Accept::Any)
                        .await?,
                );
            }
            "fileTypes" => {
                if types.len() == MAX_FILES_PER_REQUEST {
                    return Err(AppError::Validation(format!(
                        "Upload at most {MAX_FILES_PER_REQUEST} files at once."
                    )));
                }
                types.push(short_text(field).await?);
            }
            "revisionAnswers" => {
                let text = text_up_to(field, MAX_ANSWERS_FIELD_BYTES).await?;
                revision_answers =
                    serde_json::from_str(&text).map_err(|e| AppError::InvalidField {
                        field: "revisionAnswers".into(),
                        message: format!("Invalid revision answers: {e}"),
                    })?;
            }
            name @ ("orderId" | "appraiserId") => {
                let text = short_text(field).await?;
                if !text.trim().is_empty() {
                    let next = parse_target(name, &text)?;
                    if target.is_some() {
                        return Err(AppError::Validation(
                            "Give either orderId or appraiserId, once.".into(),
                        ));
                    }
                    authorize(state, caller, next).await?;
                    target = Some(next);
                }
            }
            other => return Err(AppError::BadRequest(format!("Unexpected form field '{other}'."))),
        }
    }
    if received.is_empty() {
        return Err(AppError::Validation("Please choose a file to upload.".into()));
    }
    if types.len() != received.len() || types.iter().any(|t| t.trim().is_empty()) {
        return Err(AppError::Validation("Please select a file type.".into()));
    }
    let target = target.ok_or_else(|| AppError::Validation(MSG_TARGET_REQUIRED.into()))?;
    Ok(Form { target, types, revision_answers })
}

fn parse_target(name: &str, text: &str) -> AppResult<Target> {
    let invalid = || AppError::BadRequest(format!("{name} must be a number."));
    Ok(match name {
        "orderId" => Target::Order(text.trim().parse().map_err(|_| invalid())?),
        _ => Target::Appraiser(text.trim().parse().map_err(|_| invalid())?),
    })
}

/// Staff attach files to any order at any status; an appraiser only where the order's status
/// offers Upload Files to them.
async fn authorize(state: &AppState, caller: &CurrentUser, target: Target) -> AppResult<()> {
    match target {
        Target::Order(id) if sees_hidden(caller) => {
            find_visible_order(&state.db, caller, id).await.map(|_| ())
        }
        Target::Order(id) => {
            apply::check(&state.db, caller, id, OrderAction::UploadFiles).await.map(|_| ())
        }
        Target::Appraiser(user_id) => ensure_may_manage_user(&state.db, caller, user_id).await,
    }
}

/// Streams one file into storage; refuses it (leaving nothing behind) when it is empty, too
/// large, of a kind that may not be uploaded, or not what its name says.
pub async fn store(
    storage: &Storage,
    mut field: Field<'_>,
    limit: u64,
    accept: Accept,
) -> AppResult<Received> {
    let file_name = clean_file_name(field.file_name().unwrap_or_default());
    if file_name.is_empty() {
        return Err(AppError::Validation("Please choose a file to upload.".into()));
    }
    let kind = accept.kind_of(&file_name).ok_or_else(|| {
        AppError::UnsupportedMediaType(format!(
            "{file_name}: files of this type cannot be uploaded. Allowed types: {}.",
            accept.extensions()
        ))
    })?;
    let mut writer = storage.create().await?;
    let mut start = Vec::with_capacity(SNIFF_BYTES);
    let mut checked = false;
    let outcome: AppResult<()> = async {
        while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
            if writer.size() + chunk.len() as u64 > limit {
                return Err(AppError::PayloadTooLarge(format!(
                    "{file_name} is larger than the {} MB limit.",
                    limit / (1024 * 1024)
                )));
            }
            if !checked {
                start.extend_from_slice(&chunk[..chunk.len().min(SNIFF_BYTES - start.len())]);
                if start.len() == SNIFF_BYTES {
                    check_content(&file_name, kind, &start)?;
                    checked = true;
                }
            }
            writer.write(&chunk).await?;
        }
        if writer.size() == 0 {
            return Err(AppError::Validation(format!("{file_name} is empty.")));
        }
        if !checked {
            check_content(&file_name, kind, &start)?;
        }
        Ok(())
    }
    .await;
    match outcome {
        Ok(()) => Ok(Received { file_name, kind, stored: writer.finish().await? }),
        Err(e) => {
            writer.abort().await;
            Err(e)
        }
    }
}

fn check_content(file_name: &str, kind: FileKind, start: &[u8]) -> AppResult<()> {
    if kinds::content_matches(kind, start) {
        Ok(())
    } else {
        Err(AppError::UnsupportedMediaType(format!(
            "{file_name} is not a valid .{} file.",
            kind.extension
        )))
    }
}

/// The last path segment of a browser-supplied name, without control characters, at most 200
/// characters. Only ever shown and used as a download name, never as a storage path.
pub fn clean_file_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base.chars().filter(|c| !c.is_control()).collect();
    let trimmed = cleaned.trim();
    if trimmed.chars().count() <= 200 {
        return trimmed.to_string();
    }
    let extension = kinds::extension_of(trimmed);
    let stem: String = trimmed.chars().take(190).collect();
    format!("{stem}.{extension}")
}

/// Checks the file types and records every file in one transaction.
async fn save(
    state: &AppState,
    caller: &CurrentUser,
    form: Form,
    received: &[Received],
) -> AppResult<Vec<FileRecord>> {
    let Form { target, types, revision_answers } = form;
    let mut resolved = Vec::with_capacity(types.len());
    let mut reports = Vec::with_capacity(types.len());
    for (raw, file) in types.iter().zip(received) {
        let file_type = file_types::resolve(&state.db, raw, target.scope()).await?;
        file_types::check_format(&file_type, &file.file_name, file.kind.extension)?;
        let report = if file_type.id == crate::features::reports::DATA_FILE_TYPE_ID {
            let bytes = state.storage.read_all(&file.stored.key).await?;
            Some(crate::features::reports::data::read(&state.config, &bytes)?)
        } else {
            None
        };
        resolved.push(file_type);
        reports.push(report);
    }
    let report = resolved.iter().any(|t| t.is_report);
    let data_file = resolved.iter().any(|t| t.id == crate::features::reports::DATA_FILE_TYPE_ID);
    let screenings = match target {
        Target::Order(order_id) => {
            screen_reports(state, order_id, received, &resolved, &reports).await?
        }
        Target::Appraiser(_) => Vec::new(),
    };
    if let Target::Order(order_id) = target
        && report
        && !data_file
        && !sees_hidden(caller)
    {
        crate::features::reports::data::ensure_data_file_given(&state.db, order_id).await?;
    }
    let uploader = format!(
        "{} {}",
        caller.user.first_name.as_deref().unwrap_or_default(),
        caller.user.last_name.as_deref().unwrap_or_default()
    )
    .trim()
    .to_string();
    let now = Utc::now();
    let txn = portal_db::begin_write(&state.db).await?;
    let mut records = Vec::with_capacity(received.len());
    for (i, ((file, file_type), report)) in received.iter().zip(&resolved).zip(&reports).enumerate()
    {
        let (order_id, appraiser_user_id) = match target {
            Target::Order(id) => (Some(id), None),
            Target::Appraiser(id) => (None, Some(id)),
        };
        let row = stored_row(file, file_type.id, caller.id(), now, order_id, appraiser_user_id)
            .insert(&txn)
            .await?;
        if let Some(report) = report {
            crate::features::reports::data::keep(&txn, row.id, report).await?;
        }
        if let (Some(order_id), Some(screening)) =
            (order_id, screenings.get(i).and_then(Option::as_ref))
        {
            fair_language::record(&txn, order_id, row.id, screening).await?;
        }
        records.push(FileRecord {
            id: row.id,
            file_type: file_type.description.clone(),
            file_name: row.file_name,
            file_size: row.size_bytes,
            uploaded_by: uploader.clone(),
            upload_date: now,
        });
    }
    let names: Vec<&str> = received.iter().map(|r| r.file_name.as_str()).collect();
    if let Target::Order(order_id) = target {
        if sees_hidden(caller) {
            apply::record_staff_attachment(&txn, caller, order_id, &names).await?;
        } else {
            if report {
                revisions::answer_open_round(&txn, order_id, caller.id(), &revision_answers)
                    .await?;
            } else if !revision_answers.is_empty() {
                return Err(AppError::InvalidField {
                    field: "revisionAnswers".into(),
                    message: "Send the revision answers with the revised report.".into(),
                });
            }
            apply::record_upload(&txn, &state.config, caller, order_id, &names, report).await?;
        }
    }
    audit::record(
        &txn,
        AuditEntry {
            action: "file.upload",
            actor: Some(caller.acting_user_id.unwrap_or(caller.id())),
            subject: Some(caller.id()),
            detail: Some(format!("{target:?}: {}", names.join(", "))),
            ip: None,
        },
    )
    .await?;
    txn.commit().await?;
    Ok(records)
}

/// The fair-language screening of each report PDF and data file among the files (None for the
/// others): the rule set's version and what it found.
async fn screen_reports(
    state: &AppState,
    order_id: i64,
    received: &[Received],
    types: &[file_type::Model],
    reports: &[Option<portal_uad::Report>],
) -> AppResult<Vec<Option<fair_language::Screening>>> {
    use fair_language::Screened;
    let o = order::Entity::find_by_id(order_id).one(&state.db).await?;
    let uploaded = reports.iter().flatten().next();
    let places = fair_language::places_of(state, o.as_ref(), uploaded).await?;
    let mut screenings = Vec::with_capacity(received.len());
    for ((file, file_type), report) in received.iter().zip(types).zip(reports) {
        let screening = if let Some(report) = report {
            let what = Screened::DataFile(report);
            Some(fair_language::screen_version(&state.db, what, &places).await?)
        } else if file_type.is_report && file.kind.extension == "pdf" {
            Some(fair_language::screen_pdf(state, &file.stored, &places).await?)
        } else {
            None
        };
        screenings.push(screening);
    }
    Ok(screenings)
}

/// The stored_files row of a received file, uploaded by `uploaded_by` for an order or an appraiser.
pub fn stored_row(
    file: &Received,
    file_type_id: i32,
    uploaded_by: i32,
    now: DateTime<Utc>,
    order_id: Option<i64>,
    appraiser_user_id: Option<i32>,
) -> stored_file::ActiveModel {
    stored_file::ActiveModel {
        id: NotSet,
        storage_key: Set(file.stored.key.clone()),
        file_name: Set(file.file_name.clone()),
        content_type: Set(file.kind.content_type.to_string()),
        size_bytes: Set(file.stored.size as i64),
        sha256: Set(file.stored.sha256.clone()),
        file_type_id: Set(Some(file_type_id)),
        uploaded_by: Set(Some(uploaded_by)),
        uploaded_at: Set(now),
        order_id: Set(order_id),
        appraiser_user_id: Set(appraiser_user_id),
        hide: Set(false),
    }
}

/// A text field of an upload form, read only up to MAX_TEXT_FIELD_BYTES.
pub async fn short_text(field: Field<'_>) -> AppResult<String> {
    text_up_to(field, MAX_TEXT_FIELD_BYTES).await
}

pub async fn text_up_to(mut field: Field<'_>, limit: usize) -> AppResult<String> {
    let name = field.name().unwrap_or_default().to_string();
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
        if bytes.len() + chunk.len() > limit {
            return Err(AppError::BadRequest(format!("The form field '{name}' is too long.")));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes)
        .map_err(|_| AppError::BadRequest(format!("The form field '{name}' is not text.")))
}

pub fn bad_form(e: MultipartError) -> AppError {
    AppError::BadRequest(format!("The upload could not be read: {}", e.body_text()))
}

#[cfg(test)]
mod tests {
    use super::clean_file_name;

    #[test]
    fn file_names_lose_paths_and_control_characters() {
        assert_eq!(clean_file_name("C:\\fakepath\\report.pdf"), "report.pdf");
        assert_eq!(clean_file_name("../../etc/passwd.txt"), "passwd.txt");
        assert_eq!(clean_file_name(" a\u{0}b\n.pdf "), "ab.pdf");
        let long = format!("{}.pdf", "x".repeat(300));
        assert!(
            clean_file_name(&long).ends_with(".pdf")
                && clean_file_name(&long).chars().count() <= 200
        );
    }
}
