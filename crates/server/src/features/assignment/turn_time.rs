//! Turn-time rules: a product's business days from order to due date (optionally per state), and
//! its rush variant with its own fee. A new order takes its due date from the rule of its slowest
//! product in the property's state; a date sooner than that is accepted and marks the order rush
//! (the client pays the rush fee); staff give a reason for any other date than the rule's.
use chrono::NaiveDate;
use portal_db::entities::{report_type, turn_time_state};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::action_requests::date_label;
use crate::platform::business_days;
use crate::platform::call::CallOn;
use crate::platform::fields::{Field, named};
use crate::platform::geography;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::money::MAX_CENTS;
use crate::platform::state::AppState;

/// The longest turn time a rule may give.
pub const MAX_BUSINESS_DAYS: i32 = 60;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_turn_time, put_turn_time))
}

/// A product's turn time in one state, in place of its usual one.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateTurnTime {
    #[schema(pattern = "^[A-Za-z]{2}$")]
    pub state_code: String,
    #[schema(minimum = 1, maximum = 60)]
    pub business_days: i32,
    #[schema(minimum = 0, maximum = 59)]
    pub rush_business_days: Option<i32>,
}

/// A product's turn-time rule; `businessDays` null means no rule (staff choose every due date).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TurnTimeRule {
    #[schema(minimum = 1, maximum = 60)]
    pub business_days: Option<i32>,
    /// Business days of the rush variant (fewer than `businessDays`).
    #[schema(minimum = 0, maximum = 59)]
    pub rush_business_days: Option<i32>,
    /// What the client pays on top for a rush order, in whole cents.
    #[schema(minimum = 0, maximum = 100_000_000)]
    pub rush_fee_cents: Option<i64>,
    #[serde(default)]
    pub states: Vec<StateTurnTime>,
}

fn check_days(field: Field, days: i32, rush: Option<i32>) -> AppResult<()> {
    if !(1..=MAX_BUSINESS_DAYS).contains(&days) {
        return Err(field.refuse(format!("{field} must be from 1 to {MAX_BUSINESS_DAYS}.")));
    }
    if rush.is_some_and(|r| !(0..days).contains(&r)) {
        return Err(named("rushBusinessDays", "Rush business days")
            .refuse("Rush business days must be fewer than the business days.".into()));
    }
    Ok(())
}

/// The rule as sent, checked; state codes upper-cased.
pub fn checked(mut rule: TurnTimeRule) -> AppResult<TurnTimeRule> {
    let days = named("businessDays", "Business days");
    match rule.business_days {
        Some(n) => check_days(days, n, rule.rush_business_days)?,
        None if rule.rush_business_days.is_some() || !rule.states.is_empty() => {
            return Err(days.refuse("Business days are needed for a rush or state rule.".into()));
        }
        None => {}
    }
    if rule.rush_fee_cents.is_some_and(|c| !(0..=MAX_CENTS).contains(&c)) {
        return Err(named("rushFeeCents", "Rush fee")
            .refuse("Rush fee must be from $0.00 to $1,000,000.00.".into()));
    }
    for (i, s) in rule.states.iter_mut().enumerate() {
        s.state_code = s.state_code.trim().to_ascii_uppercase();
        if geography::state(&s.state_code).is_none() {
            return Err(named("states", "States")
                .refuse(format!("states[{i}]: {} is not a US state.", s.state_code)));
        }
        check_days(days, s.business_days, s.rush_business_days)?;
    }
    let codes: Vec<&str> = rule.states.iter().map(|s| s.state_code.as_str()).collect();
    if (1..codes.len()).any(|i| codes[..i].contains(&codes[i])) {
        return Err(named("states", "States").refuse("Each state can be listed once.".into()));
    }
    Ok(rule)
}

async fn product(db: &impl ConnectionTrait, id: i32) -> AppResult<report_type::Model> {
    report_type::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound("No such product.".into()))
}

async fn read(db: &impl ConnectionTrait, p: &report_type::Model) -> AppResult<TurnTimeRule> {
    let states = turn_time_state::Entity::find()
        .filter(turn_time_state::Column::ReportTypeId.eq(p.id))
        .order_by_asc(turn_time_state::Column::StateCode)
        .all(db)
        .await?
        .into_iter()
        .map(|s| StateTurnTime {
            state_code: s.state_code,
            business_days: s.business_days,
            rush_business_days: s.rush_business_days,
        })
        .collect();
    Ok(TurnTimeRule {
        business_days: p.turn_business_days,
        rush_business_days: p.rush_business_days,
        rush_fee_cents: p.rush_fee_cents,
        states,
    })
}

/// The product's turn-time rule.
#[utoipa::path(get, path = "/api/staff/products/{id}/turn-time", tag = "staff",
    params(("id" = i32, Path, description = "Product id")),
    responses((status = 200, body = TurnTimeRule), ReadAnswers))]
async fn get_turn_time(
    CallOn { state, id, .. }: CallOn<i32>,
) -> AppResult<axum::Json<TurnTimeRule>> {
    let p = product(&state.db, id).await?;
    Ok(axum::Json(read(&state.db, &p).await?))
}

/// Sets the product's turn-time rule (the state list replaces the old one); answers it as saved.
#[utoipa::path(
    put,
    path = "/api/staff/products/{id}/turn-time",
    tag = "staff",
    request_body = TurnTimeRule,
    params(("id" = i32, Path, description = "Product id")),
    responses(
        (status = 200, body = TurnTimeRule),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn put_turn_time(
    CallOn { state, id, .. }: CallOn<i32>,
    Json(body): Json<TurnTimeRule>,
) -> AppResult<axum::Json<TurnTimeRule>> {
    let rule = checked(body)?;
    let txn = portal_db::begin_write(&state.db).await?;
    product(&txn, id).await?;
    report_type::Entity::update_many()
        .col_expr(report_type::Column::TurnBusinessDays, Expr::value(rule.business_days))
        .col_expr(report_type::Column::RushBusinessDays, Expr::value(rule.rush_business_days))
        .col_expr(report_type::Column::RushFeeCents, Expr::value(rule.rush_fee_cents))
        .filter(report_type::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    turn_time_state::Entity::delete_many()
        .filter(turn_time_state::Column::ReportTypeId.eq(id))
        .exec(&txn)
        .await?;
    for s in &rule.states {
        turn_time_state::Entity::insert(turn_time_state::ActiveModel {
            report_type_id: Set(id),
            state_code: Set(s.state_code.clone()),
            business_days: Set(s.business_days),
            rush_business_days: Set(s.rush_business_days),
        })
        .exec_without_returning(&txn)
        .await?;
    }
    let saved = read(&txn, &product(&txn, id).await?).await?;
    txn.commit().await?;
    Ok(axum::Json(saved))
}

/// The rule an order follows: its slowest product's in the property's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub business_days: i32,
    pub rush_fee_cents: i64,
}

/// The rule of the slowest of `products` in `state_code`; None when none of them has one.
pub async fn rule_for(
    db: &impl ConnectionTrait,
    products: &[i32],
    state_code: &str,
) -> AppResult<Option<Rule>> {
    let rows = report_type::Entity::find()
        .filter(report_type::Column::Id.is_in(products.to_vec()))
        .filter(report_type::Column::TurnBusinessDays.is_not_null())
        .all(db)
        .await?;
    let by_state = turn_time_state::Entity::find()
        .filter(turn_time_state::Column::ReportTypeId.is_in(products.to_vec()))
        .filter(turn_time_state::Column::StateCode.eq(state_code.trim().to_ascii_uppercase()))
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|p| {
            let in_state = by_state.iter().find(|s| s.report_type_id == p.id);
            let days = in_state.map(|s| s.business_days).or(p.turn_business_days)?;
            Some(Rule { business_days: days, rush_fee_cents: p.rush_fee_cents.unwrap_or(0) })
        })
        .max_by_key(|r| (r.business_days, r.rush_fee_cents)))
}

/// A new order's due date as settled by its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Due {
    pub date: NaiveDate,
    /// The date the rule gives (None: no rule).
    pub rule_date: Option<NaiveDate>,
    /// Sooner than the rule allows.
    pub rush: bool,
    /// What the rush adds to the client's fee.
    pub rush_fee_cents: i64,
}

impl Due {
    /// A date other than the rule's (staff say why).
    pub fn overrides_rule(&self) -> bool {
        self.rule_date.is_some_and(|r| r != self.date)
    }

    /// The history line of a rush order or an overridden date; None when the rule's date holds.
    pub fn note(&self, reason: Option<&str>) -> Option<String> {
        let rule = self.rule_date?;
        let mut line = if self.rush {
            format!(
                "Rush: due {}, sooner than the turn time's {}.",
                date_label(self.date),
                date_label(rule)
            )
        } else if self.overrides_rule() {
            format!(
                "Due {} instead of the turn time's {}.",
                date_label(self.date),
                date_label(rule)
            )
        } else {
            return None;
        };
        if let Some(reason) = reason {
            line.push_str(&format!(" Reason: {reason}"));
        }
        Some(line)
    }
}

/// The due date: the one `given`, else the rule's; `None` when there is neither.
pub fn settle(rule: Option<Rule>, today: NaiveDate, given: Option<NaiveDate>) -> Option<Due> {
    let rule_date = rule.map(|r| business_days::after(today, i64::from(r.business_days)));
    let date = given.or(rule_date)?;
    let rush = rule_date.is_some_and(|r| date < r);
    let rush_fee_cents = if rush { rule.map_or(0, |r| r.rush_fee_cents) } else { 0 };
    Some(Due { date, rule_date, rush, rush_fee_cents })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, day).unwrap()
    }

    #[test]
    fn the_rule_counts_business_days_and_marks_a_sooner_date_rush() {
        let rule = Some(Rule { business_days: 5, rush_fee_cents: 7500 });
        // Monday 11/23: Thanksgiving and the weekend are skipped.
        let due = settle(rule, d(11, 23), None).unwrap();
        assert_eq!((due.date, due.rush, due.rush_fee_cents), (d(12, 1), false, 0));
        let rushed = settle(rule, d(11, 23), Some(d(11, 25))).unwrap();
        assert_eq!(
            (rushed.rush, rushed.rush_fee_cents, rushed.rule_date),
            (true, 7500, Some(d(12, 1)))
        );
        assert_eq!(
            rushed.note(None).unwrap(),
            "Rush: due 11/25/2026, sooner than the turn time's 12/01/2026."
        );
        let later = settle(rule, d(11, 23), Some(d(12, 4))).unwrap();
        assert!(!later.rush && later.overrides_rule());
        assert_eq!(settle(None, d(11, 23), None), None);
        assert!(!settle(None, d(11, 23), Some(d(12, 4))).unwrap().overrides_rule());
    }

    #[test]
    fn a_rule_is_checked() {
        let rule = |days, rush, states: Vec<StateTurnTime>| TurnTimeRule {
            business_days: days,
            rush_business_days: rush,
            rush_fee_cents: Some(5000),
            states,
        };
        let texas = |days| StateTurnTime {
            state_code: "tx".into(),
            business_days: days,
            rush_business_days: None,
        };
        assert!(checked(rule(Some(5), Some(2), vec![texas(7)])).is_ok());
        assert_eq!(
            checked(rule(Some(5), None, vec![texas(7)])).unwrap().states[0].state_code,
            "TX"
        );
        for bad in [
            rule(Some(0), None, vec![]),
            rule(Some(61), None, vec![]),
            rule(Some(5), Some(5), vec![]),
            rule(None, Some(2), vec![]),
            rule(Some(5), None, vec![texas(7), texas(8)]),
            rule(Some(5), None, vec![StateTurnTime { state_code: "ZZ".into(), ..texas(3) }]),
        ] {
            assert!(matches!(checked(bad), Err(AppError::InvalidField { .. })));
        }
    }
}
