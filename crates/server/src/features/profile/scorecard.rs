//! The scorecard the company keeps of an appraiser (GET /api/appraiser/{id}/scorecard): over the
//! orders whose report first came in during the last 90 days, the share delivered by the appraiser
//! due date, the average turn time in business days and the revisions per order. Computed from
//! the orders' history on every call, never from a stored figure (docs/domain.md#turn-time).
use chrono::{Duration, Utc};
use portal_db::entities::{fair_language_finding, order, order_history};
use std::collections::{HashMap, HashSet};

use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QuerySelect, RelationDef,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::managed;
use crate::kernel::orders::assign::Appraisers;
use crate::kernel::orders::turn_time::{self, REPORT_UPLOADED, REVISION_REQUESTS, Step};
use crate::platform::call::CallOn;
use crate::platform::http::error::{AppError, AppResult, ReadAnswers};
use crate::platform::state::AppState;

/// The days the scorecard looks back over.
pub const WINDOW_DAYS: i64 = 90;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(scorecard))
}

/// An appraiser's record over the orders whose report first came in during the last 90 days.
/// The three figures are null when there is no such order.
#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Scorecard {
    /// Share of the orders (with an appraiser due date) whose report came in by that date, 0 to 1.
    pub on_time_rate: Option<f64>,
    #[doc = " Business days from assignment to the report, \
             less the days on hold or waiting for the company."]
    pub average_turn_time_business_days: Option<f64>,
    /// Revision requests (by the company or the lender) per order.
    pub revisions_per_order: Option<f64>,
    /// Share of the orders whose report had a fair-language finding that blocks delivery, 0 to 1.
    /// A figure for review, never a reason for an automatic suspension.
    pub fair_language_block_rate: Option<f64>,
    /// Share of the orders whose report had a fair-language warning, 0 to 1.
    pub fair_language_warn_rate: Option<f64>,
    /// The orders counted.
    pub orders: i64,
}

#[utoipa::path(get, path = "/api/appraiser/{id}/scorecard", tag = "appraiser",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = Scorecard), ReadAnswers))]
async fn scorecard(CallOn { state, caller, id }: CallOn<i32>) -> AppResult<axum::Json<Scorecard>> {
    managed(&state.db, &caller, id).await?;
    let zone = state.config.time_zone().map_err(AppError::Internal)?;
    let mut cards = scorecards(&state.db, &Appraisers::Ids(vec![id]), zone).await?;
    Ok(axum::Json(cards.remove(&id).unwrap_or_else(|| summarise(&[]))))
}

/// The scorecards of the appraisers, each over the orders assigned to them whose report first
/// came in during the last 90 days (someone without such an order has none here).
pub async fn scorecards(
    db: &impl ConnectionTrait,
    appraisers: &Appraisers,
    zone: Tz,
) -> AppResult<HashMap<i32, Scorecard>> {
    let now = Utc::now();
    let to_order: RelationDef = order_history::Entity::belongs_to(order::Entity)
        .from(order_history::Column::OrderId)
        .to(order::Column::Id)
        .into();
    // From the window's reports (indexed by status and time) to their orders, never from the
    // appraisers' orders, which run to a large share of the book for a state's panel.
    let reported = order_history::Entity::find()
        .select_only()
        .column(order_history::Column::OrderId)
        .distinct()
        .join(JoinType::InnerJoin, to_order)
        .filter(order_history::Column::StatusId.eq(REPORT_UPLOADED))
        .filter(order_history::Column::CreatedAt.gte(now - Duration::days(WINDOW_DAYS)))
        .filter(appraisers.include(order::Column::AssignedAppraiserId))
        .into_tuple::<i64>()
        .all(db)
        .await?;
    let orders =
        order::Entity::find().filter(order::Column::Id.is_in(reported.clone())).all(db).await?;
    let screened = screened_severities(db, &reported).await?;
    let steps = turn_time::steps_of(db, reported).await?;
    let mut scored: HashMap<i32, Vec<ScoredOrder>> = HashMap::new();
    for o in &orders {
        let (Some(appraiser), Some(steps)) = (o.assigned_appraiser_id, steps.get(&o.id)) else {
            continue;
        };
        let Some(turn) = turn_time::turn_time(steps, now, zone) else { continue };
        let Some(reported_at) = turn.report_uploaded_at else { continue };
        let reported_on = reported_at.with_timezone(&zone).date_naive();
        scored.entry(appraiser).or_default().push(ScoredOrder {
            turn_days: turn.business_days,
            on_time: o.appraiser_due_date.map(|due| reported_on <= due),
            revisions: revisions(steps),
            block: screened.contains(&(o.id, "block".to_string())),
            warn: screened.contains(&(o.id, "warn".to_string())),
        });
    }
    Ok(scored.into_iter().map(|(id, list)| (id, summarise(&list))).collect())
}

struct ScoredOrder {
    turn_days: i64,
    /// None without an appraiser due date.
    on_time: Option<bool>,
    revisions: usize,
    /// A report version had a `block` (`warn`) fair-language finding.
    block: bool,
    warn: bool,
}

/// The (order, severity) pairs of the orders' fair-language findings.
async fn screened_severities(
    db: &impl ConnectionTrait,
    orders: &[i64],
) -> AppResult<HashSet<(i64, String)>> {
    let mut found = HashSet::new();
    for chunk in orders.chunks(500) {
        let pairs: Vec<(i64, String)> = fair_language_finding::Entity::find()
            .select_only()
            .column(fair_language_finding::Column::OrderId)
            .column(fair_language_finding::Column::Severity)
            .distinct()
            .filter(fair_language_finding::Column::OrderId.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        found.extend(pairs);
    }
    Ok(found)
}

fn revisions(steps: &[Step]) -> usize {
    steps.iter().filter(|s| REVISION_REQUESTS.contains(&s.status)).count()
}

fn summarise(scored: &[ScoredOrder]) -> Scorecard {
    let average = |total: f64, count: usize| (count > 0).then(|| total / count as f64);
    let dated: Vec<bool> = scored.iter().filter_map(|s| s.on_time).collect();
    Scorecard {
        on_time_rate: average(dated.iter().filter(|on_time| **on_time).count() as f64, dated.len()),
        average_turn_time_business_days: average(
            scored.iter().map(|s| s.turn_days as f64).sum(),
            scored.len(),
        ),
        revisions_per_order: average(scored.iter().map(|s| s.revisions as f64).sum(), scored.len()),
        fair_language_block_rate: average(
            scored.iter().filter(|s| s.block).count() as f64,
            scored.len(),
        ),
        fair_language_warn_rate: average(
            scored.iter().filter(|s| s.warn).count() as f64,
            scored.len(),
        ),
        orders: scored.len() as i64,
    }
}
