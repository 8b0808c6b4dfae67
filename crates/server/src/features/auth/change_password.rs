//! POST /api/auth/change-my-password: the signed-in user changes their own password.
//!
//! The current password must be given (wrong ones count as failed sign-ins, so the call cannot be
//! used to guess it), the new one must meet the password rules (docs/domain.md#passwords), and
//! every other session of the user ends; the one that made the change stays signed in.
//! `set_password` is the command line's way to set a user's password.
use portal_db::entities::security_user;
use sea_orm::{ActiveModelTrait, ConnectionTrait, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session;
use super::throttle;
use crate::kernel::users::accounts;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::call::Call;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::password;
use crate::platform::session_cache::SessionCache;
use crate::platform::state::AppState;

pub const MSG_CHANGED: &str = "Password changed successfully";
pub const MSG_WRONG_CURRENT: &str = "The current password is incorrect.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(change_my_password))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeMyPassword {
    #[schema(required = true, value_type = String)]
    pub old_password: Option<String>,
    /// At least 16 characters with a lowercase and an uppercase letter, a digit and one of
    /// ! @ # $ % ^ & * ( ) , . ? " : { } | < >
    #[schema(required = true, value_type = String)]
    pub new_password: Option<String>,
}

/// Answers the message as a JSON string, as the specification gives it ("answer is a message
/// string"); refusals carry `{message}` like every other error.
#[utoipa::path(
    post,
    path = "/api/auth/change-my-password",
    tag = "auth",
    request_body = ChangeMyPassword,
    responses(
        (status = 200, body = String, description = "\"Password changed successfully\""),
        (status = 400, body = MessageResponse),
        (status = 401, body = MessageResponse),
        (status = 429, body = MessageResponse),
    ),
)]
async fn change_my_password(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(body): Json<ChangeMyPassword>,
) -> AppResult<axum::Json<String>> {
    let user = &caller.user;
    let actor = Some(caller.acting_user_id.unwrap_or(user.id));
    let keys = throttle::ThrottleKeys::new(&user.login_id, &ip);
    throttle::count_attempt(&state.db, &state.config, &keys).await?;
    let old_password = body.old_password.unwrap_or_default();
    if old_password.is_empty()
        || !password::verify_blocking(old_password, user.password_hash.clone()).await
    {
        let entry = AuditEntry {
            action: "password_change_refused",
            actor,
            subject: Some(user.id),
            ip: Some(&ip),
            ..Default::default()
        };
        audit::record(&state.db, entry).await?;
        return Err(AppError::BadRequest(MSG_WRONG_CURRENT.into()));
    }
    throttle::attempt_succeeded(&state.db, &keys).await?;
    let new_password = body.new_password.unwrap_or_default();
    if !password::broken_rules(&new_password).is_empty() {
        return Err(AppError::BadRequest(password::RULES_MESSAGE.into()));
    }
    let new_hash = password::hash_blocking(new_password).await?;

    let txn = portal_db::begin_write(&state.db).await?;
    let mut account: security_user::ActiveModel = user.clone().into_active_model();
    account.password_hash = Set(new_hash);
    account.update(&txn).await?;
    session::password_changed(&txn, &state.live.sessions, user.id, Some(&caller.session_id))
        .await?;
    let entry = AuditEntry {
        action: "password_changed",
        actor,
        subject: Some(user.id),
        ip: Some(&ip),
        ..Default::default()
    };
    audit::record(&txn, entry).await?;
    txn.commit().await?;
    Ok(axum::Json(MSG_CHANGED.to_string()))
}

/// Sets a new password (rules enforced) and ends the user's sessions.
pub async fn set_password(
    db: &impl ConnectionTrait,
    username: &str,
    new_password: String,
) -> AppResult<security_user::Model> {
    password::check_rules(&new_password)?;
    let user = accounts::find(db, username)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("No user named '{username}'")))?;
    let mut active = user.into_active_model();
    active.password_hash = Set(password::hash_blocking(new_password).await?);
    let user = active.update(db).await?;
    // Run from the command line: the server copies hear of it through the live events.
    session::password_changed(db, &SessionCache::default(), user.id, None).await?;
    Ok(user)
}
