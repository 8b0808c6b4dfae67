//! The insights over money: revenue, appraiser cost and margin, the lenders' unpaid invoices by
//! age, and the appraisers' payments against their pay-by dates. Each chart is one query.
use std::collections::HashMap;

use chrono::NaiveDate;
use portal_db::entities::{invoice, order_insight, payment};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, JoinType, Query, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait};

use super::chart::{
    InsightChart, InsightChartKind as Kind, InsightUnit as Unit, by_bucket, figure, percent, series,
};
use super::filters::Scope;
use super::orders::{Answer, NO_ORDERS};
use crate::kernel::clients::client_names;
use crate::platform::http::error::AppResult;

use order_insight::Column as C;

fn sum(sql: &str) -> SimpleExpr {
    Expr::cust(format!("CAST(SUM({sql}) AS BIGINT)"))
}

/// A day, a client, and the revenue and cost of its orders delivered that day.
type DayAndClient = (NaiveDate, Option<i32>, Option<i64>, Option<i64>);

/// Revenue (what clients are charged), appraiser cost and margin of the orders delivered in the
/// range, per interval and for the ten clients with the most revenue.
pub async fn revenue(db: &impl ConnectionTrait, scope: &Scope) -> AppResult<Answer> {
    let rows: Vec<DayAndClient> = scope
        .orders()
        .filter(C::DeliveredOn.between(scope.from, scope.to))
        .select_only()
        .columns([C::DeliveredOn, C::ClientId])
        .column_as(sum("revenue_cents"), "revenue")
        .column_as(sum("cost_cents"), "cost")
        .group_by(C::DeliveredOn)
        .group_by(C::ClientId)
        .into_tuple()
        .all(db)
        .await?;
    let mut per_client: HashMap<Option<i32>, (i64, i64)> = HashMap::new();
    for (_, client, r, c) in &rows {
        let sums = per_client.entry(*client).or_default();
        *sums = (sums.0 + r.unwrap_or(0), sums.1 + c.unwrap_or(0));
    }
    let money = || {
        vec![
            series("revenue", "Revenue", Unit::Cents),
            series("cost", "Appraiser cost", Unit::Cents),
            series("margin", "Margin", Unit::Cents),
        ]
    };
    let three = |r: Option<i64>, c: Option<i64>| {
        let (r, c) = (r.unwrap_or(0), c.unwrap_or(0));
        vec![r as f64, c as f64, (r - c) as f64]
    };
    let title = format!("Revenue and margin per {}", scope.interval.noun());
    let mut by_time = InsightChart::new("byInterval", &title, Kind::Bar, Unit::Cents)
        .category(scope.interval.category())
        .series(money());
    let days: Vec<_> = rows.iter().map(|(d, _, r, c)| (*d, three(*r, *c))).collect();
    by_bucket(&mut by_time, scope.interval, scope.range(), &days);
    let names = client_names(db).await?;
    let mut by_client =
        InsightChart::new("byClient", "Revenue and margin by client", Kind::Bar, Unit::Cents)
            .category("Client")
            .series(money())
            .empty_text(NO_ORDERS);
    let mut clients: Vec<_> =
        per_client.iter().map(|(id, (r, c))| (*id, three(Some(*r), Some(*c)))).collect();
    clients.sort_by(|a, b| b.1[0].total_cmp(&a.1[0]).then(a.0.cmp(&b.0)));
    for (id, values) in clients.into_iter().take(10) {
        let name = id.and_then(|id| names.get(&id).cloned()).unwrap_or("No client".into());
        let values: Vec<_> = values.into_iter().map(Some).collect();
        by_client.row(id.map_or("none".into(), |id| id.to_string()), name, &values);
    }
    let totals = days.iter().fold([0.0; 3], |mut t, (_, v)| {
        t.iter_mut().zip(v).for_each(|(t, v)| *t += v);
        t
    });
    let figures = vec![
        figure("revenue", "Revenue", Some(totals[0]), Unit::Cents),
        figure("cost", "Appraiser cost", Some(totals[1]), Unit::Cents),
        figure("margin", "Margin", Some(totals[2]), Unit::Cents),
        figure(
            "marginRate",
            "Margin rate",
            percent(totals[2] as i64, totals[0] as i64),
            Unit::Percent,
        ),
    ];
    Ok((figures, vec![by_time, by_client]))
}

/// The ages of an unpaid invoice, by days past its due date: (key, label, up to days).
const AGES: [(&str, &str, i64); 5] = [
    ("current", "Current", 0),
    ("1to30", "1-30 days", 30),
    ("31to60", "31-60 days", 60),
    ("61to90", "61-90 days", 90),
    ("over90", "Over 90 days", i64::MAX),
];

fn age_of(due_on: NaiveDate, today: NaiveDate) -> usize {
    let late = (today - due_on).num_days();
    AGES.iter().position(|(_, _, up_to)| late <= *up_to).unwrap_or(AGES.len() - 1)
}

const BALANCE: &str = "invoices.amount_cents \
    - COALESCE((SELECT SUM(c.amount_cents) FROM credit_notes c \
        WHERE c.invoice_id = invoices.id), 0) \
    - COALESCE((SELECT SUM(p.amount_cents) FROM invoice_payments p \
        WHERE p.invoice_id = invoices.id), 0)";

/// The invoices with a balance today, by how long past due: (client, due date, invoices, cents).
async fn unpaid(
    db: &impl ConnectionTrait,
    scope: &Scope,
) -> AppResult<Vec<(i32, NaiveDate, i64, i64)>> {
    let mut query = invoice::Entity::find()
        .select_only()
        .column(invoice::Column::ClientId)
        .column(invoice::Column::DueOn)
        .column_as(SimpleExpr::from(Func::count(Expr::col(invoice::Column::Id))), "invoices")
        .column_as(sum(BALANCE), "balance")
        .filter(Expr::cust(format!("({BALANCE}) > 0")));
    if let Some(id) = scope.client_id {
        query = query.filter(invoice::Column::ClientId.eq(id));
    }
    if scope.reaches_some_orders() {
        let orders = scope.orders().select_only().column(C::OrderId).into_query();
        query = query.filter(invoice::Column::OrderId.in_subquery(orders));
    }
    Ok(query
        .group_by(invoice::Column::ClientId)
        .group_by(invoice::Column::DueOn)
        .into_tuple()
        .all(db)
        .await?)
}

/// The unpaid invoices by age today (current, 1-30, 31-60, 61-90, over 90 days past due); for the
/// company also the ten clients that owe the most.
pub async fn receivables(
    db: &impl ConnectionTrait,
    scope: &Scope,
    by_client: bool,
) -> AppResult<Answer> {
    let rows = unpaid(db, scope).await?;
    let mut ages = [(0_i64, 0_i64); 5];
    let mut clients: HashMap<i32, [f64; 5]> = HashMap::new();
    for (client, due_on, invoices, cents) in &rows {
        let age = age_of(*due_on, scope.today);
        ages[age].0 += invoices;
        ages[age].1 += cents;
        clients.entry(*client).or_default()[age] += *cents as f64;
    }
    let mut aging = InsightChart::new("aging", "Unpaid invoices by age", Kind::Bar, Unit::Cents)
        .category("Age")
        .series(vec![
            series("balance", "Balance", Unit::Cents),
            series("invoices", "Invoices", Unit::Count),
        ])
        .empty_text("No unpaid invoices.");
    if !rows.is_empty() {
        for ((key, label, _), (invoices, cents)) in AGES.iter().zip(ages) {
            aging.row(
                key.to_string(),
                label.to_string(),
                &[Some(cents as f64), Some(invoices as f64)],
            );
        }
    }
    let outstanding: i64 = ages.iter().map(|a| a.1).sum();
    let figures = vec![
        figure("outstanding", "Outstanding", Some(outstanding as f64), Unit::Cents),
        figure("overdue", "Past due", Some((outstanding - ages[0].1) as f64), Unit::Cents),
        figure(
            "invoices",
            "Unpaid invoices",
            Some(ages.iter().map(|a| a.0).sum::<i64>() as f64),
            Unit::Count,
        ),
    ];
    let mut charts = vec![aging];
    if by_client {
        let names = client_names(db).await?;
        let mut chart =
            InsightChart::new("byClient", "Who owes the most", Kind::Stacked, Unit::Cents)
                .category("Client")
                .series(AGES.iter().map(|(k, l, _)| series(k, l, Unit::Cents)).collect())
                .empty_text("No unpaid invoices.");
        let mut owed: Vec<_> = clients.into_iter().collect();
        owed.sort_by(|a, b| b.1.iter().sum::<f64>().total_cmp(&a.1.iter().sum::<f64>()));
        for (id, values) in owed.into_iter().take(10) {
            let name = names.get(&id).cloned().unwrap_or_else(|| format!("Client {id}"));
            chart.row(id.to_string(), name, &values.map(Some));
        }
        charts.push(chart);
    }
    Ok((figures, charts))
}

/// The appraisers' payments of the orders whose pay-by date falls in the range: paid by it, paid
/// after it, unpaid past it, and not yet due, per interval.
pub async fn appraiser_pay(db: &impl ConnectionTrait, scope: &Scope) -> AppResult<Answer> {
    let paid = Alias::new("paid");
    let first_payments = Query::select()
        .column(payment::Column::OrderId)
        .expr_as(Func::min(Expr::col(payment::Column::PaymentDate)), Alias::new("paid_on"))
        .from(payment::Entity)
        .group_by_col(payment::Column::OrderId)
        .to_owned();
    let cases = |sql: &str| Expr::cust(format!("SUM(CASE {sql} ELSE 0 END)"));
    let query = Query::select()
        .column((order_insight::Entity, C::PayByOn))
        .expr_as(
            cases("WHEN paid.paid_on <= order_insights.pay_by_on THEN 1"),
            Alias::new("on_time"),
        )
        .expr_as(cases("WHEN paid.paid_on > order_insights.pay_by_on THEN 1"), Alias::new("late"))
        .expr_as(cases("WHEN paid.paid_on IS NULL THEN 1"), Alias::new("unpaid"))
        .from(order_insight::Entity)
        .join_subquery(
            JoinType::LeftJoin,
            first_payments,
            paid.clone(),
            Expr::col((paid, payment::Column::OrderId)).equals((order_insight::Entity, C::OrderId)),
        )
        .cond_where(scope.condition())
        .and_where(Expr::col((order_insight::Entity, C::PayByOn)).between(scope.from, scope.to))
        .group_by_col((order_insight::Entity, C::PayByOn))
        .to_owned();
    let rows = db.query_all(&query).await?;
    let mut days = Vec::new();
    let mut totals = [0_i64; 4];
    for row in rows {
        let day: NaiveDate = row.try_get("", "pay_by_on")?;
        let on_time: i64 = row.try_get("", "on_time")?;
        let late: i64 = row.try_get("", "late")?;
        let unpaid: i64 = row.try_get("", "unpaid")?;
        let (overdue, pending) = if day < scope.today { (unpaid, 0) } else { (0, unpaid) };
        let values = [on_time, late, overdue, pending];
        totals.iter_mut().zip(values).for_each(|(t, v)| *t += v);
        days.push((day, values.map(|v| v as f64).to_vec()));
    }
    let title = format!("Appraiser payments by pay-by {}", scope.interval.noun());
    let mut chart = InsightChart::new("byInterval", &title, Kind::Stacked, Unit::Count)
        .category(scope.interval.category())
        .series(vec![
            series("onTime", "Paid on time", Unit::Count),
            series("late", "Paid late", Unit::Count),
            series("overdue", "Unpaid past pay-by", Unit::Count),
            series("pending", "Not yet due", Unit::Count),
        ])
        .empty_text("No appraiser payments in this range.");
    if !days.is_empty() {
        by_bucket(&mut chart, scope.interval, scope.range(), &days);
    }
    let [on_time, late, overdue, _] = totals;
    let figures = vec![
        figure(
            "onTimeRate",
            "Paid on time",
            percent(on_time, on_time + late + overdue),
            Unit::Percent,
        ),
        figure("late", "Paid late", Some(late as f64), Unit::Count),
        figure("overdue", "Unpaid past pay-by", Some(overdue as f64), Unit::Count),
    ];
    Ok((figures, vec![chart]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invoices_age_by_days_past_due() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let ago = |days| today - chrono::Duration::days(days);
        let ages: Vec<usize> =
            [-3, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(|d| age_of(ago(d), today)).to_vec();
        assert_eq!(ages, vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    }
}
