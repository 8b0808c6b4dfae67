//! Business days: Monday to Friday, less the US federal holidays (on the weekday they are
//! observed: a Saturday holiday on the Friday before, a Sunday one on the Monday after).
use chrono::{Datelike, Duration, NaiveDate, Weekday};

/// Whether work is expected on that day.
pub fn is_business_day(day: NaiveDate) -> bool {
    !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) && !is_federal_holiday(day)
}

/// The business days after `start` up to and including `end` (0 when `end` is not after
/// `start`): assigned on a Friday and delivered the next Monday is one business day.
pub fn between(start: NaiveDate, end: NaiveDate) -> i64 {
    start.iter_days().skip(1).take_while(|d| *d <= end).filter(|d| is_business_day(*d)).count()
        as i64
}

/// The `n`th business day after `start` (`start` itself when `n` is 0), so that
/// `between(start, after(start, n)) == n`.
pub fn after(start: NaiveDate, n: i64) -> NaiveDate {
    let count = usize::try_from(n).unwrap_or(0);
    start.iter_days().skip(1).filter(|d| is_business_day(*d)).take(count).last().unwrap_or(start)
}

/// A federal holiday as observed that year (also the Friday, December 31, observing the next
/// New Year's Day when it falls on a Saturday).
pub fn is_federal_holiday(day: NaiveDate) -> bool {
    [day.year(), day.year() + 1].into_iter().flat_map(holidays_observed).any(|h| h == day)
}

fn holidays_observed(year: i32) -> Vec<NaiveDate> {
    let fixed = |month, day| observed(NaiveDate::from_ymd_opt(year, month, day).unwrap());
    let nth =
        |month, weekday, n| NaiveDate::from_weekday_of_month_opt(year, month, weekday, n).unwrap();
    vec![
        fixed(1, 1),              // New Year's Day
        nth(1, Weekday::Mon, 3),  // Birthday of Martin Luther King, Jr.
        nth(2, Weekday::Mon, 3),  // Washington's Birthday
        last_monday_of_may(year), // Memorial Day
        fixed(6, 19),             // Juneteenth National Independence Day
        fixed(7, 4),              // Independence Day
        nth(9, Weekday::Mon, 1),  // Labor Day
        nth(10, Weekday::Mon, 2), // Columbus Day
        fixed(11, 11),            // Veterans Day
        nth(11, Weekday::Thu, 4), // Thanksgiving Day
        fixed(12, 25),            // Christmas Day
    ]
}

fn observed(day: NaiveDate) -> NaiveDate {
    match day.weekday() {
        Weekday::Sat => day - Duration::days(1),
        Weekday::Sun => day + Duration::days(1),
        _ => day,
    }
}

fn last_monday_of_may(year: i32) -> NaiveDate {
    let may_31 = NaiveDate::from_ymd_opt(year, 5, 31).unwrap();
    may_31 - Duration::days(i64::from(may_31.weekday().num_days_from_monday()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn weekends_are_not_counted() {
        // Friday 2026-11-13 to Monday 2026-11-16: one business day.
        assert_eq!(between(d(2026, 11, 13), d(2026, 11, 16)), 1);
        assert_eq!(between(d(2026, 11, 16), d(2026, 11, 16)), 0);
        assert_eq!(between(d(2026, 11, 16), d(2026, 11, 13)), 0);
        assert_eq!(between(d(2026, 11, 9), d(2026, 11, 20)), 8, "two weeks less Veterans Day");
    }

    #[test]
    fn counting_forward_skips_weekends_and_holidays() {
        // Wednesday before Thanksgiving 2026: Thursday is the holiday, then Friday, Monday.
        assert_eq!(after(d(2026, 11, 25), 1), d(2026, 11, 27));
        assert_eq!(after(d(2026, 11, 25), 2), d(2026, 11, 30));
        assert_eq!(after(d(2026, 11, 25), 0), d(2026, 11, 25));
        for n in 0..30 {
            assert_eq!(between(d(2026, 12, 18), after(d(2026, 12, 18), n)), n);
        }
    }

    #[test]
    fn federal_holidays_as_observed() {
        assert!(is_federal_holiday(d(2026, 11, 26)), "Thanksgiving 2026");
        assert!(is_federal_holiday(d(2026, 7, 3)), "July 4, 2026 is a Saturday");
        assert!(!is_federal_holiday(d(2026, 7, 4)));
        assert!(is_federal_holiday(d(2027, 12, 31)), "New Year's Day 2028 is a Saturday");
        assert!(is_federal_holiday(d(2028, 1, 17)), "Martin Luther King Jr. Day 2028");
        assert!(is_federal_holiday(d(2026, 5, 25)), "Memorial Day 2026");
        assert!(is_federal_holiday(d(2027, 6, 18)), "Juneteenth 2027 is a Saturday");
        assert!(!is_business_day(d(2026, 12, 25)));
        // Wednesday before Thanksgiving to the Monday after: only Friday counts... and Monday.
        assert_eq!(between(d(2026, 11, 25), d(2026, 11, 30)), 2);
    }
}
