//! POST /api/file/upload and the downloads: happy paths, every refusal leaving nothing stored,
//! and access per role, on both databases.
use crate::common;

use base64::Engine;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use common::orders::{NewOrder, demo_appraisers_order, order_file, order_with_details, outsider};
use common::{TestApp, message};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

fn file(name: &str, bytes: &[u8]) -> Part {
    Part::bytes(bytes.to_vec()).file_name(name.to_string())
}

/// Rows and stored objects: a refused upload must leave both as they were.
async fn stored(app: &TestApp) -> (i64, usize) {
    app.stored().await
}

both_dbs!(upload_then_download_both_ways, |app| {
    let id = demo_appraisers_order(&app, "600100", 13).await;
    let s = app.signed_in("demo.appraiser").await;
    let form = Form::new()
        .text("orderId", id.to_string())
        .part("files", file("Final report.pdf", PDF))
        .text("fileTypes", "1")
        .part("files", file("front.png", PNG))
        .text("fileTypes", "4");
    let r = s.upload(form).await;
    assert_eq!(r.status(), StatusCode::OK);
    let records: Value = r.json().await.unwrap();
    assert_eq!(records[0]["fileName"], "Final report.pdf");
    assert_eq!(records[0]["fileType"], "Appraisal Report");
    assert_eq!(records[0]["fileSize"], PDF.len());
    assert_eq!(records[1]["fileType"], "Photos");
    assert_eq!(records[0]["uploadedBy"], "Avery Appraiser");
    let file_id = records[0]["id"].as_i64().unwrap();

    let r = s.get(&format!("/api/file/download/appraisalfile/{file_id}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["fileName"], "Final report.pdf");
    assert_eq!(body["contentType"], "application/pdf");
    assert_eq!(
        base64::engine::general_purpose::STANDARD.decode(body["data"].as_str().unwrap()).unwrap(),
        PDF
    );

    let r = s.get(&format!("/api/file/stream/appraisalfile/{file_id}?disposition=inline")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["content-disposition"],
        "inline; filename=\"Final report.pdf\"; filename*=UTF-8''Final%20report.pdf"
    );
    assert!(r.headers()["content-security-policy"].to_str().unwrap().starts_with("sandbox"));
    assert_eq!(r.bytes().await.unwrap().as_ref(), PDF);

    // The order page lists them, newest first, with the uploader's name.
    let details: Value = s.get_json(&format!("/api/order-details/{id}")).await;
    let names: Vec<&str> = details["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["fileName"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2);
    assert_eq!(details["files"][0]["uploadedByFirstName"], "Avery");
    assert_eq!(app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'file.upload'").await, 1);
});

both_dbs!(refused_uploads_store_nothing, |app| {
    let id = demo_appraisers_order(&app, "600101", 13).await;
    let theirs = order_with_details(
        &app,
        NewOrder { file_number: "600102", status: 13, appraiser: Some("demo.appraiser2") },
    )
    .await;
    let s = app.signed_in("demo.appraiser").await;
    let before = stored(&app).await;
    let order = || Form::new().text("orderId", id.to_string());
    let cases: Vec<(Form, StatusCode, &str)> = vec![
        (order(), StatusCode::UNPROCESSABLE_ENTITY, "Please choose a file to upload."),
        (
            order().part("files", file("a.pdf", PDF)),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Please select a file type.",
        ),
        (
            order().part("files", file("a.pdf", PDF)).text("fileTypes", " "),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Please select a file type.",
        ),
        (
            order()
                .part("files", file("a.pdf", PDF))
                .text("fileTypes", "1")
                .part("files", file("b.pdf", PDF)),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Please select a file type.",
        ),
        (
            order().part("files", file("a.pdf", PDF)).text("fileTypes", "20"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "The file type License cannot be used here.",
        ),
        (
            order().part("files", file("a.pdf", PDF)).text("fileTypes", "999"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Unknown file type 999.",
        ),
        (
            order().part("files", file("setup.pdf", b"MZ\x90\0\x03\0\0\0")).text("fileTypes", "1"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "setup.pdf is not a valid .pdf file.",
        ),
        (
            order().part("files", file("setup.exe", b"MZ\x90\0")).text("fileTypes", "1"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "",
        ),
        (
            order().part("files", file("empty.pdf", b"")).text("fileTypes", "1"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "empty.pdf is empty.",
        ),
        (
            Form::new().part("files", file("a.pdf", PDF)).text("fileTypes", "1"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "An orderId or appraiserId is required before the files.",
        ),
        (
            order().part("files", file("a.pdf", PDF)).text("fileTypes", "1".repeat(2000)),
            StatusCode::BAD_REQUEST,
            "The form field 'fileTypes' is too long.",
        ),
        (
            Form::new()
                .text("orderId", "987654")
                .part("files", file("a.pdf", PDF))
                .text("fileTypes", "1"),
            StatusCode::NOT_FOUND,
            "Order not found.",
        ),
        (
            Form::new()
                .text("orderId", theirs.to_string())
                .part("files", file("a.pdf", PDF))
                .text("fileTypes", "1"),
            StatusCode::FORBIDDEN,
            "",
        ),
        // A good file followed by a bad one: neither is kept.
        (
            order()
                .part("files", file("good.pdf", PDF))
                .text("fileTypes", "1")
                .part("files", file("bad.png", PDF))
                .text("fileTypes", "4"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "bad.png is not a valid .png file.",
        ),
        // orderId after the files: refused before a byte of them is stored.
        (
            Form::new()
                .part("files", file("late.pdf", PDF))
                .text("fileTypes", "1")
                .text("orderId", theirs.to_string()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "An orderId or appraiserId is required before the files.",
        ),
        // A stored script: XML (or HTML, SVG) is no uploadable kind at all.
        (
            order()
                .part(
                    "files",
                    file(
                        "report.xml",
                        b"<a:script xmlns:a='http://www.w3.org/1999/xhtml'>alert(1)</a:script>",
                    ),
                )
                .text("fileTypes", "1"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "",
        ),
        // Each file type takes only its formats: a report is a PDF, photos are photos.
        (
            order().part("files", file("report.png", PNG)).text("fileTypes", "1"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "report.png: the file type Appraisal Report takes only .pdf.",
        ),
        (
            order().part("files", file("front.pdf", PDF)).text("fileTypes", "4"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "front.pdf: the file type Photos takes only .jpg, .jpeg, .png, .heic.",
        ),
        (
            order().part("files", file("notes.txt", b"gate code 1234")).text("fileTypes", "7"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "notes.txt: the file type Engagement Letter takes only .pdf, .doc, .docx.",
        ),
        // The number of file types is bounded like the number of files.
        (
            (0..25).fold(order(), |f, _| f.text("fileTypes", "1")),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Upload at most 20 files at once.",
        ),
    ];
    for (i, (form, status, text)) in cases.into_iter().enumerate() {
        let r = s.upload(form).await;
        assert_eq!(r.status(), status, "case {i}");
        let got = message(r).await;
        if !text.is_empty() {
            assert_eq!(got, text, "case {i}");
        }
        assert_eq!(stored(&app).await, before, "case {i} left something behind");
    }
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversize_files_get_413_and_nothing_is_kept() {
    let app = TestApp::start_with(common::Db::Sqlite, |c| c.max_upload_bytes = 1024 * 1024)
        .await
        .unwrap();
    let id = demo_appraisers_order(&app, "600103", 13).await;
    let s = app.signed_in("demo.appraiser").await;
    let mut big = PDF.to_vec();
    big.resize(1024 * 1024 + 1, b' ');
    let form = Form::new()
        .text("orderId", id.to_string())
        .part("files", file("big.pdf", &big))
        .text("fileTypes", "1");
    let before = stored(&app).await;
    let r = s.upload(form).await;
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(message(r).await, "big.pdf is larger than the 1 MB limit.");
    assert_eq!(stored(&app).await, before);
    big.truncate(1024 * 1024);
    let form = Form::new()
        .text("orderId", id.to_string())
        .part("files", file("max.pdf", &big))
        .text("fileTypes", "1");
    assert_eq!(s.upload(form).await.status(), StatusCode::OK, "exactly the limit is fine");
}

both_dbs!(downloads_follow_order_and_profile_access, |app| {
    let id = demo_appraisers_order(&app, "600104", 13).await;
    let visible = order_file(&app, id, "report.pdf", PDF, false).await;
    let hidden = order_file(&app, id, "internal.pdf", PDF, true).await;
    let mine = app.signed_in("demo.appraiser").await;
    assert_eq!(
        mine.get(&format!("/api/file/download/appraisalfile/{visible}")).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        mine.get(&format!("/api/file/download/appraisalfile/{hidden}")).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        mine.get(&format!("/api/file/stream/appraisalfile/{hidden}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let staff = app.signed_in("demo.staff").await;
    assert_eq!(
        staff.get(&format!("/api/file/download/appraisalfile/{hidden}")).await.status(),
        StatusCode::OK
    );
    let stranger = app.signed_in(outsider(&app).await).await;
    for path in [
        format!("/api/file/download/appraisalfile/{visible}"),
        format!("/api/file/stream/appraisalfile/{visible}"),
    ] {
        let r = stranger.get(&path).await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{path}");
        assert!(!r.text().await.unwrap().contains("report"), "{path}");
    }
    assert_eq!(
        mine.get("/api/file/download/appraisalfile/999999").await.status(),
        StatusCode::NOT_FOUND
    );
    // An order file is not a profile file and the other way round.
    assert_eq!(
        mine.get(&format!("/api/file/download/appraiserprofilefile/{visible}")).await.status(),
        StatusCode::NOT_FOUND
    );

    // Profile documents: the appraiser, their firm's admin and staff; not another appraiser.
    let me = app.user_id("demo.appraiser").await;
    let form = Form::new()
        .text("appraiserId", me.to_string())
        .part("files", file("license.pdf", PDF))
        .text("fileTypes", "20");
    let r = mine.upload(form).await;
    assert_eq!(r.status(), StatusCode::OK);
    let doc = r.json::<Value>().await.unwrap()[0]["id"].as_i64().unwrap();
    let path = format!("/api/file/download/appraiserprofilefile/{doc}");
    assert_eq!(mine.get(&path).await.status(), StatusCode::OK);
    assert_eq!(app.signed_in("demo.admin").await.get(&path).await.status(), StatusCode::OK);
    assert_eq!(staff.get(&path).await.status(), StatusCode::OK);
    assert_eq!(
        app.signed_in("demo.appraiser2").await.get(&path).await.status(),
        StatusCode::FORBIDDEN
    );
    let form = Form::new()
        .text("appraiserId", me.to_string())
        .part("files", file("x.pdf", PDF))
        .text("fileTypes", "20");
    assert_eq!(
        app.signed_in("demo.appraiser2").await.upload(form).await.status(),
        StatusCode::FORBIDDEN
    );
    // Order file types for an order file, appraiser types for a profile file.
    let form = Form::new()
        .text("appraiserId", me.to_string())
        .part("files", file("x.pdf", PDF))
        .text("fileTypes", "1");
    assert_eq!(mine.upload(form).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
});

both_dbs!(file_type_lookups, |app| {
    let id = demo_appraisers_order(&app, "600105", 13).await;
    let s = app.signed_in("demo.appraiser").await;
    let types: Value = s.get_json(&format!("/api/constants/order-file-types/{id}")).await;
    assert_eq!(types[0], serde_json::json!({"label": "Appraisal Report", "value": "1", "id": 1}));
    let types: Value = s.get_json("/api/constants/appraiser-file-types").await;
    assert!(types.as_array().unwrap().iter().any(|t| t["label"] == "E&O Policy"));
    let other = app.signed_in("demo.appraiser2").await;
    assert_eq!(
        other.get(&format!("/api/constants/order-file-types/{id}")).await.status(),
        StatusCode::FORBIDDEN
    );
});
