//! Errors and omissions (E&O) insurance: POST /api/appraiser/update-e-and-o (the policy's terms
//! with its document) and GET /api/file/my-e-and-o/{id} (the current policy document).
//!
//! The policy document is stored like any profile document (type E&O Policy, listed under
//! Documents), but only as .pdf, .doc or .docx whose content is what the name says. A refused
//! request leaves nothing stored.
use axum::extract::multipart::Field;
use axum::extract::{DefaultBodyLimit, Multipart};
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::{appraiser_profile, file_type, stored_file};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, Set,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{managed, parse_day, record, required_appraiser};
use crate::features::files::file_types::APPRAISER_SCOPE;
use crate::features::files::upload::{self, Accept, Received, bad_form, short_text};
use crate::kernel::users::access::ensure_may_manage_user;
use crate::platform::call::{Call, CallOn};
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::money::{AmountError, Cents, parse_amount_up_to};
use crate::platform::state::AppState;

pub const MSG_FILE_REQUIRED: &str = "Please upload an E&O policy file to update information";
pub const MSG_ONE_FILE: &str = "Please upload one E&O policy file.";
pub const MSG_PROVIDER_REQUIRED: &str = "Please enter the E&O provider.";
pub const MSG_PROVIDER_TOO_LONG: &str = "The E&O provider can be at most 200 characters.";
pub const MSG_EXPIRATION_REQUIRED: &str = "Please enter the E&O expiration date.";
/// The file type of policy documents (crates/db migration m0005).
pub const ENO_FILE_TYPE: &str = "E&O Policy";
/// The kinds a policy document may be.
pub const ENO_EXTENSIONS: &[&str] = &["pdf", "doc", "docx"];
/// Largest coverage amount accepted: $100,000,000.00.
pub const MAX_COVERAGE_CENTS: i64 = 10_000_000_000;
const MAX_PROVIDER_CHARS: usize = 200;

pub fn router() -> OpenApiRouter<AppState> {
    // The size limit is enforced per file while streaming, as for other uploads.
    OpenApiRouter::new()
        .routes(routes!(update_e_and_o))
        .layer(DefaultBodyLimit::disable())
        .routes(routes!(my_e_and_o))
}

/// The current E&O policy document: its stored file's id, name and upload date.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnoFileRef {
    /// The stored file's id (download with /api/file/download/appraiserprofilefile/{id}).
    pub id: i64,
    pub file_name: String,
    pub upload_date: DateTime<Utc>,
}

impl From<stored_file::Model> for EnoFileRef {
    fn from(f: stored_file::Model) -> Self {
        EnoFileRef { id: f.id, file_name: f.file_name, upload_date: f.uploaded_at }
    }
}

/// The E&O fields after an update.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnoInfo {
    pub eno_provider: Option<String>,
    pub eno_per_incident_amount: Cents,
    pub eno_aggregate_amount: Cents,
    pub eno_expiration_date: Option<NaiveDate>,
    pub eno_file: EnoFileRef,
}

/// The form's fields as sent.
#[derive(Default)]
struct EnoForm {
    appraiser_id: Option<i32>,
    provider: Option<String>,
    per_incident: Option<String>,
    aggregate: Option<String>,
    expiration: Option<String>,
    file: Option<Received>,
}

/// The policy's checked terms.
#[derive(Debug, PartialEq)]
pub struct EnoTerms {
    pub provider: String,
    pub per_incident_cents: i64,
    pub aggregate_cents: i64,
    pub expiration: NaiveDate,
}

/// A coverage amount: blank is 0, otherwise a plain non-negative dollar amount.
fn coverage(label: &str, text: Option<&str>) -> AppResult<i64> {
    match parse_amount_up_to(
        &Value::String(text.unwrap_or_default().to_string()),
        MAX_COVERAGE_CENTS,
    ) {
        Ok(cents) => Ok(cents),
        Err(AmountError::Missing) => Ok(0),
        Err(e) => Err(AppError::BadRequest(match e {
            AmountError::Negative => format!("The {label} cannot be negative."),
            AmountError::TooManyDecimals => {
                format!("The {label} can have at most 2 decimal places.")
            }
            AmountError::TooLarge => format!("The {label} cannot be more than $100,000,000.00."),
            AmountError::NotANumber | AmountError::Missing => {
                format!("The {label} must be a number.")
            }
        })),
    }
}

/// The policy's terms: provider and expiration date required, blank
/// amounts 0.
pub fn checked_terms(
    provider: Option<&str>,
    per_incident: Option<&str>,
    aggregate: Option<&str>,
    expiration: Option<&str>,
) -> AppResult<EnoTerms> {
    let provider = provider
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .ok_or_else(|| AppError::BadRequest(MSG_PROVIDER_REQUIRED.into()))?;
    if provider.chars().count() > MAX_PROVIDER_CHARS {
        return Err(AppError::BadRequest(MSG_PROVIDER_TOO_LONG.into()));
    }
    let per_incident_cents = coverage("per-incident coverage", per_incident)?;
    let aggregate_cents = coverage("aggregate coverage", aggregate)?;
    let expiration = parse_day("expiration date", expiration)?
        .ok_or_else(|| AppError::BadRequest(MSG_EXPIRATION_REQUIRED.into()))?;
    Ok(EnoTerms { provider: provider.to_string(), per_incident_cents, aggregate_cents, expiration })
}

/// Updates the appraiser's E&O policy: its terms and its document.
#[utoipa::path(
    post,
    path = "/api/appraiser/update-e-and-o",
    tag = "appraiser",
    request_body(
        content_type = "multipart/form-data",
        description = "appraiserId, provider, perIncidentCoverage, aggregateCoverage, \
                       expirationDate (yyyy-mm-dd), policyFile (.pdf, .doc, .docx)"
    ),
    responses(
        (status = 200, body = EnoInfo),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 413, body = MessageResponse),
        (status = 415, body = MessageResponse),
    ),
)]
async fn update_e_and_o(
    Call { state, caller }: Call,
    crate::platform::http::extract::Multipart(multipart): crate::platform::http::extract::Multipart,
) -> AppResult<axum::Json<EnoInfo>> {
    let mut form = EnoForm::default();
    let outcome = match receive(&state, &caller, multipart, &mut form).await {
        Ok(()) => save(&state, &caller, &form).await,
        Err(e) => Err(e),
    };
    if outcome.is_err()
        && let Some(file) = &form.file
    {
        state.storage.delete(&file.stored.key).await;
    }
    outcome.map(axum::Json)
}

pub const MSG_APPRAISER_FIRST: &str = "appraiserId is required before the policy file.";

/// Reads the form, streaming the policy document into storage as it arrives.
async fn receive(
    state: &AppState,
    caller: &CurrentUser,
    mut multipart: Multipart,
    form: &mut EnoForm,
) -> AppResult<()> {
    while let Some(field) = multipart.next_field().await.map_err(bad_form)? {
        let name = field.name().unwrap_or_default().to_string();
        match name.as_str() {
            "policyFile" => {
                // Nothing is stored before the caller may change this appraiser's profile.
                if form.appraiser_id.is_none() {
                    return Err(AppError::BadRequest(MSG_APPRAISER_FIRST.into()));
                }
                receive_file(state, field, form).await?
            }
            "appraiserId" => {
                if form.appraiser_id.is_some() {
                    return Err(AppError::BadRequest("Give appraiserId once.".into()));
                }
                let text = short_text(field).await?;
                let id = text
                    .trim()
                    .parse()
                    .map_err(|_| AppError::BadRequest("appraiserId must be a number.".into()))?;
                ensure_may_manage_user(&state.db, caller, id).await?;
                form.appraiser_id = Some(id);
            }
            "provider" => form.provider = Some(short_text(field).await?),
            "perIncidentCoverage" => form.per_incident = Some(short_text(field).await?),
            "aggregateCoverage" => form.aggregate = Some(short_text(field).await?),
            "expirationDate" => form.expiration = Some(short_text(field).await?),
            other => return Err(AppError::BadRequest(format!("Unexpected form field '{other}'."))),
        }
    }
    Ok(())
}

async fn receive_file(state: &AppState, field: Field<'_>, form: &mut EnoForm) -> AppResult<()> {
    // A browser sends an empty, nameless part when no file was chosen.
    if field.file_name().is_none_or(|n| n.trim().is_empty()) {
        return Ok(());
    }
    if form.file.is_some() {
        return Err(AppError::BadRequest(MSG_ONE_FILE.into()));
    }
    let received = upload::store(
        &state.storage,
        field,
        state.config.max_upload_bytes,
        Accept::Only(ENO_EXTENSIONS),
    )
    .await
    .map_err(|e| match e {
        AppError::Validation(message) => AppError::BadRequest(message),
        other => other,
    })?;
    form.file = Some(received);
    Ok(())
}

/// Checks the terms and records the document and the terms in one transaction.
async fn save(state: &AppState, caller: &CurrentUser, form: &EnoForm) -> AppResult<EnoInfo> {
    let appraiser = required_appraiser(form.appraiser_id)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (profile, _) = managed(&txn, caller, appraiser).await?;
    let file = form.file.as_ref().ok_or_else(|| AppError::BadRequest(MSG_FILE_REQUIRED.into()))?;
    let terms = checked_terms(
        form.provider.as_deref(),
        form.per_incident.as_deref(),
        form.aggregate.as_deref(),
        form.expiration.as_deref(),
    )?;
    let policy_type = policy_file_type(&txn).await?;
    let stored =
        upload::stored_row(file, policy_type.id, caller.id(), Utc::now(), None, Some(appraiser))
            .insert(&txn)
            .await?;
    let mut changed = profile.into_active_model();
    changed.eno_provider = Set(Some(terms.provider.clone()));
    changed.eno_per_incident_cents = Set(terms.per_incident_cents);
    changed.eno_aggregate_cents = Set(terms.aggregate_cents);
    changed.eno_expiration_date = Set(Some(terms.expiration));
    changed.eno_file_id = Set(Some(stored.id));
    let profile = changed.update(&txn).await?;
    let detail = format!(
        "{}, expires {}, document {} ({})",
        terms.provider, terms.expiration, stored.id, stored.file_name
    );
    record(&txn, caller, "profile.eno_update", appraiser, detail).await?;
    txn.commit().await?;
    Ok(eno_info(profile, stored))
}

fn eno_info(profile: appraiser_profile::Model, file: stored_file::Model) -> EnoInfo {
    EnoInfo {
        eno_provider: profile.eno_provider,
        eno_per_incident_amount: Cents(profile.eno_per_incident_cents),
        eno_aggregate_amount: Cents(profile.eno_aggregate_cents),
        eno_expiration_date: profile.eno_expiration_date,
        eno_file: file.into(),
    }
}

async fn policy_file_type(db: &impl ConnectionTrait) -> AppResult<file_type::Model> {
    file_type::Entity::find()
        .filter(file_type::Column::Description.eq(ENO_FILE_TYPE))
        .filter(file_type::Column::Scope.eq(APPRAISER_SCOPE))
        .one(db)
        .await?
        .ok_or_else(|| AppError::Internal(format!("the file type '{ENO_FILE_TYPE}' is missing")))
}

/// The appraiser's current E&O policy document, or null when none was uploaded.
#[utoipa::path(get, path = "/api/file/my-e-and-o/{id}", tag = "files",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = Option<EnoFileRef>), ReadAnswers))]
async fn my_e_and_o(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<Option<EnoFileRef>>> {
    let (profile, _) = managed(&state.db, &caller, id).await?;
    let Some(file_id) = profile.eno_file_id else { return Ok(axum::Json(None)) };
    let file = stored_file::Entity::find_by_id(file_id)
        .filter(stored_file::Column::AppraiserUserId.eq(id))
        .one(&state.db)
        .await?;
    Ok(axum::Json(file.map(EnoFileRef::from)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_terms() {
        let ok = |provider: &str, per: i64, agg: i64| {
            Ok(EnoTerms {
                provider: provider.into(),
                per_incident_cents: per,
                aggregate_cents: agg,
                expiration: NaiveDate::from_ymd_opt(2027, 6, 30).unwrap(),
            })
        };
        let date = Some("2027-06-30");
        let long = "x".repeat(201);
        type Case<'a> = (
            Option<&'a str>,
            Option<&'a str>,
            Option<&'a str>,
            Option<&'a str>,
            Result<EnoTerms, &'a str>,
        );
        let table: [Case; 12] = [
            (
                Some(" Acme Insurance "),
                Some("1,000,000"),
                Some("2000000.00"),
                date,
                ok("Acme Insurance", 100_000_000, 200_000_000),
            ),
            (Some("Acme"), Some(""), None, date, ok("Acme", 0, 0)),
            (Some("Acme"), Some("$500.5"), Some(" "), date, ok("Acme", 50_050, 0)),
            (None, Some("1"), Some("1"), date, Err(MSG_PROVIDER_REQUIRED)),
            (Some("  "), Some("1"), Some("1"), date, Err(MSG_PROVIDER_REQUIRED)),
            (
                Some("Acme"),
                Some("lots"),
                Some("1"),
                date,
                Err("The per-incident coverage must be a number."),
            ),
            (
                Some("Acme"),
                Some("1"),
                Some("-5"),
                date,
                Err("The aggregate coverage cannot be negative."),
            ),
            (
                Some("Acme"),
                Some("1.005"),
                Some("1"),
                date,
                Err("The per-incident coverage can have at most 2 decimal places."),
            ),
            (
                Some("Acme"),
                Some("100000000.01"),
                Some("1"),
                date,
                Err("The per-incident coverage cannot be more than $100,000,000.00."),
            ),
            (Some("Acme"), Some("1"), Some("1"), None, Err(MSG_EXPIRATION_REQUIRED)),
            (
                Some("Acme"),
                Some("1"),
                Some("1"),
                Some("06/30/2027"),
                Err(
                    "The expiration date must be a date in the form yyyy-mm-dd (got '06/30/2027').",
                ),
            ),
            (Some(long.as_str()), Some("1"), Some("1"), date, Err(MSG_PROVIDER_TOO_LONG)),
        ];
        for (provider, per, agg, expiration, expected) in table {
            let got = checked_terms(provider, per, agg, expiration).map_err(|e| e.to_string());
            assert_eq!(
                got,
                expected.map_err(str::to_string),
                "{provider:?} {per:?} {agg:?} {expiration:?}"
            );
        }
    }
}
