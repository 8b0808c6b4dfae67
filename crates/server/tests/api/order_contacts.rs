//! The people to reach about an order: the client portal and the public API take the same list as
//! the staff form (role, name, phone, e-mail, notes); the client and the API read them back; the
//! appraiser sees them once assigned.
use crate::common;

use reqwest::{Method, StatusCode};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::client_portal::{client_user, new_order_form};
use crate::public_api::new_key;
use common::Session;

async fn lender(staff: &Session, name: &str) -> i64 {
    let created: Value =
        staff.post("/api/staff/clients", json!({"companyName": name})).await.json().await.unwrap();
    created["id"].as_i64().unwrap()
}

fn with_contacts(contacts: Value) -> Value {
    let mut form = new_order_form();
    form["contacts"] = contacts;
    form
}

both_dbs!(every_intake_path_takes_the_same_contacts, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Contact Credit Union").await;
    let lo = client_user(&app, &staff, client, "contacts.lo").await;
    let access = json!({
        "role": "access", "name": "Gail Keeper", "phone": "512-555-0100",
        "email": "gail@example.com", "notes": "Gate code 4321; call after 9"
    });
    let agent = json!({"role": "buyer_agent", "name": "Rene Realtor", "phone": "5125550101"});
    let r = lo.post("/api/client/orders", with_contacts(json!([access, agent]))).await;
    assert_eq!(r.status(), StatusCode::CREATED, "{}", r.text().await.unwrap());
    let id = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();

    let order: Value = lo.get_json(&format!("/api/client/orders/{id}")).await;
    let roles: Vec<&str> =
        order["contacts"].as_array().unwrap().iter().map(|c| c["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["borrower", "access", "buyer_agent"], "{order}");
    assert_eq!(order["contacts"][1]["notes"], "Gate code 4321; call after 9");
    assert_eq!(
        order["contacts"][1]["phone"], "512-555-0100",
        "kept as typed, checked as ten digits"
    );

    // The public API takes and answers the same list.
    let key = new_key(&app, &staff, &format!("/api/staff/clients/{client}/api-keys")).await;
    let placed = key
        .call(Method::POST, "/api/v1/orders")
        .header("Idempotency-Key", "contacts-1")
        .json(&with_contacts(json!([{"role": "seller_agent", "name": "Sol Seller"}])))
        .send()
        .await
        .unwrap();
    assert_eq!(placed.status(), StatusCode::CREATED);
    let via_api = placed.json::<Value>().await.unwrap();
    assert_eq!(via_api["contacts"][1]["role"], "seller_agent", "{via_api}");

    // Refusals name the contact and change nothing.
    let before = app.count("SELECT COUNT(*) FROM orders").await;
    let too_many: Vec<Value> =
        (0..10).map(|i| json!({"role": "other", "name": format!("P {i}")})).collect();
    for (contacts, said) in [
        (json!([{"name": "No Role"}]), "Contact 1 type is required."),
        (json!([{"role": "access", "name": " "}]), "Contact 1 name is required."),
        (json!([{"role": "access", "name": "A", "phone": "12"}]), "Contact 1 cell phone"),
        (json!(too_many), "at most 9 contacts beside the borrower"),
    ] {
        let r = lo.post("/api/client/orders", with_contacts(contacts.clone())).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{contacts}");
        let body = r.text().await.unwrap();
        assert!(body.contains(said), "{said}: {body}");
    }
    let r = lo
        .post("/api/client/orders", with_contacts(json!([{"role": "landlord", "name": "X"}])))
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "an unknown role");
    assert_eq!(app.count("SELECT COUNT(*) FROM orders").await, before);

    // The staff form takes the same words (`role`, `phone`, `notes`) beside its own.
    let staff_order: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    let others = staff_order["otherContacts"].as_array().unwrap();
    let gail = others.iter().find(|c| c["name"] == "Gail Keeper").unwrap();
    assert_eq!(
        (gail["type"].as_str(), gail["notes"].as_str()),
        (Some("ACCESS"), Some("Gate code 4321; call after 9"))
    );

    // The appraiser sees them once the order is theirs.
    let appraiser = app.user_id("demo.appraiser").await;
    app.db
        .execute_unprepared(&format!(
            "UPDATE orders SET assigned_appraiser_id = {appraiser}, status_id = 5 WHERE id = {id}"
        ))
        .await
        .unwrap();
    let theirs: Value =
        app.signed_in("demo.appraiser").await.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(theirs["contactsVisible"], true, "{theirs}");
    let names: Vec<&str> = theirs["otherContacts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Gail Keeper"), "{theirs}");
});
