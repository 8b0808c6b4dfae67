//! The appraiser's scorecard and the order page's turn time, read from the orders' history, on
//! both databases.
use crate::common;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use portal::kernel::orders::status::OrderStatus::{self, *};
use portal::platform::business_days;
use portal_db::entities::{order, order_history};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::Value;

use common::TestApp;
use common::orders::{NewOrder, order_with_details, outsider};

/// Noon (UTC) that many days ago: the same day in the company's US time zone.
fn days_ago(days: i64) -> DateTime<Utc> {
    (Utc::now() - Duration::days(days)).date_naive().and_hms_opt(12, 0, 0).unwrap().and_utc()
}

fn day(days: i64) -> NaiveDate {
    days_ago(days).date_naive()
}

/// An order of `appraiser` whose history is exactly `steps` (status, days ago), due `due` days ago.
async fn order_with_history(
    app: &TestApp,
    file_number: &str,
    appraiser: &str,
    due: i64,
    steps: &[(OrderStatus, i64)],
) -> i64 {
    let id = order_with_details(
        app,
        NewOrder { file_number, status: steps.last().unwrap().0.id(), appraiser: Some(appraiser) },
    )
    .await;
    order_history::Entity::delete_many()
        .filter(order_history::Column::OrderId.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    for (status, ago) in steps {
        order_history::ActiveModel {
            id: NotSet,
            order_id: Set(id),
            status_id: Set(*status),
            message_html: Set(None),
            created_at: Set(days_ago(*ago)),
            actor_user_id: Set(None),
            hide: Set(false),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    order::Entity::update_many()
        .col_expr(order::Column::AppraiserDueDate, Expr::value(day(due)))
        .filter(order::Column::Id.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    id
}

both_dbs!(the_scorecard_counts_the_last_90_days_from_history, |app| {
    let appraiser = app.user_id("demo.appraiser").await;
    let elsewhere = outsider(&app).await;
    let path = format!("/api/appraiser/{appraiser}/scorecard");
    let me = app.signed_in("demo.appraiser").await;
    let empty: Value = me.get_json(&path).await;
    assert_eq!(empty["orders"], 0, "{empty}");
    assert!(empty["onTimeRate"].is_null() && empty["averageTurnTimeBusinessDays"].is_null());

    // On time, with one revision: assigned 30 days ago, report 20 days ago, due 18 days ago.
    order_with_history(
        &app,
        "900001",
        "demo.appraiser",
        18,
        &[
            (Default, 31),
            (Assigned, 30),
            (Accepted, 29),
            (InReview, 20),
            (RevisionRequested, 19),
            (RevisionRequestedResponse, 18),
        ],
    )
    .await;
    // Late, with a pause: assigned 25 days ago, on hold 24 to 21 days ago, report 8 days ago,
    // due 10.
    order_with_history(
        &app,
        "900002",
        "demo.appraiser",
        10,
        &[(Assigned, 25), (OnHold, 24), (Accepted, 21), (InReview, 8)],
    )
    .await;
    // Outside the window, not reported yet, and another appraiser's: none of them count.
    order_with_history(&app, "900003", "demo.appraiser", 120, &[(Assigned, 125), (InReview, 120)])
        .await;
    order_with_history(&app, "900004", "demo.appraiser", 5, &[(Assigned, 6), (Accepted, 5)]).await;
    order_with_history(&app, "900005", elsewhere, 5, &[(Assigned, 9), (InReview, 7)]).await;

    let card: Value = me.get_json(&path).await;
    let turn_a = business_days::between(day(30), day(20));
    let turn_b = business_days::between(day(25), day(8)) - business_days::between(day(24), day(21));
    assert_eq!(card["orders"], 2, "{card}");
    assert_eq!(card["onTimeRate"], 0.5, "{card}");
    assert_eq!(card["revisionsPerOrder"], 0.5, "{card}");
    assert_eq!(card["averageTurnTimeBusinessDays"], (turn_a + turn_b) as f64 / 2.0, "{card}");

    // Staff and the firm's administrator see the same card; another firm's appraiser does not.
    let staff: Value = app.signed_in("demo.staff").await.get_json(&path).await;
    assert_eq!(staff, card);
    let firm_admin: Value = app.signed_in("demo.admin").await.get_json(&path).await;
    assert_eq!(firm_admin, card);
    let other = app.signed_in(elsewhere).await;
    assert_eq!(other.get(&path).await.status(), StatusCode::FORBIDDEN);
});

both_dbs!(the_order_page_shows_the_running_turn_time, |app| {
    let running = order_with_history(
        &app,
        "900010",
        "demo.appraiser",
        1,
        &[(Assigned, 12), (Accepted, 11), (WaitingApproval, 6)],
    )
    .await;
    let me = app.signed_in("demo.appraiser").await;
    let order: Value = me.get_json(&format!("/api/order-details/{running}")).await;
    let expected = business_days::between(day(12), day(0)) - business_days::between(day(6), day(0));
    assert_eq!(order["turnTime"]["businessDays"], expected, "{}", order["turnTime"]);
    assert_eq!(order["turnTime"]["paused"], true);
    assert_eq!(order["turnTime"]["finished"], false);
});
