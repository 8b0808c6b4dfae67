//! The insights at a million orders: each generated order gets figures shaped like a real book
//! (turn times, deliveries, cancellations, fees), then every metric is asked for over the last
//! year as the page asks for it, by week, and its p50 and p95 are reported as a client sees them.
use std::time::Instant;

use chrono::{Duration, NaiveDate, Utc};
use portal_db::entities::{order, order_insight};
use portal_db::status::OrderStatus;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, TransactionTrait,
};

use crate::{SignedIn, timing};

const BATCH: u64 = 1_000;
const RUNS: usize = 20;

type OrderRow = (
    i64,
    chrono::DateTime<Utc>,
    OrderStatus,
    Option<i32>,
    String,
    Option<i32>,
    Option<i32>,
    Option<NaiveDate>,
);

/// A number from 0 to `n - 1` that depends only on the order and what is drawn.
fn draw(id: i64, what: u64, n: u64) -> u64 {
    let mut x =
        (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ what.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 31;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    (x ^ (x >> 29)) % n
}

fn figures(row: OrderRow) -> order_insight::ActiveModel {
    let (id, created, status, client, state, firm, appraiser, due) = row;
    let received = created.date_naive();
    let reported = status.in_review() || status.is_closed() && status != OrderStatus::Cancelled;
    let delivered = matches!(
        status,
        OrderStatus::DeliveredToClient | OrderStatus::Completed | OrderStatus::InvoiceCreated
    );
    let report_days = 2 + draw(id, 1, 9) as i32;
    let delivery_days = report_days + draw(id, 2, 4) as i32;
    let calendar = |days: i32| received + Duration::days(i64::from(days) * 7 / 5);
    let first_report_on = reported.then(|| calendar(report_days));
    let delivered_on = delivered.then(|| calendar(delivery_days));
    order_insight::ActiveModel {
        order_id: Set(id),
        client_id: Set(client),
        product_id: Set(Some(1 + draw(id, 3, 6) as i32)),
        state_code: Set(state),
        firm_id: Set(firm),
        appraiser_id: Set(appraiser),
        status: Set(status.id()),
        status_since: Set(created + Duration::hours(draw(id, 4, 240) as i64)),
        open: Set(status.is_open()),
        received_on: Set(received),
        first_report_on: Set(first_report_on),
        delivered_on: Set(delivered_on),
        cancelled_on: Set((status == OrderStatus::Cancelled).then(|| calendar(2))),
        report_days: Set(reported.then_some(report_days)),
        delivery_days: Set(delivered.then_some(delivery_days)),
        on_time: Set(first_report_on.zip(due).map(|(r, d)| r <= d)),
        revisions: Set((draw(id, 5, 10) / 7) as i32),
        reconsiderations: Set(i32::from(draw(id, 6, 100) == 0)),
        fair_language: Set(draw(id, 7, 50) == 0),
        revenue_cents: Set(Some(45_000 + 500 * draw(id, 8, 60) as i64)),
        cost_cents: Set(Some(30_000 + 500 * draw(id, 9, 40) as i64)),
        pay_by_on: Set(delivered_on.map(|d| d + Duration::days(30))),
        updated_at: Set(Utc::now()),
    }
}

/// Writes the figures of every order that has none; answers how many.
pub async fn seed(db: &DatabaseConnection) -> u64 {
    let started = Instant::now();
    let mut after = 0_i64;
    let mut written = 0;
    loop {
        let rows: Vec<OrderRow> = order::Entity::find()
            .select_only()
            .columns([
                order::Column::Id,
                order::Column::CreatedAt,
                order::Column::StatusId,
                order::Column::ClientId,
                order::Column::PropertyStateCode,
                order::Column::AssignedCompanyId,
                order::Column::AssignedAppraiserId,
                order::Column::AppraiserDueDate,
            ])
            .filter(order::Column::Id.gt(after))
            .order_by_asc(order::Column::Id)
            .limit(BATCH * 20)
            .into_tuple()
            .all(db)
            .await
            .unwrap();
        let Some(last) = rows.last() else { break };
        after = last.0;
        let txn = db.begin().await.unwrap();
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let batch: Vec<_> = rows.by_ref().take(BATCH as usize).map(figures).collect();
            written += batch.len() as u64;
            order_insight::Entity::insert_many(batch)
                .on_conflict_do_nothing()
                .exec_without_returning(&txn)
                .await
                .unwrap();
        }
        txn.commit().await.unwrap();
    }
    db.execute_unprepared("ANALYZE").await.unwrap();
    println!(
        "insight figures of {written} orders written in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    written
}

/// Each metric over the last year by week, as staff (`/api/staff/...`) and as the lender who owns
/// the whole book (`/api/client/...`): p50 and p95 of `RUNS` calls after one to warm up.
pub async fn measure(base: &str, staff: &SignedIn, lender: &SignedIn) {
    let today = Utc::now().date_naive();
    let range = format!("from={}&to={today}&interval=week", today - Duration::days(364));
    println!("\n| insight (a year, by week) | caller | p50 ms | p95 ms | worst ms |");
    println!("|---|---|---|---|---|");
    let staff_metrics =
        ["volume", "pipeline", "turn-time", "quality", "revenue", "receivables", "appraiser-pay"];
    for metric in staff_metrics {
        time(staff, &format!("{base}/api/staff/insights/{metric}?{range}"), metric, "staff").await;
    }
    for (filter, label) in
        [("&state=TX", "volume, state TX"), ("&productId=1", "turn-time, product 1")]
    {
        let metric = label.split(',').next().unwrap();
        let url = format!("{base}/api/staff/insights/{metric}?{range}{filter}");
        time(staff, &url, label, "staff").await;
    }
    for metric in ["volume", "pipeline", "turn-time", "quality", "receivables"] {
        time(lender, &format!("{base}/api/client/insights/{metric}?{range}"), metric, "lender")
            .await;
    }
}

async fn time(caller: &SignedIn, url: &str, label: &str, who: &str) {
    let mut samples = Vec::with_capacity(RUNS);
    for run in 0..=RUNS {
        let started = Instant::now();
        let r = caller.http.get(url).send().await.unwrap();
        assert!(r.status().is_success(), "{url}: {}", r.status());
        r.bytes().await.unwrap();
        if run > 0 {
            samples.push(started.elapsed().as_secs_f64() * 1000.0);
        }
    }
    let worst = samples.iter().copied().fold(0.0, f64::max);
    let t = timing(samples);
    println!("| {label} | {who} | {:.1} | {:.1} | {worst:.1} |", t.p50, t.p95);
}
