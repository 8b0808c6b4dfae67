//! The borrower's card payment on both databases: an order of a "borrower pays" product sends
//! the borrower a link at creation; it cannot be assigned before payment (409); the sandbox
//! provider declines, challenges (3-D Secure) and approves by test card; cancelling refunds; and
//! the card number is nowhere in the database.
use crate::common;

use portal::features::billing::card_sandbox::{APPROVED_CARD, CHALLENGE_CARD, DECLINED_CARD};
use portal_db::entities::outbox;
use reqwest::StatusCode;
use reqwest::redirect::Policy;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::staff_desk::order_form;
use common::orders::{history_of, new_client, new_order};
use common::{Session, TestApp};

/// A browser without a session that does not follow redirects.
fn borrower() -> reqwest::Client {
    reqwest::Client::builder().redirect(Policy::none()).build().unwrap()
}

fn location(r: &reqwest::Response) -> String {
    r.headers()[reqwest::header::LOCATION].to_str().unwrap().to_owned()
}

/// Opens a checkout from the payment page: the provider's session id.
async fn checkout(app: &TestApp, token: &str) -> String {
    let r = borrower().post(app.url(&format!("/pay/{token}"))).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let to = location(&r);
    assert!(to.starts_with("/card-sandbox/checkout?session="), "{to}");
    let page = borrower().get(app.url(&to)).send().await.unwrap().text().await.unwrap();
    assert!(page.contains("Card number"), "{page}");
    to.split("session=").nth(1).unwrap().split('&').next().unwrap().to_owned()
}

async fn pay(app: &TestApp, token: &str, session: &str, card: &str) -> reqwest::Response {
    let form = [
        ("session", session),
        ("return", &format!("/pay/{token}")),
        ("card_number", card),
        ("expiry", "12/30"),
        ("cvc", "123"),
    ];
    borrower().post(app.url("/card-sandbox/checkout")).form(&form).send().await.unwrap()
}

async fn history_lines(app: &TestApp, id: i64) -> String {
    history_of(app, id)
        .await
        .into_iter()
        .filter_map(|h| h.message_html)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Everything the database holds, as text: every row of every table (PostgreSQL), or the
/// database file with its write-ahead log (SQLite).
async fn everything_stored(app: &TestApp) -> String {
    if app.config.database_url.starts_with("sqlite://") {
        let path =
            app.config.database_url.trim_start_matches("sqlite://").split('?').next().unwrap();
        let mut bytes = std::fs::read(path).unwrap();
        bytes.extend(std::fs::read(format!("{path}-wal")).unwrap_or_default());
        return String::from_utf8_lossy(&bytes).into_owned();
    }
    let tables = app
        .db
        .query_all_raw(sea_orm::Statement::from_string(
            app.db.get_database_backend(),
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
        ))
        .await
        .unwrap();
    let mut all = String::new();
    for t in tables {
        let name: String = t.try_get_by_index(0).unwrap();
        let rows = app
            .db
            .query_all_raw(sea_orm::Statement::from_string(
                app.db.get_database_backend(),
                format!("SELECT t::text FROM \"{name}\" t"),
            ))
            .await
            .unwrap();
        for row in rows {
            all.push_str(&row.try_get_by_index::<String>(0).unwrap());
        }
    }
    all
}

async fn staff_view(staff: &Session, id: i64) -> Value {
    staff.get_json(&format!("/api/order-details/{id}")).await
}

both_dbs!(a_borrower_pays_by_card_before_assignment_and_is_refunded_on_cancel, |app| {
    let staff = app.signed_in("demo.staff").await;
    let products: Value = staff.get_json("/api/staff/products").await;
    let first = products.as_array().unwrap().iter().find(|p| p["id"] == 1).unwrap().clone();
    let body = json!({"dataFileRequired": first["dataFileRequired"], "borrowerPays": true});
    assert_eq!(staff.put("/api/staff/products/1", body).await.status(), StatusCode::OK);
    let mut form = order_form(new_client(&staff, "Pay First Bank").await);
    form["contacts"]
        .as_array_mut()
        .unwrap()
        .push(json!({"name": "Ann Lee", "type": "BORROWER", "email": "ann.lee@example.com"}));
    let id = new_order(&staff, form).await;

    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq("ann.lee@example.com"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the link went out with the order's creation");
    let link = mail.body_text.lines().find(|l| l.contains("/pay/")).unwrap().to_owned();
    let token = link.split("/pay/").nth(1).unwrap().trim().to_owned();
    assert_eq!(staff_view(&staff, id).await["borrowerPayment"]["status"], "pending");

    let appraiser = app.user_id("demo.appraiser").await;
    let assign = format!("/api/staff/orders/{id}/assign");
    let (status, message) =
        staff.post_for_message(&assign, json!({"appraiserId": appraiser})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(message, portal::features::billing::borrower_payments::MSG_NOT_PAID);

    let page = borrower().get(app.url(&format!("/pay/{token}"))).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let page = page.text().await.unwrap();
    let fee = staff_view(&staff, id).await["clientFeeCents"].as_i64().unwrap();
    let amount = format!("${}.{:02}", fee / 100, fee % 100);
    assert!(page.contains(&format!("Pay {amount} by card")), "{page}");
    assert!(page.contains("12 Oak St"), "{page}");
    let gone = borrower().get(app.url("/pay/not-a-token")).send().await.unwrap();
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    let gone = gone.text().await.unwrap();
    assert!(gone.contains(portal::features::billing::pay_page::MSG_LINK_GONE), "{gone}");
    assert!(
        gone.contains("<h1>This payment link cannot be used</h1>"),
        "the portal's page: {gone}"
    );
    assert!(gone.contains(&format!("mailto:{}", app.config.support_email)), "whom to ask: {gone}");

    // Declined, then a failed 3-D Secure check, then approved after the check.
    let session = checkout(&app, &token).await;
    let r = pay(&app, &token, &session, DECLINED_CARD).await;
    assert_eq!(location(&r), format!("/pay/{token}?result=declined"));
    let again = borrower().get(app.url(&location(&r))).send().await.unwrap().text().await.unwrap();
    assert!(again.contains("Your card was declined."), "{again}");
    let session = checkout(&app, &token).await;
    let challenge = pay(&app, &token, &session, CHALLENGE_CARD).await.text().await.unwrap();
    assert!(challenge.contains("Complete authentication"), "{challenge}");
    let form = [
        ("session", session.as_str()),
        ("return", &format!("/pay/{token}")),
        ("challenge", "fail"),
    ];
    let r = borrower().post(app.url("/card-sandbox/challenge")).form(&form).send().await.unwrap();
    assert!(location(&r).ends_with("result=declined"));
    let session = checkout(&app, &token).await;
    let _ = pay(&app, &token, &session, CHALLENGE_CARD).await;
    let form = [
        ("session", session.as_str()),
        ("return", &format!("/pay/{token}")),
        ("challenge", "pass"),
    ];
    let r = borrower().post(app.url("/card-sandbox/challenge")).form(&form).send().await.unwrap();
    assert_eq!(location(&r), format!("/pay/{token}"));
    let paid = borrower().get(app.url(&format!("/pay/{token}"))).send().await.unwrap();
    assert!(paid.text().await.unwrap().contains("Paid on"));
    let used = pay(&app, &token, &session, APPROVED_CARD).await;
    assert_eq!(used.status(), StatusCode::NOT_FOUND, "a finished checkout takes no second card");
    assert_eq!(staff_view(&staff, id).await["borrowerPayment"]["status"], "paid");

    let r = staff.post(&format!("/api/staff/orders/{id}/borrower-payment-link"), json!({})).await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "paid already");
    staff.post_ok(&assign, json!({"appraiserId": appraiser})).await;
    let cancel = json!({"reason": "The borrower withdrew the loan."});
    staff.post_ok(&format!("/api/staff/orders/{id}/cancel"), cancel).await;
    assert_eq!(staff_view(&staff, id).await["borrowerPayment"]["status"], "refunded");
    let history = history_lines(&app, id).await;
    for step in ["Payment link for", "was declined", "The borrower paid", "was refunded"] {
        assert!(history.contains(step), "{step:?} in the history:\n{history}");
    }
    let stored = everything_stored(&app).await;
    for card in [APPROVED_CARD, DECLINED_CARD, CHALLENGE_CARD] {
        assert!(!stored.contains(card), "card {card} is stored somewhere");
    }
    assert!(stored.contains("ann.lee@example.com"), "the search does read the stored data");
});

both_dbs!(only_a_borrower_paid_order_takes_a_payment_link, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = new_client(&staff, "Plain Lending").await;
    let id = new_order(&staff, order_form(client)).await;
    let link = format!("/api/staff/orders/{id}/borrower-payment-link");
    let (status, message) = staff.post_for_message(&link, json!({"email": "x@example.com"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(message, portal::features::billing::borrower_payments::MSG_NOT_BORROWER_PAID);
    let r = staff
        .put(
            &format!("/api/staff/clients/{client}"),
            json!({"companyName": "Plain Lending", "borrowerPays": true}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let (status, refused) = staff.post_for_message(&link, json!({})).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no borrower e-mail on the order: {refused}"
    );
    let (status, _) =
        staff.post_for_message(&link, json!({"email": "pat.borrower@example.com"})).await;
    assert_eq!(status, StatusCode::OK);
    let sent = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq("pat.borrower@example.com"))
        .one(&app.db)
        .await
        .unwrap();
    assert!(sent.is_some_and(|m| m.body_text.contains("/pay/")));
});
