//! What operators read: `/metrics` in Prometheus text format and a request id on every answer.
use crate::common;

use reqwest::StatusCode;
use serde_json::json;

both_dbs!(metrics_count_requests_by_route_and_status, |app| {
    let s = app.client();
    assert_eq!(s.get("/api/auth/logged-in").await.status(), StatusCode::UNAUTHORIZED);
    let mut guesser = app.client();
    guesser.login("demo.appraiser", "Wrong!Password2026").await;
    let r = s.get("/metrics").await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let page = r.text().await.unwrap();
    // The recorder serves the whole process: other tests' requests are on the page too.
    let counted = page.lines().any(|l| {
        l.starts_with("portal_http_requests_total")
            && l.contains(r#"route="/api/auth/logged-in""#)
            && l.contains(r#"status="401""#)
    });
    assert!(counted, "{page}");
    for name in [
        "portal_http_request_duration_seconds_bucket",
        "portal_db_connections_in_use",
        "portal_outbox_backlog",
        "portal_failed_sign_ins_total",
    ] {
        assert!(page.contains(name), "{name} missing from\n{page}");
    }
    // Raw paths never become labels (ids would make a series each).
    assert!(!page.contains(r#"route="/api/order-details/12""#));
});

both_dbs!(metrics_are_for_this_machine_or_the_scraper_with_the_token, |app| {
    let outsider = app
        .client()
        .http
        .get(app.url("/metrics"))
        .header("x-forwarded-for", "203.0.113.9")
        .send()
        .await
        .unwrap();
    assert_eq!(outsider.status(), StatusCode::NOT_FOUND);
});

#[tokio::test]
async fn a_scraper_with_the_token_reads_the_metrics() {
    let Some(app) =
        common::TestApp::start_with(common::Db::Sqlite, |c| c.metrics_token = "scrape-me".into())
            .await
    else {
        return;
    };
    let get = |token: &str| {
        app.client()
            .http
            .get(app.url("/metrics"))
            .header("x-forwarded-for", "203.0.113.9")
            .bearer_auth(token)
            .send()
    };
    assert_eq!(get("scrape-me").await.unwrap().status(), StatusCode::OK);
    assert_eq!(get("wrong").await.unwrap().status(), StatusCode::NOT_FOUND);
}

both_dbs!(every_answer_carries_a_request_id, |app| {
    let s = app.client();
    let error =
        s.post_without_csrf("/api/auth/login", json!({"username": "", "password": ""})).await;
    assert_eq!(error.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let id = error.headers()["x-request-id"].to_str().unwrap().to_string();
    assert_eq!(id.len(), 36, "a UUID: {id}");
    let other = s.get("/healthz").await;
    assert_ne!(other.headers()["x-request-id"].to_str().unwrap(), id);
    // One the load balancer set is kept.
    let kept =
        s.http.get(app.url("/healthz")).header("x-request-id", "lb-42").send().await.unwrap();
    assert_eq!(kept.headers()["x-request-id"], "lb-42");
});

// More calls than the server takes at once: the extra ones get 503 with Retry-After at once,
// the others are served, and afterwards everything is normal again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn overload_is_answered_at_once_with_retry_after() {
    let Some(app) =
        common::TestApp::start_with(common::Db::Sqlite, |c| c.max_concurrent_requests = 2).await
    else {
        return;
    };
    let calls = (0..12).map(|i| {
        let s = app.client();
        tokio::spawn(async move {
            // A reset request takes at least 400 ms, so the calls overlap.
            let started = std::time::Instant::now();
            let r = s
                .post_without_csrf(
                    "/api/auth/reset-password",
                    json!({"username": format!("nobody{i}")}),
                )
                .await;
            (r.status(), r.headers().get("retry-after").cloned(), started.elapsed())
        })
    });
    let mut served = 0;
    let mut shed = 0;
    for call in calls.collect::<Vec<_>>() {
        let (status, retry_after, took) = call.await.unwrap();
        match status {
            StatusCode::OK => served += 1,
            StatusCode::SERVICE_UNAVAILABLE => {
                shed += 1;
                assert_eq!(retry_after.unwrap(), "1");
                assert!(took < std::time::Duration::from_millis(350), "answered at once: {took:?}");
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert!(served >= 2 && shed >= 1, "served {served}, shed {shed}");
    // Health checks are never shed, and the next call is served.
    assert_eq!(app.client().get("/healthz").await.status(), StatusCode::OK);
    let r = app
        .client()
        .post_without_csrf("/api/auth/reset-password", json!({"username": "later"}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
}
