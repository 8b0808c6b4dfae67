//! A lender's revision request on both databases: the delivered order goes to Lender Revision
//! Request, staff forward the items as a revision round, the appraiser answers with a revised
//! report, which is delivered again byte for byte as a new version.
use crate::common;

use portal::kernel::orders::status::OrderStatus;
use portal_db::entities::order;
use portal_uad::samples;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use crate::client_portal::client_user;
use crate::reconsiderations::{data_file, delivered_order};
use common::orders::{new_client, pass_review};

async fn json_of(r: reqwest::Response) -> (StatusCode, Value) {
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

both_dbs!(a_lenders_corrections_reach_the_appraiser_and_come_back_delivered, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = new_client(&staff, "Corrections Bank").await;
    let lena = client_user(&app, &staff, client, "lena.fix").await;
    let id = delivered_order(&app, &staff, client, "740100").await;
    let path = format!("/api/client/orders/{id}/revision-requests");
    let (code, refused) = json_of(lena.post(&path, json!({"items": []})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["items"].is_string(), "{refused}");
    let blank = json!({"items": [{"reference": "Page 2", "text": " "}]});
    let (_, refused) = json_of(lena.post(&path, blank).await).await;
    assert!(refused["fields"]["items[0].text"].is_string(), "{refused}");
    let body = json!({
        "items": [{"reference": "Page 1", "text": "The loan number is LN-1234, not LN-740100."}],
        "message": "For our file."
    });
    let (code, asked) = json_of(lena.post(&path, body.clone()).await).await;
    assert_eq!(code, StatusCode::OK, "{asked}");
    let status = order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap().status_id;
    assert_eq!(status, OrderStatus::LenderRevisionRequest);
    let subjects = app.mail_subjects(&app.config.orders_team_email).await;
    assert!(subjects.iter().any(|s| s.ends_with("the lender asks for revisions")), "{subjects:?}");
    assert_eq!(lena.post(&path, body).await.status(), StatusCode::CONFLICT, "not delivered now");

    let listed: Value = staff.get_json(&format!("/api/staff/orders/{id}/revision-requests")).await;
    assert_eq!(listed[0]["forwardedAt"], Value::Null);
    let forward = format!("/api/staff/orders/{id}/revision-requests/{}/forward", asked["id"]);
    staff.post_ok(&forward, json!({})).await;
    assert_eq!(staff.post(&forward, json!({})).await.status(), StatusCode::CONFLICT);

    let appraiser = app.signed_in("demo.appraiser").await;
    let rounds: Value = appraiser.get_json(&format!("/api/orders/{id}/revisions")).await;
    let item = &rounds[0]["items"][0];
    assert_eq!(item["text"], "The loan number is LN-1234, not LN-740100.", "{rounds}");
    let revised = samples::pdf_with_text(&["Loan number LN-1234."]);
    let answers = json!([{"id": item["id"], "answer": "Corrected on page 1."}]);
    let form = Form::new()
        .text("orderId", id.to_string())
        .part("files", Part::bytes(revised.clone()).file_name("revised.pdf"))
        .text("fileTypes", "2")
        .part("files", Part::bytes(data_file(&revised)).file_name("revised.xml"))
        .text("fileTypes", "27")
        .text("revisionAnswers", answers.to_string());
    assert_eq!(appraiser.upload(form).await.status(), StatusCode::OK);
    pass_review(&staff, id).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/complete"), json!({})).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;

    let documents: Value = lena.get_json(&format!("/api/client/orders/{id}/documents")).await;
    let latest = documents
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|d| d["kind"] == "report" && d["fileName"] == "revised.pdf")
        .unwrap_or_else(|| panic!("{documents}"));
    let r = lena.get(&format!("/api/client/orders/{id}/documents/{}", latest["id"])).await;
    assert_eq!(r.bytes().await.unwrap().to_vec(), revised, "delivered again byte for byte");
});
