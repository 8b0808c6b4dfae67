//! What lenders are charged, on both databases: a client's price list sets a new order's client
//! fee (margin for staff only), Deliver issues the invoice (gap-free numbers, also from two
//! copies at once), the client sees it, staff record payments and credit notes to the cent, and
//! the month's statement adds up.
use crate::common;

use chrono::{Datelike, Duration};
use portal_db::entities::{invoice, order, outbox};
use portal_db::status::OrderStatus;
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::{Value, json};

use crate::client_portal::client_user;
use crate::staff_desk::{assign_to, order_form};
use common::{Session, TestApp};

async fn json_of(r: reqwest::Response) -> (StatusCode, Value) {
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

fn price_of(list: &Value, product: i64) -> Value {
    list.as_array().unwrap().iter().find(|p| p["productId"] == product).cloned().unwrap()
}

/// A new client billed at `billing@lakeside.example` with 15 days to pay.
async fn lakeside(staff: &Session) -> i64 {
    let body = json!({
        "companyName": "Lakeside Credit", "billingEmail": "billing@lakeside.example",
        "paymentTermsDays": 15
    });
    let (status, created) = json_of(staff.post("/api/staff/clients", body).await).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_i64().unwrap()
}

/// An order of `client`, placed by staff and assigned to demo.appraiser.
async fn assigned_order(app: &TestApp, staff: &Session, client: i64) -> i64 {
    let (status, created) =
        json_of(staff.post("/api/staff/orders", order_form(client)).await).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_i64().unwrap();
    assign_to(app, staff, id, "demo.appraiser").await;
    id
}

/// The same, completed.
async fn completed_order(app: &TestApp, staff: &Session, client: i64) -> i64 {
    let id = assigned_order(app, staff, client).await;
    order::Entity::update_many()
        .col_expr(order::Column::StatusId, Expr::value(OrderStatus::Completed))
        .filter(order::Column::Id.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    id
}

both_dbs!(a_price_list_sets_the_client_fee_and_only_staff_see_the_margin, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lakeside(&staff).await;
    let path = format!("/api/staff/clients/{client}/prices");
    let defaults: Value = staff.get_json(&path).await;
    let default_of = |p: i64| price_of(&defaults, p)["defaultFeeCents"].as_i64().unwrap();
    assert_eq!(price_of(&defaults, 1)["own"], false);
    assert_eq!(price_of(&defaults, 1)["feeCents"].as_i64(), Some(default_of(1)));

    for (body, field) in [
        (json!([{"productId": 9999, "feeCents": 100}]), "[0].productId"),
        (
            json!([{"productId": 1, "feeCents": 100}, {"productId": 1, "feeCents": 200}]),
            "[1].productId",
        ),
        (json!([{"productId": 1, "feeCents": -1}]), "[0].feeCents"),
    ] {
        let (status, refused) = json_of(staff.put(&path, body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert!(refused["fields"][field].is_string(), "{field}: {refused}");
    }
    assert_eq!(
        staff.put("/api/staff/clients/99999/prices", json!([])).await.status(),
        StatusCode::NOT_FOUND
    );
    let r = staff.put(&path, json!([{"productId": 1, "feeCents": 55_000}])).await;
    assert_eq!(r.status(), StatusCode::OK);
    let own: Value = staff.get_json(&path).await;
    assert_eq!(
        (price_of(&own, 1)["feeCents"].as_i64(), price_of(&own, 1)["own"].as_bool()),
        (Some(55_000), Some(true))
    );
    assert_eq!(
        price_of(&own, 6)["feeCents"].as_i64(),
        Some(default_of(6)),
        "others stay on the default list"
    );

    let id = assigned_order(&app, &staff, client).await;
    let desk: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    let fee = 55_000 + default_of(6);
    assert_eq!(
        desk["clientFeeCents"].as_i64(),
        Some(fee),
        "products 1 and 6 at the client's prices"
    );
    assert_eq!(desk["marginCents"].as_i64(), Some(fee - 45_000));
    let appraiser = app.signed_in("demo.appraiser").await;
    let theirs: Value = appraiser.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(theirs["id"], id);
    for hidden in ["clientFeeCents", "marginCents", "invoice"] {
        assert!(theirs.get(hidden).is_none(), "the appraiser never receives {hidden}");
    }

    // Staff correct the fee before delivery; a correction without one keeps it.
    let mut form = order_form(client);
    form["clientFeeCents"] = json!(70_000);
    assert_eq!(staff.put(&format!("/api/staff/orders/{id}"), form).await.status(), StatusCode::OK);
    assert_eq!(
        staff.put(&format!("/api/staff/orders/{id}"), order_form(client)).await.status(),
        StatusCode::OK
    );
    let desk: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(
        (desk["clientFeeCents"].as_i64(), desk["marginCents"].as_i64()),
        (Some(70_000), Some(25_000))
    );
    let mut form = order_form(client);
    form["clientFeeCents"] = json!(-5);
    let (status, refused) =
        json_of(staff.put(&format!("/api/staff/orders/{id}"), form).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["clientFeeCents"].is_string(), "{refused}");
});

both_dbs!(delivery_invoices_the_client_who_pays_in_part_and_is_credited_to_the_cent, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lakeside(&staff).await;
    let id = completed_order(&app, &staff, client).await;
    let fee = format!("/api/staff/orders/{id}/client-fee");
    let (status, refused) = json_of(staff.put(&fee, json!({"clientFeeCents": -1})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["clientFeeCents"].is_string(), "{refused}");
    let r = staff.put(&fee, json!({"clientFeeCents": 62_550})).await;
    assert_eq!(r.status(), StatusCode::OK, "a completed order's fee is still corrected");
    staff.post_ok(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    let r = staff.put(&fee, json!({"clientFeeCents": 1})).await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "an invoiced order's fee stays as invoiced");

    let today = app.config.today().unwrap();
    let year = today.year();
    let open: Value = staff.get_json("/api/staff/invoices?status=open").await;
    let issued = open
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["orderId"] == id)
        .cloned()
        .expect("issued at delivery");
    assert_eq!(issued["number"], format!("INV-{year}-000001"));
    assert_eq!(issued["amountCents"], 62_550);
    assert_eq!(issued["issuedOn"], today.to_string());
    assert_eq!(issued["dueOn"], (today + Duration::days(15)).to_string(), "the client's terms");
    assert_eq!(issued["clientName"], "Lakeside Credit");
    let invoice_id = issued["id"].as_i64().unwrap();
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq("billing@lakeside.example"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the invoice went to the billing contact");
    assert!(
        mail.subject.starts_with(&format!("Invoice INV-{year}-000001 for order")),
        "{}",
        mail.subject
    );
    assert!(mail.body_text.contains("$625.50"), "{}", mail.body_text);
    let desk: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(desk["invoice"]["number"], issued["number"]);

    // The client's page shows it, and only to that client.
    let lena = client_user(&app, &staff, client, "lena.billing").await;
    let page: Value = lena.get_json(&format!("/api/client/orders/{id}")).await;
    assert_eq!(page["invoice"]["number"], issued["number"], "{page}");
    assert_eq!(page["invoice"]["balanceCents"], 62_550);
    let pdf = lena.get(&format!("/api/client/orders/{id}/invoice")).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF-"));
    let other_client = lakeside_like(&staff, "Harbor Mutual").await;
    let outsider = client_user(&app, &staff, other_client, "hal.harbor").await;
    assert_eq!(
        outsider.get(&format!("/api/client/orders/{id}/invoice")).await.status(),
        StatusCode::NOT_FOUND
    );
    let staff_pdf = staff.get(&format!("/api/staff/invoices/{invoice_id}/pdf")).await;
    assert_eq!(staff_pdf.headers()["content-type"], "application/pdf");

    // Payments and credits: refused with the field named, then to the cent.
    let pay = format!("/api/staff/invoices/{invoice_id}/payments");
    let tomorrow = (today + Duration::days(1)).to_string();
    for (body, field) in [
        (
            json!({"amountCents": 62_551, "method": "check", "receivedOn": today.to_string()}),
            "amountCents",
        ),
        (
            json!({"amountCents": 0, "method": "check", "receivedOn": today.to_string()}),
            "amountCents",
        ),
        (json!({"amountCents": 100, "method": "cash", "receivedOn": today.to_string()}), "method"),
        (json!({"amountCents": 100, "method": "wire", "receivedOn": tomorrow}), "receivedOn"),
        (json!({"amountCents": 100, "method": "wire"}), "receivedOn"),
    ] {
        let (status, refused) = json_of(staff.post(&pay, body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert!(refused["fields"][field].is_string(), "{field}: {refused}");
    }
    let (status, part) = json_of(
        staff
            .post(
                &pay,
                json!({
                    "amountCents": 30_000, "method": "check", "reference": "4471",
                    "receivedOn": today.to_string()
                }),
            )
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{part}");
    assert_eq!(
        (part["balanceCents"].as_i64(), part["status"].as_str()),
        (Some(32_550), Some("open"))
    );
    let credit = format!("/api/staff/invoices/{invoice_id}/credit-notes");
    let (status, refused) =
        json_of(staff.post(&credit, json!({"amountCents": 50, "reason": " "})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["reason"].is_string(), "{refused}");
    let (status, credited) = json_of(
        staff.post(&credit, json!({"amountCents": 2_550, "reason": "Tech fee waived"})).await,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{credited}");
    assert_eq!(credited["creditNotes"][0]["number"], format!("CN-{year}-000001"));
    assert_eq!(credited["balanceCents"], 30_000);
    let (_, paid) = json_of(
        staff
            .post(
                &pay,
                json!({"amountCents": 30_000, "method": "ach", "receivedOn": today.to_string()}),
            )
            .await,
    )
    .await;
    assert_eq!((paid["balanceCents"].as_i64(), paid["status"].as_str()), (Some(0), Some("paid")));
    assert_eq!(
        (paid["paidCents"].as_i64(), paid["creditedCents"].as_i64()),
        (Some(60_000), Some(2_550))
    );
    let paid_list: Value = staff.get_json("/api/staff/invoices?status=paid").await;
    assert!(paid_list.as_array().unwrap().iter().any(|i| i["id"] == invoice_id));
    let open: Value = staff.get_json("/api/staff/invoices?status=open").await;
    assert!(open.as_array().unwrap().iter().all(|i| i["id"] != invoice_id));

    // The month's statement adds up to the cent.
    let month = today.format("%Y-%m");
    let r =
        staff.get(&format!("/api/staff/clients/{client}/statement?month={month}&format=csv")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let csv = r.text().await.unwrap();
    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines[1], ",Balance brought forward,,,0.00");
    assert!(lines.iter().any(|l| l.ends_with(",625.50,625.50")), "{csv}");
    assert!(
        lines.iter().any(|l| l.contains("Payment (check 4471)") && l.contains(",-300.00,")),
        "{csv}"
    );
    assert_eq!(lines.last().copied(), Some(",Balance at the end of the month,,,0.00"), "{csv}");
    let pdf = staff.get(&format!("/api/staff/clients/{client}/statement?month={month}")).await;
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    for month in ["2026-13", "november", ""] {
        let r = staff.get(&format!("/api/staff/clients/{client}/statement?month={month}")).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{month}");
    }

    // Past its due date and unpaid, an invoice is overdue.
    let late = invoice::ActiveModel {
        id: NotSet,
        number: Set("INV-2020-000001".into()),
        order_id: Set(completed_order(&app, &staff, client).await),
        client_id: Set(client as i32),
        amount_cents: Set(10_000),
        issued_on: Set(today - Duration::days(40)),
        due_on: Set(today - Duration::days(10)),
        created_at: Set(chrono::Utc::now()),
    }
    .insert(&app.db)
    .await
    .unwrap();
    let overdue: Value = staff.get_json("/api/staff/invoices?status=overdue").await;
    let row =
        overdue.as_array().unwrap().iter().find(|i| i["id"] == late.id).cloned().expect("overdue");
    assert_eq!(row["daysOverdue"], 10);
});

async fn lakeside_like(staff: &Session, name: &str) -> i64 {
    let (_, created) =
        json_of(staff.post("/api/staff/clients", json!({"companyName": name})).await).await;
    created["id"].as_i64().unwrap()
}

both_dbs!(invoice_numbers_have_no_gaps_when_two_copies_issue_at_once, |app| {
    let copies = [
        portal_db::connect(&app.config.database_url, 4).await.unwrap(),
        portal_db::connect(&app.config.database_url, 4).await.unwrap(),
    ];
    let mut tasks = Vec::new();
    for n in 0..24 {
        let db = copies[n % 2].clone();
        tasks.push(tokio::spawn(async move {
            let txn = portal_db::begin_write(&db).await.unwrap();
            let number = portal::features::billing::numbers::next(&txn, "INV", 2031).await.unwrap();
            // Every fourth issue fails after taking a number: the number goes back.
            if n % 4 == 3 {
                txn.rollback().await.unwrap();
                None
            } else {
                txn.commit().await.unwrap();
                Some(number)
            }
        }));
    }
    let mut issued = Vec::new();
    for t in tasks {
        issued.extend(t.await.unwrap());
    }
    issued.sort();
    let expected: Vec<String> = (1..=18).map(|n| format!("INV-2031-{n:06}")).collect();
    assert_eq!(issued, expected, "18 committed issues take 1 to 18, once each");
});

both_dbs!(the_delivery_email_carries_logged_download_links_that_expire, |app| {
    let staff = app.signed_in("demo.staff").await;
    let body =
        json!({"companyName": "Links Lending", "mainContactEmailAddress": "ap@links.example"});
    let (status, created) = json_of(staff.post("/api/staff/clients", body).await).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let client = created["id"].as_i64().unwrap();
    let id = completed_order(&app, &staff, client).await;
    let pdf = b"%PDF-1.4 the delivered report";
    common::orders::order_file(&app, id, "Appraisal Report.pdf", pdf, false).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;

    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq("ap@links.example"))
        .filter(outbox::Column::Subject.contains("delivered"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the main contact is told");
    let line = mail.body_text.lines().find(|l| l.contains("/documents/")).expect("a link per file");
    assert!(line.starts_with("Appraisal Report.pdf: "), "{line}");
    let link = line.split(": ").nth(1).unwrap().trim().to_string();
    let path = &link[link.find("/documents/").unwrap()..];
    let anyone = reqwest::Client::new();
    let got = anyone.get(app.url(path)).send().await.unwrap();
    assert_eq!(got.status(), StatusCode::OK);
    assert_eq!(&got.bytes().await.unwrap()[..], pdf);
    assert_eq!(app.count("SELECT COUNT(*) FROM document_link_downloads").await, 1, "logged");

    let tampered = format!("{}x", path);
    let refused = anyone.get(app.url(&tampered)).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    let page = refused.text().await.unwrap();
    assert!(page.contains(portal::features::reports::links::MSG_LINK_REFUSED), "{page}");
    portal_db::entities::document_link::Entity::update_many()
        .col_expr(
            portal_db::entities::document_link::Column::ExpiresAt,
            Expr::value(chrono::Utc::now() - Duration::minutes(1)),
        )
        .exec(&app.db)
        .await
        .unwrap();
    let expired = anyone.get(app.url(path)).send().await.unwrap();
    assert_eq!(expired.status(), StatusCode::NOT_FOUND, "a link past its days is refused");
    assert_eq!(app.count("SELECT COUNT(*) FROM document_link_downloads").await, 1);
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_invoice_email_carries_the_invoice_pdf_to_a_real_smtp_server() {
    use portal::features::billing::printing::InvoiceAttachments;
    use portal::platform::delivery::sender::{Sender, Transports};
    use std::sync::Arc;
    let sink = common::smtp::SmtpSink::start().await;
    let url = sink.url.clone();
    let app = TestApp::start_with(common::Db::Sqlite, move |c| c.smtp_url = url).await.unwrap();
    let staff = app.signed_in("demo.staff").await;
    let client = lakeside(&staff).await;
    let id = completed_order(&app, &staff, client).await;
    let fee = format!("/api/staff/orders/{id}/client-fee");
    assert_eq!(staff.put(&fee, json!({"clientFeeCents": 52_500})).await.status(), StatusCode::OK);
    staff.post_ok(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    let queued = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq("billing@lakeside.example"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the invoice e-mail is queued");
    assert!(queued.attachment.as_deref().is_some_and(|a| a.starts_with("invoice:")));

    let invoices = InvoiceAttachments { db: app.db.clone(), config: Arc::new(app.config.clone()) };
    let transports = Transports::from_config(&app.config).unwrap().attaching(Arc::new(invoices));
    Sender::new(app.db.clone(), Arc::new(transports)).run_once().await.unwrap();
    let received = sink.received();
    let mail = received
        .iter()
        .find(|m| m.contains("To: billing@lakeside.example"))
        .expect("the invoice e-mail reached the SMTP server");
    assert!(mail.contains("multipart/mixed"), "{mail}");
    assert!(mail.contains("Content-Type: application/pdf"), "{mail}");
    assert!(mail.contains("filename=\"INV-"), "{mail}");
    assert!(mail.contains("JVBERi"), "the PDF's bytes (%PDF in base64)");
    let sent = outbox::Entity::find_by_id(queued.id).one(&app.db).await.unwrap().unwrap();
    assert!(sent.sent_at.is_some());
}
