//! The assignment policy: the company's (`GET|PUT /api/staff/assignment-policy`) and a client's
//! own (`GET|PUT|DELETE /api/staff/clients/{id}/assignment-policy`; a client without one follows
//! the company's). Manual: staff assign every order. Offer in turn: the best candidate is offered
//! the order; if they do not accept within the offer hours (business hours), the next. Broadcast:
//! the best few are offered it at once; the first to accept wins.
use axum::extract::State;
use portal_db::entities::{assignment_setting, client};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::clients::existing_client;
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn};
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::named;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::{Json, Path};
use crate::platform::state::AppState;

/// Business hours an offer may stay open, at most.
pub const MAX_OFFER_HOURS: i32 = 72;
/// Appraisers a broadcast may reach, at most.
pub const MAX_BROADCAST: i32 = 20;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(company_policy, set_company_policy)).routes(routes!(
        client_policy,
        set_client_policy,
        clear_client_policy
    ))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AssignmentMode {
    Manual,
    OfferInTurn,
    Broadcast,
}

impl AssignmentMode {
    pub fn name(self) -> &'static str {
        match self {
            AssignmentMode::Manual => "manual",
            AssignmentMode::OfferInTurn => "offer_in_turn",
            AssignmentMode::Broadcast => "broadcast",
        }
    }

    pub fn of(name: &str) -> AssignmentMode {
        [AssignmentMode::OfferInTurn, AssignmentMode::Broadcast]
            .into_iter()
            .find(|m| m.name() == name)
            .unwrap_or(AssignmentMode::Manual)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentPolicy {
    pub mode: AssignmentMode,
    /// Business hours an offer in turn (or a broadcast) stays open, 1 to 72.
    #[schema(minimum = 1, maximum = 72)]
    pub offer_hours: i32,
    /// Appraisers a broadcast reaches at once, 2 to 20.
    #[schema(minimum = 2, maximum = 20)]
    pub broadcast_size: i32,
}

/// A client's policy, and whether it is the company's (the client has none of its own).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPolicy {
    #[serde(flatten)]
    pub policy: AssignmentPolicy,
    pub inherited: bool,
}

fn checked(p: AssignmentPolicy) -> AppResult<AssignmentPolicy> {
    if !(1..=MAX_OFFER_HOURS).contains(&p.offer_hours) {
        return Err(named("offerHours", "Offer hours")
            .refuse(format!("Offer hours must be from 1 to {MAX_OFFER_HOURS}.")));
    }
    if !(2..=MAX_BROADCAST).contains(&p.broadcast_size) {
        return Err(named("broadcastSize", "Broadcast size")
            .refuse(format!("Broadcast size must be from 2 to {MAX_BROADCAST} appraisers.")));
    }
    Ok(p)
}

pub async fn company(db: &impl ConnectionTrait) -> AppResult<AssignmentPolicy> {
    let row = assignment_setting::Entity::find_by_id(1)
        .one(db)
        .await?
        .ok_or_else(|| AppError::Internal("the assignment settings row is missing".into()))?;
    Ok(AssignmentPolicy {
        mode: AssignmentMode::of(&row.mode),
        offer_hours: row.offer_hours,
        broadcast_size: row.broadcast_size,
    })
}

fn own(c: &client::Model) -> Option<AssignmentPolicy> {
    Some(AssignmentPolicy {
        mode: AssignmentMode::of(c.assignment_mode.as_deref()?),
        offer_hours: c.offer_hours?,
        broadcast_size: c.broadcast_size?,
    })
}

/// The policy an order of `client_id` follows.
pub async fn for_client(
    db: &impl ConnectionTrait,
    client_id: Option<i32>,
) -> AppResult<AssignmentPolicy> {
    let found = match client_id {
        Some(id) => client::Entity::find_by_id(id).one(db).await?,
        None => None,
    };
    match found.as_ref().and_then(own) {
        Some(p) => Ok(p),
        None => company(db).await,
    }
}

#[utoipa::path(get, path = "/api/staff/assignment-policy", tag = "staff",
    responses((status = 200, body = AssignmentPolicy), (status = 403, body = MessageResponse)))]
async fn company_policy(State(state): State<AppState>) -> AppResult<axum::Json<AssignmentPolicy>> {
    Ok(axum::Json(company(&state.db).await?))
}

/// Sets the company's policy (clients without their own follow it).
#[utoipa::path(
    put,
    path = "/api/staff/assignment-policy",
    tag = "staff",
    request_body = AssignmentPolicy,
    responses(
        (status = 200, body = AssignmentPolicy),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn set_company_policy(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(body): Json<AssignmentPolicy>,
) -> AppResult<axum::Json<AssignmentPolicy>> {
    let p = checked(body)?;
    let txn = portal_db::begin_write(&state.db).await?;
    assignment_setting::Entity::update_many()
        .col_expr(assignment_setting::Column::Mode, Expr::value(p.mode.name()))
        .col_expr(assignment_setting::Column::OfferHours, Expr::value(p.offer_hours))
        .col_expr(assignment_setting::Column::BroadcastSize, Expr::value(p.broadcast_size))
        .filter(assignment_setting::Column::Id.eq(1))
        .exec(&txn)
        .await?;
    audit_staff(&txn, &caller, &ip, "staff.assignment_policy", describe(&p)).await?;
    txn.commit().await?;
    Ok(axum::Json(p))
}

fn describe(p: &AssignmentPolicy) -> String {
    format!("{} ({} h, {} at once)", p.mode.name(), p.offer_hours, p.broadcast_size)
}

async fn answer(db: &impl ConnectionTrait, c: &client::Model) -> AppResult<ClientPolicy> {
    Ok(match own(c) {
        Some(policy) => ClientPolicy { policy, inherited: false },
        None => ClientPolicy { policy: company(db).await?, inherited: true },
    })
}

#[utoipa::path(get, path = "/api/staff/clients/{id}/assignment-policy", tag = "staff",
    params(("id" = i32, Path, description = "Client id")),
    responses((status = 200, body = ClientPolicy), ReadAnswers))]
async fn client_policy(
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> AppResult<axum::Json<ClientPolicy>> {
    let c = existing_client(&state.db, id).await?;
    Ok(axum::Json(answer(&state.db, &c).await?))
}

async fn store_client_policy(
    state: &AppState,
    caller: &CurrentUser,
    ip: &str,
    id: i32,
    p: Option<AssignmentPolicy>,
) -> AppResult<ClientPolicy> {
    let txn = portal_db::begin_write(&state.db).await?;
    existing_client(&txn, id).await?;
    client::Entity::update_many()
        .col_expr(client::Column::AssignmentMode, Expr::value(p.map(|p| p.mode.name())))
        .col_expr(client::Column::OfferHours, Expr::value(p.map(|p| p.offer_hours)))
        .col_expr(client::Column::BroadcastSize, Expr::value(p.map(|p| p.broadcast_size)))
        .filter(client::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    let detail = format!("client {id}: {}", p.as_ref().map_or("the company's".into(), describe));
    audit_staff(&txn, caller, ip, "staff.client_assignment_policy", detail).await?;
    let saved = answer(&txn, &existing_client(&txn, id).await?).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Gives the client a policy of its own.
#[utoipa::path(
    put,
    path = "/api/staff/clients/{id}/assignment-policy",
    tag = "staff",
    request_body = AssignmentPolicy,
    params(("id" = i32, Path, description = "Client id")),
    responses(
        (status = 200, body = ClientPolicy),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn set_client_policy(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<AssignmentPolicy>,
) -> AppResult<axum::Json<ClientPolicy>> {
    let p = checked(body)?;
    Ok(axum::Json(store_client_policy(&state, &caller, &ip, id, Some(p)).await?))
}

/// Returns the client to the company's policy.
#[utoipa::path(
    delete,
    path = "/api/staff/clients/{id}/assignment-policy",
    tag = "staff",
    params(("id" = i32, Path, description = "Client id")),
    responses(
        (status = 200, body = ClientPolicy),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn clear_client_policy(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
) -> AppResult<axum::Json<ClientPolicy>> {
    Ok(axum::Json(store_client_policy(&state, &caller, &ip, id, None).await?))
}
