//! POST /api/auth/change-my-password: the signed-in user changes their own password.
//!
//! The current password must be given (wrong ones count as failed sign-ins, so the call cannot
//! be used to guess it), the new one must meet the rules of part 1 section 5, and every other
//! session of the user ends; the one that made the change stays signed in.
use axum::extract::State;
use portal_db::entities::security_user;
use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session::{self, CurrentUser};
use super::{password, throttle};
use crate::app::AppState;
use crate::audit::{self, AuditEntry};
use crate::http::client_ip::ClientIp;
use crate::http::error::{AppError, AppResult, MessageResponse};
use crate::http::extract::Json;

pub const MSG_CHANGED: &str = "Password changed successfully";
pub const MSG_WRONG_CURRENT: &str = "The current password is incorrect.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(change_my_password))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeMyPassword {
    pub old_password: Option<String>,
    /// At least 16 characters with a lowercase and an uppercase letter, a digit and one of
    /// ! @ # $ % ^ & * ( ) , . ? " : { } | < >
    pub new_password: Option<String>,
}

#[utoipa::path(post, path = "/api/auth/change-my-password", tag = "auth", request_body = ChangeMyPassword,
    responses((status = 200, body = MessageResponse), (status = 400, body = MessageResponse),
              (status = 401, body = MessageResponse), (status = 429, body = MessageResponse)))]
async fn change_my_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    Json(body): Json<ChangeMyPassword>,
) -> AppResult<axum::Json<MessageResponse>> {
    let user = &caller.user;
    let actor = Some(caller.acting_user_id.unwrap_or(user.id));
    let keys = throttle::ThrottleKeys::new(&user.login_id, &ip);
    throttle::check(&state.db, &state.config, &keys).await?;
    let old_password = body.old_password.unwrap_or_default();
    if old_password.is_empty() || !password::verify_blocking(old_password, user.password_hash.clone()).await {
        throttle::record_failure(&state.db, &state.config, &keys).await?;
        let entry = AuditEntry { action: "password_change_refused", actor, subject: Some(user.id), ip: Some(&ip), ..Default::default() };
        audit::record(&state.db, entry).await?;
        return Err(AppError::BadRequest(MSG_WRONG_CURRENT.into()));
    }
    throttle::clear_account(&state.db, &keys).await?;
    let new_password = body.new_password.unwrap_or_default();
    if !password::broken_rules(&new_password).is_empty() {
        return Err(AppError::BadRequest(password::RULES_MESSAGE.into()));
    }
    let new_hash = password::hash_blocking(new_password).await?;

    let txn = portal_db::begin_write(&state.db).await?;
    let mut account: security_user::ActiveModel = user.clone().into_active_model();
    account.password_hash = Set(new_hash);
    account.update(&txn).await?;
    session::end_all_for_user(&txn, user.id, Some(&caller.session_id)).await?;
    let entry = AuditEntry { action: "password_changed", actor, subject: Some(user.id), ip: Some(&ip), ..Default::default() };
    audit::record(&txn, entry).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(MSG_CHANGED)))
}
