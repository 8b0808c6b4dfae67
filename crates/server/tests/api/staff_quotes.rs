//! The staff quote desk and coverage review on both databases: sending a request, the answers side
//! by side, awarding (the order it becomes) and closing, refusals, and who may call.
use crate::common;

use portal_db::entities::{coverage_area, order, order_detail, quote};
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use common::{Session, TestApp, company_day, message};

async fn new_client(staff: &Session) -> i64 {
    let r = staff
        .post("/api/staff/clients", json!({"companyName": format!("Quote Bank {}", rand_suffix())}))
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    r.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
}

pub fn quote_form(client_id: i64, appraiser_ids: &[i32]) -> Value {
    json!({
        "clientId": client_id, "loanNumber": "LN-9", "propertyAddressLine1": "77 Elm St",
        "propertyCity": "Austin", "propertyStateCode": "TX", "propertyZip": "78702",
        "propertyCounty": "Travis County", "propertyTypeId": 2, "intendedUseId": 1,
        "reportTypeId": 2, "dueDate": company_day(9), "appraiserFee": "500",
        "appraiserIds": appraiser_ids
    })
}

async fn send_quote(app: &TestApp, staff: &Session, usernames: &[&str]) -> i64 {
    let mut ids = Vec::new();
    for u in usernames {
        ids.push(app.user_id(u).await);
    }
    let client_id = new_client(staff).await;
    let r = staff.post("/api/staff/quotes", quote_form(client_id, &ids)).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    r.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn open_quote_ids(s: &Session) -> Vec<i64> {
    let list: Value = s.get_json("/api/quotes/dash").await;
    list.as_array().unwrap().iter().map(|q| q["id"].as_i64().unwrap()).collect()
}

both_dbs!(a_quote_goes_out_is_answered_and_awarded, |app| {
    let staff = app.signed_in("demo.staff").await;
    let (first, second, third) = (
        app.signed_in("demo.appraiser").await,
        app.signed_in("demo.appraiser2").await,
        app.signed_in("demo.admin").await,
    );
    let id = send_quote(&app, &staff, &["demo.appraiser", "demo.appraiser2", "demo.admin"]).await;
    for s in [&first, &second, &third] {
        assert!(open_quote_ids(s).await.contains(&id), "each recipient sees it at once");
    }
    assert!(
        app.mail_subjects("demo.appraiser2@appraisalportal.example")
            .await
            .iter()
            .any(|s| s.starts_with("New quote request: 77 Elm St"))
    );

    let answer = json!({
        "quoteId": id, "estimatedDeliveryDate": company_day(7), "appraiserFee": "525.00",
        "comment": "Can do"
    });
    assert_eq!(first.post("/api/quotes/accept", answer).await.status(), StatusCode::OK);
    let rejection = json!({"quoteId": id, "rejectReason": "Too far"});
    assert_eq!(second.post("/api/quotes/reject", rejection).await.status(), StatusCode::OK);

    let list: Value = staff.get_json("/api/staff/quotes").await;
    let row = list.as_array().unwrap().iter().find(|q| q["id"] == id).unwrap().clone();
    assert_eq!(
        (
            row["status"].as_str(),
            row["recipients"].as_u64(),
            row["answered"].as_u64(),
            row["responded"].as_u64()
        ),
        (Some("open"), Some(3), Some(2), Some(1))
    );
    let detail: Value = staff.get_json(&format!("/api/staff/quotes/{id}")).await;
    let statuses: Vec<(&str, &str)> = detail["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["name"].as_str().unwrap(), a["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        statuses,
        [
            ("Avery Appraiser", "responded"),
            ("Blake Morgan", "rejected"),
            ("Casey Admin", "waiting")
        ]
    );
    assert_eq!(
        (detail["answers"][0]["fee"].as_f64(), detail["answers"][1]["rejectReason"].as_str()),
        (Some(525.0), Some("Too far"))
    );

    let second_id = app.user_id("demo.appraiser2").await;
    let r = staff
        .post(&format!("/api/staff/quotes/{id}/award"), json!({"appraiserId": second_id}))
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(message(r).await, "Only an appraiser who responded can be awarded the quote.");

    let first_id = app.user_id("demo.appraiser").await;
    let r = staff
        .post(&format!("/api/staff/quotes/{id}/award"), json!({"appraiserId": first_id}))
        .await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let created: Value = r.json().await.unwrap();
    let order_id = created["id"].as_i64().unwrap();
    let o = order::Entity::find_by_id(order_id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(
        (o.status_id.id(), o.assigned_appraiser_id, o.property_address_line1.as_str()),
        (4, Some(first_id), "77 Elm St")
    );
    assert_eq!(o.appraiser_due_date.map(|d| d.to_string()), Some(company_day(7)));
    let d = order_detail::Entity::find_by_id(order_id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(
        (d.appraiser_fee_cents, d.report_type1_id, d.property_type.as_deref()),
        (Some(52_500), Some(2), Some("Condominium"))
    );
    assert_eq!(
        first.get(&format!("/api/order-details/{order_id}")).await.status(),
        StatusCode::OK,
        "the awarded appraiser has the order"
    );
    assert!(app.mail_subjects("demo.appraiser@appraisalportal.example").await.contains(&format!(
        "New order {} assigned to you",
        created["fileNumber"].as_str().unwrap()
    )));
    assert!(!open_quote_ids(&third).await.contains(&id), "closed for everyone else");
    let q = quote::Entity::find_by_id(id as i32).one(&app.db).await.unwrap().unwrap();
    assert_eq!((q.awarded_appraiser_id, q.order_id), (Some(first_id), Some(order_id)));

    let r = staff
        .post(&format!("/api/staff/quotes/{id}/award"), json!({"appraiserId": first_id}))
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(
        staff.post(&format!("/api/staff/quotes/{id}/close"), json!({})).await.status(),
        StatusCode::CONFLICT
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'staff.quote_awarded'").await,
        1
    );
});

both_dbs!(a_closed_quote_leaves_every_list_and_takes_no_answers, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let id = send_quote(&app, &staff, &["demo.appraiser"]).await;
    assert_eq!(
        staff.post(&format!("/api/staff/quotes/{id}/close"), json!({})).await.status(),
        StatusCode::OK
    );
    assert!(!open_quote_ids(&appraiser).await.contains(&id));
    let answer = json!({
        "quoteId": id, "estimatedDeliveryDate": company_day(7), "appraiserFee": "525.00",
        "comment": "Late"
    });
    assert_eq!(appraiser.post("/api/quotes/accept", answer).await.status(), StatusCode::CONFLICT);
    let list: Value = staff.get_json("/api/staff/quotes").await;
    assert_eq!(
        list.as_array().unwrap().iter().find(|q| q["id"] == id).unwrap()["status"],
        "closed"
    );
    assert_eq!(
        staff.post("/api/staff/quotes/999999/close", json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(staff.get("/api/staff/quotes/999999").await.status(), StatusCode::NOT_FOUND);
});

both_dbs!(quote_requests_are_checked, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client_id = new_client(&staff).await;
    let appraiser = app.user_id("demo.appraiser").await;
    let staff_id = app.user_id("demo.staff").await;
    for (change, expected) in [
        (json!({"appraiserIds": []}), "Choose 1 to 20 appraisers.".to_string()),
        (
            json!({"appraiserIds": [staff_id]}),
            format!("User {staff_id} is not an active appraiser."),
        ),
        (
            json!({"propertyCounty": "Cook County"}),
            "Property county 'Cook County' is not a county of Texas.".to_string(),
        ),
        (json!({"dueDate": company_day(-1)}), "Due date cannot be in the past.".to_string()),
        (json!({"appraiserFee": 0}), "Appraiser fee must be a positive amount.".to_string()),
        (json!({"reportTypeId": 99}), "Report type 99 does not exist.".to_string()),
        (json!({"clientId": 999999}), "Client 999999 does not exist.".to_string()),
    ] {
        let mut form = quote_form(client_id, &[appraiser]);
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        let r = staff.post("/api/staff/quotes", form).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{change}");
        assert_eq!(message(r).await, expected);
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM quotes").await, 0);
});

both_dbs!(only_staff_run_the_quote_desk_and_coverage_review, |app| {
    let staff = app.signed_in("demo.staff").await;
    let id = send_quote(&app, &staff, &["demo.appraiser"]).await;
    let gets = [
        "/api/staff/quotes".to_string(),
        format!("/api/staff/quotes/{id}"),
        "/api/staff/coverage-areas".to_string(),
    ];
    let posts = [
        "/api/staff/quotes".to_string(),
        format!("/api/staff/quotes/{id}/award"),
        format!("/api/staff/quotes/{id}/close"),
        "/api/staff/coverage-areas/1/verify".to_string(),
        "/api/staff/coverage-areas/1/reject".to_string(),
    ];
    for username in ["demo.client", "demo.appraiser", "demo.admin"] {
        let s = app.signed_in(username).await;
        for path in &gets {
            assert_eq!(s.get(path).await.status(), StatusCode::FORBIDDEN, "{username} {path}");
        }
        for path in &posts {
            assert_eq!(
                s.post(path, json!({"reason": "x", "appraiserId": 1})).await.status(),
                StatusCode::FORBIDDEN,
                "{username} {path}"
            );
        }
    }
    let mut anonymous = app.client();
    anonymous.fetch_csrf().await;
    for path in &gets {
        assert_eq!(anonymous.get(path).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    for path in &posts {
        assert_eq!(
            anonymous.post(path, json!({})).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    let q = quote::Entity::find_by_id(id as i32).one(&app.db).await.unwrap().unwrap();
    assert!(q.closed_at.is_none(), "no refused call closed it");
});

both_dbs!(coverage_areas_are_verified_or_rejected, |app| {
    let staff = app.signed_in("demo.staff").await;
    let pending: Value = staff.get_json("/api/staff/coverage-areas").await;
    let find = |county: &str| {
        pending.as_array().unwrap().iter().find(|a| a["county"] == county).unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let (williamson, bastrop) = (find("Williamson County"), find("Bastrop County"));
    assert!(pending.as_array().unwrap().iter().all(|a| a["verified"] == false));
    let williamson_area =
        pending.as_array().unwrap().iter().find(|a| a["id"] == williamson).unwrap();
    assert_eq!(williamson_area["appraiserName"], "Avery Appraiser");

    assert_eq!(
        staff
            .post(&format!("/api/staff/coverage-areas/{williamson}/verify"), json!({}))
            .await
            .status(),
        StatusCode::OK
    );
    assert!(
        coverage_area::Entity::find_by_id(williamson as i32)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap()
            .verified
    );
    let again =
        staff.post(&format!("/api/staff/coverage-areas/{williamson}/verify"), json!({})).await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    let verified: Value = staff.get_json("/api/staff/coverage-areas?status=verified").await;
    assert!(verified.as_array().unwrap().iter().any(|a| a["id"] == williamson));
    assert_eq!(
        staff.get("/api/staff/coverage-areas?status=maybe").await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );

    let r = staff
        .post(&format!("/api/staff/coverage-areas/{bastrop}/reject"), json!({"reason": " "}))
        .await;
    assert_eq!(
        (r.status(), message(r).await.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Please enter a reason.")
    );
    let r = staff
        .post(
            &format!("/api/staff/coverage-areas/{bastrop}/reject"),
            json!({"reason": "No licence history there"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(
        coverage_area::Entity::find_by_id(bastrop as i32).one(&app.db).await.unwrap().is_none()
    );
    assert!(
        app.mail_subjects("demo.appraiser2@appraisalportal.example")
            .await
            .contains(&"Coverage area Bastrop County, TX not accepted".to_string())
    );
    let appraiser2 = app.signed_in("demo.appraiser2").await;
    let appraiser2_id = app.user_id("demo.appraiser2").await;
    let areas: Value =
        appraiser2.get_json(&format!("/api/appraiser/{appraiser2_id}/coverage-areas")).await;
    assert!(
        areas.to_string().contains("Hays County") && !areas.to_string().contains("Bastrop"),
        "the area is gone from the appraiser's profile: {areas}"
    );
    assert_eq!(
        staff.post("/api/staff/coverage-areas/999999/verify", json!({})).await.status(),
        StatusCode::NOT_FOUND
    );
});
