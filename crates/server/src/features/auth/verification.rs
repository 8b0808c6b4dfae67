//! Second-factor verification at sign-in: required for staff and the secret administrator
//! always, and for everyone else on a browser that has not passed it in the last 30 days.
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use chrono::{Duration, Utc};
use portal_db::entities::{security_user, trusted_device, verification_token};
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter,
    QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use subtle::ConstantTimeEq;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::session;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::delivery::{self, Channel, Outgoing};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::AppResult;
use crate::platform::http::extract::Json;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

pub const DEVICE_COOKIE: &str = "portal_device";
pub const DEVICE_TRUST_DAYS: i64 = 30;
pub const TOKEN_MINUTES: i64 = 30;
pub const CODE_MINUTES: i64 = 10;
pub const MAX_TRIES: i32 = 5;
pub const MAX_SENDS: i32 = 5;
pub const RESEND_AFTER_SECONDS: i64 = 30;

pub const INVALID_TOKEN: &str = "Invalid token";
pub const CODE_SENT: &str = "Verification code sent successfully";
pub const SEND_FAILED: &str = "Failed to send verification code";
pub const VERIFIED: &str = "Verification successful";
pub const VERIFY_FAILED: &str = "Verification failed";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(send_code)).routes(routes!(verify_code))
}

/// Does this sign-in need a second factor?
pub async fn required(
    db: &impl ConnectionTrait,
    user: &security_user::Model,
    headers: &HeaderMap,
) -> AppResult<bool> {
    if matches!(user.user_type, UserType::Staff | UserType::Secret) {
        return Ok(true);
    }
    let Some(device) = session::cookie(headers, DEVICE_COOKIE) else { return Ok(true) };
    let trusted = trusted_device::Entity::find_by_id(hash_token(device))
        .filter(trusted_device::Column::UserId.eq(user.id))
        .filter(
            trusted_device::Column::VerifiedAt.gt(Utc::now() - Duration::days(DEVICE_TRUST_DAYS)),
        )
        .one(db)
        .await?;
    Ok(trusted.is_none())
}

/// Starts a verification; answers the token the client carries to the verification page.
pub async fn start(db: &impl ConnectionTrait, user_id: i32) -> AppResult<String> {
    let token = random_token();
    let now = Utc::now();
    verification_token::ActiveModel {
        id: Set(hash_token(&token)),
        user_id: Set(user_id),
        created_at: Set(now),
        expires_at: Set(now + Duration::minutes(TOKEN_MINUTES)),
        method: Set(None),
        destination: Set(None),
        code_hash: Set(None),
        code_expires_at: Set(None),
        attempts: Set(0),
        sends: Set(0),
        last_sent_at: Set(None),
        used_at: Set(None),
    }
    .insert(db)
    .await?;
    Ok(token)
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct VerificationAnswer {
    pub ok: bool,
    pub message: String,
}

fn answer(ok: bool, message: impl Into<String>) -> axum::Json<VerificationAnswer> {
    axum::Json(VerificationAnswer { ok, message: message.into() })
}

/// The token and code are not required by the document: a missing one is answered like an unknown
/// one, 200 with `ok: false`, as the sign-in page expects.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendCodeRequest {
    pub token: Option<String>,
    pub email_address: Option<String>,
    pub phone_number: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyCodeRequest {
    pub token: Option<String>,
    pub code: Option<String>,
}

/// The live token behind what the client sent, if any, locked for the rest of the transaction:
/// parallel tries and sends for one token queue up behind each other, so each counts (its
/// attempt and send counters are written from what it read). SQLite's write transaction already
/// holds the whole database.
async fn live_token(
    db: &impl ConnectionTrait,
    token: Option<&str>,
) -> AppResult<Option<verification_token::Model>> {
    let Some(token) = token.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    let row =
        verification_token::Entity::find_by_id(hash_token(token)).lock_exclusive().one(db).await?;
    Ok(row.filter(|r| r.used_at.is_none() && r.expires_at > Utc::now() && r.attempts < MAX_TRIES))
}

fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

/// The last 10 digits of a US number, so "+1 (512) 555-0100" and "512-555-0100" agree.
fn us_phone(s: &str) -> String {
    let d = digits(s);
    d[d.len().saturating_sub(10)..].to_string()
}

fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000))
}

/// Sends a 6-digit code to the user's own e-mail address or cell phone (the one entered must
/// match the account's). Codes live 10 minutes; resending is limited.
#[utoipa::path(post, path = "/api/auth/send-code", tag = "auth", request_body = SendCodeRequest,
    responses((status = 200, body = VerificationAnswer)))]
async fn send_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<SendCodeRequest>,
) -> AppResult<axum::Json<VerificationAnswer>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let Some(token) = live_token(&txn, body.token.as_deref()).await? else {
        return Ok(answer(false, INVALID_TOKEN));
    };
    let Some(user) = security_user::Entity::find_by_id(token.user_id).one(&txn).await? else {
        return Ok(answer(false, INVALID_TOKEN));
    };
    let now = Utc::now();
    if token.sends >= MAX_SENDS {
        return Ok(answer(false, "Too many codes were requested. Please sign in again."));
    }
    if let Some(last) = token.last_sent_at {
        let wait = RESEND_AFTER_SECONDS - (now - last).num_seconds();
        if wait > 0 {
            return Ok(answer(
                false,
                format!("Please wait {wait} seconds before requesting another code."),
            ));
        }
    }
    let (method, destination, channel) =
        match (body.email_address.as_deref().map(str::trim), body.phone_number.as_deref()) {
            (Some(email), _) if !email.is_empty() => {
                if !email.eq_ignore_ascii_case(user.email.trim()) {
                    return Ok(answer(false, "That e-mail address does not match our records."));
                }
                ("email", user.email.clone(), Channel::Email)
            }
            (_, Some(phone)) if digits(phone).len() >= 10 => {
                let on_file = user.cell_phone.as_deref().map(us_phone).unwrap_or_default();
                if on_file.is_empty() || us_phone(phone) != on_file {
                    return Ok(answer(false, "That phone number does not match our records."));
                }
                ("phone", on_file, Channel::Sms)
            }
            (_, Some(_)) => return Ok(answer(false, "Please enter your phone number")),
            _ => return Ok(answer(false, "Please enter your email address")),
        };
    let code = new_code();
    let text = format!(
        "Your Appraisal Portal verification code is {code}. \
         It expires in {CODE_MINUTES} minutes. If you did not try to sign in, contact support."
    );
    delivery::enqueue(
        &txn,
        Outgoing {
            channel,
            recipient: if channel == Channel::Sms {
                format!("+1{destination}")
            } else {
                destination.clone()
            },
            subject: "Your Appraisal Portal verification code".into(),
            html: (channel == Channel::Email)
                .then(|| format!("<p>{}</p>", delivery::html_escape(&text))),
            text,
        },
    )
    .await?;
    let sends = token.sends + 1;
    let mut row = token.into_active_model();
    row.method = Set(Some(method.into()));
    row.destination = Set(Some(destination));
    row.code_hash = Set(Some(hash_token(&code)));
    row.code_expires_at = Set(Some(now + Duration::minutes(CODE_MINUTES)));
    row.sends = Set(sends);
    row.last_sent_at = Set(Some(now));
    row.update(&txn).await?;
    audit::record(
        &txn,
        AuditEntry {
            action: "verification_code_sent",
            subject: Some(user.id),
            detail: Some(method.into()),
            ip: Some(&ip),
            ..Default::default()
        },
    )
    .await?;
    txn.commit().await?;
    Ok(answer(true, CODE_SENT))
}

/// Checks a code. The fifth wrong try kills the token. Success turns the token into a new
/// session and marks this browser as verified for 30 days.
#[utoipa::path(post, path = "/api/auth/verify-code", tag = "auth", request_body = VerifyCodeRequest,
    responses((status = 200, body = VerificationAnswer)))]
async fn verify_code(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    previous: Option<crate::platform::current_user::CurrentUser>,
    Json(body): Json<VerifyCodeRequest>,
) -> AppResult<impl IntoResponse> {
    let code = body.code.unwrap_or_default();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Ok((
            HeaderMap::new(),
            answer(false, "Please enter a valid 6-digit verification code"),
        ));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let Some(token) = live_token(&txn, body.token.as_deref()).await? else {
        return Ok((HeaderMap::new(), answer(false, INVALID_TOKEN)));
    };
    let now = Utc::now();
    let code_live = token.code_expires_at.is_some_and(|t| t > now);
    let matches = token
        .code_hash
        .as_deref()
        .is_some_and(|h| bool::from(h.as_bytes().ct_eq(hash_token(&code).as_bytes())));
    let user_id = token.user_id;
    if !(code_live && matches) {
        let attempts = token.attempts + 1;
        let mut row = token.into_active_model();
        row.attempts = Set(attempts);
        row.update(&txn).await?;
        audit::record(
            &txn,
            AuditEntry {
                action: "verification_failed",
                subject: Some(user_id),
                ip: Some(&ip),
                ..Default::default()
            },
        )
        .await?;
        txn.commit().await?;
        let message = if attempts >= MAX_TRIES {
            "Too many wrong codes. Please sign in again.".to_string()
        } else if !code_live && matches {
            "The code has expired. Please request a new one.".to_string()
        } else {
            VERIFY_FAILED.to_string()
        };
        return Ok((HeaderMap::new(), answer(false, message)));
    }
    let mut row = token.into_active_model();
    row.used_at = Set(Some(now));
    row.update(&txn).await?;
    if let Some(previous) = previous {
        session::end(&txn, &state.live.sessions, previous.id(), &previous.session_id).await?;
    }
    let (session_token, csrf) = session::create(&txn, &state, user_id, None).await?;
    let device = random_token();
    trusted_device::ActiveModel {
        id: Set(hash_token(&device)),
        user_id: Set(user_id),
        verified_at: Set(now),
    }
    .insert(&txn)
    .await?;
    audit::record(
        &txn,
        AuditEntry {
            action: "login",
            actor: Some(user_id),
            subject: Some(user_id),
            detail: Some("verified".into()),
            ip: Some(&ip),
        },
    )
    .await?;
    txn.commit().await?;

    let mut headers = HeaderMap::new();
    session::set_session_cookies(&mut headers, &session_token, &csrf, state.config.cookie_secure);
    headers
        .append(axum::http::header::SET_COOKIE, device_cookie(&device, state.config.cookie_secure));
    Ok((headers, answer(true, VERIFIED)))
}

fn device_cookie(token: &str, secure: bool) -> axum::http::HeaderValue {
    let max_age = DEVICE_TRUST_DAYS * 24 * 3600;
    let secure = if secure { "; Secure" } else { "" };
    axum::http::HeaderValue::from_str(&format!(
        "{DEVICE_COOKIE}={token}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
    ))
    .expect("cookie is ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..200 {
            let c = new_code();
            assert_eq!(c.len(), 6);
            assert!(c.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn phones_compare_by_their_last_ten_digits() {
        assert_eq!(us_phone("+1 (512) 555-0100"), "5125550100");
        assert_eq!(us_phone("512-555-0100"), "5125550100");
    }
}
