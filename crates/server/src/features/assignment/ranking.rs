//! Who is offered an order, and why: the candidates Assign would allow (licence and E&O valid on
//! the due date, not out of office, not suspended) who also have a verified coverage area in the
//! county, are on the FHA roster for an FHA order, ask no more than the order's appraiser fee
//! and are under their capacity; ranked by a published score out of 100:
//!
//! - on time, 40: 40 x the 90-day on-time rate (30 without a scored order);
//! - quality, 20: 20 x (1 - revisions per order, at least 0) (15 without a scored order);
//! - distance, 20: 20 x (1 - miles from their office to the property / 100, at least 0) (10 when
//!   either place is unknown);
//! - load, 10: 10 x (1 - open orders / 10, at least 0);
//! - rotation, 10: 10 x (1 - orders offered to them in the last 30 days / 10, at least 0),
//!
//! so that equals share the work. Ties go to fewer recent offers, then by name.
use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Duration, Utc};
use portal_db::entities::{appraiser_fee, assignment_offer, order, order_detail};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::features::assignment::candidates::{Candidate, Clock, for_order};
use crate::features::reports::ucdp;
use crate::platform::geocoder::{Position, zip_centre};
use crate::platform::http::error::AppResult;
use crate::platform::money::Cents;

/// The facts a candidate's score is made of.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateFigures {
    /// Miles from the appraiser's office to the property (ZIP centres); null when unknown.
    pub distance_miles: Option<f64>,
    /// Share of reports in by the due date over 90 days, 0 to 1; null without a record.
    pub on_time_rate: Option<f64>,
    /// Revision requests per order over 90 days; null without a record.
    pub revisions_per_order: Option<f64>,
    pub open_orders: i64,
    /// Orders offered to them in the last 30 days.
    pub offers_last_30_days: i64,
    /// What they ask for the order's products (their fee schedule); null when they have no fee
    /// for any of them.
    pub fee_cents: Option<i64>,
}

/// One candidate of a decision.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RankedCandidate {
    pub appraiser_id: i32,
    pub name: String,
    /// 1 for the best of those not excluded; null for an excluded one.
    pub rank: Option<u32>,
    /// Out of 100 (see the formula): the sum of `points`.
    pub score: f64,
    /// The score by part (decisions recorded before the parts were kept get them from `figures`).
    #[serde(default)]
    pub points: Points,
    pub figures: CandidateFigures,
    /// Why they may not be offered the order (empty when they may).
    pub excluded_because: Vec<String>,
}

/// A candidate's score by part, each to a tenth: on time (of 40), quality (20), distance (20),
/// load (10) and rotation (10).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Points {
    pub on_time: f64,
    pub quality: f64,
    pub distance: f64,
    pub load: f64,
    pub rotation: f64,
}

impl Points {
    pub fn total(&self) -> f64 {
        tenth(self.on_time + self.quality + self.distance + self.load + self.rotation)
    }
}

fn tenth(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// The points of each part of the published formula.
pub fn points(f: &CandidateFigures) -> Points {
    let share = |value: f64| value.clamp(0.0, 1.0);
    Points {
        on_time: tenth(f.on_time_rate.map_or(30.0, |r| 40.0 * share(r))),
        quality: tenth(f.revisions_per_order.map_or(15.0, |r| 20.0 * share(1.0 - r))),
        distance: tenth(f.distance_miles.map_or(10.0, |m| 20.0 * share(1.0 - m / 100.0))),
        load: tenth(10.0 * share(1.0 - f.open_orders as f64 / 10.0)),
        rotation: tenth(10.0 * share(1.0 - f.offers_last_30_days as f64 / 10.0)),
    }
}

/// The score out of 100, to a tenth: the sum of its points.
pub fn score(f: &CandidateFigures) -> f64 {
    points(f).total()
}

/// Ranks `list` in place: those not excluded first, best score first (ties: fewer recent
/// offers, then name), numbered from 1.
pub fn rank(list: &mut [RankedCandidate]) {
    list.sort_by(|a, b| {
        (!a.excluded_because.is_empty())
            .cmp(&!b.excluded_because.is_empty())
            .then(b.score.total_cmp(&a.score))
            .then(a.figures.offers_last_30_days.cmp(&b.figures.offers_last_30_days))
            .then(a.name.cmp(&b.name))
    });
    let mut next = 1;
    for r in list.iter_mut() {
        r.rank = r.excluded_because.is_empty().then(|| {
            next += 1;
            next - 1
        });
    }
}

/// Great-circle miles between two points.
pub fn miles(a: Position, b: Position) -> f64 {
    let (lat1, lat2) = (a.latitude.to_radians(), b.latitude.to_radians());
    let (dlat, dlon) = (lat2 - lat1, (b.longitude - a.longitude).to_radians());
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlon / 2.0).sin().powi(2);
    2.0 * 3958.8 * h.sqrt().asin()
}

/// Every candidate for `o` with their figures and exclusions, ranked. `offered` are the
/// appraisers this order was already offered to.
pub async fn candidates(
    db: &impl ConnectionTrait,
    o: &order::Model,
    clock: Clock,
    now: DateTime<Utc>,
) -> AppResult<Vec<RankedCandidate>> {
    let detail = order_detail::Entity::find_by_id(o.id).one(db).await?;
    let products = detail.as_ref().map(order_detail::Model::products).unwrap_or_default();
    let (pool, _) = for_order(db, o, o.appraiser_due_date, clock).await?;
    let fees = fees_for(db, &products).await?;
    let recent = offers_since(db, now - Duration::days(30)).await?;
    let already = offered(db, o.id).await?;
    let fha = ucdp::includes_fha(db, &products).await?;
    let property = detail
        .as_ref()
        .and_then(|d| {
            Some(Position { latitude: d.latitude?, longitude: d.longitude?, approximate: true })
        })
        .or_else(|| zip_centre(&o.property_zip));
    let order_fee = detail.as_ref().and_then(|d| d.appraiser_fee_cents);
    let county = o.property_county.as_deref().unwrap_or("the property's county");
    let mut list: Vec<RankedCandidate> = pool
        .into_iter()
        .map(|member| {
            let c = &member.candidate;
            let office = member.office_zip_code.as_deref().and_then(zip_centre);
            let figures = CandidateFigures {
                distance_miles: office
                    .zip(property)
                    .map(|(a, b)| (miles(a, b) * 10.0).round() / 10.0),
                on_time_rate: c.on_time_rate,
                revisions_per_order: c.revisions_per_order,
                open_orders: c.open_orders,
                offers_last_30_days: recent.get(&c.appraiser_id).copied().unwrap_or(0),
                fee_cents: fees.get(&c.appraiser_id).copied(),
            };
            let mut excluded = c.reasons.clone();
            if !c.coverage_verified {
                excluded.push(format!("No verified coverage area in {county}."));
            }
            if fha && !member.fha_certified {
                excluded.push("Not on the FHA roster.".into());
            }
            if let (Some(asks), Some(pays)) = (figures.fee_cents, order_fee)
                && asks > pays
            {
                excluded.push(format!(
                    "Their fee ({}) is above the order's appraiser fee ({}).",
                    Cents(asks),
                    Cents(pays)
                ));
            }
            if let Some(capacity) = member.capacity
                && c.open_orders >= i64::from(capacity)
            {
                excluded.push(format!("At capacity ({capacity} open orders)."));
            }
            if already.contains(&c.appraiser_id) {
                excluded.push("Already offered this order.".into());
            }
            ranked_one(c, figures, excluded)
        })
        .collect();
    rank(&mut list);
    Ok(list)
}

fn ranked_one(
    c: &Candidate,
    figures: CandidateFigures,
    excluded_because: Vec<String>,
) -> RankedCandidate {
    RankedCandidate {
        appraiser_id: c.appraiser_id,
        name: c.name.clone(),
        rank: None,
        score: score(&figures),
        points: points(&figures),
        figures,
        excluded_because,
    }
}

/// Each appraiser's fee for the products (the sum of those they have priced).
async fn fees_for(db: &impl ConnectionTrait, products: &[i32]) -> AppResult<HashMap<i32, i64>> {
    let rows = appraiser_fee::Entity::find()
        .filter(appraiser_fee::Column::ReportTypeId.is_in(products.to_vec()))
        .all(db)
        .await?;
    let mut fees = HashMap::new();
    for f in rows {
        *fees.entry(f.appraiser_id).or_insert(0) += f.fee_cents;
    }
    Ok(fees)
}

/// How many orders each appraiser was offered since then.
async fn offers_since(
    db: &impl ConnectionTrait,
    since: DateTime<Utc>,
) -> AppResult<HashMap<i32, i64>> {
    let rows: Vec<(i32, i64)> = assignment_offer::Entity::find()
        .select_only()
        .column(assignment_offer::Column::AppraiserId)
        .column_as(assignment_offer::Column::Id.count(), "offers")
        .filter(assignment_offer::Column::OfferedAt.gte(since))
        .group_by(assignment_offer::Column::AppraiserId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

async fn offered(db: &impl ConnectionTrait, order_id: i64) -> AppResult<HashSet<i32>> {
    let ids: Vec<i32> = assignment_offer::Entity::find()
        .select_only()
        .column(assignment_offer::Column::AppraiserId)
        .filter(assignment_offer::Column::OrderId.eq(order_id))
        .into_tuple()
        .all(db)
        .await?;
    Ok(ids.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(name: &str, figures: CandidateFigures, excluded: &[&str]) -> RankedCandidate {
        RankedCandidate {
            appraiser_id: 0,
            name: name.into(),
            rank: None,
            score: score(&figures),
            points: points(&figures),
            figures,
            excluded_because: excluded.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn record(
        on_time: f64,
        revisions: f64,
        miles: f64,
        open: i64,
        offers: i64,
    ) -> CandidateFigures {
        CandidateFigures {
            distance_miles: Some(miles),
            on_time_rate: Some(on_time),
            revisions_per_order: Some(revisions),
            open_orders: open,
            offers_last_30_days: offers,
            fee_cents: None,
        }
    }

    #[test]
    fn the_points_add_up_to_the_score() {
        let figures = record(0.83, 0.17, 12.3, 3, 7);
        let p = points(&figures);
        assert_eq!(
            (p.on_time, p.quality, p.distance, p.load, p.rotation),
            (33.2, 16.6, 17.5, 7.0, 3.0)
        );
        assert_eq!(score(&figures), 77.3);
    }

    #[test]
    fn the_score_follows_the_published_formula() {
        assert_eq!(score(&record(1.0, 0.0, 0.0, 0, 0)), 100.0);
        assert_eq!(score(&record(0.5, 0.25, 50.0, 5, 5)), 20.0 + 15.0 + 10.0 + 5.0 + 5.0);
        assert_eq!(score(&record(0.0, 2.0, 250.0, 12, 30)), 0.0, "each part is at least 0");
        assert_eq!(
            score(&CandidateFigures::default()),
            30.0 + 15.0 + 10.0 + 10.0 + 10.0,
            "a newcomer"
        );
    }

    #[test]
    fn ranking_a_table_of_candidates() {
        let mut list = vec![
            candidate("Far", record(1.0, 0.0, 90.0, 0, 0), &[]),
            candidate("Busy", record(1.0, 0.0, 5.0, 9, 0), &[]),
            candidate("Excluded", record(1.0, 0.0, 0.0, 0, 0), &["At capacity (3 open orders)."]),
            candidate("Near", record(0.9, 0.1, 3.0, 2, 1), &[]),
            candidate("Rotated", record(0.9, 0.1, 3.0, 2, 9), &[]),
            candidate("Twin", record(0.9, 0.1, 3.0, 2, 1), &[]),
        ];
        rank(&mut list);
        let order: Vec<(&str, Option<u32>, f64)> =
            list.iter().map(|r| (r.name.as_str(), r.rank, r.score)).collect();
        assert_eq!(
            order,
            [
                ("Near", Some(1), 90.4),
                ("Twin", Some(2), 90.4),
                ("Busy", Some(3), 90.0),
                ("Rotated", Some(4), 82.4),
                ("Far", Some(5), 82.0),
                ("Excluded", None, 100.0),
            ]
        );
    }

    #[test]
    fn miles_between_zip_centres() {
        let austin = Position { latitude: 30.2672, longitude: -97.7431, approximate: true };
        let dallas = Position { latitude: 32.7767, longitude: -96.7970, approximate: true };
        assert!((miles(austin, dallas) - 182.0).abs() < 3.0);
    }
}
