//! The card and payment-platform providers a deployment chooses, on both databases: without a
//! provider nothing test-only is served and no order waits for a payment; with Stripe the pay
//! page opens a Checkout Session on a local stand-in that answers as Stripe's API reference
//! documents, only an event signed by Stripe's own library (npm `stripe`) marks the payment
//! paid, once, and a cancel refunds through the payment intent.
use crate::common;

use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::HeaderMap;
use portal_db::entities::{appraiser_profile, outbox};
use reqwest::StatusCode;
use reqwest::redirect::Policy;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::staff_desk::order_form;
use common::orders::{history_of, new_client, new_order};
use common::{Db, Session, TestApp};
use portal::features::billing::borrower_payments::MSG_NO_CARD_PROVIDER;

const SECRET_KEY: &str = "sk_test_portal";
const WEBHOOK_SECRET: &str = "whsec_portal_test";

fn borrower() -> reqwest::Client {
    reqwest::Client::builder().redirect(Policy::none()).build().unwrap()
}

/// A new order of a borrower-pays client with the borrower's e-mail; the payment link's token
/// when one was sent.
async fn borrower_paid_order(app: &TestApp, staff: &Session, email: &str) -> (i64, Option<String>) {
    let client = new_client(staff, "Card First Bank").await;
    let body = json!({"companyName": "Card First Bank", "borrowerPays": true});
    assert_eq!(
        staff.put(&format!("/api/staff/clients/{client}"), body).await.status(),
        StatusCode::OK
    );
    let mut form = order_form(client);
    form["contacts"].as_array_mut().unwrap().push(
        json!({"name": "Ann Lee", "type": "BORROWER", "email": email, "cellPhone": "512-555-0123"}),
    );
    let id = new_order(staff, form).await;
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(email))
        .one(&app.db)
        .await
        .unwrap();
    let token = mail.map(|m| {
        let line = m.body_text.lines().find(|l| l.contains("/pay/")).unwrap().to_owned();
        line.split("/pay/").nth(1).unwrap().trim().to_owned()
    });
    (id, token)
}

both_dbs!(
    without_a_provider_nothing_test_only_is_served,
    with | c | {
        c.card_provider = "none".into();
        c.epp_provider = "none".into();
    },
    |app| {
        for path in [
            "/card-sandbox/checkout",
            "/card-sandbox/challenge",
            "/epp-sandbox/onboard",
            "/epp-sandbox/party",
        ] {
            let get = borrower().get(app.url(path)).send().await.unwrap();
            assert_eq!(get.status(), StatusCode::NOT_FOUND, "GET {path}");
            let post = borrower().post(app.url(path)).send().await.unwrap();
            assert_eq!(post.status(), StatusCode::NOT_FOUND, "POST {path}");
        }
        let staff = app.signed_in("demo.staff").await;
        let (id, token) = borrower_paid_order(&app, &staff, "no.card@example.com").await;
        assert_eq!(token, None, "no payment link without a card provider");
        let link = format!("/api/staff/orders/{id}/borrower-payment-link");
        let (status, message) = staff.post_for_message(&link, json!({})).await;
        assert_eq!((status, message.as_str()), (StatusCode::CONFLICT, MSG_NO_CARD_PROVIDER));
        let appraiser = app.user_id("demo.appraiser").await;
        let assign = format!("/api/staff/orders/{id}/assign");
        staff.post_ok(&assign, json!({"appraiserId": appraiser})).await;

        appraiser_profile::Entity::update_many()
            .col_expr(appraiser_profile::Column::ReadyForEppOnboarding, Expr::value(true))
            .filter(appraiser_profile::Column::SecurityUserId.eq(appraiser))
            .exec(&app.db)
            .await
            .unwrap();
        let s = app.signed_in("demo.appraiser").await;
        let onboarding = s.get(&format!("/api/appraiser/{appraiser}/onboard-token")).await;
        assert_eq!(onboarding.status(), StatusCode::CONFLICT);
        let body: Value = onboarding.json().await.unwrap();
        assert_eq!(body["message"], "No payment platform is configured.");
    }
);

/// What the stand-in was asked: the path, the bearer token, the idempotency key and the form.
#[derive(Clone, Debug)]
struct Asked {
    path: String,
    authorization: String,
    idempotency_key: String,
    form: Vec<(String, String)>,
}

type Log = Arc<Mutex<Vec<Asked>>>;

fn asked(log: &Log, path: &str, headers: &HeaderMap, form: Vec<(String, String)>) {
    let header = |name: &str| {
        headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
    };
    log.lock().unwrap().push(Asked {
        path: path.into(),
        authorization: header("authorization"),
        idempotency_key: header("idempotency-key"),
        form,
    });
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> &'a str {
    form.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).unwrap_or_default()
}

/// Answers as Stripe's API reference shows for `POST /v1/checkout/sessions` and `POST /v1/refunds`.
async fn stripe_stand_in() -> (String, Log) {
    use axum::routing::post;
    let log: Log = Arc::default();
    let sessions = |State(log): State<Log>,
                    headers: HeaderMap,
                    axum::Form(form): axum::Form<Vec<(String, String)>>| async move {
        asked(&log, "/v1/checkout/sessions", &headers, form.clone());
        axum::Json(json!({
            "id": "cs_test_a1VjXWmzCb8eSNu3ynMffqrDTbC6yXUDCJcIKvtvZYW6zM",
            "object": "checkout.session",
            "amount_total": field(&form, "line_items[0][price_data][unit_amount]")
                .parse::<i64>()
                .unwrap_or(0),
            "client_reference_id": field(&form, "client_reference_id"),
            "currency": "usd",
            "livemode": false,
            "metadata": {
                "order_id": field(&form, "metadata[order_id]"),
                "payment_id": field(&form, "metadata[payment_id]")
            },
            "mode": "payment",
            "payment_intent": null,
            "payment_status": "unpaid",
            "status": "open",
            "success_url": field(&form, "success_url"),
            "url": "https://checkout.stripe.com/c/pay/\
                    cs_test_a1VjXWmzCb8eSNu3ynMffqrDTbC6yXUDCJcIKvtvZYW6zM"
        }))
    };
    let refunds = |State(log): State<Log>,
                   headers: HeaderMap,
                   axum::Form(form): axum::Form<Vec<(String, String)>>| async move {
        asked(&log, "/v1/refunds", &headers, form.clone());
        axum::Json(json!({
            "id": "re_1Nispe2eZvKYlo2Cd31jOCgZ",
            "object": "refund",
            "amount": 52500,
            "currency": "usd",
            "payment_intent": field(&form, "payment_intent"),
            "status": "succeeded"
        }))
    };
    let stub = axum::Router::new()
        .route("/v1/checkout/sessions", post(sessions))
        .route("/v1/refunds", post(refunds))
        .with_state(log.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, stub).await.unwrap() });
    (format!("http://{addr}"), log)
}

/// The `Stripe-Signature` header Stripe's own library makes for `payload` at `timestamp`.
fn signed_by_stripe(payload: &str, timestamp: i64) -> String {
    const SCRIPT: &str = "const Stripe = require('stripe'); \
        const [payload, secret, t] = process.argv.slice(1); \
        process.stdout.write(new Stripe('sk_test_x').webhooks.generateTestHeaderString(\
        { payload, secret, timestamp: Number(t) }));";
    let web = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web");
    let out = std::process::Command::new("node")
        .current_dir(web)
        .args(["-e", SCRIPT, payload, WEBHOOK_SECRET, &timestamp.to_string()])
        .output()
        .expect("node runs (the web app's dependencies are installed)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

async fn send_event(app: &TestApp, payload: &str, signature: &str) -> StatusCode {
    borrower()
        .post(app.url("/webhooks/stripe"))
        .header("stripe-signature", signature)
        .header("content-type", "application/json")
        .body(payload.to_string())
        .send()
        .await
        .unwrap()
        .status()
}

async fn payment_status(staff: &Session, id: i64) -> Value {
    let view: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    view["borrowerPayment"]["status"].clone()
}

async fn stripe_journey(db: Db) {
    let (api, log) = stripe_stand_in().await;
    let Some(app) = TestApp::start_on(db, |c| {
        c.card_provider = "stripe".into();
        c.stripe_secret_key = SECRET_KEY.into();
        c.stripe_webhook_secret = WEBHOOK_SECRET.into();
        c.stripe_api_url = api.clone();
    })
    .await
    else {
        return;
    };
    let staff = app.signed_in("demo.staff").await;
    let (id, token) = borrower_paid_order(&app, &staff, "ann.stripe@example.com").await;
    let token = token.expect("the payment link went out");
    let texted = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq("512-555-0123"))
        .filter(outbox::Column::Channel.eq("sms"))
        .one(&app.db)
        .await
        .unwrap()
        .expect("the borrower's mobile gets the link too");
    assert!(texted.body_text.contains(&format!("/pay/{token}")), "{}", texted.body_text);
    let page = borrower().get(app.url(&format!("/pay/{token}"))).send().await.unwrap();
    assert!(!page.text().await.unwrap().contains("Test mode"), "Stripe is not a test mode");

    let r = borrower().post(app.url(&format!("/pay/{token}"))).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let to = r.headers()[reqwest::header::LOCATION].to_str().unwrap().to_owned();
    assert!(to.starts_with("https://checkout.stripe.com/c/pay/cs_test_"), "{to}");
    let created = log.lock().unwrap()[0].clone();
    let fee: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(created.path, "/v1/checkout/sessions");
    assert_eq!(created.authorization, format!("Bearer {SECRET_KEY}"));
    assert!(!created.idempotency_key.is_empty());
    let form = &created.form;
    assert_eq!(field(form, "mode"), "payment");
    assert_eq!(
        field(form, "line_items[0][price_data][unit_amount]"),
        fee["clientFeeCents"].to_string()
    );
    assert_eq!(field(form, "metadata[order_id]"), id.to_string());
    assert!(!field(form, "client_reference_id").is_empty());
    assert!(field(form, "success_url").contains(&format!("/pay/{token}")));

    let event = json!({
        "id": "evt_1NG8Du2eZvKYlo2CUI79vXWy",
        "object": "event",
        "type": "checkout.session.completed",
        "data": {"object": {
            "id": "cs_test_a1VjXWmzCb8eSNu3ynMffqrDTbC6yXUDCJcIKvtvZYW6zM",
            "object": "checkout.session",
            "payment_intent": "pi_3MtwBwLkdIwHu7ix28a3tqPa",
            "payment_status": "paid",
            "status": "complete"
        }}
    })
    .to_string();
    let now = chrono::Utc::now().timestamp();
    let stale = signed_by_stripe(&event, now - 600);
    assert_eq!(send_event(&app, &event, &stale).await, StatusCode::BAD_REQUEST);
    let fresh = signed_by_stripe(&event, now);
    let tampered = event.replace("\"paid\"", "\"paid\" ");
    assert_eq!(send_event(&app, &tampered, &fresh).await, StatusCode::BAD_REQUEST);
    assert_eq!(payment_status(&staff, id).await, "pending", "refused events change nothing");
    assert_eq!(send_event(&app, &event, &fresh).await, StatusCode::OK);
    assert_eq!(send_event(&app, &event, &fresh).await, StatusCode::OK, "a repeat is accepted");
    assert_eq!(payment_status(&staff, id).await, "paid");
    let paid_lines = history_of(&app, id)
        .await
        .into_iter()
        .filter_map(|h| h.message_html)
        .filter(|m| m.contains("The borrower paid"))
        .count();
    assert_eq!(paid_lines, 1, "the repeated event is applied once");

    let appraiser = app.user_id("demo.appraiser").await;
    staff
        .post_ok(&format!("/api/staff/orders/{id}/assign"), json!({"appraiserId": appraiser}))
        .await;
    let cancel = json!({"reason": "The borrower withdrew the loan."});
    staff.post_ok(&format!("/api/staff/orders/{id}/cancel"), cancel).await;
    assert_eq!(payment_status(&staff, id).await, "refunded");
    let refund = log.lock().unwrap().iter().find(|a| a.path == "/v1/refunds").cloned();
    let refund = refund.expect("the refund went to Stripe");
    assert_eq!(field(&refund.form, "payment_intent"), "pi_3MtwBwLkdIwHu7ix28a3tqPa");
    assert!(!refund.idempotency_key.is_empty());
}

on_each_db!(stripe_checkout_event_and_refund, stripe_journey);
