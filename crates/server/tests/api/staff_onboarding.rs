//! Bringing appraisers on board and secure links, on both databases: firms, new appraisers and
//! their invitation, licences, deactivating, and secure links sent, read and seen as viewed.
use crate::common;

use portal_db::entities::{appraiser_license, security_user};
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use common::orders::{NewOrder, demo_appraisers_order, order_file, order_with_details};
use common::{Session, message};

const NEW_PASSWORD: &str = "Fresh!Start2026x";

async fn created_id(r: reqwest::Response) -> i64 {
    assert_eq!(r.status(), StatusCode::CREATED);
    r.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn new_firm(staff: &Session) -> i64 {
    let body = json!({
        "name": "Hill Country Appraisals", "officeAddressLine1": "1 Main St",
        "officeCity": "Austin", "officeStateCode": "tx", "officeZipCode": "78701"
    });
    created_id(staff.post("/api/staff/companies", body).await).await
}

both_dbs!(firms_are_added_and_listed, |app| {
    let staff = app.signed_in("demo.staff").await;
    let id = new_firm(&staff).await;
    let list: Value = staff.get_json("/api/staff/companies").await;
    let firm = list.as_array().unwrap().iter().find(|c| c["id"] == id).unwrap().clone();
    assert_eq!(
        (firm["name"].as_str(), firm["officeStateCode"].as_str()),
        (Some("Hill Country Appraisals"), Some("TX"))
    );
    for (body, status, expected) in [
        (
            json!({"name": "Hill Country Appraisals"}),
            StatusCode::CONFLICT,
            "A firm named Hill Country Appraisals already exists.",
        ),
        (json!({"name": " "}), StatusCode::UNPROCESSABLE_ENTITY, "Company name is required."),
        (
            json!({"name": "X", "officeStateCode": "ZZ"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Office state 'ZZ' is not a state of the United States.",
        ),
        (
            json!({"name": "X", "officeZipCode": "123"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Office zip must be 5 digits (got '123').",
        ),
    ] {
        let r = staff.post("/api/staff/companies", body.clone()).await;
        assert_eq!(r.status(), status, "{body}");
        assert_eq!(message(r).await, expected);
    }
});

both_dbs!(a_new_appraiser_is_invited_sets_a_password_and_signs_in, |app| {
    let staff = app.signed_in("demo.staff").await;
    let firm = new_firm(&staff).await;
    let body = json!({
        "username": "Jo.Rivers", "firstName": "Jo", "lastName": "Rivers",
        "email": "jo@rivers.example", "cellPhone": "512 555 0177", "companyId": firm,
        "type": "appraiser"
    });
    let id = created_id(staff.post("/api/staff/appraisers", body.clone()).await).await;
    let user = security_user::Entity::find_by_id(id as i32).one(&app.db).await.unwrap().unwrap();
    assert_eq!(
        (user.login_id.as_str(), user.cell_phone.as_deref(), user.active),
        ("jo.rivers", Some("512-555-0177"), true)
    );
    let r = staff.post("/api/staff/appraisers", body).await;
    assert_eq!(r.status(), StatusCode::CONFLICT, "a taken username");

    let list: Value = staff.get_json("/api/staff/appraisers?q=RIVERS").await;
    let rows = list.as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0]["company"].as_str(), rows[0]["type"].as_str(), rows[0]["openOrders"].as_i64()),
        (Some("Hill Country Appraisals"), Some("appraiser"), Some(0))
    );
    let everyone: Value = staff.get_json("/api/staff/appraisers").await;
    assert!(everyone.as_array().unwrap().len() >= 4, "every firm's appraisers");

    let invitation = app.last_mail("jo@rivers.example").await.expect("a mail");
    assert_eq!(invitation.subject, "Welcome to Appraisal Portal: choose your password");
    let at = invitation.body_text.find("token=").unwrap() + "token=".len();
    let token = invitation.body_text[at..].split_whitespace().next().unwrap().to_string();
    let mut browser = app.client();
    let set = browser
        .post_without_csrf(
            "/api/auth/perform-reset-password",
            json!({"token": token, "username": "jo.rivers", "password": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK);
    let r = browser.login("jo.rivers", NEW_PASSWORD).await;
    assert_eq!(
        r.status(),
        StatusCode::OK,
        "the new appraiser signs in (a code follows on a new device)"
    );
    let again = browser
        .post_without_csrf(
            "/api/auth/perform-reset-password",
            json!({"token": token, "username": "jo.rivers", "password": NEW_PASSWORD}),
        )
        .await;
    assert_ne!(again.status(), StatusCode::OK, "the link works once");

    for (body, expected) in [
        (
            json!({
                "username": "x", "firstName": "A", "lastName": "B", "email": "a@b.example",
                "type": "appraiser-admin"
            }),
            "A firm's administrator needs a firm.",
        ),
        (
            json!({"username": "x", "firstName": "A", "lastName": "B", "email": "nope"}),
            "E-mail must be an e-mail address (got 'nope').",
        ),
        (
            json!({"username": "x y", "firstName": "A", "lastName": "B", "email": "a@b.example"}),
            "Username may contain letters, digits and . _ - @ only.",
        ),
        (
            json!({
                "username": "x", "firstName": "A", "lastName": "B", "email": "a@b.example",
                "type": "staff"
            }),
            "Type must be appraiser or appraiser-admin (got 'staff').",
        ),
    ] {
        let r = staff.post("/api/staff/appraisers", body.clone()).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(message(r).await, expected);
    }
});

both_dbs!(licences_are_added_and_removed, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.user_id("demo.appraiser2").await;
    let body = json!({
        "type": "Certified Residential", "stateCode": "ok", "ogNumber": "OK-99",
        "expirationDate": "2027-12-31"
    });
    let license = created_id(
        staff.post(&format!("/api/staff/appraisers/{appraiser}/licenses"), body.clone()).await,
    )
    .await;
    let saved =
        appraiser_license::Entity::find_by_id(license as i32).one(&app.db).await.unwrap().unwrap();
    assert_eq!((saved.state_code.as_str(), saved.og_number.as_str()), ("OK", "OK-99"));
    let list: Value = staff.get_json("/api/staff/appraisers?q=morgan").await;
    assert!(list[0]["licenses"].as_array().unwrap().iter().any(|l| l["id"] == license));

    let path = format!("/api/staff/appraisers/{appraiser}/licenses/{license}");
    let delete = |s: &Session| {
        let url = format!("{}{path}", app.base);
        let token = s.csrf.clone().unwrap();
        let http = s.http.clone();
        async move { http.delete(url).header("X-XSRF-TOKEN", token).send().await.unwrap() }
    };
    assert_eq!(delete(&staff).await.status(), StatusCode::OK);
    assert_eq!(delete(&staff).await.status(), StatusCode::NOT_FOUND);
    assert!(
        appraiser_license::Entity::find_by_id(license as i32).one(&app.db).await.unwrap().is_none()
    );

    let r = staff
        .post(
            &format!("/api/staff/appraisers/{appraiser}/licenses"),
            json!({
                "type": "X", "stateCode": "ZZ", "ogNumber": "1", "expirationDate": "2027-01-01"
            }),
        )
        .await;
    assert_eq!(message(r).await, "Licence state 'ZZ' is not a state of the United States.");
    let staff_id = app.user_id("demo.staff").await;
    assert_eq!(
        staff.post(&format!("/api/staff/appraisers/{staff_id}/licenses"), body).await.status(),
        StatusCode::NOT_FOUND
    );
});

both_dbs!(a_deactivated_appraiser_is_signed_out_and_leaves_the_candidates, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser2").await;
    let id = app.user_id("demo.appraiser2").await;
    let order =
        order_with_details(&app, NewOrder { file_number: "910001", status: 3, appraiser: None })
            .await;
    let names = |list: Value| {
        list.as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let before = names(staff.get_json(&format!("/api/staff/orders/{order}/candidates")).await);
    assert!(before.contains(&"Blake Morgan".to_string()));

    assert_eq!(
        staff.post(&format!("/api/staff/appraisers/{id}/deactivate"), json!({})).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        appraiser.get("/api/auth/logged-in").await.status(),
        StatusCode::UNAUTHORIZED,
        "their session ended at once"
    );
    let after = names(staff.get_json(&format!("/api/staff/orders/{order}/candidates")).await);
    assert!(!after.contains(&"Blake Morgan".to_string()));
    let r = staff.post(&format!("/api/staff/appraisers/{id}/deactivate"), json!({})).await;
    assert_eq!(
        (r.status(), message(r).await.as_str()),
        (StatusCode::CONFLICT, "Blake Morgan is already deactivated.")
    );
    assert_eq!(
        app.client().login("demo.appraiser2", common::PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );

    assert_eq!(
        staff.post(&format!("/api/staff/appraisers/{id}/reactivate"), json!({})).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.client().login("demo.appraiser2", common::PASSWORD).await.status(),
        StatusCode::OK
    );
});

both_dbs!(secure_links_are_sent_read_and_seen_viewed, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let recipient = app.user_id("demo.appraiser").await;
    let order = demo_appraisers_order(&app, "910002", 5).await;
    let file = order_file(&app, order, "engagement.pdf", b"%PDF-1.4\n%%EOF\n", false).await;
    let other = demo_appraisers_order(&app, "910003", 5).await;
    let foreign = order_file(&app, other, "other.pdf", b"%PDF-1.4\n%%EOF\n", false).await;

    let body = json!({
        "recipientAppraiserId": recipient, "orderId": order, "subject": "Engagement letter",
        "message": "Please sign and return.", "fileIds": [file]
    });
    let id = created_id(staff.post("/api/staff/secure-links", body).await).await;
    assert_eq!(
        app.last_mail("demo.appraiser@appraisalportal.example").await.expect("a mail").subject,
        "Secure message: Engagement letter"
    );
    let theirs: Value = appraiser.get_json(&format!("/api/appraiser/secure-links/{id}")).await;
    assert_eq!(
        (theirs["subject"].as_str(), theirs["usaFileNumber"].as_str()),
        (Some("Engagement letter"), Some("910002"))
    );
    assert_eq!(theirs["attachments"][0]["fileName"], "engagement.pdf");

    let sent: Value = staff.get_json("/api/staff/secure-links").await;
    let row = sent.as_array().unwrap().iter().find(|l| l["id"] == id).unwrap().clone();
    assert_eq!(
        (row["recipientName"].as_str(), row["viewDateTime"].clone()),
        (Some("Avery Appraiser"), Value::Null)
    );
    assert!(row["sentDateTime"].is_string());
    assert_eq!(
        appraiser
            .post(&format!("/api/appraiser/secure-links/{id}/viewed"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    let sent: Value = staff.get_json("/api/staff/secure-links").await;
    assert!(
        sent.as_array().unwrap().iter().find(|l| l["id"] == id).unwrap()["viewDateTime"]
            .is_string(),
        "staff see it viewed"
    );

    let staff_id = app.user_id("demo.staff").await;
    for (body, expected) in [
        (
            json!({
                "recipientAppraiserId": recipient, "orderId": order, "subject": "S", "message": "M",
                "fileIds": [foreign]
            }),
            format!("File {foreign} is not a file of this order."),
        ),
        (
            json!({"recipientAppraiserId": staff_id, "subject": "S", "message": "M"}),
            format!("User {staff_id} is not an active appraiser."),
        ),
        (
            json!({"recipientAppraiserId": recipient, "subject": " ", "message": "M"}),
            "Subject is required.".to_string(),
        ),
        (
            json!({
                "recipientAppraiserId": recipient, "orderId": 999999, "subject": "S", "message": "M"
            }),
            "Order 999999 does not exist.".to_string(),
        ),
    ] {
        let r = staff.post("/api/staff/secure-links", body.clone()).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(message(r).await, expected);
    }
});

both_dbs!(only_staff_bring_appraisers_on_board, |app| {
    let target = app.user_id("demo.appraiser2").await;
    let gets = ["/api/staff/companies", "/api/staff/appraisers", "/api/staff/secure-links"];
    let posts = [
        "/api/staff/companies".to_string(),
        "/api/staff/appraisers".to_string(),
        format!("/api/staff/appraisers/{target}/licenses"),
        format!("/api/staff/appraisers/{target}/deactivate"),
        format!("/api/staff/appraisers/{target}/reactivate"),
        "/api/staff/secure-links".to_string(),
    ];
    for username in ["demo.client", "demo.appraiser", "demo.admin"] {
        let s = app.signed_in(username).await;
        for path in gets {
            assert_eq!(s.get(path).await.status(), StatusCode::FORBIDDEN, "{username} {path}");
        }
        for path in &posts {
            assert_eq!(
                s.post(path, json!({})).await.status(),
                StatusCode::FORBIDDEN,
                "{username} {path}"
            );
        }
    }
    let mut anonymous = app.client();
    anonymous.fetch_csrf().await;
    for path in &posts {
        assert_eq!(
            anonymous.post(path, json!({})).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    assert!(security_user::Entity::find_by_id(target).one(&app.db).await.unwrap().unwrap().active);
});
