//! Webhooks on both databases against a receiver in the test: each event arrives signed the
//! Standard Webhooks way, a refused delivery is retried with the same webhook-id and shows in the
//! client's delivery log, test messages and redelivery work, and inside addresses are refused.
use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode as AxumStatus};
use base64::Engine;
use hmac::{Hmac, Mac};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::Sha256;

use crate::client_portal::{client_user, new_order_form};
use crate::staff_desk::assign_to;
use common::orders::new_client;

/// The test server, allowed to deliver to the receiver on this machine.
async fn allowing_private_addresses(db: common::Db) -> Option<common::TestApp> {
    common::TestApp::start_with(db, |c| c.webhooks_allow_private = true).await
}

#[derive(Clone, Default)]
struct Receiver {
    got: Arc<Mutex<Vec<(HeaderMap, String)>>>,
    refuse: Arc<Mutex<bool>>,
}

impl Receiver {
    async fn start(&self) -> String {
        let me = self.clone();
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |headers: HeaderMap, body: String| {
                let me = me.clone();
                async move {
                    me.got.lock().unwrap().push((headers, body));
                    if *me.refuse.lock().unwrap() {
                        AxumStatus::INTERNAL_SERVER_ERROR
                    } else {
                        AxumStatus::NO_CONTENT
                    }
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        format!("http://{addr}/hook")
    }

    /// Waits (up to 15 s) for a message of `event_type` and answers its headers and body.
    async fn wait_for(&self, event_type: &str, nth: usize) -> (HeaderMap, Value, String) {
        for _ in 0..150 {
            let found: Vec<(HeaderMap, Value, String)> = self
                .got
                .lock()
                .unwrap()
                .iter()
                .map(|(h, b)| (h.clone(), serde_json::from_str::<Value>(b).unwrap(), b.clone()))
                .filter(|(_, b, _)| b["type"] == event_type)
                .collect();
            if let Some(hit) = found.into_iter().nth(nth) {
                return hit;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no {event_type} message arrived");
    }
}

/// Checks the signature as a Standard Webhooks receiver does.
fn verify(secret: &str, headers: &HeaderMap, body: &str) {
    let id = headers["webhook-id"].to_str().unwrap();
    let timestamp = headers["webhook-timestamp"].to_str().unwrap();
    let key = base64::engine::general_purpose::STANDARD
        .decode(secret.trim_start_matches("whsec_"))
        .unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    let expected = format!(
        "v1,{}",
        base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
    );
    assert_eq!(headers["webhook-signature"].to_str().unwrap(), expected);
    let age = chrono::Utc::now().timestamp() - timestamp.parse::<i64>().unwrap();
    assert!(age.abs() < 60, "a fresh timestamp");
}

mod every_event_arrives_signed_and_failures_are_retried {
    use super::*;

    async fn run(app: common::TestApp) {
        let receiver = Receiver::default();
        let url = receiver.start().await;
        let staff = app.signed_in("demo.staff").await;
        let lender = staff
            .post(
                "/api/staff/clients",
                json!({
                    "companyName": "Hook Bank", "mainContactEmailAddress": "ops@hookbank.example"
                }),
            )
            .await
            .json::<Value>()
            .await
            .unwrap()["id"]
            .as_i64()
            .unwrap();
        let lena = client_user(&app, &staff, lender, "lena.hooks").await;

        let r = lena
            .post(
                "/api/client/webhook-endpoints",
                json!({"url": "http://169.254.169.254/latest/meta-data"}),
            )
            .await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "metadata addresses stay refused");
        let r = lena
            .post(
                "/api/client/webhook-endpoints",
                json!({"url": url, "eventTypes": ["order.nothing"]}),
            )
            .await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let r = lena.post("/api/client/webhook-endpoints", json!({"url": url})).await;
        assert_eq!(r.status(), StatusCode::CREATED);
        let endpoint: Value = r.json().await.unwrap();
        let secret = endpoint["secret"].as_str().unwrap().to_string();
        assert!(secret.starts_with("whsec_"));
        let listed: Value = lena.get_json("/api/client/webhook-endpoints").await;
        assert!(listed[0].get("secret").is_none(), "the secret is shown once");

        let id =
            lena.post("/api/client/orders", new_order_form()).await.json::<Value>().await.unwrap()
                ["id"]
                .as_i64()
                .unwrap();
        let (headers, body, raw) = receiver.wait_for("order.created", 0).await;
        verify(&secret, &headers, &raw);
        assert_eq!(
            (body["data"]["orderId"].as_i64(), body["data"]["status"].as_str()),
            (Some(id), Some("Default"))
        );
        assert!(!body.to_string().contains("appraiserFee"));

        assign_to(&app, &staff, id, "demo.appraiser").await;
        let (_, body, _) = receiver.wait_for("order.assigned", 0).await;
        assert_eq!(body["data"]["status"], "Assigned");

        *receiver.refuse.lock().unwrap() = true;
        assert_eq!(
            staff
                .post(
                    &format!("/api/staff/orders/{id}/client-messages"),
                    json!({"body": "Assigned to our best."})
                )
                .await
                .status(),
            StatusCode::CREATED
        );
        let (first_try, _, _) = receiver.wait_for("message.created", 0).await;
        *receiver.refuse.lock().unwrap() = false;
        // The next try is due in 5 s: bring it forward rather than wait.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let due = chrono::Utc::now() - chrono::TimeDelta::seconds(1);
        use sea_orm::sea_query::Expr;
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        portal_db::entities::webhook_delivery::Entity::update_many()
            .col_expr(
                portal_db::entities::webhook_delivery::Column::NextAttemptAt,
                Expr::value(due),
            )
            .filter(portal_db::entities::webhook_delivery::Column::DeliveredAt.is_null())
            .exec(&app.db)
            .await
            .unwrap();
        let (retry, body, _) = receiver.wait_for("message.created", 1).await;
        assert_eq!(retry["webhook-id"], first_try["webhook-id"], "a retry keeps its webhook-id");
        assert_eq!(body["data"]["message"]["body"], "Assigned to our best.");

        let endpoint_id = endpoint["id"].as_i64().unwrap();
        let log: Value =
            lena.get_json(&format!("/api/client/webhook-endpoints/{endpoint_id}/attempts")).await;
        let codes: Vec<i64> =
            log.as_array().unwrap().iter().map(|a| a["statusCode"].as_i64().unwrap()).collect();
        assert_eq!(codes, [204, 500, 204, 204], "newest first: {log}");
        let delivery = log[0]["deliveryId"].as_i64().unwrap();
        let r = lena
            .post(&format!("/api/client/webhook-deliveries/{delivery}/redeliver"), json!({}))
            .await;
        assert_eq!(r.status(), StatusCode::OK);
        let (again, _, _) = receiver.wait_for("message.created", 2).await;
        assert_eq!(again["webhook-id"], first_try["webhook-id"]);

        let test: Value = lena
            .post(&format!("/api/client/webhook-endpoints/{endpoint_id}/test"), json!({}))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(
            (test["ok"].as_bool(), test["statusCode"].as_i64()),
            (Some(true), Some(204)),
            "{test}"
        );
        let (headers, _, raw) = receiver.wait_for("webhook.test", 0).await;
        verify(&secret, &headers, &raw);

        let outsider = new_client(&staff, "Other Bank").await;
        let olga = client_user(&app, &staff, outsider, "olga.hooks").await;
        let r = olga
            .post(&format!("/api/client/webhook-deliveries/{delivery}/redeliver"), json!({}))
            .await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "another client's delivery");
        let r = lena.delete(&format!("/api/client/webhook-endpoints/{endpoint_id}")).await;
        assert_eq!(r.status(), StatusCode::OK);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        run(allowing_private_addresses(common::Db::Sqlite).await.unwrap()).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        match allowing_private_addresses(common::Db::Postgres).await {
            Some(app) => run(app).await,
            None if std::env::var_os("CI").is_some() => {
                panic!("CI is set but PORTAL_TEST_POSTGRES_URL is not")
            }
            None => eprintln!("PORTAL_TEST_POSTGRES_URL not set: PostgreSQL run skipped"),
        }
    }
}

mod an_endpoint_failing_for_three_days_is_disabled_and_the_contact_told {
    use super::*;
    use sea_orm::sea_query::Expr;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

    async fn run(app: common::TestApp) {
        use portal_db::entities::{webhook_delivery, webhook_endpoint};
        // A port nobody listens on: every attempt fails to connect.
        let closed =
            tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
        let staff = app.signed_in("demo.staff").await;
        let body =
            json!({"companyName": "Gone Lending", "mainContactEmailAddress": "ops@gone.example"});
        let lender =
            staff.post("/api/staff/clients", body).await.json::<Value>().await.unwrap()["id"]
                .as_i64()
                .unwrap();
        let lena = client_user(&app, &staff, lender, "lena.gone").await;
        let endpoint: Value = lena
            .post("/api/client/webhook-endpoints", json!({"url": format!("http://{closed}/hook")}))
            .await
            .json()
            .await
            .unwrap();
        let id = endpoint["id"].as_i64().unwrap() as i32;
        // The receiver has failed every delivery for more than three days.
        let long_ago = chrono::Utc::now() - chrono::TimeDelta::days(4);
        webhook_endpoint::Entity::update_many()
            .col_expr(webhook_endpoint::Column::FailingSince, Expr::value(long_ago))
            .filter(webhook_endpoint::Column::Id.eq(id))
            .exec(&app.db)
            .await
            .unwrap();
        lena.post("/api/client/orders", new_order_form()).await;
        let mut disabled = None;
        for _ in 0..100 {
            let row = webhook_endpoint::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
            if row.disabled_at.is_some() {
                disabled = row.disabled_at;
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(disabled.is_some(), "the endpoint is disabled after its last failed attempt");
        let told = "SELECT COUNT(*) FROM outbox WHERE recipient = 'ops@gone.example' \
                    AND subject = 'Appraisal Portal: a webhook endpoint was disabled'";
        assert_eq!(app.count(told).await, 1);
        let listed: Value = lena.get_json("/api/client/webhook-endpoints").await;
        assert!(listed[0]["disabledAt"].is_string(), "{listed}");
        let pending = webhook_delivery::Entity::find()
            .filter(webhook_delivery::Column::EndpointId.eq(id))
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        let r = lena
            .post(&format!("/api/client/webhook-deliveries/{}/redeliver", pending.id), json!({}))
            .await;
        assert_eq!(r.status(), StatusCode::CONFLICT, "a disabled endpoint takes no redelivery");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        run(allowing_private_addresses(common::Db::Sqlite).await.unwrap()).await;
    }
}
