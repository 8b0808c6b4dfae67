//! The secret administrator's developer references and back-door sign-in.
use std::time::Duration;

use crate::common;

use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use common::message;

both_dbs!(dev_refs_are_for_the_secret_administrator_only, |app| {
    for username in ["demo.appraiser", "demo.admin", "demo.staff", "demo.client"] {
        let s = app.signed_in(username).await;
        assert_eq!(s.get("/api/dev/dev-refs").await.status(), StatusCode::FORBIDDEN, "{username}");
        let r = s
            .post("/api/dev/dev-refs/create", json!({"name": "x", "url": "https://x.example"}))
            .await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{username}");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM dev_refs").await, 0);
    let secret = app.signed_in("demo.secret").await;
    let created: Value = secret
        .post(
            "/api/dev/dev-refs/create",
            json!({"name": " Runbook ", "url": "https://wiki.example/runbook"}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(created["name"], "Runbook");
    let missing = secret
        .post("/api/dev/dev-refs/create", json!({"name": "", "url": "https://x.example"}))
        .await;
    assert_eq!(missing.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(message(missing).await, "Name and URL are required");
    let script = secret
        .post(
            "/api/dev/dev-refs/update",
            json!({"id": created["id"], "name": "x", "url": "javascript:alert(1)"}),
        )
        .await;
    assert_eq!(script.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let updated: Value = secret
        .post(
            "/api/dev/dev-refs/update",
            json!({"id": created["id"], "name": "Runbook 2", "url": "http://intranet/rb"}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(updated["url"], "http://intranet/rb");
    let gone = secret
        .post(
            "/api/dev/dev-refs/update",
            json!({"id": 9999, "name": "x", "url": "https://x.example"}),
        )
        .await;
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    let list: Value = secret.get_json("/api/dev/dev-refs").await;
    assert_eq!(
        list,
        json!([{"id": created["id"], "name": "Runbook 2", "url": "http://intranet/rb"}])
    );
});

both_dbs!(back_door_is_for_the_secret_administrator_only, |app| {
    for username in ["demo.appraiser", "demo.admin", "demo.staff", "demo.client"] {
        let r = app
            .signed_in(username)
            .await
            .post("/api/auth/back-door", json!({"username": "demo.appraiser2"}))
            .await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{username}");
    }
    let secret = app.signed_in("demo.secret").await;
    for target in ["demo.staff", "demo.secret", "demo.client"] {
        let r = secret.post("/api/auth/back-door", json!({"username": target})).await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{target}");
    }
    assert_eq!(
        secret.post("/api/auth/back-door", json!({"username": "nobody"})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'back_door_refused'").await,
        4
    );
});

both_dbs!(back_door_session_acts_as_the_appraiser_and_audits_both_identities, |app| {
    let mut secret = app.signed_in("demo.secret").await;
    let r = secret.post("/api/auth/back-door", json!({"username": "Demo.Appraiser"})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let new_csrf = common::cookie_value(&r, "XSRF-TOKEN").unwrap();
    let user: Value = r.json().await.unwrap();
    let appraiser = app.user_id("demo.appraiser").await;
    let secret_id = app.user_id("demo.secret").await;
    assert_eq!(user["securityUserId"], appraiser);
    assert_eq!(user["userType"], 1);
    secret.csrf = Some(new_csrf);

    let me: Value = secret.get_json("/api/auth/logged-in").await;
    assert_eq!(me["securityUserId"], appraiser);
    // The acting session has the appraiser's rights, not the secret administrator's.
    assert_eq!(secret.get("/api/dev/dev-refs").await.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        secret.post("/api/auth/back-door", json!({"username": "demo.appraiser2"})).await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(secret.get("/api/appraiser/me").await.status(), StatusCode::OK);

    let both = format!(
        "SELECT COUNT(*) FROM audit_log WHERE actor_user_id = {secret_id} \
         AND subject_user_id = {appraiser}"
    );
    assert_eq!(app.count(&format!("{both} AND action = 'back_door_login'")).await, 1);
    assert_eq!(app.count(&format!("{both} AND action = 'acting_call'")).await, 4);
    assert_eq!(
        app.count(&format!(
            "{both} AND action = 'acting_call' AND detail = 'GET /api/appraiser/me -> 200'"
        ))
        .await,
        1
    );
});

/// A secret administrator's back-door session as the demo appraiser, ready to call with.
/// The session is refused (401) within `wait`.
async fn refused_within(s: &common::Session, wait: Duration) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed() < wait {
        if s.get("/api/appraiser/me").await.status() == StatusCode::UNAUTHORIZED {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

async fn acting_session(app: &common::TestApp) -> common::Session {
    let mut s = app.signed_in("demo.secret").await;
    let r = s.post("/api/auth/back-door", json!({"username": "demo.appraiser"})).await;
    assert_eq!(r.status(), StatusCode::OK);
    s.csrf = common::cookie_value(&r, "XSRF-TOKEN");
    assert_eq!(s.get("/api/appraiser/me").await.status(), StatusCode::OK);
    s
}

// The back door is the secret administrator's: it closes with anything that ends their own access.
both_dbs!(back_door_session_ends_with_its_owners_access, |app| {
    // A password change in the secret administrator's own session elsewhere.
    let acting = acting_session(&app).await;
    let own = app.signed_in("demo.secret").await;
    let new_password = "Another!Password2026x";
    let r = own
        .post(
            "/api/auth/change-my-password",
            json!({"oldPassword": common::PASSWORD, "newPassword": new_password}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        acting.get("/api/appraiser/me").await.status(),
        StatusCode::UNAUTHORIZED,
        "after a password change"
    );
    portal::features::auth::change_password::set_password(
        &app.db,
        "demo.secret",
        common::PASSWORD.into(),
    )
    .await
    .unwrap();

    // A password reset (the same call as the command line's set-password).
    let acting = acting_session(&app).await;
    // The command line's reset reaches the server through the live events.
    portal::features::auth::change_password::set_password(
        &app.db,
        "demo.secret",
        common::PASSWORD.into(),
    )
    .await
    .unwrap();
    assert!(refused_within(&acting, Duration::from_secs(1)).await, "after a reset");

    // Signing out in another browser.
    let acting = acting_session(&app).await;
    let own = app.signed_in("demo.secret").await;
    assert_eq!(own.post("/api/auth/logout", json!({})).await.status(), StatusCode::OK);
    assert_eq!(
        acting.get("/api/appraiser/me").await.status(),
        StatusCode::UNAUTHORIZED,
        "after signing out elsewhere"
    );

    // Deactivation.
    let acting = acting_session(&app).await;
    let secret_id = app.user_id("demo.secret").await;
    app.db
        .execute_unprepared(&format!(
            "UPDATE security_users SET active = FALSE WHERE id = {secret_id}"
        ))
        .await
        .unwrap();
    // Made in the database by hand, the change is seen once the copy's cached check runs out.
    let wait = portal::platform::session_cache::LIFE + Duration::from_secs(1);
    assert!(refused_within(&acting, wait).await, "after deactivation");

    // Every acting call was audited with the address it came from.
    let unaddressed = "SELECT COUNT(*) FROM audit_log WHERE action = 'acting_call' \
                       AND (ip IS NULL OR detail NOT LIKE '% -> %')";
    assert_eq!(app.count(unaddressed).await, 0);
    assert!(app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'acting_call'").await >= 4);
});
