//! Pay-by dates on both databases: from the property state's event (or the company default), on
//! the payable list and the order page; withholding a payment with a reason sent to the appraiser.
use crate::common;

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use portal_db::entities::{order, order_history, outbox};
use portal_db::status::OrderStatus;
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, QueryOrder, Set};
use serde_json::{Value, json};

use common::TestApp;
use common::orders::{NewOrder, order_with_details};

/// An order of demo.appraiser in `state`, completed and delivered on the given days (10:00 in the
/// company's time zone).
async fn paid_later(
    app: &TestApp,
    file: &str,
    state: &str,
    completed: NaiveDate,
    delivered: NaiveDate,
) -> i64 {
    let id = order_with_details(
        app,
        NewOrder { file_number: file, status: 18, appraiser: Some("demo.appraiser") },
    )
    .await;
    order::Entity::update_many()
        .col_expr(order::Column::PropertyStateCode, Expr::value(state))
        .filter(order::Column::Id.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    let zone = app.config.time_zone().unwrap();
    for (status, day) in
        [(OrderStatus::Completed, completed), (OrderStatus::DeliveredToClient, delivered)]
    {
        let at = zone
            .from_local_datetime(&day.and_hms_opt(10, 0, 0).unwrap())
            .unwrap()
            .with_timezone(&Utc);
        order_history::ActiveModel {
            id: NotSet,
            order_id: Set(id),
            status_id: Set(status),
            message_html: Set(None),
            created_at: Set(at),
            actor_user_id: Set(None),
            hide: Set(false),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    id
}

fn row(list: &Value, id: i64) -> Value {
    list.as_array().unwrap().iter().find(|r| r["orderId"] == id).cloned().unwrap_or(Value::Null)
}

both_dbs!(the_payable_list_and_the_order_page_show_the_pay_by_date, |app| {
    let staff = app.signed_in("demo.staff").await;
    let today = app.config.today().unwrap();
    let georgia = paid_later(
        &app,
        "730100",
        "GA",
        NaiveDate::from_ymd_opt(2026, 11, 4).unwrap(),
        NaiveDate::from_ymd_opt(2026, 11, 6).unwrap(),
    )
    .await;
    let texas =
        paid_later(&app, "730101", "TX", today - Duration::days(2), today - Duration::days(1))
            .await;
    let list: Value = staff.get("/api/staff/payments/payable").await.json().await.unwrap();
    let ga = row(&list, georgia);
    assert_eq!(ga["payBy"], "2026-12-04", "Georgia: 30 days from completion: {ga}");
    assert_eq!(ga["late"], today > NaiveDate::from_ymd_opt(2026, 12, 4).unwrap());
    let tx = row(&list, texas);
    let expected = portal::orders::pay_by::last_day(today - Duration::days(1), 30);
    assert_eq!(
        tx["payBy"],
        json!(expected.to_string()),
        "the company default, 30 days from delivery: {tx}"
    );
    assert_eq!((tx["late"].clone(), tx["dueSoon"].clone()), (json!(false), json!(false)));

    let appraiser = app.signed_in("demo.appraiser").await;
    let page: Value =
        appraiser.get(&format!("/api/order-details/{texas}")).await.json().await.unwrap();
    assert_eq!(page["payBy"], json!(expected.to_string()));
});

both_dbs!(a_payment_is_withheld_only_with_a_reason_the_appraiser_is_sent, |app| {
    let staff = app.signed_in("demo.staff").await;
    let today = app.config.today().unwrap();
    let id =
        paid_later(&app, "730200", "TX", today - Duration::days(40), today - Duration::days(35))
            .await;
    let path = format!("/api/staff/payments/{id}/withhold");
    let r = staff.post(&path, json!({"reason": "  "})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let refused: Value = r.json().await.unwrap();
    assert_eq!(refused["fields"]["reason"], "Please enter the reason the payment is withheld.");
    let r = staff.post(&path, json!({"reason": "The sketch is still missing the garage."})).await;
    assert_eq!(r.status(), StatusCode::OK);

    let list: Value = staff.get("/api/staff/payments/payable").await.json().await.unwrap();
    let held = row(&list, id);
    assert_eq!(held["withheldBecause"], "The sketch is still missing the garage.");
    assert_eq!(held["late"], true, "35 days after delivery: {held}");
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Subject.eq("Payment withheld for order 730200"))
        .order_by_desc(outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .expect("a notice to the appraiser");
    assert!(mail.body_text.contains("The sketch is still missing the garage."));
    assert_eq!(mail.recipient, "demo.appraiser@appraisalportal.example");

    let open = order_with_details(
        &app,
        NewOrder { file_number: "730201", status: 14, appraiser: Some("demo.appraiser") },
    )
    .await;
    let r = staff
        .post(&format!("/api/staff/payments/{open}/withhold"), json!({"reason": "Not yet"}))
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "nothing to pay yet");
    let appraiser = app.signed_in("demo.appraiser").await;
    assert_eq!(appraiser.post(&path, json!({"reason": "x"})).await.status(), StatusCode::FORBIDDEN);
});
