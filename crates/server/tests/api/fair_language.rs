//! Fair-language screening: every report version's data file comments and PDF text, rules as
//! versioned data, staff dispositions, delivery held, the appraiser's pre-check, the scorecard.
use crate::common;

use portal_db::entities::fair_language_finding;
use portal_uad::samples::{self, Sample};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use common::Session;
use common::orders::{demo_appraisers_order, outsider, pass_review};

const DATA_FILE: &str = "27";

async fn upload(s: &Session, order_id: i64, files: Vec<(&str, &str, Vec<u8>)>) -> StatusCode {
    let mut form = Form::new().text("orderId", order_id.to_string());
    for (name, file_type, bytes) in files {
        form = form
            .part("files", Part::bytes(bytes).file_name(name.to_string()))
            .text("fileTypes", file_type.to_string());
    }
    s.upload(form).await.status()
}

async fn findings(s: &Session, id: i64) -> Vec<Value> {
    let r = s.get(&format!("/api/orders/{id}/fair-language")).await;
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

fn find<'a>(all: &'a [Value], rule: &str) -> &'a Value {
    all.iter().find(|f| f["ruleId"] == rule).unwrap_or_else(|| panic!("{rule} in {all:?}"))
}

/// A data file that agrees with the order and embeds `pdf`, with the comments given.
fn consistent(pdf: &[u8], comments: Vec<String>) -> Vec<u8> {
    let license_number = Some("TX-1380421-R".to_string());
    samples::uad26(&Sample { pdf: pdf.to_vec(), comments, license_number, ..Sample::default() })
}

async fn deliver(staff: &Session, id: i64) -> (StatusCode, Value) {
    let r = staff.post(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    (r.status(), r.json().await.unwrap_or(Value::Null))
}

both_dbs!(biased_wording_holds_delivery_until_revised_or_disposed, |app| {
    let id = demo_appraisers_order(&app, "710100", 13).await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let staff = app.signed_in("demo.staff").await;
    let pdf = samples::pdf_with_text(&[
        "The neighborhood shows pride of ownership throughout.",
        "Comparable 2 is on Church St, within walking distance of shops.",
    ]);
    let data_file = consistent(&pdf, vec!["A desirable neighborhood with low crime.".into()]);
    let files = vec![("report.pdf", "1", pdf), ("report.xml", DATA_FILE, data_file)];
    assert_eq!(upload(&appraiser, id, files).await, StatusCode::OK);

    let found = findings(&staff, id).await;
    let pride = find(&found, "pride_of_ownership");
    assert_eq!(pride["severity"], "block");
    assert_eq!(pride["location"], "Report PDF: page 1");
    assert!(pride["excerpt"].as_str().unwrap().contains("pride of ownership"), "{pride}");
    assert!(pride["source"].as_str().unwrap().contains("b4-1.1-04"), "{pride}");
    assert_eq!(pride["lexiconVersion"], 1);
    let desirable = find(&found, "desirable_location");
    assert_eq!(desirable["location"], "Data file: NEIGHBORHOOD/@_Description");
    assert_eq!(find(&found, "crime")["severity"], "block");
    assert_eq!(find(&found, "walking_distance")["severity"], "warn");
    assert_eq!(find(&found, "places_of_worship")["severity"], "info", "a street's name");
    let data: Value =
        staff.get(&format!("/api/orders/{id}/report-data")).await.json().await.unwrap();
    assert_eq!(data["fairLanguage"].as_array().unwrap().len(), found.len(), "{data}");

    pass_review(&staff, id).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/complete"), json!({})).await;
    let (status, refused) = deliver(&staff, id).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(refused["message"].as_str().unwrap().contains("block delivery"), "{refused}");
    assert_eq!(refused["fairLanguage"].as_array().unwrap().len(), 4, "{refused}");

    let dispose = |f: &Value| format!("/api/staff/orders/{id}/fair-language/{}", f["id"]);
    let factual = json!({"disposition": "factual", "note": "Shops 300 yards away: a fact."});
    let r = staff.put(&dispose(pride), factual.clone()).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "a block clears only as a name");
    assert!(r.json::<Value>().await.unwrap()["fields"]["disposition"].is_string());
    let blank = json!({"disposition": "factual", "note": " "});
    let walking = find(&found, "walking_distance");
    let r = staff.put(&dispose(walking), blank).await;
    assert_eq!(r.json::<Value>().await.unwrap()["fields"]["note"], "Note is required.");
    assert_eq!(
        appraiser.put(&dispose(walking), factual.clone()).await.status(),
        StatusCode::FORBIDDEN
    );
    let r =
        staff.put(&format!("/api/staff/orders/{id}/fair-language/999999"), factual.clone()).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let after: Vec<Value> = staff.put(&dispose(walking), factual).await.json().await.unwrap();
    let walking = find(&after, "walking_distance");
    assert_eq!(walking["disposition"], "factual");
    assert_eq!(walking["dispositionNote"], "Shops 300 yards away: a fact.");
    assert!(walking["disposedBy"].is_string() && walking["disposedAt"].is_string(), "{walking}");
    assert_eq!(deliver(&staff, id).await.0, StatusCode::CONFLICT, "the blocks still stand");

    let revised = samples::pdf_with_text(&["Homes are well maintained; shops are 300 yards away."]);
    let clean = consistent(&revised, Vec::new());
    let files = vec![("revised.pdf", "2", revised), ("revised.xml", DATA_FILE, clean)];
    assert_eq!(upload(&staff, id, files).await, StatusCode::OK);
    assert_eq!(findings(&staff, id).await, Vec::<Value>::new(), "the current versions are clean");
    let kept = fair_language_finding::Entity::find()
        .filter(fair_language_finding::Column::OrderId.eq(id))
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(kept, found.len() as u64, "the first version's findings stay on record");
    assert_eq!(deliver(&staff, id).await.0, StatusCode::OK);

    let stranger = app.signed_in(outsider(&app).await).await;
    let r = stranger.get(&format!("/api/orders/{id}/fair-language")).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
});

both_dbs!(rules_are_versioned_data_staff_edit, |app| {
    let staff = app.signed_in("demo.staff").await;
    let lexicon: Value = staff.get("/api/staff/fair-language/rules").await.json().await.unwrap();
    assert_eq!(lexicon["version"], 1);
    assert_eq!(lexicon["rules"].as_array().unwrap().len(), 16);
    let rules = "/api/staff/fair-language/rules";
    let rule = json!({"id": "hood", "label": "Slang for a neighborhood", "pattern": r"\bthe hood\b",
        "severity": "warn", "source": "https://example.org/style"});
    let mut bad = rule.clone();
    bad["pattern"] = json!("(unclosed");
    let r = staff.post(rules, bad).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.json::<Value>().await.unwrap()["fields"]["pattern"].is_string());
    let mut empty = rule.clone();
    empty["pattern"] = json!("x*");
    assert_eq!(staff.post(rules, empty).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let mut severity = rule.clone();
    severity["severity"] = json!("fatal");
    assert_eq!(staff.post(rules, severity).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let added: Value = staff.post(rules, rule.clone()).await.json().await.unwrap();
    assert_eq!(added["version"], 2);
    assert_eq!(staff.post(rules, rule.clone()).await.status(), StatusCode::CONFLICT);
    let mut stricter = rule.clone();
    stricter["severity"] = json!("block");
    let changed: Value = staff.put(rules, stricter).await.json().await.unwrap();
    assert_eq!(changed["version"], 3);
    let hood = changed["rules"].as_array().unwrap().iter().find(|r| r["id"] == "hood").unwrap();
    assert_eq!((hood["version"].clone(), hood["lexiconVersion"].clone()), (json!(2), json!(3)));
    let mut missing = rule.clone();
    missing["id"] = json!("nope");
    assert_eq!(staff.put(rules, missing).await.status(), StatusCode::NOT_FOUND);

    let appraiser = app.signed_in("demo.appraiser").await;
    let precheck = |name: &str, bytes: Vec<u8>| {
        Form::new().part("file", Part::bytes(bytes).file_name(name.to_string()))
    };
    let before = app.stored().await;
    let pdf = samples::pdf_with_text(&["Close to the hood and its crime rate."]);
    let r = appraiser.post_form("/api/appraiser/precheck", precheck("draft.pdf", pdf)).await;
    assert_eq!(r.status(), StatusCode::OK);
    let checked: Value = r.json().await.unwrap();
    assert_eq!(
        (checked["kind"].clone(), checked["textRead"].clone()),
        (json!("report_pdf"), json!(true))
    );
    let found = checked["fairLanguage"].as_array().unwrap();
    assert_eq!(find(found, "hood")["severity"], "block");
    assert_eq!(find(found, "hood")["lexiconVersion"], 3);
    assert_eq!(find(found, "crime")["id"], Value::Null, "nothing is stored");
    let comments = vec!["A desirable neighborhood for young families.".to_string()];
    let no_value = samples::uad36(&Sample { value: None, comments, ..Sample::default() });
    let r = appraiser.post_form("/api/appraiser/precheck", precheck("draft.zip", no_value)).await;
    let checked: Value = r.json().await.unwrap();
    assert_eq!(checked["hardStops"][0]["code"], "100", "{checked}");
    let found = checked["fairLanguage"].as_array().unwrap();
    let in_36 = find(found, "desirable_location");
    assert_eq!(in_36["location"], "Data file: NEIGHBORHOOD/NeighborhoodDescriptionText");
    assert_eq!(find(found, "familial_status")["severity"], "block", "{checked}");
    let r = appraiser
        .post_form("/api/appraiser/precheck", precheck("notes.docx", b"PK".to_vec()))
        .await;
    assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(app.stored().await, before, "a pre-check keeps nothing");
    assert_eq!(appraiser.get(rules).await.status(), StatusCode::FORBIDDEN);
});

both_dbs!(a_typeset_report_pdf_is_screened_and_rates_join_the_scorecard, |app| {
    let id = demo_appraisers_order(&app, "710200", 13).await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let typeset = portal_pdf::render_order(&portal_pdf::PrintableOrder {
        file_number: "710200".into(),
        notes: "Market commentary: the area is an exclusive enclave.".into(),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(upload(&appraiser, id, vec![("report.pdf", "1", typeset)]).await, StatusCode::OK);
    let found = findings(&appraiser, id).await;
    assert_eq!(find(&found, "exclusive")["severity"], "warn", "{found:?}");
    let me = app.user_id("demo.appraiser").await;
    let staff = app.signed_in("demo.staff").await;
    let card: Value =
        staff.get(&format!("/api/appraiser/{me}/scorecard")).await.json().await.unwrap();
    assert!(card["fairLanguageWarnRate"].as_f64().unwrap() > 0.0, "{card}");
    assert_eq!(card["fairLanguageBlockRate"], 0.0, "{card}");
});

both_dbs!(
    a_report_pdf_too_large_to_read_says_so,
    with | c | c.max_screened_pdf_bytes = 300,
    |app| {
        let id = demo_appraisers_order(&app, "710300", 13).await;
        let appraiser = app.signed_in("demo.appraiser").await;
        let pdf =
            samples::pdf_with_text(&["Pride of ownership, once more, on a page too big to read."]);
        assert!(pdf.len() > 300);
        assert_eq!(upload(&appraiser, id, vec![("report.pdf", "1", pdf)]).await, StatusCode::OK);
        let found = findings(&appraiser, id).await;
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0]["ruleId"], "pdf_not_screened");
        assert_eq!(found[0]["severity"], "info", "it does not hold delivery");
        assert_eq!(found[0]["label"], "Report PDF not screened");
    }
);
