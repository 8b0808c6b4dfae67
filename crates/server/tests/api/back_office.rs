//! The back office on both databases: firms renamed and deactivated, appraisers' records corrected
//! by staff, internal notes that never leave the staff desk, quote awards that check eligibility,
//! and candidates ranked with their scorecard.
use crate::common;

use chrono::Duration;
use portal_db::entities::{appraiser_profile, audit_log, live_event, outbox};
use reqwest::StatusCode;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde_json::{Value, json};

use crate::order_details::pdf_text;
use common::orders::{NewOrder, demo_appraisers_order, order_with_details, outsider};
use common::{TestApp, company_day, message};

async fn last_audit(app: &TestApp, action: &str) -> String {
    audit_log::Entity::find()
        .filter(audit_log::Column::Action.eq(action))
        .order_by_desc(audit_log::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .and_then(|row| row.detail)
        .unwrap_or_default()
}

both_dbs!(firms_are_renamed_deactivated_and_reactivated, |app| {
    let staff = app.signed_in("demo.staff").await;
    let r = staff.post("/api/staff/companies", json!({"name": "Lone Star Valuations"})).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let path = format!("/api/staff/companies/{id}");

    let r = staff
        .put(&path, json!({"companyName": "Lone Star Appraisal Group", "officeZipCode": "78701"}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let firm: Value = r.json().await.unwrap();
    assert_eq!(
        (firm["name"].as_str(), firm["officeZipCode"].as_str(), firm["active"].as_bool()),
        (Some("Lone Star Appraisal Group"), Some("78701"), Some(true))
    );
    assert_eq!(
        last_audit(&app, "staff.company_updated").await,
        format!(
            "firm {id}: name from 'Lone Star Valuations' to 'Lone Star Appraisal Group', \
             office zip from '' to '78701'"
        )
    );

    let r = staff.put(&path, json!({"active": false})).await;
    assert_eq!(r.json::<Value>().await.unwrap()["active"], false);
    let invite = json!({
        "username": "new.admin", "firstName": "Nia", "lastName": "Lopez",
        "email": "nia@lonestar.example", "companyId": id, "type": "appraiser-admin"
    });
    let (status, text) = staff.post_for_message("/api/staff/appraisers", invite.clone()).await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::CONFLICT,
            "Lone Star Appraisal Group is deactivated: \
             reactivate the firm before adding accounts to it."
        )
    );
    let listed: Value = staff.get_json("/api/staff/companies").await;
    let row = listed.as_array().unwrap().iter().find(|c| c["id"] == id).unwrap().clone();
    assert_eq!(row["active"], false, "a deactivated firm stays listed");

    staff.put(&path, json!({"active": true})).await;
    assert_eq!(staff.post("/api/staff/appraisers", invite).await.status(), StatusCode::CREATED);

    for (target, body, status, expected) in [
        (
            path.clone(),
            json!({"companyName": "Prairie Valuation Partners"}),
            StatusCode::CONFLICT,
            "A firm named Prairie Valuation Partners already exists.",
        ),
        (
            path.clone(),
            json!({"companyName": "  "}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Company name is required.",
        ),
        (
            path.clone(),
            json!({"officeZipCode": "7870"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Office zip must be 5 digits (got '7870').",
        ),
        (
            "/api/staff/companies/987654".to_string(),
            json!({"active": false}),
            StatusCode::NOT_FOUND,
            "No such firm.",
        ),
    ] {
        let (got, text) = staff.put_for_message(&target, body.clone()).await;
        assert_eq!((got, text.as_str()), (status, expected), "{body}");
    }
    let firm: Value = staff.get_json("/api/staff/companies").await;
    let row = firm.as_array().unwrap().iter().find(|c| c["id"] == id).unwrap().clone();
    assert_eq!(row["name"], "Lone Star Appraisal Group", "a refused change writes nothing");
});

both_dbs!(staff_correct_an_appraisers_record, |app| {
    let staff = app.signed_in("demo.staff").await;
    let id = app.user_id("demo.appraiser2").await;
    let path = format!("/api/staff/appraisers/{id}");
    let change = json!({
        "officeAddressLine1": "40 Congress Ave", "officeAddressLine2": "Suite 5",
        "officeCity": "Austin", "officeStateCode": "tx", "officeZipCode": "78701",
        "cellPhone": "(512) 555-0199", "isFhaCertified": true, "readyForEppOnboarding": true
    });
    let r = staff.put(&path, change).await;
    assert_eq!(r.status(), StatusCode::OK);
    let info: Value = staff.get_json(&format!("/api/appraiser/{id}")).await;
    assert_eq!(
        (
            info["officeAddressLine1"].as_str(),
            info["officeStateCode"].as_str(),
            info["isFhaCertified"].as_bool(),
            info["readyForEppOnboarding"].as_bool(),
            info["securityUser"]["cellPhone"].as_str(),
        ),
        (Some("40 Congress Ave"), Some("TX"), Some(true), Some(true), Some("512-555-0199"))
    );
    let detail = last_audit(&app, "staff.appraiser_updated").await;
    assert!(
        detail.starts_with(&format!("user {id} (demo.appraiser2): "))
            && detail.contains("to '40 Congress Ave'")
            && detail.contains("cell phone from '")
            && detail.contains("to '512-555-0199'"),
        "{detail}"
    );

    // Only what is given changes.
    staff.put(&path, json!({"officeCity": "Round Rock"})).await;
    let info: Value = staff.get_json(&format!("/api/appraiser/{id}")).await;
    assert_eq!(
        (info["officeCity"].as_str(), info["officeZipCode"].as_str()),
        (Some("Round Rock"), Some("78701"))
    );

    let staff_id = app.user_id("demo.staff").await;
    for (target, body, status, expected) in [
        (
            path.clone(),
            json!({"officeStateCode": "ZZ"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Office state 'ZZ' is not a state of the United States.",
        ),
        (
            path.clone(),
            json!({"cellPhone": "555"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Cell phone must be a 10-digit phone number (got '555').",
        ),
        (
            format!("/api/staff/appraisers/{staff_id}"),
            json!({"isFhaCertified": true}),
            StatusCode::NOT_FOUND,
            "No such appraiser.",
        ),
    ] {
        let (got, text) = staff.put_for_message(&target, body.clone()).await;
        assert_eq!((got, text.as_str()), (status, expected), "{body}");
    }
    let appraiser = app.signed_in("demo.appraiser2").await;
    assert_eq!(
        appraiser.put(&path, json!({"isFhaCertified": false})).await.status(),
        StatusCode::FORBIDDEN
    );
});

both_dbs!(internal_notes_never_leave_the_staff_desk, |app| {
    const NOTE: &str = "Lender asked us to watch this one closely";
    let order = demo_appraisers_order(&app, "930001", 5).await;
    let staff = app.signed_in("demo.staff").await;
    let notes = format!("/api/staff/orders/{order}/notes");
    let events_before = live_event::Entity::find().count(&app.db).await.unwrap();
    let mails_before = outbox::Entity::find().count(&app.db).await.unwrap();
    let r = staff.post(&notes, json!({"text": NOTE})).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let note: Value = r.json().await.unwrap();
    assert_eq!((note["text"].as_str(), note["author"].as_str()), (Some(NOTE), Some("Dana Staff")));
    let listed: Value = staff.get_json(&notes).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["text"], NOTE);
    assert_eq!(
        (
            live_event::Entity::find().count(&app.db).await.unwrap(),
            outbox::Entity::find().count(&app.db).await.unwrap()
        ),
        (events_before, mails_before),
        "a note tells no stream and sends nothing"
    );

    let stranger = outsider(&app).await;
    for username in ["demo.appraiser", "demo.admin", "demo.client", stranger] {
        let s = app.signed_in(username).await;
        assert_eq!(s.get(&notes).await.status(), StatusCode::FORBIDDEN, "{username} lists notes");
        assert_eq!(
            s.post(&notes, json!({"text": "x"})).await.status(),
            StatusCode::FORBIDDEN,
            "{username} adds one"
        );
        let page = s.get(&format!("/api/order-details/{order}")).await.text().await.unwrap();
        assert!(!page.contains(NOTE), "{username} reads it on the order page");
        let printed = s.post("/api/file/print-order", json!({"orderId": order})).await;
        if printed.status() == StatusCode::OK {
            let text = pdf_text(&printed.json().await.unwrap());
            assert!(
                text.contains("930001") && !text.contains("watch this one"),
                "{username}: {text}"
            );
        }
    }
    let page = staff.get(&format!("/api/order-details/{order}")).await.text().await.unwrap();
    assert!(!page.contains(NOTE), "not even staff's order page carries it: the notes panel does");

    let (status, text) = staff.post_for_message(&notes, json!({"text": "   "})).await;
    assert_eq!((status, text.as_str()), (StatusCode::UNPROCESSABLE_ENTITY, "Note is required."));
    let (status, _) = staff.post_for_message(&notes, json!({"text": "x".repeat(4001)})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(staff.get("/api/staff/orders/987654/notes").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(staff.get_json::<Value>(&notes).await.as_array().unwrap().len(), 1);
});

both_dbs!(a_quote_is_awarded_only_to_an_eligible_appraiser, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = staff.post("/api/staff/clients", json!({"companyName": "Award Bank"})).await;
    let client_id = client.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let appraiser_id = app.user_id("demo.appraiser2").await;
    let form = json!({
        "clientId": client_id, "loanNumber": "LN-7", "propertyAddressLine1": "9 Pecan St",
        "propertyCity": "Austin", "propertyStateCode": "TX", "propertyZip": "78702",
        "propertyCounty": "Travis County", "propertyTypeId": 2, "intendedUseId": 1,
        "reportTypeId": 2, "dueDate": company_day(9), "appraiserFee": "500",
        "appraiserIds": [appraiser_id]
    });
    let r = staff.post("/api/staff/quotes", form).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let quote = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let appraiser = app.signed_in("demo.appraiser2").await;
    let answer = json!({
        "quoteId": quote, "estimatedDeliveryDate": company_day(7), "appraiserFee": "525.00",
        "comment": "Can do"
    });
    assert_eq!(appraiser.post("/api/quotes/accept", answer).await.status(), StatusCode::OK);

    let mut profile = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(appraiser_id))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .into_active_model();
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    profile.ooo_start_date = Set(Some(today));
    profile.ooo_end_date = Set(Some(today + Duration::days(20)));
    let profile = profile.update(&app.db).await.unwrap();

    let award = format!("/api/staff/quotes/{quote}/award");
    let (status, text) = staff.post_for_message(&award, json!({"appraiserId": appraiser_id})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        text.starts_with(
            "Blake Morgan cannot be awarded this work. Out of office on the due date."
        ),
        "{text}"
    );
    let open: Value = staff.get_json(&format!("/api/staff/quotes/{quote}")).await;
    assert_eq!(open["status"], "open", "a refused award writes nothing");

    let mut back = profile.into_active_model();
    back.ooo_start_date = Set(None);
    back.ooo_end_date = Set(None);
    back.update(&app.db).await.unwrap();
    let r = staff.post(&award, json!({"appraiserId": appraiser_id})).await;
    let verified: bool = app
        .count(&format!(
            "SELECT COUNT(*) FROM coverage_areas c JOIN appraiser_profiles p \
             ON p.id = c.appraiser_profile_id \
             WHERE p.security_user_id = {appraiser_id} AND c.verified \
             AND lower(c.county) = 'travis county'"
        ))
        .await
        > 0;
    if verified {
        assert_eq!(r.status(), StatusCode::CREATED);
    } else {
        assert_eq!(r.status(), StatusCode::CONFLICT);
        assert_eq!(
            message(r).await,
            "Blake Morgan cannot be awarded this work. \
             They have no verified coverage area in Travis County."
        );
    }
});

both_dbs!(candidates_carry_their_scorecard, |app| {
    let staff = app.signed_in("demo.staff").await;
    let order =
        order_with_details(&app, NewOrder { file_number: "930002", status: 1, appraiser: None })
            .await;
    let list: Value = staff.get_json(&format!("/api/staff/orders/{order}/candidates")).await;
    let list = list.as_array().unwrap();
    assert!(!list.is_empty());
    for c in list {
        let card: Value =
            staff.get_json(&format!("/api/appraiser/{}/scorecard", c["appraiserId"])).await;
        assert_eq!(
            (
                &c["onTimeRate"],
                &c["revisionsPerOrder"],
                &c["averageTurnTimeBusinessDays"],
                &c["scoredOrders"]
            ),
            (
                &card["onTimeRate"],
                &card["revisionsPerOrder"],
                &card["averageTurnTimeBusinessDays"],
                &card["orders"]
            ),
            "{c}"
        );
        assert!(c["openOrders"].is_i64());
        assert!(c.get("score").is_none(), "the seeder's stored score no longer ranks anyone");
    }
});

both_dbs!(staff_attach_files_at_any_status_and_the_appraiser_sees_them, |app| {
    use reqwest::multipart::{Form, Part};
    const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";
    let letter = |order: i64| {
        Form::new()
            .text("orderId", order.to_string())
            .part("files", Part::bytes(PDF.to_vec()).file_name("engagement-letter.pdf"))
            // 7: Engagement Letter
            .text("fileTypes", "7")
    };
    // Completed: the appraiser may no longer upload, staff still may.
    let order = demo_appraisers_order(&app, "930003", 15).await;
    let appraiser = app.signed_in("demo.appraiser").await;
    assert_ne!(appraiser.upload(letter(order)).await.status(), StatusCode::OK);
    let staff = app.signed_in("demo.staff").await;
    let r = staff.upload(letter(order)).await;
    assert_eq!(r.status(), StatusCode::OK);
    let details: Value = appraiser.get_json(&format!("/api/order-details/{order}")).await;
    assert!(
        details["files"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["fileName"] == "engagement-letter.pdf"),
        "{}",
        details["files"]
    );
    assert_eq!(details["statusId"].as_i64(), Some(15), "the status stays");
    let history = details.to_string();
    assert!(history.contains("Files attached by Dana Staff: engagement-letter.pdf."), "{history}");
    assert_eq!(staff.upload(letter(987654)).await.status(), StatusCode::NOT_FOUND);
});

both_dbs!(a_correction_is_written_to_the_history_and_told_to_the_appraiser, |app| {
    use crate::staff_desk::{assign_to, history, new_order, order_form, order_row};
    let staff = app.signed_in("demo.staff").await;
    let (id, file_number) = new_order(&staff).await;
    assign_to(&app, &staff, id, "demo.appraiser").await;
    let client_id = order_row(&app, id).await.client_id.unwrap() as i64;
    // The order page gives the form what it needs to be filled in again; the client only to staff.
    let page: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(
        (&page["propertyAddress"], &page["propertyAddressLine2"], &page["propertyZip"]),
        (&json!("12 Oak St Unit 4, Austin, TX 78701"), &json!("Unit 4"), &json!("78701"))
    );
    assert_eq!(
        (
            page["clientId"].as_i64(),
            page["propertyTypeId"].as_i64(),
            page["intendedUseId"].as_i64()
        ),
        (Some(client_id), Some(1), Some(1))
    );
    let appraiser = app.signed_in("demo.appraiser").await;
    let seen: Value = appraiser.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(
        (&seen["clientId"], &seen["propertyAddressLine2"]),
        (&Value::Null, &json!("Unit 4"))
    );
    let appraiser_mail = "demo.appraiser@appraisalportal.example";
    let changed_subject = format!("Order {file_number} was changed");
    let mails = |subject: String| {
        let app = &app;
        async move {
            outbox::Entity::find()
                .filter(outbox::Column::Recipient.eq(appraiser_mail))
                .filter(outbox::Column::Subject.eq(subject))
                .all(&app.db)
                .await
                .unwrap()
        }
    };

    let mut form = order_form(client_id);
    form["borrowerName"] = json!("Ann Lee-Park");
    assert_eq!(
        staff.put(&format!("/api/staff/orders/{id}"), form.clone()).await.status(),
        StatusCode::OK
    );
    assert!(
        mails(changed_subject.clone()).await.is_empty(),
        "a borrower's name is not the appraiser's business"
    );
    let last = history(&app, id).await.last().unwrap().1.clone();
    assert_eq!(last, "<p>Order details changed by Dana Staff: Borrower name.</p>");

    form["propertyAddressLine1"] = json!("14 Oak St");
    form["appraiserFee"] = json!("500.00");
    form["appraiserDueDate"] = json!(company_day(12));
    assert_eq!(staff.put(&format!("/api/staff/orders/{id}"), form).await.status(), StatusCode::OK);
    let due = |offset| {
        let d = chrono::NaiveDate::parse_from_str(&company_day(offset), "%Y-%m-%d").unwrap();
        d.format("%m/%d/%Y").to_string()
    };
    let expected = format!(
        "Property address: from 12 Oak St Unit 4, Austin, TX 78701 \
         to 14 Oak St Unit 4, Austin, TX 78701. \
         Appraiser due date: from {} to {}. Appraiser fee: from $450.00 to $500.00.",
        due(10),
        due(12)
    );
    let last = history(&app, id).await.last().unwrap().1.clone();
    assert_eq!(last, format!("<p>Order details changed by Dana Staff: {expected}</p>"));
    let told = mails(changed_subject).await;
    assert_eq!(told.len(), 1, "the assigned appraiser is told once");
    assert!(
        told[0].body_text.contains(&format!(
            "Appraiser due date: from {} to {}.",
            due(10),
            due(12)
        )),
        "{}",
        told[0].body_text
    );
    assert!(
        last_audit(&app, "staff.order_updated")
            .await
            .contains("Appraiser fee: from $450.00 to $500.00.")
    );
});

both_dbs!(a_new_order_is_placed_at_its_zip_centre_with_its_details_and_alerts, |app| {
    use crate::staff_desk::{new_order, order_form};
    let staff = app.signed_in("demo.staff").await;
    let (id, _) = new_order(&staff).await;
    let page: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    let (lat, lng) = (page["latitude"].as_f64().unwrap(), page["longitude"].as_f64().unwrap());
    assert!((lat - 30.27).abs() < 0.05 && (lng + 97.74).abs() < 0.05, "Austin 78701: {lat}, {lng}");
    assert_eq!(page["locationApproximate"], true);

    let client_id = crate::staff_desk::order_row(&app, id).await.client_id.unwrap() as i64;
    let mut form = order_form(client_id);
    form["propertyZip"] = json!("00000");
    form["alerts"] = json!(["Gate code 4321", "  ", "Dog in the yard"]);
    form["yearBuilt"] = json!(1987);
    form["livingArea"] = json!(2140);
    form["countyUse"] = json!("Single family");
    form["assessedValue"] = json!("310000");
    let r = staff.post("/api/staff/orders", form.clone()).await;
    assert_eq!(r.status(), StatusCode::CREATED, "an unknown ZIP still makes the order");
    let unknown = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let page: Value = staff.get_json(&format!("/api/order-details/{unknown}")).await;
    assert_eq!((&page["latitude"], &page["longitude"]), (&Value::Null, &Value::Null));
    assert_eq!(page["locationApproximate"], false);
    let mut alerts: Vec<&str> =
        page["alerts"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    alerts.sort();
    assert_eq!(alerts, ["Dog in the yard", "Gate code 4321"]);
    let text = page.to_string();
    assert!(
        text.contains("1987") && text.contains("2140") && text.contains("Single family"),
        "{text}"
    );

    for (change, expected) in [
        (json!({"yearBuilt": 1200}), "Year built must be between 1600 and "),
        (json!({"livingArea": 0}), "Living area must be between 1 and 1000000."),
        (json!({"alerts": ["x".repeat(501)]}), "Alert 1 can be at most 500 characters long."),
    ] {
        let mut bad = form.clone();
        for (k, v) in change.as_object().unwrap() {
            bad[k] = v.clone();
        }
        let (status, text) = staff.post_for_message("/api/staff/orders", bad).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{change}");
        assert!(text.starts_with(expected), "{text}");
    }
});

/// A stand-in address service: knows "1 Found St", answers 404 for anything else.
async fn address_service() -> String {
    use axum::extract::Query;
    use std::collections::HashMap;
    let routes = axum::Router::new().route(
        "/geocode",
        axum::routing::get(|Query(q): Query<HashMap<String, String>>| async move {
            if q.get("street").map(String::as_str) == Some("1 Found St")
                && q.get("zip").map(String::as_str) == Some("78701")
            {
                Ok(axum::Json(json!({"latitude": 30.2650, "longitude": -97.7500})))
            } else {
                Err(axum::http::StatusCode::NOT_FOUND)
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, routes).await.unwrap() });
    format!("http://{address}/geocode")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_service_places_the_building_and_the_zip_centre_stands_in() {
    use crate::staff_desk::order_form;
    let url = address_service().await;
    let app = TestApp::start_with(common::Db::Sqlite, |c| {
        c.geocoder = "http".into();
        c.geocoder_url = url;
    })
    .await
    .unwrap();
    let staff = app.signed_in("demo.staff").await;
    let client = staff.post("/api/staff/clients", json!({"companyName": "Geo Bank"})).await;
    let client_id = client.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let mut form = order_form(client_id);
    let mut place = |street: &str| {
        form["propertyAddressLine1"] = json!(street);
        let (staff, form) = (&staff, form.clone());
        async move {
            let r = staff.post("/api/staff/orders", form).await;
            assert_eq!(r.status(), StatusCode::CREATED);
            let id = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
            let page: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
            (
                page["latitude"].as_f64(),
                page["longitude"].as_f64(),
                page["locationApproximate"].as_bool(),
            )
        }
    };
    assert_eq!(place("1 Found St").await, (Some(30.2650), Some(-97.7500), Some(false)));
    let (lat, _, approximate) = place("2 Unknown Rd").await;
    assert!(lat.is_some_and(|l| (l - 30.27).abs() < 0.05) && approximate == Some(true));
}

/// A stand-in of the Census Bureau's geocoder answering as its documentation shows: one match for
/// "4600 Silver Hill Rd", none for anything else.
async fn census_geocoder() -> String {
    use axum::extract::Query;
    use std::collections::HashMap;
    let routes = axum::Router::new().route(
        "/geocoder/locations/address",
        axum::routing::get(|Query(q): Query<HashMap<String, String>>| async move {
            let asked = |k: &str| q.get(k).map(String::as_str).unwrap_or_default().to_string();
            assert_eq!(
                (asked("benchmark"), asked("format")),
                ("Public_AR_Current".into(), "json".into())
            );
            let matches = if asked("street") == "4600 Silver Hill Rd" && asked("zip") == "78701" {
                json!([
                    {
                        "tigerLine": {"side": "L", "tigerLineId": "76355984"},
                        "coordinates": {"x": -97.7431, "y": 30.2672},
                        "addressComponents": {
                            "zip": "78701", "streetName": "SILVER HILL", "city": "AUSTIN",
                            "state": "TX"
                        },
                        "matchedAddress": "4600 SILVER HILL RD, AUSTIN, TX, 78701"
                    }
                ])
            } else {
                json!([])
            };
            axum::Json(json!({
                "result": {
                    "input": {
                        "address": {
                            "street": asked("street"), "city": asked("city"),
                            "state": asked("state"), "zip": asked("zip")
                        },
                        "benchmark": {
                            "id": "4", "benchmarkName": "Public_AR_Current", "isDefault": true
                        }
                    },
                    "addressMatches": matches
                }
            }))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, routes).await.unwrap() });
    format!("http://{address}")
}

on_each_db!(the_census_geocoder_places_the_building_and_the_zip_centre_stands_in, census);

async fn census(db: common::Db) {
    use crate::staff_desk::order_form;
    let url = census_geocoder().await;
    let Some(app) = TestApp::start_on(db, |c| {
        c.geocoder = "census".into();
        c.geocoder_url = url;
    })
    .await
    else {
        return;
    };
    let staff = app.signed_in("demo.staff").await;
    let client = staff.post("/api/staff/clients", json!({"companyName": "Census Bank"})).await;
    let client_id = client.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let mut located = Vec::new();
    for street in ["4600 Silver Hill Rd", "2 Unknown Rd"] {
        let mut form = order_form(client_id);
        form["propertyAddressLine1"] = json!(street);
        let r = staff.post("/api/staff/orders", form).await;
        assert_eq!(r.status(), StatusCode::CREATED);
        let id = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
        let page: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
        located.push((
            page["latitude"].as_f64(),
            page["longitude"].as_f64(),
            page["locationApproximate"].as_bool(),
        ));
    }
    assert_eq!(located[0], (Some(30.2672), Some(-97.7431), Some(false)), "x is the longitude");
    let (lat, _, approximate) = located[1];
    assert!(lat.is_some_and(|l| (l - 30.27).abs() < 0.05) && approximate == Some(true));
}
