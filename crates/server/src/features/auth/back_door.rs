//! The secret administrator's back-door sign-in: a session as an appraiser that records who is
//! really acting. Every call made in such a session is audited with both identities.
use axum::extract::{Request, State};
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::routes::LoggedInUser;
use super::session;
use crate::kernel::users::accounts;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::call::Call;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(back_door))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BackDoorRequest {
    pub username: String,
}

/// Signs the secret administrator in as an appraiser or appraiser administrator.
#[utoipa::path(
    post,
    path = "/api/auth/back-door",
    tag = "auth",
    request_body = BackDoorRequest,
    responses(
        (status = 200, body = LoggedInUser),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn back_door(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(body): Json<BackDoorRequest>,
) -> AppResult<impl IntoResponse> {
    let db = &state.db;
    // Only a secret administrator's own session may start one (not one already acting as someone).
    if !caller.is(UserType::Secret) || caller.acting_user_id.is_some() {
        return Err(AppError::forbidden());
    }
    accounts::check_username_length(&body.username)?;
    let target = accounts::find(db, &body.username).await?.filter(|u| u.active);
    let refused = match &target {
        None => Some(AppError::NotFound("No appraiser account has that username".into())),
        Some(u) if !u.user_type.is_appraiser_kind() => Some(AppError::Forbidden(
            "Only appraiser and appraiser administrator accounts can be entered".into(),
        )),
        Some(_) => None,
    };
    if let Some(error) = refused {
        let entry = AuditEntry {
            action: "back_door_refused",
            actor: Some(caller.id()),
            subject: target.map(|u| u.id),
            detail: Some(body.username.trim().to_string()),
            ip: Some(&ip),
        };
        audit::record(db, entry).await?;
        return Err(error);
    }
    let target = target.expect("checked above");
    session::end(db, &state.live.sessions, caller.id(), &caller.session_id).await?;
    let (token, csrf) = session::create(db, &state, target.id, Some(caller.id())).await?;
    let entry = AuditEntry {
        action: "back_door_login",
        actor: Some(caller.id()),
        subject: Some(target.id),
        ip: Some(&ip),
        detail: None,
    };
    audit::record(db, entry).await?;
    let mut headers = HeaderMap::new();
    session::set_session_cookies(&mut headers, &token, &csrf, state.config.cookie_secure);
    Ok((headers, axum::Json(LoggedInUser::new(&target, target.user_type))))
}

/// Middleware: in a back-door session, every API call is written to the audit log with the
/// acting secret administrator, the appraiser whose session it is and the address. The row is
/// written before the call runs (a call that cannot be audited does not run, so no change is ever
/// left unaudited) and completed with the answer's status afterwards.
pub async fn audit_acting_calls(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    req: Request,
    next: Next,
) -> Response {
    let acting =
        req.extensions().get::<CurrentUser>().and_then(|u| u.acting_user_id.map(|a| (a, u.id())));
    let Some((actor, subject)) = acting else {
        return next.run(req).await;
    };
    let call = format!("{} {}", req.method(), req.uri().path());
    let entry = AuditEntry {
        action: "acting_call",
        actor: Some(actor),
        subject: Some(subject),
        detail: Some(call.clone()),
        ip: Some(&ip),
    };
    let row = match audit::record(&state.db, entry).await {
        Ok(id) => id,
        Err(e) => return e.into_response(),
    };
    let response = next.run(req).await;
    let detail = format!("{call} -> {}", response.status().as_u16());
    if let Err(e) = audit::complete(&state.db, row, detail).await {
        return e.into_response();
    }
    response
}
