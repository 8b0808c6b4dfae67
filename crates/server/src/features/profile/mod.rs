//! The appraiser profile and its settings (docs/domain.md#appraiser-profile): personal info and
//! licences (read-only), coverage areas, E&O insurance, documents, trainee and out of office.
//!
//! Every call names the appraiser by security user id and is open to the appraiser, staff, the
//! secret administrator and the administrator of the appraiser's firm (`managed`). Each change is
//! one write transaction with its audit entry.
pub mod coverage;
pub mod documents;
pub mod eno;
pub mod licenses;
pub mod routes;
pub mod scorecard;
pub mod settings;
pub mod tax;

use chrono::NaiveDate;
use portal_db::entities::{appraiser_profile, security_user};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use utoipa_axum::router::OpenApiRouter;

use crate::kernel::users::access::ensure_may_manage_user;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::state::AppState;

pub const MSG_APPRAISER_NOT_FOUND: &str = "Appraiser Not Found";
pub const MSG_APPRAISER_ID_REQUIRED: &str = "appraiserId is required.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::router())
        .merge(coverage::router())
        .merge(settings::router())
        .merge(eno::router())
        .merge(licenses::router())
        .merge(documents::router())
        .merge(scorecard::router())
        .merge(tax::router())
}

/// The appraiser (by security user id) with their profile, when the caller may manage them:
/// 403 for anyone else, 404 when the user has no appraiser record.
pub async fn managed(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    security_user_id: i32,
) -> AppResult<(appraiser_profile::Model, security_user::Model)> {
    ensure_may_manage_user(db, caller, security_user_id).await?;
    appraiser_of(db, security_user_id).await
}

/// The appraiser (by security user id) with their profile; 404 when the user has no appraiser
/// record.
pub async fn appraiser_of(
    db: &impl ConnectionTrait,
    security_user_id: i32,
) -> AppResult<(appraiser_profile::Model, security_user::Model)> {
    match appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(security_user_id))
        .find_also_related(security_user::Entity)
        .one(db)
        .await?
    {
        Some((profile, Some(user))) => Ok((profile, user)),
        _ => Err(AppError::NotFound(MSG_APPRAISER_NOT_FOUND.into())),
    }
}

/// The `appraiserId` of a request body.
pub fn required_appraiser(appraiser_id: Option<i32>) -> AppResult<i32> {
    appraiser_id.ok_or_else(|| AppError::BadRequest(MSG_APPRAISER_ID_REQUIRED.into()))
}

/// A yyyy-mm-dd date of a request (None when absent or blank); `name` says which in the refusal.
pub fn parse_day(name: &str, value: Option<&str>) -> AppResult<Option<NaiveDate>> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d").map(Some).map_err(|_| {
            AppError::BadRequest(format!(
                "The {name} must be a date in the form yyyy-mm-dd (got '{v}')."
            ))
        }),
    }
}

/// Audits a profile change: who did it (the secret administrator when acting for someone) and
/// whose profile it was.
pub async fn record(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    action: &str,
    appraiser: i32,
    detail: String,
) -> AppResult<()> {
    audit::record(
        db,
        AuditEntry {
            action,
            actor: Some(caller.acting_user_id.unwrap_or(caller.id())),
            subject: Some(appraiser),
            detail: Some(detail),
            ip: None,
        },
    )
    .await?;
    Ok(())
}
