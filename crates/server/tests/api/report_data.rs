//! The report's data file: uploaded beside the PDF, read safely, shown, checked before delivery.
use crate::common;

use portal_uad::samples::{self, Sample};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use common::Session;
use common::orders::{demo_appraisers_order, outsider, pass_review};

const DATA_FILE: &str = "27";

async fn upload(s: &Session, order_id: i64, files: &[(&str, &str, Vec<u8>)]) -> reqwest::Response {
    let mut form = Form::new().text("orderId", order_id.to_string());
    for (name, file_type, bytes) in files {
        form = form
            .part("files", Part::bytes(bytes.clone()).file_name(name.to_string()))
            .text("fileTypes", file_type.to_string());
    }
    s.upload(form).await
}

async fn report_data(s: &Session, id: i64) -> reqwest::Response {
    s.get(&format!("/api/orders/{id}/report-data")).await
}

both_dbs!(a_data_file_is_read_checked_and_blocks_delivery_until_clean, |app| {
    let id = demo_appraisers_order(&app, "700100", 13).await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let staff = app.signed_in("demo.staff").await;
    let none = report_data(&staff, id).await;
    assert_eq!(none.status(), StatusCode::OK, "nothing uploaded yet is a normal state");
    assert_eq!(none.json::<Value>().await.unwrap(), Value::Null);

    let pdf = Sample::default().pdf;
    let no_value = samples::uad36(&Sample { value: None, ..Sample::default() });
    let r = upload(
        &appraiser,
        id,
        &[("report.pdf", "1", pdf.clone()), ("report.zip", DATA_FILE, no_value)],
    )
    .await;
    assert_eq!(r.status(), StatusCode::OK);
    let data: Value = report_data(&appraiser, id).await.json().await.unwrap();
    assert_eq!(data["version"], "3.6");
    assert_eq!(data["subjectAddress"], "12 Oak St, Austin, TX 78701");
    assert_eq!(data["hardStops"][0]["code"], "100", "{data}");

    pass_review(&staff, id).await;
    assert_eq!(
        staff.post(&format!("/api/staff/orders/{id}/complete"), json!({})).await.status(),
        StatusCode::OK
    );
    let r = staff.post(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let refused: Value = r.json().await.unwrap();
    assert_eq!(refused["hardStops"][0]["code"], "100", "{refused}");

    let rated_c6 = samples::uad36(&Sample { condition: "C6".into(), ..Sample::default() });
    assert_eq!(
        upload(&staff, id, &[("report-2.zip", DATA_FILE, rated_c6.clone())]).await.status(),
        StatusCode::OK
    );
    let data: Value = report_data(&staff, id).await.json().await.unwrap();
    assert_eq!(data["appraisedValue"], 650000.0);
    assert_eq!(data["hardStops"], json!([]));
    assert_eq!(data["sha256"], portal_uad::sha256_hex(&rated_c6));
    let codes: Vec<String> = data["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap().to_string())
        .collect();
    assert!(codes.contains(&"FRE4645".to_string()), "{data}");
    let r = staff.post(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let refused: Value = r.json().await.unwrap();
    assert_eq!(
        refused["unacknowledgedWarnings"].as_array().unwrap().len(),
        codes.len(),
        "{refused}"
    );

    let ack = format!("/api/staff/orders/{id}/report-data/acknowledge");
    assert_eq!(
        staff.post(&ack, json!({"codes": ["NOPE"]})).await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(appraiser.post(&ack, json!({"codes": codes})).await.status(), StatusCode::FORBIDDEN);
    let r = staff.post(&ack, json!({"codes": codes})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let data: Value = r.json().await.unwrap();
    assert!(
        data["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["acknowledgedBy"].is_string() && w["acknowledgedAt"].is_string()),
        "{data}"
    );
    assert_eq!(
        staff.post(&format!("/api/staff/orders/{id}/deliver"), json!({})).await.status(),
        StatusCode::OK
    );

    let stranger = app.signed_in(outsider(&app).await).await;
    assert_eq!(report_data(&stranger, id).await.status(), StatusCode::FORBIDDEN);
});

both_dbs!(hostile_and_foreign_data_files_are_refused_with_a_code_and_leave_nothing, |app| {
    let id = demo_appraisers_order(&app, "700200", 13).await;
    let staff = app.signed_in("demo.staff").await;
    let before = app.stored().await;
    for (name, bytes, code) in [
        ("laughs.xml", samples::billion_laughs(), "uad.dtd_forbidden"),
        ("secret.xml", samples::external_entity(), "uad.dtd_forbidden"),
        ("other.xml", b"<RESPONSE_GROUP/>".to_vec(), "uad.unknown_version"),
        (
            "latin.xml",
            b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><VALUATION_RESPONSE/>".to_vec(),
            "uad.not_utf8",
        ),
        ("slip.zip", samples::zip_of(&[("../x.xml", b"<MESSAGE/>".to_vec())]), "uad.zip_unsafe"),
    ] {
        let r = upload(
            &staff,
            id,
            &[("report.pdf", "1", Sample::default().pdf), (name, DATA_FILE, bytes)],
        )
        .await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{name}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["code"], code, "{name}: {body}");
    }
    let r = upload(&staff, id, &[("data.xml", "9", samples::uad26(&Sample::default()))]).await;
    assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE, "XML only as a data file");
    assert_eq!(app.stored().await, before, "a refused upload stores nothing");

    let good = samples::uad26(&Sample::default());
    assert_eq!(
        upload(&staff, id, &[("data.xml", DATA_FILE, good.clone())]).await.status(),
        StatusCode::OK
    );
    let data: Value = report_data(&staff, id).await.json().await.unwrap();
    assert_eq!((data["version"].as_str(), data["form"].as_str()), (Some("2.6"), Some("FNM1004")));
    let file_id = data["fileId"].as_i64().unwrap();
    let r =
        staff.get(&format!("/api/file/stream/appraisalfile/{file_id}?disposition=inline")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let disposition = r.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.starts_with("attachment"), "never inline: {disposition}");
    assert_eq!(r.bytes().await.unwrap().as_ref(), good.as_slice(), "served as stored");
});

both_dbs!(a_product_that_requires_the_data_file_refuses_a_report_without_it, |app| {
    let id = demo_appraisers_order(&app, "700900", 13).await;
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let r = staff.put("/api/staff/products/6", json!({"dataFileRequired": true})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let products: Value = staff.get_json("/api/staff/products").await;
    let product = products.as_array().unwrap().iter().find(|p| p["id"] == 6).unwrap().clone();
    assert_eq!(product["dataFileRequired"], true, "{product}");
    assert_eq!(
        staff.put("/api/staff/products/9999", json!({"dataFileRequired": true})).await.status(),
        StatusCode::NOT_FOUND
    );

    let pdf = Sample::default().pdf;
    let r = upload(&appraiser, id, &[("report.pdf", "1", pdf.clone())]).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let refused: Value = r.json().await.unwrap();
    assert_eq!(refused["code"], "uad.required", "{refused}");
    let invoice = upload(&appraiser, id, &[("invoice.pdf", "3", pdf.clone())]).await;
    assert_eq!(invoice.status(), StatusCode::OK, "only the report needs its data file");
    let good = samples::uad36(&Sample::default());
    let r =
        upload(&appraiser, id, &[("report.pdf", "1", pdf), ("report.zip", DATA_FILE, good)]).await;
    assert_eq!(r.status(), StatusCode::OK);
});

both_dbs!(what_a_data_file_says_is_kept_at_upload_and_not_read_again, |app| {
    let id = demo_appraisers_order(&app, "700950", 13).await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let zip = samples::uad36(&Sample::default());
    let r = upload(
        &appraiser,
        id,
        &[("report.pdf", "1", Sample::default().pdf), ("data.zip", DATA_FILE, zip)],
    )
    .await;
    assert_eq!(r.status(), StatusCode::OK);
    let file = portal_db::entities::stored_file::Entity::find()
        .filter(portal_db::entities::stored_file::Column::FileTypeId.eq(27))
        .filter(portal_db::entities::stored_file::Column::OrderId.eq(id))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let storage = portal::platform::storage::Storage::from_config(&app.config).unwrap();
    storage.delete(&file.storage_key).await;
    let data: Value = report_data(&appraiser, id).await.json().await.unwrap();
    assert_eq!(data["appraisedValue"], 650000.0, "read from what was kept: {data}");
});
