//! GET /api/order-details/{id}, was-invited and messages/read: access per role and assignment,
//! hidden items, contact omission, sanitised HTML and available actions, on both databases.
use crate::common;

use portal_db::entities::order;
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, Set};
use serde_json::Value;

use common::orders::{NewOrder, demo_appraisers_order, invite, order_with_details, outsider};
use common::{TestApp, message};

async fn details(app: &TestApp, username: &str, id: i64) -> (StatusCode, Value) {
    let s = app.signed_in(username).await;
    let r = s.get(&format!("/api/order-details/{id}")).await;
    let status = r.status();
    (status, r.json().await.unwrap())
}

both_dbs!(assigned_appraiser_sees_the_order_without_hidden_items, |app| {
    let id = demo_appraisers_order(&app, "500100", 5).await;
    let (status, body) = details(&app, "demo.appraiser", id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["fileNumber"], "500100");
    assert_eq!(body["propertyAddress"], "12 Oak St, Austin, TX 78701");
    assert_eq!(body["reportType1"]["productDescription"], "1073 Individual Condominium Unit");
    assert_eq!(body["appraiserFee"], 450.0);
    assert_eq!(body["alerts"], serde_json::json!(["Dog on premises"]));
    assert_eq!(
        body["availableActions"],
        serde_json::json!(["SCHEDULE_INSPECTION", "SEND_MESSAGE", "UPLOAD_FILES", "UPDATE_STATUS"])
    );
    // Hidden entries never reach an appraiser; lists are newest first.
    let histories = body["histories"].as_array().unwrap();
    assert_eq!(histories.len(), 2);
    assert!(histories.iter().all(|h| h["hide"] == false));
    assert_eq!(histories[0]["orderStatusDescription"], "assigned");
    let messages = body["messages"].as_array().unwrap();
    assert_eq!(
        messages.iter().map(|m| m["messageText"].as_str().unwrap()).collect::<Vec<_>>(),
        ["Will do", "Please call the borrower"]
    );
    assert!(!body.to_string().contains("Internal"), "hidden text leaked: {body}");
    // HTML fields are sanitised on the server.
    let text = body.to_string();
    assert!(
        !text.contains("<script") && !text.contains("bad()") && !text.contains("alert("),
        "{text}"
    );
    assert!(body["notesAndSpecialInstructions"].as_str().unwrap().contains("<b>1234</b>"));
    // Assigned (accepted): contacts are there.
    assert_eq!(body["contactsVisible"], true);
    assert_eq!(body["propertyContact"]["name"], "Jordan Rivera");
    assert_eq!(body["otherContacts"][0]["type"], "LOAN_OFFICER");
});

both_dbs!(staff_see_hidden_items_flagged, |app| {
    let id = demo_appraisers_order(&app, "500101", 5).await;
    let (status, body) = details(&app, "demo.staff", id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["histories"].as_array().unwrap().len(), 3);
    let hidden: Vec<&Value> =
        body["messages"].as_array().unwrap().iter().filter(|m| m["hide"] == true).collect();
    assert_eq!(hidden.len(), 1);
    assert_eq!(hidden[0]["messageText"], "Internal escalation");
    let dates: Vec<&str> = body["histories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["statusDate"].as_str().unwrap())
        .collect();
    let mut sorted = dates.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(dates, sorted, "newest first");
});

both_dbs!(contacts_are_shown_as_soon_as_the_order_is_assigned, |app| {
    let id = demo_appraisers_order(&app, "500102", 4).await;
    let (status, body) = details(&app, "demo.appraiser", id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["contactsVisible"], true, "assigned, not yet accepted");
    assert_eq!(body["propertyContact"]["name"], "Jordan Rivera");
    let stranger = app.signed_in(outsider(&app).await).await;
    let r = stranger.get(&format!("/api/order-details/{id}")).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert!(!r.text().await.unwrap().contains("Jordan"), "another firm reads nothing of it");
    assert_eq!(
        body["availableActions"],
        serde_json::json!(["ACCEPT", "REJECT", "REJECT_WITH_CONDITIONS", "SEND_MESSAGE"])
    );
});

both_dbs!(firm_admin_sees_the_firm_order_and_may_reassign, |app| {
    let id = order_with_details(
        &app,
        NewOrder { file_number: "500103", status: 6, appraiser: Some("demo.appraiser2") },
    )
    .await;
    let (status, body) = details(&app, "demo.admin", id).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["availableActions"].as_array().unwrap().contains(&Value::from("REASSIGN")));
});

both_dbs!(another_firms_appraiser_learns_nothing, |app| {
    let id = demo_appraisers_order(&app, "500104", 5).await;
    let stranger = outsider(&app).await;
    let s = app.signed_in(stranger).await;
    let r = s.get(&format!("/api/order-details/{id}")).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let text = r.text().await.unwrap();
    assert!(!text.contains("500104") && !text.contains("Oak"), "{text}");
    let r = s.get(&format!("/api/order-details/{id}/was-invited")).await;
    assert_eq!(r.json::<Value>().await.unwrap()["wasInvited"], false);
    // Other appraiser of the same firm: also not theirs.
    let (status, _) = details(&app, "demo.appraiser2", id).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
});

both_dbs!(an_appraiser_who_lost_the_order_was_invited, |app| {
    let id = demo_appraisers_order(&app, "500105", 4).await;
    let row = order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    let mut row = row.into_active_model();
    row.status_id = Set(crate::common::orders::status_of(21));
    row.assigned_appraiser_id = Set(None);
    row.update(&app.db).await.unwrap();
    let s = app.signed_in("demo.appraiser").await;
    assert_eq!(s.get(&format!("/api/order-details/{id}")).await.status(), StatusCode::FORBIDDEN);
    let r = s.get(&format!("/api/order-details/{id}/was-invited")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.json::<Value>().await.unwrap()["wasInvited"], true);
    // An invitation alone never opens the order.
    let offered =
        order_with_details(&app, NewOrder { file_number: "500106", status: 5, appraiser: None })
            .await;
    invite(&app, offered, app.user_id("demo.appraiser2").await).await;
    let other = app.signed_in("demo.appraiser2").await;
    assert_eq!(
        other.get(&format!("/api/order-details/{offered}")).await.status(),
        StatusCode::FORBIDDEN
    );
    let invited =
        other.get_json::<Value>(&format!("/api/order-details/{offered}/was-invited")).await;
    assert_eq!(invited["wasInvited"], true);
});

// Generated orders (the demo set and `seed --orders`) invite the appraiser each was given, as every
// assignment does, dated when the order reached them.
both_dbs!(generated_orders_invite_their_appraisers, |app| {
    use portal_db::entities::order_invitation;
    use std::collections::BTreeSet;
    portal::demo::orders::seed_demo_orders(&app.db).await.unwrap();
    portal::demo::orders::seed_orders(&app.db, 50, 3).await.unwrap();
    let orders = order::Entity::find().all(&app.db).await.unwrap();
    let given: BTreeSet<_> = orders
        .iter()
        .filter_map(|o| {
            let at = o.assignment_actual_date.unwrap_or(o.created_at);
            o.assigned_appraiser_id.map(|a| (o.id, a, at))
        })
        .collect();
    assert!(given.len() > 100, "{} orders were given to appraisers", given.len());
    let invited: BTreeSet<_> = order_invitation::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|i| (i.order_id, i.appraiser_user_id, i.invited_at))
        .collect();
    assert_eq!(invited.len(), given.len(), "one invitation per generated order with an appraiser");
    assert_eq!(invited, given);
});

both_dbs!(missing_and_malformed_ids, |app| {
    let s = app.signed_in("demo.appraiser").await;
    let r = s.get("/api/order-details/987654").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(r).await, "Order not found.");
    let r = s.get("/api/order-details/abc").await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(s.get("/api/order-details/abc/was-invited").await.status(), StatusCode::BAD_REQUEST);
    let client = app.signed_in("demo.client").await;
    assert_eq!(client.get("/api/order-details/1").await.status(), StatusCode::FORBIDDEN);
});

both_dbs!(opening_messages_marks_them_read_for_the_assigned_appraiser_only, |app| {
    let id = demo_appraisers_order(&app, "500107", 5).await;
    let unread_sql =
        format!("SELECT CAST(appraiser_unread_messages AS BIGINT) FROM orders WHERE id = {id}");
    let staff = app.signed_in("demo.staff").await;
    assert_eq!(
        staff.post(&format!("/api/order-details/{id}/messages/read"), Value::Null).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.count(&unread_sql).await, 1, "staff opening the tab changes nothing");
    let s = app.signed_in("demo.appraiser").await;
    assert_eq!(
        s.post(&format!("/api/order-details/{id}/messages/read"), Value::Null).await.status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(app.count(&unread_sql).await, 0);
    assert_eq!(
        app.count(&format!(
            "SELECT COUNT(*) FROM order_messages \
             WHERE order_id = {id} AND to_appraiser AND read_at IS NULL"
        ))
        .await,
        0
    );
    let stranger = app.signed_in("demo.appraiser2").await;
    assert_eq!(
        stranger
            .post(&format!("/api/order-details/{id}/messages/read"), Value::Null)
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
});

/// The PDF's text, as poppler's pdftotext reads it.
pub fn pdf_text(printed: &Value) -> String {
    use base64::Engine;
    assert_eq!(printed["contentType"], "application/pdf");
    let pdf = base64::engine::general_purpose::STANDARD
        .decode(printed["content"].as_str().unwrap())
        .unwrap();
    assert!(pdf.starts_with(b"%PDF"), "not a PDF");
    let out = std::process::Command::new("pdftotext")
        .args(["-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&pdf)?;
            child.wait_with_output()
        })
        .expect("pdftotext (poppler-utils) runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

both_dbs!(print_order_is_a_pdf_of_what_the_caller_may_see, |app| {
    let accepted = demo_appraisers_order(&app, "500110", 5).await;
    let offered = demo_appraisers_order(&app, "500111", 4).await;
    let s = app.signed_in("demo.appraiser").await;

    let r = s.post("/api/file/print-order", serde_json::json!({"orderId": accepted})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let printed: Value = r.json().await.unwrap();
    assert_eq!(printed["filename"], "order-500110.pdf");
    let text = pdf_text(&printed);
    assert!(text.contains("500110") && text.contains("Jordan Rivera"), "{text}");
    assert!(!text.contains("Internal"), "hidden history printed: {text}");

    // Assigned, not yet accepted: the contacts are on the paper too.
    let printed: Value = s
        .post("/api/file/print-order", serde_json::json!({"orderId": offered}))
        .await
        .json()
        .await
        .unwrap();
    let text = pdf_text(&printed);
    assert!(text.contains("500111") && text.contains("Jordan Rivera"), "{text}");

    let stranger = app.signed_in(outsider(&app).await).await;
    assert_eq!(
        stranger
            .post("/api/file/print-order", serde_json::json!({"orderId": accepted}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        s.post("/api/file/print-order", serde_json::json!({"orderId": 987654})).await.status(),
        StatusCode::NOT_FOUND
    );
});
