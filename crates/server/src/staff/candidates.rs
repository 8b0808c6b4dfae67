//! Choosing the appraiser: the ranked candidates for an order, assigning one (-> assigned, they
//! are invited and e-mailed) and taking the order back (-> default).
//!
//! Candidates are the active appraisers (and firm administrators) who hold a licence in the
//! property's state, valid or not, so staff see why someone they expected is not eligible.
//! Eligible = a licence in the state that has not expired, E&O insurance that has not expired,
//! and not out of office on the due date. Best first: eligible, then a verified coverage area in
//! the order's county, then the company's score, then the fewest open orders, then by name.
use std::cmp::Ordering;
use std::collections::HashMap;

use axum::extract::State;
use chrono::{NaiveDate, Utc};
use portal_db::entities::{
    appraiser_license, appraiser_profile, coverage_area, order, order_detail, security_user,
};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::fields::{invalid, optional_date, positive_fee};
use crate::current_user::CurrentUser;
use crate::geography;
use crate::http::error::{
    AppError, AppResult, ChangeAnswers, ChangeWithInputAnswers, MessageResponse,
};
use crate::http::extract::{Json, Path};
use crate::money::to_amount;
use crate::names::full_name;
use crate::orders::action_requests::date_label;
use crate::orders::apply::{self, Change};
use crate::orders::assign::open_order_counts;
use crate::orders::lifecycle::OrderAction;
use crate::roles::UserType;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(candidates))
        .routes(routes!(assign))
        .routes(routes!(unassign))
}

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
    /// The company's score, 0..5 (0: not enough data).
    pub score: f64,
    pub eligible: bool,
    /// Why the appraiser is not eligible (empty when eligible).
    pub reasons: Vec<String>,
}

/// What decides a candidate's standing, read from the database.
pub struct Standing {
    pub licensed_in_state: bool,
    pub eno_expires: Option<NaiveDate>,
    pub out_of_office: bool,
}

/// The reasons an appraiser in `standing` may not take an order in `state_name` on `today`.
pub fn reasons(standing: &Standing, state_name: &str, today: NaiveDate) -> Vec<String> {
    let mut reasons = Vec::new();
    if !standing.licensed_in_state {
        reasons.push(format!("Their licence in {state_name} has expired."));
    }
    match standing.eno_expires {
        None => reasons.push("No E&O insurance on file.".to_string()),
        Some(date) if date < today => {
            reasons.push(format!("Their E&O insurance expired on {}.", date_label(date)))
        }
        Some(_) => {}
    }
    if standing.out_of_office {
        reasons.push("Out of office on the due date.".to_string());
    }
    reasons
}

/// Best first (see the module's note).
pub fn best_first(a: &Candidate, b: &Candidate) -> Ordering {
    b.eligible
        .cmp(&a.eligible)
        .then(b.coverage_verified.cmp(&a.coverage_verified))
        .then(b.score.partial_cmp(&a.score).unwrap_or(Ordering::Equal))
        .then(a.open_orders.cmp(&b.open_orders))
        .then(a.name.cmp(&b.name))
}

/// The ranked candidates for `o`, judged for the due date `due` on the company's `today`.
pub async fn ranked(
    db: &impl ConnectionTrait,
    o: &order::Model,
    due: Option<NaiveDate>,
    today: NaiveDate,
) -> AppResult<Vec<(Candidate, security_user::Model)>> {
    let state_code = o.property_state_code.to_ascii_uppercase();
    let licences = appraiser_license::Entity::find()
        .filter(appraiser_license::Column::StateCode.eq(state_code.as_str()))
        .all(db)
        .await?;
    let mut valid_until: HashMap<i32, NaiveDate> = HashMap::new();
    for l in licences {
        let best = valid_until.entry(l.appraiser_profile_id).or_insert(l.expiration_date);
        *best = (*best).max(l.expiration_date);
    }
    let profiles = appraiser_profile::Entity::find()
        .find_also_related(security_user::Entity)
        .filter(
            appraiser_profile::Column::Id.is_in(valid_until.keys().copied().collect::<Vec<_>>()),
        )
        .filter(security_user::Column::Active.eq(true))
        .filter(
            security_user::Column::UserType
                .is_in([UserType::Appraiser.number(), UserType::AppraiserAdmin.number()]),
        )
        .all(db)
        .await?;
    let profile_ids: Vec<i32> = profiles.iter().map(|(p, _)| p.id).collect();
    let county = o.property_county.clone().unwrap_or_default();
    let covered: Vec<i32> = coverage_area::Entity::find()
        .filter(coverage_area::Column::AppraiserProfileId.is_in(profile_ids))
        .filter(coverage_area::Column::StateCode.eq(state_code.as_str()))
        .filter(coverage_area::Column::Verified.eq(true))
        .all(db)
        .await?
        .into_iter()
        .filter(|c| c.county.eq_ignore_ascii_case(county.trim()))
        .map(|c| c.appraiser_profile_id)
        .collect();
    let companies = super::firm_names(db).await?;
    let counts = open_order_counts(
        db,
        profiles.iter().filter_map(|(_, u)| u.as_ref().map(|u| u.id)).collect(),
    )
    .await?;
    let state_name = geography::state(&state_code).map_or(state_code.clone(), |s| s.name.clone());
    let mut list: Vec<(Candidate, security_user::Model)> = profiles
        .into_iter()
        .filter_map(|(p, user)| user.map(|u| (p, u)))
        .map(|(p, u)| {
            let standing = Standing {
                licensed_in_state: valid_until.get(&p.id).is_some_and(|until| *until >= today),
                eno_expires: p.eno_expiration_date,
                out_of_office: match (due, p.ooo_start_date, p.ooo_end_date) {
                    (Some(day), Some(start), Some(end)) => start <= day && day <= end,
                    _ => false,
                },
            };
            let reasons = reasons(&standing, &state_name, today);
            let candidate = Candidate {
                appraiser_id: u.id,
                name: full_name(&u),
                company: p.company_id.and_then(|id| companies.get(&id).cloned()),
                licensed_in_state: standing.licensed_in_state,
                coverage_verified: covered.contains(&p.id),
                out_of_office: standing.out_of_office,
                eno_expired: standing.eno_expires.is_none_or(|d| d < today),
                open_orders: counts.get(&u.id).copied().unwrap_or(0),
                score: p.score.unwrap_or(0.0),
                eligible: reasons.is_empty(),
                reasons,
            };
            (candidate, u)
        })
        .collect();
    list.sort_by(|a, b| best_first(&a.0, &b.0));
    Ok(list)
}

fn today(state: &AppState) -> AppResult<NaiveDate> {
    state.config.today().map_err(AppError::Internal)
}

/// The appraisers who could take the order, best first, with the reasons of those who may not.
#[utoipa::path(get, path = "/api/staff/orders/{id}/candidates", tag = "staff", params(("id" = i64, Path, description = "Order id")),
    responses((status = 200, body = Vec<Candidate>), (status = 403, body = MessageResponse), (status = 404, body = MessageResponse)))]
async fn candidates(
    State(state): State<AppState>,
    caller: CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<Vec<Candidate>>> {
    let o = crate::orders::visibility::find_visible_order(&state.db, &caller, id).await?;
    let list = ranked(&state.db, &o, o.appraiser_due_date, today(&state)?).await?;
    Ok(axum::Json(list.into_iter().map(|(c, _)| c).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignBody {
    /// Security user id of the appraiser.
    pub appraiser_id: Option<i32>,
    /// A fee other than the order's (dollars).
    #[schema(value_type = Option<f64>)]
    #[serde(default)]
    pub appraiser_fee: serde_json::Value,
    /// A due date other than the order's (yyyy-mm-dd).
    pub appraiser_due_date: Option<String>,
}

/// Gives the order to an eligible appraiser (-> assigned): they are invited and e-mailed.
#[utoipa::path(post, path = "/api/staff/orders/{id}/assign", tag = "staff", request_body = AssignBody, params(("id" = i64, Path, description = "Order id")),
    responses(ChangeWithInputAnswers))]
async fn assign(
    State(state): State<AppState>,
    caller: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<AssignBody>,
) -> AppResult<axum::Json<MessageResponse>> {
    let checked = apply::check(&state.db, &caller, id, OrderAction::Assign).await?;
    let appraiser_id = body
        .appraiser_id
        .ok_or_else(|| invalid("Please select an appraiser to assign the order to."))?;
    let today = today(&state)?;
    let fee = if body.appraiser_fee.is_null() {
        None
    } else {
        Some(positive_fee("Appraiser fee", &body.appraiser_fee)?)
    };
    let due = optional_date("Appraiser due date", body.appraiser_due_date.as_deref())?;
    if due.is_some_and(|d| d < today) {
        return Err(invalid("Appraiser due date cannot be in the past."));
    }
    let o = &checked.order;
    let (candidate, user) = ranked(&state.db, o, due.or(o.appraiser_due_date), today)
        .await?
        .into_iter()
        .find(|(c, _)| c.appraiser_id == appraiser_id)
        .ok_or_else(|| {
            invalid(format!(
                "That appraiser cannot be assigned this order: they hold no licence in {}.",
                o.property_state_code
            ))
        })?;
    if !candidate.eligible {
        return Err(invalid(format!(
            "{} cannot be assigned this order. {}",
            candidate.name,
            candidate.reasons.join(" ")
        )));
    }
    let company = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(user.id))
        .one(&state.db)
        .await?
        .and_then(|p| p.company_id);
    let mut note =
        vec![format!("Order assigned to {} by {}.", candidate.name, full_name(&caller.user))];
    let mut order_columns = vec![
        (order::Column::AssignedAppraiserId, Expr::value(user.id)),
        (order::Column::AssignedCompanyId, Expr::value(company)),
        (order::Column::AssignmentActualDate, Expr::value(Utc::now())),
        (order::Column::AcceptedAt, Expr::value(Option::<chrono::DateTime<Utc>>::None)),
    ];
    if let Some(date) = due {
        order_columns.push((order::Column::AppraiserDueDate, Expr::value(date)));
        note.push(format!("Appraiser due date: {}.", date_label(date)));
    }
    let mut detail_columns = Vec::new();
    if let Some(cents) = fee {
        detail_columns.push((order_detail::Column::AppraiserFeeCents, Expr::value(cents)));
        note.push(format!("Appraiser fee: ${:.2}.", to_amount(cents)));
    }
    let change =
        Change { order_columns, detail_columns, assign_to: Some(user), ..Change::noting(note) };
    apply::apply(&state, &caller, &checked, change).await?;
    Ok(axum::Json(MessageResponse::new(format!("Order assigned to {}.", candidate.name))))
}

/// Takes the order back from its appraiser (-> default); they stay invited and are told.
#[utoipa::path(post, path = "/api/staff/orders/{id}/unassign", tag = "staff", params(("id" = i64, Path, description = "Order id")),
    responses(ChangeAnswers))]
async fn unassign(
    State(state): State<AppState>,
    caller: CurrentUser,
    Path(id): Path<i64>,
) -> AppResult<axum::Json<MessageResponse>> {
    let checked = apply::check(&state.db, &caller, id, OrderAction::Unassign).await?;
    let previous = match checked.order.assigned_appraiser_id {
        Some(appraiser) => security_user::Entity::find_by_id(appraiser)
            .one(&state.db)
            .await?
            .map(|u| full_name(&u))
            .unwrap_or_default(),
        None => String::new(),
    };
    let change = Change {
        order_columns: vec![
            (order::Column::AssignedAppraiserId, Expr::value(Option::<i32>::None)),
            (order::Column::AssignedCompanyId, Expr::value(Option::<i32>::None)),
            (order::Column::AcceptedAt, Expr::value(Option::<chrono::DateTime<Utc>>::None)),
        ],
        tell_appraiser: Some("no longer assigned to you".into()),
        ..Change::noting(vec![format!(
            "Order unassigned from {previous} by {}.",
            full_name(&caller.user)
        )])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    Ok(axum::Json(MessageResponse::new("The order was unassigned.")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn reasons_name_each_rule() {
        let good =
            Standing { licensed_in_state: true, eno_expires: Some(day(30)), out_of_office: false };
        assert!(reasons(&good, "Texas", day(25)).is_empty());
        let bad =
            Standing { licensed_in_state: false, eno_expires: Some(day(24)), out_of_office: true };
        assert_eq!(
            reasons(&bad, "Texas", day(25)),
            [
                "Their licence in Texas has expired.",
                "Their E&O insurance expired on 11/24/2026.",
                "Out of office on the due date."
            ]
        );
        let uninsured = Standing { eno_expires: None, ..good };
        assert_eq!(reasons(&uninsured, "Texas", day(25)), ["No E&O insurance on file."]);
    }

    #[test]
    fn ranking() {
        let c = |name: &str, eligible, coverage_verified, score, open_orders| Candidate {
            appraiser_id: 0,
            name: name.into(),
            company: None,
            licensed_in_state: true,
            coverage_verified,
            out_of_office: false,
            eno_expired: false,
            open_orders,
            score,
            eligible,
            reasons: vec![],
        };
        let mut list = [
            c("Ineligible", false, true, 5.0, 0),
            c("Busy", true, true, 4.0, 9),
            c("Uncovered", true, false, 5.0, 0),
            c("Best", true, true, 4.5, 3),
            c("Idle", true, true, 4.0, 1),
        ];
        list.sort_by(best_first);
        let names: Vec<&str> = list.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Best", "Idle", "Busy", "Uncovered", "Ineligible"]);
    }
}
