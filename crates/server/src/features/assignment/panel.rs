//! A fair panel: staff suspend an appraiser only with a written reason, and reinstate them; the
//! appraiser is told the reason by e-mail and may answer it in the portal. Every step is a line of
//! the appraiser's panel history, which staff and that appraiser read. A suspended appraiser is
//! offered and assigned no work (`staff::candidates`).
use chrono::{DateTime, Utc};
use portal_db::entities::{appraiser_profile, panel_event, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::profile::appraiser_of;
use crate::platform::audit::audit_staff;
use crate::platform::call::CallOn;
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::{optional_text, required_text};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{
    AppError, AppResult, ChangeWithInputAnswers, MessageResponse, ReadAnswers,
};
use crate::platform::http::extract::Json;
use crate::platform::names::{full_name, full_names};
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub const MSG_REASON_REQUIRED: &str = "Please enter a reason.";
pub const MSG_ANSWER_REQUIRED: &str = "Please enter your answer.";

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(suspend)).routes(routes!(reinstate))
}

pub fn appraiser_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(panel_history)).routes(routes!(answer))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelReason {
    /// Why (required to suspend; optional to reinstate).
    #[schema(max_length = 4000)]
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelAnswer {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub text: Option<String>,
}

/// One line of the panel history, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelEvent {
    pub id: i64,
    /// suspended, reinstated or answer.
    pub kind: String,
    pub text: String,
    /// Who wrote it (staff, or the appraiser for an answer).
    pub by: Option<String>,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelHistory {
    pub suspended: bool,
    pub suspended_at: Option<DateTime<Utc>>,
    pub suspension_reason: Option<String>,
    pub events: Vec<PanelEvent>,
}

async fn add_event(
    db: &impl ConnectionTrait,
    appraiser_id: i32,
    kind: &str,
    text: String,
    by: i32,
) -> AppResult<()> {
    panel_event::Entity::insert(panel_event::ActiveModel {
        appraiser_id: Set(appraiser_id),
        kind: Set(kind.into()),
        text: Set(text),
        by_user_id: Set(Some(by)),
        at: Set(Utc::now()),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// Sets or clears the suspension; 409 when the appraiser already stands that way.
async fn set_suspended(
    db: &impl ConnectionTrait,
    profile: &appraiser_profile::Model,
    user: &security_user::Model,
    reason: Option<&str>,
) -> AppResult<()> {
    let suspend = reason.is_some();
    let now = suspend.then(Utc::now);
    let changed = appraiser_profile::Entity::update_many()
        .col_expr(appraiser_profile::Column::SuspendedAt, Expr::value(now))
        .col_expr(appraiser_profile::Column::SuspensionReason, Expr::value(reason))
        .filter(appraiser_profile::Column::Id.eq(profile.id))
        .filter(if suspend {
            appraiser_profile::Column::SuspendedAt.is_null()
        } else {
            appraiser_profile::Column::SuspendedAt.is_not_null()
        })
        .exec(db)
        .await?;
    if changed.rows_affected != 1 {
        let already = if suspend { "suspended" } else { "on the panel" };
        return Err(AppError::Conflict(format!("{} is already {already}.", full_name(user))));
    }
    Ok(())
}

fn history_link(state: &AppState) -> String {
    state.config.link("/profile?tab=panel")
}

/// A change of the appraiser's standing on the panel: suspended with a reason, or reinstated.
enum Step {
    Suspend(String),
    Reinstate(Option<String>),
}

/// Applies the step in one transaction: the standing, the history line, the audit row and the
/// appraiser's e-mail. Answers what happened.
async fn change_standing(
    state: &AppState,
    caller: &CurrentUser,
    ip: &str,
    id: i32,
    step: Step,
) -> AppResult<axum::Json<MessageResponse>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let (profile, user) = appraiser_of(&txn, id).await?;
    let (kind, text, subject, lines) = match step {
        Step::Suspend(reason) => {
            set_suspended(&txn, &profile, &user, Some(&reason)).await?;
            let lines = vec![
                "You have been suspended from the appraiser panel: \
                 no new work will be offered to you."
                    .to_string(),
                format!("Reason: {reason}"),
                format!("You can answer in the portal: {}", history_link(state)),
            ];
            ("suspended", reason, "Suspended from the panel", lines)
        }
        Step::Reinstate(note) => {
            set_suspended(&txn, &profile, &user, None).await?;
            let text = note.unwrap_or_else(|| "Reinstated.".into());
            let lines = vec![
                "You have been reinstated on the appraiser panel: work can be offered to you again."
                    .to_string(),
                text.clone(),
            ];
            ("reinstated", text, "Reinstated on the panel", lines)
        }
    };
    add_event(&txn, id, kind, text.clone(), caller.id()).await?;
    let action = format!("staff.appraiser_{kind}");
    audit_staff(&txn, caller, ip, &action, format!("user {id}: {text}")).await?;
    crate::platform::delivery::email(&txn, &user.email, subject.into(), lines).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(format!("{} was {kind}.", full_name(&user)))))
}

/// Suspends the appraiser from the panel: no work is offered or assigned to them until they are
/// reinstated. The reason is required (422 without), kept in their panel history and e-mailed to
/// them with a link to answer it.
#[utoipa::path(
    post,
    path = "/api/staff/appraisers/{id}/suspend",
    tag = "staff",
    request_body = PanelReason,
    params(("id" = i32, Path, description = "Security user id")),
    responses(ChangeWithInputAnswers),
)]
async fn suspend(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<PanelReason>,
) -> AppResult<axum::Json<MessageResponse>> {
    let reason = required_text(body.reason.as_deref(), MSG_REASON_REQUIRED)?;
    change_standing(&state, &caller, &ip, id, Step::Suspend(reason)).await
}

/// Reinstates a suspended appraiser (an optional note is kept in the history); they are told.
#[utoipa::path(
    post,
    path = "/api/staff/appraisers/{id}/reinstate",
    tag = "staff",
    request_body = PanelReason,
    params(("id" = i32, Path, description = "Security user id")),
    responses(ChangeWithInputAnswers),
)]
async fn reinstate(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<PanelReason>,
) -> AppResult<axum::Json<MessageResponse>> {
    let note = optional_text(body.reason.as_deref())?;
    change_standing(&state, &caller, &ip, id, Step::Reinstate(note)).await
}

/// Staff read any appraiser's panel history; an appraiser reads only their own (403 otherwise).
fn ensure_may_read(caller: &CurrentUser, appraiser_id: i32) -> AppResult<()> {
    let staff = caller.is(UserType::Staff) || caller.is(UserType::Secret);
    if staff || caller.id() == appraiser_id {
        Ok(())
    } else {
        Err(AppError::Forbidden("Only staff and the appraiser may read this history.".into()))
    }
}

/// The appraiser's panel history: whether they are suspended and why, and every suspension,
/// reinstatement and answer, oldest first.
#[utoipa::path(get, path = "/api/appraiser/{id}/panel-history", tag = "appraiser",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = PanelHistory), ReadAnswers))]
async fn panel_history(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<PanelHistory>> {
    ensure_may_read(&caller, id)?;
    let (profile, _) = appraiser_of(&state.db, id).await?;
    let rows = panel_event::Entity::find()
        .filter(panel_event::Column::AppraiserId.eq(id))
        .order_by_asc(panel_event::Column::Id)
        .all(&state.db)
        .await?;
    let names = full_names(&state.db, rows.iter().filter_map(|e| e.by_user_id).collect()).await?;
    let events = rows
        .into_iter()
        .map(|e| PanelEvent {
            id: e.id,
            kind: e.kind,
            text: e.text,
            by: e.by_user_id.map(|by| names.of(by)),
            at: e.at,
        })
        .collect();
    Ok(axum::Json(PanelHistory {
        suspended: profile.suspended_at.is_some(),
        suspended_at: profile.suspended_at,
        suspension_reason: profile.suspension_reason,
        events,
    }))
}

/// The appraiser answers their panel history (their own only); the orders team is e-mailed.
#[utoipa::path(
    post,
    path = "/api/appraiser/{id}/panel-history/answer",
    tag = "appraiser",
    request_body = PanelAnswer,
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses(ChangeWithInputAnswers),
)]
async fn answer(
    CallOn { state, caller, id }: CallOn<i32>,
    Json(body): Json<PanelAnswer>,
) -> AppResult<axum::Json<MessageResponse>> {
    if caller.id() != id {
        return Err(AppError::Forbidden(
            "Only the appraiser may answer their panel history.".into(),
        ));
    }
    let text = required_text(body.text.as_deref(), MSG_ANSWER_REQUIRED)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (_, user) = appraiser_of(&txn, id).await?;
    add_event(&txn, id, "answer", text.clone(), id).await?;
    let lines = vec![format!("{} answered their panel history:", full_name(&user)), text];
    let subject = format!("Panel answer from {}", full_name(&user));
    crate::platform::delivery::email(&txn, &state.config.orders_team_email, subject, lines).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("Your answer was sent.")))
}
