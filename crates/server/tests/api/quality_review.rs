//! Quality review on both databases: checklists per product, the reviewer's answers gating
//! Complete, and revision requests as rounds of items the appraiser answers with the report.
use crate::common;

use portal_db::entities::{order, stored_file};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use common::orders::{NewOrder, order_with_details, pass_review};
use common::{Session, TestApp};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";

async fn status(app: &TestApp, id: i64) -> i32 {
    order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap().status_id.id()
}

async fn files_of(app: &TestApp, id: i64) -> u64 {
    stored_file::Entity::find()
        .filter(stored_file::Column::OrderId.eq(id))
        .count(&app.db)
        .await
        .unwrap()
}

async fn json_of(r: reqwest::Response) -> (StatusCode, Value) {
    let status = r.status();
    (status, r.json().await.unwrap())
}

fn report(order_id: i64, answers: Option<Value>) -> Form {
    let form = Form::new()
        .text("orderId", order_id.to_string())
        .part("files", Part::bytes(PDF.to_vec()).file_name("revised.pdf"))
        .text("fileTypes", "2");
    match answers {
        Some(answers) => form.text("revisionAnswers", answers.to_string()),
        None => form,
    }
}

async fn in_review(app: &TestApp, file_number: &str) -> i64 {
    order_with_details(app, NewOrder { file_number, status: 14, appraiser: Some("demo.appraiser") })
        .await
}

both_dbs!(a_product_keeps_its_own_checklist_or_the_default_one, |app| {
    let staff = app.signed_in("demo.staff").await;
    let path = "/api/staff/products/2/checklist";
    let (code, default) = json_of(staff.get(path).await).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(default["usesDefault"], true);
    assert_eq!(default["items"].as_array().unwrap().len(), 6, "{default}");

    let (code, refused) =
        json_of(staff.put(path, json!({"items": [{"text": "Signed"}, {"text": "  "}]})).await)
            .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["fields"]["items[1].text"], "Item 2 is required.", "{refused}");
    let (code, refused) = json_of(
        staff.put(path, json!({"items": [{"id": default["items"][0]["id"], "text": "x"}]})).await,
    )
    .await;
    assert_eq!(
        code,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a default item is not the product's: {refused}"
    );

    let (code, own) = json_of(
        staff
            .put(
                path,
                json!({
                    "items": [{"text": "Signed and dated"}, {"text": "Market conditions addendum"}]
                }),
            )
            .await,
    )
    .await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(own["usesDefault"], false);
    let kept = own["items"][1]["id"].clone();
    let (_, edited) = json_of(
        staff
            .put(
                path,
                json!({
                    "items": [{"id": kept, "text": "1004MC addendum"}, {"text": "Rent schedule"}]
                }),
            )
            .await,
    )
    .await;
    assert_eq!(edited["items"][0], json!({"id": kept, "text": "1004MC addendum"}), "{edited}");
    assert_eq!(edited["items"].as_array().unwrap().len(), 2, "the first item was retired");

    let (_, back) = json_of(staff.put(path, json!({"items": []})).await).await;
    assert_eq!(back["usesDefault"], true);
    assert_eq!(
        staff.get("/api/staff/products/9999/checklist").await.status(),
        StatusCode::NOT_FOUND
    );
});

both_dbs!(complete_needs_every_checklist_item_answered, |app| {
    let staff = app.signed_in("demo.staff").await;
    staff
        .put("/api/staff/products/2/checklist", json!({"items": [{"text": "Signed and dated"}]}))
        .await;
    let id = in_review(&app, "710100").await;
    let path = format!("/api/staff/orders/{id}/review");
    let (_, review) = json_of(staff.get(&path).await).await;
    let items = review["items"].as_array().unwrap().clone();
    assert_eq!(items.len(), 7, "product 2's own item and the default list for product 6: {review}");
    assert_eq!(items[0]["text"], "Signed and dated");
    assert_eq!(review["complete"], false);

    let complete = format!("/api/staff/orders/{id}/complete");
    let (code, refused) = json_of(staff.post(&complete, json!({})).await).await;
    assert_eq!(code, StatusCode::CONFLICT);
    assert_eq!(refused["unansweredItems"].as_array().unwrap().len(), 7, "{refused}");
    assert_eq!(status(&app, id).await, 14);

    let first = items[0]["id"].clone();
    let (code, refused) =
        json_of(staff.put(&path, json!({"items": [{"id": first, "answer": "fail"}]})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["items[0].note"].is_string(), "{refused}");
    let (code, _) = json_of(
        staff
            .put(
                &path,
                json!({"items": [{"id": first, "answer": "pass"}, {"id": first, "answer": "n/a"}]}),
            )
            .await,
    )
    .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "answered twice");
    let (code, _) =
        json_of(staff.put(&path, json!({"items": [{"id": 99999, "answer": "pass"}]})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "not on the checklist");
    let (code, _) =
        json_of(staff.put(&path, json!({"items": [{"id": first, "answer": "maybe"}]})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);

    let (code, review) = json_of(
        staff
            .put(&path, json!({"items": [{"id": first, "answer": "fail", "note": "Unsigned."}]}))
            .await,
    )
    .await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(review["items"][0]["answer"], "fail");
    assert_eq!(review["items"][0]["note"], "Unsigned.");
    assert!(review["items"][0]["answeredBy"].as_str().is_some_and(|n| !n.is_empty()), "{review}");
    assert!(review["items"][0]["answeredAt"].is_string());

    pass_review(&staff, id).await;
    let (_, review) = json_of(staff.get(&path).await).await;
    assert_eq!(review["complete"], true);
    assert_eq!(staff.post(&complete, json!({})).await.status(), StatusCode::OK);
    assert_eq!(status(&app, id).await, 15);
    let (code, _) =
        json_of(staff.put(&path, json!({"items": [{"id": first, "answer": "pass"}]})).await).await;
    assert_eq!(code, StatusCode::CONFLICT, "the review is closed once completed");
});

async fn request(staff: &Session, id: i64, items: Value) -> (StatusCode, Value) {
    json_of(
        staff.post(&format!("/api/staff/orders/{id}/revision"), json!({ "items": items })).await,
    )
    .await
}

both_dbs!(revision_rounds_are_answered_item_by_item_with_the_report, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let id = in_review(&app, "710200").await;

    let (code, refused) = request(&staff, id, json!([])).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["items"].is_string(), "{refused}");
    let (code, refused) =
        request(&staff, id, json!([{"reference": " ", "text": "Add the garage."}])).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused["fields"]["items[0].reference"], "Item 1: page or field is required.",
        "{refused}"
    );
    assert_eq!(status(&app, id).await, 14, "nothing changed");

    let items = json!([
        {"reference": "Sketch", "text": "Add the garage."},
        {"reference": "Page 3", "text": "Explain the view adjustment."}
    ]);
    let (code, _) = request(&staff, id, items).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(status(&app, id).await, 16);
    let (_, rounds) = json_of(appraiser.get(&format!("/api/orders/{id}/revisions")).await).await;
    assert_eq!(rounds.as_array().unwrap().len(), 1);
    assert_eq!(rounds[0]["round"], 1);
    assert_eq!(rounds[0]["items"][1]["reference"], "Page 3");
    assert!(rounds[0]["answeredAt"].is_null());
    let (first, second) =
        (rounds[0]["items"][0]["id"].clone(), rounds[0]["items"][1]["id"].clone());

    let before = files_of(&app, id).await;
    let (code, refused) = json_of(appraiser.upload(report(id, None)).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["revisionAnswers[0]"].is_string(), "{refused}");
    let half = json!([{"id": first, "answer": "Garage added."}]);
    let (code, refused) = json_of(appraiser.upload(report(id, Some(half))).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["message"].as_str().unwrap().contains("Page 3"), "{refused}");
    assert_eq!((files_of(&app, id).await, status(&app, id).await), (before, 16), "nothing kept");

    let both = json!([
        {"id": first, "answer": "Garage added."},
        {"id": second, "answer": "The view is of the lake."}
    ]);
    assert_eq!(appraiser.upload(report(id, Some(both))).await.status(), StatusCode::OK);
    assert_eq!(status(&app, id).await, 24);

    let (code, _) =
        request(&staff, id, json!([{"reference": "Page 3", "text": "Give the lake's distance."}]))
            .await;
    assert_eq!(code, StatusCode::OK);
    let (_, rounds) = json_of(staff.get(&format!("/api/orders/{id}/revisions")).await).await;
    assert_eq!(rounds.as_array().unwrap().len(), 2, "{rounds}");
    assert_eq!(rounds[0]["items"][1]["answer"], "The view is of the lake.");
    assert!(rounds[0]["answeredAt"].is_string() && rounds[0]["answeredBy"].is_string());
    assert_eq!(rounds[1]["round"], 2);
    assert!(rounds[1]["items"][0]["answer"].is_null());
    assert!(rounds[1]["businessDaysWithAppraiser"].is_i64());
});
