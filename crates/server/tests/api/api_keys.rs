//! Keys of the public API with scopes and a last day: a call outside the key's scopes is 403
//! `insufficient_scope` naming the scope, a key past its last day is 401, a key made without
//! scopes keeps every one, and the reference data answers any live key.
use crate::common;

use reqwest::{Method, StatusCode};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::client_portal::new_order_form;
use crate::public_api::{Key, new_key_with};
use common::Session;

async fn lender(staff: &Session, name: &str) -> i64 {
    let created: Value =
        staff.post("/api/staff/clients", json!({"companyName": name})).await.json().await.unwrap();
    created["id"].as_i64().unwrap()
}

async fn keys_of(staff: &Session, client: i64) -> Vec<Value> {
    staff.get_json(&format!("/api/staff/clients/{client}/api-keys")).await
}

async fn status_and_body(r: reqwest::Response) -> (StatusCode, Value) {
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

fn problem_type(body: &Value) -> &str {
    body["type"].as_str().unwrap_or_default().rsplit(':').next().unwrap_or_default()
}

both_dbs!(a_key_does_only_what_its_scopes_allow, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Scoped Savings").await;
    let path = format!("/api/staff/clients/{client}/api-keys");
    let reader: Key =
        new_key_with(&app, &staff, &path, json!({"name": "Reader", "scopes": ["orders:read"]}))
            .await;

    assert_eq!(reader.get("/api/v1/orders").await.0, StatusCode::OK);
    let placed = reader
        .call(Method::POST, "/api/v1/orders")
        .header("Idempotency-Key", "scoped-1")
        .json(&new_order_form())
        .send()
        .await
        .unwrap();
    let (status, body) = status_and_body(placed).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(problem_type(&body), "insufficient_scope");
    assert_eq!(body["scope"], "orders:write");
    assert!(body["detail"].as_str().unwrap().contains("orders:write"), "{body}");
    for (path, scope) in [
        ("/api/v1/invoices", "invoices:read"),
        ("/api/v1/webhook-endpoints", "webhooks:manage"),
        ("/api/v1/orders/1/documents", "documents:read"),
    ] {
        let (status, body) = reader.get(path).await;
        assert_eq!(
            (status, body["scope"].as_str()),
            (StatusCode::FORBIDDEN, Some(scope)),
            "{path}"
        );
    }
    assert_eq!(reader.get("/api/v1/orders").await.1["data"], json!([]), "nothing was placed");
    for path in ["/api/v1/products", "/api/v1/property-types", "/api/v1/intended-uses"] {
        assert_eq!(reader.get(path).await.0, StatusCode::OK, "reference data: {path}");
    }

    // A key made without scopes can do everything, as every key made before scopes existed.
    let full = new_key_with(&app, &staff, &path, json!({"name": "Everything"})).await;
    let placed = full
        .call(Method::POST, "/api/v1/orders")
        .header("Idempotency-Key", "scoped-2")
        .json(&new_order_form())
        .send()
        .await
        .unwrap();
    assert_eq!(placed.status(), StatusCode::CREATED);
    let keys = keys_of(&staff, client).await;
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0]["scopes"], json!(["orders:read"]));
    assert_eq!(
        keys[1]["scopes"],
        json!([
            "orders:read",
            "orders:write",
            "documents:read",
            "documents:write",
            "webhooks:manage",
            "invoices:read"
        ])
    );
    assert_eq!(keys[0]["createdBy"], "Dana Staff", "{keys:?}");

    // The public API's document says which scope each call needs.
    let doc: Value = serde_json::from_str(&portal::areas::public_api::openapi_json()).unwrap();
    let create = &doc["paths"]["/api/v1/orders"]["post"];
    assert!(create["description"].as_str().unwrap().contains("orders:write"), "{create}");
    assert!(create["responses"]["403"].is_object());
    assert!(doc["paths"]["/api/v1/products"]["get"]["responses"]["403"].is_null());
});

both_dbs!(a_key_stops_after_its_last_day, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Expiring Equity").await;
    let path = format!("/api/staff/clients/{client}/api-keys");
    for (body, field, message) in [
        (json!({"scopes": []}), "scopes", "Choose at least one scope."),
        (json!({"expiresOn": "2020-01-01"}), "expiresOn", "Expiry date must be after today."),
        (
            json!({"expiresOn": "soon"}),
            "expiresOn",
            "Expiry date must be a date in the form yyyy-mm-dd (got 'soon').",
        ),
    ] {
        let (status, answer) = status_and_body(staff.post(&path, body.clone()).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(answer["fields"][field], message, "{answer}");
    }
    let (status, _) =
        status_and_body(staff.post(&path, json!({"scopes": ["orders:delete"]})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "an unknown scope");
    assert_eq!(keys_of(&staff, client).await.len(), 0, "nothing refused was made");

    let key = new_key_with(&app, &staff, &path, json!({"expiresOn": "2099-12-31"})).await;
    assert_eq!(key.get("/api/v1/orders").await.0, StatusCode::OK);
    let listed = keys_of(&staff, client).await;
    assert_eq!(
        (listed[0]["expiresOn"].as_str(), listed[0]["expired"].as_bool()),
        (Some("2099-12-31"), Some(false))
    );

    let yesterday = (chrono::Utc::now() - chrono::Duration::days(2)).date_naive();
    let id = listed[0]["id"].as_i64().unwrap();
    app.db
        .execute_unprepared(&format!(
            "UPDATE api_keys SET expires_on = '{yesterday}' WHERE id = {id}"
        ))
        .await
        .unwrap();
    let (status, body) = key.get("/api/v1/orders").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert!(body["detail"].as_str().unwrap().contains("expired"), "{body}");
    assert_eq!(
        key.get("/api/v1/products").await.0,
        StatusCode::UNAUTHORIZED,
        "expired for everything"
    );
    assert_eq!(keys_of(&staff, client).await[0]["expired"], true);
});

both_dbs!(reference_data_gives_the_ids_and_this_clients_prices, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Reference Realty Credit").await;
    let prices = format!("/api/staff/clients/{client}/prices");
    assert_eq!(
        staff.put(&prices, json!([{"productId": 1, "feeCents": 61_500}])).await.status(),
        StatusCode::OK
    );
    let key = new_key_with(
        &app,
        &staff,
        &format!("/api/staff/clients/{client}/api-keys"),
        json!({"scopes": ["invoices:read"]}),
    )
    .await;

    let (status, products) = key.get("/api/v1/products").await;
    assert_eq!(status, StatusCode::OK);
    let first = &products[0];
    assert_eq!(
        (first["id"].as_i64(), first["feeCents"].as_i64()),
        (Some(1), Some(61_500)),
        "{first}"
    );
    let other = app.count("SELECT COUNT(*) FROM report_types").await;
    assert_eq!(products.as_array().unwrap().len() as i64, other);
    let desk: i64 =
        app.count("SELECT COALESCE(client_fee_cents, -1) FROM report_types WHERE id = 2").await;
    assert_eq!(
        products[1]["feeCents"].as_i64().unwrap_or(-1),
        desk,
        "another product at its list price"
    );

    let (_, types) = key.get("/api/v1/property-types").await;
    assert_eq!(types[0], json!({"id": 1, "name": "Single Family Residence"}));
    let (_, uses) = key.get("/api/v1/intended-uses").await;
    assert_eq!(uses[1], json!({"id": 2, "name": "Refinance"}));
});
