//! Turn time, read from an order's history (docs/domain.md#turn-time): the business days in the
//! company's time zone from the order's assignment to the first upload of its report, less the
//! business days it spent on hold or waiting for the company's answer to conditions.
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use portal_db::entities::order_history;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::status::OrderStatus::{self, *};
use crate::platform::business_days;
use crate::platform::http::error::AppResult;

/// The statuses that stop the clock.
pub const PAUSED: [OrderStatus; 2] = [OnHold, WaitingApproval];
/// The status an order takes when its report is first uploaded.
pub const REPORT_UPLOADED: OrderStatus = InReview;
/// The statuses of a revision request (by the company or the lender).
pub const REVISION_REQUESTS: [OrderStatus; 2] = [RevisionRequested, LenderRevisionRequest];

/// One entry of an order's history: the status the order had then.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    pub status: OrderStatus,
    pub at: DateTime<Utc>,
}

impl From<&order_history::Model> for Step {
    fn from(h: &order_history::Model) -> Step {
        Step { status: h.status_id, at: h.created_at }
    }
}

/// An order's turn time: finished once the report was uploaded, running until then.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TurnTime {
    /// Business days from assignment to the report (or to today while it runs), less pauses.
    pub business_days: i64,
    /// The report was uploaded: the clock has stopped.
    pub finished: bool,
    /// The order is on hold or waiting for the company now: the clock is paused.
    pub paused: bool,
    #[serde(skip)]
    pub report_uploaded_at: Option<DateTime<Utc>>,
}

/// The turn time of an order from its history, oldest entry first; None before it was assigned.
pub fn turn_time(steps: &[Step], now: DateTime<Utc>, zone: Tz) -> Option<TurnTime> {
    let start = steps.iter().position(|s| s.status == Assigned)?;
    let steps = &steps[start..];
    let uploaded_at = steps.iter().find(|s| s.status == REPORT_UPLOADED).map(|s| s.at);
    let end = uploaded_at.unwrap_or(now);
    let (business_days, paused) = working_days(steps, end, zone);
    Some(TurnTime {
        business_days,
        finished: uploaded_at.is_some(),
        paused: uploaded_at.is_none() && paused,
        report_uploaded_at: uploaded_at,
    })
}

/// The business days from the first step to `end`, less those spent paused (on hold or waiting
/// for the company's answer), and whether the order is paused at `end`.
pub fn working_days(steps: &[Step], end: DateTime<Utc>, zone: Tz) -> (i64, bool) {
    let Some(first) = steps.first() else { return (0, false) };
    let day = |t: DateTime<Utc>| -> NaiveDate { t.with_timezone(&zone).date_naive() };
    let mut paused_days = 0;
    let mut paused_since: Option<DateTime<Utc>> = None;
    for step in steps.iter().take_while(|s| s.at <= end) {
        let pausing = PAUSED.contains(&step.status);
        match paused_since {
            None if pausing => paused_since = Some(step.at),
            Some(since) if !pausing => {
                paused_days += business_days::between(day(since), day(step.at));
                paused_since = None;
            }
            _ => {}
        }
    }
    if let Some(since) = paused_since {
        paused_days += business_days::between(day(since), day(end));
    }
    let total = business_days::between(day(first.at), day(end));
    ((total - paused_days).max(0), paused_since.is_some())
}

/// The history of these orders as steps, oldest first, by order.
pub async fn steps_of(
    db: &impl ConnectionTrait,
    order_ids: Vec<i64>,
) -> AppResult<std::collections::HashMap<i64, Vec<Step>>> {
    let mut by_order = std::collections::HashMap::<i64, Vec<Step>>::new();
    for chunk in order_ids.chunks(500) {
        let rows = order_history::Entity::find()
            .filter(order_history::Column::OrderId.is_in(chunk.to_vec()))
            .order_by_asc(order_history::Column::CreatedAt)
            .order_by_asc(order_history::Column::Id)
            .all(db)
            .await?;
        for h in &rows {
            by_order.entry(h.order_id).or_default().push(Step::from(h));
        }
    }
    Ok(by_order)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    const ZONE: Tz = chrono_tz::America::Chicago;

    /// Noon in Chicago on that November 2026 day.
    fn at(day: u32) -> DateTime<Utc> {
        ZONE.with_ymd_and_hms(2026, 11, day, 12, 0, 0).unwrap().with_timezone(&Utc)
    }

    fn step(status: OrderStatus, day: u32) -> Step {
        Step { status, at: at(day) }
    }

    #[test]
    fn counts_business_days_from_assignment_to_the_report() {
        // Assigned Friday the 20th, report Monday the 30th: 23, 24, 25, 27, 30 (26 is
        // Thanksgiving).
        let steps = [step(Default, 19), step(Assigned, 20), step(Accepted, 20), step(InReview, 30)];
        let t = turn_time(&steps, at(30), ZONE).unwrap();
        assert_eq!((t.business_days, t.finished, t.paused), (5, true, false));
    }

    #[test]
    fn pauses_stop_the_clock_and_an_open_order_runs_until_now() {
        // On hold Monday the 23rd to Wednesday the 25th: two business days off the five.
        let steps = [step(Assigned, 20), step(OnHold, 23), step(Accepted, 25), step(InReview, 30)];
        assert_eq!(turn_time(&steps, at(30), ZONE).unwrap().business_days, 3);
        let running = [step(Assigned, 20), step(WaitingApproval, 24)];
        let t = turn_time(&running, at(30), ZONE).unwrap();
        assert_eq!((t.business_days, t.finished, t.paused), (2, false, true));
        assert_eq!(turn_time(&[step(Default, 20)], at(30), ZONE), None, "never assigned");
    }
}
