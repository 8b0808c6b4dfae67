//! What every insight answers: headline figures and charts, each chart a table of rows by
//! series, so that the page can draw it and show the same numbers as a table or a CSV file.
use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How a number reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum InsightUnit {
    Count,
    BusinessDays,
    Days,
    /// 0 to 100.
    Percent,
    Cents,
}

/// How a chart draws its series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum InsightChartKind {
    Line,
    Bar,
    Stacked,
}

/// The length of a chart's time buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Interval {
    Day,
    #[default]
    Week,
    Month,
}

/// A headline number.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InsightFigure {
    pub key: String,
    pub label: String,
    pub value: Option<f64>,
    pub unit: InsightUnit,
}

/// One column of a chart's table.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InsightSeries {
    pub key: String,
    pub label: String,
    pub unit: InsightUnit,
}

/// One row of a chart's table: a time bucket, a status, a product...
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InsightRow {
    pub key: String,
    pub label: String,
    /// By series key; null where there is nothing to measure.
    pub values: BTreeMap<String, Option<f64>>,
}

/// A chart and the table of its numbers. Only the series in the chart's unit are drawn.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InsightChart {
    pub key: String,
    pub title: String,
    pub kind: InsightChartKind,
    pub unit: InsightUnit,
    /// The heading of the rows' column ("Week of", "Product").
    pub category: String,
    pub series: Vec<InsightSeries>,
    pub rows: Vec<InsightRow>,
    /// The rows are time buckets, oldest first (otherwise categories: statuses, products...).
    pub by_time: bool,
    /// What the page says when there are no rows.
    pub empty_text: Option<String>,
}

/// The answer of every insight.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Insight {
    pub metric: super::InsightMetric,
    /// The range applied, inclusive.
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub interval: Interval,
    pub figures: Vec<InsightFigure>,
    pub charts: Vec<InsightChart>,
}

pub fn figure(key: &str, label: &str, value: Option<f64>, unit: InsightUnit) -> InsightFigure {
    InsightFigure { key: key.into(), label: label.into(), value, unit }
}

pub fn series(key: &str, label: &str, unit: InsightUnit) -> InsightSeries {
    InsightSeries { key: key.into(), label: label.into(), unit }
}

impl InsightChart {
    pub fn new(key: &str, title: &str, kind: InsightChartKind, unit: InsightUnit) -> InsightChart {
        InsightChart {
            key: key.into(),
            title: title.into(),
            kind,
            unit,
            category: String::new(),
            series: Vec::new(),
            rows: Vec::new(),
            by_time: false,
            empty_text: None,
        }
    }

    pub fn category(mut self, category: &str) -> InsightChart {
        self.category = category.into();
        self
    }

    pub fn series(mut self, series: Vec<InsightSeries>) -> InsightChart {
        self.series = series;
        self
    }

    pub fn empty_text(mut self, text: &str) -> InsightChart {
        self.empty_text = Some(text.into());
        self
    }

    /// Adds a row with these values, in the order of the chart's series.
    pub fn row(&mut self, key: String, label: String, values: &[Option<f64>]) {
        let values = self.series.iter().zip(values).map(|(s, v)| (s.key.clone(), *v)).collect();
        self.rows.push(InsightRow { key, label, values });
    }
}

/// A share as a percentage (null when there is nothing to share).
pub fn percent(part: i64, whole: i64) -> Option<f64> {
    (whole > 0).then(|| round1(part as f64 * 100.0 / whole as f64))
}

pub fn round1(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

impl Interval {
    /// The first day of the bucket `day` falls in (weeks start on Monday).
    pub fn start_of(self, day: NaiveDate) -> NaiveDate {
        match self {
            Interval::Day => day,
            Interval::Week => day - Duration::days(i64::from(day.weekday().num_days_from_monday())),
            Interval::Month => day.with_day(1).unwrap_or(day),
        }
    }

    fn next(self, start: NaiveDate) -> NaiveDate {
        match self {
            Interval::Day => start + Duration::days(1),
            Interval::Week => start + Duration::days(7),
            Interval::Month => start.checked_add_months(chrono::Months::new(1)).unwrap_or(start),
        }
    }

    /// Every bucket that meets the range, by its first day.
    pub fn buckets(self, from: NaiveDate, to: NaiveDate) -> Vec<NaiveDate> {
        let mut starts = vec![self.start_of(from)];
        while let Some(next) = starts.last().map(|s| self.next(*s)).filter(|n| *n <= to) {
            starts.push(next);
        }
        starts
    }

    pub fn category(self) -> &'static str {
        match self {
            Interval::Day => "Day",
            Interval::Week => "Week of",
            Interval::Month => "Month",
        }
    }

    pub fn noun(self) -> &'static str {
        match self {
            Interval::Day => "day",
            Interval::Week => "week",
            Interval::Month => "month",
        }
    }

    pub fn label(self, start: NaiveDate) -> String {
        match self {
            Interval::Month => start.format("%b %Y").to_string(),
            _ => start.format("%b %-d, %Y").to_string(),
        }
    }
}

/// Sums per-day values into the interval's buckets: one row per bucket of the range, zeros
/// where nothing happened.
pub fn by_bucket(
    chart: &mut InsightChart,
    interval: Interval,
    (from, to): (NaiveDate, NaiveDate),
    days: &[(NaiveDate, Vec<f64>)],
) {
    chart.by_time = true;
    let width = chart.series.len();
    let mut sums: BTreeMap<NaiveDate, Vec<f64>> =
        interval.buckets(from, to).into_iter().map(|b| (b, vec![0.0; width])).collect();
    for (day, values) in days {
        if let Some(sum) = sums.get_mut(&interval.start_of(*day)) {
            sum.iter_mut().zip(values).for_each(|(s, v)| *s += v);
        }
    }
    for (start, values) in sums {
        let values: Vec<Option<f64>> = values.into_iter().map(Some).collect();
        chart.row(start.to_string(), interval.label(start), &values);
    }
}

/// The `p`th percentile (0 to 1) of the values counted in a histogram (value → how many), by
/// linear interpolation between the closest ranks, as PostgreSQL's `percentile_cont`.
pub fn percentile(histogram: &BTreeMap<i64, i64>, p: f64) -> Option<f64> {
    let n: i64 = histogram.values().sum();
    if n == 0 {
        return None;
    }
    let rank = p * (n - 1) as f64;
    let at = |index: i64| -> f64 {
        let mut seen = 0;
        for (value, count) in histogram {
            seen += count;
            if index < seen {
                return *value as f64;
            }
        }
        0.0
    };
    let low = rank.floor() as i64;
    let high = rank.ceil() as i64;
    Some(round1(at(low) + (at(high) - at(low)) * (rank - low as f64)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, day).unwrap()
    }

    #[test]
    fn buckets_cover_the_range() {
        assert_eq!(
            Interval::Week.buckets(d(11, 4), d(11, 17)),
            vec![d(11, 2), d(11, 9), d(11, 16)]
        );
        assert_eq!(
            Interval::Month.buckets(d(10, 31), d(12, 1)),
            vec![d(10, 1), d(11, 1), d(12, 1)]
        );
        assert_eq!(Interval::Day.buckets(d(11, 4), d(11, 5)), vec![d(11, 4), d(11, 5)]);
        assert_eq!(Interval::Month.label(d(11, 1)), "Nov 2026");
        assert_eq!(Interval::Week.label(d(11, 2)), "Nov 2, 2026");
    }

    #[test]
    fn percentiles_interpolate_like_percentile_cont() {
        let h: BTreeMap<i64, i64> = [(1, 1), (2, 1), (3, 1), (4, 1)].into();
        assert_eq!(percentile(&h, 0.5), Some(2.5));
        assert_eq!(percentile(&h, 0.9), Some(3.7));
        let one: BTreeMap<i64, i64> = [(5, 3)].into();
        assert_eq!(percentile(&one, 0.9), Some(5.0));
        assert_eq!(percentile(&BTreeMap::new(), 0.5), None);
    }
}
