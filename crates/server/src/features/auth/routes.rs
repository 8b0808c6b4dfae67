//! /api/auth: CSRF token, sign-in, the current user, sign-out.
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use portal_db::entities::security_user;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session;
use super::{throttle, verification};
use crate::kernel::users::accounts;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::current_user::CurrentUser;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::normalize_username;
use crate::platform::password;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub const LOGIN_FAILED: &str = "Login failed. Please check your credentials.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(csrf))
        .routes(routes!(login))
        .routes(routes!(logged_in))
        .routes(routes!(session_state))
        .routes(routes!(logout))
}

/// The signed-in user as the web app keeps it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoggedInUser {
    pub security_user_id: i32,
    pub user_type: UserType,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

impl LoggedInUser {
    pub fn new(u: &security_user::Model, user_type: UserType) -> Self {
        LoggedInUser {
            security_user_id: u.id,
            user_type,
            first_name: u.first_name.clone(),
            last_name: u.last_name.clone(),
        }
    }
}

/// A sign-in that must pass verification first answers this instead of a session.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationRequired {
    pub verification_token: String,
}

/// The answer of a successful password check: the user (signed in), or a verification token.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum LoginResponse {
    User(LoggedInUser),
    Verification(VerificationRequired),
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CsrfToken {
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    pub username: String,
    pub password: String,
}

/// The CSRF token to send as X-XSRF-TOKEN; also set as the XSRF-TOKEN cookie.
#[utoipa::path(
    get,
    path = "/api/auth/csrf",
    tag = "auth",
    responses((status = 200, body = CsrfToken)),
)]
async fn csrf(State(state): State<AppState>, user: Option<CurrentUser>) -> impl IntoResponse {
    let token = user.map(|u| u.csrf_token).unwrap_or_else(crate::platform::tokens::random_token);
    let mut headers = HeaderMap::new();
    session::set_xsrf_cookie(&mut headers, &token, state.config.cookie_secure);
    (headers, axum::Json(CsrfToken { token }))
}

/// Signs in. A new session id is issued every time (no fixation); the old one is ended.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 401, body = MessageResponse),
              (status = 422, body = MessageResponse), (status = 429, body = MessageResponse)))]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    previous: Option<CurrentUser>,
    request_headers: HeaderMap,
    Json(body): Json<LoginRequest>,
) -> AppResult<impl IntoResponse> {
    let username = normalize_username(&body.username);
    if username.is_empty() || body.password.is_empty() {
        return Err(AppError::Validation("Username and password are required".into()));
    }
    accounts::check_username_length(&username)?;
    if body.password.len() > password::MAX_PASSWORD_BYTES {
        return Err(AppError::Unauthorized(LOGIN_FAILED.into()));
    }
    let db = &state.db;
    let keys = throttle::ThrottleKeys::new(&username, &ip);
    if let Err(e) = throttle::count_attempt(db, &state.config, &keys).await {
        let entry = AuditEntry {
            action: "login_throttled",
            detail: Some(username),
            ip: Some(&ip),
            ..Default::default()
        };
        audit::record(db, entry).await?;
        return Err(e);
    }

    let user = security_user::Entity::find()
        .filter(security_user::Column::LoginId.eq(&username))
        .one(db)
        .await?;
    // Unknown users are checked against a dummy hash so they take as long as wrong passwords.
    let stored_hash =
        user.as_ref().map_or_else(|| state.dummy_hash.to_string(), |u| u.password_hash.clone());
    let password_ok = password::verify_blocking(body.password, stored_hash).await;
    let user = match user {
        Some(u) if password_ok && u.active => u,
        other => {
            metrics::counter!(crate::platform::http::metrics::FAILED_SIGN_INS).increment(1);
            let subject = other.map(|u| u.id);
            let entry = AuditEntry {
                action: "login_failed",
                subject,
                detail: Some(username),
                ip: Some(&ip),
                ..Default::default()
            };
            audit::record(db, entry).await?;
            return Err(AppError::Unauthorized(LOGIN_FAILED.into()));
        }
    };

    let user_type = user.user_type;
    throttle::attempt_succeeded(db, &keys).await?;
    if verification::required(db, &user, &request_headers).await? {
        let verification_token = verification::start(db, user.id).await?;
        let entry = AuditEntry {
            action: "login_verification_started",
            subject: Some(user.id),
            ip: Some(&ip),
            ..Default::default()
        };
        audit::record(db, entry).await?;
        let body = LoginResponse::Verification(VerificationRequired { verification_token });
        return Ok((HeaderMap::new(), axum::Json(body)));
    }
    if let Some(previous) = previous {
        session::end(db, &state.live.sessions, previous.id(), &previous.session_id).await?;
    }
    let (token, csrf) = session::create(db, &state, user.id, None).await?;
    let entry = AuditEntry {
        action: "login",
        actor: Some(user.id),
        subject: Some(user.id),
        ip: Some(&ip),
        ..Default::default()
    };
    audit::record(db, entry).await?;

    let mut headers = HeaderMap::new();
    session::set_session_cookies(&mut headers, &token, &csrf, state.config.cookie_secure);
    Ok((headers, axum::Json(LoginResponse::User(LoggedInUser::new(&user, user_type)))))
}

/// The signed-in user, or 401.
#[utoipa::path(get, path = "/api/auth/logged-in", tag = "auth",
    responses((status = 200, body = LoggedInUser), (status = 401, body = MessageResponse)))]
async fn logged_in(user: CurrentUser) -> axum::Json<LoggedInUser> {
    axum::Json(LoggedInUser::new(&user.user, user.user_type))
}

/// Who is signed in, as an ordinary answer: `user` is null for a visitor who is not.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionState {
    pub user: Option<LoggedInUser>,
}

/// The signed-in user or null: what the web app asks when it opens, so that a signed-out
/// visitor's sign-in page logs no error.
#[utoipa::path(
    get,
    path = "/api/auth/session",
    tag = "auth",
    responses((status = 200, body = SessionState)),
)]
async fn session_state(user: Option<CurrentUser>) -> axum::Json<SessionState> {
    let user = user.map(|u| LoggedInUser::new(&u.user, u.user_type));
    axum::Json(SessionState { user })
}

/// Ends the session on the server and clears the cookies. Signing out twice is harmless.
#[utoipa::path(
    post,
    path = "/api/auth/logout",
    tag = "auth",
    responses((status = 200, body = MessageResponse)),
)]
async fn logout(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: Option<CurrentUser>,
) -> AppResult<impl IntoResponse> {
    if let Some(user) = user {
        session::sign_out(&state.db, &state.live.sessions, &user).await?;
        let entry = AuditEntry {
            action: "logout",
            actor: Some(user.acting_user_id.unwrap_or(user.id())),
            subject: Some(user.id()),
            ip: Some(&ip),
            ..Default::default()
        };
        audit::record(&state.db, entry).await?;
    }
    let mut headers = HeaderMap::new();
    session::clear_session_cookies(&mut headers, state.config.cookie_secure);
    Ok((headers, axum::Json(MessageResponse::new("Logged out successfully"))))
}
