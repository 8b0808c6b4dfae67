//! Automatic offers, on both databases: offer in turn moving on when an offer's time runs out (the
//! clock is the test's, not a sleep), broadcast with two appraisers accepting at once, each
//! exclusion explained in the decision, and an order no one may take handed back to staff.
use crate::common;

use chrono::{Duration, Utc};
use portal::features::assignment::offers::{MSG_TAKEN, MSG_WITHDRAWN, expire_due};
use portal_db::entities::{appraiser_profile, coverage_area, order, outbox};
use portal_db::status::OrderStatus;
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::{Value, json};

use crate::assignment::json_of;
use crate::staff_desk::order_form;
use common::orders::{new_client, new_order};
use common::{Session, TestApp};

/// Gives the appraiser a verified coverage area in Travis County, TX (where the test orders are).
pub async fn covers_travis(app: &TestApp, username: &str) {
    let user = app.user_id(username).await;
    let profile = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(user))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    coverage_area::ActiveModel {
        id: NotSet,
        appraiser_profile_id: Set(profile.id),
        state_code: Set("TX".into()),
        county: Set("Travis County".into()),
        verified: Set(true),
        created_at: Set(Utc::now()),
    }
    .insert(&app.db)
    .await
    .unwrap();
}

async fn decision(staff: &Session, id: i64) -> Value {
    let (status, body) =
        json_of(staff.get(&format!("/api/staff/orders/{id}/assignment-decision")).await).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn open_offers(decision: &Value) -> Vec<i64> {
    decision["offers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["status"] == "open")
        .map(|o| o["appraiserId"].as_i64().unwrap())
        .collect()
}

async fn accept(s: &Session, id: i64) -> (StatusCode, Value) {
    json_of(s.post("/api/order-details/accept", json!({ "orderId": id })).await).await
}

async fn order_of(app: &TestApp, id: i64) -> order::Model {
    order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap()
}

both_dbs!(an_offer_in_turn_moves_on_when_its_time_runs_out, |app| {
    let staff = app.signed_in("demo.staff").await;
    covers_travis(&app, "demo.appraiser2").await;
    let policy = json!({"mode": "offer_in_turn", "offerHours": 4, "broadcastSize": 3});
    let (status, saved) =
        json_of(staff.put("/api/staff/assignment-policy", policy.clone()).await).await;
    assert_eq!((status, saved), (StatusCode::OK, policy));
    let id = new_order(&staff, order_form(new_client(&staff, "Turn Bank").await)).await;

    let first = decision(&staff, id).await;
    assert_eq!(
        (first["mode"].clone(), first["outcome"].clone()),
        (json!("offer_in_turn"), json!("offered"))
    );
    let offered = open_offers(&first);
    assert_eq!(offered.len(), 1, "{first}");
    let top = &first["candidates"][0];
    assert_eq!((top["rank"].clone(), top["appraiserId"].as_i64()), (json!(1), Some(offered[0])));
    assert!(top["figures"]["openOrders"].is_number() && top["score"].is_number(), "{top}");
    assert_eq!(order_of(&app, id).await.status_id, OrderStatus::Default, "waits unassigned");

    // The first appraiser sees the offer and why; the other does not see the order yet.
    let (a_name, b_name) = if offered[0] == i64::from(app.user_id("demo.appraiser").await) {
        ("demo.appraiser", "demo.appraiser2")
    } else {
        ("demo.appraiser2", "demo.appraiser")
    };
    let a = app.signed_in(a_name).await;
    let b = app.signed_in(b_name).await;
    let (status, details) = json_of(a.get(&format!("/api/order-details/{id}")).await).await;
    assert_eq!(status, StatusCode::OK, "{details}");
    assert_eq!(details["availableActions"], json!(["ACCEPT", "REJECT"]));
    assert_eq!(details["offer"]["rank"], 1);
    let dashboard: Value = a.post("/api/dashboard", json!({})).await.json().await.unwrap();
    let row = dashboard["items"].as_array().unwrap().iter().find(|i| i["id"] == id).cloned();
    assert!(row.is_some_and(|r| r["offeredUntil"].is_string()), "on their dashboard: {dashboard}");
    assert_eq!(b.get(&format!("/api/order-details/{id}")).await.status(), StatusCode::FORBIDDEN);

    // Not yet expired one minute on; four business hours later (and more) it is.
    assert_eq!(
        expire_due(&app.db, &app.config, Utc::now() + Duration::minutes(1)).await.unwrap(),
        0
    );
    assert_eq!(expire_due(&app.db, &app.config, Utc::now() + Duration::days(7)).await.unwrap(), 1);
    let second = decision(&staff, id).await;
    let next = open_offers(&second);
    assert_eq!(next, [i64::from(app.user_id(b_name).await)], "{second}");
    let earlier =
        second["candidates"].as_array().unwrap().iter().find(|c| c["appraiserId"] == offered[0]);
    assert!(
        earlier.unwrap()["excludedBecause"].to_string().contains("Already offered this order.")
    );

    let (status, body) = accept(&b, id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let o = order_of(&app, id).await;
    assert_eq!(
        (o.status_id, o.assigned_appraiser_id),
        (OrderStatus::Accepted, Some(app.user_id(b_name).await))
    );
    assert_eq!(a.get(&format!("/api/order-details/{id}")).await.status(), StatusCode::FORBIDDEN);
    let statuses: Vec<String> = decision(&staff, id).await["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(statuses, ["expired", "accepted"]);
    let (status, late) = accept(&a, id).await;
    assert_eq!((status, late["message"].as_str()), (StatusCode::CONFLICT, Some(MSG_TAKEN)));

    // Cancelled while offered: the offer closes and a late accept is told so.
    let cancelled = new_order(&staff, order_form(new_client(&staff, "Cancel Bank").await)).await;
    let offered_to = open_offers(&decision(&staff, cancelled).await)[0];
    let mut holder = None;
    for name in ["demo.appraiser", "demo.appraiser2", "demo.admin"] {
        if i64::from(app.user_id(name).await) == offered_to {
            holder = Some(app.signed_in(name).await);
        }
    }
    let holder = holder.expect("offered to a demo appraiser");
    staff
        .post_ok(
            &format!("/api/staff/orders/{cancelled}/cancel"),
            json!({"reason": "Loan withdrawn."}),
        )
        .await;
    let (status, body) = accept(&holder, cancelled).await;
    assert_eq!((status, body["message"].as_str()), (StatusCode::CONFLICT, Some(MSG_WITHDRAWN)));
    assert_eq!(order_of(&app, cancelled).await.status_id, OrderStatus::Cancelled);
});

both_dbs!(a_broadcast_goes_to_the_first_who_accepts, |app| {
    let staff = app.signed_in("demo.staff").await;
    covers_travis(&app, "demo.appraiser2").await;
    let client = new_client(&staff, "Broadcast Bank").await;
    let path = format!("/api/staff/clients/{client}/assignment-policy");
    let (_, inherited) = json_of(staff.get(&path).await).await;
    assert_eq!(
        (inherited["mode"].clone(), inherited["inherited"].clone()),
        (json!("manual"), json!(true))
    );
    let (status, refused) = json_of(
        staff.put(&path, json!({"mode": "broadcast", "offerHours": 4, "broadcastSize": 1})).await,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(refused["fields"]["broadcastSize"].is_string(), "{refused}");
    staff.put(&path, json!({"mode": "broadcast", "offerHours": 4, "broadcastSize": 2})).await;
    let id = new_order(&staff, order_form(client)).await;
    assert_eq!(open_offers(&decision(&staff, id).await).len(), 2);

    let a = app.signed_in("demo.appraiser").await;
    let b = app.signed_in("demo.appraiser2").await;
    let (first, second) = tokio::join!(accept(&a, id), accept(&b, id));
    let answers = [first.0, second.0];
    assert!(
        answers.contains(&StatusCode::OK) && answers.contains(&StatusCode::CONFLICT),
        "{first:?} {second:?}"
    );
    let (loser, loser_name) = if first.0 == StatusCode::CONFLICT {
        (first.1, "demo.appraiser")
    } else {
        (second.1, "demo.appraiser2")
    };
    assert_eq!(loser["message"], MSG_TAKEN);
    let loser_id = app.user_id(loser_name).await;
    let email = portal_db::entities::security_user::Entity::find_by_id(loser_id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
        .email;
    let told = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(email))
        .filter(outbox::Column::Subject.contains("is no longer offered to you"))
        .one(&app.db)
        .await
        .unwrap();
    assert!(told.is_some(), "the loser gets a notice");
    let o = order_of(&app, id).await;
    assert_eq!(o.status_id, OrderStatus::Accepted);
    assert_ne!(o.assigned_appraiser_id, Some(loser_id));
    assert!(open_offers(&decision(&staff, id).await).is_empty());

    // The client back on the company's policy (manual): new orders wait for staff.
    let (_, back) = json_of(staff.delete(&path).await).await;
    assert_eq!(back["inherited"], true);
    let manual = new_order(&staff, order_form(client)).await;
    let (status, none) =
        json_of(staff.get(&format!("/api/staff/orders/{manual}/assignment-decision")).await).await;
    assert_eq!((status, none), (StatusCode::OK, Value::Null), "never decided: a normal state");
});

both_dbs!(each_exclusion_is_explained_and_no_one_left_hands_the_order_back, |app| {
    let staff = app.signed_in("demo.staff").await;
    let policy = json!({"mode": "offer_in_turn", "offerHours": 2, "broadcastSize": 3});
    staff.put("/api/staff/assignment-policy", policy).await;
    let appraiser = app.user_id("demo.appraiser").await;
    let appraiser2 = app.user_id("demo.appraiser2").await;
    let admin = app.user_id("demo.admin").await;
    // demo.appraiser: asks more than the order pays; demo.admin: suspended; demo.appraiser2: no
    // verified coverage in Travis County and not on the FHA roster.
    let a = app.signed_in("demo.appraiser").await;
    a.put(
        &format!("/api/appraiser/{appraiser}/fee-schedule"),
        json!([{"productId": 9, "feeCents": 90000}]),
    )
    .await;
    staff
        .post_ok(
            &format!("/api/staff/appraisers/{admin}/suspend"),
            json!({"reason": "Audit pending."}),
        )
        .await;
    staff
        .put(&format!("/api/staff/appraisers/{appraiser2}"), json!({"isFhaCertified": false}))
        .await;
    let mut form = order_form(new_client(&staff, "Nobody Bank").await);
    form["reportTypeIds"] = json!([9]);
    form["appraiserFee"] = json!(300);
    let id = new_order(&staff, form).await;

    let d = decision(&staff, id).await;
    assert_eq!(d["outcome"], "none", "{d}");
    let reasons_of = |who: i32| -> String {
        d["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["appraiserId"] == who)
            .unwrap()["excludedBecause"]
            .to_string()
    };
    assert!(
        reasons_of(appraiser)
            .contains("Their fee ($900.00) is above the order's appraiser fee ($300.00)."),
        "{d}"
    );
    assert!(reasons_of(admin).contains("Suspended from the panel."), "{d}");
    assert!(reasons_of(appraiser2).contains("No verified coverage area in Travis County."), "{d}");
    assert!(reasons_of(appraiser2).contains("Not on the FHA roster."), "{d}");
    assert!(d["candidates"].as_array().unwrap().iter().all(|c| c["rank"].is_null()));

    let handed: Value = staff.get_json("/api/staff/assignment/handed-back").await;
    assert!(handed.as_array().unwrap().iter().any(|h| h["orderId"] == id), "{handed}");
    let mail = outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(app.config.orders_team_email.as_str()))
        .filter(outbox::Column::Subject.contains("no appraiser accepted"))
        .one(&app.db)
        .await
        .unwrap();
    assert!(mail.is_some(), "the orders team is told");

    // At capacity: demo.appraiser, with as many open orders as their limit, is left out too.
    let busy = new_order(&staff, order_form(new_client(&staff, "Busy Bank").await)).await;
    crate::staff_desk::assign_to(&app, &staff, busy, "demo.appraiser").await;
    let candidates: Value = staff.get_json(&format!("/api/staff/orders/{busy}/candidates")).await;
    let open = candidates
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["appraiserId"] == appraiser)
        .unwrap()["openOrders"]
        .as_i64()
        .unwrap();
    assert!(open > 0);
    let limit = json!({"appraiserId": appraiser, "capacity": open});
    assert_eq!(a.post("/api/appraiser/update-capacity", limit).await.status(), StatusCode::OK);
    let id = new_order(&staff, order_form(new_client(&staff, "Full Bank").await)).await;
    let d = decision(&staff, id).await;
    let them = d["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["appraiserId"] == appraiser)
        .unwrap()
        .clone();
    assert!(
        them["excludedBecause"].to_string().contains(&format!("At capacity ({open} open orders).")),
        "{d}"
    );
});
