//! The insights over a fixed set of orders whose answers were worked out by hand (turn times in
//! business days over Thanksgiving 2025, percentiles, money, ages), on both databases; the order
//! events keep each order's figures; a lender sees only its own orders; Monday's summary e-mail.
use crate::client_portal::{client_user, new_order_form};
use crate::common;

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use common::TestApp;
use common::orders::new_client;
use portal::features::insights::facts;
use portal::kernel::orders::status::OrderStatus::{self, *};
use portal_db::entities::{
    credit_note, invoice, invoice_payment, order, order_detail, order_history, order_insight,
    payment,
};
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set};
use serde_json::{Value, json};

fn day(m: u32, d: u32) -> NaiveDate {
    let year = if m == 1 { 2026 } else { 2025 };
    NaiveDate::from_ymd_opt(year, m, d).unwrap()
}

/// An order's fixed story: who and where, its history (status, day, hour) and fees.
struct Story {
    file: &'static str,
    client: i64,
    product: i32,
    state: &'static str,
    appraiser: Option<i32>,
    due: Option<NaiveDate>,
    steps: Vec<(OrderStatus, NaiveDate, u32)>,
    fees: (i64, i64),
}

async fn write(app: &TestApp, s: Story) -> i64 {
    let zone = app.config.time_zone().unwrap();
    let at = |d: NaiveDate, hour: u32| -> DateTime<Utc> {
        zone.from_local_datetime(&d.and_hms_opt(hour, 0, 0).unwrap()).unwrap().with_timezone(&Utc)
    };
    let (first, last) = (s.steps.first().unwrap(), s.steps.last().unwrap());
    let company = match s.appraiser {
        Some(id) => portal::kernel::users::access::company_of(&app.db, id).await.unwrap(),
        None => None,
    };
    let o = order::ActiveModel {
        id: NotSet,
        file_number: Set(s.file.into()),
        loan_number: Set(None),
        borrower_name: Set("Ann Lee".into()),
        property_address_line1: Set("12 Oak St".into()),
        property_city: Set("Austin".into()),
        property_state_code: Set(s.state.into()),
        property_zip: Set("78701".into()),
        property_county: Set(None),
        client_id: Set(Some(s.client as i32)),
        status_id: Set(last.0),
        assigned_appraiser_id: Set(s.appraiser),
        assigned_company_id: Set(company),
        created_at: Set(at(first.1, first.2)),
        assignment_actual_date: Set(None),
        accepted_at: Set(None),
        inspection_actual_date: Set(None),
        inspection_due_date: Set(None),
        appraiser_due_date: Set(s.due),
        is_desktop: Set(false),
        appraiser_unread_messages: Set(0),
    }
    .insert(&app.db)
    .await
    .unwrap();
    order_detail::ActiveModel {
        order_id: Set(o.id),
        report_type1_id: Set(Some(s.product)),
        client_fee_cents: Set(Some(s.fees.0)),
        appraiser_fee_cents: Set(Some(s.fees.1)),
        ..std::default::Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    for (status, d, hour) in &s.steps {
        order_history::ActiveModel {
            id: NotSet,
            order_id: Set(o.id),
            status_id: Set(*status),
            message_html: Set(None),
            created_at: Set(at(*d, *hour)),
            actor_user_id: Set(None),
            hide: Set(false),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    facts::refresh(&app.db, &app.config, o.id).await.unwrap();
    o.id
}

struct Fixture {
    alpha: i64,
    beta: i64,
    orders: Vec<i64>,
    appraisers: (i32, i32),
}

/// Five orders of November and December 2025 (Thanksgiving is Thursday, November 27), the worked
/// answers beside each:
/// - 1: Alpha, product 1, TX, by X, due Nov 21. Received Mon Nov 17, report Fri Nov 21 (4 business
///   days: 18-21), delivered Mon Nov 24 (5). On time. $500 / $350.
/// - 2: Alpha, product 1, TX, by X, due Fri Nov 28. Received Tue Nov 25, on hold Wed Nov 26 to Mon
///   Dec 1, report Tue Dec 2, a revision request Wed Dec 3, delivered Thu Dec 4. To report: Nov 26,
///   28, Dec 1, 2 less the hold's Nov 28 and Dec 1 = 2; to delivery 6 - 2 = 4. Late. $600 / $400.
/// - 3: Beta, product 2, CA, by Y, due Dec 2. Received Wed Nov 26, report and delivery Mon Dec 1:
///   Nov 28 and Dec 1 = 2 and 2. On time. $450 / $300.
/// - 4: Alpha, product 2, TX, never assigned: received Wed Nov 19, cancelled Thu Nov 20.
/// - 5: Beta, product 1, CA, by Y: received and accepted Tue Dec 2, open since.
async fn fixture(app: &TestApp) -> Fixture {
    let staff = app.signed_in("demo.staff").await;
    let alpha = new_client(&staff, "Alpha Lending").await;
    let beta = new_client(&staff, "Beta Bank").await;
    let x = app.user_id("demo.appraiser").await;
    let y = app.user_id("demo.appraiser2").await;
    let stories = [
        Story {
            file: "I-1",
            client: alpha,
            product: 1,
            state: "TX",
            appraiser: Some(x),
            due: Some(day(11, 21)),
            steps: vec![
                (Default, day(11, 17), 9),
                (Assigned, day(11, 17), 10),
                (InReview, day(11, 21), 12),
                (DeliveredToClient, day(11, 24), 12),
            ],
            fees: (50_000, 35_000),
        },
        Story {
            file: "I-2",
            client: alpha,
            product: 1,
            state: "TX",
            appraiser: Some(x),
            due: Some(day(11, 28)),
            steps: vec![
                (Default, day(11, 25), 9),
                (Assigned, day(11, 25), 10),
                (OnHold, day(11, 26), 12),
                (Accepted, day(12, 1), 12),
                (InReview, day(12, 2), 12),
                (RevisionRequested, day(12, 3), 9),
                (InReview, day(12, 3), 15),
                (DeliveredToClient, day(12, 4), 12),
            ],
            fees: (60_000, 40_000),
        },
        Story {
            file: "I-3",
            client: beta,
            product: 2,
            state: "CA",
            appraiser: Some(y),
            due: Some(day(12, 2)),
            steps: vec![
                (Default, day(11, 26), 9),
                (Assigned, day(11, 26), 10),
                (InReview, day(12, 1), 11),
                (DeliveredToClient, day(12, 1), 16),
            ],
            fees: (45_000, 30_000),
        },
        Story {
            file: "I-4",
            client: alpha,
            product: 2,
            state: "TX",
            appraiser: None,
            due: None,
            steps: vec![(Default, day(11, 19), 9), (Cancelled, day(11, 20), 9)],
            fees: (50_000, 35_000),
        },
        Story {
            file: "I-5",
            client: beta,
            product: 1,
            state: "CA",
            appraiser: Some(y),
            due: Some(day(12, 9)),
            steps: vec![
                (Default, day(12, 2), 9),
                (Assigned, day(12, 2), 10),
                (Accepted, day(12, 2), 11),
            ],
            fees: (50_000, 35_000),
        },
    ];
    let mut orders = Vec::new();
    for story in stories {
        orders.push(write(app, story).await);
    }
    Fixture { alpha, beta, orders, appraisers: (x, y) }
}

const RANGE: &str = "from=2025-11-17&to=2025-12-07";

fn figure(insight: &Value, key: &str) -> Value {
    insight["figures"].as_array().unwrap().iter().find(|f| f["key"] == key).unwrap()["value"]
        .clone()
}

fn chart<'a>(insight: &'a Value, key: &str) -> &'a Value {
    let charts = insight["charts"].as_array().unwrap_or_else(|| panic!("{insight}"));
    charts.iter().find(|c| c["key"] == key).unwrap()
}

/// A chart's rows as (label, [values of `series` in order]).
fn rows(chart: &Value, series: &[&str]) -> Vec<(String, Vec<Value>)> {
    chart["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let values = series.iter().map(|s| r["values"][s].clone()).collect();
            (r["label"].as_str().unwrap().to_string(), values)
        })
        .collect()
}

both_dbs!(volume_turn_time_quality_and_revenue_match_the_worked_answers, |app| {
    let f = fixture(&app).await;
    let staff = app.signed_in("demo.staff").await;
    let get = |metric: &str, extra: &str| {
        let staff = &staff;
        let path = format!("/api/staff/insights/{metric}?{RANGE}{extra}");
        async move { staff.get_json::<Value>(&path).await }
    };

    let volume = get("volume", "&interval=week").await;
    assert_eq!(
        (volume["from"].clone(), volume["interval"].clone()),
        (json!("2025-11-17"), json!("week"))
    );
    assert_eq!(
        rows(chart(&volume, "volume"), &["received", "delivered", "cancelled"]),
        vec![
            ("Nov 17, 2025".into(), vec![json!(2.0), json!(0.0), json!(1.0)]),
            ("Nov 24, 2025".into(), vec![json!(2.0), json!(1.0), json!(0.0)]),
            ("Dec 1, 2025".into(), vec![json!(1.0), json!(2.0), json!(0.0)]),
        ]
    );
    assert_eq!(
        ["received", "delivered", "cancelled"].map(|k| figure(&volume, k)),
        [json!(5.0), json!(3.0), json!(1.0)]
    );
    let alpha = get("volume", &format!("&interval=month&clientId={}", f.alpha)).await;
    assert_eq!(figure(&alpha, "received"), json!(3.0), "orders 1, 2 and 4");
    let california = get("volume", "&state=ca").await;
    assert_eq!(figure(&california, "received"), json!(2.0), "orders 3 and 5");

    let turn = get("turn-time", "").await;
    let series = ["reportMedian", "reportP90", "deliveryMedian", "deliveryP90", "orders"];
    let product_names = portal::features::insights::orders::product_names(&app.db).await.unwrap();
    let mut by_product = vec![
        (
            product_names[&1].clone(),
            vec![json!(3.0), json!(3.8), json!(4.5), json!(4.9), json!(2.0)],
        ),
        (
            product_names[&2].clone(),
            vec![json!(2.0), json!(2.0), json!(2.0), json!(2.0), json!(1.0)],
        ),
    ];
    by_product.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(rows(chart(&turn, "byProduct"), &series), by_product);
    assert_eq!(
        rows(chart(&turn, "byState"), &series),
        vec![
            ("CA".into(), vec![json!(2.0), json!(2.0), json!(2.0), json!(2.0), json!(1.0)]),
            ("TX".into(), vec![json!(3.0), json!(3.8), json!(4.5), json!(4.9), json!(2.0)]),
        ]
    );
    assert_eq!(
        ["reportMedian", "reportP90", "deliveryMedian", "deliveryP90", "orders"]
            .map(|k| figure(&turn, k)),
        [json!(2.0), json!(3.6), json!(4.0), json!(4.8), json!(3.0)]
    );

    let quality = get("quality", "").await;
    let marks = ["onTime", "revisions", "reconsiderations", "fairLanguage", "reports"];
    let best = rows(chart(&quality, "appraisersBest"), &marks);
    assert_eq!(best.len(), 2);
    assert_eq!(best[0].1, vec![json!(100.0), json!(0.0), json!(0.0), json!(0.0), json!(1.0)], "Y");
    assert_eq!(best[1].1, vec![json!(50.0), json!(50.0), json!(0.0), json!(0.0), json!(2.0)], "X");
    let worst = chart(&quality, "appraisersWorst");
    assert_eq!(worst["rows"][0]["key"], json!(f.appraisers.0.to_string()), "X is the worst");
    assert_eq!(
        ["onTime", "revisions", "reports"].map(|k| figure(&quality, k)),
        [json!(66.7), json!(33.3), json!(3.0)]
    );

    let revenue = get("revenue", "&interval=week").await;
    assert_eq!(
        rows(chart(&revenue, "byInterval"), &["revenue", "cost", "margin"]),
        vec![
            ("Nov 17, 2025".into(), vec![json!(0.0), json!(0.0), json!(0.0)]),
            ("Nov 24, 2025".into(), vec![json!(50_000.0), json!(35_000.0), json!(15_000.0)]),
            ("Dec 1, 2025".into(), vec![json!(105_000.0), json!(70_000.0), json!(35_000.0)]),
        ]
    );
    assert_eq!(
        rows(chart(&revenue, "byClient"), &["revenue", "cost", "margin"]),
        vec![
            ("Alpha Lending".into(), vec![json!(110_000.0), json!(75_000.0), json!(35_000.0)]),
            ("Beta Bank".into(), vec![json!(45_000.0), json!(30_000.0), json!(15_000.0)]),
        ]
    );
    assert_eq!(figure(&revenue, "marginRate"), json!(32.3));
    let _ = f.beta;
});

both_dbs!(pipeline_receivables_and_appraiser_pay_age_from_today, |app| {
    let f = fixture(&app).await;
    let staff = app.signed_in("demo.staff").await;
    let today = app.config.today().unwrap();
    let recorder = app.user_id("demo.staff").await;
    // Invoices of orders 1, 2 and 3: $500 due 45 days ago with $100 paid; $600 due in 10 days;
    // $450 due 100 days ago, credited in full.
    for (n, (order_index, amount, due_in, paid, credited)) in
        [(0, 50_000, -45, 10_000, 0), (1, 60_000, 10, 0, 0), (2, 45_000, -100, 0, 45_000)]
            .into_iter()
            .enumerate()
    {
        let client = if order_index == 2 { f.beta } else { f.alpha };
        let due_on = today + Duration::days(due_in);
        let inv = invoice::ActiveModel {
            id: NotSet,
            number: Set(format!("INV-T-{n}")),
            order_id: Set(f.orders[order_index]),
            client_id: Set(client as i32),
            amount_cents: Set(amount),
            issued_on: Set(due_on - Duration::days(30)),
            due_on: Set(due_on),
            created_at: Set(Utc::now()),
        }
        .insert(&app.db)
        .await
        .unwrap();
        if paid > 0 {
            invoice_payment::ActiveModel {
                id: NotSet,
                invoice_id: Set(inv.id),
                amount_cents: Set(paid),
                method: Set("check".into()),
                reference: Set(None),
                received_on: Set(today),
                recorded_by: Set(recorder),
                created_at: Set(Utc::now()),
            }
            .insert(&app.db)
            .await
            .unwrap();
        }
        if credited > 0 {
            credit_note::ActiveModel {
                id: NotSet,
                number: Set(format!("CN-T-{n}")),
                invoice_id: Set(inv.id),
                amount_cents: Set(credited),
                reason: Set("Goodwill".into()),
                issued_on: Set(today),
                issued_by: Set(recorder),
                created_at: Set(Utc::now()),
            }
            .insert(&app.db)
            .await
            .unwrap();
        }
    }
    let receivables: Value = staff.get_json("/api/staff/insights/receivables").await;
    assert_eq!(
        rows(chart(&receivables, "aging"), &["balance", "invoices"]),
        vec![
            ("Current".into(), vec![json!(60_000.0), json!(1.0)]),
            ("1-30 days".into(), vec![json!(0.0), json!(0.0)]),
            ("31-60 days".into(), vec![json!(40_000.0), json!(1.0)]),
            ("61-90 days".into(), vec![json!(0.0), json!(0.0)]),
            ("Over 90 days".into(), vec![json!(0.0), json!(0.0)]),
        ]
    );
    assert_eq!(
        ["outstanding", "overdue", "invoices"].map(|k| figure(&receivables, k)),
        [json!(100_000.0), json!(40_000.0), json!(2.0)]
    );
    assert_eq!(chart(&receivables, "byClient")["rows"][0]["label"], json!("Alpha Lending"));

    // Pay-by: 30 days after delivery, back to a business day: order 1 Wed Dec 24, order 3 Wed
    // Dec 31, order 2 Sat Jan 3 -> Fri Jan 2. Order 1 paid Dec 20 (on time), order 2 Jan 10
    // (late), order 3 not at all.
    for (order_index, paid_on) in [(0, day(12, 20)), (1, day(1, 10))] {
        payment::ActiveModel {
            id: NotSet,
            appraiser_user_id: Set(f.appraisers.0),
            order_id: Set(Some(f.orders[order_index])),
            usa_file_number: Set(format!("I-{}", order_index + 1)),
            address: Set("12 Oak St".into()),
            borrower: Set("Ann Lee".into()),
            amount_cents: Set(35_000),
            payment_date: Set(paid_on),
            created_at: Set(Utc::now()),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    let pay: Value = staff
        .get_json("/api/staff/insights/appraiser-pay?from=2025-12-01&to=2026-01-31&interval=month")
        .await;
    assert_eq!(
        rows(chart(&pay, "byInterval"), &["onTime", "late", "overdue", "pending"]),
        vec![
            ("Dec 2025".into(), vec![json!(1.0), json!(0.0), json!(1.0), json!(0.0)]),
            ("Jan 2026".into(), vec![json!(0.0), json!(1.0), json!(0.0), json!(0.0)]),
        ]
    );
    assert_eq!(figure(&pay, "onTimeRate"), json!(33.3));

    // Order 5 has been accepted since December 2, 2025: over 30 days.
    let pipeline: Value = staff.get_json("/api/staff/insights/pipeline").await;
    let accepted = OrderStatus::Accepted.label();
    let ages = ["under3", "3to7", "8to14", "15to30", "over30"];
    assert!(
        rows(chart(&pipeline, "byStatus"), &ages).contains(&(
            accepted,
            vec![json!(0.0), json!(0.0), json!(0.0), json!(0.0), json!(1.0)]
        )),
        "{pipeline}"
    );

    // A lender sees its own invoices only, and never revenue or appraiser pay.
    let lena = client_user(&app, &staff, f.beta, "beta.admin").await;
    let own: Value = lena.get_json("/api/client/insights/receivables").await;
    assert_eq!(chart(&own, "aging")["rows"], json!([]), "Beta's invoice was credited in full");
    assert!(own["charts"].as_array().unwrap().iter().all(|c| c["key"] != "byClient"));
    for metric in ["revenue", "appraiser-pay", "nonsense"] {
        let r = lena.get(&format!("/api/client/insights/{metric}")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{metric}");
    }
    let volume: Value = lena.get_json(&format!("/api/client/insights/volume?{RANGE}")).await;
    assert_eq!(figure(&volume, "received"), json!(2.0), "Beta's orders 3 and 5 only");
    let r = lena.get(&format!("/api/staff/insights/volume?{RANGE}")).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let viewer_body = json!({"username": "beta.viewer", "email": "beta.viewer@lender.example",
        "firstName": "Vi", "lastName": "Ewer", "role": "viewer"});
    let r = lena.post("/api/client/users", viewer_body).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    portal::features::auth::change_password::set_password(
        &app.db,
        "beta.viewer",
        common::PASSWORD.into(),
    )
    .await
    .unwrap();
    let viewer = app.signed_in("beta.viewer").await;
    let r = viewer.get("/api/client/insights/receivables").await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN, "invoices are for the lender's administrators");
    let r = viewer.get("/api/client/insights/volume").await;
    assert_eq!(r.status(), StatusCode::OK);
});

both_dbs!(bad_ranges_are_refused_with_a_message, |app| {
    let staff = app.signed_in("demo.staff").await;
    for (query, message) in [
        ("from=2025-12-07&to=2025-11-17", "From must be on or before To."),
        ("from=yesterday", "From must be a date such as 2026-11-27."),
        ("from=2020-01-01&to=2025-01-01", "Pick a range of at most three years."),
        (
            "from=2024-01-01&to=2025-06-01&interval=day",
            "Pick weeks or months for a range over a year.",
        ),
        ("state=Texas", "State must be a two-letter code such as TX."),
        ("state=", "State must be a two-letter code such as TX."),
        ("to=", "To must be a date such as 2026-11-27."),
    ] {
        let r = staff.get(&format!("/api/staff/insights/volume?{query}")).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(common::message(r).await, message);
    }
    let r = staff.get("/api/staff/insights/volume?interval=fortnight").await;
    assert!(r.status().is_client_error());
    let r = staff.get("/api/staff/insights/margins").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
});

both_dbs!(order_events_keep_each_orders_figures, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = new_client(&staff, "Kept Figures Bank").await;
    let lena = client_user(&app, &staff, client, "kept.admin").await;
    let placed = lena.post("/api/client/orders", new_order_form()).await;
    assert_eq!(placed.status(), StatusCode::CREATED);
    let id = placed.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let kept = order_insight::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!((kept.client_id, kept.open, kept.delivered_on), (Some(client as i32), true, None));
    assert_eq!(kept.received_on, app.config.today().unwrap());
    let r =
        staff.post(&format!("/api/staff/orders/{id}/cancel"), json!({"reason": "Duplicate"})).await;
    assert!(r.status().is_success(), "{}", r.status());
    let kept = order_insight::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!((kept.open, kept.cancelled_on), (false, Some(app.config.today().unwrap())));
    // What the events kept equals what the raw rows give when computed afresh.
    order_insight::Entity::delete_by_id(id).exec(&app.db).await.unwrap();
    assert_eq!(facts::fill_missing(&app.db, &app.config).await.unwrap(), 1);
    let fresh = order_insight::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(
        order_insight::Model { updated_at: kept.updated_at, ..fresh },
        kept,
        "kept by the events = computed afresh"
    );
});

both_dbs!(monday_summary_goes_to_those_who_asked_once, |app| {
    use portal::platform::notifications::{Delivery, Event, preferences};
    let staff_id = app.user_id("demo.staff").await;
    let mut prefs = preferences::load_or_create(&app.db, staff_id).await.unwrap();
    prefs.choices.insert(Event::WeeklySummary, Delivery::Email);
    preferences::save(&app.db, &prefs).await.unwrap();
    let zone = app.config.time_zone().unwrap();
    let at = |d: u32| zone.with_ymd_and_hms(2026, 11, d, 9, 0, 0).unwrap().with_timezone(&Utc);
    let weekly = portal::features::insights::weekly::send_due;
    assert_eq!(weekly(&app.db, &app.config, at(24)).await.unwrap(), 0, "a Tuesday");
    assert_eq!(weekly(&app.db, &app.config, at(30)).await.unwrap(), 1, "Monday");
    assert_eq!(weekly(&app.db, &app.config, at(30)).await.unwrap(), 0, "once");
    let staff_mail = app.last_mail(&staff_email(&app, staff_id).await).await.unwrap();
    assert_eq!(staff_mail.subject, "Your week: 0 received, 0 delivered");
    assert!(
        staff_mail.body_text.contains("The week of Nov 23 to Nov 29, 2026:"),
        "{}",
        staff_mail.body_text
    );
    assert!(staff_mail.body_text.contains("/staff/insights?from=2026-11-23&to=2026-11-29"));
    assert!(staff_mail.body_text.contains("Open exceptions (past due or on hold): 0"));
    let admin = app.user_id("demo.admin").await;
    assert!(app.last_mail(&staff_email(&app, admin).await).await.is_none(), "not asked");
});

async fn staff_email(app: &TestApp, id: i32) -> String {
    portal_db::entities::security_user::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .email
}
