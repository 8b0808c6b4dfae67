//! The audit log: who did what, when, from where.
use chrono::Utc;
use portal_db::entities::audit_log;
use sea_orm::{ActiveModelTrait, ConnectionTrait, NotSet, Set};

use crate::http::error::AppError;

/// One audit row. `actor` did it; `subject` is whom it concerned.
#[derive(Debug, Default, Clone)]
pub struct AuditEntry<'a> {
    pub action: &'a str,
    pub actor: Option<i32>,
    pub subject: Option<i32>,
    pub detail: Option<String>,
    pub ip: Option<&'a str>,
}

pub async fn record(db: &impl ConnectionTrait, entry: AuditEntry<'_>) -> Result<(), AppError> {
    audit_log::ActiveModel {
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
    Ok(())
}
