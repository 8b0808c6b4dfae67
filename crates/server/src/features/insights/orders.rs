//! The insights over orders: volume, pipeline, turn time and quality, each chart one query over
//! the orders' figures (`order_insights`).
use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Duration, NaiveDate, Utc};
use portal_db::entities::{order_insight, report_type};
use sea_orm::sea_query::{Expr, Func, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, TryGetableMany,
};

use super::chart::{
    InsightChart, InsightChartKind as Kind, InsightFigure, InsightUnit as Unit, by_bucket, figure,
    percent, percentile, series,
};
use super::filters::Scope;
use crate::kernel::orders::status::OrderStatus;
use crate::kernel::users::accounts::firm_names;
use crate::platform::http::error::AppResult;
use crate::platform::names::full_names;

use order_insight::Column as C;

pub const NO_ORDERS: &str = "No orders in this range. Widen the dates or clear a filter.";

pub type Answer = (Vec<InsightFigure>, Vec<InsightChart>);

fn count() -> SimpleExpr {
    Func::count(Expr::col(C::OrderId)).into()
}

/// How many orders have their day `on` in the range, by that day.
async fn per_day(
    db: &impl ConnectionTrait,
    scope: &Scope,
    on: C,
) -> AppResult<Vec<(NaiveDate, i64)>> {
    Ok(scope
        .orders()
        .filter(on.between(scope.from, scope.to))
        .select_only()
        .column(on)
        .column_as(count(), "n")
        .group_by(on)
        .into_tuple()
        .all(db)
        .await?)
}

/// Orders received, delivered and cancelled per interval.
pub async fn volume(db: &impl ConnectionTrait, scope: &Scope) -> AppResult<Answer> {
    let kinds = [
        (C::ReceivedOn, "received", "Received"),
        (C::DeliveredOn, "delivered", "Delivered"),
        (C::CancelledOn, "cancelled", "Cancelled"),
    ];
    let mut days: Vec<(NaiveDate, Vec<f64>)> = Vec::new();
    let mut figures = Vec::new();
    for (i, (on, key, label)) in kinds.iter().enumerate() {
        let counted = per_day(db, scope, *on).await?;
        let total: i64 = counted.iter().map(|(_, n)| n).sum();
        figures.push(figure(key, label, Some(total as f64), Unit::Count));
        days.extend(counted.into_iter().map(|(day, n)| {
            let mut values = vec![0.0; kinds.len()];
            values[i] = n as f64;
            (day, values)
        }));
    }
    let title = format!("Orders per {}", scope.interval.noun());
    let mut chart = InsightChart::new("volume", &title, Kind::Line, Unit::Count)
        .category(scope.interval.category())
        .series(kinds.iter().map(|(_, k, l)| series(k, l, Unit::Count)).collect());
    by_bucket(&mut chart, scope.interval, scope.range(), &days);
    Ok((figures, vec![chart]))
}

/// The ages of an order in its status, in calendar days: (key, label, fewer days than).
const AGES: [(&str, &str, i64); 5] = [
    ("under3", "Under 3 days", 3),
    ("3to7", "3-7 days", 8),
    ("8to14", "8-14 days", 15),
    ("15to30", "15-30 days", 31),
    ("over30", "Over 30 days", i64::MAX),
];

/// A status, its open orders, and how many of them took it less than each age ago.
type StatusAges = (i32, i64, Option<i64>, Option<i64>, Option<i64>, Option<i64>);

/// Open orders now by status, and how long they have been in it.
pub async fn pipeline(
    db: &impl ConnectionTrait,
    scope: &Scope,
    now: DateTime<Utc>,
) -> AppResult<Answer> {
    let mut query = scope
        .orders()
        .filter(C::Open.eq(true))
        .select_only()
        .column(C::Status)
        .column_as(count(), "n");
    for (i, (_, _, days)) in AGES.iter().enumerate().take(AGES.len() - 1) {
        let since = now - Duration::days(*days);
        let younger =
            SimpleExpr::from(Func::sum(Expr::case(C::StatusSince.gt(since), 1).finally(0)));
        query = query.column_as(younger, format!("a{i}"));
    }
    let rows: Vec<StatusAges> = query.group_by(C::Status).into_tuple().all(db).await?;
    let mut chart =
        InsightChart::new("byStatus", "Open orders by status", Kind::Stacked, Unit::Count)
            .category("Status")
            .series(AGES.iter().map(|(k, l, _)| series(k, l, Unit::Count)).collect())
            .empty_text("No open orders. Clear a filter to see more.");
    let mut rows: Vec<_> = rows
        .into_iter()
        .map(|(status, n, a, b, c, d)| {
            let younger = [a, b, c, d].map(|v| v.unwrap_or(0));
            let mut ages = vec![younger[0] as f64];
            ages.extend(younger.windows(2).map(|w| (w[1] - w[0]) as f64));
            ages.push((n - younger[3]) as f64);
            (status, n, ages)
        })
        .collect();
    rows.sort_by_key(|(status, n, _)| (-n, *status));
    let mut open = 0;
    let mut old = 0.0;
    for (status, n, ages) in rows {
        let label = OrderStatus::from_id(status).map_or_else(|| status.to_string(), |s| s.label());
        open += n;
        old += ages[3] + ages[4];
        chart.row(status.to_string(), label, &ages.into_iter().map(Some).collect::<Vec<_>>());
    }
    let figures = vec![
        figure("open", "Open orders", Some(open as f64), Unit::Count),
        figure("over14", "In their status over 14 days", Some(old), Unit::Count),
    ];
    Ok((figures, vec![chart]))
}

/// The orders delivered in the range, counted by product, state and their business days to the
/// report and to delivery: one pass over the range, from which every histogram is summed.
async fn turn_counts(
    db: &impl ConnectionTrait,
    scope: &Scope,
) -> AppResult<Vec<(Option<i32>, String, Option<i32>, Option<i32>, i64)>> {
    let groups = [C::ProductId, C::StateCode, C::ReportDays, C::DeliveryDays];
    let mut query = scope
        .orders()
        .filter(C::DeliveredOn.between(scope.from, scope.to))
        .select_only()
        .columns(groups)
        .column_as(count(), "n");
    for group in groups {
        query = query.group_by(group);
    }
    Ok(query.into_tuple().all(db).await?)
}

/// Business days (value → how many orders) by group: to the report and to delivery.
struct TurnHistograms<K> {
    report: Histograms<K>,
    delivery: Histograms<K>,
}

impl<K: Ord> TurnHistograms<K> {
    fn new() -> TurnHistograms<K> {
        TurnHistograms { report: BTreeMap::new(), delivery: BTreeMap::new() }
    }

    fn add(&mut self, key: K, report: Option<i32>, delivery: Option<i32>, n: i64)
    where
        K: Clone,
    {
        if let Some(days) = report {
            *self.report.entry(key.clone()).or_default().entry(i64::from(days)).or_default() += n;
        }
        if let Some(days) = delivery {
            *self.delivery.entry(key).or_default().entry(i64::from(days)).or_default() += n;
        }
    }
}

const TURN_SERIES: [(&str, &str); 4] = [
    ("reportMedian", "To report, median"),
    ("reportP90", "To report, 90th percentile"),
    ("deliveryMedian", "To delivery, median"),
    ("deliveryP90", "To delivery, 90th percentile"),
];

/// Turn time in business days (median and 90th percentile), from the order to its first report
/// and to its delivery, over the orders delivered in the range, by product and by state.
pub async fn turn_time(db: &impl ConnectionTrait, scope: &Scope) -> AppResult<Answer> {
    let products = product_names(db).await?;
    let mut by_product = TurnHistograms::new();
    let mut by_state = TurnHistograms::new();
    for (product, state, report, delivery, n) in turn_counts(db, scope).await? {
        by_product.add(product, report, delivery, n);
        by_state.add(state, report, delivery, n);
    }
    let overall = (merged(by_product.report.values()), merged(by_product.delivery.values()));
    let figures = vec![
        figure("reportMedian", "Median to report", percentile(&overall.0, 0.5), Unit::BusinessDays),
        figure(
            "reportP90",
            "90th percentile to report",
            percentile(&overall.0, 0.9),
            Unit::BusinessDays,
        ),
        figure(
            "deliveryMedian",
            "Median to delivery",
            percentile(&overall.1, 0.5),
            Unit::BusinessDays,
        ),
        figure(
            "deliveryP90",
            "90th percentile to delivery",
            percentile(&overall.1, 0.9),
            Unit::BusinessDays,
        ),
        figure(
            "orders",
            "Orders delivered",
            Some(overall.1.values().sum::<i64>() as f64),
            Unit::Count,
        ),
    ];
    let product_label = |id: &Option<i32>| {
        id.and_then(|id| products.get(&id).cloned()).unwrap_or("No product".into())
    };
    let charts = vec![
        turn_chart("byProduct", "Turn time by product", "Product", &by_product, product_label),
        turn_chart("byState", "Turn time by state", "State", &by_state, |s: &String| s.clone()),
    ];
    Ok((figures, charts))
}

fn merged<'a>(histograms: impl Iterator<Item = &'a BTreeMap<i64, i64>>) -> BTreeMap<i64, i64> {
    let mut all = BTreeMap::new();
    for h in histograms {
        for (days, n) in h {
            *all.entry(*days).or_default() += n;
        }
    }
    all
}

/// A group's key in a chart's rows.
trait Key {
    fn key(&self) -> String;
}

impl Key for Option<i32> {
    fn key(&self) -> String {
        self.map_or("none".into(), |id| id.to_string())
    }
}

impl Key for String {
    fn key(&self) -> String {
        self.clone()
    }
}

type Histograms<K> = BTreeMap<K, BTreeMap<i64, i64>>;

fn turn_chart<K: Ord + Key>(
    key: &str,
    title: &str,
    category: &str,
    TurnHistograms { report, delivery }: &TurnHistograms<K>,
    label: impl Fn(&K) -> String,
) -> InsightChart {
    let mut all =
        TURN_SERIES.iter().map(|(k, l)| series(k, l, Unit::BusinessDays)).collect::<Vec<_>>();
    all.push(series("orders", "Orders", Unit::Count));
    let mut chart = InsightChart::new(key, title, Kind::Bar, Unit::BusinessDays)
        .category(category)
        .series(all)
        .empty_text(NO_ORDERS);
    let empty = BTreeMap::new();
    let mut rows: Vec<_> = delivery
        .iter()
        .map(|(group, d)| {
            let r = report.get(group).unwrap_or(&empty);
            let values = [
                percentile(r, 0.5),
                percentile(r, 0.9),
                percentile(d, 0.5),
                percentile(d, 0.9),
                Some(d.values().sum::<i64>() as f64),
            ];
            (label(group), group, values)
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    for (label, group, values) in rows {
        chart.row(group.key(), label, &values);
    }
    chart
}

/// Every product's name by id.
pub async fn product_names(db: &impl ConnectionTrait) -> AppResult<HashMap<i32, String>> {
    let all = report_type::Entity::find().all(db).await?;
    Ok(all.into_iter().map(|p| (p.id, p.product_description)).collect())
}

/// The quality counts of a group of delivered orders.
#[derive(Debug, Clone, Copy, Default)]
struct Marks {
    reports: i64,
    on_time: i64,
    with_due_date: i64,
    revisions: i64,
    reconsidered: i64,
    fair_language: i64,
}

impl Marks {
    fn rates(&self) -> [Option<f64>; 5] {
        [
            percent(self.on_time, self.with_due_date),
            percent(self.revisions, self.reports),
            percent(self.reconsidered, self.reports),
            percent(self.fair_language, self.reports),
            Some(self.reports as f64),
        ]
    }

    fn add(&mut self, other: &Marks) {
        self.reports += other.reports;
        self.on_time += other.on_time;
        self.with_due_date += other.with_due_date;
        self.revisions += other.revisions;
        self.reconsidered += other.reconsidered;
        self.fair_language += other.fair_language;
    }
}

/// Two groups and their reports, on time, with a due date, revisions, reconsidered, fair language.
type MarkRow<A, B> = (A, B, i64, i64, i64, i64, i64, i64);

/// The quality counts of the orders delivered in the range, by two groups at once (one pass).
async fn marks_by<A, B>(
    db: &impl ConnectionTrait,
    scope: &Scope,
    (first, second): (C, C),
) -> AppResult<Vec<(A, B, Marks)>>
where
    MarkRow<A, B>: TryGetableMany,
{
    let sum = |sql: &str| Expr::cust(format!("SUM({sql})"));
    let rows: Vec<MarkRow<A, B>> = scope
        .orders()
        .filter(C::DeliveredOn.between(scope.from, scope.to))
        .select_only()
        .columns([first, second])
        .column_as(count(), "reports")
        .column_as(sum("CASE WHEN on_time THEN 1 ELSE 0 END"), "on_time")
        .column_as(sum("CASE WHEN on_time IS NULL THEN 0 ELSE 1 END"), "with_due_date")
        .column_as(sum("revisions"), "revisions")
        .column_as(sum("CASE WHEN reconsiderations > 0 THEN 1 ELSE 0 END"), "reconsidered")
        .column_as(sum("CASE WHEN fair_language THEN 1 ELSE 0 END"), "fair_language")
        .group_by(first)
        .group_by(second)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(a, b, reports, on_time, with_due_date, revisions, reconsidered, fair_language)| {
            (
                a,
                b,
                Marks { reports, on_time, with_due_date, revisions, reconsidered, fair_language },
            )
        })
        .collect())
}

/// Sums the marks by the key each row gives.
fn summed<K: Ord, R>(
    rows: &[R],
    key: impl Fn(&R) -> K,
    marks: impl Fn(&R) -> Marks,
) -> Vec<(K, Marks)> {
    let mut sums: BTreeMap<K, Marks> = BTreeMap::new();
    for row in rows {
        sums.entry(key(row)).or_default().add(&marks(row));
    }
    sums.into_iter().collect()
}

const QUALITY_SERIES: [(&str, &str, Unit); 5] = [
    ("onTime", "On time", Unit::Percent),
    ("revisions", "Revision requests per report", Unit::Percent),
    ("reconsiderations", "Reconsideration rate", Unit::Percent),
    ("fairLanguage", "Fair-language findings", Unit::Percent),
    ("reports", "Reports delivered", Unit::Count),
];

fn quality_chart(
    key: &str,
    title: &str,
    category: &str,
    rows: &[(String, String, Marks)],
) -> InsightChart {
    let mut chart = InsightChart::new(key, title, Kind::Bar, Unit::Percent)
        .category(category)
        .series(QUALITY_SERIES.iter().map(|(k, l, u)| series(k, l, *u)).collect())
        .empty_text(NO_ORDERS);
    for (key, label, marks) in rows {
        chart.row(key.clone(), label.clone(), &marks.rates());
    }
    chart
}

/// The best and the worst ten by on-time rate (then fewer revisions, then more reports).
fn best_and_worst(mut rows: Vec<(String, String, Marks)>) -> [Vec<(String, String, Marks)>; 2] {
    let rate = |m: &Marks| percent(m.on_time, m.with_due_date).unwrap_or(0.0);
    let revisions = |m: &Marks| percent(m.revisions, m.reports).unwrap_or(0.0);
    rows.sort_by(|a, b| {
        rate(&b.2)
            .total_cmp(&rate(&a.2))
            .then(revisions(&a.2).total_cmp(&revisions(&b.2)))
            .then(b.2.reports.cmp(&a.2.reports))
            .then(a.1.cmp(&b.1))
    });
    let best = rows.iter().take(10).cloned().collect();
    let worst = rows.iter().rev().take(10).cloned().collect();
    [best, worst]
}

fn quality_figures(all: &Marks) -> Vec<InsightFigure> {
    let [on_time, revisions, rov, fair, reports] = all.rates();
    vec![
        figure("onTime", "On time", on_time, Unit::Percent),
        figure("revisions", "Revision requests per report", revisions, Unit::Percent),
        figure("reconsiderations", "Reconsideration rate", rov, Unit::Percent),
        figure("fairLanguage", "Fair-language findings", fair, Unit::Percent),
        figure("reports", "Reports delivered", reports, Unit::Count),
    ]
}

/// On-time, revision, reconsideration and fair-language rates of the reports delivered in the
/// range, per appraiser and per firm, the best and the worst ten of each.
pub async fn quality(db: &impl ConnectionTrait, scope: &Scope) -> AppResult<Answer> {
    let rows = marks_by::<Option<i32>, Option<i32>>(db, scope, (C::AppraiserId, C::FirmId)).await?;
    let appraisers = summed(&rows, |r| r.0, |r| r.2);
    let firms = summed(&rows, |r| r.1, |r| r.2);
    let mut all = Marks::default();
    appraisers.iter().for_each(|(_, m)| all.add(m));
    let names = full_names(db, appraisers.iter().filter_map(|(id, _)| *id).collect()).await?;
    let firm_names = firm_names(db).await?;
    let named = |rows: Vec<(Option<i32>, Marks)>, name: &dyn Fn(i32) -> String| {
        rows.into_iter()
            .filter_map(|(id, m)| id.map(|id| (id.to_string(), name(id), m)))
            .collect::<Vec<_>>()
    };
    let [best, worst] = best_and_worst(named(appraisers, &|id| names.of(id)));
    let firm_name = |id: i32| firm_names.get(&id).cloned().unwrap_or_else(|| format!("Firm {id}"));
    let [best_firms, worst_firms] = best_and_worst(named(firms, &firm_name));
    let charts = vec![
        quality_chart("appraisersBest", "Best ten appraisers", "Appraiser", &best),
        quality_chart("appraisersWorst", "Worst ten appraisers", "Appraiser", &worst),
        quality_chart("firmsBest", "Best ten firms", "Firm", &best_firms),
        quality_chart("firmsWorst", "Worst ten firms", "Firm", &worst_firms),
    ];
    Ok((quality_figures(&all), charts))
}

/// The same rates for a lender: over its own orders, by product and by state, never by appraiser.
pub async fn client_quality(db: &impl ConnectionTrait, scope: &Scope) -> AppResult<Answer> {
    let products = product_names(db).await?;
    let rows = marks_by::<Option<i32>, String>(db, scope, (C::ProductId, C::StateCode)).await?;
    let by_product = summed(&rows, |r| r.0, |r| r.2);
    let by_state = summed(&rows, |r| r.1.clone(), |r| r.2);
    let mut all = Marks::default();
    by_product.iter().for_each(|(_, m)| all.add(m));
    let mut product_rows: Vec<_> = by_product
        .into_iter()
        .map(|(id, m)| {
            let name = id.and_then(|id| products.get(&id).cloned()).unwrap_or("No product".into());
            (id.map_or("none".into(), |id| id.to_string()), name, m)
        })
        .collect();
    product_rows.sort_by(|a, b| a.1.cmp(&b.1));
    let mut state_rows: Vec<_> = by_state.into_iter().map(|(s, m)| (s.clone(), s, m)).collect();
    state_rows.sort_by(|a, b| a.1.cmp(&b.1));
    let charts = vec![
        quality_chart("byProduct", "Quality by product", "Product", &product_rows),
        quality_chart("byState", "Quality by state", "State", &state_rows),
    ];
    Ok((quality_figures(&all), charts))
}
