//! Password reset by e-mailed link, and delivery through a real SMTP conversation.
use crate::common;

use std::sync::Arc;
use std::time::Instant;

use chrono::{Duration, Utc};
use portal::platform::delivery::sender::{Sender, Transports};
use portal_db::entities::{outbox, password_reset_token};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};

use common::{TestApp, message};

const NEW_PASSWORD: &str = "Brand!NewPassword2026";

async fn reset_link_token(app: &TestApp, email: &str) -> String {
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(email))
        .order_by_desc(outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let at = mail.body_text.find("token=").expect("a reset link") + "token=".len();
    mail.body_text[at..].split_whitespace().next().unwrap().to_string()
}

both_dbs!(reset_request_answers_alike_for_known_and_unknown_users, |app| {
    let s = app.client();
    let timed = |username: &'static str| {
        let s = &s;
        async move {
            let started = Instant::now();
            let r = s
                .post_without_csrf("/api/auth/reset-password", json!({"username": username}))
                .await;
            let status = r.status();
            (status, message(r).await, started.elapsed())
        }
    };
    let (known_status, known_message, known_time) = timed("demo.appraiser").await;
    let (unknown_status, unknown_message, unknown_time) = timed("no.such.user").await;
    assert_eq!(
        (known_status, known_message.as_str()),
        (StatusCode::OK, "Check your email for a reset link")
    );
    assert_eq!((unknown_status, unknown_message), (known_status, known_message));
    // Both are held to the same minimum time, so the database work for a real account does not
    // show.
    let floor = u128::from(portal::features::auth::reset::REQUEST_MIN_MILLIS);
    assert!(
        known_time.as_millis() >= floor && unknown_time.as_millis() >= floor,
        "known {known_time:?}, unknown {unknown_time:?}"
    );
    let gap = known_time.abs_diff(unknown_time);
    assert!(gap.as_millis() < 200, "known {known_time:?} vs unknown {unknown_time:?}");
    assert_eq!(
        outbox::Entity::find().count(&app.db).await.unwrap(),
        1,
        "only the real account gets mail"
    );
    let empty = s.post_without_csrf("/api/auth/reset-password", json!({"username": " "})).await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
});

// A burst of requests for one account sends a few e-mails, not one each, and every caller gets
// the same answer (the limit tells no one whether the account exists).
both_dbs!(reset_mails_are_limited_per_account, |app| {
    let requests = (0..12).map(|_| {
        let s = app.client();
        tokio::spawn(async move {
            let r = s
                .post_without_csrf(
                    "/api/auth/reset-password",
                    json!({"username": "demo.appraiser"}),
                )
                .await;
            (r.status(), message(r).await)
        })
    });
    for request in requests.collect::<Vec<_>>() {
        assert_eq!(
            request.await.unwrap(),
            (StatusCode::OK, "Check your email for a reset link".to_string())
        );
    }
    let user = app.user_id("demo.appraiser").await;
    let links = password_reset_token::Entity::find()
        .filter(password_reset_token::Column::UserId.eq(user))
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(links, portal::features::auth::reset::RESETS_PER_ACCOUNT_PER_HOUR as u64);
    // Another account is not held back by it.
    let other = app
        .client()
        .post_without_csrf("/api/auth/reset-password", json!({"username": "demo.appraiser2"}))
        .await;
    assert_eq!(other.status(), StatusCode::OK);
    let other_id = app.user_id("demo.appraiser2").await;
    assert_eq!(
        password_reset_token::Entity::find()
            .filter(password_reset_token::Column::UserId.eq(other_id))
            .count(&app.db)
            .await
            .unwrap(),
        1
    );
});

// A new password voids every older proof of identity: verified browsers and unused reset links.
both_dbs!(a_new_password_voids_trusted_devices_and_outstanding_reset_links, |app| {
    let mut device = app.trusted_device("demo.appraiser").await;
    app.client()
        .post_without_csrf("/api/auth/reset-password", json!({"username": "demo.appraiser"}))
        .await;
    let link = reset_link_token(&app, "demo.appraiser@appraisalportal.example").await;
    let own = app.signed_in("demo.appraiser").await;
    let changed = own
        .post(
            "/api/auth/change-my-password",
            json!({"oldPassword": common::PASSWORD, "newPassword": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(changed.status(), StatusCode::OK);

    let again: Value = device.login("demo.appraiser", NEW_PASSWORD).await.json().await.unwrap();
    assert!(again["verificationToken"].is_string(), "the browser must verify again: {again}");
    let old_link = app
        .client()
        .post_without_csrf(
            "/api/auth/perform-reset-password",
            json!({
                "token": link, "username": "demo.appraiser", "password": "Another!Password2026"
            }),
        )
        .await;
    assert_eq!(old_link.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        own.get("/api/auth/logged-in").await.status(),
        StatusCode::OK,
        "the session that changed it stays"
    );
});

both_dbs!(an_oversized_username_is_refused_and_never_stored, |app| {
    let s = app.client();
    let reset = s
        .post_without_csrf("/api/auth/reset-password", json!({"username": "a".repeat(512 * 1024)}))
        .await;
    assert_eq!(reset.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(message(reset).await, "Username must be at most 100 characters");
    let too_large = s
        .post_without_csrf(
            "/api/auth/reset-password",
            json!({"username": "a".repeat(2 * 1024 * 1024)}),
        )
        .await;
    assert_eq!(too_large.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(message(too_large).await, "The request is too large.");
    let mut s = app.client();
    let login = s.login(&"b".repeat(101), "Wrong!Password2026").await;
    assert_eq!(login.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let long_rows = "SELECT COUNT(*) FROM audit_log WHERE LENGTH(detail) > 1000";
    assert_eq!(app.count(long_rows).await, 0);
    assert_eq!(app.count("SELECT COUNT(*) FROM login_throttle WHERE LENGTH(key) > 200").await, 0);
});

both_dbs!(reset_link_is_single_use_and_checks_username_and_rules, |app| {
    let mut other_browser = app.signed_in("demo.appraiser").await;
    let s = app.client();
    s.post_without_csrf("/api/auth/reset-password", json!({"username": "demo.appraiser"})).await;
    let token = reset_link_token(&app, "demo.appraiser@appraisalportal.example").await;
    assert_eq!(
        password_reset_token::Entity::find_by_id(token.clone()).one(&app.db).await.unwrap(),
        None,
        "stored hashed"
    );

    let perform = |body: Value| s.post_without_csrf("/api/auth/perform-reset-password", body);
    let wrong_user =
        perform(json!({"token": token, "username": "demo.appraiser2", "password": NEW_PASSWORD}))
            .await;
    assert_eq!(wrong_user.status(), StatusCode::BAD_REQUEST);
    let weak =
        perform(json!({"token": token, "username": "demo.appraiser", "password": "short"})).await;
    assert_eq!(weak.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(message(weak).await.starts_with("Please ensure your password meets all requirements."));
    let missing = perform(json!({"username": "demo.appraiser", "password": NEW_PASSWORD})).await;
    assert_eq!(
        message(missing).await,
        "Invalid or missing reset token, resend email link or contact I.T."
    );
    let done =
        perform(json!({"token": token, "username": "Demo.Appraiser", "password": NEW_PASSWORD}))
            .await;
    assert_eq!(done.status(), StatusCode::OK);
    assert_eq!(message(done).await, "Password reset successfully");
    let again = perform(
        json!({"token": token, "username": "demo.appraiser", "password": "Another!Password2026"}),
    )
    .await;
    assert_eq!(again.status(), StatusCode::BAD_REQUEST, "single use");

    assert_eq!(
        other_browser.get("/api/auth/logged-in").await.status(),
        StatusCode::UNAUTHORIZED,
        "sessions ended"
    );
    assert_eq!(
        other_browser.login("demo.appraiser", common::PASSWORD).await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(other_browser.login("demo.appraiser", NEW_PASSWORD).await.status(), StatusCode::OK);
    let id = app.user_id("demo.appraiser").await;
    assert_eq!(
        app.count(&format!(
            "SELECT COUNT(*) FROM audit_log \
             WHERE action = 'password_reset' AND subject_user_id = {id}"
        ))
        .await,
        1
    );
});

both_dbs!(reset_links_expire_after_an_hour, |app| {
    let s = app.client();
    s.post_without_csrf("/api/auth/reset-password", json!({"username": "demo.staff"})).await;
    let token = reset_link_token(&app, "demo.staff@appraisalportal.example").await;
    password_reset_token::Entity::update_many()
        .col_expr(
            password_reset_token::Column::ExpiresAt,
            Expr::value(Utc::now() - Duration::seconds(1)),
        )
        .exec(&app.db)
        .await
        .unwrap();
    let r = s
        .post_without_csrf(
            "/api/auth/perform-reset-password",
            json!({"token": token, "username": "demo.staff", "password": NEW_PASSWORD}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reset_email_reaches_a_real_smtp_server() {
    let sink = common::smtp::SmtpSink::start().await;
    let url = sink.url.clone();
    let app = TestApp::start_with(common::Db::Sqlite, move |c| c.smtp_url = url).await.unwrap();
    app.client()
        .post_without_csrf("/api/auth/reset-password", json!({"username": "demo.admin"}))
        .await;
    let transports = Arc::new(Transports::from_config(&app.config).unwrap());
    let delivered = Sender::new(app.db.clone(), transports).run_once().await.unwrap();
    assert_eq!(delivered, 1);
    let received = sink.received();
    assert_eq!(received.len(), 1);
    let mail = &received[0];
    assert!(mail.contains("To: demo.admin@appraisalportal.example"), "{mail}");
    assert!(mail.contains("Subject: Reset your Appraisal Portal password"));
    assert!(mail.contains("multipart/alternative"));
    let token = reset_link_token(&app, "demo.admin@appraisalportal.example").await;
    assert!(mail.contains(&token), "the link in the e-mail carries the token");
    let sent = outbox::Entity::find().one(&app.db).await.unwrap().unwrap();
    assert!(sent.sent_at.is_some());
}
