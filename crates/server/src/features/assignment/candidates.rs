//! The candidates for an order: who may take it, why not, and in which order (best first).
//!
//! Candidates are the active appraisers (and firm administrators) who hold a licence in the
//! property's state, valid or not, so staff see why someone they expected is not eligible.
//! Eligible = a licence in the state that has not expired, E&O insurance that has not expired,
//! not out of office on the due date, and not suspended from the panel. Best first: eligible, then
//! a verified coverage area in the order's county, then the 90-day scorecard (a higher on-time rate
//! to the nearest 10%, fewer revisions per order to the nearest 0.1, a shorter average turn time in
//! whole business days; an appraiser with no scored order after those with one), then the fewest
//! open orders, then by name.
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use portal_db::entities::{appraiser_license, appraiser_profile, coverage_area, security_user};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, JoinType, QueryFilter, QuerySelect,
    RelationTrait,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::features::profile::scorecard::scorecards;
use crate::kernel::orders::action_requests::date_label;
use crate::kernel::orders::assign::{Appraisers, licensed_profiles, open_order_counts};
use crate::kernel::orders::second::{self, Exclusion};
use crate::platform::geography;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::names::joined;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Candidate {
    /// Security user id.
    pub appraiser_id: i32,
    pub name: String,
    pub company: Option<String>,
    /// Holds a licence in the property's state that has not expired.
    pub licensed_in_state: bool,
    /// Has a verified coverage area in the order's county.
    pub coverage_verified: bool,
    /// Out of office on the appraiser due date.
    pub out_of_office: bool,
    /// E&O insurance expired or not on file.
    pub eno_expired: bool,
    pub open_orders: i64,
    /// Over the last 90 days (the scorecard): share of reports in by the due date, 0 to 1.
    pub on_time_rate: Option<f64>,
    /// Over the last 90 days: revision requests per order.
    pub revisions_per_order: Option<f64>,
    /// Over the last 90 days: business days from assignment to the report.
    pub average_turn_time_business_days: Option<f64>,
    /// The orders the three figures count (0: no record yet).
    pub scored_orders: i64,
    pub eligible: bool,
    /// Why the appraiser is not eligible (empty when eligible).
    pub reasons: Vec<String>,
}

/// What decides a candidate's standing, read from the database.
pub struct Standing {
    /// The last day their best licence in the state is valid (None: no licence there).
    pub licence_until: Option<NaiveDate>,
    pub eno_expires: Option<NaiveDate>,
    pub out_of_office: bool,
    pub suspended: bool,
}

/// The reasons an appraiser in `standing` may not take an order in `state_name` on `today` due
/// on `due`: the licence and E&O insurance must be valid on the due date too.
pub fn reasons(
    standing: &Standing,
    state_name: &str,
    today: NaiveDate,
    due: Option<NaiveDate>,
) -> Vec<String> {
    let due = due.map_or(today, |d| d.max(today));
    let mut reasons = Vec::new();
    match standing.licence_until {
        Some(until) if until < today => {
            reasons.push(format!("Their licence in {state_name} has expired."))
        }
        Some(until) if until < due => reasons.push(format!(
            "Their licence in {state_name} expires on {}, before the due date.",
            date_label(until)
        )),
        Some(_) => {}
        None => reasons.push(format!("They hold no licence in {state_name}.")),
    }
    match standing.eno_expires {
        None => reasons.push("No E&O insurance on file.".to_string()),
        Some(date) if date < today => {
            reasons.push(format!("Their E&O insurance expired on {}.", date_label(date)))
        }
        Some(date) if date < due => reasons.push(format!(
            "Their E&O insurance expires on {}, before the due date.",
            date_label(date)
        )),
        Some(_) => {}
    }
    if standing.out_of_office {
        reasons.push("Out of office on the due date.".to_string());
    }
    if standing.suspended {
        reasons.push("Suspended from the panel.".to_string());
    }
    reasons
}

/// The scorecard as a sort key, smaller is better: a record before none, then the on-time rate
/// in tenths, revisions per order in tenths and the turn time in whole days.
fn record_key(c: &Candidate) -> (bool, i64, i64, i64) {
    let steps =
        |value: Option<f64>, per_unit: f64| (value.unwrap_or(0.0) * per_unit).round() as i64;
    (
        c.scored_orders == 0,
        -steps(c.on_time_rate, 10.0),
        steps(c.revisions_per_order, 10.0),
        steps(c.average_turn_time_business_days, 1.0),
    )
}

/// Best first (see the module's note).
pub fn best_first(a: &Candidate, b: &Candidate) -> Ordering {
    b.eligible
        .cmp(&a.eligible)
        .then(b.coverage_verified.cmp(&a.coverage_verified))
        .then(record_key(a).cmp(&record_key(b)))
        .then(a.open_orders.cmp(&b.open_orders))
        .then(a.name.cmp(&b.name))
}

/// A candidate with the profile facts the automatic offers weigh beside Assign's rules.
pub struct PanelMember {
    pub candidate: Candidate,
    pub company_id: Option<i32>,
    pub office_zip_code: Option<String>,
    pub fha_certified: bool,
    /// The most open orders they take at once (None: no limit).
    pub capacity: Option<i32>,
}

/// The columns of a panel member's profile and user that ranking reads (not the whole rows: a
/// panel runs to thousands).
#[derive(FromQueryResult)]
struct PanelRow {
    profile_id: i32,
    user_id: i32,
    first_name: Option<String>,
    last_name: Option<String>,
    company_id: Option<i32>,
    eno_expiration_date: Option<NaiveDate>,
    ooo_start_date: Option<NaiveDate>,
    ooo_end_date: Option<NaiveDate>,
    suspended_at: Option<DateTime<Utc>>,
    office_zip_code: Option<String>,
    is_fha_certified: bool,
    capacity: Option<i32>,
}

async fn panel_rows(db: &impl ConnectionTrait, state_code: &str) -> AppResult<Vec<PanelRow>> {
    use appraiser_profile::Column as P;
    Ok(appraiser_profile::Entity::find()
        .select_only()
        .column_as(P::Id, "profile_id")
        .column_as(security_user::Column::Id, "user_id")
        .column(security_user::Column::FirstName)
        .column(security_user::Column::LastName)
        .columns([P::CompanyId, P::EnoExpirationDate, P::OooStartDate, P::OooEndDate])
        .columns([P::SuspendedAt, P::OfficeZipCode, P::IsFhaCertified, P::Capacity])
        .join(JoinType::InnerJoin, appraiser_profile::Relation::SecurityUser.def())
        // A subquery rather than the ids: with a panel of thousands SQLite would probe the id list
        // for every user.
        .filter(P::Id.in_subquery(licensed_profiles(state_code)))
        .filter(security_user::Column::Active.eq(true))
        .filter(
            security_user::Column::UserType
                .is_in([UserType::Appraiser.number(), UserType::AppraiserAdmin.number()]),
        )
        .into_model::<PanelRow>()
        .all(db)
        .await?)
}

/// The last day each profile's best licence in the state is valid.
async fn licences_until(
    db: &impl ConnectionTrait,
    state_code: &str,
) -> AppResult<HashMap<i32, NaiveDate>> {
    let rows: Vec<(i32, NaiveDate)> = appraiser_license::Entity::find()
        .select_only()
        .column(appraiser_license::Column::AppraiserProfileId)
        .column(appraiser_license::Column::ExpirationDate)
        .filter(appraiser_license::Column::StateCode.eq(state_code))
        .into_tuple()
        .all(db)
        .await?;
    let mut valid_until: HashMap<i32, NaiveDate> = HashMap::new();
    for (profile, expires) in rows {
        let best = valid_until.entry(profile).or_insert(expires);
        *best = (*best).max(expires);
    }
    Ok(valid_until)
}

/// The profiles with a verified coverage area in the county.
async fn covering(
    db: &impl ConnectionTrait,
    state_code: &str,
    county: Option<&str>,
) -> AppResult<HashSet<i32>> {
    let county = county.unwrap_or_default().trim();
    let rows: Vec<(i32, String)> = coverage_area::Entity::find()
        .select_only()
        .column(coverage_area::Column::AppraiserProfileId)
        .column(coverage_area::Column::County)
        .filter(coverage_area::Column::StateCode.eq(state_code))
        .filter(coverage_area::Column::Verified.eq(true))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter(|(_, c)| c.eq_ignore_ascii_case(county))
        .map(|(profile, _)| profile)
        .collect())
}

/// The ranked candidates for a property in `state_code` and `county`, judged for the due date
/// `due` on the company's `today`; those `excluded` names (a second appraisal's) may not take it.
/// `for_order` gives an order's.
pub async fn ranked(
    db: &impl ConnectionTrait,
    state_code: &str,
    county: Option<&str>,
    due: Option<NaiveDate>,
    clock: Clock,
    excluded: Option<&Exclusion>,
) -> AppResult<Vec<PanelMember>> {
    let Clock { today, zone } = clock;
    let state_code = state_code.trim().to_ascii_uppercase();
    let valid_until = licences_until(db, &state_code).await?;
    let rows = panel_rows(db, &state_code).await?;
    let covered = covering(db, &state_code, county).await?;
    let companies = crate::kernel::users::accounts::firm_names(db).await?;
    let panel = Appraisers::LicensedIn(state_code.clone());
    let counts = open_order_counts(db, &panel).await?;
    let cards = scorecards(db, &panel, zone).await?;
    let state_name = geography::state(&state_code).map_or(state_code.clone(), |s| s.name.clone());
    let mut list: Vec<PanelMember> = rows
        .into_iter()
        .map(|p| {
            let standing = Standing {
                licence_until: valid_until.get(&p.profile_id).copied(),
                eno_expires: p.eno_expiration_date,
                out_of_office: match (due, p.ooo_start_date, p.ooo_end_date) {
                    (Some(day), Some(start), Some(end)) => start <= day && day <= end,
                    _ => false,
                },
                suspended: p.suspended_at.is_some(),
            };
            let mut reasons = reasons(&standing, &state_name, today, due);
            reasons.extend(excluded.and_then(|e| e.refusal(p.user_id, p.company_id)));
            let card = cards.get(&p.user_id);
            let candidate = Candidate {
                appraiser_id: p.user_id,
                name: joined(
                    p.first_name.as_deref().unwrap_or_default(),
                    p.last_name.as_deref().unwrap_or_default(),
                ),
                company: p.company_id.and_then(|id| companies.get(&id).cloned()),
                licensed_in_state: standing.licence_until.is_some_and(|until| until >= today),
                coverage_verified: covered.contains(&p.profile_id),
                out_of_office: standing.out_of_office,
                eno_expired: standing.eno_expires.is_none_or(|d| d < today),
                open_orders: counts.get(&p.user_id).copied().unwrap_or(0),
                on_time_rate: card.and_then(|c| c.on_time_rate),
                revisions_per_order: card.and_then(|c| c.revisions_per_order),
                average_turn_time_business_days: card
                    .and_then(|c| c.average_turn_time_business_days),
                scored_orders: card.map_or(0, |c| c.orders),
                eligible: reasons.is_empty(),
                reasons,
            };
            PanelMember {
                candidate,
                company_id: p.company_id,
                office_zip_code: p.office_zip_code,
                fha_certified: p.is_fha_certified,
                capacity: p.capacity,
            }
        })
        .collect();
    list.sort_by(|a, b| best_first(&a.candidate, &b.candidate));
    Ok(list)
}

/// Why the appraiser may not be awarded work on a property (None when they may): the rules of
/// Assign, and a verified coverage area in the property's county.
pub async fn award_refusal(
    db: &impl ConnectionTrait,
    state_code: &str,
    county: Option<&str>,
    due: Option<NaiveDate>,
    clock: Clock,
    appraiser_id: i32,
) -> AppResult<Option<String>> {
    let found = ranked(db, state_code, county, due, clock, None)
        .await?
        .into_iter()
        .find(|m| m.candidate.appraiser_id == appraiser_id);
    let Some(PanelMember { candidate, .. }) = found else {
        let state_name = geography::state(state_code).map_or(state_code, |s| s.name.as_str());
        return Ok(Some(format!(
            "That appraiser cannot be awarded this work: they hold no licence in {state_name}."
        )));
    };
    let mut reasons = candidate.reasons;
    if !candidate.coverage_verified {
        let county = county.unwrap_or("the property's county");
        reasons.push(format!("They have no verified coverage area in {county}."));
    }
    Ok((!reasons.is_empty())
        .then(|| format!("{} cannot be awarded this work. {}", candidate.name, reasons.join(" "))))
}

/// The company's date and time zone, which judge licences, insurance and turn times.
#[derive(Clone, Copy)]
pub struct Clock {
    pub today: NaiveDate,
    pub zone: Tz,
}

impl Clock {
    pub fn of(state: &AppState) -> AppResult<Clock> {
        let config = &state.config;
        Ok(Clock {
            today: config.today().map_err(AppError::Internal)?,
            zone: config.time_zone().map_err(AppError::Internal)?,
        })
    }
}

/// The ranked candidates for order `o` due on `due`, with the exclusion of a second appraisal;
/// answers the exclusion too.
pub async fn for_order(
    db: &impl ConnectionTrait,
    o: &portal_db::entities::order::Model,
    due: Option<NaiveDate>,
    clock: Clock,
) -> AppResult<(Vec<PanelMember>, Option<Exclusion>)> {
    let excluded = second::exclusion(db, o.id).await?;
    let county = o.property_county.as_deref();
    let list = ranked(db, &o.property_state_code, county, due, clock, excluded.as_ref()).await?;
    Ok((list, excluded))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn reasons_name_each_rule() {
        let good = Standing {
            licence_until: Some(day(30)),
            eno_expires: Some(day(30)),
            out_of_office: false,
            suspended: false,
        };
        assert!(reasons(&good, "Texas", day(25), Some(day(30))).is_empty());
        let bad = Standing {
            licence_until: Some(day(24)),
            eno_expires: Some(day(24)),
            out_of_office: true,
            suspended: true,
        };
        assert_eq!(
            reasons(&bad, "Texas", day(25), None),
            [
                "Their licence in Texas has expired.",
                "Their E&O insurance expired on 11/24/2026.",
                "Out of office on the due date.",
                "Suspended from the panel."
            ]
        );
        assert_eq!(
            reasons(&good, "Texas", day(25), Some(NaiveDate::from_ymd_opt(2026, 12, 2).unwrap())),
            [
                "Their licence in Texas expires on 11/30/2026, before the due date.",
                "Their E&O insurance expires on 11/30/2026, before the due date."
            ],
            "valid today, not on the due date"
        );
        let uninsured = Standing { eno_expires: None, ..good };
        assert_eq!(reasons(&uninsured, "Texas", day(25), None), ["No E&O insurance on file."]);
    }

    #[test]
    fn ranking() {
        // (name, eligible, coverage verified, on-time rate, revisions per order, open orders)
        let c = |name: &str,
                 eligible,
                 coverage_verified,
                 on_time: Option<f64>,
                 revisions,
                 open_orders| {
            Candidate {
                appraiser_id: 0,
                name: name.into(),
                company: None,
                licensed_in_state: true,
                coverage_verified,
                out_of_office: false,
                eno_expired: false,
                open_orders,
                on_time_rate: on_time,
                revisions_per_order: on_time.map(|_| revisions),
                average_turn_time_business_days: on_time.map(|_| 5.0),
                scored_orders: if on_time.is_some() { 4 } else { 0 },
                eligible,
                reasons: vec![],
            }
        };
        let mut list = [
            c("Ineligible", false, true, Some(1.0), 0.0, 0),
            c("New", true, true, None, 0.0, 0),
            c("Late", true, true, Some(0.5), 0.0, 0),
            c("Busy", true, true, Some(0.92), 0.0, 9),
            c("Uncovered", true, false, Some(1.0), 0.0, 0),
            c("Revised", true, true, Some(0.9), 0.5, 0),
            c("Best", true, true, Some(0.88), 0.0, 3),
        ];
        list.sort_by(best_first);
        let names: Vec<&str> = list.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Best", "Busy", "Revised", "Late", "New", "Uncovered", "Ineligible"]);
    }
}
