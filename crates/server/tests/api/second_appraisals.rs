//! Second appraisals on both databases: staff order one with a reason; it is the same property,
//! client and borrower, linked both ways; neither the first appraiser nor anyone of their firm may
//! take it (the candidates say why, Assign answers 409 naming the reason).
use crate::common;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::staff_desk::{assign_to, order_form};
use common::orders::{new_client, new_order};
use portal::areas::staff::second_appraisals::MSG_NO_APPRAISER;

both_dbs!(a_second_appraisal_is_linked_and_kept_from_the_first_firm, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = new_client(&staff, "Second Look Bank").await;
    let first = new_order(&staff, order_form(client)).await;
    let path = format!("/api/staff/orders/{first}/second-appraisal");
    let (status, message) =
        staff.post_for_message(&path, json!({"reason": "Value in dispute"})).await;
    assert_eq!((status, message.as_str()), (StatusCode::CONFLICT, MSG_NO_APPRAISER));
    assign_to(&app, &staff, first, "demo.appraiser").await;
    let (status, _) = staff.post_for_message(&path, json!({"reason": " "})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a reason is required");

    let r = staff.post(&path, json!({"reason": "The borrower's ROV found a factual error"})).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let second = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let one: Value = staff.get_json(&format!("/api/order-details/{first}")).await;
    let two: Value = staff.get_json(&format!("/api/order-details/{second}")).await;
    for key in ["propertyAddressLine1", "propertyCity", "propertyZip", "borrowerName", "clientId"] {
        assert_eq!(one[key], two[key], "{key}");
    }
    assert_eq!(two["statusId"], 3, "waits for an appraiser");
    assert_eq!(two["linkedOrders"][0]["id"], first);
    assert_eq!(two["linkedOrders"][0]["kind"], "second_appraisal_of");
    assert_eq!(one["linkedOrders"][0]["id"], second);
    assert_eq!(one["linkedOrders"][0]["kind"], "second_appraisal");
    let appraiser = app.signed_in("demo.appraiser").await;
    let theirs: Value = appraiser.get_json(&format!("/api/order-details/{first}")).await;
    assert!(theirs["linkedOrders"].as_array().is_none_or(|l| l.is_empty()), "staff only: {theirs}");

    let candidates: Value = staff.get_json(&format!("/api/staff/orders/{second}/candidates")).await;
    let reasons = |name: &str| -> String {
        let c = candidates.as_array().unwrap().iter().find(|c| c["name"] == name).unwrap();
        assert_eq!(c["eligible"], false, "{name}: {c}");
        c["reasons"].to_string()
    };
    assert!(reasons("Avery Appraiser").contains("They appraised order"), "{candidates}");
    assert!(reasons("Blake Morgan").contains("Their firm appraised order"), "{candidates}");
    let blake = app.user_id("demo.appraiser2").await;
    let assign = format!("/api/staff/orders/{second}/assign");
    let (status, message) = staff.post_for_message(&assign, json!({"appraiserId": blake})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{message}");
    assert!(message.contains("Their firm appraised order"), "{message}");
    let audited = "SELECT COUNT(*) FROM audit_log WHERE action = 'staff.second_appraisal'";
    assert_eq!(app.count(audited).await, 1);
});
