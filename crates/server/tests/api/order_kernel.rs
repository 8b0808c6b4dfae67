//! Every door an order comes in by (the staff order form, the client portal, the public API and a
//! quote's award) runs the same reactions (`crate::reactions`): the client's `order.created`
//! event, its webhook delivery, the live event and the orders team's e-mail, once each.
use crate::common;

use portal_db::entities::{order, order_detail, report_type};
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use crate::assignment_offers::covers_travis;
use crate::client_portal::{client_user, new_order_form};
use crate::staff_desk::order_form;
use crate::staff_quotes::quote_form;
use common::orders::new_client;
use common::{Session, TestApp, company_day};

/// What followed the birth of `order_id`: client events `order.created`, their webhook
/// deliveries, live events of the order, and orders-team e-mails naming its file number.
async fn reactions(app: &TestApp, order_id: i64) -> [i64; 4] {
    let created =
        format!("client_events WHERE order_id = {order_id} AND event_type = 'order.created'");
    let order = order::Entity::find_by_id(order_id).one(&app.db).await.unwrap().unwrap();
    let file_number = order.file_number;
    [
        app.count(&format!("SELECT COUNT(*) FROM {created}")).await,
        app.count(&format!(
            "SELECT COUNT(*) FROM webhook_deliveries WHERE event_id IN (SELECT id FROM {created})"
        ))
        .await,
        app.count(&format!("SELECT COUNT(*) FROM live_events WHERE order_id = {order_id}")).await,
        app.count(&format!(
            "SELECT COUNT(*) FROM outbox WHERE recipient = 'orders@appraisalportal.example' \
             AND subject LIKE 'New order {file_number} from %'"
        ))
        .await,
    ]
}

async fn created_id(r: reqwest::Response) -> i64 {
    assert_eq!(r.status(), StatusCode::CREATED);
    r.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn through_the_api(app: &TestApp, staff: &Session, client_id: i64) -> i64 {
    let r = staff
        .post(&format!("/api/staff/clients/{client_id}/api-keys"), json!({"name": "LOS"}))
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let key = r.json::<Value>().await.unwrap()["key"].as_str().unwrap().to_string();
    let r = reqwest::Client::new()
        .post(app.url("/api/v1/orders"))
        .bearer_auth(key)
        .header("Idempotency-Key", "kernel-1")
        .json(&new_order_form())
        .send()
        .await
        .unwrap();
    created_id(r).await
}

async fn by_awarding_a_quote(app: &TestApp, staff: &Session, client_id: i64) -> i64 {
    let appraiser_id = app.user_id("demo.appraiser").await;
    let r = staff.post("/api/staff/quotes", quote_form(client_id, &[appraiser_id])).await;
    let quote_id = created_id(r).await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let answer = json!({
        "quoteId": quote_id, "estimatedDeliveryDate": company_day(7), "appraiserFee": "525.00",
        "comment": "Can do"
    });
    assert_eq!(appraiser.post("/api/quotes/accept", answer).await.status(), StatusCode::OK);
    let award = json!({"appraiserId": appraiser_id});
    created_id(staff.post(&format!("/api/staff/quotes/{quote_id}/award"), award).await).await
}

async fn run(app: TestApp) {
    let staff = app.signed_in("demo.staff").await;
    let client_id = new_client(&staff, "Kernel Bank").await;
    let lena = client_user(&app, &staff, client_id, "lena.kernel").await;
    let hook = json!({"url": "http://127.0.0.1:9/orders"});
    assert_eq!(
        lena.post("/api/client/webhook-endpoints", hook).await.status(),
        StatusCode::CREATED
    );

    let doors = [
        (
            "staff order form",
            created_id(staff.post("/api/staff/orders", order_form(client_id)).await).await,
        ),
        (
            "client portal",
            created_id(lena.post("/api/client/orders", new_order_form()).await).await,
        ),
        ("public API", through_the_api(&app, &staff, client_id).await),
        ("quote award", by_awarding_a_quote(&app, &staff, client_id).await),
    ];
    for (door, order_id) in doors {
        let [events, webhooks, live, mail] = reactions(&app, order_id).await;
        assert_eq!(events, 1, "{door}: one order.created client event");
        assert_eq!(webhooks, 1, "{door}: one webhook delivery of it");
        assert!(live >= 1, "{door}: a live event of the order");
        assert_eq!(mail, 1, "{door}: one e-mail to the orders team");
    }
    let product = report_type::Entity::find_by_id(1).one(&app.db).await.unwrap().unwrap();
    assert!(product.default_fee_cents.is_some_and(|c| c > 0), "the demo product has a fee");
    for (door, order_id) in &doors[1..3] {
        let detail = order_detail::Entity::find_by_id(*order_id).one(&app.db).await.unwrap();
        assert_eq!(
            detail.unwrap().appraiser_fee_cents,
            product.default_fee_cents,
            "{door}: a lender's order pays the appraiser the product's default fee"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_door_runs_every_reaction_sqlite() {
    run(TestApp::start_with(common::Db::Sqlite, |c| c.webhooks_allow_private = true)
        .await
        .unwrap())
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_door_runs_every_reaction_postgres() {
    match TestApp::start_with(common::Db::Postgres, |c| c.webhooks_allow_private = true).await {
        Some(app) => run(app).await,
        None if std::env::var_os("CI").is_some() => {
            panic!("CI is set but PORTAL_TEST_POSTGRES_URL is not")
        }
        None => eprintln!("PORTAL_TEST_POSTGRES_URL not set: PostgreSQL run skipped"),
    }
}

both_dbs!(no_order_is_offered_or_assigned_for_nothing, |app| {
    let staff = app.signed_in("demo.staff").await;
    covers_travis(&app, "demo.appraiser2").await;
    let policy = json!({"mode": "offer_in_turn", "offerHours": 4, "broadcastSize": 3});
    assert_eq!(staff.put("/api/staff/assignment-policy", policy).await.status(), StatusCode::OK);
    let no_fee = report_type::ActiveModel {
        id: sea_orm::Set(1),
        default_fee_cents: sea_orm::Set(None),
        ..Default::default()
    };
    sea_orm::ActiveModelTrait::update(no_fee, &app.db).await.unwrap();
    let client_id = new_client(&staff, "Free Lunch Bank").await;
    let lena = client_user(&app, &staff, client_id, "lena.free").await;
    let id = created_id(lena.post("/api/client/orders", new_order_form()).await).await;

    let offers = format!("SELECT COUNT(*) FROM assignment_offers WHERE order_id = {id}");
    assert_eq!(app.count(&offers).await, 0, "nothing is offered for $0.00");
    let appraiser = app.user_id("demo.appraiser").await;
    let r = staff
        .post(&format!("/api/staff/orders/{id}/assign"), json!({"appraiserId": appraiser}))
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(common::message(r).await, portal::areas::staff::candidates::MSG_NO_FEE);

    let priced = report_type::ActiveModel {
        id: sea_orm::Set(1),
        default_fee_cents: sea_orm::Set(Some(45_000)),
        ..Default::default()
    };
    sea_orm::ActiveModelTrait::update(priced, &app.db).await.unwrap();
    let paid = created_id(lena.post("/api/client/orders", new_order_form()).await).await;
    let offers = format!("SELECT COUNT(*) FROM assignment_offers WHERE order_id = {paid}");
    assert_eq!(app.count(&offers).await, 1, "the same order with a fee is offered");
});
