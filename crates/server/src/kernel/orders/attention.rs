//! The attention indicator of an order: the first rule that matches
//! (docs/domain.md#attention-indicators).
//! Computed when read, from dates, in the company's time zone, so it is never stale.
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;

use super::status::OrderStatus;

/// What the indicator is computed from.
#[derive(Debug, Clone)]
pub struct AttentionFacts {
    pub status: OrderStatus,
    pub assigned_at: Option<DateTime<Utc>>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub appraiser_due_date: Option<NaiveDate>,
    pub inspection_due_date: Option<NaiveDate>,
    /// The scheduled (or actual) inspection time.
    pub inspection_at: Option<DateTime<Utc>>,
    /// A desktop report: no inspection.
    pub is_desktop: bool,
}

pub const ORDER_REJECTED: &str = "order rejected";
pub const ON_HOLD: &str = "on hold";
pub const REVISION_REQUEST: &str = "revision request";
pub const LATE_ACCEPTANCE: &str = "late acceptance";
pub const ACCEPTANCE_RESPONSE_REQUIRED: &str = "acceptance response required";
pub const ORDER_OVERDUE: &str = "order overdue";
pub const DUE_TODAY: &str = "due today";
pub const INSPECTION_OVERDUE: &str = "inspection overdue";
pub const LATE_INSPECTION_DATE_SET: &str = "late inspection date set";
pub const INSPECTION_DATE_NOT_SET: &str = "inspection date not set";
pub const DESKTOP_FOLLOWUP: &str = "desktop followup";

pub fn attention_indicator(
    f: &AttentionFacts,
    now: DateTime<Utc>,
    zone: Tz,
) -> Option<&'static str> {
    let today = now.with_timezone(&zone).date_naive();
    use OrderStatus as S;
    let working = f.status.is_open() && !f.status.in_review();
    let scheduled = matches!(f.status, S::Scheduled | S::Rescheduled);
    let inspection_day = f.inspection_at.map(|t| t.with_timezone(&zone).date_naive());
    match f.status {
        S::Rejected => return Some(ORDER_REJECTED),
        S::OnHold => return Some(ON_HOLD),
        S::RevisionRequested | S::LenderRevisionRequest => return Some(REVISION_REQUEST),
        S::Assigned if f.assigned_at.is_some_and(|t| now - t > Duration::hours(24)) => {
            return Some(LATE_ACCEPTANCE);
        }
        S::Assigned => return Some(ACCEPTANCE_RESPONSE_REQUIRED),
        _ => {}
    }
    if working && f.appraiser_due_date.is_some_and(|d| d < today) {
        return Some(ORDER_OVERDUE);
    }
    if working && f.appraiser_due_date == Some(today) {
        return Some(DUE_TODAY);
    }
    if scheduled && f.inspection_at.is_some_and(|t| t < now) {
        return Some(INSPECTION_OVERDUE);
    }
    if scheduled
        && matches!((inspection_day, f.inspection_due_date), (Some(day), Some(due)) if day > due)
    {
        return Some(LATE_INSPECTION_DATE_SET);
    }
    let before_inspection = matches!(
        f.status,
        S::Accepted | S::InProgress | S::ReferToComments | S::LeftMessage | S::NoAnswer
    );
    if before_inspection
        && f.inspection_at.is_none()
        && f.inspection_due_date.is_some_and(|due| due <= today + Duration::days(1))
    {
        return Some(INSPECTION_DATE_NOT_SET);
    }
    if f.is_desktop && working && f.accepted_at.is_some_and(|t| now - t > Duration::days(2)) {
        return Some(DESKTOP_FOLLOWUP);
    }
    None
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn chicago() -> Tz {
        "America/Chicago".parse().unwrap()
    }

    /// 2026-11-20 10:00 in Chicago (16:00 UTC).
    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 20, 16, 0, 0).unwrap()
    }

    fn day(d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(2026, 11, d)
    }

    fn at(hours_ago: i64) -> Option<DateTime<Utc>> {
        Some(now() - Duration::hours(hours_ago))
    }

    /// An order in status `status_id` with no dates.
    fn facts(status_id: i32) -> AttentionFacts {
        AttentionFacts {
            status: OrderStatus::from_id(status_id).unwrap(),
            assigned_at: None,
            accepted_at: None,
            appraiser_due_date: None,
            inspection_due_date: None,
            inspection_at: None,
            is_desktop: false,
        }
    }

    #[test]
    fn rule_table() {
        let base = AttentionFacts {
            appraiser_due_date: day(27),
            inspection_due_date: day(25),
            ..facts(1)
        };
        let f = |status_id: i32, edit: fn(&mut AttentionFacts)| {
            let mut facts =
                AttentionFacts { status: OrderStatus::from_id(status_id).unwrap(), ..base.clone() };
            edit(&mut facts);
            facts
        };
        let cases: Vec<(&str, AttentionFacts, Option<&str>)> = vec![
            (
                "1 rejected wins over overdue",
                f(21, |x| x.appraiser_due_date = day(1)),
                Some(ORDER_REJECTED),
            ),
            ("2 on hold", f(10, |_| {}), Some(ON_HOLD)),
            ("3 revision requested", f(16, |_| {}), Some(REVISION_REQUEST)),
            ("3 lender revision request", f(23, |_| {}), Some(REVISION_REQUEST)),
            (
                "4 assigned over 24 hours ago",
                f(4, |x| x.assigned_at = at(25)),
                Some(LATE_ACCEPTANCE),
            ),
            (
                "5 assigned recently",
                f(4, |x| x.assigned_at = at(2)),
                Some(ACCEPTANCE_RESPONSE_REQUIRED),
            ),
            ("6 overdue", f(6, |x| x.appraiser_due_date = day(19)), Some(ORDER_OVERDUE)),
            (
                "6 overdue wins over inspection rules",
                f(11, |x| {
                    x.appraiser_due_date = day(19);
                    x.inspection_at = at(5)
                }),
                Some(ORDER_OVERDUE),
            ),
            ("6 not in review", f(14, |x| x.appraiser_due_date = day(19)), None),
            ("7 due today", f(13, |x| x.appraiser_due_date = day(20)), Some(DUE_TODAY)),
            ("8 inspection passed", f(11, |x| x.inspection_at = at(1)), Some(INSPECTION_OVERDUE)),
            (
                "8 rescheduled inspection passed",
                f(12, |x| x.inspection_at = at(30)),
                Some(INSPECTION_OVERDUE),
            ),
            (
                "9 inspection after its due date",
                f(11, |x| x.inspection_at = Some(now() + Duration::days(6))),
                Some(LATE_INSPECTION_DATE_SET),
            ),
            (
                "9 inspection on time",
                f(11, |x| x.inspection_at = Some(now() + Duration::days(2))),
                None,
            ),
            (
                "10 no inspection, due tomorrow",
                f(5, |x| x.inspection_due_date = day(21)),
                Some(INSPECTION_DATE_NOT_SET),
            ),
            (
                "10 no inspection, due passed",
                f(9, |x| x.inspection_due_date = day(18)),
                Some(INSPECTION_DATE_NOT_SET),
            ),
            ("10 no inspection, due later", f(5, |x| x.inspection_due_date = day(23)), None),
            (
                "11 desktop accepted 3 days ago",
                f(13, |x| {
                    x.is_desktop = true;
                    x.accepted_at = at(72)
                }),
                Some(DESKTOP_FOLLOWUP),
            ),
            (
                "11 desktop accepted yesterday",
                f(13, |x| {
                    x.is_desktop = true;
                    x.accepted_at = at(24)
                }),
                None,
            ),
            (
                "11 desktop in review",
                f(14, |x| {
                    x.is_desktop = true;
                    x.accepted_at = at(100)
                }),
                None,
            ),
            ("closed orders need nothing", f(15, |x| x.appraiser_due_date = day(1)), None),
        ];
        for (name, facts, expected) in cases {
            assert_eq!(attention_indicator(&facts, now(), chicago()), expected, "{name}");
        }
    }

    #[test]
    fn today_is_the_company_day_not_utc() {
        // 2026-11-21 03:00 UTC is still the 20th in Chicago.
        let late_evening = Utc.with_ymd_and_hms(2026, 11, 21, 3, 0, 0).unwrap();
        let facts = AttentionFacts { appraiser_due_date: day(20), ..facts(6) };
        assert_eq!(attention_indicator(&facts, late_evening, chicago()), Some(DUE_TODAY));
        assert_eq!(attention_indicator(&facts, late_evening, chrono_tz::UTC), Some(ORDER_OVERDUE));
    }
}
