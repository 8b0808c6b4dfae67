//! The appraiser profile and settings (issue 6): reading it, coverage areas, trainee, out of
//! office, E&O with its policy document, documents, licences, changing one's password, and who
//! may do which, on both databases.
use crate::common;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use common::orders::outsider;
use common::{Session, TestApp, message};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";
const DOCX: &[u8] = b"PK\x03\x04\x14\0\x06\0word/document.xml";
const DOC: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\0\0\0\0";
const EXE: &[u8] = b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xFF\xFF\0\0";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
const NEW_PASSWORD: &str = "Fresh!Password2027";

async fn json_of(r: reqwest::Response) -> Value {
    r.json().await.expect("a JSON body")
}

async fn get_json(s: &Session, path: &str) -> Value {
    let r = s.get(path).await;
    assert_eq!(r.status(), StatusCode::OK, "{path}");
    json_of(r).await
}

/// Status and message of a refused call.
async fn refused(r: reqwest::Response) -> (StatusCode, String) {
    let status = r.status();
    (status, message(r).await)
}

async fn audited(app: &TestApp, action: &str) -> i64 {
    app.count(&format!("SELECT COUNT(*) FROM audit_log WHERE action = '{action}'")).await
}

/// The E&O form with every field filled in; `file` is (name, bytes).
fn eno_form(appraiser: i32, file: Option<(&str, &[u8])>) -> Form {
    let form = Form::new()
        .text("appraiserId", appraiser.to_string())
        .text("provider", "Acme Insurance")
        .text("perIncidentCoverage", "1,000,000")
        .text("aggregateCoverage", "2000000.50")
        .text("expirationDate", "2030-06-30");
    match file {
        Some((name, bytes)) => {
            form.part("policyFile", Part::bytes(bytes.to_vec()).file_name(name.to_string()))
        }
        None => form,
    }
}

/// The parts of a profile that the settings calls change, as read back by `reader` (staff).
async fn settings_of(reader: &Session, appraiser: i32) -> Value {
    let info = get_json(reader, &format!("/api/appraiser/{appraiser}")).await;
    let coverage = get_json(reader, &format!("/api/appraiser/{appraiser}/coverage-areas")).await;
    let documents = get_json(reader, &format!("/api/file/appraiser-documents/{appraiser}")).await;
    let eno_file = get_json(reader, &format!("/api/file/my-e-and-o/{appraiser}")).await;
    json!({
        "noTrainee": info["noTrainee"], "ooo": [info["oooStartDate"], info["oooEndDate"]],
        "eno": [
            info["enoProvider"], info["enoPerIncidentAmount"], info["enoAggregateAmount"],
            info["enoExpirationDate"]
        ],
        "coverage": coverage, "documents": documents, "enoFile": eno_file,
    })
}

/// An appraiser administrator of another firm (the outsider's).
async fn other_admin(app: &TestApp) -> &'static str {
    use portal::kernel::users::accounts::{NewUser, create};
    use portal::platform::roles::UserType;
    let other = outsider(app).await;
    let company =
        portal::kernel::users::access::company_of(&app.db, app.user_id(other).await).await.unwrap();
    create(
        &app.db,
        NewUser {
            username: "other.admin".into(),
            user_type: UserType::AppraiserAdmin,
            email: "other.admin@example.com".into(),
            first_name: Some("Otto".into()),
            last_name: Some("Admin".into()),
            password: common::PASSWORD.into(),
            company_id: company,
        },
    )
    .await
    .unwrap();
    "other.admin"
}

both_dbs!(profile_reads_licences_coverage_and_settings, |app| {
    let s = app.signed_in("demo.appraiser").await;
    let me = app.user_id("demo.appraiser").await;
    let info = get_json(&s, "/api/appraiser/me").await;
    assert_eq!(info["securityUser"]["cellPhoneCarrier"], "Verizon");
    assert_eq!(
        (info["oooStartDate"].clone(), info["oooEndDate"].clone()),
        (Value::Null, Value::Null)
    );
    assert_eq!(info["enoProvider"], "Lone Star Professional Liability");
    assert_eq!(
        (info["enoPerIncidentAmount"].as_f64(), info["enoAggregateAmount"].as_f64()),
        (Some(1_000_000.0), Some(2_000_000.0))
    );
    assert!(info["enoExpirationDate"].as_str().unwrap().ends_with("-06-30"));
    assert_eq!(info["noTrainee"], true);
    assert_eq!(get_json(&s, &format!("/api/appraiser/{me}")).await, info);

    let licences = get_json(&s, &format!("/api/appraiser/{me}/license-info")).await;
    let rows: Vec<(&str, &str, &str)> = licences
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["stateCode"].as_str().unwrap(),
                l["type"].as_str().unwrap(),
                l["ogNumber"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("LA", "Certified Residential", "APR.04512-CR"),
            ("OK", "Licensed Residential", "OK-12876-LR"),
            ("TX", "Certified Residential", "TX-1380421-R")
        ]
    );
    assert!(licences[2]["expirationDate"].as_str().unwrap().ends_with("-12-31"));
    assert!(licences[0]["id"].is_number());

    let coverage = get_json(&s, &format!("/api/appraiser/{me}/coverage-areas")).await;
    assert_eq!(coverage["averageScore"].as_f64(), Some(4.6));
    let profile_id = info["id"].clone();
    let areas: Vec<Value> = coverage["appraiserCoverageAreas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            json!([
                a["appraiserProfile"],
                a["coverageStateCode"],
                a["coverageCounty"],
                a["verified"]
            ])
        })
        .collect();
    assert_eq!(
        areas,
        [
            json!([profile_id, "TX", "Travis County", true]),
            json!([profile_id, "TX", "Williamson County", false])
        ]
    );
    let second = app.user_id("demo.appraiser2").await;
    let theirs = get_json(
        &app.signed_in("demo.appraiser2").await,
        &format!("/api/appraiser/{second}/coverage-areas"),
    )
    .await;
    assert_eq!(
        theirs["averageScore"].as_f64(),
        Some(0.0),
        "no score yet: the page shows Not enough data"
    );

    assert_eq!(
        get_json(&s, &format!("/api/file/my-e-and-o/{me}")).await,
        Value::Null,
        "the demo E&O has no document yet"
    );
    assert_eq!(get_json(&s, &format!("/api/file/appraiser-documents/{me}")).await, json!([]));

    // No appraiser record: 404 "Appraiser Not Found" wording, for every read.
    let staff = app.signed_in("demo.staff").await;
    let staff_id = app.user_id("demo.staff").await;
    for path in ["", "/coverage-areas", "/license-info"] {
        let (status, text) =
            refused(staff.get(&format!("/api/appraiser/{staff_id}{path}")).await).await;
        assert_eq!(
            (status, text.as_str()),
            (StatusCode::NOT_FOUND, "Appraiser Not Found"),
            "{path}"
        );
    }
    for path in [
        format!("/api/file/my-e-and-o/{staff_id}"),
        "/api/file/appraiser-documents/999999".to_string(),
        "/api/appraiser/me".to_string(),
    ] {
        let (status, text) = refused(staff.get(&path).await).await;
        assert_eq!(
            (status, text.as_str()),
            (StatusCode::NOT_FOUND, "Appraiser Not Found"),
            "{path}"
        );
    }
    assert_eq!(s.get("/api/appraiser/abc/coverage-areas").await.status(), StatusCode::BAD_REQUEST);
});

both_dbs!(coverage_areas_are_added_checked_and_removed, |app| {
    let s = app.signed_in("demo.appraiser").await;
    let me = app.user_id("demo.appraiser").await;
    let profile_id = get_json(&s, "/api/appraiser/me").await["id"].clone();
    let r = s
        .post(
            "/api/appraiser/coverage-areas/add",
            json!({"appraiserId": me, "state": "tx", "county": "hays county"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let added = json_of(r).await;
    assert_eq!(
        (
            added["appraiserProfile"].clone(),
            added["coverageStateCode"].clone(),
            added["coverageCounty"].clone(),
            added["verified"].clone()
        ),
        (profile_id, json!("TX"), json!("Hays County"), json!(false)),
        "stored as the lookups spell it, Pending"
    );
    let listed = get_json(&s, &format!("/api/appraiser/{me}/coverage-areas")).await;
    assert!(
        listed["appraiserCoverageAreas"].as_array().unwrap().iter().any(|a| a["id"] == added["id"])
    );

    let before = get_json(&s, &format!("/api/appraiser/{me}/coverage-areas")).await;
    let cases: [(Value, StatusCode, &str); 9] = [
        (
            json!({"appraiserId": me, "county": "Hays County"}),
            StatusCode::BAD_REQUEST,
            "Please select a state and county",
        ),
        (
            json!({"appraiserId": me, "state": "TX"}),
            StatusCode::BAD_REQUEST,
            "Please select a state and county",
        ),
        (
            json!({"appraiserId": me, "state": "", "county": ""}),
            StatusCode::BAD_REQUEST,
            "Please select a state and county",
        ),
        (
            json!({"appraiserId": me, "state": "ZZ", "county": "Hays County"}),
            StatusCode::BAD_REQUEST,
            "Unknown state 'ZZ'. Please select a state from the list.",
        ),
        (
            json!({"appraiserId": me, "state": "TX", "county": "Cook County"}),
            StatusCode::BAD_REQUEST,
            "Cook County is not a county of Texas. Please select a county from the list.",
        ),
        (
            json!({"appraiserId": me, "state": "TX", "county": "Hays County"}),
            StatusCode::CONFLICT,
            "This coverage area already exists.",
        ),
        (
            json!({"appraiserId": me, "state": "tx", "county": "TRAVIS COUNTY"}),
            StatusCode::CONFLICT,
            "This coverage area already exists.",
        ),
        (
            json!({"state": "TX", "county": "Llano County"}),
            StatusCode::BAD_REQUEST,
            "appraiserId is required.",
        ),
        (
            json!({"appraiserId": 999999, "state": "TX", "county": "Llano County"}),
            StatusCode::FORBIDDEN,
            "You are not authorized to perform this action",
        ),
    ];
    for (body, status, text) in cases {
        let (got_status, got) =
            refused(s.post("/api/appraiser/coverage-areas/add", body.clone()).await).await;
        assert_eq!((got_status, got.as_str()), (status, text), "{body}");
    }
    assert_eq!(
        get_json(&s, &format!("/api/appraiser/{me}/coverage-areas")).await,
        before,
        "refusals changed nothing"
    );

    // Deleting: only an area of that appraiser.
    let second = app.user_id("demo.appraiser2").await;
    let theirs = get_json(
        &app.signed_in("demo.appraiser2").await,
        &format!("/api/appraiser/{second}/coverage-areas"),
    )
    .await;
    let their_area = theirs["appraiserCoverageAreas"][0]["id"].clone();
    for body in [
        json!({"appraiserId": me}),
        json!({
            "appraiserId": me, "coverageAreaId": 999999, "state": "TX", "county": "Hays County"
        }),
        json!({
            "appraiserId": me, "coverageAreaId": their_area, "state": "TX", "county": "Hays County"
        }),
    ] {
        let (status, text) =
            refused(s.post("/api/appraiser/coverage-areas/delete", body.clone()).await).await;
        assert_eq!(
            (status, text.as_str()),
            (StatusCode::BAD_REQUEST, "Invalid coverage area"),
            "{body}"
        );
    }
    let staff = app.signed_in("demo.staff").await;
    assert_eq!(
        get_json(&staff, &format!("/api/appraiser/{second}/coverage-areas")).await,
        theirs,
        "the other appraiser's area is still there"
    );

    let r = s
        .post(
            "/api/appraiser/coverage-areas/delete",
            json!({
                "appraiserId": me, "coverageAreaId": added["id"], "state": "TX",
                "county": "Hays County"
            }),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(message(r).await, "Coverage area removed successfully");
    let after = get_json(&s, &format!("/api/appraiser/{me}/coverage-areas")).await;
    assert!(
        !after["appraiserCoverageAreas"].as_array().unwrap().iter().any(|a| a["id"] == added["id"])
    );
    assert_eq!(after["appraiserCoverageAreas"].as_array().unwrap().len(), 2);
    assert_eq!(
        (
            audited(&app, "profile.coverage_add").await,
            audited(&app, "profile.coverage_delete").await
        ),
        (1, 1)
    );
});

both_dbs!(trainee_and_out_of_office, |app| {
    let s = app.signed_in("demo.appraiser").await;
    let me = app.user_id("demo.appraiser").await;
    let r = s
        .post("/api/appraiser/update-trainee-info", json!({"appraiserId": me, "hasTrainee": true}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(json_of(r).await["noTrainee"], false);
    assert_eq!(get_json(&s, "/api/appraiser/me").await["noTrainee"], false);
    let back = json_of(
        s.post(
            "/api/appraiser/update-trainee-info",
            json!({"appraiserId": me, "hasTrainee": false}),
        )
        .await,
    )
    .await;
    assert_eq!(back["noTrainee"], true);
    let (status, text) =
        refused(s.post("/api/appraiser/update-trainee-info", json!({"appraiserId": me})).await)
            .await;
    assert_eq!((status, text.as_str()), (StatusCode::BAD_REQUEST, "hasTrainee is required."));

    let r = s
        .post(
            "/api/appraiser/update-ooo",
            json!({"appraiserId": me, "startDate": "2030-07-01", "endDate": "2030-07-10"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let info = json_of(r).await;
    assert_eq!(
        (info["oooStartDate"].clone(), info["oooEndDate"].clone()),
        (json!("2030-07-01"), json!("2030-07-10"))
    );
    let cases: [(Value, &str); 5] = [
        (
            json!({"appraiserId": me, "startDate": "2030-08-01"}),
            "Please select both start and end dates.",
        ),
        (
            json!({"appraiserId": me, "endDate": "2030-08-01"}),
            "Please select both start and end dates.",
        ),
        (
            json!({"appraiserId": me, "startDate": "", "endDate": ""}),
            "Please select both start and end dates.",
        ),
        (
            json!({"appraiserId": me, "startDate": "2030-08-10", "endDate": "2030-08-09"}),
            "The end date cannot be before the start date.",
        ),
        (
            json!({"appraiserId": me, "startDate": "08/01/2030", "endDate": "2030-08-09"}),
            "The start date must be a date in the form yyyy-mm-dd (got '08/01/2030').",
        ),
    ];
    for (body, text) in cases {
        let (status, got) = refused(s.post("/api/appraiser/update-ooo", body.clone()).await).await;
        assert_eq!((status, got.as_str()), (StatusCode::BAD_REQUEST, text), "{body}");
    }
    let info = get_json(&s, "/api/appraiser/me").await;
    assert_eq!(
        (info["oooStartDate"].clone(), info["oooEndDate"].clone()),
        (json!("2030-07-01"), json!("2030-07-10")),
        "refusals changed nothing"
    );
    let one_day = json_of(
        s.post(
            "/api/appraiser/update-ooo",
            json!({"appraiserId": me, "startDate": "2030-09-01", "endDate": "2030-09-01"}),
        )
        .await,
    )
    .await;
    assert_eq!(one_day["oooEndDate"], "2030-09-01");
    assert_eq!(
        (audited(&app, "profile.trainee").await, audited(&app, "profile.out_of_office").await),
        (2, 2)
    );
});

both_dbs!(e_and_o_policy_with_its_document, |app| {
    let s = app.signed_in("demo.appraiser").await;
    let me = app.user_id("demo.appraiser").await;
    let r = s
        .post_form("/api/appraiser/update-e-and-o", eno_form(me, Some(("Policy 2030.pdf", PDF))))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let eno = json_of(r).await;
    assert_eq!(eno["enoProvider"], "Acme Insurance");
    assert_eq!(
        (eno["enoPerIncidentAmount"].as_f64(), eno["enoAggregateAmount"].as_f64()),
        (Some(1_000_000.0), Some(2_000_000.5))
    );
    assert_eq!(eno["enoExpirationDate"], "2030-06-30");
    assert_eq!(eno["enoFile"]["fileName"], "Policy 2030.pdf");
    let file_id = eno["enoFile"]["id"].as_i64().unwrap();
    assert!(eno["enoFile"]["uploadDate"].as_str().unwrap().contains('T'));

    let info = get_json(&s, "/api/appraiser/me").await;
    assert_eq!(
        (info["enoProvider"].clone(), info["enoExpirationDate"].clone()),
        (json!("Acme Insurance"), json!("2030-06-30"))
    );
    assert_eq!(get_json(&s, &format!("/api/file/my-e-and-o/{me}")).await, eno["enoFile"]);
    let documents = get_json(&s, &format!("/api/file/appraiser-documents/{me}")).await;
    assert_eq!(documents[0]["id"], file_id);
    assert_eq!(
        (documents[0]["fileType"].clone(), documents[0]["uploadedBy"].clone()),
        (json!("E&O Policy"), json!("Avery Appraiser"))
    );
    assert_eq!(documents[0]["fileSize"], PDF.len());
    let download =
        get_json(&s, &format!("/api/file/download/appraiserprofilefile/{file_id}")).await;
    assert_eq!(
        (download["fileName"].clone(), download["contentType"].clone()),
        (json!("Policy 2030.pdf"), json!("application/pdf"))
    );

    // Word documents too; blank amounts are 0; the newest policy is the current one.
    let form = Form::new()
        .text("appraiserId", me.to_string())
        .part("policyFile", Part::bytes(DOCX.to_vec()).file_name("policy.docx"))
        .text("provider", "Beta Mutual")
        .text("perIncidentCoverage", "")
        .text("aggregateCoverage", " ")
        .text("expirationDate", "2031-01-15");
    let eno = json_of(s.post_form("/api/appraiser/update-e-and-o", form).await).await;
    assert_eq!(
        (eno["enoPerIncidentAmount"].as_f64(), eno["enoAggregateAmount"].as_f64()),
        (Some(0.0), Some(0.0))
    );
    assert_eq!(
        get_json(&s, &format!("/api/file/my-e-and-o/{me}")).await["fileName"],
        "policy.docx"
    );
    assert_eq!(
        s.post_form("/api/appraiser/update-e-and-o", eno_form(me, Some(("old.doc", DOC))))
            .await
            .status(),
        StatusCode::OK
    );
    let documents = get_json(&s, &format!("/api/file/appraiser-documents/{me}")).await;
    let names: Vec<&str> =
        documents.as_array().unwrap().iter().map(|d| d["fileName"].as_str().unwrap()).collect();
    assert_eq!(names, ["old.doc", "policy.docx", "Policy 2030.pdf"], "newest first");
    assert_eq!(audited(&app, "profile.eno_update").await, 3);

    // Every refusal stores nothing and changes nothing.
    let staff = app.signed_in("demo.staff").await;
    let before = (app.stored().await, settings_of(&staff, me).await);
    let with = |f: &dyn Fn(Form) -> Form| f(Form::new().text("appraiserId", me.to_string()));
    let file = |name: &str, bytes: &[u8]| Part::bytes(bytes.to_vec()).file_name(name.to_string());
    let full = |name: &'static str, bytes: &'static [u8]| eno_form(me, Some((name, bytes)));
    let cases: Vec<(Form, StatusCode, &str)> = vec![
        (
            eno_form(me, None),
            StatusCode::BAD_REQUEST,
            "Please upload an E&O policy file to update information",
        ),
        (
            eno_form(me, None).part("policyFile", Part::bytes(Vec::new()).file_name("")),
            StatusCode::BAD_REQUEST,
            "Please upload an E&O policy file to update information",
        ),
        (
            full("policy.pdf", EXE),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "policy.pdf is not a valid .pdf file.",
        ),
        (
            full("policy.docx", EXE),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "policy.docx is not a valid .docx file.",
        ),
        (
            full("setup.exe", EXE),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "setup.exe: files of this type cannot be uploaded. Allowed types: .pdf, .doc, .docx.",
        ),
        (
            full("scan.png", PNG),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "scan.png: files of this type cannot be uploaded. Allowed types: .pdf, .doc, .docx.",
        ),
        (full("empty.pdf", b""), StatusCode::BAD_REQUEST, "empty.pdf is empty."),
        (
            eno_form(me, Some(("a.pdf", PDF))).part("policyFile", file("b.pdf", PDF)),
            StatusCode::BAD_REQUEST,
            "Please upload one E&O policy file.",
        ),
        (
            with(&|f| {
                f.text("perIncidentCoverage", "1")
                    .text("aggregateCoverage", "1")
                    .text("expirationDate", "2030-01-01")
                    .part("policyFile", file("p.pdf", PDF))
            }),
            StatusCode::BAD_REQUEST,
            "Please enter the E&O provider.",
        ),
        (
            with(&|f| {
                f.text("provider", "Acme")
                    .text("perIncidentCoverage", "a lot")
                    .text("expirationDate", "2030-01-01")
                    .part("policyFile", file("p.pdf", PDF))
            }),
            StatusCode::BAD_REQUEST,
            "The per-incident coverage must be a number.",
        ),
        (
            with(&|f| {
                f.text("provider", "Acme")
                    .text("aggregateCoverage", "-1")
                    .text("expirationDate", "2030-01-01")
                    .part("policyFile", file("p.pdf", PDF))
            }),
            StatusCode::BAD_REQUEST,
            "The aggregate coverage cannot be negative.",
        ),
        (
            with(&|f| f.text("provider", "Acme").part("policyFile", file("p.pdf", PDF))),
            StatusCode::BAD_REQUEST,
            "Please enter the E&O expiration date.",
        ),
        (
            with(&|f| {
                f.text("provider", "Acme")
                    .text("expirationDate", "30/06/2030")
                    .part("policyFile", file("p.pdf", PDF))
            }),
            StatusCode::BAD_REQUEST,
            "The expiration date must be a date in the form yyyy-mm-dd (got '30/06/2030').",
        ),
        (
            Form::new()
                .part("policyFile", file("p.pdf", PDF))
                .text("provider", "Acme")
                .text("expirationDate", "2030-01-01"),
            StatusCode::BAD_REQUEST,
            "appraiserId is required before the policy file.",
        ),
        (
            eno_form(me, Some(("p.pdf", PDF))).text("note", "x"),
            StatusCode::BAD_REQUEST,
            "Unexpected form field 'note'.",
        ),
        (
            with(&|f| {
                f.text("provider", "x".repeat(2000))
                    .text("expirationDate", "2030-01-01")
                    .part("policyFile", file("p.pdf", PDF))
            }),
            StatusCode::BAD_REQUEST,
            "The form field 'provider' is too long.",
        ),
        (
            with(&|f| {
                f.text("provider", "x".repeat(201))
                    .text("expirationDate", "2030-01-01")
                    .part("policyFile", file("p.pdf", PDF))
            }),
            StatusCode::BAD_REQUEST,
            "The E&O provider can be at most 200 characters.",
        ),
    ];
    for (i, (form, status, text)) in cases.into_iter().enumerate() {
        let (got_status, got) =
            refused(s.post_form("/api/appraiser/update-e-and-o", form).await).await;
        assert_eq!((got_status, got.as_str()), (status, text), "case {i}");
        assert_eq!(
            (app.stored().await, settings_of(&staff, me).await),
            before,
            "case {i} changed something"
        );
    }
    assert_eq!(audited(&app, "profile.eno_update").await, 3);
});

both_dbs!(others_cannot_read_or_change_a_profile, |app| {
    let me = app.user_id("demo.appraiser").await;
    let owner = app.signed_in("demo.appraiser").await;
    let my_areas = get_json(&owner, &format!("/api/appraiser/{me}/coverage-areas")).await;
    let mine = my_areas["appraiserCoverageAreas"][0]["id"].clone();
    let upload = Form::new()
        .text("appraiserId", me.to_string())
        .part("files", Part::bytes(PDF.to_vec()).file_name("w9.pdf"))
        .text("fileTypes", "22");
    let document = json_of(owner.upload(upload).await).await[0]["id"].as_i64().unwrap();
    let other_firm_admin = other_admin(&app).await;
    let staff = app.signed_in("demo.staff").await;
    let before = (app.stored().await, settings_of(&staff, me).await);

    for username in ["demo.appraiser2", "other.appraiser", other_firm_admin, "demo.client"] {
        let s = app.signed_in(username).await;
        for path in [
            format!("/api/appraiser/{me}"),
            format!("/api/appraiser/{me}/coverage-areas"),
            format!("/api/appraiser/{me}/license-info"),
            format!("/api/file/my-e-and-o/{me}"),
            format!("/api/file/appraiser-documents/{me}"),
            format!("/api/file/download/appraiserprofilefile/{document}"),
        ] {
            let (status, text) = refused(s.get(&path).await).await;
            assert_eq!(
                (status, text.as_str()),
                (StatusCode::FORBIDDEN, "You are not authorized to perform this action"),
                "{username} {path}"
            );
        }
        for (path, body) in [
            (
                "/api/appraiser/coverage-areas/add",
                json!({"appraiserId": me, "state": "TX", "county": "Llano County"}),
            ),
            (
                "/api/appraiser/coverage-areas/delete",
                json!({
                    "appraiserId": me, "coverageAreaId": mine, "state": "TX",
                    "county": "Travis County"
                }),
            ),
            ("/api/appraiser/update-trainee-info", json!({"appraiserId": me, "hasTrainee": true})),
            (
                "/api/appraiser/update-ooo",
                json!({"appraiserId": me, "startDate": "2030-01-01", "endDate": "2030-01-02"}),
            ),
        ] {
            assert_eq!(
                s.post(path, body).await.status(),
                StatusCode::FORBIDDEN,
                "{username} {path}"
            );
        }
        let r =
            s.post_form("/api/appraiser/update-e-and-o", eno_form(me, Some(("p.pdf", PDF)))).await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{username} E&O");
        let upload = Form::new()
            .text("appraiserId", me.to_string())
            .part("files", Part::bytes(PDF.to_vec()).file_name("x.pdf"))
            .text("fileTypes", "26");
        assert_eq!(s.upload(upload).await.status(), StatusCode::FORBIDDEN, "{username} documents");
        assert_eq!(
            (app.stored().await, settings_of(&staff, me).await),
            before,
            "{username} changed something"
        );
    }

    // The firm's administrator (and staff) may, for the firm's appraisers only.
    let admin = app.signed_in("demo.admin").await;
    for path in [
        format!("/api/appraiser/{me}/license-info"),
        format!("/api/file/appraiser-documents/{me}"),
        format!("/api/file/my-e-and-o/{me}"),
    ] {
        assert_eq!(admin.get(&path).await.status(), StatusCode::OK, "{path}");
    }
    let r = admin
        .post(
            "/api/appraiser/coverage-areas/add",
            json!({"appraiserId": me, "state": "TX", "county": "Llano County"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        admin
            .post(
                "/api/appraiser/update-trainee-info",
                json!({"appraiserId": me, "hasTrainee": true})
            )
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        admin
            .post_form("/api/appraiser/update-e-and-o", eno_form(me, Some(("p.pdf", PDF))))
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        staff
            .post(
                "/api/appraiser/update-ooo",
                json!({"appraiserId": me, "startDate": "2030-01-01", "endDate": "2030-01-02"})
            )
            .await
            .status(),
        StatusCode::OK
    );
    let after = settings_of(&staff, me).await;
    assert_eq!(
        (after["noTrainee"].clone(), after["ooo"].clone()),
        (json!(false), json!(["2030-01-01", "2030-01-02"]))
    );
    assert_eq!(after["coverage"]["appraiserCoverageAreas"].as_array().unwrap().len(), 3);
    let admin_id = app.user_id("demo.admin").await;
    let entry = app
        .count(&format!(
            "SELECT COUNT(*) FROM audit_log WHERE action = 'profile.coverage_add' \
             AND actor_user_id = {admin_id} AND subject_user_id = {me}"
        ))
        .await;
    assert_eq!(entry, 1, "audited as the administrator's change of the appraiser's profile");

    let stranger = app.user_id("other.appraiser").await;
    assert_eq!(
        admin.get(&format!("/api/appraiser/{stranger}/coverage-areas")).await.status(),
        StatusCode::FORBIDDEN
    );
    let r = admin
        .post(
            "/api/appraiser/update-trainee-info",
            json!({"appraiserId": stranger, "hasTrainee": true}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let theirs =
        get_json(&app.signed_in(other_firm_admin).await, &format!("/api/appraiser/{stranger}"))
            .await;
    assert_eq!(
        theirs["noTrainee"], true,
        "unchanged, and readable by their own firm's administrator"
    );
});

both_dbs!(changing_my_password, |app| {
    let mut current = app.signed_in("demo.appraiser").await;
    let other = app.signed_in("demo.appraiser").await;
    let change = |old: &str, new: &str| json!({"oldPassword": old, "newPassword": new});
    let rules = "Please ensure your password meets all requirements.";
    let cases: [(Value, &str); 8] = [
        (change(common::PASSWORD, "Demo!Password20"), rules),
        (change(common::PASSWORD, "DEMO!PASSWORD2026X"), rules),
        (change(common::PASSWORD, "demo!password2026x"), rules),
        (change(common::PASSWORD, "Demo!PasswordTwenty"), rules),
        (change(common::PASSWORD, "DemoXPassword2026x"), rules),
        (change(common::PASSWORD, "Demo-Password2026x"), rules),
        (json!({"oldPassword": common::PASSWORD}), rules),
        (change("Wrong!Password2026", NEW_PASSWORD), "The current password is incorrect."),
    ];
    assert_eq!("Demo!Password20".chars().count(), 15);
    for (body, text) in cases {
        let (status, got) =
            refused(current.post("/api/auth/change-my-password", body.clone()).await).await;
        assert_eq!((status, got.as_str()), (StatusCode::BAD_REQUEST, text), "{body}");
    }
    assert_eq!(
        other.get("/api/auth/logged-in").await.status(),
        StatusCode::OK,
        "refusals end no session"
    );

    let r =
        current.post("/api/auth/change-my-password", change(common::PASSWORD, NEW_PASSWORD)).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(json_of(r).await, json!("Password changed successfully"), "a string, as specified");
    assert_eq!(
        current.get("/api/auth/logged-in").await.status(),
        StatusCode::OK,
        "this session goes on"
    );
    assert_eq!(
        current
            .post(
                "/api/appraiser/update-trainee-info",
                json!({"appraiserId": app.user_id("demo.appraiser").await, "hasTrainee": true})
            )
            .await
            .status(),
        StatusCode::OK
    );
    assert_eq!(
        other.get("/api/auth/logged-in").await.status(),
        StatusCode::UNAUTHORIZED,
        "the other one ended"
    );
    let mut fresh = app.client();
    assert_eq!(
        fresh.login("demo.appraiser", common::PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(fresh.login("demo.appraiser", NEW_PASSWORD).await.status(), StatusCode::OK);
    assert_eq!(
        (audited(&app, "password_changed").await, audited(&app, "password_change_refused").await),
        (1, 1)
    );

    let (status, text) = refused(
        current
            .post("/api/auth/change-my-password", change(common::PASSWORD, "Another!Password2027"))
            .await,
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::BAD_REQUEST, "The current password is incorrect."),
        "the old one is gone"
    );
    let mut anonymous = app.client();
    anonymous.fetch_csrf().await;
    assert_eq!(
        anonymous
            .post("/api/auth/change-my-password", change(NEW_PASSWORD, "Another!Password2027"))
            .await
            .status(),
        StatusCode::UNAUTHORIZED
    );
    current.csrf = None;
    assert_eq!(
        current
            .post("/api/auth/change-my-password", change(NEW_PASSWORD, "Another!Password2027"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );

    // Wrong current passwords count as failed sign-ins: the call cannot be used to guess it.
    let guesser = app.signed_in("demo.appraiser2").await;
    for _ in 0..app.config.login_failures_per_account {
        assert_eq!(
            guesser
                .post("/api/auth/change-my-password", change("Guess!Password2026", NEW_PASSWORD))
                .await
                .status(),
            StatusCode::BAD_REQUEST
        );
    }
    let r =
        guesser.post("/api/auth/change-my-password", change(common::PASSWORD, NEW_PASSWORD)).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        app.client().login("demo.appraiser2", NEW_PASSWORD).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
});
