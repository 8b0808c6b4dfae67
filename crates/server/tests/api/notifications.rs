//! Notifications the user chooses (issue 20): the preferences, each event reaching the right
//! person by the chosen channel (and nobody else), the daily digest, the unsubscribe link and the
//! daily reminders, on both databases.
use crate::common;

use chrono::{Duration, TimeZone, Utc};
use portal::platform::notifications::digest;
use portal::scheduled::send_reminders;
use portal_db::entities::{order, outbox};
use reqwest::StatusCode;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};

use crate::client_portal::client_user;
use crate::staff_desk::{assign_to, order_form};
use common::orders::{demo_appraisers_order, new_client, new_order};
use common::{Session, TestApp};

const PREFS: &str = "/api/me/notification-preferences";

/// The notifications queued for `recipient` (e-mail address or phone), oldest first: not the
/// verification codes of the test's own sign-ins.
async fn queued_for(app: &TestApp, recipient: &str) -> Vec<outbox::Model> {
    outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(recipient))
        .filter(outbox::Column::Subject.ne("Your Appraisal Portal verification code"))
        .order_by_asc(outbox::Column::Id)
        .all(&app.db)
        .await
        .unwrap()
}

async fn appraiser_contact(app: &TestApp) -> (String, String) {
    let id = app.user_id("demo.appraiser").await;
    let user = portal_db::entities::security_user::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    (user.email, user.cell_phone.expect("the demo appraiser has a cell phone"))
}

async fn choose(app: &TestApp, body: Value) -> Value {
    let me = app.signed_in("demo.appraiser").await;
    let r = me.put(PREFS, body).await;
    assert_eq!(r.status(), StatusCode::OK);
    r.json().await.unwrap()
}

async fn staff_message(staff: &Session, order_id: i64, text: &str) {
    let r = staff
        .post(&format!("/api/staff/orders/{order_id}/messages"), json!({ "message": text }))
        .await;
    assert!(r.status().is_success(), "{}", r.status());
}

both_dbs!(preferences_default_to_email_and_are_checked, |app| {
    let me = app.signed_in("demo.appraiser").await;
    let prefs: Value = me.get_json(PREFS).await;
    let events = prefs["events"].as_array().unwrap();
    assert_eq!(events.len(), 10, "{prefs}");
    assert!(events.iter().all(|e| e["delivery"] == "email"), "{prefs}");
    assert_eq!(events[0]["label"], "New assignment");
    assert!(prefs["digestHour"].is_null());
    assert_eq!(prefs["smsAvailable"], true);

    let saved = choose(
        &app,
        json!({"events": [{"event": "staffMessage", "delivery": "both"}], "digestHour": 7}),
    )
    .await;
    let staff_message =
        saved["events"].as_array().unwrap().iter().find(|e| e["event"] == "staffMessage").unwrap();
    assert_eq!(staff_message["delivery"], "both");
    assert_eq!(saved["digestHour"], 7);
    let again: Value = me.get_json(PREFS).await;
    assert_eq!(again["events"], saved["events"]);

    let r = me.put(PREFS, json!({"events": [], "digestHour": 24})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let r = me.put(PREFS, json!({"events": [{"event": "everything", "delivery": "email"}]})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.client().get(PREFS).await.status(), StatusCode::UNAUTHORIZED);
});

both_dbs!(a_lender_chooses_among_lender_events_and_hears_as_chosen, |app| {
    let staff = app.signed_in("demo.staff").await;
    let lender = new_client(&staff, "Notice Bank").await;
    let lena = client_user(&app, &staff, lender, "notice.lender").await;
    let prefs: Value = lena.get_json(PREFS).await;
    let offered: Vec<&str> =
        prefs["events"].as_array().unwrap().iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(
        offered,
        [
            "appraiserAssigned",
            "inspectionScheduled",
            "reportDelivered",
            "staffMessage",
            "orderUpdate",
            "weeklySummary"
        ]
    );
    let weekly = prefs["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(weekly["delivery"], "none", "the weekly summary is asked for, never sent unasked");
    let appraisers_only = json!({"events": [{"event": "newAssignment", "delivery": "email"}]});
    let r = lena.put(PREFS, appraisers_only).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let quiet = json!({"events": [{"event": "appraiserAssigned", "delivery": "none"}]});
    assert_eq!(lena.put(PREFS, quiet).await.status(), StatusCode::OK);

    let id = new_order(&staff, order_form(lender)).await;
    assign_to(&app, &staff, id, "demo.appraiser").await;
    let path = format!("/api/staff/orders/{id}/client-messages");
    let r = staff.post(&path, json!({"body": "The inspection is on Friday."})).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let subjects: Vec<String> = queued_for(&app, "notice.lender@lender.example")
        .await
        .into_iter()
        .map(|m| m.subject)
        .collect();
    assert!(subjects.iter().any(|s| s.ends_with(": message from staff")), "{subjects:?}");
    assert!(!subjects.iter().any(|s| s.ends_with(" assigned")), "chose none: {subjects:?}");
});

both_dbs!(each_event_reaches_the_appraiser_by_the_chosen_channel_only, |app| {
    let (email, cell) = appraiser_contact(&app).await;
    let order = demo_appraisers_order(&app, "910001", 5).await;
    let staff = app.signed_in("demo.staff").await;
    let before = app.count("SELECT COUNT(*) FROM outbox").await;

    // By default an e-mail, with the order's link and an unsubscribe link for that event.
    staff_message(&staff, order, "Please call the borrower.").await;
    let mails = queued_for(&app, &email).await;
    assert_eq!(mails.len(), 1);
    assert!(
        mails[0].body_text.contains(&format!("/appraiser/orderdetails/{order}")),
        "{}",
        mails[0].body_text
    );
    assert!(mails[0].body_text.contains("/unsubscribe?token="), "{}", mails[0].body_text);
    assert!(mails[0].body_text.contains("event=staffMessage"));
    // Nothing else is queued (staff acted, so the orders team is not told).
    assert_eq!(app.count("SELECT COUNT(*) FROM outbox").await - before, 1);

    // SMS only: a text to the cell phone, no e-mail.
    choose(&app, json!({"events": [{"event": "staffMessage", "delivery": "sms"}]})).await;
    staff_message(&staff, order, "Second message.").await;
    assert_eq!(queued_for(&app, &email).await.len(), 1);
    let texts = queued_for(&app, &cell).await;
    assert_eq!(texts.len(), 1);
    assert_eq!(texts[0].channel, "sms");

    // None: nothing at all, though the message is on the order.
    choose(&app, json!({"events": [{"event": "staffMessage", "delivery": "none"}]})).await;
    staff_message(&staff, order, "Third message.").await;
    assert_eq!(queued_for(&app, &email).await.len(), 1);
    assert_eq!(queued_for(&app, &cell).await.len(), 1);
    assert_eq!(
        app.count("SELECT COUNT(*) FROM order_messages WHERE body = 'Third message.'").await,
        1
    );

    // Another event keeps its own choice: putting the order on hold is still e-mailed.
    let r = staff
        .post(
            &format!("/api/staff/orders/{order}/hold"),
            json!({"reason": "Lender asked to wait."}),
        )
        .await;
    assert!(r.status().is_success(), "{}", r.status());
    assert_eq!(queued_for(&app, &email).await.len(), 2);
});

both_dbs!(a_digest_sends_one_email_once_and_unsubscribe_stops_an_event, |app| {
    let (email, _) = appraiser_contact(&app).await;
    let order = demo_appraisers_order(&app, "910002", 5).await;
    let staff = app.signed_in("demo.staff").await;
    choose(&app, json!({"events": [], "digestHour": 0})).await;
    staff_message(&staff, order, "First of the day.").await;
    staff_message(&staff, order, "Second of the day.").await;
    assert!(queued_for(&app, &email).await.is_empty(), "e-mails wait for the digest");

    // Two copies run the digest at once: one e-mail, holding both.
    let now = Utc::now();
    let (a, b) = tokio::join!(
        digest::send_due(&app.db, &app.config, now),
        digest::send_due(&app.db, &app.config, now)
    );
    assert_eq!(a.unwrap() + b.unwrap(), 1);
    let mails = queued_for(&app, &email).await;
    assert_eq!(mails.len(), 1);
    assert!(
        mails[0].body_text.contains("First of the day.")
            && mails[0].body_text.contains("Second of the day.")
    );
    assert_eq!(digest::send_due(&app.db, &app.config, now).await.unwrap(), 0, "once a day");

    // Back to single e-mails; the unsubscribe link of one stops that event's e-mails.
    choose(&app, json!({"events": [], "digestHour": null})).await;
    staff_message(&staff, order, "Single again.").await;
    let mail = queued_for(&app, &email).await.pop().unwrap();
    let link = mail.body_text.lines().find(|l| l.contains("/unsubscribe?token=")).unwrap();
    let token = link.split("token=").nth(1).unwrap().split('&').next().unwrap();
    let mut anyone = app.client();
    anyone.fetch_csrf().await;
    let r = anyone
        .post("/api/notifications/unsubscribe", json!({"token": "nope", "event": "staffMessage"}))
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = anyone
        .post("/api/notifications/unsubscribe", json!({"token": token, "event": "staffMessage"}))
        .await;
    assert_eq!(r.status(), StatusCode::OK);
    let count = queued_for(&app, &email).await.len();
    staff_message(&staff, order, "Not e-mailed.").await;
    assert_eq!(queued_for(&app, &email).await.len(), count);
});

both_dbs!(reminders_go_once_a_day_to_the_assigned_appraiser, |app| {
    let (email, _) = appraiser_contact(&app).await;
    let zone = app.config.time_zone().unwrap();
    let today = app.config.today().unwrap();
    let order = demo_appraisers_order(&app, "910003", 5).await;
    order::Entity::update_many()
        .col_expr(order::Column::AppraiserDueDate, Expr::value(today + Duration::days(1)))
        .filter(order::Column::Id.eq(order))
        .exec(&app.db)
        .await
        .unwrap();
    let before_seven =
        zone.from_local_datetime(&today.and_hms_opt(6, 0, 0).unwrap()).unwrap().with_timezone(&Utc);
    let at_eight =
        zone.from_local_datetime(&today.and_hms_opt(8, 0, 0).unwrap()).unwrap().with_timezone(&Utc);
    assert_eq!(send_reminders(&app.db, &app.config, before_seven).await.unwrap(), 0);
    let sent = send_reminders(&app.db, &app.config, at_eight).await.unwrap();
    assert!(sent >= 1, "{sent}");
    let due = queued_for(&app, &email).await;
    assert_eq!(due.iter().filter(|m| m.subject == "Order 910003: report due tomorrow").count(), 1);
    assert_eq!(send_reminders(&app.db, &app.config, at_eight).await.unwrap(), 0, "once a day");
});

// Saving preferences reads, then writes: two people saving at once must both succeed (a write
// that began as a read used to fail with "database is locked" on SQLite, answered 500).
both_dbs!(preferences_saved_at_once_by_several_people_all_succeed, |app| {
    let mut sessions = Vec::new();
    for username in ["demo.appraiser", "demo.appraiser2", "demo.admin", "demo.staff"] {
        sessions.push(app.signed_in(username).await);
    }
    let mut saves = tokio::task::JoinSet::new();
    for (i, s) in sessions.into_iter().enumerate() {
        saves.spawn(async move {
            let mut statuses = Vec::new();
            for round in 0..6 {
                let hour = (i + round) % 24;
                let body = json!({"events": [], "digestHour": hour, "timeZone": "America/Chicago"});
                statuses.push(s.put(PREFS, body).await.status());
            }
            statuses
        });
    }
    while let Some(statuses) = saves.join_next().await {
        assert!(statuses.unwrap().iter().all(|s| *s == StatusCode::OK), "every save succeeds");
    }
});
