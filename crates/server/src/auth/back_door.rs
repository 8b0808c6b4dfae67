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
use super::session::{self, CurrentUser};
use crate::app::AppState;
use crate::audit::{self, AuditEntry};
use crate::http::client_ip::ClientIp;
use crate::http::error::{AppError, AppResult, MessageResponse};
use crate::http::extract::Json;
use crate::roles::UserType;
use crate::users::accounts;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(back_door))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BackDoorRequest {
    pub username: String,
}

/// Signs the secret administrator in as an appraiser or appraiser administrator.
#[utoipa::path(post, path = "/api/auth/back-door", tag = "auth", request_body = BackDoorRequest,
    responses((status = 200, body = LoggedInUser), (status = 403, body = MessageResponse), (status = 404, body = MessageResponse)))]
async fn back_door(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: CurrentUser,
    Json(body): Json<BackDoorRequest>,
) -> AppResult<impl IntoResponse> {
    let db = &state.db;
    // Only a secret administrator's own session may start one (not one already acting as someone).
    if !caller.is(UserType::Secret) || caller.acting_user_id.is_some() {
        return Err(AppError::forbidden());
    }
    let target = accounts::find(db, &body.username).await?.filter(|u| u.active);
    let refused = match &target {
        None => Some(AppError::NotFound("No appraiser account has that username".into())),
        Some(u) if !UserType::from_number(u.user_type).is_some_and(UserType::is_appraiser_kind) => {
            Some(AppError::Forbidden("Only appraiser and appraiser administrator accounts can be entered".into()))
        }
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
    session::end(db, &caller.session_id).await?;
    let (token, csrf) = session::create(db, &state, target.id, Some(caller.id())).await?;
    let entry = AuditEntry { action: "back_door_login", actor: Some(caller.id()), subject: Some(target.id), ip: Some(&ip), detail: None };
    audit::record(db, entry).await?;
    let mut headers = HeaderMap::new();
    session::set_session_cookies(&mut headers, &token, &csrf, state.config.cookie_secure);
    Ok((headers, axum::Json(LoggedInUser::from(&target))))
}

/// Middleware: in a back-door session, every API call is written to the audit log with the
/// acting secret administrator and the appraiser whose session it is.
pub async fn audit_acting_calls(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let acting = req.extensions().get::<CurrentUser>().and_then(|u| u.acting_user_id.map(|a| (a, u.id())));
    let Some((actor, subject)) = acting else {
        return next.run(req).await;
    };
    let detail = format!("{} {}", req.method(), req.uri().path());
    let response = next.run(req).await;
    let entry = AuditEntry {
        action: "acting_call",
        actor: Some(actor),
        subject: Some(subject),
        detail: Some(format!("{detail} -> {}", response.status().as_u16())),
        ip: None,
    };
    if let Err(e) = audit::record(&state.db, entry).await {
        return e.into_response();
    }
    response
}
