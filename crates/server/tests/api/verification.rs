//! Second-factor verification at sign-in, on both databases.
use crate::common;

use chrono::{Duration, Utc};
use portal_db::entities::{outbox, verification_token};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};

use common::{PASSWORD, Session, TestApp};

async fn start_verification(app: &TestApp, username: &str) -> (Session, String) {
    let mut s = app.client();
    let body: Value = s.login(username, PASSWORD).await.json().await.unwrap();
    let token = body["verificationToken"].as_str().expect("verification required").to_string();
    assert!(body.get("securityUserId").is_none(), "no session before verification");
    assert_eq!(s.get("/api/auth/logged-in").await.status(), StatusCode::UNAUTHORIZED);
    (s, token)
}

async fn send(s: &Session, body: Value) -> Value {
    s.post("/api/auth/send-code", body).await.json().await.unwrap()
}

async fn verify(s: &mut Session, token: &str, code: &str) -> Value {
    let r = s.post("/api/auth/verify-code", json!({"token": token, "code": code})).await;
    s.capture_csrf(&r);
    r.json().await.unwrap()
}

fn other_code(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000)
}

both_dbs!(staff_sign_in_passes_through_an_emailed_code, |app| {
    let (mut s, token) = start_verification(&app, "demo.staff").await;
    let wrong_address =
        send(&s, json!({"token": token, "emailAddress": "someone@else.example"})).await;
    assert_eq!(wrong_address["ok"], false);
    assert_eq!(
        send(&s, json!({"token": token})).await["message"],
        "Please enter your email address"
    );
    let sent =
        send(&s, json!({"token": token, "emailAddress": "DEMO.STAFF@appraisalportal.example"}))
            .await;
    assert_eq!(sent, json!({"ok": true, "message": "Verification code sent successfully"}));
    let code = app.latest_code("demo.staff@appraisalportal.example").await;
    // Codes are kept hashed.
    let row = verification_token::Entity::find().one(&app.db).await.unwrap().unwrap();
    assert_ne!(row.code_hash.as_deref(), Some(code.as_str()));

    assert_eq!(
        verify(&mut s, &token, &other_code(&code)).await,
        json!({"ok": false, "message": "Verification failed"})
    );
    assert_eq!(
        verify(&mut s, &token, "12ab56").await["message"],
        "Please enter a valid 6-digit verification code"
    );
    assert_eq!(
        verify(&mut s, &token, &code).await,
        json!({"ok": true, "message": "Verification successful"})
    );
    let me: Value = s.get_json("/api/auth/logged-in").await;
    assert_eq!(me["userType"], 2);
    // A used token is dead.
    assert_eq!(verify(&mut s, &token, &code).await["message"], "Invalid token");
    assert_eq!(verify(&mut s, "not-a-token", &code).await["message"], "Invalid token");
    assert_eq!(
        send(&s, json!({"emailAddress": "demo.staff@appraisalportal.example"})).await["message"],
        "Invalid token"
    );
});

both_dbs!(five_wrong_codes_kill_the_token, |app| {
    let (mut s, token) = start_verification(&app, "demo.secret").await;
    send(&s, json!({"token": token, "emailAddress": "demo.secret@appraisalportal.example"})).await;
    let code = app.latest_code("demo.secret@appraisalportal.example").await;
    for _ in 0..4 {
        assert_eq!(
            verify(&mut s, &token, &other_code(&code)).await["message"],
            "Verification failed"
        );
    }
    assert_eq!(
        verify(&mut s, &token, &other_code(&code)).await["message"],
        "Too many wrong codes. Please sign in again."
    );
    assert_eq!(verify(&mut s, &token, &code).await["message"], "Invalid token");
    assert_eq!(s.get("/api/auth/logged-in").await.status(), StatusCode::UNAUTHORIZED);
});

both_dbs!(codes_expire_after_ten_minutes_and_resends_are_limited, |app| {
    let (mut s, token) = start_verification(&app, "demo.staff").await;
    send(&s, json!({"token": token, "emailAddress": "demo.staff@appraisalportal.example"})).await;
    let again =
        send(&s, json!({"token": token, "emailAddress": "demo.staff@appraisalportal.example"}))
            .await;
    assert_eq!(again["ok"], false);
    assert!(again["message"].as_str().unwrap().starts_with("Please wait"));
    let code = app.latest_code("demo.staff@appraisalportal.example").await;
    verification_token::Entity::update_many()
        .col_expr(
            verification_token::Column::CodeExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(
        verify(&mut s, &token, &code).await["message"],
        "The code has expired. Please request a new one."
    );
    // After the resend pause a new code works.
    verification_token::Entity::update_many()
        .col_expr(
            verification_token::Column::LastSentAt,
            Expr::value(Utc::now() - Duration::minutes(1)),
        )
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(
        send(&s, json!({"token": token, "emailAddress": "demo.staff@appraisalportal.example"}))
            .await["ok"],
        true
    );
    let fresh = app.latest_code("demo.staff@appraisalportal.example").await;
    assert_eq!(verify(&mut s, &token, &fresh).await["ok"], true);
});

both_dbs!(codes_can_go_by_sms_to_the_number_on_file, |app| {
    let (mut s, token) = start_verification(&app, "demo.appraiser").await;
    let wrong = send(&s, json!({"token": token, "phoneNumber": "512-555-9999"})).await;
    assert_eq!(wrong["ok"], false);
    assert_eq!(
        send(&s, json!({"token": token, "phoneNumber": "512-555"})).await["message"],
        "Please enter your phone number"
    );
    assert_eq!(send(&s, json!({"token": token, "phoneNumber": "512-555-0110"})).await["ok"], true);
    let sms = outbox::Entity::find()
        .filter(outbox::Column::Channel.eq("sms"))
        .order_by_desc(outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(sms.recipient, "+15125550110");
    let code = app.latest_code("+15125550110").await;
    assert_eq!(verify(&mut s, &token, &code).await["ok"], true);
});

both_dbs!(a_verified_browser_is_trusted_for_thirty_days_except_for_staff, |app| {
    let mut s = app.trusted_device("demo.appraiser").await;
    let body: Value = s.login("demo.appraiser", PASSWORD).await.json().await.unwrap();
    assert!(body["securityUserId"].is_number(), "trusted device signs straight in: {body}");
    s.post("/api/auth/logout", json!({})).await;
    // The device is trusted for that user only.
    let other: Value = s.login("demo.appraiser2", PASSWORD).await.json().await.unwrap();
    assert!(other["verificationToken"].is_string());
    // Thirty days later it has to verify again.
    portal_db::entities::trusted_device::Entity::update_many()
        .col_expr(
            portal_db::entities::trusted_device::Column::VerifiedAt,
            Expr::value(Utc::now() - Duration::days(31)),
        )
        .exec(&app.db)
        .await
        .unwrap();
    let later: Value = s.login("demo.appraiser", PASSWORD).await.json().await.unwrap();
    assert!(later["verificationToken"].is_string());

    let mut staff = app.trusted_device("demo.staff").await;
    let again: Value = staff.login("demo.staff", PASSWORD).await.json().await.unwrap();
    assert!(again["verificationToken"].is_string(), "staff verify every time");
});
