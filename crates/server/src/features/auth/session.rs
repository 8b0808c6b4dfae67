//! Server-side sessions kept in the database, so any copy of the server can serve any request.
use axum::extract::{Request, State};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::{Duration, Utc};
use portal_db::entities::{password_reset_token, security_user, session, trusted_device};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, ExprTrait, QueryFilter,
    Set,
};

use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::AppError;
use crate::platform::live;
use crate::platform::roles::{Area, UserType};
use crate::platform::session_cache::SessionCache;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

pub const SESSION_COOKIE: &str = "portal_session";
pub const XSRF_COOKIE: &str = "XSRF-TOKEN";
pub const XSRF_HEADER: &str = "x-xsrf-token";
/// A session's last-seen time is written at most this often, not on every request.
const TOUCH_EVERY_SECONDS: i64 = 60;

/// Reads one cookie from the request headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
        .filter(|v| !v.is_empty())
}

/// A new session row; answers the cookie value (only its hash is stored) and the CSRF token.
pub async fn create(
    db: &impl ConnectionTrait,
    state: &AppState,
    user_id: i32,
    acting_user_id: Option<i32>,
) -> Result<(String, String), AppError> {
    let token = random_token();
    let csrf = random_token();
    let now = Utc::now();
    session::ActiveModel {
        id: Set(hash_token(&token)),
        user_id: Set(user_id),
        acting_user_id: Set(acting_user_id),
        csrf_token: Set(csrf.clone()),
        created_at: Set(now),
        last_seen_at: Set(now),
        expires_at: Set(now + Duration::hours(state.config.session_max_hours)),
    }
    .insert(db)
    .await?;
    Ok((token, csrf))
}

/// Ends every session of a user (password change or reset, deactivation), with the back-door
/// sessions the user opened as someone else, except optionally one.
pub async fn end_all_for_user(
    db: &impl ConnectionTrait,
    sessions: &SessionCache,
    user_id: i32,
    except: Option<&str>,
) -> Result<(), AppError> {
    let mut delete = session::Entity::delete_many()
        .filter(session::Column::UserId.eq(user_id).or(session::Column::ActingUserId.eq(user_id)));
    if let Some(keep) = except {
        delete = delete.filter(session::Column::Id.ne(keep));
    }
    delete.exec(db).await?;
    user_changed(db, sessions, user_id).await
}

/// Tells every copy's session cache, this one's at once, that the user's sessions ended or their
/// record changed.
pub async fn user_changed(
    db: &impl ConnectionTrait,
    sessions: &SessionCache,
    user_id: i32,
) -> Result<(), AppError> {
    live::user_changed(db, user_id).await?;
    sessions.forget_user(user_id);
    Ok(())
}

/// A new password makes every older proof of identity void: the user's sessions (but `keep`) and
/// the back-door sessions they opened, the browsers they verified, and unused reset links.
pub async fn password_changed(
    db: &impl ConnectionTrait,
    sessions: &SessionCache,
    user_id: i32,
    keep: Option<&str>,
) -> Result<(), AppError> {
    end_all_for_user(db, sessions, user_id, keep).await?;
    trusted_device::Entity::delete_many()
        .filter(trusted_device::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    password_reset_token::Entity::delete_many()
        .filter(password_reset_token::Column::UserId.eq(user_id))
        .filter(password_reset_token::Column::UsedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}

/// Signing out: ends the session and, unless it is a back-door session itself, the back-door
/// sessions the user opened elsewhere.
pub async fn sign_out(
    db: &impl ConnectionTrait,
    sessions: &SessionCache,
    user: &CurrentUser,
) -> Result<(), AppError> {
    let mut ended = Condition::any().add(session::Column::Id.eq(user.session_id.as_str()));
    if user.acting_user_id.is_none() {
        ended = ended.add(session::Column::ActingUserId.eq(user.id()));
    }
    session::Entity::delete_many().filter(ended).exec(db).await?;
    user_changed(db, sessions, user.id()).await
}

pub fn cookie_header(
    name: &str,
    value: &str,
    http_only: bool,
    secure: bool,
    clear: bool,
) -> HeaderValue {
    let mut c = format!("{name}={value}; Path=/; SameSite=Lax");
    if http_only {
        c.push_str("; HttpOnly");
    }
    if secure {
        c.push_str("; Secure");
    }
    if clear {
        c.push_str("; Max-Age=0");
    }
    HeaderValue::from_str(&c).expect("cookie is ASCII")
}

/// Set-Cookie headers for a new session and its CSRF token.
pub fn set_session_cookies(headers: &mut HeaderMap, token: &str, csrf: &str, secure: bool) {
    headers.append(SET_COOKIE, cookie_header(SESSION_COOKIE, token, true, secure, false));
    set_xsrf_cookie(headers, csrf, secure);
}

pub fn set_xsrf_cookie(headers: &mut HeaderMap, csrf: &str, secure: bool) {
    headers.append(SET_COOKIE, cookie_header(XSRF_COOKIE, csrf, false, secure, false));
}

pub fn clear_session_cookies(headers: &mut HeaderMap, secure: bool) {
    headers.append(SET_COOKIE, cookie_header(SESSION_COOKIE, "", true, secure, true));
    headers.append(SET_COOKIE, cookie_header(XSRF_COOKIE, "", false, secure, true));
}

/// Middleware: finds the caller's live session and puts a `CurrentUser` in the request.
/// An expired session is deleted and the request goes on as anonymous.
pub async fn load_session(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if !req.uri().path().starts_with("/api/") {
        return next.run(req).await;
    }
    let Some(token) = cookie(req.headers(), SESSION_COOKIE) else {
        return next.run(req).await;
    };
    match find_live(&state, &hash_token(token)).await {
        Ok(Some(current)) => {
            req.extensions_mut().insert(current);
        }
        Ok(None) => {}
        Err(e) => return e.into_response(),
    }
    next.run(req).await
}

async fn find_live(state: &AppState, id: &str) -> Result<Option<CurrentUser>, AppError> {
    if let Some(caller) = state.live.sessions.get(id) {
        return Ok(Some(caller));
    }
    let db = &state.db;
    let Some((row, Some(user))) =
        session::Entity::find_by_id(id).find_also_related(security_user::Entity).one(db).await?
    else {
        return Ok(None);
    };
    let now = Utc::now();
    let idle_limit = row.last_seen_at + Duration::minutes(state.config.session_idle_minutes);
    if now >= row.expires_at
        || now >= idle_limit
        || !user.active
        || !acting_user_may_act(db, row.acting_user_id).await?
    {
        session::Entity::delete_by_id(id).exec(db).await?;
        return Ok(None);
    }
    if (now - row.last_seen_at).num_seconds() >= TOUCH_EVERY_SECONDS {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, sea_orm::sea_query::Expr::value(now))
            .filter(session::Column::Id.eq(id))
            .exec(db)
            .await?;
    }
    let caller = CurrentUser {
        session_id: row.id,
        csrf_token: row.csrf_token,
        user_type: user.user_type,
        acting_user_id: row.acting_user_id,
        user,
    };
    state.live.sessions.keep(&caller, row.expires_at);
    Ok(Some(caller))
}

/// A back-door session lives only while the secret administrator behind it is an active SECRET.
async fn acting_user_may_act(
    db: &impl ConnectionTrait,
    acting_user_id: Option<i32>,
) -> Result<bool, AppError> {
    let Some(id) = acting_user_id else { return Ok(true) };
    let actor = security_user::Entity::find_by_id(id).one(db).await?;
    Ok(actor.is_some_and(|a| a.active && a.user_type == UserType::Secret))
}

/// Route layer: the caller must be signed in (401) with a role the area allows (403).
pub async fn require_area(area: Area, req: Request, next: Next) -> Response {
    match req.extensions().get::<CurrentUser>() {
        None => AppError::unauthorized().into_response(),
        Some(user) if !area.allows(user.user_type) => AppError::forbidden().into_response(),
        Some(_) => next.run(req).await,
    }
}

/// Ends one session of `user_id`.
pub async fn end(
    db: &impl ConnectionTrait,
    sessions: &SessionCache,
    user_id: i32,
    session_id: &str,
) -> Result<(), AppError> {
    session::Entity::delete_by_id(session_id).exec(db).await?;
    user_changed(db, sessions, user_id).await
}
