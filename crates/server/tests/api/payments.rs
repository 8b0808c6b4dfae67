//! Payment history (range and who may read it), the EPP calls (own id only) and onboarding
//! through the built-in sandbox end to end, on both databases.
use crate::common;

use chrono::{Duration, NaiveDate, Utc};
use portal_db::entities::{appraiser_profile, payment};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::{Value, json};

use common::{TestApp, message};

fn day(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

async fn pay(app: &TestApp, username: &str, file: &str, cents: i64, date: &str) {
    payment::ActiveModel {
        id: NotSet,
        appraiser_user_id: Set(app.user_id(username).await),
        order_id: Set(None),
        usa_file_number: Set(file.into()),
        address: Set(format!("{file} Oak St, Austin, TX 78701")),
        borrower: Set("Maria Gonzalez".into()),
        amount_cents: Set(cents),
        payment_date: Set(day(date)),
        created_at: Set(Utc::now()),
    }
    .insert(&app.db)
    .await
    .unwrap();
}

async fn set_ready(app: &TestApp, username: &str, ready: bool) {
    let id = app.user_id(username).await;
    appraiser_profile::Entity::update_many()
        .col_expr(appraiser_profile::Column::ReadyForEppOnboarding, Expr::value(ready))
        .filter(appraiser_profile::Column::SecurityUserId.eq(id))
        .exec(&app.db)
        .await
        .unwrap();
}

fn files(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["usaFileNumber"].as_str().unwrap().to_string())
        .collect()
}

both_dbs!(history_filters_by_inclusive_range_newest_first, |app| {
    pay(&app, "demo.appraiser", "100", 52500, "2026-01-05").await;
    pay(&app, "demo.appraiser", "101", 47550, "2026-02-10").await;
    pay(&app, "demo.appraiser", "102", 45001, "2026-03-31").await;
    pay(&app, "demo.appraiser2", "200", 10000, "2026-02-11").await;
    let id = app.user_id("demo.appraiser").await;
    let path = format!("/api/appraiser/{id}/payment-history");
    let s = app.signed_in("demo.appraiser").await;

    let all: Value = s.post(&path, json!({})).await.json().await.unwrap();
    assert_eq!(files(&all), ["102", "101", "100"]);
    assert_eq!(
        all[1],
        json!({
            "usaFileNumber": "101", "address": "101 Oak St, Austin, TX 78701",
            "paymentAmount": 475.5, "paymentDate": "2026-02-10", "borrower": "Maria Gonzalez",
            "payBy": null, "late": false
        })
    );
    assert_eq!(all[0]["paymentAmount"], 450.01);

    let cases: [(Value, &[&str]); 5] = [
        (json!({"createDateFrom": "2026-02-10", "createDateTo": "2026-03-31"}), &["102", "101"]),
        (json!({"createDateFrom": "2026-02-10", "createDateTo": "2026-02-10"}), &["101"]),
        (json!({"createDateFrom": "2026-02-11"}), &["102"]),
        (json!({"createDateFrom": "", "createDateTo": "2026-01-05"}), &["100"]),
        (json!({"createDateFrom": "2025-01-01", "createDateTo": "2025-12-31"}), &[]),
    ];
    for (body, expected) in cases {
        let r = s.post(&path, body.clone()).await;
        assert_eq!(r.status(), StatusCode::OK, "{body}");
        assert_eq!(files(&r.json().await.unwrap()), expected, "{body}");
    }
});

both_dbs!(history_range_is_checked, |app| {
    let id = app.user_id("demo.appraiser").await;
    let path = format!("/api/appraiser/{id}/payment-history");
    let s = app.signed_in("demo.appraiser").await;
    let r =
        s.post(&path, json!({"createDateFrom": "2026-03-02", "createDateTo": "2026-03-01"})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(message(r).await, "The end date cannot be before the start date.");
    let r = s.post(&path, json!({"createDateFrom": "03/01/2026"})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        message(r).await,
        "createDateFrom must be a date in the form yyyy-mm-dd (got '03/01/2026')."
    );
    let r = s.post(&path, json!({"createDateTo": "2026-02-30"})).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
});

both_dbs!(history_is_for_the_appraiser_their_firm_admin_and_staff, |app| {
    pay(&app, "demo.appraiser", "100", 52500, "2026-01-05").await;
    let id = app.user_id("demo.appraiser").await;
    let path = format!("/api/appraiser/{id}/payment-history");
    for (username, expected) in common::DEMO_APPRAISERS_RECORDS_READERS {
        let r = app.signed_in(username).await.post(&path, json!({})).await;
        assert_eq!(r.status(), expected, "{username}");
        if expected == StatusCode::OK {
            assert_eq!(files(&r.json().await.unwrap()), ["100"], "{username}");
        } else {
            assert_eq!(message(r).await, "You are not authorized to perform this action");
        }
    }
    // Refused before the range is even looked at: a stranger learns nothing from the answers.
    let r = app
        .signed_in("demo.appraiser2")
        .await
        .post(&path, json!({"createDateFrom": "2026-03-02", "createDateTo": "2026-03-01"}))
        .await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    // Staff asking about someone who is not an appraiser.
    let staff_id = app.user_id("demo.staff").await;
    let r = app
        .signed_in("demo.secret")
        .await
        .post(&format!("/api/appraiser/{staff_id}/payment-history"), json!({}))
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(r).await, "Appraiser Not Found");
    let mut anonymous = app.client();
    anonymous.fetch_csrf().await;
    assert_eq!(anonymous.post(&path, json!({})).await.status(), StatusCode::UNAUTHORIZED);
});

both_dbs!(epp_calls_are_for_the_callers_own_id_only, |app| {
    set_ready(&app, "demo.appraiser", true).await;
    let id = app.user_id("demo.appraiser").await;
    for username in ["demo.appraiser2", "demo.admin", "demo.staff", "demo.secret"] {
        let s = app.signed_in(username).await;
        for call in ["epp-party-access-url", "onboard-token", "epp-party-information"] {
            let r = s.get(&format!("/api/appraiser/{id}/{call}")).await;
            assert_eq!(r.status(), StatusCode::FORBIDDEN, "{username} {call}");
            assert_eq!(message(r).await, "You are not authorized to perform this action");
        }
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM epp_sandbox_tokens").await,
        0,
        "no token was issued"
    );
    assert_eq!(
        app.signed_in("demo.client")
            .await
            .get(&format!("/api/appraiser/{id}/onboard-token"))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
});

both_dbs!(onboarding_needs_readiness, |app| {
    let id = app.user_id("demo.appraiser2").await;
    let s = app.signed_in("demo.appraiser2").await;
    let me: Value = s.get_json("/api/appraiser/me").await;
    assert_eq!(
        (me["readyForEppOnboarding"].clone(), me["eppPartyData"].clone()),
        (json!(false), Value::Null)
    );
    for field in
        ["companyName", "vendorName", "paymentStatus", "streetAddress", "state", "city", "zip"]
    {
        assert_eq!(me[field], Value::Null, "{field}");
    }
    assert_eq!(me["isLinked"], false);
    let r = s.get(&format!("/api/appraiser/{id}/onboard-token")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(r).await,
        "Your account is not ready for EPP onboarding yet. Please contact support."
    );
    let info: Value = s.get_json(&format!("/api/appraiser/{id}/epp-party-information")).await;
    assert_eq!(info, json!({"eppPartyData": null}));
    let r = s.get(&format!("/api/appraiser/{id}/epp-party-access-url")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(message(r).await, "You have not onboarded to EPP yet.");
});

/// The token in an onboarding URL.
fn token_of(url: &str) -> String {
    url.split("token=").nth(1).unwrap().to_string()
}

async fn complete(app: &TestApp, token: &str, company: &str) -> reqwest::Response {
    reqwest::Client::new()
        .post(app.url("/epp-sandbox/onboard"))
        .form(&[
            ("token", token),
            ("company_name", company),
            ("vendor_name", "VND-000042"),
            ("street_address", "100 Congress Avenue"),
            ("city", "Austin"),
            ("state", "TX"),
            ("zip", "78701"),
        ])
        .send()
        .await
        .unwrap()
}

both_dbs!(sandbox_onboarding_end_to_end, |app| {
    set_ready(&app, "demo.appraiser", true).await;
    let id = app.user_id("demo.appraiser").await;
    let s = app.signed_in("demo.appraiser").await;

    let link: Value = s.get_json(&format!("/api/appraiser/{id}/onboard-token")).await;
    let url = link["onboardingUrl"].as_str().unwrap();
    assert!(url.starts_with("/epp-sandbox/onboard?token="), "{url}");
    assert_eq!(token_of(url), link["token"].as_str().unwrap());
    // Only the hash is stored.
    assert_eq!(
        app.count(&format!(
            "SELECT COUNT(*) FROM epp_sandbox_tokens WHERE token_hash = '{}'",
            link["token"].as_str().unwrap()
        ))
        .await,
        0
    );

    // The page needs no portal session: the token is the credential.
    let page = reqwest::get(app.url(url)).await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(html.contains("Complete onboarding") && html.contains("Avery Appraiser"), "{html}");
    let bogus = reqwest::get(app.url("/epp-sandbox/onboard?token=nope")).await.unwrap();
    assert_eq!(bogus.status(), StatusCode::BAD_REQUEST);

    // Company and vendor names are required.
    let r = complete(&app, &token_of(url), "  ").await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let r = complete(&app, &token_of(url), "Avery Appraisals LLC").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.text().await.unwrap().contains("Onboarding complete"));
    // Single use.
    let again = complete(&app, &token_of(url), "Someone Else LLC").await;
    assert_eq!(again.status(), StatusCode::BAD_REQUEST);
    assert_eq!(reqwest::get(app.url(url)).await.unwrap().status(), StatusCode::BAD_REQUEST);

    let info: Value = s.get_json(&format!("/api/appraiser/{id}/epp-party-information")).await;
    let party = &info["eppPartyData"];
    assert!(party["partyId"].as_str().unwrap().starts_with("EPP-SBX-"));
    assert_eq!(party["companyName"], "Avery Appraisals LLC");
    assert_eq!(party["vendorName"], "VND-000042");
    assert_eq!(party["paymentStatus"], "Active");
    assert_eq!(party["isLinked"], true);
    assert_eq!(
        (
            party["streetAddress"].clone(),
            party["city"].clone(),
            party["state"].clone(),
            party["zip"].clone()
        ),
        (json!("100 Congress Avenue"), json!("Austin"), json!("TX"), json!("78701"))
    );

    let me: Value = s.get_json("/api/appraiser/me").await;
    assert_eq!(me["eppPartyData"]["partyId"], party["partyId"]);
    assert_eq!(me["companyName"], "Avery Appraisals LLC");
    assert_eq!(me["isLinked"], true);
    assert_eq!(me["zip"], "78701");

    // Onboarding is over; the profile link works for a while.
    let r = s.get(&format!("/api/appraiser/{id}/onboard-token")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(message(r).await, "You have already onboarded to EPP.");
    let access: Value = s.get_json(&format!("/api/appraiser/{id}/epp-party-access-url")).await;
    let profile_url = access["url"].as_str().unwrap();
    assert!(profile_url.starts_with("/epp-sandbox/party?token="));
    let profile = reqwest::get(app.url(profile_url)).await.unwrap();
    assert_eq!(profile.status(), StatusCode::OK);
    assert!(profile.text().await.unwrap().contains("Avery Appraisals LLC"));
    // An onboarding token does not open the profile page, and the profile token cannot onboard.
    assert_eq!(
        reqwest::get(app.url(&format!("/epp-sandbox/party?token={}", token_of(url))))
            .await
            .unwrap()
            .status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(complete(&app, &token_of(profile_url), "X").await.status(), StatusCode::BAD_REQUEST);
});

both_dbs!(expired_onboarding_tokens_are_refused, |app| {
    set_ready(&app, "demo.appraiser", true).await;
    let id = app.user_id("demo.appraiser").await;
    let s = app.signed_in("demo.appraiser").await;
    let link: Value = s.get_json(&format!("/api/appraiser/{id}/onboard-token")).await;
    portal_db::entities::epp_sandbox_token::Entity::update_many()
        .col_expr(
            portal_db::entities::epp_sandbox_token::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::minutes(1)),
        )
        .exec(&app.db)
        .await
        .unwrap();
    let token = link["token"].as_str().unwrap();
    assert_eq!(
        complete(&app, token, "Avery Appraisals LLC").await.status(),
        StatusCode::BAD_REQUEST
    );
    let info: Value = s.get_json(&format!("/api/appraiser/{id}/epp-party-information")).await;
    assert_eq!(info["eppPartyData"], Value::Null);
});

/// With the HTTP platform configured, party information comes from the platform's API (here a
/// local stand-in, since the real platform cannot be reached) and is kept on the profile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_platform_party_information_is_stored_on_the_profile() {
    use axum::routing::get;
    let stub = axum::Router::new().route(
        "/v1/parties",
        get(|| async {
            axum::Json(json!({
                "partyId": "P-77", "companyName": "Avery LLC", "vendorName": "V-1",
                "paymentStatus": "Active", "isLinked": false, "w9Address": null
            }))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, stub).await.unwrap() });
    let app = TestApp::start_with(common::Db::Sqlite, |c| {
        c.epp_provider = "http".into();
        c.epp_url = format!("http://{addr}");
        c.epp_api_key = "k".into();
    })
    .await
    .unwrap();
    let id = app.user_id("demo.appraiser").await;
    let s = app.signed_in("demo.appraiser").await;
    let info: Value = s.get_json(&format!("/api/appraiser/{id}/epp-party-information")).await;
    assert_eq!(info["eppPartyData"]["partyId"], "P-77");
    let me: Value = s.get_json("/api/appraiser/me").await;
    assert_eq!(
        (me["eppPartyData"]["partyId"].clone(), me["companyName"].clone(), me["isLinked"].clone()),
        (json!("P-77"), json!("Avery LLC"), json!(false))
    );
    // The sandbox's pages are off when the real platform is configured.
    assert_eq!(
        reqwest::get(app.url("/epp-sandbox/onboard?token=x")).await.unwrap().status(),
        StatusCode::NOT_FOUND
    );
}

/// More values than one SQLite statement may name.
const SQLITE_MOST_VALUES: usize = 32_766;

// A large book holds more unpaid orders than one statement may name (the daily "payments due"
// e-mail reads the same list): they are read in slices.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_payable_orders_of_a_large_book_are_read_in_slices() {
    let app = TestApp::start(common::Db::Sqlite).await.unwrap();
    portal::demo::orders::seed_orders(&app.db, 120_000, 5).await.unwrap();
    let payable = portal::features::payments::payable::payable_orders(&app.db, &app.config, None)
        .await
        .unwrap();
    assert!(payable.len() > SQLITE_MOST_VALUES, "{} payable orders", payable.len());
}
