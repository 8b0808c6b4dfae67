//! Sign-in, sessions, CSRF, throttling and the audit log, on both databases.
use crate::common;

use portal_db::entities::session;
use reqwest::StatusCode;
use sea_orm::EntityTrait;
use sea_orm::sea_query::Expr;
use serde_json::{Value, json};

use common::{PASSWORD, cookie_value, message, set_cookies};

both_dbs!(login_success_sets_session_and_user, |app| {
    let mut s = app.trusted_device("demo.appraiser").await;
    let r = s.login("demo.appraiser", PASSWORD).await;
    assert_eq!(r.status(), StatusCode::OK);
    let cookies = set_cookies(&r);
    let session_cookie =
        cookies.iter().find(|c| c.starts_with("portal_session=")).expect("session cookie");
    assert!(session_cookie.contains("HttpOnly") && session_cookie.contains("SameSite=Lax"));
    assert!(!session_cookie.contains("Secure"), "Secure only when configured");
    let xsrf = cookies.iter().find(|c| c.starts_with("XSRF-TOKEN=")).expect("xsrf cookie");
    assert!(!xsrf.contains("HttpOnly"), "the web app must read the XSRF cookie");
    let user: Value = r.json().await.unwrap();
    assert_eq!(user["securityUserId"], app.user_id("demo.appraiser").await);
    assert_eq!(user["userType"], 1);
    assert_eq!(user["firstName"], "Avery");

    let me: Value = s.get_json("/api/auth/logged-in").await;
    assert_eq!(me["securityUserId"], user["securityUserId"]);
    // Log-in names are case-insensitive.
    let mut other = app.client();
    let staff: Value = other.login("  Demo.Staff ", PASSWORD).await.json().await.unwrap();
    assert!(staff["verificationToken"].is_string());
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn secure_cookie_when_configured() {
    let app =
        common::TestApp::start_with(common::Db::Sqlite, |c| c.cookie_secure = true).await.unwrap();
    let mut s = app.trusted_device("demo.appraiser").await;
    let r = s.login("demo.appraiser", PASSWORD).await;
    let cookies = set_cookies(&r);
    assert_eq!(cookies.len(), 2);
    assert!(cookies.iter().all(|c| c.contains("; Secure")));
}

both_dbs!(login_failure_is_401_with_the_same_message_for_unknown_users, |app| {
    let mut s = app.client();
    let wrong = s.login("demo.appraiser", "Wrong!Password2026").await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    assert!(cookie_value(&wrong, "portal_session").is_none());
    assert_eq!(message(wrong).await, "Login failed. Please check your credentials.");
    let unknown = s.login("nobody.here", "Wrong!Password2026").await;
    assert_eq!(unknown.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(message(unknown).await, "Login failed. Please check your credentials.");
    assert_eq!(s.get("/api/auth/logged-in").await.status(), StatusCode::UNAUTHORIZED);

    let empty = s.login("", "").await;
    assert_eq!(empty.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let malformed = s
        .http
        .post(app.url("/api/auth/login"))
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .unwrap();
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    assert!(!message(malformed).await.is_empty());
});

both_dbs!(logged_in_is_401_when_signed_out, |app| {
    let r = app.client().get("/api/auth/logged-in").await;
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(message(r).await, "Session expired. Please log in again.");
});

both_dbs!(session_state_is_an_ordinary_answer_either_way, |app| {
    let signed_out = app.client().get("/api/auth/session").await;
    assert_eq!(signed_out.status(), StatusCode::OK);
    let body: Value = signed_out.json().await.unwrap();
    assert_eq!(body["user"], Value::Null);
    let mut s = app.trusted_device("demo.appraiser").await;
    s.login("demo.appraiser", PASSWORD).await;
    let me: Value = s.get_json("/api/auth/session").await;
    assert_eq!(me["user"]["userType"], 1);
});

both_dbs!(logout_ends_the_session_on_the_server, |app| {
    let mut s = app.trusted_device("demo.appraiser").await;
    let r = s.login("demo.appraiser", PASSWORD).await;
    let token = cookie_value(&r, "portal_session").unwrap();
    assert_eq!(s.post("/api/auth/logout", json!({})).await.status(), StatusCode::OK);
    assert_eq!(s.get("/api/auth/logged-in").await.status(), StatusCode::UNAUTHORIZED);
    // The old cookie, replayed by someone who kept it, is dead too.
    let replay = reqwest::Client::new()
        .get(app.url("/api/auth/logged-in"))
        .header("cookie", format!("portal_session={token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.count("SELECT COUNT(*) FROM sessions").await, 0);
});

both_dbs!(idle_sessions_expire, |app| {
    let s = app.signed_in("demo.appraiser").await;
    let long_ago =
        chrono::Utc::now() - chrono::Duration::minutes(app.config.session_idle_minutes + 1);
    session::Entity::update_many()
        .col_expr(session::Column::LastSeenAt, Expr::value(long_ago))
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(s.get("/api/auth/logged-in").await.status(), StatusCode::UNAUTHORIZED);
});

both_dbs!(csrf_is_required_for_changes, |app| {
    let mut s = app.trusted_device("demo.appraiser").await;
    let login = s.login("demo.appraiser", PASSWORD).await;
    let login_csrf = cookie_value(&login, "XSRF-TOKEN").unwrap();
    // The token the csrf call answers is the session's own.
    assert_eq!(s.fetch_csrf().await, login_csrf);

    let missing = s.post_without_csrf("/api/auth/logout", json!({})).await;
    assert_eq!(missing.status(), StatusCode::FORBIDDEN);
    let wrong = s
        .http
        .post(app.url("/api/auth/logout"))
        .header("X-XSRF-TOKEN", "forged")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::FORBIDDEN);
    // Refused before anything changed: still signed in.
    assert_eq!(s.get("/api/auth/logged-in").await.status(), StatusCode::OK);
    // Unknown calls are refused the same way, before routing.
    assert_eq!(
        s.post_without_csrf("/api/anything", json!({})).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(s.post("/api/auth/logout", json!({})).await.status(), StatusCode::OK);
});

both_dbs!(csrf_exempt_calls_need_no_token, |app| {
    let s = app.client();
    for path in [
        "/api/auth/reset-password",
        "/api/auth/perform-reset-password",
        "/api/auth/send-code",
        "/api/auth/verify-code",
    ] {
        let r = s.post_without_csrf(path, json!({})).await;
        assert_ne!(r.status(), StatusCode::FORBIDDEN, "{path}");
    }
    let mut s = app.client();
    assert_eq!(s.login("demo.appraiser", PASSWORD).await.status(), StatusCode::OK);
    // Anonymous callers echo the token of their own cookie.
    let mut anonymous = app.client();
    assert_eq!(
        anonymous.post_without_csrf("/api/auth/logout", json!({})).await.status(),
        StatusCode::FORBIDDEN
    );
    anonymous.fetch_csrf().await;
    assert_eq!(anonymous.post("/api/auth/logout", json!({})).await.status(), StatusCode::OK);
});

both_dbs!(session_fixation_is_prevented, |app| {
    let mut s = app.trusted_device("demo.appraiser").await;
    let first = cookie_value(&s.login("demo.appraiser", PASSWORD).await, "portal_session").unwrap();
    let second =
        cookie_value(&s.login("demo.appraiser", PASSWORD).await, "portal_session").unwrap();
    assert_ne!(first, second, "a sign-in issues a new session id");
    let old = reqwest::Client::new()
        .get(app.url("/api/auth/logged-in"))
        .header("cookie", format!("portal_session={first}"))
        .send()
        .await
        .unwrap();
    assert_eq!(old.status(), StatusCode::UNAUTHORIZED, "the session before sign-in is ended");
    // A planted, unknown cookie never becomes a session.
    let device = s.device.clone().unwrap();
    let planted = reqwest::Client::new()
        .post(app.url("/api/auth/login"))
        .header("cookie", format!("portal_session=attacker-chosen; portal_device={device}"))
        .json(&json!({"username": "demo.appraiser", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_ne!(cookie_value(&planted, "portal_session").unwrap(), "attacker-chosen");
    let stored = app.count("SELECT COUNT(*) FROM sessions").await;
    assert_eq!(stored, 2);
});

both_dbs!(failed_logins_are_rate_limited_per_account, |app| {
    let mut s = app.client();
    for _ in 0..app.config.login_failures_per_account {
        assert_eq!(
            s.login("demo.appraiser", "Wrong!Password2026").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let blocked = s.login("demo.appraiser", PASSWORD).await;
    assert_eq!(blocked.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(message(blocked).await.starts_with("Too many failed sign-in attempts"));
    // Another account from the same address is still let in.
    assert_eq!(s.login("demo.appraiser2", PASSWORD).await.status(), StatusCode::OK);
});

// Attempts are counted before the password is checked: a burst of parallel guesses gets no more
// than the limit of password checks, whatever the timing.
both_dbs!(a_parallel_burst_of_guesses_is_throttled, |app| {
    let guesses = (0..50).map(|_| {
        let mut s = app.client();
        tokio::spawn(async move { s.login("demo.appraiser", "Wrong!Password2026").await.status() })
    });
    let mut statuses = Vec::new();
    for guess in guesses.collect::<Vec<_>>() {
        statuses.push(guess.await.unwrap());
    }
    let checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let refused = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!(checked + refused, 50, "{statuses:?}");
    assert!(
        checked <= app.config.login_failures_per_account as usize,
        "{checked} guesses reached the password check"
    );
    assert!(refused >= 50 - app.config.login_failures_per_account as usize);
    // And the right password is refused too until the window passes.
    assert_eq!(
        app.client().login("demo.appraiser", PASSWORD).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
});

// Right passwords from one address do not use up its allowance.
both_dbs!(successful_sign_ins_do_not_count_against_the_address, |app| {
    for _ in 0..app.config.login_failures_per_address + 2 {
        assert_eq!(app.client().login("demo.staff", PASSWORD).await.status(), StatusCode::OK);
    }
});

both_dbs!(failed_logins_are_rate_limited_per_address, |app| {
    let limit = app.config.login_failures_per_address;
    let mut s = app.client();
    for i in 0..limit {
        let r = s.login(&format!("nobody{i}"), "Wrong!Password2026").await;
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
    }
    assert_eq!(s.login("demo.staff", PASSWORD).await.status(), StatusCode::TOO_MANY_REQUESTS);
});

both_dbs!(sign_ins_failures_and_logouts_are_audited, |app| {
    let mut s = app.client();
    s.login("demo.appraiser", "Wrong!Password2026").await;
    app.sign_in(&mut s, "demo.appraiser").await;
    s.post("/api/auth/logout", json!({})).await;
    let id = app.user_id("demo.appraiser").await;
    for action in ["login_failed", "login", "logout"] {
        let n = app
            .count(&format!(
                "SELECT COUNT(*) FROM audit_log \
                 WHERE action = '{action}' AND subject_user_id = {id} AND ip = '127.0.0.1'"
            ))
            .await;
        assert_eq!(n, 1, "{action}");
    }
});
