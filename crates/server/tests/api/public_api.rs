//! The public API on both databases, with keys of two clients: idempotent creation, cursor paging,
//! problem details naming the field, another client's order as 404, the event log, and a revoked
//! key refused at once. No cookie ever authenticates a call here.
use crate::common;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::client_portal::{client_user, new_order_form};
use common::{Session, TestApp};

async fn lender(staff: &Session, name: &str) -> i64 {
    staff
        .post("/api/staff/clients", json!({"companyName": name}))
        .await
        .json::<Value>()
        .await
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

struct Key {
    base: String,
    key: String,
    http: reqwest::Client,
}

impl Key {
    fn call(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.key)
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self.call(reqwest::Method::GET, path).send().await.unwrap();
        (r.status(), r.json().await.unwrap_or(Value::Null))
    }

    async fn place(&self, idempotency_key: &str, body: &Value) -> reqwest::Response {
        self.call(reqwest::Method::POST, "/api/v1/orders")
            .header("Idempotency-Key", idempotency_key)
            .json(body)
            .send()
            .await
            .unwrap()
    }
}

async fn new_key(app: &TestApp, session: &Session, path: &str) -> Key {
    let r = session.post(path, json!({"name": "LOS"})).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let body: Value = r.json().await.unwrap();
    let key = body["key"].as_str().unwrap().to_string();
    assert!(key.starts_with("apk_") && key.starts_with(body["prefix"].as_str().unwrap()), "{body}");
    Key { base: app.url(""), key, http: reqwest::Client::new() }
}

fn problem_type(body: &Value) -> &str {
    body["type"].as_str().unwrap_or_default().rsplit(':').next().unwrap_or_default()
}

both_dbs!(keys_place_list_and_replay_only_their_own_clients_orders, |app| {
    let staff = app.signed_in("demo.staff").await;
    let first = lender(&staff, "First Prairie Bank").await;
    let second = lender(&staff, "Second Street Credit").await;
    let a = new_key(&app, &staff, &format!("/api/staff/clients/{first}/api-keys")).await;
    let lena = client_user(&app, &staff, second, "lena.api").await;
    let b = new_key(&app, &lena, "/api/client/api-keys").await;

    let r = a
        .call(reqwest::Method::POST, "/api/v1/orders")
        .json(&new_order_form())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(r.headers()["content-type"], "application/problem+json");
    assert_eq!(problem_type(&r.json().await.unwrap()), "idempotency-key-required");

    let r = a.place("order-1", &new_order_form()).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let location = r.headers()["location"].to_str().unwrap().to_string();
    let order: Value = r.json().await.unwrap();
    let id = order["id"].as_i64().unwrap();
    assert_eq!(
        (location, order["source"].as_str(), order["status"].as_str()),
        (format!("/api/v1/orders/{id}"), Some("api"), Some("Default"))
    );
    let again = a.place("order-1", &new_order_form()).await;
    assert_eq!(again.status(), StatusCode::OK, "a retry answers the same order");
    assert_eq!(again.json::<Value>().await.unwrap()["id"], id);
    let mut other = new_order_form();
    other["loanNumber"] = json!("LN-10");
    let r = a.place("order-1", &other).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(problem_type(&r.json().await.unwrap()), "idempotency-key-reused");
    assert_eq!(app.count("SELECT COUNT(*) FROM client_orders WHERE source = 'api'").await, 1);

    let mut bad = new_order_form();
    bad["borrowerName"] = json!("");
    let r = a.place("order-bad", &bad).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let problem: Value = r.json().await.unwrap();
    assert_eq!(problem["errors"]["borrowerName"], "Borrower name is required.", "{problem}");

    let second_order =
        a.place("order-2", &other).await.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let (status, page) = a.get("/api/v1/orders?limit=1").await;
    assert_eq!(
        (status, page["data"][0]["id"].as_i64()),
        (StatusCode::OK, Some(second_order)),
        "{page}"
    );
    let cursor = page["nextCursor"].as_str().unwrap().to_string();
    let (_, next) = a.get(&format!("/api/v1/orders?limit=1&cursor={cursor}")).await;
    assert_eq!(
        (next["data"][0]["id"].as_i64(), next["nextCursor"].as_str()),
        (Some(id), None),
        "{next}"
    );
    let (status, body) = a.get("/api/v1/orders?limit=0").await;
    assert_eq!((status, problem_type(&body)), (StatusCode::UNPROCESSABLE_ENTITY, "validation"));

    let (status, body) = b.get(&format!("/api/v1/orders/{id}")).await;
    assert_eq!(
        (status, problem_type(&body)),
        (StatusCode::NOT_FOUND, "not-found"),
        "another client's order does not exist"
    );
    let (_, theirs) = b.get("/api/v1/orders?status=all").await;
    assert_eq!(theirs["data"].as_array().unwrap().len(), 0);

    let r = a
        .call(reqwest::Method::POST, &format!("/api/v1/orders/{id}/messages"))
        .json(&json!({"body": "Any news?"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    assert_eq!(
        staff
            .post(
                &format!("/api/staff/orders/{id}/client-messages"),
                json!({"body": "Assigning today."})
            )
            .await
            .status(),
        StatusCode::CREATED
    );
    let (_, events) = a.get("/api/v1/events").await;
    let kinds: Vec<&str> =
        events["data"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["order.created", "order.created", "message.created"]);
    let first_id = events["data"][0]["id"].as_i64().unwrap();
    let (_, later) = a.get(&format!("/api/v1/events?after={first_id}")).await;
    assert_eq!(later["data"].as_array().unwrap().len(), 2);
    assert_eq!(events["data"][2]["data"]["message"]["body"], "Assigning today.");
    let (_, none) = b.get("/api/v1/events").await;
    assert_eq!(
        none["data"].as_array().unwrap().len(),
        0,
        "each client hears only of its own orders"
    );

    let r = a
        .call(reqwest::Method::POST, &format!("/api/v1/orders/{id}/cancel"))
        .json(&json!({"reason": "Loan withdrawn"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.json::<Value>().await.unwrap()["cancelReason"], "Loan withdrawn");

    let r = staff.get("/api/v1/orders").await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "a session cookie is not a key");
    assert_eq!(r.headers()["www-authenticate"], "Bearer");
    let keys: Value = staff.get_json(&format!("/api/staff/clients/{first}/api-keys")).await;
    assert!(keys[0]["lastUsedAt"].is_string(), "{keys}");
    let key_id = keys[0]["id"].as_i64().unwrap();
    let r = staff.delete(&format!("/api/staff/clients/{first}/api-keys/{key_id}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let (status, body) = a.get("/api/v1/orders").await;
    assert_eq!(
        (status, problem_type(&body)),
        (StatusCode::UNAUTHORIZED, "unauthorized"),
        "revoked at once"
    );
    let (status, body) = b.get("/api/v1/no-such-call").await;
    assert_eq!((status, problem_type(&body)), (StatusCode::NOT_FOUND, "not-found"));
});
