//! The audit log: who did what, when, from where.
use chrono::Utc;
use portal_db::entities::audit_log;
use sea_orm::{ActiveModelTrait, ConnectionTrait, NotSet, Set};

use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult};

/// One audit row. `actor` did it; `subject` is whom it concerned.
#[derive(Debug, Default, Clone)]
pub struct AuditEntry<'a> {
    pub action: &'a str,
    pub actor: Option<i32>,
    pub subject: Option<i32>,
    pub detail: Option<String>,
    pub ip: Option<&'a str>,
}

/// Writes one audit row and returns its id.
pub async fn record(db: &impl ConnectionTrait, entry: AuditEntry<'_>) -> Result<i64, AppError> {
    let row = audit_log::ActiveModel {
        id: NotSet,
        at: Set(Utc::now()),
        actor_user_id: Set(entry.actor),
        subject_user_id: Set(entry.subject),
        action: Set(entry.action.to_string()),
        detail: Set(entry.detail),
        ip: Set(entry.ip.map(str::to_string)),
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// Replaces the detail of a row written before its outcome was known.
pub async fn complete(db: &impl ConnectionTrait, id: i64, detail: String) -> Result<(), AppError> {
    audit_log::ActiveModel { id: Set(id), detail: Set(Some(detail)), ..Default::default() }
        .update(db)
        .await?;
    Ok(())
}

/// The audit row of a staff change that is not an order action.
pub async fn audit_staff(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    ip: &str,
    action: &str,
    detail: String,
) -> AppResult<()> {
    let entry = AuditEntry {
        action,
        actor: Some(caller.acting_user_id.unwrap_or(caller.id())),
        subject: Some(caller.id()),
        detail: Some(detail),
        ip: Some(ip),
    };
    record(db, entry).await?;
    Ok(())
}
