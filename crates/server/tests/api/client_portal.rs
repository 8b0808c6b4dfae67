//! The client area on both databases: staff invite a client's user, who places an order, follows
//! it, writes to staff, attaches a contract and asks to cancel; another client's order stays
//! "not found"; the client's event log records each step in the change's transaction.
use crate::common;

use portal_db::entities::{client_event, client_order};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};

use crate::staff_desk::{assign_to, order_form};
use common::orders::{new_client, new_order};
use common::{Session, TestApp, company_day};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/// A signed-in user of client `client_id`, invited by staff.
pub async fn client_user(
    app: &TestApp,
    staff: &Session,
    client_id: i64,
    username: &str,
) -> Session {
    let body = json!({
        "username": username, "email": format!("{username}@lender.example"), "firstName": "Lena",
        "lastName": "Lender"
    });
    let r = staff.post(&format!("/api/staff/clients/{client_id}/users"), body).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    portal::features::auth::change_password::set_password(
        &app.db,
        username,
        common::PASSWORD.into(),
    )
    .await
    .unwrap();
    app.signed_in(username).await
}

pub fn new_order_form() -> Value {
    json!({
        "propertyAddressLine1": "12 Oak St", "propertyCity": "Austin", "propertyStateCode": "TX",
        "propertyZip": "78701", "propertyCounty": "Travis County", "propertyTypeId": 1,
        "intendedUseId": 1, "productId": 1, "loanNumber": "LN-9", "borrowerName": "Ann Lee",
        "borrowerEmail": "ann@example.com", "borrowerPhone": "512 555 0199",
        "fhaCaseNumber": "123-1234567", "requestedDueDate": company_day(10),
        "closingDate": company_day(30), "notes": "Gate code <1234>"
    })
}

pub async fn events_of(app: &TestApp, order_id: i64) -> Vec<String> {
    client_event::Entity::find()
        .filter(client_event::Column::OrderId.eq(order_id))
        .order_by_asc(client_event::Column::Id)
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.event_type)
        .collect()
}

async fn last_subject(app: &TestApp, recipient: &str) -> String {
    app.last_mail(recipient).await.map(|m| m.subject).unwrap_or_default()
}

both_dbs!(a_client_user_places_follows_and_writes_about_an_order, |app| {
    let staff = app.signed_in("demo.staff").await;
    let lender = new_client(&staff, "First Prairie Bank").await;
    let other = new_client(&staff, "Second Street Credit").await;
    let lena = client_user(&app, &staff, lender, "lena.lender").await;
    let invited = "SELECT COUNT(*) FROM outbox WHERE recipient = 'lena.lender@lender.example' \
                   AND subject = 'Welcome to Appraisal Portal: choose your password'";
    assert_eq!(app.count(invited).await, 1);
    let users: Value = staff.get_json(&format!("/api/staff/clients/{lender}/users")).await;
    assert_eq!(users[0]["username"], "lena.lender");

    let products: Value = lena.get_json("/api/constants/report-products").await;
    assert!(
        products[0]["defaultFee"].is_null(),
        "a client never sees what the company pays: {products}"
    );
    let types: Value = lena.get_json("/api/constants/property-types").await;
    assert!(!types.as_array().unwrap().is_empty(), "the order form's choices");
    let r = lena.post("/api/client/orders", new_order_form()).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let created: Value = r.json().await.unwrap();
    let id = created["id"].as_i64().unwrap();
    let file = created["fileNumber"].as_str().unwrap().to_string();
    let row = client_order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!((row.client_id as i64, row.source.as_str()), (lender, "client_portal"));
    assert_eq!(
        last_subject(&app, &app.config.orders_team_email).await,
        format!("New order {file} from First Prairie Bank (Client portal)")
    );
    let desk: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(
        (desk["statusId"].as_i64(), desk["source"].as_str()),
        (Some(3), Some("Client portal")),
        "unassigned on the staff desk, with its source"
    );

    let staff_made = new_order(&staff, order_form(lender)).await;
    let theirs = new_order(&staff, order_form(other)).await;
    let list: Value = lena.get_json("/api/client/orders").await;
    assert_eq!(list["total"], 2, "{list}");
    assert_eq!(list["items"][0]["id"], staff_made, "newest change first");
    assert_eq!(list["items"][1]["source"], "client_portal");
    for path in [
        format!("/api/client/orders/{theirs}"),
        format!("/api/client/orders/{theirs}/messages"),
        format!("/api/client/orders/{theirs}/documents"),
    ] {
        assert_eq!(lena.get(&path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    let found: Value = lena.get_json("/api/client/orders?filter=all&search=LN-9").await;
    assert_eq!(found["total"], 1);

    assign_to(&app, &staff, id, "demo.appraiser").await;
    let page: Value = lena.get_json(&format!("/api/client/orders/{id}")).await;
    let text = page.to_string();
    assert!(!text.contains("appraiserFee") && !text.contains("demo.appraiser"), "{text}");
    let steps: Vec<&str> = page["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["Default", "Assigned"]);
    assert_eq!(
        (page["product"].as_str(), page["fhaCaseNumber"].as_str(), page["appraiserName"].as_str()),
        (Some("1004 Single Family Residential"), Some("123-1234567"), None)
    );
    assert_eq!(page["closingDate"], company_day(30), "the closing date the lender gave");

    let r = lena
        .post(
            &format!("/api/client/orders/{id}/messages"),
            json!({"body": "Is the borrower reachable?"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    assert_eq!(
        last_subject(&app, &app.config.orders_team_email).await,
        format!("Order {file}: message from the client")
    );
    let r = staff
        .post(
            &format!("/api/staff/orders/{id}/client-messages"),
            json!({"body": "Yes, after 5 pm."}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let thread: Value = lena.get_json(&format!("/api/client/orders/{id}/messages")).await;
    assert_eq!(
        (thread[0]["fromClient"].as_bool(), thread[1]["body"].as_str()),
        (Some(true), Some("Yes, after 5 pm."))
    );
    let appraiser = app.signed_in("demo.appraiser").await;
    let seen: Value = appraiser.get_json(&format!("/api/order-details/{id}")).await;
    assert!(
        !seen.to_string().contains("borrower reachable"),
        "the appraiser never reads client messages"
    );

    let form = Form::new().part("files", Part::bytes(PDF.to_vec()).file_name("contract.pdf"));
    let r = lena.post_form(&format!("/api/client/orders/{id}/documents"), form).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let docs: Value = lena.get_json(&format!("/api/client/orders/{id}/documents")).await;
    assert_eq!((docs.as_array().unwrap().len(), docs[0]["kind"].as_str()), (1, Some("attachment")));
    let bytes = lena
        .get(&format!("/api/client/orders/{id}/documents/{}", docs[0]["id"]))
        .await
        .bytes()
        .await
        .unwrap();
    assert_eq!(&bytes[..], PDF);
    let refused: [(&str, &[u8]); 3] = [
        (
            "page.xml",
            b"<html xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(1)</script></html>",
        ),
        ("setup.zip", b"PK\x03\x04\x14\0\0\0"),
        ("notes.txt", b"MZ\x90\0\x03\0\0\0\x04\0"),
    ];
    for (name, bytes) in refused {
        let form = Form::new().part("files", Part::bytes(bytes.to_vec()).file_name(name));
        let r = lena.post_form(&format!("/api/client/orders/{id}/documents"), form).await;
        assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE, "{name}");
        let text = r.text().await.unwrap();
        assert!(text.contains(name), "the refusal names the file: {text}");
    }
    let after: Value = lena.get_json(&format!("/api/client/orders/{id}/documents")).await;
    assert_eq!(after.as_array().unwrap().len(), 1, "nothing refused was kept");

    let (status, text) =
        lena.post_for_message(&format!("/api/client/orders/{id}/cancel"), json!({})).await;
    assert_eq!((status, text.as_str()), (StatusCode::UNPROCESSABLE_ENTITY, "Reason is required."));
    let (status, _) = lena
        .post_for_message(
            &format!("/api/client/orders/{id}/cancel"),
            json!({"reason": "Loan withdrawn"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = lena
        .post_for_message(&format!("/api/client/orders/{id}/cancel"), json!({"reason": "Again"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    assert_eq!(events_of(&app, id).await, ["order.created", "order.assigned", "message.created"]);
    assert_eq!(events_of(&app, theirs).await, ["order.created"]);
});

both_dbs!(a_client_order_is_refused_with_the_field_named, |app| {
    let staff = app.signed_in("demo.staff").await;
    let lender = new_client(&staff, "Third Coast Lending").await;
    let lena = client_user(&app, &staff, lender, "lena.checks").await;
    for (change, expected) in [
        (
            json!({"fhaCaseNumber": "12-345"}),
            "FHA case number must be three digits, a dash and seven digits, \
             e.g. 123-1234567 (got '12-345').",
        ),
        (json!({"requestedDueDate": company_day(-1)}), "Requested due date cannot be in the past."),
        (json!({"closingDate": company_day(-1)}), "Closing date cannot be in the past."),
        (json!({"borrowerName": " "}), "Borrower name is required."),
        (json!({"productId": 999}), "Product 999 does not exist."),
        (
            json!({"borrowerEmail": "nope"}),
            "Borrower e-mail must be an e-mail address (got 'nope').",
        ),
    ] {
        let mut form = new_order_form();
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        let r = lena.post("/api/client/orders", form).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{change}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["message"], expected);
        let field = change.as_object().unwrap().keys().next().unwrap();
        assert_eq!(body["fields"], json!({ field: expected }), "the field map names {field}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM client_orders").await, 0, "nothing half-written");
    let staff_user = app.signed_in("demo.appraiser").await;
    assert_eq!(staff_user.get("/api/client/orders").await.status(), StatusCode::FORBIDDEN);
});
