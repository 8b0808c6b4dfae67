//! The private calendar feed: made once, read by an independent iCalendar parser, replaced.
use crate::common;

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use common::orders::demo_appraisers_order;

fn day(offset: i64) -> String {
    (Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive() + Duration::days(offset))
        .format("%Y%m%d")
        .to_string()
}

/// The events of a feed as (summary, dtstart, dtend) with the raw property values.
fn events(ics: &str) -> Vec<(String, String, String)> {
    let mut parser = ical::IcalParser::new(std::io::BufReader::new(ics.as_bytes()));
    let calendar = parser.next().expect("one calendar").expect("a valid iCalendar file");
    assert!(parser.next().is_none());
    calendar
        .events
        .iter()
        .map(|e| {
            let value = |name: &str| {
                e.properties
                    .iter()
                    .find(|p| p.name == name)
                    .and_then(|p| p.value.clone())
                    .unwrap_or_default()
            };
            (value("SUMMARY"), value("DTSTART"), value("DTEND"))
        })
        .collect()
}

both_dbs!(the_feed_shows_scheduled_inspections_and_due_dates, |app| {
    let id = demo_appraisers_order(&app, "900100", 4).await;
    let s = app.signed_in("demo.appraiser").await;
    assert_eq!(
        s.post("/api/order-details/accept", json!({"orderId": id})).await.status(),
        StatusCode::OK
    );
    let date = (Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive()
        + Duration::days(1))
    .format("%Y-%m-%d")
    .to_string();
    let schedule = json!({
        "orderId": id, "inspectionActualDate": date, "estimatedDeliveryDate": date,
        "appointmentStartTime": "09:00", "appointmentEndTime": "10:30",
        "appointmentScheduledWith": "Borrower", "lateInspectionReason": "", "rescheduleReason": "",
    });
    let scheduled = s.post("/api/order-details/schedule-inspection", schedule).await;
    assert_eq!(scheduled.status(), StatusCode::OK);

    // Made on the first call; the same URL after that.
    let made: Value = s.get_json("/api/me/calendar-feed").await;
    assert_eq!(s.get_json::<Value>("/api/me/calendar-feed").await["url"], made["url"]);
    let url = made["url"].as_str().unwrap().to_string();
    let path = &url[url.find("/ical/").expect("an /ical/ URL")..];
    assert!(path.ends_with(".ics"));

    // Read without a session, as a calendar program does.
    let r = app.client().get(path).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/calendar"));
    let feed = events(&r.text().await.unwrap());
    let inspection = feed
        .iter()
        .find(|(summary, ..)| summary.starts_with("Inspection: "))
        .expect("the inspection");
    // 9:00 to 10:30 in Chicago, written in UTC (14:00/15:30 or 15:00/16:30 with daylight saving).
    assert!(inspection.1.starts_with(&day(1)) && inspection.1.ends_with('Z'), "{inspection:?}");
    let (start, end) = (inspection.1.as_str(), inspection.2.as_str());
    let minutes =
        |t: &str| t[9..11].parse::<i32>().unwrap() * 60 + t[11..13].parse::<i32>().unwrap();
    assert_eq!(minutes(end) - minutes(start), 90, "{inspection:?}");
    assert!(
        feed.iter().any(|(summary, start, _)| {
            summary.starts_with("Due: order 900100") && start.len() == 8
        }),
        "{feed:?}"
    );
    // Nobody else's orders.
    assert!(feed.iter().all(|(summary, ..)| !summary.contains("Appraiser2")));

    // A new URL ends the old one.
    let again: Value =
        s.post("/api/me/calendar-feed/regenerate", json!({})).await.json().await.unwrap();
    assert_ne!(again["url"], made["url"]);
    assert_eq!(app.client().get(path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(s.get_json::<Value>("/api/me/calendar-feed").await["url"], again["url"]);
    assert_eq!(app.client().get("/ical/not-a-token.ics").await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.client().get("/api/me/calendar-feed").await.status(), StatusCode::UNAUTHORIZED);
});
