//! After review, on both databases: the UCDP / EAD record and the borrower's copy (a link valid
//! 30 days, downloads logged, a waiver, the compliance flag before closing).
use crate::common;

use chrono::{Duration, Utc};
use portal_db::entities::{borrower_copy, order, order_detail, outbox};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use common::TestApp;
use common::orders::{demo_appraisers_order, order_file, status_of};

async fn json_of(r: reqwest::Response) -> (StatusCode, Value) {
    let status = r.status();
    (status, r.json().await.unwrap())
}

async fn set_detail(app: &TestApp, id: i64, column: order_detail::Column, value: Expr) {
    order_detail::Entity::update_many()
        .col_expr(column, value)
        .filter(order_detail::Column::OrderId.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
}

both_dbs!(staff_record_the_ucdp_submission_and_fha_case_number, |app| {
    let staff = app.signed_in("demo.staff").await;
    let id = demo_appraisers_order(&app, "720100", 15).await;
    let path = format!("/api/staff/orders/{id}/ucdp");
    let (_, empty) = json_of(staff.get(&path).await).await;
    assert_eq!(
        (empty["status"].clone(), empty["isFha"].clone()),
        (Value::Null, json!(false)),
        "{empty}"
    );

    let (code, refused) =
        json_of(staff.put(&path, json!({"fannieDocFileId": "12345", "status": "submitted"})).await)
            .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["fannieDocFileId"].is_string(), "{refused}");
    let (code, _) = json_of(staff.put(&path, json!({"status": "submitted"})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "one Doc File ID at least");
    let (code, _) = json_of(
        staff.put(&path, json!({"fannieDocFileId": "A1B2C3D4E5", "status": "pending"})).await,
    )
    .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "an unknown status");

    let body = json!({
        "fannieDocFileId": "a1b2c3d4e5", "freddieDocFileId": "F9E8D7C6B5", "status": "hard_stop"
    });
    let (code, saved) = json_of(staff.put(&path, body).await).await;
    assert_eq!(code, StatusCode::OK, "{saved}");
    assert_eq!(saved["fannieDocFileId"], "A1B2C3D4E5");
    assert_eq!(saved["status"], "hard_stop");
    assert!(saved["updatedBy"].as_str().is_some_and(|n| !n.is_empty()));
    let (_, saved) = json_of(
        staff.put(&path, json!({"fannieDocFileId": "A1B2C3D4E5", "status": "successful"})).await,
    )
    .await;
    assert_eq!(
        (saved["status"].clone(), saved["freddieDocFileId"].clone()),
        (json!("successful"), Value::Null)
    );

    set_detail(&app, id, order_detail::Column::ReportType1Id, Expr::value(9)).await;
    set_detail(&app, id, order_detail::Column::FhaCaseId, Expr::value(Option::<String>::None))
        .await;
    let (code, refused) = json_of(staff.put(&path, json!({"status": "submitted"})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused["fields"]["fhaCaseNumber"],
        "This is an FHA order. An FHA case number has the form ###-#######."
    );
    let (code, _) = json_of(
        staff.put(&path, json!({"status": "submitted", "fhaCaseNumber": "1234567890"})).await,
    )
    .await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    let (code, saved) = json_of(
        staff.put(&path, json!({"status": "submitted", "fhaCaseNumber": "123-4567890"})).await,
    )
    .await;
    assert_eq!(code, StatusCode::OK, "EAD needs no GSE Doc File ID: {saved}");
    assert_eq!(
        (saved["isFha"].clone(), saved["fhaCaseNumber"].clone()),
        (json!(true), json!("123-4567890"))
    );

    let appraiser = app.signed_in("demo.appraiser").await;
    assert_eq!(appraiser.get(&path).await.status(), StatusCode::FORBIDDEN);
});

async fn link_in_mail(app: &TestApp, to: &str) -> String {
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(to))
        .order_by_desc(outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .expect("an e-mail to the borrower");
    assert_eq!(mail.subject, "Your copy of the appraisal");
    let start = mail.body_text.find("/borrower/copy/").expect("a link");
    let token =
        mail.body_text[start + "/borrower/copy/".len()..].split_whitespace().next().unwrap();
    token.to_string()
}

both_dbs!(the_borrower_gets_a_logged_link_to_the_report_or_a_waiver_is_recorded, |app| {
    let staff = app.signed_in("demo.staff").await;
    let id = demo_appraisers_order(&app, "720200", 14).await;
    let path = format!("/api/staff/orders/{id}/borrower-copy");
    let (code, _) = json_of(staff.post(&path, json!({"email": "maria@example.com"})).await).await;
    assert_eq!(code, StatusCode::CONFLICT, "not reviewed yet");

    order::Entity::update_many()
        .col_expr(order::Column::StatusId, Expr::value(status_of(18).id()))
        .filter(order::Column::Id.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    let (code, _) = json_of(staff.post(&path, json!({"email": "maria@example.com"})).await).await;
    assert_eq!(code, StatusCode::CONFLICT, "no report yet");
    let pdf = b"%PDF-1.4\nthe report\n%%EOF\n";
    order_file(&app, id, "appraisal.pdf", pdf, false).await;
    let (code, refused) = json_of(staff.post(&path, json!({})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["email"].is_string(), "no borrower e-mail on the order: {refused}");

    let (code, sent) =
        json_of(staff.post(&path, json!({"email": "maria@example.com"})).await).await;
    assert_eq!(code, StatusCode::OK, "{sent}");
    assert_eq!(sent["sent"][0]["email"], "maria@example.com");
    let token = link_in_mail(&app, "maria@example.com").await;

    let borrower = app.client();
    let (code, page) = json_of(borrower.get(&format!("/api/borrower/copy/{token}")).await).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(page["propertyAddress"], "12 Oak St, Austin, TX 78701");
    assert_eq!(page["fileName"], "appraisal.pdf");
    let r = borrower.get(&format!("/api/borrower/copy/{token}/download")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-disposition"].to_str().unwrap().starts_with("attachment"));
    let bytes = r.bytes().await.unwrap();
    assert_eq!(Sha256::digest(&bytes), Sha256::digest(pdf), "the report byte for byte");
    let (_, copies) = json_of(staff.get(&path).await).await;
    assert_eq!(copies["sent"][0]["downloads"].as_array().unwrap().len(), 1, "{copies}");
    assert_eq!(
        borrower.get("/api/borrower/copy/not-a-token").await.status(),
        StatusCode::NOT_FOUND
    );

    borrower_copy::Entity::update_many()
        .col_expr(borrower_copy::Column::ExpiresAt, Expr::value(Utc::now() - Duration::minutes(1)))
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(
        borrower.get(&format!("/api/borrower/copy/{token}/download")).await.status(),
        StatusCode::NOT_FOUND
    );

    let waiver = format!("{path}/waiver");
    let (code, _) = json_of(staff.post(&waiver, json!({"reason": " "})).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    let (code, waived) =
        json_of(staff.post(&waiver, json!({"reason": "Signed waiver on file."})).await).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(waived["waiver"]["reason"], "Signed waiver on file.");
    assert_eq!(
        staff.post(&waiver, json!({"reason": "Again"})).await.status(),
        StatusCode::CONFLICT
    );
});

both_dbs!(an_order_closing_within_three_business_days_without_a_copy_is_flagged, |app| {
    let staff = app.signed_in("demo.staff").await;
    let today = app.config.today().unwrap();
    let soon = demo_appraisers_order(&app, "720300", 15).await;
    let later = demo_appraisers_order(&app, "720301", 15).await;
    set_detail(
        &app,
        soon,
        order_detail::Column::EstimatedClosingDate,
        Expr::value(today + Duration::days(1)),
    )
    .await;
    set_detail(
        &app,
        later,
        order_detail::Column::EstimatedClosingDate,
        Expr::value(today + Duration::days(20)),
    )
    .await;
    let due = || async {
        let (_, list) = json_of(staff.get("/api/staff/compliance/borrower-copies").await).await;
        list.as_array().unwrap().iter().map(|d| d["orderId"].as_i64().unwrap()).collect::<Vec<_>>()
    };
    assert_eq!(due().await, vec![soon]);
    let (_, copies) =
        json_of(staff.get(&format!("/api/staff/orders/{soon}/borrower-copy")).await).await;
    assert_eq!(copies["due"], true);
    staff
        .post(
            &format!("/api/staff/orders/{soon}/borrower-copy/waiver"),
            json!({"reason": "Waived at application."}),
        )
        .await;
    assert_eq!(due().await, Vec::<i64>::new());
});
