//! The assignment engine, on both databases: a fair panel (suspension needs a reason, the
//! appraiser is told and answers, suspended appraisers are not candidates), turn-time rules giving
//! new orders their due dates (rush when sooner, a reason for another date), and the appraisers'
//! own fee schedules and capacity.
use crate::common;

use portal::platform::business_days;
use portal_db::entities::{order, order_detail, order_history, outbox, security_user};
use reqwest::StatusCode;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::client_portal::{client_user, new_order_form};
use crate::staff_desk::order_form;
use common::TestApp;
use common::orders::{history_of, new_client, new_order};

pub async fn json_of(r: reqwest::Response) -> (StatusCode, Value) {
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

async fn mail_to(app: &TestApp, recipient: &str, subject: &str) -> Option<outbox::Model> {
    outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(recipient))
        .filter(outbox::Column::Subject.eq(subject))
        .one(&app.db)
        .await
        .unwrap()
}

fn candidate(list: &Value, appraiser: i32) -> Value {
    list.as_array().unwrap().iter().find(|c| c["appraiserId"] == appraiser).cloned().unwrap()
}

both_dbs!(a_suspension_needs_a_reason_is_told_answered_and_kept, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let id = app.user_id("demo.appraiser").await;
    let suspend = format!("/api/staff/appraisers/{id}/suspend");
    for body in [json!({}), json!({"reason": "   "})] {
        let (status, refused) = json_of(staff.post(&suspend, body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert_eq!(refused["message"], "Please enter a reason.");
    }
    let reason = "Three reports late in October.";
    staff.post_ok(&suspend, json!({ "reason": reason })).await;
    let (status, _) = json_of(staff.post(&suspend, json!({ "reason": reason })).await).await;
    assert_eq!(status, StatusCode::CONFLICT, "already suspended");
    let email = security_user::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap().email;
    let told = mail_to(&app, &email, "Suspended from the panel").await.expect("e-mailed");
    assert!(told.body_text.contains(reason), "{}", told.body_text);

    // Not a candidate while suspended, and Assign refuses them.
    let order_id = new_order(&staff, order_form(new_client(&staff, "Turnwell Bank").await)).await;
    let list: Value = staff.get_json(&format!("/api/staff/orders/{order_id}/candidates")).await;
    let them = candidate(&list, id);
    assert_eq!(them["eligible"], false);
    assert!(them["reasons"].to_string().contains("Suspended from the panel."), "{them}");
    let (status, refused) = json_of(
        staff
            .post(&format!("/api/staff/orders/{order_id}/assign"), json!({"appraiserId": id}))
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");

    // The appraiser reads the reason and answers; nobody else may read or answer.
    let history_path = format!("/api/appraiser/{id}/panel-history");
    let (status, history) = json_of(appraiser.get(&history_path).await).await;
    assert_eq!(status, StatusCode::OK, "{history}");
    assert_eq!(
        (history["suspended"].clone(), history["suspensionReason"].clone()),
        (json!(true), json!(reason))
    );
    let answer_path = format!("{history_path}/answer");
    let (status, _) = json_of(appraiser.post(&answer_path, json!({"text": ""})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    appraiser.post_ok(&answer_path, json!({"text": "Two were held by the lender."})).await;
    let orders_team = &app.config.orders_team_email;
    assert!(mail_to(&app, orders_team, "Panel answer from Avery Appraiser").await.is_some());
    let other = app.signed_in(common::orders::outsider(&app).await).await;
    assert_eq!(other.get(&history_path).await.status(), StatusCode::FORBIDDEN);
    let (status, _) = json_of(other.post(&answer_path, json!({"text": "Not mine."})).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = json_of(staff.post(&answer_path, json!({"text": "Staff?"})).await).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the appraiser answers");

    // Reinstated: a candidate again; the history keeps all three lines in order.
    staff.post_ok(&format!("/api/staff/appraisers/{id}/reinstate"), json!({})).await;
    let (status, _) =
        json_of(staff.post(&format!("/api/staff/appraisers/{id}/reinstate"), json!({})).await)
            .await;
    assert_eq!(status, StatusCode::CONFLICT, "not suspended");
    let list: Value = staff.get_json(&format!("/api/staff/orders/{order_id}/candidates")).await;
    assert!(!candidate(&list, id)["reasons"].to_string().contains("Suspended"));
    let history: Value = staff.get_json(&history_path).await;
    let kinds: Vec<&str> =
        history["events"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["suspended", "answer", "reinstated"]);
    assert_eq!(history["events"][0]["by"], "Dana Staff");
    assert_eq!(history["suspended"], false);
});

both_dbs!(turn_time_rules_give_due_dates_rush_and_need_a_reason_to_differ, |app| {
    let staff = app.signed_in("demo.staff").await;
    let path = "/api/staff/products/1/turn-time";
    for (body, field) in [
        (json!({"businessDays": 0}), "businessDays"),
        (json!({"businessDays": 5, "rushBusinessDays": 5}), "rushBusinessDays"),
        (json!({"businessDays": 5, "rushFeeCents": -1}), "rushFeeCents"),
        (json!({"businessDays": 5, "states": [{"stateCode": "ZZ", "businessDays": 3}]}), "states"),
    ] {
        let (status, refused) = json_of(staff.put(path, body).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert!(refused["fields"][field].is_string(), "{field}: {refused}");
    }
    let rule = json!({"businessDays": 5, "rushBusinessDays": 2, "rushFeeCents": 7500,
        "states": [{"stateCode": "tx", "businessDays": 7, "rushBusinessDays": 3}]});
    let (status, saved) = json_of(staff.put(path, rule).await).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["states"][0]["stateCode"], "TX");
    let read: Value = staff.get_json(path).await;
    assert_eq!(read, saved);

    // A lender's order without a date takes the Texas rule: seven business days, holidays skipped.
    let client_id = new_client(&staff, "Turnwell Bank").await;
    let lender = client_user(&app, &staff, client_id, "turn.lender").await;
    let today = app.config.today().unwrap();
    let seventh = business_days::after(today, 7);
    assert_eq!(business_days::between(today, seventh), 7);
    let terms: Value = lender.get_json("/api/client/due-date-terms?productId=1&stateCode=tx").await;
    assert_eq!(terms["standardDueDate"], seventh.to_string(), "the form shows it first: {terms}");
    assert_eq!(terms["rushFeeCents"], 7500, "{terms}");
    let elsewhere: Value =
        lender.get_json("/api/client/due-date-terms?productId=1&stateCode=ok").await;
    let fifth = business_days::after(today, 5).to_string();
    assert_eq!(elsewhere["standardDueDate"], fifth, "Oklahoma has the product's own rule");
    let mut form = new_order_form();
    form.as_object_mut().unwrap().remove("requestedDueDate");
    let (status, placed) = json_of(lender.post("/api/client/orders", form.clone()).await).await;
    assert_eq!(status, StatusCode::CREATED, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    let row = order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(row.appraiser_due_date, Some(seventh));
    let detail = order_detail::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert!(!detail.rush);
    let usual_fee = detail.client_fee_cents.unwrap();

    // Sooner than the rule: accepted, rush, and the rush fee is charged.
    form["requestedDueDate"] = json!(business_days::after(today, 2).to_string());
    let (status, placed) = json_of(lender.post("/api/client/orders", form).await).await;
    assert_eq!(status, StatusCode::CREATED, "{placed}");
    let rushed = placed["id"].as_i64().unwrap();
    let detail = order_detail::Entity::find_by_id(rushed).one(&app.db).await.unwrap().unwrap();
    assert!(detail.rush);
    assert_eq!(detail.client_fee_cents, Some(usual_fee + 7500));
    let notes: Vec<String> =
        history_of(&app, rushed).await.into_iter().filter_map(|h| h.message_html).collect();
    assert!(notes.iter().any(|n| n.contains("Rush: due")), "{notes:?}");

    // Staff: no date takes the rule; another date needs a reason, which the history keeps.
    let mut staff_form = order_form(client_id);
    staff_form.as_object_mut().unwrap().remove("appraiserDueDate");
    let id = new_order(&staff, staff_form.clone()).await;
    let row = order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap();
    assert_eq!(row.appraiser_due_date, Some(seventh));
    staff_form["appraiserDueDate"] = json!(business_days::after(today, 9).to_string());
    let (status, refused) =
        json_of(staff.post("/api/staff/orders", staff_form.clone()).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["fields"]["dueDateReason"].is_string(), "{refused}");
    staff_form["dueDateReason"] = json!("The lender asked for more time.");
    let id = new_order(&staff, staff_form).await;
    let history = order_history::Entity::find()
        .filter(order_history::Column::OrderId.eq(id))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert!(
        history
            .message_html
            .unwrap_or_default()
            .contains("Reason: The lender asked for more time."),
        "the reason is kept"
    );

    // A product without a rule still needs its date.
    let mut no_rule = order_form(client_id);
    no_rule["reportTypeIds"] = json!([6]);
    no_rule.as_object_mut().unwrap().remove("appraiserDueDate");
    let (status, refused) = json_of(staff.post("/api/staff/orders", no_rule).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["fields"]["appraiserDueDate"].is_string(), "{refused}");
});

both_dbs!(an_appraiser_keeps_a_fee_schedule_and_a_capacity, |app| {
    let appraiser = app.signed_in("demo.appraiser").await;
    let id = app.user_id("demo.appraiser").await;
    let path = format!("/api/appraiser/{id}/fee-schedule");
    let (status, empty) = json_of(appraiser.get(&path).await).await;
    assert_eq!((status, empty), (StatusCode::OK, json!([])));
    let (status, refused) =
        json_of(appraiser.put(&path, json!([{"productId": 1, "feeCents": -5}])).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["fields"]["[0].feeCents"].is_string(), "{refused}");
    let schedule = json!([{"productId": 1, "feeCents": 42500}, {"productId": 6, "feeCents": 9000}]);
    let (status, saved) = json_of(appraiser.put(&path, schedule.clone()).await).await;
    assert_eq!((status, saved), (StatusCode::OK, schedule.clone()));
    let staff = app.signed_in("demo.staff").await;
    assert_eq!(staff.get_json::<Value>(&path).await, schedule);
    let other = app.signed_in(common::orders::outsider(&app).await).await;
    assert_eq!(other.get(&path).await.status(), StatusCode::FORBIDDEN);

    let capacity = "/api/appraiser/update-capacity";
    let (status, refused) =
        json_of(appraiser.post(capacity, json!({"appraiserId": id, "capacity": 0})).await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let (status, info) =
        json_of(appraiser.post(capacity, json!({"appraiserId": id, "capacity": 6})).await).await;
    assert_eq!(status, StatusCode::OK, "{info}");
    assert_eq!(info["capacity"], 6);
    let info: Value = appraiser.get_json(&format!("/api/appraiser/{id}")).await;
    assert_eq!((info["capacity"].clone(), info["suspended"].clone()), (json!(6), json!(false)));
});
