//! Coverage review: staff verify the counties appraisers say they cover (verified coverage ranks
//! them higher among an order's candidates) or reject one, which removes it and tells the
//! appraiser why.
use std::collections::HashMap;

use crate::platform::call::CallOn;
use crate::platform::http::extract::Query;
use axum::extract::State;
use chrono::{DateTime, Utc};
use portal_db::entities::{appraiser_profile, coverage_area, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::audit::audit_staff;
use crate::platform::delivery;
use crate::platform::fields::ReasonBody;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, ChangeAnswers, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(coverage_review))
        .routes(routes!(verify_coverage_area))
        .routes(routes!(reject_coverage_area))
}

pub const MSG_NOT_FOUND: &str = "No such coverage area.";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CoverageQuery {
    /// pending (the default), verified or all.
    #[param(pattern = "^(pending|verified|all)$")]
    pub status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverageReviewItem {
    pub id: i32,
    /// Security user id of the appraiser.
    pub appraiser_id: i32,
    pub appraiser_name: String,
    pub company: Option<String>,
    pub state_code: String,
    pub county: String,
    pub verified: bool,
    pub created_at: DateTime<Utc>,
}

/// The coverage areas to review (pending ones by default), oldest first.
#[utoipa::path(
    get,
    path = "/api/staff/coverage-areas",
    tag = "staff",
    params(CoverageQuery),
    responses(
        (status = 200, body = Vec<CoverageReviewItem>),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn coverage_review(
    State(state): State<AppState>,
    Query(query): Query<CoverageQuery>,
) -> AppResult<axum::Json<Vec<CoverageReviewItem>>> {
    let db = &state.db;
    let mut areas = coverage_area::Entity::find()
        .order_by_asc(coverage_area::Column::CreatedAt)
        .order_by_asc(coverage_area::Column::Id);
    areas = match query.status.as_deref().unwrap_or("pending") {
        "pending" => areas.filter(coverage_area::Column::Verified.eq(false)),
        "verified" => areas.filter(coverage_area::Column::Verified.eq(true)),
        "all" => areas,
        other => {
            return Err(AppError::Validation(format!(
                "status must be pending, verified or all (got '{other}')."
            )));
        }
    };
    let areas = areas.all(db).await?;
    let profile_ids: Vec<i32> = areas.iter().map(|a| a.appraiser_profile_id).collect();
    let profiles = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::Id.is_in(profile_ids))
        .find_also_related(security_user::Entity)
        .all(db)
        .await?;
    let firms = super::firm_names(db).await?;
    let owners: HashMap<i32, (appraiser_profile::Model, security_user::Model)> =
        profiles.into_iter().filter_map(|(p, u)| u.map(|u| (p.id, (p, u)))).collect();
    Ok(axum::Json(
        areas
            .into_iter()
            .filter_map(|a| {
                let (profile, user) = owners.get(&a.appraiser_profile_id)?;
                Some(CoverageReviewItem {
                    id: a.id,
                    appraiser_id: user.id,
                    appraiser_name: full_name(user),
                    company: profile.company_id.and_then(|c| firms.get(&c).cloned()),
                    state_code: a.state_code,
                    county: a.county,
                    verified: a.verified,
                    created_at: a.created_at,
                })
            })
            .collect(),
    ))
}

/// The area and its appraiser, or 404.
async fn area_and_owner(
    db: &impl sea_orm::ConnectionTrait,
    id: i32,
) -> AppResult<(coverage_area::Model, security_user::Model)> {
    let area = coverage_area::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_NOT_FOUND.into()))?;
    let owner = appraiser_profile::Entity::find_by_id(area.appraiser_profile_id)
        .find_also_related(security_user::Entity)
        .one(db)
        .await?;
    match owner {
        Some((_, Some(user))) => Ok((area, user)),
        _ => Err(AppError::NotFound(MSG_NOT_FOUND.into())),
    }
}

/// Marks the area verified (409 when it already is).
#[utoipa::path(
    post,
    path = "/api/staff/coverage-areas/{id}/verify",
    tag = "staff",
    params(("id" = i32, Path, description = "Coverage area id")),
    responses(ChangeAnswers),
)]
async fn verify_coverage_area(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
) -> AppResult<axum::Json<MessageResponse>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let (area, user) = area_and_owner(&txn, id).await?;
    let changed = coverage_area::Entity::update_many()
        .col_expr(coverage_area::Column::Verified, Expr::value(true))
        .filter(coverage_area::Column::Id.eq(id))
        .filter(coverage_area::Column::Verified.eq(false))
        .exec(&txn)
        .await?;
    if changed.rows_affected != 1 {
        return Err(AppError::Conflict("This coverage area is already verified.".into()));
    }
    let detail =
        format!("coverage area {id} ({}, {}) of user {}", area.county, area.state_code, user.id);
    audit_staff(&txn, &caller, &ip, "staff.coverage_verified", detail).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(format!(
        "{}, {} is verified for {}.",
        area.county,
        area.state_code,
        full_name(&user)
    ))))
}

/// Rejects the area: it is removed and the appraiser is e-mailed the reason.
#[utoipa::path(
    post,
    path = "/api/staff/coverage-areas/{id}/reject",
    tag = "staff",
    request_body = ReasonBody,
    params(("id" = i32, Path, description = "Coverage area id")),
    responses(
        (status = 200, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn reject_coverage_area(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ReasonBody>,
) -> AppResult<axum::Json<MessageResponse>> {
    let reason = body.reason()?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (area, user) = area_and_owner(&txn, id).await?;
    coverage_area::Entity::delete_by_id(id).exec(&txn).await?;
    let place = format!("{}, {}", area.county, area.state_code);
    let lines = vec![
        format!(
            "Your coverage area {place} was not accepted and has been removed from your profile."
        ),
        format!("Reason: {reason}"),
    ];
    delivery::email(&txn, &user.email, format!("Coverage area {place} not accepted"), lines)
        .await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.coverage_rejected",
        format!("coverage area {id} ({place}) of user {}: {reason}", user.id),
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(format!(
        "{place} was rejected and {} was told why.",
        full_name(&user)
    ))))
}
