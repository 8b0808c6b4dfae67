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
use common::orders::demo_appraisers_order;

/// An order of demo.appraiser in `state`, completed and delivered on the given days (10:00 in the
/// company's time zone).
async fn paid_later(
    app: &TestApp,
    file: &str,
    state: &str,
    completed: NaiveDate,
    delivered: NaiveDate,
) -> i64 {
    let id = demo_appraisers_order(app, file, 18).await;
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
    let list: Value = staff.get_json("/api/staff/payments/payable").await;
    let ga = row(&list, georgia);
    assert_eq!(ga["payBy"], "2026-12-04", "Georgia: 30 days from completion: {ga}");
    assert_eq!(ga["late"], today > NaiveDate::from_ymd_opt(2026, 12, 4).unwrap());
    let tx = row(&list, texas);
    let expected = portal::kernel::orders::pay_by::last_day(today - Duration::days(1), 30);
    assert_eq!(
        tx["payBy"],
        json!(expected.to_string()),
        "the company default, 30 days from delivery: {tx}"
    );
    assert_eq!((tx["late"].clone(), tx["dueSoon"].clone()), (json!(false), json!(false)));

    let appraiser = app.signed_in("demo.appraiser").await;
    let page: Value = appraiser.get_json(&format!("/api/order-details/{texas}")).await;
    assert_eq!(page["payBy"], json!(expected.to_string()));

    // The appraiser's Payments lists what is not paid yet with its pay-by date; once paid after
    // that date, the payment is flagged late.
    let me = app.user_id("demo.appraiser").await;
    let unpaid: Value = appraiser.get_json(&format!("/api/appraiser/{me}/unpaid-orders")).await;
    assert_eq!(row(&unpaid, georgia)["payBy"], "2026-12-04", "{unpaid}");
    let late =
        paid_later(&app, "730102", "TX", today - Duration::days(50), today - Duration::days(45))
            .await;
    let pay = json!({"orderId": late, "amount": 450, "paymentDate": today.to_string()});
    assert_eq!(staff.post("/api/staff/payments", pay).await.status(), StatusCode::CREATED);
    let pay = json!({"orderId": texas, "amount": 450, "paymentDate": today.to_string()});
    assert_eq!(staff.post("/api/staff/payments", pay).await.status(), StatusCode::CREATED);
    let history: Value = appraiser
        .post(&format!("/api/appraiser/{me}/payment-history"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    let paid = |file: &str| {
        history.as_array().unwrap().iter().find(|p| p["usaFileNumber"] == file).cloned().unwrap()
    };
    assert_eq!(paid("730102")["late"], true, "{history}");
    assert_eq!(paid("730101")["late"], false, "{history}");
    assert_eq!(paid("730101")["payBy"], json!(expected.to_string()));
    let unpaid: Value = appraiser.get_json(&format!("/api/appraiser/{me}/unpaid-orders")).await;
    assert_eq!(row(&unpaid, texas), Value::Null, "paid orders leave the list");
    let other = app.signed_in("demo.appraiser2").await;
    assert_eq!(
        other.get(&format!("/api/appraiser/{me}/unpaid-orders")).await.status(),
        StatusCode::FORBIDDEN
    );
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

    let list: Value = staff.get_json("/api/staff/payments/payable").await;
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

    let open = demo_appraisers_order(&app, "730201", 14).await;
    let r = staff
        .post(&format!("/api/staff/payments/{open}/withhold"), json!({"reason": "Not yet"}))
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "nothing to pay yet");
    let appraiser = app.signed_in("demo.appraiser").await;
    assert_eq!(appraiser.post(&path, json!({"reason": "x"})).await.status(), StatusCode::FORBIDDEN);
});

const W9_PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";

pub async fn paid(app: &TestApp, appraiser: i32, file: &str, cents: i64, on: &str) {
    portal_db::entities::payment::ActiveModel {
        id: NotSet,
        appraiser_user_id: Set(appraiser),
        order_id: Set(None),
        usa_file_number: Set(file.into()),
        address: Set("1 Main St".into()),
        borrower: Set("Pat Borrower".into()),
        amount_cents: Set(cents),
        payment_date: Set(on.parse().unwrap()),
        created_at: Set(Utc::now()),
    }
    .insert(&app.db)
    .await
    .unwrap();
}

both_dbs!(year_totals_add_the_years_payments_to_the_cent_with_the_w9, |app| {
    let avery = app.user_id("demo.appraiser").await;
    let second = app.user_id("demo.appraiser2").await;
    paid(&app, avery, "740001", 45_050, "2019-01-01").await;
    paid(&app, avery, "740002", 100_001, "2019-12-31").await;
    paid(&app, avery, "740003", 99_999, "2020-01-01").await;
    paid(&app, avery, "740004", 99_999, "2018-12-31").await;
    paid(&app, second, "740005", 1, "2019-06-30").await;
    let staff = app.signed_in("demo.staff").await;
    let w9 = reqwest::multipart::Form::new()
        .text("appraiserId", avery.to_string())
        .text("fileTypes", "22")
        .part("files", reqwest::multipart::Part::bytes(W9_PDF.to_vec()).file_name("w9.pdf"));
    assert_eq!(staff.upload(w9).await.status(), StatusCode::OK, "the W-9 is filed");

    let r = staff.get("/api/staff/reports/appraiser-year-totals?year=2019").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = r.text().await.unwrap();
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines[0],
        "Appraiser ID,Name,E-mail,Payments,Paid Late,Total Paid,W-9 On File,Legal Name,Tax ID Type,\
         Tax ID Last 4,Tax Address,Box 1 Nonemployee Compensation,1099-NEC Required"
    );
    let line_of = |id: i32| {
        lines.iter().find(|l| l.starts_with(&format!("{id},"))).copied().unwrap_or_default()
    };
    assert!(line_of(avery).ends_with(",2,0,1450.51,Yes,,,,,1450.51,No"), "{csv}");
    assert!(line_of(second).ends_with(",1,0,0.01,No,,,,,0.01,No"), "{csv}");
    assert_eq!(lines.len(), 3, "only those paid in 2019: {csv}");

    for query in ["", "?year=1999", "?year=twenty"] {
        let r = staff.get(&format!("/api/staff/reports/appraiser-year-totals{query}")).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{query}");
    }
    let appraiser = app.signed_in("demo.appraiser").await;
    let r = appraiser.get("/api/staff/reports/appraiser-year-totals?year=2019").await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
});

both_dbs!(the_orders_team_hears_each_morning_of_payments_due_or_late, |app| {
    let today = app.config.today().unwrap();
    paid_later(&app, "730300", "TX", today - Duration::days(40), today - Duration::days(38)).await;
    let zone = app.config.time_zone().unwrap();
    let at_eight =
        zone.from_local_datetime(&today.and_hms_opt(8, 0, 0).unwrap()).unwrap().with_timezone(&Utc);
    portal::scheduled::send_reminders(&app.db, &app.config, at_eight).await.unwrap();
    let team = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(app.config.orders_team_email.clone()))
        .filter(outbox::Column::Subject.starts_with("Appraiser payments due:"))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(team.len(), 1, "one e-mail a morning");
    assert!(
        team[0].body_text.contains("Order 730300, Avery Appraiser, $450.00, pay by"),
        "{}",
        team[0].body_text
    );
    assert!(team[0].body_text.contains("(late)"), "{}", team[0].body_text);
    portal::scheduled::send_reminders(&app.db, &app.config, at_eight).await.unwrap();
    let again = outbox::Entity::find()
        .filter(outbox::Column::Subject.starts_with("Appraiser payments due:"))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(again.len(), 1, "not twice the same day");
});
