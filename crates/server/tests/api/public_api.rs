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

pub struct Key {
    base: String,
    key: String,
    http: reqwest::Client,
}

impl Key {
    pub fn call(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.key)
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
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

pub async fn new_key(app: &TestApp, session: &Session, path: &str) -> Key {
    new_key_with(app, session, path, json!({"name": "LOS"})).await
}

/// A new key made with `form` (name, scopes, last day).
pub async fn new_key_with(app: &TestApp, session: &Session, path: &str, form: Value) -> Key {
    let r = session.post(path, form).await;
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

both_dbs!(every_error_of_the_public_api_is_a_problem, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Problem Lending").await;
    let key = new_key(&app, &staff, &format!("/api/staff/clients/{client}/api-keys")).await;
    let problem_of = |r: reqwest::Response| async move {
        let content_type = r.headers()[reqwest::header::CONTENT_TYPE].to_str().unwrap().to_owned();
        let allow = r.headers().get(reqwest::header::ALLOW).map(|v| v.to_str().unwrap().to_owned());
        let status = r.status();
        let body: Value = r.json().await.unwrap();
        assert_eq!(content_type, "application/problem+json", "{status}: {body}");
        assert_eq!(body["status"], status.as_u16(), "{body}");
        assert!(!body["detail"].as_str().unwrap_or_default().is_empty(), "{body}");
        (status, problem_type(&body).to_owned(), allow)
    };
    let r = key.call(reqwest::Method::DELETE, "/api/v1/orders").send().await.unwrap();
    let (status, kind, allow) = problem_of(r).await;
    assert_eq!((status, kind.as_str()), (StatusCode::METHOD_NOT_ALLOWED, "method-not-allowed"));
    let allow = allow.expect("a 405 says what is allowed");
    assert!(allow.contains("GET") && allow.contains("POST"), "{allow}");

    let r = key
        .call(reqwest::Method::POST, "/api/v1/orders")
        .header("Idempotency-Key", "plain-text")
        .header("content-type", "text/plain")
        .body("an order, please")
        .send()
        .await
        .unwrap();
    let (status, kind, _) = problem_of(r).await;
    assert_eq!(
        (status, kind.as_str()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type")
    );

    let huge = format!("{{\"notes\": \"{}\"}}", "x".repeat(1200 * 1024));
    let r = key
        .call(reqwest::Method::POST, "/api/v1/orders")
        .header("Idempotency-Key", "huge")
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    let (status, kind, _) = problem_of(r).await;
    assert_eq!((status, kind.as_str()), (StatusCode::PAYLOAD_TOO_LARGE, "too-large"));
});

both_dbs!(
    limits_hold_across_copies,
    with | c | {
        c.api_requests_per_minute = 4;
        c.login_failures_per_account = 3;
    },
    |app| {
        let other = app.second_copy().await;
        let staff = app.signed_in("demo.staff").await;
        let client = lender(&staff, "Two Copies Bank").await;
        let mut key = new_key(&app, &staff, &format!("/api/staff/clients/{client}/api-keys")).await;
        let copies = [app.url(""), other.clone()];
        for call in 0..4 {
            key.base = copies[call % 2].clone();
            assert_eq!(key.get("/api/v1/orders").await.0, StatusCode::OK, "call {call}");
        }
        for base in &copies {
            key.base = base.clone();
            let r = key.call(reqwest::Method::GET, "/api/v1/orders").send().await.unwrap();
            assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS, "over the limit on {base}");
            let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
            assert!((1..=60).contains(&wait), "{wait}");
        }

        for (attempt, base) in copies.iter().cycle().take(3).enumerate() {
            let mut guesser = Session::new(base);
            let r = guesser.login("demo.appraiser", "wrong password").await;
            assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "attempt {attempt}");
        }
        let mut guesser = Session::new(&other);
        let r = guesser.login("demo.appraiser", "wrong password").await;
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS, "the fourth failure, on either copy");
    }
);

/// An invoice of `client` on a new order of theirs, issued `days_ago`.
async fn invoiced(app: &TestApp, staff: &Session, client: i64, days_ago: i64) -> i64 {
    use sea_orm::{ActiveModelTrait, NotSet, Set};
    let order = common::orders::new_order(staff, crate::staff_desk::order_form(client)).await;
    let issued_on = app.config.today().unwrap() - chrono::Duration::days(days_ago);
    portal_db::entities::invoice::ActiveModel {
        id: NotSet,
        number: Set(format!("INV-T-{order}")),
        order_id: Set(order),
        client_id: Set(client as i32),
        amount_cents: Set(52_500),
        issued_on: Set(issued_on),
        due_on: Set(issued_on + chrono::Duration::days(30)),
        created_at: Set(chrono::Utc::now()),
    }
    .insert(&app.db)
    .await
    .unwrap()
    .id
}

both_dbs!(a_key_reads_its_own_clients_invoices_a_page_at_a_time, |app| {
    let staff = app.signed_in("demo.staff").await;
    let first = lender(&staff, "Invoice Bank").await;
    let second = lender(&staff, "Other Bank").await;
    let a = new_key(&app, &staff, &format!("/api/staff/clients/{first}/api-keys")).await;
    let old = invoiced(&app, &staff, first, 45).await;
    let new = invoiced(&app, &staff, first, 2).await;
    let theirs = invoiced(&app, &staff, second, 2).await;

    let (status, page) = a.get("/api/v1/invoices?limit=1").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["data"][0]["id"], new);
    let cursor = page["nextCursor"].as_str().expect("a second page").to_string();
    let (_, page) = a.get(&format!("/api/v1/invoices?limit=1&cursor={cursor}")).await;
    assert_eq!((page["data"][0]["id"].as_i64(), page["nextCursor"].as_str()), (Some(old), None));
    let (_, overdue) = a.get("/api/v1/invoices?status=overdue").await;
    let ids: Vec<i64> =
        overdue["data"].as_array().unwrap().iter().map(|i| i["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [old]);
    let (status, bad) = a.get("/api/v1/invoices?cursor=nonsense").await;
    assert_eq!((status, problem_type(&bad)), (StatusCode::UNPROCESSABLE_ENTITY, "validation"));

    let (status, one) = a.get(&format!("/api/v1/invoices/{new}")).await;
    assert_eq!((status, one["amountCents"].as_i64()), (StatusCode::OK, Some(52_500)));
    assert!(one["payments"].as_array().unwrap().is_empty());
    let (status, _) = a.get(&format!("/api/v1/invoices/{theirs}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another client's invoice does not exist here");
    let pdf =
        a.call(reqwest::Method::GET, &format!("/api/v1/invoices/{new}/pdf")).send().await.unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    let other = a
        .call(reqwest::Method::GET, &format!("/api/v1/invoices/{theirs}/pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::NOT_FOUND);
});
