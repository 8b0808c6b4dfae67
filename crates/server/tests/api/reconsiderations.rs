//! Reconsideration of value on both databases: the borrower asks from the copy link (once), the
//! lender and the public API ask too; staff review and send it with value pressure held back; the
//! appraiser answers every point with a revised report; staff resolve it; every step is a client
//! event; the examiner's file has it all; the rules (delivery, closing, discrimination) hold.
use crate::common;

use chrono::{Duration, Utc};
use portal_db::entities::{order, order_detail, outbox, stored_file};
use portal_uad::samples::{self, Sample};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};

use crate::client_portal::{client_user, events_of};
use crate::public_api::new_key;
use common::orders::{demo_appraisers_order, new_client, pass_review};
use common::{Session, TestApp};

const DATA_FILE: &str = "27";
const PRESSURE: &str = "Please bring the value to $450,000.";

pub fn data_file(pdf: &[u8]) -> Vec<u8> {
    let license_number = Some("TX-1380421-R".to_string());
    samples::uad26(&Sample { pdf: pdf.to_vec(), license_number, ..Sample::default() })
}

fn report_form(id: i64, pdf: &[u8]) -> Form {
    Form::new()
        .text("orderId", id.to_string())
        .part("files", Part::bytes(pdf.to_vec()).file_name("report.pdf"))
        .text("fileTypes", "1")
        .part("files", Part::bytes(data_file(pdf)).file_name("report.xml"))
        .text("fileTypes", DATA_FILE)
}

/// An order of the client, reported by the demo appraiser and delivered.
pub async fn delivered_order(app: &TestApp, staff: &Session, client: i64, number: &str) -> i64 {
    let id = demo_appraisers_order(app, number, 13).await;
    order::Entity::update_many()
        .col_expr(order::Column::ClientId, Expr::value(client as i32))
        .filter(order::Column::Id.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    let appraiser = app.signed_in("demo.appraiser").await;
    let pdf = samples::pdf_with_text(&["Opinion of value: $650,000."]);
    let r = appraiser.upload(report_form(id, &pdf)).await;
    assert_eq!(r.status(), StatusCode::OK, "{}", r.text().await.unwrap());
    pass_review(staff, id).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/complete"), json!({})).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    id
}

pub fn request(deficiency: &str) -> Value {
    json!({
        "basis": ["unsupported", "factual_error"],
        "deficiencies": [{"text": deficiency, "reportField": "Sales comparison"}],
        "comparables": [
            {
                "address": "40 Elm St, Austin, TX", "salePriceCents": 67_500_000,
                "saleDate": "2026-10-02", "dataSource": "MLS #4471",
                "rationale": "Same street and model."
            }
        ]
    })
}

async fn borrower_link(app: &TestApp, staff: &Session, id: i64) -> String {
    let path = format!("/api/staff/orders/{id}/borrower-copy");
    ok(staff, &path, json!({"email": "maria@example.com"})).await;
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq("maria@example.com"))
        .order_by_desc(outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let start = mail.body_text.find("/borrower/copy/").unwrap() + "/borrower/copy/".len();
    mail.body_text[start..].split_whitespace().next().unwrap().to_string()
}

async fn events(app: &TestApp, id: i64) -> Vec<String> {
    events_of(app, id).await.into_iter().filter(|e| e.starts_with("rov.")).collect()
}

async fn hidden(app: &TestApp, file_id: i64) -> bool {
    stored_file::Entity::find_by_id(file_id).one(&app.db).await.unwrap().unwrap().hide
}

/// A POST that must succeed; answers its body.
async fn ok(s: &Session, path: &str, body: Value) -> Value {
    let (code, answer) = json_of(s.post(path, body).await).await;
    assert_eq!(code, StatusCode::OK, "{path}: {answer}");
    answer
}

async fn json_of(r: reqwest::Response) -> (StatusCode, Value) {
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

both_dbs!(a_borrower_request_goes_from_the_copy_link_to_a_revised_report, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = new_client(&staff, "First Prairie Bank").await;
    let lena = client_user(&app, &staff, client, "lena.rov").await;
    let id = delivered_order(&app, &staff, client, "730100").await;
    let settings = format!("/api/staff/clients/{client}/reconsideration-settings");
    let body = json!({"borrowerRovOffered": true, "turnTimeBusinessDays": 3,
        "disclosure": "You may ask once for a reconsideration of value before closing."});
    let (code, saved) = json_of(staff.put(&settings, body).await).await;
    assert_eq!(
        (code, saved["disclosure"]["version"].clone()),
        (StatusCode::OK, json!(1)),
        "{saved}"
    );

    let token = borrower_link(&app, &staff, id).await;
    let mut borrower = app.client();
    borrower.fetch_csrf().await;
    let page_path = format!("/api/borrower/copy/{token}/reconsideration");
    let (_, page) = json_of(borrower.get(&page_path).await).await;
    assert_eq!((page["offered"].clone(), page["request"].clone()), (json!(true), Value::Null));
    assert_eq!(page["disclosure"]["version"], 1, "{page}");
    let asked = format!("Comparable 1 is a different model. {PRESSURE} Call 512-555-0142.");
    let (code, case) = json_of(borrower.post(&page_path, request(&asked)).await).await;
    assert_eq!(code, StatusCode::OK, "{case}");
    assert_eq!(case["status"], "requested");
    assert_eq!(case["initiatedBy"], "borrower");
    assert_eq!(case["borrowerName"], "Maria Gonzalez");
    assert_eq!(case["propertyAddress"], "12 Oak St, Austin, TX 78701");
    assert_eq!(case["effectiveDate"], "2026-11-20");
    assert_eq!(case["appraiserName"], "Alex Rivera");
    assert_eq!(case["withheld"], Value::Null, "only staff see what is held back");
    let (code, _) = json_of(borrower.post(&page_path, request("Again.")).await).await;
    assert_eq!(code, StatusCode::CONFLICT, "one borrower request per appraisal");
    let rid = case["id"].as_i64().unwrap();

    let (_, listed) =
        json_of(lena.get(&format!("/api/client/orders/{id}/reconsiderations")).await).await;
    assert_eq!(listed[0]["id"], rid);
    let (_, queue) = json_of(staff.get("/api/staff/reconsiderations?status=open").await).await;
    let mine = queue.as_array().unwrap().iter().find(|c| c["id"] == rid).unwrap();
    assert_eq!(mine["valuePressure"], true);
    assert_eq!(mine["withheld"], json!([PRESSURE, "512-555-0142"]), "{mine}");
    let (code, _) = json_of(staff.get("/api/staff/reconsiderations?status=lost").await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "no such status");

    let step = |what: &str| format!("/api/staff/reconsiderations/{rid}/{what}");
    assert_eq!(
        staff.post(&step("send"), json!({})).await.status(),
        StatusCode::CONFLICT,
        "review first"
    );
    assert_eq!(
        staff.post(&step("review"), json!({"note": " "})).await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    ok(&staff, &step("review"), json!({"note": "Complete; comparables verified in MLS."})).await;
    ok(&staff, &step("send"), json!({})).await;
    let (code, refused) = json_of(
        staff.post(&format!("/api/staff/orders/{id}/cancel"), json!({"reason": "x"})).await,
    )
    .await;
    assert_eq!(code, StatusCode::CONFLICT);
    assert!(refused["message"].as_str().unwrap().contains("reconsideration"), "{refused}");

    let appraiser = app.signed_in("demo.appraiser").await;
    let (_, sent) =
        json_of(appraiser.get(&format!("/api/appraiser/orders/{id}/reconsiderations")).await).await;
    let text = sent[0]["deficiencies"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("different model") && !text.contains("450,000") && !text.contains("555-0142"),
        "{text}"
    );
    assert_eq!(sent[0]["requester"], Value::Null);
    let answer = format!("/api/appraiser/reconsiderations/{rid}/answer");
    let blank = Form::new().text("outcome", "no_change").text("commentary", "[\" \"]");
    let (code, refused) = json_of(appraiser.post_form(&answer, blank).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["commentary[0]"].is_string(), "{refused}");
    let no_report = Form::new().text("outcome", "revised").text("commentary", "[\"Adjusted.\"]");
    let (_, refused) = json_of(appraiser.post_form(&answer, no_report).await).await;
    assert!(refused["fields"]["report"].is_string(), "{refused}");
    let revised = samples::pdf_with_text(&["Opinion of value: $675,000 after reconsideration."]);
    let form = Form::new()
        .text("outcome", "revised")
        .text("commentary", "[\"Comparable 1 replaced by 40 Elm St; value revised.\"]")
        .part("report", Part::bytes(revised.clone()).file_name("revised.pdf"))
        .part("dataFile", Part::bytes(data_file(&revised)).file_name("revised.xml"));
    let (code, answered) = json_of(appraiser.post_form(&answer, form).await).await;
    assert_eq!(code, StatusCode::OK, "{answered}");
    assert_eq!(answered["status"], "answered");
    let file_id = answered["revisedFileId"].as_i64().unwrap();

    assert!(hidden(&app, file_id).await, "the lender sees the revision once resolved");

    let resolve = json!({"outcome": "value_changed", "note": "Value revised to $675,000."});
    ok(&staff, &step("resolve"), resolve).await;
    assert!(!hidden(&app, file_id).await);
    let (_, listed) =
        json_of(lena.get(&format!("/api/client/orders/{id}/reconsiderations")).await).await;
    assert_eq!(
        (listed[0]["status"].clone(), listed[0]["outcome"].clone()),
        (json!("resolved"), json!("value_changed"))
    );
    assert_eq!(
        events(&app, id).await,
        ["rov.requested", "rov.sent", "rov.answered", "rov.resolved"]
    );

    let (_, file) = json_of(staff.get(&step("export")).await).await;
    let steps: Vec<&str> = file["reconsideration"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["requested", "reviewed", "sent", "answered", "resolved"]);
    assert_eq!(file["disclosuresShown"][0]["version"], 1);
    let sha = portal_uad::sha256_hex(&revised);
    assert!(
        file["reportVersions"].as_array().unwrap().iter().any(|v| v["sha256"] == sha.as_str()),
        "{file}"
    );
    let pdf = staff.get(&format!("{}?format=pdf", step("export"))).await;
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    assert!(pdf.bytes().await.unwrap().starts_with(b"%PDF"));
    assert_eq!(
        staff.get(&format!("{}?format=xml", step("export"))).await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
});

both_dbs!(lender_requests_follow_the_rules_of_delivery_closing_and_independence, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = new_client(&staff, "Second Bank").await;
    let lena = client_user(&app, &staff, client, "lena.rules").await;
    let id = delivered_order(&app, &staff, client, "730200").await;
    let path = format!("/api/client/orders/{id}/reconsiderations");
    let mut six = request("Wrong comparables.");
    six["comparables"] = json!(vec![six["comparables"][0].clone(); 6]);
    let (code, refused) = json_of(lena.post(&path, six).await).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused["fields"]["comparables[5]"].is_string(), "{refused}");
    let mut unsourced = request("Wrong comparables.");
    unsourced["comparables"][0]["dataSource"] = json!("");
    let (_, refused) = json_of(lena.post(&path, unsourced).await).await;
    assert!(refused["fields"]["comparables[0].dataSource"].is_string(), "{refused}");
    let mut no_rationale = request("Wrong comparables.");
    no_rationale["comparables"][0].as_object_mut().unwrap().remove("rationale");
    let (_, refused) = json_of(lena.post(&path, no_rationale).await).await;
    assert!(refused["fields"]["comparables[0].rationale"].is_string(), "{refused}");

    let mut discrimination = request("The report describes the neighbourhood's residents.");
    discrimination["basis"] = json!(["discrimination"]);
    let (code, case) = json_of(lena.post(&path, discrimination).await).await;
    assert_eq!(code, StatusCode::OK, "{case}");
    let (code, again) = json_of(lena.post(&path, request("A second lender request.")).await).await;
    assert_eq!(code, StatusCode::OK, "lender requests are not limited: {again}");
    let rid = case["id"].as_i64().unwrap();
    let step = |what: &str| format!("/api/staff/reconsiderations/{rid}/{what}");
    ok(&staff, &step("review"), json!({"note": "Referred to compliance."})).await;
    let (code, refused) = json_of(staff.post(&step("send"), json!({})).await).await;
    assert_eq!(code, StatusCode::CONFLICT);
    assert!(refused["message"].as_str().unwrap().contains("discrimination"), "{refused}");
    let early = json!({"outcome": "value_unchanged", "note": "No."});
    assert_eq!(
        staff.post(&step("resolve"), early).await.status(),
        StatusCode::CONFLICT,
        "no answer yet"
    );
    let second =
        json!({"outcome": "second_appraisal", "note": "Second appraisal ordered; referral noted."});
    ok(&staff, &step("resolve"), second).await;

    let key = new_key(&app, &lena, "/api/client/api-keys").await;
    let v1 = format!("/api/v1/orders/{id}/reconsiderations");
    let r =
        key.call(reqwest::Method::POST, &v1).json(&request("From the LOS.")).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let (code, listed) = key.get(&v1).await;
    assert_eq!((code, listed.as_array().unwrap().len()), (StatusCode::OK, 3));
    assert_eq!(listed[0]["outcome"], "second_appraisal");

    let other = new_client(&staff, "Third Bank").await;
    let stranger = client_user(&app, &staff, other, "lena.other").await;
    assert_eq!(stranger.get(&path).await.status(), StatusCode::NOT_FOUND);

    let undelivered = demo_appraisers_order(&app, "730201", 13).await;
    order::Entity::update_many()
        .col_expr(order::Column::ClientId, Expr::value(client as i32))
        .filter(order::Column::Id.eq(undelivered))
        .exec(&app.db)
        .await
        .unwrap();
    // A move the client hears of gives the client its row of the order.
    let hold = json!({"reason": "Waiting for the contract."});
    staff.post_ok(&format!("/api/staff/orders/{undelivered}/hold"), hold).await;
    let early = lena
        .post(&format!("/api/client/orders/{undelivered}/reconsiderations"), request("x"))
        .await;
    assert_eq!(early.status(), StatusCode::CONFLICT, "only after delivery");

    order_detail::Entity::update_many()
        .col_expr(
            order_detail::Column::EstimatedClosingDate,
            Expr::value((Utc::now() - Duration::days(3)).date_naive()),
        )
        .filter(order_detail::Column::OrderId.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
    let (code, refused) = json_of(lena.post(&path, request("After closing.")).await).await;
    assert_eq!(code, StatusCode::CONFLICT);
    assert!(refused["message"].as_str().unwrap().contains("closed"), "{refused}");
});
