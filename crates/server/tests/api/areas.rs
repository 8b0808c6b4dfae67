//! The role guard per API area, who may read whose records, and the shape of errors.
use crate::common;

use reqwest::StatusCode;
use serde_json::Value;

use common::message;

const ROLES: [&str; 6] =
    ["demo.appraiser", "demo.admin", "demo.staff", "demo.secret", "demo.client", "demo.appraiser2"];

/// (path, the demo users who may call it)
const AREA_CALLS: [(&str, &[&str]); 4] = [
    ("/api/appraiser/me", &["demo.appraiser", "demo.appraiser2", "demo.admin"]),
    ("/api/admin-appraiser/company-appraisers", &["demo.admin", "demo.staff", "demo.secret"]),
    ("/api/admin/audit", &["demo.secret"]),
    ("/api/app-config", &ROLES),
];

both_dbs!(role_guard_per_area, |app| {
    for username in ROLES {
        let s = app.signed_in(username).await;
        for (path, allowed) in AREA_CALLS {
            let r = s.get(path).await;
            if allowed.contains(&username) {
                assert_eq!(r.status(), StatusCode::OK, "{username} {path}");
            } else {
                // Staff and secret pass the appraiser area's guard but have no profile of their
                // own.
                assert!(
                    matches!(r.status(), StatusCode::FORBIDDEN | StatusCode::NOT_FOUND),
                    "{username} {path}: {}",
                    r.status()
                );
                if r.status() == StatusCode::FORBIDDEN {
                    assert_eq!(message(r).await, "You are not authorized to perform this action");
                }
            }
        }
    }
    let anonymous = app.client();
    for (path, _) in &AREA_CALLS[..3] {
        assert_eq!(anonymous.get(path).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    // The client role is kept out of every appraiser-area call by the guard itself.
    let client = app.signed_in("demo.client").await;
    assert_eq!(client.get("/api/appraiser/me").await.status(), StatusCode::FORBIDDEN);
});

both_dbs!(user_records_are_read_by_themselves_their_firm_admin_and_staff, |app| {
    let appraiser = app.user_id("demo.appraiser").await;
    let path = format!("/api/user/{appraiser}");
    for (username, expected) in common::DEMO_APPRAISERS_RECORDS_READERS {
        let r = app.signed_in(username).await.get(&path).await;
        assert_eq!(r.status(), expected, "{username}");
        if expected == StatusCode::OK {
            let user: Value = r.json().await.unwrap();
            assert_eq!(user["loginId"], "demo.appraiser");
            assert!(user.get("passwordHash").is_none());
        }
    }
    let admin = app.signed_in("demo.admin").await;
    let r = admin.get(&format!("/api/appraiser/{appraiser}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let info: Value = r.json().await.unwrap();
    assert_eq!(info["securityUser"]["id"], appraiser);
    assert_eq!(admin.get("/api/user/abc").await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        app.signed_in("demo.staff").await.get("/api/user/999999").await.status(),
        StatusCode::NOT_FOUND
    );
});

both_dbs!(firm_admin_lists_only_their_firm, |app| {
    common::orders::outsider(&app).await;
    let listed = |v: Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|i| i["securityUser"]["email"].as_str().unwrap().to_string())
            .collect()
    };
    let admin: Value =
        app.signed_in("demo.admin").await.get_json("/api/admin-appraiser/company-appraisers").await;
    let mut mine = listed(admin);
    mine.sort();
    assert_eq!(
        mine,
        ["demo.appraiser2@appraisalportal.example", "demo.appraiser@appraisalportal.example"]
    );
    let secret: Value = app
        .signed_in("demo.secret")
        .await
        .get_json("/api/admin-appraiser/company-appraisers")
        .await;
    assert!(listed(secret).contains(&"other@example.com".to_string()));
    let other = app.user_id("other.appraiser").await;
    assert_eq!(
        app.signed_in("demo.admin").await.get(&format!("/api/user/{other}")).await.status(),
        StatusCode::FORBIDDEN
    );
});

both_dbs!(audit_viewer_filters_newest_first, |app| {
    let mut s = app.client();
    s.login("demo.appraiser", "Wrong!Password2026").await;
    let secret = app.signed_in("demo.secret").await;
    let appraiser = app.user_id("demo.appraiser").await;
    let page: Value =
        secret.get_json(&format!("/api/admin/audit?userId={appraiser}&action=login_failed")).await;
    assert_eq!(page["totalItems"], 1);
    assert_eq!(page["items"][0]["action"], "login_failed");
    let all: Value = secret.get_json("/api/admin/audit").await;
    let ids: Vec<i64> =
        all["items"].as_array().unwrap().iter().map(|i| i["id"].as_i64().unwrap()).collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
    assert_eq!(
        secret.get("/api/admin/audit?page=0").await.status(),
        StatusCode::UNPROCESSABLE_ENTITY
    );
    for huge in ["9223372036854775808", "18446744073709551615", "99999999999999999999"] {
        assert_eq!(
            secret.get(&format!("/api/admin/audit?page={huge}")).await.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "page {huge}"
        );
    }
});

both_dbs!(unknown_api_paths_are_json_404s_and_client_routes_get_the_app, |app| {
    let s = app.signed_in("demo.staff").await;
    let r = s.get("/api/no/such/call").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    assert_eq!(message(r).await, "No such API call");
    let page = s.get("/appraiser/orderdetails/12/files").await;
    assert!(page.headers()["content-type"].to_str().unwrap().starts_with("text/"));
    assert_eq!(page.headers()["cache-control"], "no-cache");
    let health: Value = s.get_json("/healthz").await;
    assert_eq!(health["status"], "ok");
    let doc: Value = s.get_json("/api/openapi.json").await;
    assert!(doc["paths"]["/api/auth/login"]["post"].is_object());
});

// A known path answers a method it does not have with 405 and the methods it has, whoever asks
// (the area guard does not hide the path); an unknown path stays a 404.
both_dbs!(a_method_a_path_does_not_have_is_405_with_allow, |app| {
    let cases = [
        ("demo.appraiser", "/api/appraiser/me", "GET,HEAD"),
        ("demo.appraiser", "/api/staff/clients", "GET,HEAD,POST"),
        ("demo.client", "/api/dashboard", "POST"),
        ("demo.staff", "/api/auth/logged-in", "GET,HEAD"),
    ];
    for (username, path, allow) in cases {
        let s = app.signed_in(username).await;
        let r = s.delete(path).await;
        assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED, "{username} DELETE {path}");
        assert_eq!(r.headers()["allow"], allow, "{path}");
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    }
    let r = app.client().get("/api/dashboard").await;
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED, "signed out");
    assert_eq!(r.headers()["allow"], "POST");
    let s = app.signed_in("demo.staff").await;
    assert_eq!(s.delete("/api/no/such/call").await.status(), StatusCode::NOT_FOUND);
});

// The web app may run only its own scripts; HTTPS deployments also get HSTS.
both_dbs!(pages_carry_a_content_security_policy, |app| {
    let s = app.client();
    for path in ["/login", "/appraiser/orderdetails/12/files", "/api/no/such/call"] {
        let r = s.get(path).await;
        let csp = r
            .headers()
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("{path} has no CSP"))
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            csp.contains("script-src 'self';")
                && csp.contains("object-src 'none'")
                && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert!(r.headers().get("strict-transport-security").is_none(), "no HSTS over plain HTTP");
    }
});

#[tokio::test]
async fn https_deployments_send_hsts() {
    let Some(app) =
        common::TestApp::start_with(common::Db::Sqlite, |c| c.cookie_secure = true).await
    else {
        return;
    };
    let r = app.client().get("/login").await;
    assert!(r.headers()["strict-transport-security"].to_str().unwrap().starts_with("max-age="));
}
