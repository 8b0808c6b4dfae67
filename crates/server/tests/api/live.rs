//! Live updates (GET /api/events): a change reaches the streams of those who may see it and no
//! one else, and a stream opened with Last-Event-ID gets what it missed, on both databases.
use std::time::Duration;

use crate::common;

use reqwest::StatusCode;
use serde_json::json;

use common::orders::{demo_appraisers_order, outsider};
use common::{Session, TestApp};

/// An open event stream and what it has said so far.
struct Listener {
    response: reqwest::Response,
    heard: String,
}

impl Listener {
    async fn open(session: &Session, last_event_id: Option<&str>) -> Listener {
        let mut request = session.http.get(session.url("/api/events"));
        if let Some(id) = last_event_id {
            request = request.header("Last-Event-ID", id);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        Listener { response, heard: String::new() }
    }

    /// Reads until `wanted` was said or `wait` has passed; answers whether it was.
    async fn hears(&mut self, wanted: &str, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        while !self.heard.contains(wanted) {
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Ok(Ok(Some(bytes))) => self.heard.push_str(&String::from_utf8_lossy(&bytes)),
                _ => return false,
            }
        }
        true
    }
}

async fn staff_message(app: &TestApp, order: i64) {
    let staff = app.signed_in("demo.staff").await;
    let r = staff
        .post(&format!("/api/staff/orders/{order}/messages"), json!({"message": "Live?"}))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
}

both_dbs!(a_change_reaches_only_those_who_may_see_it, |app| {
    let order = demo_appraisers_order(&app, "920001", 5).await;
    let mut appraiser = Listener::open(&app.signed_in("demo.appraiser").await, None).await;
    let mut firm_admin = Listener::open(&app.signed_in("demo.admin").await, None).await;
    let mut staff = Listener::open(&app.signed_in("demo.staff").await, None).await;
    let mut other = Listener::open(&app.signed_in(outsider(&app).await).await, None).await;

    staff_message(&app, order).await;
    let said = format!("\"orderId\":{order}");
    let wait = Duration::from_secs(5);
    assert!(appraiser.hears(&said, wait).await, "the appraiser heard: {}", appraiser.heard);
    assert!(appraiser.heard.contains("event: order"), "{}", appraiser.heard);
    assert!(
        firm_admin.hears(&said, wait).await,
        "the firm's administrator heard: {}",
        firm_admin.heard
    );
    assert!(staff.hears(&said, wait).await, "staff heard: {}", staff.heard);
    assert!(
        !other.hears(&said, Duration::from_millis(1500)).await,
        "another firm heard: {}",
        other.heard
    );
    assert_eq!(app.client().get("/api/events").await.status(), StatusCode::UNAUTHORIZED);
});

both_dbs!(a_reconnecting_browser_gets_what_it_missed, |app| {
    let order = demo_appraisers_order(&app, "920002", 5).await;
    let me = app.signed_in("demo.appraiser").await;
    staff_message(&app, order).await;
    staff_message(&app, order).await;
    // The browser last saw event 0: both changes are replayed, with their ids.
    let mut back = Listener::open(&me, Some("0")).await;
    let said = format!("\"orderId\":{order}");
    assert!(back.hears(&said, Duration::from_secs(5)).await, "{}", back.heard);
    let _ = back.hears("never said", Duration::from_millis(800)).await;
    assert_eq!(back.heard.matches(&said).count(), 2, "{}", back.heard);
    let first_id = back.heard.lines().find_map(|l| l.strip_prefix("id: ")).unwrap().to_string();
    // From the first one on, only the second is replayed.
    let mut later = Listener::open(&me, Some(&first_id)).await;
    assert!(later.hears(&said, Duration::from_secs(5)).await);
    let _ = later.hears("never said", Duration::from_millis(800)).await;
    assert_eq!(later.heard.matches(&said).count(), 1, "{}", later.heard);
});

// On PostgreSQL the copy is woken by NOTIFY at once (its safety-net poll is every 5 s); on SQLite
// it looks every 300 ms.
both_dbs!(a_change_made_on_one_copy_reaches_a_browser_on_another, |app| {
    let order = demo_appraisers_order(&app, "920003", 5).await;
    let other_copy = app.second_copy().await;
    let mut there = Session::new(&other_copy);
    common::sign_in_through(&app.db, &mut there, "demo.appraiser").await;
    let mut listener = Listener::open(&there, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await; // the relay has read where the rows end
    let started = tokio::time::Instant::now();
    staff_message(&app, order).await;
    let said = format!("\"orderId\":{order}");
    assert!(listener.hears(&said, Duration::from_secs(2)).await, "heard: {}", listener.heard);
    eprintln!("live event across copies after {:?}", started.elapsed());
});

/// A browser signed in on `app` (`here`) and the same session sent to another copy by a client
/// that keeps its cookie whatever `here` is told (signing out clears the cookie of `here` only).
async fn one_session_on_two_copies(app: &TestApp, other_copy: &str) -> (Session, Session) {
    use reqwest::cookie::CookieStore;
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    let mut here = Session::new(&app.url(""));
    here.http = reqwest::Client::builder().cookie_provider(jar.clone()).build().unwrap();
    common::sign_in_through(&app.db, &mut here, "demo.appraiser").await;
    let cookies = jar.cookies(&app.url("/").parse().unwrap()).expect("the session cookie");
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::COOKIE, cookies);
    let mut there = Session::new(other_copy);
    there.http = reqwest::Client::builder().default_headers(headers).build().unwrap();
    there.csrf = here.csrf.clone();
    (here, there)
}

/// How long until the browser's session is refused (401), at most `wait`.
async fn refused_after(browser: &Session, wait: Duration) -> Option<Duration> {
    let started = tokio::time::Instant::now();
    while started.elapsed() < wait {
        if browser.get("/api/appraiser/me").await.status() == StatusCode::UNAUTHORIZED {
            return Some(started.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

// Each copy believes a session it has just checked for a few seconds (longer than the second
// allowed here): ending it on one copy must reach the other's cache.
both_dbs!(a_session_ended_on_one_copy_is_refused_on_another_within_a_second, |app| {
    let other_copy = app.second_copy().await;
    let staff = app.signed_in("demo.staff").await;
    let appraiser_id = app.user_id("demo.appraiser").await;
    for ending in ["signed out", "deactivated"] {
        let (here, there) = one_session_on_two_copies(&app, &other_copy).await;
        for _ in 0..2 {
            assert_eq!(there.get("/api/appraiser/me").await.status(), StatusCode::OK);
        }
        let r = match ending {
            "signed out" => here.post("/api/auth/logout", json!({})).await,
            _ => {
                staff
                    .post(&format!("/api/staff/appraisers/{appraiser_id}/deactivate"), json!({}))
                    .await
            }
        };
        assert_eq!(r.status(), StatusCode::OK, "{ending}");
        let after = refused_after(&there, Duration::from_secs(1)).await;
        assert!(after.is_some(), "{ending}: still served by the other copy after 1 s");
        eprintln!("{ending} on one copy, refused on the other after {after:?}");
    }
});
