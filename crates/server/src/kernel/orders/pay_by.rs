//! When the company must pay the appraiser (docs/domain.md#pay-by-dates): many states fix how many
//! days an AMC has from an event of the order (the report received, completion or delivery). The
//! clock starts at the first such event in the order's history, so a revision does not move it; the
//! last allowed day, when it is not a business day, moves back to the business day before it, so
//! that a payment made on the pay-by date is always on time.
use chrono::{Duration, NaiveDate};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::status::OrderStatus;
use super::turn_time::Step;
use crate::platform::business_days::is_business_day;
use crate::platform::config::Config;

/// The event of an order that starts its pay-by clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Clock {
    /// The appraiser's report reached the company (submitted, transmitted or received).
    Report,
    /// The company completed the order (its review passed).
    Completion,
    /// The report was delivered to the client.
    Delivery,
}

impl Clock {
    /// The status an order takes when the event happens.
    fn status(self) -> OrderStatus {
        match self {
            Clock::Report => OrderStatus::InReview,
            Clock::Completion => OrderStatus::Completed,
            Clock::Delivery => OrderStatus::DeliveredToClient,
        }
    }
}

/// Days allowed from the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub days: i64,
    pub clock: Clock,
}

const fn rule(days: i64, clock: Clock) -> Rule {
    Rule { days, clock }
}

/// The states' rules (the sources are in docs/domain.md); other states use the company default.
pub const STATE_RULES: [(&str, Rule); 11] = [
    ("GA", rule(30, Clock::Completion)),
    ("NC", rule(30, Clock::Report)),
    ("AL", rule(45, Clock::Report)),
    ("SC", rule(45, Clock::Report)),
    ("IA", rule(45, Clock::Report)),
    ("WV", rule(45, Clock::Report)),
    ("DC", rule(45, Clock::Report)),
    ("WA", rule(45, Clock::Completion)),
    ("KY", rule(45, Clock::Report)),
    ("TN", rule(60, Clock::Report)),
    ("OH", rule(60, Clock::Report)),
];

/// The company's rule for states without one (configuration, checked when it is loaded).
pub fn company_default(config: &Config) -> Rule {
    let clock = match config.pay_by_default_event.as_str() {
        "report" => Clock::Report,
        "completion" => Clock::Completion,
        _ => Clock::Delivery,
    };
    Rule { days: config.pay_by_default_days, clock }
}

/// The rule of the property's state, or the company default.
pub fn rule_for(state_code: &str, default: Rule) -> Rule {
    STATE_RULES.iter().find(|(state, _)| *state == state_code).map_or(default, |(_, r)| *r)
}

/// The last day to pay: `days` after `start`, moved back to a business day.
pub fn last_day(start: NaiveDate, days: i64) -> NaiveDate {
    let mut day = start + Duration::days(days);
    while !is_business_day(day) {
        day -= Duration::days(1);
    }
    day
}

/// The pay-by dates of these orders (by id) whose clock has started.
pub async fn of_orders(
    db: &impl sea_orm::ConnectionTrait,
    config: &Config,
    orders: &[portal_db::entities::order::Model],
) -> crate::platform::http::error::AppResult<std::collections::HashMap<i64, NaiveDate>> {
    let zone = config.time_zone().map_err(crate::platform::http::error::AppError::Internal)?;
    let default = company_default(config);
    let mut steps = super::turn_time::steps_of(db, orders.iter().map(|o| o.id).collect()).await?;
    Ok(orders
        .iter()
        .filter_map(|o| {
            let rule = rule_for(&o.property_state_code, default);
            let day = pay_by(rule, &steps.remove(&o.id).unwrap_or_default(), zone)?;
            Some((o.id, day))
        })
        .collect())
}

/// The order's pay-by date from its history (oldest first); None until its clock has started.
pub fn pay_by(rule: Rule, steps: &[Step], zone: Tz) -> Option<NaiveDate> {
    let started = steps.iter().find(|s| s.status == rule.clock.status())?;
    Some(last_day(started.at.with_timezone(&zone).date_naive(), rule.days))
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;

    const ZONE: Tz = chrono_tz::America::Chicago;
    const DEFAULT: Rule = rule(30, Clock::Delivery);

    fn date(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    fn step(status: OrderStatus, m: u32, d: u32) -> Step {
        Step {
            status,
            at: ZONE.with_ymd_and_hms(2026, m, d, 10, 0, 0).unwrap().with_timezone(&Utc),
        }
    }

    #[test]
    fn each_listed_state_counts_from_its_event() {
        // Report Monday 2 Nov, completed Wednesday 4 Nov, delivered Friday 6 Nov.
        let steps = [
            step(OrderStatus::InReview, 11, 2),
            step(OrderStatus::Completed, 11, 4),
            step(OrderStatus::DeliveredToClient, 11, 6),
        ];
        let expect = |state: &str| pay_by(rule_for(state, DEFAULT), &steps, ZONE).unwrap();
        assert_eq!(expect("GA"), date(12, 4), "30 days from completion: Friday 4 Dec");
        assert_eq!(expect("NC"), date(12, 2), "30 from the report: Wednesday 2 Dec");
        for state in ["AL", "SC", "IA", "WV", "DC", "KY"] {
            // 45 days from 2 Nov is Thursday 17 Dec.
            assert_eq!(expect(state), date(12, 17), "{state}");
        }
        assert_eq!(
            expect("WA"),
            date(12, 18),
            "45 from completion: Saturday 19 Dec, back to Friday"
        );
        // 60 days from the report is New Year's Day 2027, a holiday: back to Thursday 31 Dec.
        assert_eq!(expect("TN"), date(12, 31));
        assert_eq!(expect("OH"), date(12, 31));
        assert_eq!(
            expect("TX"),
            date(12, 4),
            "the default: 30 days from delivery, Sunday 6 Dec back to Friday"
        );
    }

    #[test]
    fn a_last_day_on_a_weekend_or_holiday_moves_back() {
        assert_eq!(last_day(date(11, 27), 0), date(11, 27), "a Friday stays");
        assert_eq!(last_day(date(11, 28), 0), date(11, 27), "Saturday back to Friday");
        assert_eq!(last_day(date(11, 26), 0), date(11, 25), "Thanksgiving back to Wednesday");
        assert_eq!(
            last_day(date(12, 26), 0),
            date(12, 24),
            "Saturday, then Friday 25 Dec, back to Thursday"
        );
    }

    #[test]
    fn a_revision_does_not_move_the_clock_and_none_before_the_event() {
        let steps = [
            step(OrderStatus::InReview, 11, 2),
            step(OrderStatus::RevisionRequested, 11, 3),
            step(OrderStatus::InReview, 11, 16),
        ];
        assert_eq!(pay_by(rule_for("NC", DEFAULT), &steps, ZONE), Some(date(12, 2)));
        assert_eq!(pay_by(rule_for("TX", DEFAULT), &steps, ZONE), None, "not delivered yet");
    }
}
