//! Self-scheduling: the appraiser offers windows by a link sent by e-mail and text; the contact
//! picks one without signing in, which schedules the inspection as Schedule Inspection does.
use crate::common;

use portal_db::entities::{order, outbox};
use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, EntityTrait};
use serde_json::{Value, json};

use super::client_portal::{client_user, events_of};
use common::orders::{demo_appraisers_order, history_of, new_client};
use common::{Session, TestApp, company_day};

fn window(day: i64, start: &str, end: &str) -> Value {
    let day = company_day(day);
    json!({"start": format!("{day}T{start}"), "end": format!("{day}T{end}")})
}

fn link_form(windows: Vec<Value>) -> Value {
    json!({
        "windows": windows,
        "contact": {"name": "Pat Access", "email": "pat@access.example", "phone": "(512) 555-0142"},
    })
}

/// The token of the latest link e-mailed to the contact.
async fn token_sent(app: &TestApp) -> String {
    let mail = app.last_mail("pat@access.example").await.expect("the link's e-mail");
    assert_eq!(mail.subject, "Please choose a time for the appraisal inspection");
    let at = mail.body_text.find("/schedule/").expect("a /schedule/ link") + "/schedule/".len();
    mail.body_text[at..].split_whitespace().next().unwrap().to_string()
}

async fn accepted_order(app: &TestApp, s: &Session, file_number: &str, client: i64) -> i64 {
    let id = demo_appraisers_order(app, file_number, 4).await;
    let sql = format!("UPDATE orders SET client_id = {client} WHERE id = {id}");
    app.db.execute_unprepared(&sql).await.unwrap();
    s.post_ok("/api/order-details/accept", json!({"orderId": id})).await;
    id
}

/// Sends a link: the status, and the message of a refusal.
async fn send(s: &Session, id: i64, form: Value) -> (StatusCode, String) {
    let r = s.post(&format!("/api/orders/{id}/scheduling-link"), form).await;
    let status = r.status();
    let body: Value = r.json().await.unwrap();
    (status, body["message"].as_str().unwrap_or_default().to_string())
}

async fn choose(app: &TestApp, token: &str, start: &str) -> (StatusCode, Value) {
    let mut contact = app.client();
    contact.fetch_csrf().await;
    let r = contact.post(&format!("/api/scheduling/{token}"), json!({"start": start})).await;
    (r.status(), r.json().await.unwrap())
}

both_dbs!(the_contact_picks_a_window_and_the_inspection_is_scheduled, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = new_client(&staff, "Scheduling Lender").await;
    let lender = client_user(&app, &staff, client, "lender.scheduling").await;
    let s = app.signed_in("demo.appraiser").await;
    let id = accepted_order(&app, &s, "900300", client).await;

    // What is wrong is said, and nothing is sent.
    let cases = [
        (link_form(vec![]), "Please offer at least one inspection window."),
        (link_form(vec![window(2, "09:00", "10:00"); 11]), "Offer at most 10 inspection windows."),
        (link_form(vec![window(-1, "09:00", "10:00")]), "Window 1 must be in the future."),
        (
            link_form(vec![window(2, "09:00", "10:00"), window(2, "11:00", "10:00")]),
            "Window 2: End time must be after start time",
        ),
        (
            link_form(vec![window(2, "09:00", "10:00"), window(2, "09:00", "10:00")]),
            "Window 2 is offered twice.",
        ),
        (link_form(vec![window(2, "09:15", "10:00")]), "Window 1: Choose a time from 7:00am"),
        (link_form(vec![json!({"start": "soon", "end": "later"})]), "Window 1: the start must be"),
        (
            link_form(vec![window(9, "09:00", "10:00")]),
            "Window 1: Please provide a reason for the late inspection",
        ),
        (
            json!({"windows": [window(2, "09:00", "10:00")], "contact": {"name": "Pat"}}),
            "Please give the contact's e-mail address or mobile number.",
        ),
    ];
    for (form, expected) in cases {
        let (status, said) = send(&s, id, form).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{said}");
        assert!(said.starts_with(expected), "{said} (expected {expected})");
    }
    assert_eq!(app.count("SELECT COUNT(*) FROM scheduling_links").await, 0);
    // Another appraiser of the firm is not offered the order's actions.
    let other = app.signed_in("demo.appraiser2").await;
    let (status, _) = send(&other, id, link_form(vec![window(2, "09:00", "10:00")])).await;
    assert!(matches!(status, StatusCode::FORBIDDEN | StatusCode::NOT_FOUND), "{status}");

    // Another inspection of the appraiser takes 13:30 to 14:30 on day 2.
    let busy = accepted_order(&app, &s, "900301", client).await;
    let busy_form = json!({
        "orderId": busy, "inspectionActualDate": company_day(2),
        "estimatedDeliveryDate": company_day(3), "appointmentStartTime": "13:30",
        "appointmentEndTime": "14:30", "appointmentScheduledWith": "Borrower",
    });
    s.post_ok("/api/order-details/schedule-inspection", busy_form).await;

    let windows =
        vec![window(3, "10:00", "11:30"), window(2, "09:00", "10:00"), window(2, "13:00", "14:00")];
    let r = s.post(&format!("/api/orders/{id}/scheduling-link"), link_form(windows)).await;
    assert_eq!(r.status(), StatusCode::OK);
    let view: Value = r.json().await.unwrap();
    assert_eq!(view["state"], "open");
    assert_eq!(view["contactPhone"], "512-555-0142");
    let sms = "SELECT COUNT(*) FROM outbox WHERE channel = 'sms' AND recipient = '512-555-0142' \
               AND body_text LIKE '%/schedule/%'";
    assert_eq!(app.count(sms).await, 1, "the link goes by text too");
    let token = token_sent(&app).await;

    // The contact's page, without signing in: earliest first, the busy time taken.
    let page: Value =
        app.client().get(&format!("/api/scheduling/{token}")).await.json().await.unwrap();
    assert_eq!(page["state"], "open");
    assert_eq!(page["propertyAddress"], "12 Oak St, Austin, TX 78701");
    let offered = page["windows"].as_array().unwrap();
    let available: Vec<bool> = offered.iter().map(|w| w["available"].as_bool().unwrap()).collect();
    assert_eq!(available, [true, false, true]);
    assert_eq!(offered[1]["unavailableBecause"], "taken");
    assert!(offered[0]["label"].as_str().unwrap().ends_with(", 9:00am to 10:00am"), "{page}");

    let (status, said) = choose(&app, &token, offered[1]["start"].as_str().unwrap()).await;
    assert_eq!((status, said["message"].as_str()), (StatusCode::CONFLICT, Some(common_taken())));
    let (status, said) = choose(&app, &token, &format!("{}T08:00", company_day(2))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{said}");
    assert!(said["message"].as_str().unwrap().starts_with("That time is not one of the times"));
    let (status, _) = choose(&app, "not-a-token", offered[0]["start"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(status_of(&app, id).await, 5, "still accepted");

    // The contact picks 9:00 on day 2, written in the company's local time.
    let (status, page) = choose(&app, &token, &format!("{}T09:00", company_day(2))).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["state"], "scheduled");
    assert_eq!(page["chosen"]["start"], offered[0]["start"]);
    assert_eq!(status_of(&app, id).await, 11, "scheduled");
    let history: Vec<String> =
        history_of(&app, id).await.into_iter().filter_map(|h| h.message_html).collect();
    let history = history.join("\n");
    assert!(history.contains("Chosen by Pat Access through the scheduling link."), "{history}");
    assert!(history.contains("9:00am to 10:00am, with Entry Contact"), "{history}");
    let events = events_of(&app, id).await;
    assert!(events.contains(&"order.inspection_scheduled".to_string()), "{events:?}");
    // The lender sees the appointment on the order's page and in the API.
    let seen: Value = lender.get_json(&format!("/api/client/orders/{id}")).await;
    assert_eq!(seen["inspectionAt"], offered[0]["start"]);
    assert_eq!(seen["inspectionLabel"], offered[0]["label"], "{seen}");
    let (status, said) = choose(&app, &token, offered[2]["start"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::CONFLICT, "{said}");
    assert!(said["message"].as_str().unwrap().starts_with("This scheduling link has ended"));

    // A link for a scheduled order moves the inspection: a reason is asked for. It ends when the
    // appraiser sets the inspection another way.
    let later = vec![window(3, "15:00", "16:00")];
    let (status, said) = send(&s, id, link_form(later.clone())).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(said, "Window 1: Please provide a reason for Rescheduling");
    let mut form = link_form(later);
    form["reason"] = json!("The owner asked for an afternoon.");
    assert_eq!(send(&s, id, form).await.0, StatusCode::OK);
    let token = token_sent(&app).await;
    let again = json!({
        "orderId": id, "inspectionActualDate": company_day(3),
        "estimatedDeliveryDate": company_day(4), "appointmentStartTime": "08:00",
        "appointmentEndTime": "09:00", "appointmentScheduledWith": "Borrower",
        "rescheduleReason": "Called the owner.",
    });
    s.post_ok("/api/order-details/schedule-inspection", again).await;
    let page: Value =
        app.client().get(&format!("/api/scheduling/{token}")).await.json().await.unwrap();
    assert_eq!(page["state"], "ended");
    assert!(page["windows"].as_array().unwrap().iter().all(|w| w["available"] == false));
    let latest: Value = s.get_json(&format!("/api/orders/{id}/scheduling-link")).await;
    assert_eq!(latest["state"], "ended");
    assert_eq!(latest["sentBy"], "Avery Appraiser");
    let outsider = app.signed_in("demo.appraiser2").await;
    let r = outsider.get(&format!("/api/orders/{id}/scheduling-link")).await;
    assert!(matches!(r.status(), StatusCode::FORBIDDEN | StatusCode::NOT_FOUND));
    let sent = outbox::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(sent.iter().filter(|m| m.recipient == "pat@access.example").count(), 2);
});

fn common_taken() -> &'static str {
    portal::features::scheduling::MSG_WINDOW_TAKEN
}

async fn status_of(app: &TestApp, id: i64) -> i32 {
    let row = order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    row.status_id.id()
}
