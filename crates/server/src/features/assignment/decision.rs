//! Explaining automatic assignment: staff read an order's latest decision with every candidate's
//! figures and exclusions and the offers it made ("Why this appraiser"), and the orders it handed
//! back (the dashboard's flag); an appraiser reads why the order was offered to them.
use axum::extract::State;
use chrono::{DateTime, Utc};
use portal_db::entities::{assignment_decision, assignment_offer, order};
use portal_db::status::OrderStatus;
use sea_orm::sea_query::{Expr, Func, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ranking::{CandidateFigures, Points, RankedCandidate, points};
use crate::platform::call::OrderId;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Path;
use crate::platform::names::full_names;
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(assignment_decision)).routes(routes!(handed_back))
}

/// An offer a decision made, and what became of it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferItem {
    pub appraiser_id: i32,
    pub name: String,
    /// open, accepted, declined, expired or closed.
    pub status: String,
    pub offered_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
}

/// The latest automatic decision on an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentDecision {
    pub decided_at: DateTime<Utc>,
    /// offer_in_turn or broadcast.
    pub mode: String,
    /// offered, or none (the order went back to staff).
    pub outcome: String,
    /// Every candidate, ranked: the eligible first, then the excluded with their reasons.
    pub candidates: Vec<RankedCandidate>,
    /// Every offer of the order so far, oldest first.
    pub offers: Vec<OfferItem>,
}

async fn latest(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Option<assignment_decision::Model>> {
    Ok(assignment_decision::Entity::find()
        .filter(assignment_decision::Column::OrderId.eq(order_id))
        .order_by_desc(assignment_decision::Column::Id)
        .one(db)
        .await?)
}

fn candidates_of(row: &assignment_decision::Model) -> AppResult<Vec<RankedCandidate>> {
    let mut list: Vec<RankedCandidate> = serde_json::from_str(&row.candidates)
        .map_err(|e| AppError::Internal(format!("decision {}: {e}", row.id)))?;
    for c in list.iter_mut().filter(|c| c.points == Points::default()) {
        c.points = points(&c.figures);
    }
    Ok(list)
}

/// The order's latest automatic decision; null when it was never decided automatically.
#[utoipa::path(get, path = "/api/staff/orders/{id}/assignment-decision", tag = "staff",
    params(OrderId),
    responses((status = 200, body = Option<AssignmentDecision>), ReadAnswers))]
async fn assignment_decision(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Option<AssignmentDecision>>> {
    let Some(row) = latest(&state.db, id).await? else { return Ok(axum::Json(None)) };
    let offers = assignment_offer::Entity::find()
        .filter(assignment_offer::Column::OrderId.eq(id))
        .order_by_asc(assignment_offer::Column::Id)
        .all(&state.db)
        .await?;
    let names = full_names(&state.db, offers.iter().map(|o| o.appraiser_id).collect()).await?;
    Ok(axum::Json(Some(AssignmentDecision {
        candidates: candidates_of(&row)?,
        decided_at: row.decided_at,
        mode: row.mode,
        outcome: row.outcome,
        offers: offers
            .into_iter()
            .map(|o| OfferItem {
                name: names.of(o.appraiser_id),
                appraiser_id: o.appraiser_id,
                status: o.status,
                offered_at: o.offered_at,
                expires_at: o.expires_at,
                closed_at: o.closed_at,
            })
            .collect(),
    })))
}

/// An order automatic assignment handed back to staff.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandedBack {
    pub order_id: i64,
    pub file_number: String,
    pub property_address: String,
    pub decided_at: DateTime<Utc>,
}

/// The orders automatic assignment could not place (no one eligible, or no one accepted) that
/// are still waiting for an appraiser: the staff dashboard's flag.
#[utoipa::path(get, path = "/api/staff/assignment/handed-back", tag = "staff",
    responses((status = 200, body = Vec<HandedBack>), (status = 403, body = MessageResponse)))]
async fn handed_back(State(state): State<AppState>) -> AppResult<axum::Json<Vec<HandedBack>>> {
    let none = assignment_decision::Entity::find()
        .filter(assignment_decision::Column::Outcome.eq("none"))
        .order_by_desc(assignment_decision::Column::Id)
        .all(&state.db)
        .await?;
    let ids: Vec<i64> = none.iter().map(|d| d.order_id).collect();
    let waiting = order::Entity::find()
        .filter(order::Column::Id.is_in(ids))
        .filter(order::Column::AssignedAppraiserId.is_null())
        .filter(order::Column::StatusId.eq(OrderStatus::Default))
        .all(&state.db)
        .await?;
    let last_decisions = Query::select()
        .expr(Func::max(Expr::col(assignment_decision::Column::Id)))
        .from(assignment_decision::Entity)
        .and_where(assignment_decision::Column::OrderId.is_in(waiting.iter().map(|o| o.id)))
        .group_by_col(assignment_decision::Column::OrderId)
        .to_owned();
    let latest: HashMap<i64, assignment_decision::Model> = assignment_decision::Entity::find()
        .filter(assignment_decision::Column::Id.in_subquery(last_decisions))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|d| (d.order_id, d))
        .collect();
    let mut list = Vec::new();
    for o in waiting {
        let Some(last) = latest.get(&o.id) else { continue };
        if last.outcome == "none" {
            list.push(HandedBack {
                order_id: o.id,
                file_number: o.file_number.clone(),
                property_address: o.property_address(),
                decided_at: last.decided_at,
            });
        }
    }
    list.sort_by_key(|h| h.decided_at);
    Ok(axum::Json(list))
}

/// Why an order was offered to the appraiser reading it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferView {
    pub expires_at: Option<DateTime<Utc>>,
    pub rank: Option<u32>,
    /// How many appraisers were eligible.
    pub eligible: usize,
    pub score: f64,
    pub figures: CandidateFigures,
}

/// The appraiser's open offer of the order with its reasons; None when they have none.
pub async fn offer_view(
    db: &impl ConnectionTrait,
    appraiser_id: i32,
    order_id: i64,
) -> AppResult<Option<OfferView>> {
    let Some(offer) = super::offers::open_offer(db, appraiser_id, order_id).await? else {
        return Ok(None);
    };
    let Some(decision) = assignment_decision::Entity::find_by_id(offer.decision_id).one(db).await?
    else {
        return Ok(None);
    };
    let candidates = candidates_of(&decision)?;
    let eligible = candidates.iter().filter(|c| c.rank.is_some()).count();
    Ok(candidates.into_iter().find(|c| c.appraiser_id == appraiser_id).map(|c| OfferView {
        expires_at: offer.expires_at,
        rank: c.rank,
        eligible,
        score: c.score,
        figures: c.figures,
    }))
}
