//! Quotes: only recipients see or answer a quote, the answers' validation, double answers and
//! answers after closing, on both databases.
use crate::common;

use chrono::{Duration, NaiveDate, Utc};
use portal::areas::staff::quotes::unanswered_recipient;
use portal_db::entities::{client, quote, quote_recipient};
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, EntityTrait, IntoActiveModel, NotSet, Set};
use serde_json::{Value, json};

use common::{TestApp, message};

fn today() -> NaiveDate {
    Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive()
}

/// A quote sent to `recipients`, with a client when `with_client`.
async fn quote_for(app: &TestApp, recipients: &[&str], with_client: bool) -> i32 {
    let client_id = if with_client {
        let c = client::ActiveModel {
            id: NotSet,
            company_name: Set("First Prairie Bank".into()),
            office_address_line: Set(Some("100 Commerce Plaza, Dallas, TX 75201".into())),
            main_contact_name: Set(Some("Jane Lender".into())),
            main_contact_email: Set(Some("jane@firstprairie.example".into())),
            main_contact_phone: Set(None),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
        Some(c.id)
    } else {
        None
    };
    let q = quote::ActiveModel {
        id: NotSet,
        loan_id: Set(Some("LN-555".into())),
        property_address_line1: Set("12 Oak St".into()),
        property_city: Set("Austin".into()),
        property_state_code: Set("TX".into()),
        property_zip_code: Set("78701".into()),
        property_county: Set(Some("Travis County".into())),
        property_type: Set("Single Family Residence".into()),
        intended_use: Set("Purchase".into()),
        report_type: Set(if with_client {
            Some("1004 Uniform Residential Appraisal Report".into())
        } else {
            None
        }),
        appraiser_fee_cents: Set(Some(52550)),
        due_date: Set(Some(today() + Duration::days(7))),
        latitude: Set(Some(30.27)),
        longitude: Set(Some(-97.74)),
        client_id: Set(client_id),
        created_at: Set(Utc::now()),
        closed_at: Set(None),
        awarded_appraiser_id: Set(None),
        order_id: Set(None),
    }
    .insert(&app.db)
    .await
    .unwrap();
    for username in recipients {
        unanswered_recipient(q.id, app.user_id(username).await, Utc::now())
            .insert(&app.db)
            .await
            .unwrap();
    }
    q.id
}

fn accept_body(id: i32, date: NaiveDate, fee: Value, comment: &str) -> Value {
    json!({
        "quoteId": id, "estimatedDeliveryDate": date.format("%Y-%m-%d").to_string(),
        "appraiserFee": fee, "comment": comment
    })
}

both_dbs!(only_recipients_see_a_quote, |app| {
    let shared = quote_for(&app, &["demo.appraiser", "demo.admin"], true).await;
    let private = quote_for(&app, &["demo.appraiser2"], false).await;

    let appraiser = app.signed_in("demo.appraiser").await;
    let list: Value = appraiser.get_json("/api/quotes/dash").await;
    let ids: Vec<i64> =
        list.as_array().unwrap().iter().map(|q| q["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![shared as i64]);
    assert_eq!(list[0]["clientCompany"], "First Prairie Bank");
    assert_eq!(list[0]["appraiserFee"], 525.5);
    assert_eq!(list[0]["propertyZipCode"], "78701");

    let detail: Value = appraiser.get_json(&format!("/api/quotes/details/{shared}")).await;
    assert_eq!(detail["quote"]["loanId"], "LN-555");
    assert_eq!(detail["quote"]["propertyCounty"], "Travis County");
    assert_eq!(detail["propertyType"]["description"], "Single Family Residence");
    assert_eq!(detail["intendedUse"]["description"], "Purchase");
    assert_eq!(
        detail["reportType"]["productDescription"],
        "1004 Uniform Residential Appraisal Report"
    );
    assert_eq!(detail["client"]["mainContactEmailAddress"], "jane@firstprairie.example");
    assert_eq!(detail["answer"]["status"], "open");

    // Someone the quote was not sent to learns nothing: the same 404 as for a quote that does not
    // exist.
    for id in [private, 999_999] {
        let r = appraiser.get(&format!("/api/quotes/details/{id}")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{id}");
        let body = r.text().await.unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&body).unwrap(),
            json!({"message": "Quote not found"})
        );
        let r =
            appraiser.post("/api/quotes/accept", accept_body(id, today(), json!(100), "x")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
        let r = appraiser
            .post("/api/quotes/reject", json!({"quoteId": id, "rejectReason": "no"}))
            .await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
    }
    // Staff are not recipients either; clients are kept out by the area guard.
    let staff = app.signed_in("demo.staff").await;
    assert_eq!(
        staff.get(&format!("/api/quotes/details/{shared}")).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(staff.get_json::<Value>("/api/quotes/dash").await, json!([]));
    let client = app.signed_in("demo.client").await;
    assert_eq!(client.get("/api/quotes/dash").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(app.client().get("/api/quotes/dash").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(appraiser.get("/api/quotes/details/abc").await.status(), StatusCode::BAD_REQUEST);

    // The quote without client or report type comes back with nulls for the page's fallbacks.
    let other = app.signed_in("demo.appraiser2").await;
    let detail: Value = other.get_json(&format!("/api/quotes/details/{private}")).await;
    assert_eq!(detail["client"], Value::Null);
    assert_eq!(detail["reportType"], Value::Null);
});

both_dbs!(responding_validates_and_happens_once, |app| {
    let id = quote_for(&app, &["demo.appraiser", "demo.admin"], true).await;
    let s = app.signed_in("demo.appraiser").await;
    let tomorrow = today() + Duration::days(1);
    let cases: [(Value, &str); 9] = [
        (
            json!({"quoteId": id, "appraiserFee": 400, "comment": "ok"}),
            "Please select an estimated delivery date.",
        ),
        (
            accept_body(id, today() - Duration::days(1), json!(400), "ok"),
            "The estimated delivery date cannot be in the past.",
        ),
        (
            json!({
                "quoteId": id, "estimatedDeliveryDate": "12/31/2030", "appraiserFee": 400,
                "comment": "ok"
            }),
            "The estimated delivery date must be a date in the form yyyy-mm-dd (got '12/31/2030').",
        ),
        (
            json!({"quoteId": id, "estimatedDeliveryDate": tomorrow.to_string(), "comment": "ok"}),
            "Please enter an appraiser fee.",
        ),
        (accept_body(id, tomorrow, json!(-25), "ok"), "The appraiser fee cannot be negative."),
        (
            accept_body(id, tomorrow, json!("four hundred"), "ok"),
            "The appraiser fee must be a number, such as 450 or 450.00.",
        ),
        (
            accept_body(id, tomorrow, json!("400.001"), "ok"),
            "The appraiser fee can have at most 2 decimal places.",
        ),
        (accept_body(id, tomorrow, json!(400), "   "), "Please enter a comment."),
        (
            accept_body(id, tomorrow, json!(2_000_000), "ok"),
            "The appraiser fee cannot be more than $1,000,000.00.",
        ),
    ];
    for (body, expected) in cases {
        let r = s.post("/api/quotes/accept", body.clone()).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(message(r).await, expected, "{body}");
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM quote_recipients WHERE answer IS NOT NULL").await,
        0,
        "nothing was stored"
    );

    // Today (company time zone) is allowed.
    let r = s
        .post(
            "/api/quotes/accept",
            accept_body(id, today(), json!("475.5"), " Can inspect Monday "),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let detail: Value = r.json().await.unwrap();
    assert_eq!(detail["answer"]["status"], "responded");
    assert_eq!(detail["answer"]["appraiserFee"], 475.5);
    assert_eq!(detail["answer"]["comment"], "Can inspect Monday");
    assert_eq!(detail["answer"]["estimatedDeliveryDate"], today().to_string());

    // It leaves the open list but stays readable as responded.
    assert_eq!(s.get_json::<Value>("/api/quotes/dash").await, json!([]));
    let detail: Value = s.get_json(&format!("/api/quotes/details/{id}")).await;
    assert_eq!(detail["answer"]["status"], "responded");

    // A second answer of either kind is a clear 409 and changes nothing.
    let r = s.post("/api/quotes/accept", accept_body(id, tomorrow, json!(999), "again")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(message(r).await, "You have already responded to this quote.");
    let r = s
        .post("/api/quotes/reject", json!({"quoteId": id, "rejectReason": "changed my mind"}))
        .await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    let row = quote_recipient::Entity::find()
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .find(|r| r.answer.is_some())
        .unwrap();
    assert_eq!((row.appraiser_fee_cents, row.reject_reason), (Some(47550), None));

    // The other recipient still has it open and answers independently.
    let admin = app.signed_in("demo.admin").await;
    assert_eq!(admin.get_json::<Value>("/api/quotes/dash").await.as_array().unwrap().len(), 1);
    assert_eq!(
        admin
            .post("/api/quotes/accept", accept_body(id, tomorrow, json!(500), "ok"))
            .await
            .status(),
        StatusCode::OK
    );
});

both_dbs!(rejecting_needs_a_reason_and_closes_it_for_the_caller, |app| {
    let id = quote_for(&app, &["demo.appraiser"], false).await;
    let s = app.signed_in("demo.appraiser").await;
    for body in [json!({"quoteId": id}), json!({"quoteId": id, "rejectReason": "  "})] {
        let r = s.post("/api/quotes/reject", body).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(message(r).await, "Please enter a reason for rejection.");
    }
    let r = s
        .post(
            "/api/quotes/reject",
            json!({"quoteId": id, "rejectReason": "Outside my coverage area"}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(s.get_json::<Value>("/api/quotes/dash").await, json!([]));
    let detail: Value = s.get_json(&format!("/api/quotes/details/{id}")).await;
    assert_eq!(detail["answer"]["status"], "rejected");
    assert_eq!(detail["answer"]["rejectReason"], "Outside my coverage area");
    let r = s.post("/api/quotes/accept", accept_body(id, today(), json!(1), "x")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(message(r).await, "You have already rejected this quote.");
    // Without the CSRF header nothing happens.
    let id2 = quote_for(&app, &["demo.appraiser"], false).await;
    assert_eq!(
        s.post_without_csrf("/api/quotes/reject", json!({"quoteId": id2, "rejectReason": "x"}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
});

both_dbs!(closed_quotes_cannot_be_answered, |app| {
    let id = quote_for(&app, &["demo.appraiser"], true).await;
    let mut q =
        quote::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap().into_active_model();
    q.closed_at = Set(Some(Utc::now()));
    q.update(&app.db).await.unwrap();
    let s = app.signed_in("demo.appraiser").await;
    assert_eq!(s.get_json::<Value>("/api/quotes/dash").await, json!([]));
    let detail: Value = s.get_json(&format!("/api/quotes/details/{id}")).await;
    assert_eq!(detail["answer"]["status"], "closed");
    for (path, body) in [
        ("/api/quotes/accept", accept_body(id, today(), json!(400), "ok")),
        ("/api/quotes/reject", json!({"quoteId": id, "rejectReason": "no"})),
    ] {
        let r = s.post(path, body).await;
        assert_eq!(r.status(), StatusCode::CONFLICT, "{path}");
        assert_eq!(
            message(r).await,
            "This quote request has been closed and can no longer be answered."
        );
    }
});

both_dbs!(two_answers_at_once_one_wins, |app| {
    let id = quote_for(&app, &["demo.appraiser"], false).await;
    let a = app.signed_in("demo.appraiser").await;
    let b = app.signed_in("demo.appraiser").await;
    let date = today() + Duration::days(2);
    let (ra, rb) = tokio::join!(
        a.post("/api/quotes/accept", accept_body(id, date, json!(400), "first")),
        b.post("/api/quotes/reject", json!({"quoteId": id, "rejectReason": "second"})),
    );
    let mut statuses = [ra.status(), rb.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    let rows = quote_recipient::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    // Exactly one answer's fields are stored, never a mix.
    match row.answer.as_deref() {
        Some("accepted") => assert_eq!(
            (row.comment.as_deref(), row.reject_reason.as_deref()),
            (Some("first"), None)
        ),
        Some("rejected") => assert_eq!(
            (row.comment.as_deref(), row.reject_reason.as_deref()),
            (None, Some("second"))
        ),
        other => panic!("unexpected answer {other:?}"),
    }
});
