//! A lender's users by role, on both databases: a table of role x order (own, branch, other) for
//! what each reaches (404 outside) and what its insights count, what each may do (403), the lender
//! administrator's users and branches (the last administrator stays, 409), and deactivation
//! (sessions end at once, the keys the user made stop).
use crate::common;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::client_portal::new_order_form;
use common::{Session, TestApp};

async fn lender(staff: &Session, name: &str) -> i64 {
    let created: Value =
        staff.post("/api/staff/clients", json!({"companyName": name})).await.json().await.unwrap();
    created["id"].as_i64().unwrap()
}

/// A signed-in user of the client with `role` (and `branch`), invited by staff; with their id.
async fn member(
    app: &TestApp,
    staff: &Session,
    client: i64,
    username: &str,
    role: &str,
    branch: Option<i64>,
) -> (Session, i64) {
    let body = json!({
        "username": username, "email": format!("{username}@lender.example"),
        "firstName": "Lee", "lastName": username, "role": role, "branchId": branch
    });
    let r = staff.post(&format!("/api/staff/clients/{client}/users"), body).await;
    assert_eq!(r.status(), StatusCode::CREATED, "{}", r.text().await.unwrap());
    let set = portal::features::auth::change_password::set_password;
    set(&app.db, username, common::PASSWORD.into()).await.unwrap();
    let id = i64::from(app.user_id(username).await);
    (app.signed_in(username).await, id)
}

async fn place(session: &Session, extra: Value) -> i64 {
    let mut form = new_order_form();
    for (k, v) in extra.as_object().unwrap() {
        form[k] = v.clone();
    }
    let r = session.post("/api/client/orders", form).await;
    assert_eq!(r.status(), StatusCode::CREATED, "{}", r.text().await.unwrap());
    r.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn signed_in(session: &Session) -> bool {
    session.get("/api/auth/logged-in").await.status() == StatusCode::OK
}

both_dbs!(each_role_reaches_its_orders_and_does_what_it_may, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Roles Savings").await;
    let other = lender(&staff, "Elsewhere Bank").await;
    let (admin, _) = member(&app, &staff, client, "roles.admin", "lender_admin", None).await;
    let mut branches = Vec::new();
    for name in ["North", "South"] {
        let r = admin.post("/api/client/branches", json!({"name": name})).await;
        assert_eq!(r.status(), StatusCode::CREATED);
        branches.push(r.json::<Value>().await.unwrap()["id"].as_i64().unwrap());
    }
    let (north, south) = (branches[0], branches[1]);
    let r = admin.post("/api/client/branches", json!({"name": "North"})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "a branch name once per lender");

    let (manager, _) =
        member(&app, &staff, client, "roles.bm", "branch_manager", Some(north)).await;
    let (processor, _) = member(&app, &staff, client, "roles.pr", "processor", Some(north)).await;
    let (officer, officer_id) =
        member(&app, &staff, client, "roles.lo", "loan_officer", Some(north)).await;
    let (officer2, officer2_id) =
        member(&app, &staff, client, "roles.lo2", "loan_officer", Some(south)).await;
    let (viewer, _) = member(&app, &staff, client, "roles.viewer", "viewer", None).await;
    let (south_viewer, _) =
        member(&app, &staff, client, "roles.sviewer", "viewer", Some(south)).await;
    let (outsider, _) = member(&app, &staff, other, "roles.other", "lender_admin", None).await;

    let mine = place(&officer, json!({})).await; // North, officer 1
    let for_officer2 = place(&processor, json!({"loanOfficerId": officer2_id})).await; // North
    let south_order = place(&admin, json!({"branchId": south})).await;
    let officer2_own = place(&officer2, json!({})).await; // South, officer 2
    let elsewhere = place(&outsider, json!({})).await;

    // (who, [mine, for_officer2, south_order, officer2_own, elsewhere]: reached?)
    let table: [(&str, &Session, [bool; 5]); 7] = [
        ("lender_admin", &admin, [true, true, true, true, false]),
        ("branch_manager", &manager, [true, true, false, false, false]),
        ("processor", &processor, [true, true, false, false, false]),
        ("loan_officer", &officer, [true, false, false, false, false]),
        ("loan_officer 2", &officer2, [false, true, false, true, false]),
        ("viewer", &viewer, [true, true, true, true, false]),
        ("viewer of South", &south_viewer, [false, false, true, true, false]),
    ];
    let orders = [mine, for_officer2, south_order, officer2_own, elsewhere];
    for (who, session, reached) in table {
        for (order, reaches) in orders.iter().zip(reached) {
            let status = session.get(&format!("/api/client/orders/{order}")).await.status();
            let expected = if reaches { StatusCode::OK } else { StatusCode::NOT_FOUND };
            assert_eq!(status, expected, "{who} and order {order}");
        }
        let listed: Value = session.get_json("/api/client/orders?filter=all").await;
        let count = reached.iter().filter(|r| **r).count() as u64;
        assert_eq!(listed["total"].as_u64(), Some(count), "{who}'s list");
        let (_, _, lines) =
            crate::client_exports::csv(session, "/api/client/orders/export?format=csv&filter=all")
                .await;
        assert_eq!(lines.len() as u64, count + 1, "{who}'s export");
        let insight: Value = session.get_json("/api/client/insights/volume").await;
        let received = &insight["figures"][0];
        assert_eq!(received["key"], "received");
        assert_eq!(received["value"].as_f64(), Some(count as f64), "{who}'s insights");
    }
    let row = app
        .count(&format!(
            "SELECT COUNT(*) FROM client_orders WHERE order_id = {for_officer2} \
             AND branch_id = {north} AND loan_officer_id = {officer2_id}"
        ))
        .await;
    assert_eq!(row, 1, "the order keeps its branch and loan officer");
    let row = app
        .count(&format!(
            "SELECT COUNT(*) FROM client_orders WHERE order_id = {mine} \
             AND branch_id = {north} AND loan_officer_id = {officer_id}"
        ))
        .await;
    assert_eq!(row, 1, "a loan officer's own order is theirs, in their branch");

    // What each may do: a viewer changes nothing (403 on an order it reaches, 404 on another).
    let message = json!({"body": "When is the inspection?"});
    let r = viewer.post("/api/client/orders", new_order_form()).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN, "a viewer places nothing");
    let r = viewer.post(&format!("/api/client/orders/{mine}/messages"), message.clone()).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let cancel = json!({"reason": "Loan withdrawn"});
    let r = viewer.post(&format!("/api/client/orders/{mine}/cancel"), cancel).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let r =
        south_viewer.post(&format!("/api/client/orders/{mine}/messages"), message.clone()).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = officer.post(&format!("/api/client/orders/{mine}/messages"), message.clone()).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let r = officer.post(&format!("/api/client/orders/{south_order}/messages"), message).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = processor
        .post("/api/client/orders", {
            let mut form = new_order_form();
            form["branchId"] = json!(south);
            form
        })
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "a processor places for their branch");
    let r = admin
        .post("/api/client/orders", {
            let mut form = new_order_form();
            form["loanOfficerId"] = json!(i64::from(app.user_id("roles.other").await));
            form
        })
        .await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "another lender's user");

    // Only the lender's administrators manage users, branches, keys, webhooks and invoices.
    for path in [
        "/api/client/users",
        "/api/client/api-keys",
        "/api/client/webhook-endpoints",
        "/api/client/invoices",
    ] {
        assert_eq!(manager.get(path).await.status(), StatusCode::FORBIDDEN, "{path}");
        assert_eq!(admin.get(path).await.status(), StatusCode::OK, "{path}");
    }
    let r = manager.post("/api/client/branches", json!({"name": "East"})).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let branches: Value = officer.get_json("/api/client/branches").await;
    assert_eq!(branches.as_array().unwrap().len(), 2, "everyone sees the branches");
    let officers: Value = processor.get_json("/api/client/loan-officers").await;
    assert_eq!(officers.as_array().unwrap().len(), 2, "{officers}");
    let me: Value = viewer.get_json("/api/client/me").await;
    assert_eq!((me["role"].as_str(), me["acts"].as_bool()), (Some("viewer"), Some(false)));
    let me: Value = manager.get_json("/api/client/me").await;
    assert_eq!((me["branchId"].as_i64(), me["administers"].as_bool()), (Some(north), Some(false)));
    let users: Value = admin.get_json("/api/client/users").await;
    assert_eq!(users.as_array().unwrap().len(), 7, "never another lender's users");
});

both_dbs!(the_last_administrator_stays_and_deactivation_ends_access, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Last Admin Lending").await;
    let (admin, admin_id) = member(&app, &staff, client, "last.admin", "lender_admin", None).await;
    let (second, second_id) =
        member(&app, &staff, client, "last.second", "loan_officer", None).await;
    let own = format!("/api/client/users/{admin_id}");
    for change in [json!({"role": "viewer"}), json!({"active": false})] {
        let r = admin.put(&own, change.clone()).await;
        assert_eq!(r.status(), StatusCode::CONFLICT, "the last administrator: {change}");
    }
    let r =
        admin.put(&format!("/api/client/users/{second_id}"), json!({"role": "processor"})).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "a processor needs a branch");
    let r =
        admin.put(&format!("/api/client/users/{second_id}"), json!({"role": "lender_admin"})).await;
    assert_eq!(r.status(), StatusCode::OK, "{}", r.text().await.unwrap());

    // The second administrator makes a key; deactivated, their session and the key stop.
    let created: Value =
        second.post("/api/client/api-keys", json!({"name": "LOS"})).await.json().await.unwrap();
    let key = created["key"].as_str().unwrap().to_string();
    let http = reqwest::Client::new();
    let call = || http.get(app.url("/api/v1/orders")).bearer_auth(&key).send();
    assert_eq!(call().await.unwrap().status(), StatusCode::OK);
    assert!(signed_in(&second).await);
    let r = admin.put(&format!("/api/client/users/{second_id}"), json!({"active": false})).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(!signed_in(&second).await, "the session ended at once");
    assert_eq!(call().await.unwrap().status(), StatusCode::UNAUTHORIZED, "the key stopped");
    let mut again = app.client();
    let r = again.login("last.second", common::PASSWORD).await;
    assert_ne!(r.status(), StatusCode::OK, "a deactivated user cannot sign in");

    // Staff may deactivate too; another lender's user is not found.
    let (third, third_id) = member(&app, &staff, client, "last.third", "viewer", None).await;
    let path = format!("/api/staff/clients/{client}/users/{third_id}");
    assert_eq!(staff.put(&path, json!({"active": false})).await.status(), StatusCode::OK);
    assert!(!signed_in(&third).await);
    let other = lender(&staff, "Other Last Bank").await;
    let wrong = format!("/api/staff/clients/{other}/users/{third_id}");
    assert_eq!(staff.put(&wrong, json!({"active": true})).await.status(), StatusCode::NOT_FOUND);
    let audited =
        app.count("SELECT COUNT(*) FROM audit_log WHERE action = 'client_user.changed'").await;
    assert_eq!(audited, 3, "every change is audited");
});

// The staff form names the lender's branch and loan officer too, checked against its client.
both_dbs!(staff_orders_name_the_branch_and_loan_officer, |app| {
    let staff = app.signed_in("demo.staff").await;
    let client = lender(&staff, "Staff Branch Bank").await;
    let (admin, _) = member(&app, &staff, client, "sb.admin", "lender_admin", None).await;
    let r = admin.post("/api/client/branches", json!({"name": "West"})).await;
    let west = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let (officer, officer_id) =
        member(&app, &staff, client, "sb.lo", "loan_officer", Some(west)).await;
    let (viewer, _) = member(&app, &staff, client, "sb.viewer", "viewer", Some(west)).await;

    let mut form = crate::staff_desk::order_form(client);
    form["branchId"] = json!(999_999);
    let r = staff.post("/api/staff/orders", form.clone()).await;
    assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "another lender's branch");
    form["branchId"] = json!(west);
    form["loanOfficerId"] = json!(officer_id);
    let r = staff.post("/api/staff/orders", form).await;
    assert_eq!(r.status(), StatusCode::CREATED, "{}", r.text().await.unwrap());
    let id = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    for (who, session) in [("the loan officer", &officer), ("the branch's viewer", &viewer)] {
        let order: Value = session.get_json(&format!("/api/client/orders/{id}")).await;
        assert_eq!(
            (order["branchId"].as_i64(), order["loanOfficerId"].as_i64()),
            (Some(west), Some(officer_id)),
            "{who}"
        );
    }
});
