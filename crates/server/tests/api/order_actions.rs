//! The order action calls on both databases: every happy path with its history,
//! audit and outbox rows, every validation message, refusals of actions not offered, the lifecycle
//! walk, reject then was-invited, reassigning within the firm, and a race of accept and reject.
use crate::common;

use chrono::{Duration, Utc};
use portal_db::entities::{order, order_detail, order_message, outbox};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde_json::{Value, json};

use common::orders::{
    NewOrder, demo_appraisers_order, history_of, order_file, order_with_details, outsider,
};
use common::{Session, TestApp, company_day, message};

const ORDERS_TEAM: &str = "orders@appraisalportal.example";
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";

async fn order_row(app: &TestApp, id: i64) -> order::Model {
    order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap()
}

/// (status, message HTML) of every history entry of an order, oldest first.
async fn history(app: &TestApp, id: i64) -> Vec<(i32, String)> {
    history_of(app, id)
        .await
        .into_iter()
        .map(|h| (h.status_id.id(), h.message_html.unwrap_or_default()))
        .collect()
}

/// Rows of the tables an action writes to.
async fn written(app: &TestApp) -> (i64, i64, i64, i64) {
    let mut counts = [0; 4];
    for (i, table) in
        ["order_histories", "order_messages", "outbox", "audit_log"].into_iter().enumerate()
    {
        counts[i] = app.count(&format!("SELECT COUNT(*) FROM {table}")).await;
    }
    (counts[0], counts[1], counts[2], counts[3])
}

async fn last_message(app: &TestApp, order_id: i64) -> order_message::Model {
    order_message::Entity::find()
        .filter(order_message::Column::OrderId.eq(order_id))
        .order_by_desc(order_message::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

async fn audited(app: &TestApp, action: &str) -> i64 {
    app.count(&format!("SELECT COUNT(*) FROM audit_log WHERE action = '{action}'")).await
}

fn upload_form(order_id: i64, name: &str, file_type: &str) -> Form {
    Form::new()
        .text("orderId", order_id.to_string())
        .part("files", Part::bytes(PDF.to_vec()).file_name(name.to_string()))
        .text("fileTypes", file_type.to_string())
}

fn schedule(id: i64, date: &str, reschedule_reason: &str) -> Value {
    json!({
        "orderId": id, "inspectionActualDate": date, "estimatedDeliveryDate": company_day(5),
        "appointmentStartTime": "09:00", "appointmentEndTime": "17:00",
        "appointmentScheduledWith": "Vacant", "lateInspectionReason": "",
        "rescheduleReason": reschedule_reason,
    })
}

async fn open_on_time_question(app: &TestApp, id: i64) {
    let mut detail = order_detail::Entity::find_by_id(id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .into_active_model();
    detail.on_time_inquiry_open = Set(true);
    detail.update(&app.db).await.unwrap();
}

async fn set_status(app: &TestApp, id: i64, status: i32) {
    let mut row = order_row(app, id).await.into_active_model();
    row.status_id = Set(crate::common::orders::status_of(status));
    row.update(&app.db).await.unwrap();
}

both_dbs!(lifecycle_walk_from_assigned_to_revision_response, |app| {
    let id = demo_appraisers_order(&app, "800100", 4).await;
    let s = app.signed_in("demo.appraiser").await;
    let before = history(&app, id).await.len();

    assert_eq!(
        s.post_ok("/api/order-details/accept", json!({"orderId": id})).await,
        "Order accepted."
    );
    assert!(order_row(&app, id).await.accepted_at.is_some());

    assert_eq!(
        s.post_ok("/api/order-details/schedule-inspection", schedule(id, &company_day(1), ""))
            .await,
        "Inspection scheduled."
    );
    let scheduled = order_row(&app, id).await;
    assert_eq!(scheduled.status_id.id(), 11);
    let local =
        scheduled.inspection_actual_date.unwrap().with_timezone(&chrono_tz::America::Chicago);
    assert_eq!(
        (local.format("%Y-%m-%d").to_string(), local.format("%H:%M").to_string()),
        (company_day(1), "09:00".to_string())
    );
    let details: Value = s.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(details["wasPreviouslyScheduled"], true);
    assert_eq!(details["estimatedDeliveryDate"], company_day(5));
    assert!(
        app.mail_subjects(ORDERS_TEAM).await.is_empty(),
        "a first scheduling needs nobody at the company"
    );

    let (status, text) = s
        .post_for_message(
            "/api/order-details/schedule-inspection",
            schedule(id, &company_day(2), " "),
        )
        .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Please provide a reason for Rescheduling")
    );
    assert_eq!(
        s.post_ok(
            "/api/order-details/schedule-inspection",
            schedule(id, &company_day(2), "Borrower asked")
        )
        .await,
        "Inspection rescheduled."
    );
    assert_eq!(order_row(&app, id).await.status_id.id(), 12);
    assert_eq!(app.mail_subjects(ORDERS_TEAM).await, ["Order 800100: Reschedule Inspection"]);

    let inspected = json!({
        "orderId": id, "inspectionActualDate": company_day(2), "inspectionActualTime": "10:30",
        "estimatedDeliveryDate": company_day(5), "orderStatusMessage": "All rooms photographed",
        "reasonLateDelivery": ""
    });
    assert_eq!(
        s.post_ok("/api/order-details/mark-inspected", inspected).await,
        "The order is marked inspected."
    );
    assert_eq!(order_row(&app, id).await.status_id.id(), 13);

    // A sketch leaves the status alone; the report moves the order into review.
    assert_eq!(s.upload(upload_form(id, "sketch.pdf", "5")).await.status(), StatusCode::OK);
    assert_eq!(order_row(&app, id).await.status_id.id(), 13);
    assert_eq!(s.upload(upload_form(id, "report.pdf", "1")).await.status(), StatusCode::OK);
    assert_eq!(order_row(&app, id).await.status_id.id(), 14);
    // In review: no more uploads, and the refused one leaves nothing behind.
    let files = app.count("SELECT COUNT(*) FROM stored_files").await;
    let r = s.upload(upload_form(id, "again.pdf", "1")).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(
        message(r).await,
        "Upload Files is not available for this order while it is In Review."
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM stored_files").await, files);

    // The review team asks for a revision (staff's own system), and the revised report answers it.
    set_status(&app, id, 16).await;
    assert_eq!(s.upload(upload_form(id, "revised.pdf", "2")).await.status(), StatusCode::OK);
    assert_eq!(order_row(&app, id).await.status_id.id(), 24);

    let added = history(&app, id).await.split_off(before);
    let statuses: Vec<i32> = added.iter().map(|(st, _)| *st).collect();
    assert_eq!(statuses, [5, 11, 12, 13, 13, 14, 24]);
    assert_eq!(added[0].1, "<p>Order accepted by Avery Appraiser.</p>");
    assert!(
        added[1].1.contains("Inspection scheduled for ")
            && added[1].1.contains("9:00am to 5:00pm, with Vacant."),
        "{}",
        added[1].1
    );
    assert!(added[2].1.contains("Reason for rescheduling: Borrower asked"), "{}", added[2].1);
    assert!(
        added[3].1.contains("at 10:30am") && added[3].1.contains("All rooms photographed"),
        "{}",
        added[3].1
    );
    assert_eq!(added[5].1, "<p>Files uploaded: report.pdf.</p>");
    for (action, n) in [
        ("order.accept", 1),
        ("order.schedule_inspection", 2),
        ("order.mark_inspected", 1),
        ("order.upload_files", 3),
    ] {
        assert_eq!(audited(&app, action).await, n, "{action}");
    }
});

both_dbs!(every_validation_message_and_nothing_changes, |app| {
    let assigned = demo_appraisers_order(&app, "800200", 4).await;
    let accepted = demo_appraisers_order(&app, "800201", 5).await;
    let scheduled = demo_appraisers_order(&app, "800202", 11).await;
    order_file(&app, accepted, "hidden.pdf", PDF, true).await;
    let s = app.signed_in("demo.appraiser").await;
    let schedule_with = |changes: Value| {
        let mut body = json!({
            "orderId": accepted, "inspectionActualDate": company_day(1),
            "estimatedDeliveryDate": company_day(3), "appointmentStartTime": "09:00",
            "appointmentEndTime": "10:00", "appointmentScheduledWith": "Borrower"
        });
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let inspected = |date: String, time: &str, delivery: String, reason: &str| {
        json!({
            "orderId": scheduled, "inspectionActualDate": date, "inspectionActualTime": time,
            "estimatedDeliveryDate": delivery, "reasonLateDelivery": reason
        })
    };
    let cases: Vec<(&str, Value, &str)> = vec![
        ("message", json!({"orderId": accepted, "message": "   "}), "Please enter a message."),
        ("message", json!({"orderId": accepted}), "Please enter a message."),
        (
            "message",
            json!({"orderId": accepted, "message": "x".repeat(4001)}),
            "Texts can be at most 4000 characters long.",
        ),
        (
            "mark-inspected",
            inspected(String::new(), "09:00", company_day(3), ""),
            "Inspection date is required",
        ),
        (
            "mark-inspected",
            inspected(company_day(0), "", company_day(3), ""),
            "Inspection time is required",
        ),
        (
            "mark-inspected",
            inspected(company_day(0), "09:00", String::new(), ""),
            "Estimated delivery date is required",
        ),
        (
            "mark-inspected",
            inspected(company_day(2), "09:00", company_day(1), " "),
            "Please provide a reason for the late delivery date",
        ),
        (
            "mark-inspected",
            inspected(company_day(0), "9:15", company_day(3), ""),
            "Choose a time from 7:00am to 8:00pm in 30-minute steps (got '9:15').",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"inspectionActualDate": ""})),
            "Inspection date is required",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"inspectionActualDate": company_day(-10)})),
            "Inspection date cannot be before the order create date",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"estimatedDeliveryDate": null})),
            "Estimated delivery date is required",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"estimatedDeliveryDate": company_day(0)})),
            "Estimated delivery date cannot be before Inspection Date",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"appointmentStartTime": ""})),
            "Appointment start time is required",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"appointmentEndTime": ""})),
            "Appointment end time is required",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"appointmentEndTime": "08:30"})),
            "End time must be after start time",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({"appointmentScheduledWith": ""})),
            "Scheduled with is required",
        ),
        (
            "schedule-inspection",
            schedule_with(json!({
                "inspectionActualDate": company_day(6), "estimatedDeliveryDate": company_day(8)
            })),
            "Please provide a reason for the late inspection",
        ),
        (
            "conditional-acceptance",
            json!({"orderId": assigned, "acceptConditions": " ", "fee": "500"}),
            "Comments are required",
        ),
        (
            "conditional-acceptance",
            json!({"orderId": assigned, "acceptConditions": "More time", "fee": "$500"}),
            "The fee may contain digits and a dot only",
        ),
        (
            "conditional-acceptance",
            json!({"orderId": assigned, "acceptConditions": "More time", "dueDate": "soon"}),
            "The due date must be a date in the form yyyy-mm-dd (got 'soon').",
        ),
        (
            "conditional-acceptance",
            json!({"orderId": assigned, "acceptConditions": "More time", "forAppraiser": 999999}),
            "forAppraiser must be the appraiser the order is assigned to.",
        ),
        (
            "reject",
            json!({"orderId": assigned, "rejectMessage": ""}),
            "Please enter a reason for rejection.",
        ),
        (
            "accept",
            json!({"orderId": assigned, "forAppraiser": 999999}),
            "forAppraiser must be the appraiser the order is assigned to.",
        ),
        (
            "update-status",
            json!({"orderId": accepted, "message": "Called twice"}),
            "Please select a status.",
        ),
        (
            "update-status",
            json!({"orderId": accepted, "statusDescription": "Left Message", "message": ""}),
            "Please enter a message.",
        ),
        (
            "update-status",
            json!({"orderId": accepted, "statusDescription": "Completed", "message": "Done"}),
            "Choose one of the statuses offered: In Progress, Refer To Comments, Left Message, \
             No Answer, Appraiser Delay (got 'Completed').",
        ),
        (
            "file-message",
            json!({"orderId": accepted, "fileName": "", "message": "See page 2"}),
            "Please choose a file.",
        ),
        (
            "file-message",
            json!({"orderId": accepted, "fileName": "hidden.pdf", "message": "See page 2"}),
            "This order has no file named hidden.pdf.",
        ),
        (
            "file-message",
            json!({"orderId": scheduled, "fileName": "missing.pdf", "message": "See page 2"}),
            "This order has no file named missing.pdf.",
        ),
    ];
    let before = written(&app).await;
    for (i, (path, body, expected)) in cases.into_iter().enumerate() {
        let (status, text) = s.post_for_message(&format!("/api/order-details/{path}"), body).await;
        assert_eq!(
            (status, text.as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, expected),
            "case {i}: {path}"
        );
    }
    assert_eq!(written(&app).await, before, "a refused action writes nothing");
    for (id, status) in [(assigned, 4), (accepted, 5), (scheduled, 11)] {
        assert_eq!(order_row(&app, id).await.status_id.id(), status);
    }
    // The reassign messages, for a firm administrator.
    let admin = app.signed_in("demo.admin").await;
    for (body, expected) in [
        (json!({"appraiserToAssignTo": 1}), "No order id to assign!."),
        (json!({"orderId": accepted}), "Please select an appraiser to assign the order to."),
    ] {
        let (status, text) =
            admin.post_for_message("/api/admin-appraiser/assign-order", body).await;
        assert_eq!((status, text.as_str()), (StatusCode::UNPROCESSABLE_ENTITY, expected));
    }
});

both_dbs!(actions_not_offered_are_refused, |app| {
    let accepted = demo_appraisers_order(&app, "800300", 5).await;
    let completed = demo_appraisers_order(&app, "800301", 15).await;
    let s = app.signed_in("demo.appraiser").await;
    let before = app.count("SELECT COUNT(*) FROM order_histories").await;
    let refusals: Vec<(&str, Value, StatusCode, &str)> = vec![
        (
            "/api/order-details/accept",
            json!({"orderId": accepted}),
            StatusCode::CONFLICT,
            "Accept is not available for this order while it is Accepted.",
        ),
        (
            "/api/order-details/reject",
            json!({"orderId": accepted, "rejectMessage": "No"}),
            StatusCode::CONFLICT,
            "Reject is not available for this order while it is Accepted.",
        ),
        (
            "/api/order-details/mark-inspected",
            json!({"orderId": accepted}),
            StatusCode::CONFLICT,
            "Mark Inspected is not available for this order while it is Accepted.",
        ),
        (
            "/api/order-details/auto-reply-yes",
            json!({"orderId": accepted}),
            StatusCode::CONFLICT,
            "Order Is On Time is not available for this order while it is Accepted.",
        ),
        (
            "/api/order-details/message",
            json!({"orderId": completed, "message": "Hello"}),
            StatusCode::CONFLICT,
            "Send Message is not available for this order while it is Completed.",
        ),
        (
            "/api/admin-appraiser/assign-order",
            json!({"orderId": accepted, "appraiserToAssignTo": 1}),
            StatusCode::FORBIDDEN,
            "You are not authorized to perform this action",
        ),
        (
            "/api/order-details/accept",
            json!({"orderId": 987654}),
            StatusCode::NOT_FOUND,
            "Order not found.",
        ),
    ];
    for (path, body, status, text) in refusals {
        let (got, got_text) = s.post_for_message(path, body).await;
        assert_eq!((got, got_text.as_str()), (status, text), "{path}");
    }
    // Another appraiser of the firm, and another firm's, cannot act on it; nor can a client.
    let stranger = outsider(&app).await;
    for username in ["demo.appraiser2", stranger, "demo.client"] {
        let other = app.signed_in(username).await;
        let (status, _) = other
            .post_for_message(
                "/api/order-details/message",
                json!({"orderId": accepted, "message": "Hi"}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{username}");
        assert_eq!(
            other.get(&format!("/api/admin-appraiser/order/{accepted}/assignable")).await.status(),
            StatusCode::FORBIDDEN,
            "{username}"
        );
    }
    // Without the CSRF header nothing happens either.
    assert_eq!(
        s.post_without_csrf(
            "/api/order-details/message",
            json!({"orderId": accepted, "message": "Hi"})
        )
        .await
        .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.count("SELECT COUNT(*) FROM order_histories").await, before);
});

both_dbs!(reject_unassigns_keeps_the_invitation_and_tells_staff, |app| {
    let id = demo_appraisers_order(&app, "800400", 4).await;
    let s = app.signed_in("demo.appraiser").await;
    assert_eq!(
        s.post_ok(
            "/api/order-details/reject",
            json!({"orderId": id, "rejectMessage": "Outside my area <b>sorry</b>"})
        )
        .await,
        "Order rejected."
    );
    let row = order_row(&app, id).await;
    assert_eq!(
        (row.status_id.id(), row.assigned_appraiser_id, row.assigned_company_id),
        (21, None, None)
    );
    assert_eq!(s.get(&format!("/api/order-details/{id}")).await.status(), StatusCode::FORBIDDEN);
    let invited: Value = s.get_json(&format!("/api/order-details/{id}/was-invited")).await;
    assert_eq!(invited["wasInvited"], true);
    let last = history(&app, id).await.pop().unwrap();
    assert_eq!(
        last,
        (
            21,
            "<p>Order rejected by Avery Appraiser.<br>\
             Reason: Outside my area &lt;b&gt;sorry&lt;/b&gt;</p>"
                .to_string()
        )
    );
    assert_eq!(app.mail_subjects(ORDERS_TEAM).await, ["Order 800400: Reject"]);
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(ORDERS_TEAM))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert!(
        mail.body_text.contains("Reason: Outside my area <b>sorry</b>")
            && mail.body_text.contains(&format!("/staff/orderdetails/{id}")),
        "{}",
        mail.body_text
    );
    assert!(mail.body_html.unwrap().contains("&lt;b&gt;sorry"));
    assert_eq!(audited(&app, "order.reject").await, 1);
    // Staff still see it, rejected: the work is done with, but the desk may give it to someone
    // else.
    let staff: Value =
        app.signed_in("demo.staff").await.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(staff["statusId"], 21);
    assert_eq!(staff["availableActions"], json!(["ASSIGN", "CANCEL", "SET_VISIBILITY"]));
});

both_dbs!(accept_and_reject_at_once_exactly_one_wins, |app| {
    for n in 0..4 {
        let id = order_with_details(
            &app,
            NewOrder {
                file_number: &format!("80050{n}"),
                status: 4,
                appraiser: Some("demo.appraiser"),
            },
        )
        .await;
        let appraiser = app.signed_in("demo.appraiser").await;
        let admin = app.signed_in("demo.admin").await;
        let before = history(&app, id).await.len();
        let (accepted, rejected) = tokio::join!(
            appraiser.post_for_message("/api/order-details/accept", json!({"orderId": id})),
            admin.post_for_message(
                "/api/order-details/reject",
                json!({"orderId": id, "rejectMessage": "Too far"})
            ),
        );
        let winners = [&accepted, &rejected].iter().filter(|(s, _)| *s == StatusCode::OK).count();
        assert_eq!(winners, 1, "exactly one wins: {accepted:?} {rejected:?}");
        let loser = if accepted.0 == StatusCode::OK { &rejected } else { &accepted };
        // An accept that starts after the reject committed finds the order no longer theirs:
        // 403, as for any order an appraiser lost (docs/domain.md#visibility); inside the race
        // it is 409.
        let lost_the_order = rejected.0 == StatusCode::OK && accepted.0 == StatusCode::FORBIDDEN;
        assert!(loser.0 == StatusCode::CONFLICT || lost_the_order, "{loser:?}");
        let row = order_row(&app, id).await;
        let added = history(&app, id).await.split_off(before);
        if accepted.0 == StatusCode::OK {
            assert_eq!(
                (row.status_id.id(), row.assigned_appraiser_id.is_some(), added.len(), added[0].0),
                (5, true, 1, 5)
            );
        } else {
            assert_eq!(
                (row.status_id.id(), row.assigned_appraiser_id, added.len(), added[0].0),
                (21, None, 1, 21)
            );
        }
    }
});

both_dbs!(messages_notes_conditions_status_updates_and_on_time_answers, |app| {
    let id = demo_appraisers_order(&app, "800600", 6).await;
    order_file(&app, id, "report.pdf", PDF, false).await;
    let s = app.signed_in("demo.appraiser").await;
    let staff = app.signed_in("demo.staff").await;

    assert_eq!(
        s.post_ok(
            "/api/order-details/message",
            json!({"orderId": id, "message": " Gate is locked "})
        )
        .await,
        "Message sent."
    );
    let m = last_message(&app, id).await;
    assert_eq!(
        (m.message_type.as_str(), m.body.as_str(), m.to_appraiser, m.from_first_name.as_str()),
        ("Appraiser to Staff", "Gate is locked", false, "Avery")
    );
    assert_eq!(app.mail_subjects(ORDERS_TEAM).await, ["Order 800600: Send Message"]);

    let unread = order_row(&app, id).await.appraiser_unread_messages;
    staff
        .post_ok(
            "/api/order-details/message",
            json!({"orderId": id, "message": "Key is under the mat"}),
        )
        .await;
    assert_eq!(
        (
            last_message(&app, id).await.message_type.as_str(),
            last_message(&app, id).await.to_appraiser
        ),
        ("Staff to Appraiser", true)
    );
    assert_eq!(order_row(&app, id).await.appraiser_unread_messages, unread + 1);
    assert_eq!(
        app.mail_subjects(ORDERS_TEAM).await.len(),
        1,
        "staff's own message needs no notice"
    );

    assert_eq!(
        s.post_ok(
            "/api/order-details/file-message",
            json!({"orderId": id, "fileName": "report.pdf", "message": "See page 2"})
        )
        .await,
        "Note sent."
    );
    assert_eq!(
        (
            last_message(&app, id).await.message_type.as_str(),
            last_message(&app, id).await.body.as_str()
        ),
        ("File Note", "report.pdf: See page 2")
    );

    assert_eq!(
        s.post_ok(
            "/api/order-details/update-status",
            json!({"orderId": id, "statusDescription": "left message", "message": "Voicemail"})
        )
        .await,
        "Status set to Left Message."
    );
    assert_eq!(order_row(&app, id).await.status_id.id(), 8);
    assert_eq!(
        history(&app, id).await.pop().unwrap(),
        (8, "<p>Status set to Left Message.<br>Voicemail</p>".to_string())
    );
    let options: Value = s.get_json("/api/constants/status-message-options").await;
    assert_eq!(
        options
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["label"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["In Progress", "Refer To Comments", "Left Message", "No Answer", "Appraiser Delay"]
    );

    // The on-time question: answered once, then no longer offered.
    open_on_time_question(&app, id).await;
    let offered: Value = s.get_json(&format!("/api/order-details/{id}")).await;
    assert!(offered["availableActions"].as_array().unwrap().contains(&json!("AUTO_REPLY_NO")));
    assert_eq!(
        s.post_ok("/api/order-details/auto-reply-no", json!({"orderId": id})).await,
        "Thank you, your answer was sent."
    );
    assert!(
        app.mail_subjects(ORDERS_TEAM)
            .await
            .contains(&"Order 800600: Order Is NOT On Time".to_string())
    );
    let (status, _) =
        s.post_for_message("/api/order-details/auto-reply-yes", json!({"orderId": id})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    open_on_time_question(&app, id).await;
    s.post_ok("/api/order-details/auto-reply-yes", json!({"orderId": id})).await;
    assert!(
        !order_detail::Entity::find_by_id(id)
            .one(&app.db)
            .await
            .unwrap()
            .unwrap()
            .on_time_inquiry_open
    );
    assert_eq!(
        history(&app, id).await.pop().unwrap().1,
        "<p>The appraiser confirmed the order is on time.</p>"
    );

    // Conditions on a new assignment: waiting for staff's approval.
    let offer = demo_appraisers_order(&app, "800601", 4).await;
    let body = json!({
        "orderId": offer, "forAppraiser": app.user_id("demo.appraiser").await,
        "acceptConditions": "Need two more days", "fee": "525.50", "dueDate": company_day(9),
        "standardFee": true, "complexity": false, "distance": true, "other": false
    });
    assert_eq!(
        s.post_ok("/api/order-details/conditional-acceptance", body).await,
        "Your conditions were sent for approval."
    );
    assert_eq!(order_row(&app, offer).await.status_id.id(), 26);
    let (status, html) = history(&app, offer).await.pop().unwrap();
    assert_eq!(status, 26);
    assert!(
        html.contains(
            "Conditions: Need two more days<br>Requested fee: $525.50<br>Requested due date: "
        ) && html.ends_with("<br>Because of: Standard Fee, Distance</p>"),
        "{html}"
    );
    assert!(
        app.mail_subjects(ORDERS_TEAM)
            .await
            .contains(&"Order 800601: Reject With Conditions".to_string())
    );
    for (action, n) in [
        ("order.send_message", 3),
        ("order.update_status", 1),
        ("order.auto_reply_no", 1),
        ("order.auto_reply_yes", 1),
        ("order.reject_with_conditions", 1),
    ] {
        assert_eq!(audited(&app, action).await, n, "{action}");
    }
});

/// The e-mail addresses of the appraisers an order may be reassigned to.
async fn assignable_emails(s: &Session, order_id: i64) -> Vec<String> {
    let list: Value =
        s.get_json(&format!("/api/admin-appraiser/order/{order_id}/assignable")).await;
    list.as_array()
        .unwrap()
        .iter()
        .map(|a| a["emailAddress"].as_str().unwrap().to_string())
        .collect()
}

both_dbs!(reassign_offers_only_appraisers_with_a_live_licence_in_the_state, |app| {
    use portal_db::entities::{appraiser_license, appraiser_profile};
    let id = demo_appraisers_order(&app, "800710", 5).await;
    let admin = app.signed_in("demo.admin").await;
    let (firm_admin, second) =
        ("demo.admin@appraisalportal.example", "demo.appraiser2@appraisalportal.example");
    assert_eq!(
        assignable_emails(&admin, id).await,
        [firm_admin, second],
        "both hold a Texas licence"
    );

    // demo.appraiser2's Texas licence ran out yesterday; one that ends today still counts.
    let profile = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(app.user_id("demo.appraiser2").await))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let texas = appraiser_license::Entity::find()
        .filter(appraiser_license::Column::AppraiserProfileId.eq(profile.id))
        .filter(appraiser_license::Column::StateCode.eq("TX"))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let today = Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    let mut licence = texas.into_active_model();
    licence.expiration_date = Set(today - Duration::days(1));
    let licence = licence.update(&app.db).await.unwrap();
    assert_eq!(assignable_emails(&admin, id).await, [firm_admin]);
    let (status, _) = admin
        .post_for_message(
            "/api/admin-appraiser/assign-order",
            json!({"orderId": id, "appraiserToAssignTo": profile.security_user_id}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "not assignable without a live licence");
    let mut licence = licence.into_active_model();
    licence.expiration_date = Set(today);
    licence.update(&app.db).await.unwrap();
    assert_eq!(assignable_emails(&admin, id).await, [firm_admin, second]);

    // In New Mexico only demo.appraiser2 is licensed; the office's state no longer matters.
    let mut moved = order_row(&app, id).await.into_active_model();
    moved.property_state_code = Set("NM".into());
    moved.update(&app.db).await.unwrap();
    assert_eq!(assignable_emails(&admin, id).await, [second]);
});

both_dbs!(reassign_within_the_firm_with_open_order_counts, |app| {
    let id = demo_appraisers_order(&app, "800700", 11).await;
    order_with_details(
        &app,
        NewOrder { file_number: "800701", status: 6, appraiser: Some("demo.appraiser2") },
    )
    .await;
    order_with_details(
        &app,
        NewOrder { file_number: "800702", status: 15, appraiser: Some("demo.appraiser2") },
    )
    .await;
    let stranger = outsider(&app).await;
    let admin = app.signed_in("demo.admin").await;
    let list: Value = admin.get_json(&format!("/api/admin-appraiser/order/{id}/assignable")).await;
    let names: Vec<(&str, i64)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["emailAddress"].as_str().unwrap(), a["openOrders"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        names,
        [("demo.admin@appraisalportal.example", 0), ("demo.appraiser2@appraisalportal.example", 1)],
        "the firm's others, closed orders not counted"
    );
    assert_eq!(list[1]["officeAddress"], "110 Congress Avenue, Austin TX 78701");
    assert_eq!(
        (list[1]["licensed"].clone(), list[1]["fhaCertified"].clone()),
        (json!(true), json!(false))
    );

    let other = app.user_id(stranger).await;
    let (status, text) = admin
        .post_for_message(
            "/api/admin-appraiser/assign-order",
            json!({"orderId": id, "appraiserToAssignTo": other}),
        )
        .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "That appraiser cannot be assigned this order. Choose one of the assignable appraisers."
        )
    );

    let second = app.user_id("demo.appraiser2").await;
    let done = admin
        .post_ok(
            "/api/admin-appraiser/assign-order",
            json!({"orderId": id, "appraiserToAssignTo": second}),
        )
        .await;
    assert_eq!(done, "Order assigned to Blake Morgan.");
    let row = order_row(&app, id).await;
    assert_eq!(
        (row.status_id.id(), row.assigned_appraiser_id, row.accepted_at),
        (4, Some(second), None)
    );
    assert_eq!(
        history(&app, id).await.pop().unwrap(),
        (
            4,
            "<p>Order reassigned from Avery Appraiser to Blake Morgan by Casey Admin.</p>"
                .to_string()
        )
    );
    assert_eq!(
        app.mail_subjects("demo.appraiser2@appraisalportal.example").await,
        ["New order 800700 assigned to you"]
    );

    // The first appraiser lost it (and was invited); the second has it to accept.
    let first = app.signed_in("demo.appraiser").await;
    assert_eq!(
        first.get(&format!("/api/order-details/{id}")).await.status(),
        StatusCode::FORBIDDEN
    );
    let invited: Value = first.get_json(&format!("/api/order-details/{id}/was-invited")).await;
    assert_eq!(invited["wasInvited"], true);
    let theirs: Value =
        app.signed_in("demo.appraiser2").await.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(
        theirs["availableActions"],
        json!(["ACCEPT", "REJECT", "REJECT_WITH_CONDITIONS", "SEND_MESSAGE"])
    );

    // The administrator accepts for their appraiser; staff reassign too.
    admin
        .post_ok("/api/order-details/accept", json!({"orderId": id, "forAppraiser": second}))
        .await;
    assert_eq!(order_row(&app, id).await.status_id.id(), 5);
    let staff = app.signed_in("demo.staff").await;
    let list: Value = staff.get_json(&format!("/api/admin-appraiser/order/{id}/assignable")).await;
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .any(|a| a["emailAddress"] == "demo.appraiser@appraisalportal.example")
    );
    assert_eq!(audited(&app, "order.reassign").await, 1);
});
