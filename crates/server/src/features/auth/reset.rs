//! Password reset by e-mailed link. The request answers the same way, in about the same time,
//! whether or not the account exists, so it cannot be used to discover accounts.
use std::time::Duration as StdDuration;

use axum::extract::State;
use chrono::{Duration, Utc};
use portal_db::entities::{password_reset_token, security_user};
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session;
use super::throttle;
use crate::kernel::users::accounts;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::delivery::{self, Channel, Outgoing, html_escape};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::normalize_username;
use crate::platform::password;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

pub const LINK_HOURS: i64 = 1;
pub const REQUEST_ANSWER: &str = "Check your email for a reset link";
pub const RESET_DONE: &str = "Password reset successfully";
pub const BAD_LINK: &str =
    "This reset link is invalid, expired or already used. Please request a new one.";
/// Every reset request takes at least this long, so known and unknown users look alike.
pub const REQUEST_MIN_MILLIS: u64 = 400;
/// Reset e-mails an hour per username, and requests an hour per client address. Past either, the
/// request answers as always but sends nothing, so the limit tells no one whether an account
/// exists.
pub const RESETS_PER_ACCOUNT_PER_HOUR: i32 = 3;
pub const RESETS_PER_ADDRESS_PER_HOUR: i32 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(reset_password)).routes(routes!(perform_reset_password))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequest {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 100,
        pattern = "\\S"
    )]
    pub username: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PerformResetRequest {
    #[schema(required = true, value_type = String)]
    pub token: Option<String>,
    #[schema(required = true, value_type = String)]
    pub username: Option<String>,
    #[schema(required = true, value_type = String)]
    pub password: Option<String>,
}

/// E-mails a single-use link valid for one hour to the account's address, if the account exists.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth", request_body = ResetRequest,
    responses((status = 200, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ResetRequest>,
) -> AppResult<axum::Json<MessageResponse>> {
    let username = body.username.unwrap_or_default();
    if username.trim().is_empty() {
        return Err(AppError::Validation("Username is required".into()));
    }
    accounts::check_username_length(&username)?;
    let deadline = tokio::time::Instant::now() + StdDuration::from_millis(REQUEST_MIN_MILLIS);
    let result = send_link(&state, &username, &ip).await;
    tokio::time::sleep_until(deadline).await;
    result?;
    Ok(axum::Json(MessageResponse::new(REQUEST_ANSWER)))
}

/// How long an invitation link lets a new user choose a password.
pub const INVITATION_HOURS: i64 = 72;

/// Queues the invitation to a new account: a single-use link to choose a password, valid
/// INVITATION_HOURS.
pub async fn invite(
    db: &impl ConnectionTrait,
    state: &AppState,
    user: &security_user::Model,
) -> AppResult<()> {
    let link = issue_link(db, state, user.id, INVITATION_HOURS).await?;
    let lines = vec![
        format!("Hello {},", user.first_name.as_deref().unwrap_or("there")),
        String::new(),
        format!(
            "An Appraisal Portal account was opened for you. Your username is {}.",
            user.login_id
        ),
        format!(
            "Choose your password within {INVITATION_HOURS} hours with this link (it works once):"
        ),
        link,
    ];
    delivery::email(
        db,
        &user.email,
        "Welcome to Appraisal Portal: choose your password".into(),
        lines,
    )
    .await?;
    Ok(())
}

/// Stores a single-use link (hashed) for `user_id` to choose a password within `hours`, and
/// returns the link to e-mail. Resets and staff invitations both use it.
pub async fn issue_link(
    db: &impl ConnectionTrait,
    state: &AppState,
    user_id: i32,
    hours: i64,
) -> AppResult<String> {
    let token = random_token();
    let now = Utc::now();
    password_reset_token::ActiveModel {
        id: Set(hash_token(&token)),
        user_id: Set(user_id),
        created_at: Set(now),
        expires_at: Set(now + Duration::hours(hours)),
        used_at: Set(None),
    }
    .insert(db)
    .await?;
    Ok(state.config.link(&format!("/perform-reset-password?token={token}")))
}

async fn send_link(state: &AppState, username: &str, ip: &str) -> AppResult<()> {
    let hour = Duration::hours(1);
    let for_account =
        throttle::bump(&state.db, &format!("reset-user:{}", normalize_username(username)), hour)
            .await?;
    let for_address = throttle::bump(&state.db, &format!("reset-ip:{ip}"), hour).await?;
    if for_account > RESETS_PER_ACCOUNT_PER_HOUR || for_address > RESETS_PER_ADDRESS_PER_HOUR {
        let entry = AuditEntry {
            action: "password_reset_limited",
            detail: Some(username.trim().to_string()),
            ip: Some(ip),
            ..Default::default()
        };
        audit::record(&state.db, entry).await?;
        return Ok(());
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let Some(user) = accounts::find(&txn, username).await?.filter(|u| u.active) else {
        audit::record(
            &txn,
            AuditEntry {
                action: "password_reset_unknown_user",
                detail: Some(username.trim().to_string()),
                ip: Some(ip),
                ..Default::default()
            },
        )
        .await?;
        return Ok(txn.commit().await?);
    };
    let link = issue_link(&txn, state, user.id, LINK_HOURS).await?;
    let text = format!(
        "Hello {name},\n\n\
         A password reset was requested for your Appraisal Portal account ({login}).\n\
         Open this link within {LINK_HOURS} hour to choose a new password:\n\n{link}\n\n\
         The link works once. If you did not ask for it, ignore this e-mail; \
         your password stays as it is.",
        name = user.first_name.as_deref().unwrap_or("there"),
        login = user.login_id,
    );
    let html = format!(
        "<p>Hello {name},</p>\
         <p>A password reset was requested for your Appraisal Portal account ({login}).</p>\
         <p><a href=\"{href}\">Choose a new password</a> \
         (the link works once, within {LINK_HOURS} hour).</p>\
         <p>If you did not ask for it, ignore this e-mail; your password stays as it is.</p>",
        name = html_escape(user.first_name.as_deref().unwrap_or("there")),
        login = html_escape(&user.login_id),
        href = html_escape(&link),
    );
    delivery::enqueue(
        &txn,
        Outgoing {
            channel: Channel::Email,
            recipient: user.email.clone(),
            subject: "Reset your Appraisal Portal password".into(),
            text,
            html: Some(html),
        },
    )
    .await?;
    audit::record(
        &txn,
        AuditEntry {
            action: "password_reset_requested",
            subject: Some(user.id),
            ip: Some(ip),
            ..Default::default()
        },
    )
    .await?;
    Ok(txn.commit().await?)
}

/// Sets the new password when the link's token is live and belongs to the username given;
/// the token is spent and every session of the user is ended.
#[utoipa::path(
    post,
    path = "/api/auth/perform-reset-password",
    tag = "auth",
    request_body = PerformResetRequest,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn perform_reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<PerformResetRequest>,
) -> AppResult<axum::Json<MessageResponse>> {
    let token = body.token.unwrap_or_default();
    let username = body.username.unwrap_or_default();
    let new_password = body.password.unwrap_or_default();
    if token.trim().is_empty() {
        return Err(AppError::BadRequest(
            "Invalid or missing reset token, resend email link or contact I.T.".into(),
        ));
    }
    if username.trim().is_empty() {
        return Err(AppError::Validation("Username is required".into()));
    }
    password::check_rules(&new_password)?;
    let new_hash = password::hash_blocking(new_password).await?;

    let txn = portal_db::begin_write(&state.db).await?;
    let row = password_reset_token::Entity::find_by_id(hash_token(token.trim())).one(&txn).await?;
    let user = match &row {
        Some(r) if r.used_at.is_none() && r.expires_at > Utc::now() => {
            security_user::Entity::find_by_id(r.user_id).one(&txn).await?
        }
        _ => None,
    };
    let Some(user) =
        user.filter(|u| u.login_id == crate::platform::names::normalize_username(&username))
    else {
        audit::record(
            &txn,
            AuditEntry {
                action: "password_reset_refused",
                detail: Some(username.trim().to_string()),
                ip: Some(&ip),
                ..Default::default()
            },
        )
        .await?;
        txn.commit().await?;
        return Err(AppError::BadRequest(BAD_LINK.into()));
    };
    let mut spent = row.expect("matched above").into_active_model();
    spent.used_at = Set(Some(Utc::now()));
    spent.update(&txn).await?;
    let user_id = user.id;
    let mut account = user.into_active_model();
    account.password_hash = Set(new_hash);
    account.update(&txn).await?;
    session::password_changed(&txn, &state.live.sessions, user_id, None).await?;
    audit::record(
        &txn,
        AuditEntry {
            action: "password_reset",
            actor: Some(user_id),
            subject: Some(user_id),
            ip: Some(&ip),
            ..Default::default()
        },
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(RESET_DONE)))
}
