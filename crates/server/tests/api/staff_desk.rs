//! The staff order desk on both databases: who may call it, clients, the order form and its
//! refusals, candidates and assigning, every staff step of an order's life with its history,
//! e-mail and audit rows, stale changes (409), and paying for the work.
use crate::common;

use chrono::Duration;
use portal_db::entities::{
    appraiser_license, appraiser_profile, order, order_detail, order_invitation, order_message,
    payment,
};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde_json::{Value, json};

use common::orders::{history_of, pass_review};
use common::{Session, TestApp, company_day, message};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";
const APPRAISER_EMAIL: &str = "demo.appraiser@appraisalportal.example";

async fn new_client(staff: &Session) -> i64 {
    let body = json!({
        "companyName": "First Prairie Bank",
        "officeAddressLine": "100 Commerce Plaza, Dallas, TX 75201",
        "mainContactName": "Jane Lender", "mainContactEmailAddress": "jane@firstprairie.example",
        "mainContactPhone": "214 555 0100"
    });
    let r = staff.post("/api/staff/clients", body).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    r.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

pub fn order_form(client_id: i64) -> Value {
    json!({
        "clientId": client_id, "loanNumber": "LN-77", "fhaCaseId": "", "borrowerName": "Ann Lee",
        "propertyAddressLine1": "12 Oak St", "propertyAddressLine2": "Unit 4",
        "propertyCity": "Austin", "propertyStateCode": "TX", "propertyZip": "78701",
        "propertyCounty": "Travis County", "propertyTypeId": 1, "intendedUseId": 1,
        "reportTypeIds": [1, 6], "appraiserFee": 450, "techFee": "4.00", "purchasePrice": "325000",
        "appraiserDueDate": company_day(10), "inspectionDueDate": company_day(4),
        "estimatedClosingDate": company_day(30),
        "notesAndSpecialInstructions": "<p>Gate code <b>1234</b></p><img src=x onerror=alert(1)>",
        "contacts": [
            {
                "name": "Pat Owner", "type": "PROPERTY_CONTACT", "cellPhone": "512-555-0110",
                "email": "pat@example.com"
            }
        ]
    })
}

/// A new order of a new client: (id, file number).
pub async fn new_order(staff: &Session) -> (i64, String) {
    let client_id = new_client(staff).await;
    let r = staff.post("/api/staff/orders", order_form(client_id)).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let body: Value = r.json().await.unwrap();
    (body["id"].as_i64().unwrap(), body["fileNumber"].as_str().unwrap().to_string())
}

pub async fn order_row(app: &TestApp, id: i64) -> order::Model {
    order::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap()
}

async fn status_of(app: &TestApp, id: i64) -> i32 {
    order_row(app, id).await.status_id.id()
}

async fn detail(app: &TestApp, id: i64) -> order_detail::Model {
    order_detail::Entity::find_by_id(id).one(&app.db).await.unwrap().unwrap()
}

/// (status, message HTML, hidden) of each history entry of an order, oldest first.
pub async fn history(app: &TestApp, id: i64) -> Vec<(i32, String, bool)> {
    history_of(app, id)
        .await
        .into_iter()
        .map(|h| (h.status_id.id(), h.message_html.unwrap_or_default(), h.hide))
        .collect()
}

async fn audited(app: &TestApp, action: &str) -> i64 {
    app.count(&format!("SELECT COUNT(*) FROM audit_log WHERE action = '{action}'")).await
}

pub async fn assign_to(app: &TestApp, staff: &Session, id: i64, username: &str) {
    let appraiser = app.user_id(username).await;
    staff
        .post_ok(&format!("/api/staff/orders/{id}/assign"), json!({"appraiserId": appraiser}))
        .await;
}

fn report_upload(order_id: i64, name: &str) -> Form {
    Form::new()
        .text("orderId", order_id.to_string())
        .part("files", Part::bytes(PDF.to_vec()).file_name(name.to_string()))
        .text("fileTypes", "1")
}

/// Every staff call: (method, path with {id} for an order id).
const STAFF_CALLS: [(&str, &str); 20] = [
    ("GET", "/api/staff/clients"),
    ("POST", "/api/staff/clients"),
    ("PUT", "/api/staff/clients/1"),
    ("POST", "/api/staff/orders"),
    ("PUT", "/api/staff/orders/{id}"),
    ("GET", "/api/staff/orders/{id}/candidates"),
    ("POST", "/api/staff/orders/{id}/assign"),
    ("POST", "/api/staff/orders/{id}/unassign"),
    ("POST", "/api/staff/orders/{id}/conditions/approve"),
    ("POST", "/api/staff/orders/{id}/conditions/decline"),
    ("POST", "/api/staff/orders/{id}/revision"),
    ("POST", "/api/staff/orders/{id}/complete"),
    ("POST", "/api/staff/orders/{id}/deliver"),
    ("POST", "/api/staff/orders/{id}/cancel"),
    ("POST", "/api/staff/orders/{id}/hold"),
    ("POST", "/api/staff/orders/{id}/resume"),
    ("POST", "/api/staff/orders/{id}/on-time-inquiry"),
    ("POST", "/api/staff/orders/{id}/messages"),
    ("POST", "/api/staff/orders/{id}/visibility"),
    ("GET", "/api/staff/payments/payable"),
];

async fn send(s: &Session, method: &str, path: &str) -> StatusCode {
    let body = json!({"message": "x", "reason": "x", "kind": "message", "itemId": 1, "hide": true});
    match method {
        "GET" => s.get(path).await.status(),
        "PUT" => s.put(path, body).await.status(),
        _ => s.post(path, body).await.status(),
    }
}

both_dbs!(only_staff_and_secret_reach_the_desk, |app| {
    let staff = app.signed_in("demo.staff").await;
    let (id, _) = new_order(&staff).await;
    let calls: Vec<(&str, String)> = STAFF_CALLS
        .iter()
        .map(|(m, p)| (*m, p.replace("{id}", &id.to_string())))
        .chain([("POST", "/api/staff/payments".to_string())])
        .collect();
    for username in ["demo.client", "demo.appraiser", "demo.admin"] {
        let s = app.signed_in(username).await;
        for (method, path) in &calls {
            assert_eq!(
                send(&s, method, path).await,
                StatusCode::FORBIDDEN,
                "{username} {method} {path}"
            );
        }
    }
    let mut anonymous = app.client();
    anonymous.fetch_csrf().await;
    for (method, path) in &calls {
        assert_eq!(
            send(&anonymous, method, path).await,
            StatusCode::UNAUTHORIZED,
            "signed out {method} {path}"
        );
    }
    let secret = app.signed_in("demo.secret").await;
    assert_eq!(secret.get("/api/staff/clients").await.status(), StatusCode::OK);
    assert_eq!(
        secret.get(&format!("/api/staff/orders/{id}/candidates")).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        status_of(&app, id).await,
        portal::kernel::orders::status::OrderStatus::Default.id(),
        "nothing a refused caller sent changed the order"
    );
});

both_dbs!(clients_are_listed_added_and_corrected, |app| {
    let staff = app.signed_in("demo.staff").await;
    let id = new_client(&staff).await;
    let list: Value = staff.get_json("/api/staff/clients").await;
    let added = list.as_array().unwrap().iter().find(|c| c["id"] == id).unwrap().clone();
    assert_eq!(added["mainContactPhone"], "214-555-0100");
    assert_eq!(added["mainContactEmailAddress"], "jane@firstprairie.example");

    let changed = json!({
        "companyName": "First Prairie Bank NA",
        "mainContactEmailAddress": "orders@firstprairie.example"
    });
    let r = staff.put(&format!("/api/staff/clients/{id}"), changed).await;
    assert_eq!(r.status(), StatusCode::OK);
    let saved: Value = r.json().await.unwrap();
    assert_eq!(
        (saved["companyName"].as_str(), saved["mainContactPhone"].clone()),
        (Some("First Prairie Bank NA"), Value::Null)
    );

    for (body, expected) in [
        (json!({"companyName": " "}), "Company name is required."),
        (
            json!({"companyName": "B", "mainContactEmailAddress": "nobody"}),
            "Main contact e-mail must be an e-mail address (got 'nobody').",
        ),
        (
            json!({"companyName": "B", "mainContactPhone": "555"}),
            "Main contact phone must be a 10-digit phone number (got '555').",
        ),
        (
            json!({"companyName": "First Prairie Bank NA"}),
            "A client named First Prairie Bank NA already exists.",
        ),
    ] {
        let r = staff.post("/api/staff/clients", body.clone()).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(message(r).await, expected);
    }
    assert_eq!(
        staff.put("/api/staff/clients/999999", json!({"companyName": "X"})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(audited(&app, "staff.client_created").await, 1);
    assert_eq!(audited(&app, "staff.client_updated").await, 1);
});

both_dbs!(the_order_form_lookups, |app| {
    let staff = app.signed_in("demo.staff").await;
    let types: Value = staff.get_json("/api/constants/property-types").await;
    assert_eq!(types[0], json!({"label": "Single Family Residence", "value": "1", "id": 1}));
    let uses: Value = staff.get_json("/api/constants/intended-uses").await;
    assert_eq!(uses[1]["label"], "Refinance");
    let products: Value = staff.get_json("/api/constants/report-products").await;
    let desktop = products.as_array().unwrap().iter().find(|p| p["id"] == 10).unwrap();
    assert_eq!(
        (
            desktop["productDescription"].as_str(),
            desktop["desktop"].as_bool(),
            desktop["defaultFee"].as_f64()
        ),
        (Some("1004 Desktop Appraisal"), Some(true), Some(250.0))
    );
});

both_dbs!(staff_create_and_correct_an_order, |app| {
    let staff = app.signed_in("demo.staff").await;
    let (id, file_number) = new_order(&staff).await;
    assert_eq!(file_number, format!("A{id:07}"));
    let o = order_row(&app, id).await;
    assert_eq!(
        (o.status_id.id(), o.assigned_appraiser_id, o.property_county.as_deref()),
        (3, None, Some("Travis County"))
    );
    let d = detail(&app, id).await;
    assert_eq!(
        (d.appraiser_fee_cents, d.tech_fee_cents, d.purchase_price_cents),
        (Some(45_000), Some(400), Some(32_500_000))
    );
    assert_eq!(
        (d.report_type1_id, d.report_type2_id, d.property_address_line2.as_deref()),
        (Some(1), Some(6), Some("Unit 4"))
    );
    assert_eq!(d.notes_html.as_deref(), Some("<p>Gate code <b>1234</b></p><img src=\"x\">"));
    assert_eq!(
        app.count(&format!("SELECT COUNT(*) FROM order_contacts WHERE order_id = {id}")).await,
        1
    );
    assert_eq!(history(&app, id).await[0].1, "<p>Order created by Dana Staff.</p>");
    assert_eq!(audited(&app, "staff.order_created").await, 1);
    // Staff see it on the detail page like any order.
    let page: Value = staff.get_json(&format!("/api/order-details/{id}")).await;
    assert_eq!(page["fileNumber"], file_number.as_str());

    let client_id = o.client_id.unwrap() as i64;
    let mut form = order_form(client_id);
    form["borrowerName"] = json!("Ann Lee-Park");
    form["reportTypeIds"] = json!([10]);
    form["contacts"] = json!([]);
    let r = staff.put(&format!("/api/staff/orders/{id}"), form).await;
    assert_eq!(r.status(), StatusCode::OK);
    let o = order_row(&app, id).await;
    assert_eq!((o.borrower_name.as_str(), o.is_desktop), ("Ann Lee-Park", true));
    assert_eq!(
        app.count(&format!("SELECT COUNT(*) FROM order_contacts WHERE order_id = {id}")).await,
        0
    );

    for (change, expected) in [
        (json!({"clientId": 999999}), "Client 999999 does not exist."),
        (json!({"reportTypeIds": [99]}), "Report type 99 does not exist."),
        (json!({"propertyZip": "787"}), "Property zip must be 5 digits (got '787')."),
        (
            json!({"propertyCounty": "Cook County"}),
            "Property county 'Cook County' is not a county of Texas.",
        ),
        (json!({"appraiserDueDate": company_day(-1)}), "Appraiser due date cannot be in the past."),
        (
            json!({"inspectionDueDate": company_day(11)}),
            "Inspection due date cannot be after the appraiser due date.",
        ),
        (json!({"appraiserFee": 0}), "Appraiser fee must be a positive amount."),
    ] {
        let mut form = order_form(client_id);
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        let r = staff.post("/api/staff/orders", form).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY, "{change}");
        assert_eq!(message(r).await, expected);
    }
    assert_eq!(
        app.count("SELECT COUNT(*) FROM orders").await,
        1,
        "no refused form left an order behind"
    );

    // A closed order can no longer be corrected.
    staff
        .post_ok(&format!("/api/staff/orders/{id}/cancel"), json!({"reason": "Loan withdrawn"}))
        .await;
    let r = staff.put(&format!("/api/staff/orders/{id}"), order_form(client_id)).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(message(r).await, "This order is Cancelled and can no longer be changed.");
});

both_dbs!(candidates_are_ranked_with_their_reasons_and_only_the_eligible_are_assigned, |app| {
    let staff = app.signed_in("demo.staff").await;
    let (id, file_number) = new_order(&staff).await;
    // demo.appraiser2 is out of office on the due date; demo.admin's E&O has run out.
    let profile = |username: &'static str| {
        let app = &app;
        async move {
            let user = app.user_id(username).await;
            portal_db::entities::appraiser_profile::Entity::find()
                .filter(portal_db::entities::appraiser_profile::Column::SecurityUserId.eq(user))
                .one(&app.db)
                .await
                .unwrap()
                .unwrap()
                .into_active_model()
        }
    };
    let mut away = profile("demo.appraiser2").await;
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    away.ooo_start_date = Set(Some(today));
    away.ooo_end_date = Set(Some(today + Duration::days(20)));
    away.update(&app.db).await.unwrap();
    let mut uninsured = profile("demo.admin").await;
    uninsured.eno_expiration_date = Set(Some(today - Duration::days(1)));
    uninsured.update(&app.db).await.unwrap();

    let list: Value = staff.get_json(&format!("/api/staff/orders/{id}/candidates")).await;
    let names: Vec<&str> =
        list.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(
        names[0], "Avery Appraiser",
        "the eligible one with a verified Travis County coverage comes first: {list}"
    );
    let first = &list[0];
    assert_eq!(
        (
            first["eligible"].as_bool(),
            first["coverageVerified"].as_bool(),
            first["licensedInState"].as_bool()
        ),
        (Some(true), Some(true), Some(true))
    );
    assert_eq!(first["company"], "Prairie Valuation Partners");
    let reasons_of = |name: &str| {
        list.as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["reasons"].clone()
    };
    assert_eq!(reasons_of("Blake Morgan"), json!(["Out of office on the due date."]));
    assert!(
        reasons_of("Casey Admin")[0]
            .as_str()
            .unwrap()
            .starts_with("Their E&O insurance expired on ")
    );

    let appraiser2 = app.user_id("demo.appraiser2").await;
    let (status, text) = staff
        .post_for_message(
            &format!("/api/staff/orders/{id}/assign"),
            json!({"appraiserId": appraiser2}),
        )
        .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Blake Morgan cannot be assigned this order. Out of office on the due date."
        )
    );
    let staff_id = app.user_id("demo.staff").await;
    let (status, text) = staff
        .post_for_message(
            &format!("/api/staff/orders/{id}/assign"),
            json!({"appraiserId": staff_id}),
        )
        .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "That appraiser cannot be assigned this order: they hold no licence in TX."
        )
    );
    let (status, text) =
        staff.post_for_message(&format!("/api/staff/orders/{id}/assign"), json!({})).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Please select an appraiser to assign the order to.")
    );
    assert_eq!(status_of(&app, id).await, 3);

    let appraiser = app.user_id("demo.appraiser").await;
    let body = json!({
        "appraiserId": appraiser, "appraiserFee": "475.00", "appraiserDueDate": company_day(12)
    });
    assert_eq!(
        staff.post_ok(&format!("/api/staff/orders/{id}/assign"), body).await,
        "Order assigned to Avery Appraiser."
    );
    let o = order_row(&app, id).await;
    assert_eq!(
        (o.status_id.id(), o.assigned_appraiser_id, o.assigned_company_id.is_some()),
        (4, Some(appraiser), true)
    );
    assert_eq!(o.appraiser_due_date.unwrap().format("%Y-%m-%d").to_string(), company_day(12));
    assert_eq!(detail(&app, id).await.appraiser_fee_cents, Some(47_500));
    assert!(
        order_invitation::Entity::find_by_id((id, appraiser)).one(&app.db).await.unwrap().is_some()
    );
    assert_eq!(
        app.mail_subjects(APPRAISER_EMAIL).await.last().unwrap(),
        &format!("New order {file_number} assigned to you")
    );
    assert_eq!(audited(&app, "order.assign").await, 1);
    // The appraiser sees it now.
    let mine = app.signed_in("demo.appraiser").await;
    assert_eq!(mine.get(&format!("/api/order-details/{id}")).await.status(), StatusCode::OK);

    // Assigning again is not offered while it is assigned; unassigning takes it back.
    let (status, text) = staff
        .post_for_message(
            &format!("/api/staff/orders/{id}/assign"),
            json!({"appraiserId": appraiser}),
        )
        .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::CONFLICT, "Assign is not available for this order while it is Assigned.")
    );
    assert_eq!(
        staff.post_ok(&format!("/api/staff/orders/{id}/unassign"), json!({})).await,
        "The order was unassigned."
    );
    let o = order_row(&app, id).await;
    assert_eq!((o.status_id.id(), o.assigned_appraiser_id), (3, None));
    assert_eq!(mine.get(&format!("/api/order-details/{id}")).await.status(), StatusCode::FORBIDDEN);
    let invited: Value = mine.get_json(&format!("/api/order-details/{id}/was-invited")).await;
    assert_eq!(invited["wasInvited"], json!(true));
});

both_dbs!(a_whole_order_life_from_creation_to_payment, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let (id, file_number) = new_order(&staff).await;
    assign_to(&app, &staff, id, "demo.appraiser").await;
    appraiser.post_ok("/api/order-details/accept", json!({"orderId": id})).await;
    let schedule = json!({
        "orderId": id, "inspectionActualDate": company_day(1),
        "estimatedDeliveryDate": company_day(5), "appointmentStartTime": "09:00",
        "appointmentEndTime": "10:00", "appointmentScheduledWith": "Borrower",
        "lateInspectionReason": "", "rescheduleReason": ""
    });
    appraiser.post_ok("/api/order-details/schedule-inspection", schedule).await;
    let inspected = json!({
        "orderId": id, "inspectionActualDate": company_day(1), "inspectionActualTime": "09:30",
        "estimatedDeliveryDate": company_day(5), "orderStatusMessage": "", "reasonLateDelivery": ""
    });
    appraiser.post_ok("/api/order-details/mark-inspected", inspected).await;
    assert_eq!(appraiser.upload(report_upload(id, "report.pdf")).await.status(), StatusCode::OK);
    assert_eq!(status_of(&app, id).await, 14);

    let (status, text) = staff
        .post_for_message(
            &format!("/api/staff/orders/{id}/revision"),
            json!({"message": "Fix it."}),
        )
        .await;
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "Add at least one revision item: a page or field, and what to change."
        )
    );
    staff
        .post_ok(
            &format!("/api/staff/orders/{id}/revision"),
            json!({
                "items": [{"reference": "Sketch", "text": "Please add the garage to the sketch."}]
            }),
        )
        .await;
    assert_eq!(status_of(&app, id).await, 16);
    assert_eq!(order_row(&app, id).await.appraiser_unread_messages, 1);
    assert_eq!(
        app.mail_subjects(APPRAISER_EMAIL).await.last().unwrap(),
        &format!("Order {file_number}: revision requested")
    );
    let revisions: Value = appraiser.get_json(&format!("/api/orders/{id}/revisions")).await;
    let item = revisions[0]["items"][0]["id"].clone();
    let answers = json!([{"id": item, "answer": "Garage added to the sketch."}]).to_string();
    let revised = report_upload(id, "report-2.pdf").text("revisionAnswers", answers);
    assert_eq!(appraiser.upload(revised).await.status(), StatusCode::OK);
    assert_eq!(status_of(&app, id).await, 24);

    let (status, _) =
        staff.post_for_message(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "not completed yet");
    pass_review(&staff, id).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/complete"), json!({})).await;
    assert_eq!(status_of(&app, id).await, 15);
    staff.post_ok(&format!("/api/staff/orders/{id}/deliver"), json!({})).await;
    assert_eq!(status_of(&app, id).await, 18);
    let to_client = app.mail_subjects("jane@firstprairie.example").await;
    assert!(
        to_client.contains(&format!("Order {file_number} delivered")),
        "the client's main contact hears of the delivery: {to_client:?}"
    );

    let payable: Value = staff.get_json("/api/staff/payments/payable").await;
    let row = payable
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["orderId"] == id)
        .expect("the delivered order is payable")
        .clone();
    assert_eq!(
        (row["appraiserName"].as_str(), row["appraiserFee"].as_f64()),
        (Some("Avery Appraiser"), Some(450.0))
    );
    let pay = json!({"orderId": id, "amount": 450, "paymentDate": company_day(0)});
    let r = staff.post("/api/staff/payments", pay.clone()).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let r = staff.post("/api/staff/payments", pay).await;
    assert_eq!(r.status(), StatusCode::CONFLICT);
    assert_eq!(message(r).await, "This order has already been paid.");
    let payable: Value = staff.get_json("/api/staff/payments/payable").await;
    assert!(payable.as_array().unwrap().iter().all(|p| p["orderId"] != id));
    let appraiser_id = app.user_id("demo.appraiser").await;
    let history_page: Value = appraiser
        .post(&format!("/api/appraiser/{appraiser_id}/payment-history"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert!(
        history_page.to_string().contains(&file_number),
        "the appraiser sees the payment: {history_page}"
    );

    let statuses: Vec<i32> = history(&app, id).await.into_iter().map(|(s, _, _)| s).collect();
    assert_eq!(statuses, [3, 4, 5, 11, 13, 14, 16, 24, 15, 18]);
    for action in
        ["order.request_revision", "order.complete", "order.deliver", "staff.payment_recorded"]
    {
        assert_eq!(audited(&app, action).await, 1, "{action}");
    }
});

both_dbs!(payments_refuse_what_cannot_be_paid, |app| {
    let staff = app.signed_in("demo.staff").await;
    let (id, _) = new_order(&staff).await;
    for (body, status, expected) in [
        (
            json!({"orderId": id, "amount": 450, "paymentDate": company_day(0)}),
            StatusCode::CONFLICT,
            "Only completed or delivered orders with an appraiser can be paid; \
             this one is Default.",
        ),
        (
            json!({"orderId": id, "amount": 0, "paymentDate": company_day(0)}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Amount must be a positive amount.",
        ),
        (
            json!({"orderId": id, "amount": 5, "paymentDate": "tomorrow"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Payment date must be a date in the form yyyy-mm-dd (got 'tomorrow').",
        ),
        (
            json!({"amount": 5, "paymentDate": company_day(0)}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "Order is required.",
        ),
        (
            json!({"orderId": 999999, "amount": 5, "paymentDate": company_day(0)}),
            StatusCode::NOT_FOUND,
            "No such order.",
        ),
    ] {
        let r = staff.post("/api/staff/payments", body.clone()).await;
        assert_eq!(r.status(), status, "{body}");
        assert_eq!(message(r).await, expected);
    }
    assert_eq!(payment::Entity::find().all(&app.db).await.unwrap().len(), 0);
});

both_dbs!(conditions_are_approved_or_declined, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let (id, _) = new_order(&staff).await;
    assign_to(&app, &staff, id, "demo.appraiser").await;
    let conditions = json!({
        "orderId": id, "fee": "525", "dueDate": company_day(15), "distance": true,
        "acceptConditions": "Long drive"
    });
    appraiser.post_ok("/api/order-details/conditional-acceptance", conditions.clone()).await;
    assert_eq!(status_of(&app, id).await, 26);
    let d = detail(&app, id).await;
    assert_eq!(
        (d.proposed_fee_cents, d.proposed_due_date.map(|d| d.to_string())),
        (Some(52_500), Some(company_day(15)))
    );

    let (status, text) = staff
        .post_for_message(&format!("/api/staff/orders/{id}/conditions/decline"), json!({}))
        .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Please enter a message.")
    );
    staff
        .post_ok(
            &format!("/api/staff/orders/{id}/conditions/decline"),
            json!({"message": "The fee is fixed by the client."}),
        )
        .await;
    assert_eq!(status_of(&app, id).await, 4);
    assert_eq!(detail(&app, id).await.proposed_fee_cents, None);
    let told = order_message::Entity::find()
        .filter(order_message::Column::OrderId.eq(id))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((told.body.as_str(), told.to_appraiser), ("The fee is fixed by the client.", true));

    appraiser.post_ok("/api/order-details/conditional-acceptance", conditions).await;
    staff.post_ok(&format!("/api/staff/orders/{id}/conditions/approve"), json!({})).await;
    let o = order_row(&app, id).await;
    assert_eq!(
        (o.status_id.id(), o.appraiser_due_date.map(|d| d.to_string()), o.accepted_at.is_some()),
        (5, Some(company_day(15)), true)
    );
    assert_eq!(detail(&app, id).await.appraiser_fee_cents, Some(52_500));
    let (status, _) = staff
        .post_for_message(&format!("/api/staff/orders/{id}/conditions/approve"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "nothing waits for approval any more");
});

both_dbs!(hold_resume_cancel_inquiry_messages_and_visibility, |app| {
    let staff = app.signed_in("demo.staff").await;
    let appraiser = app.signed_in("demo.appraiser").await;
    let (id, _) = new_order(&staff).await;
    assign_to(&app, &staff, id, "demo.appraiser").await;
    appraiser.post_ok("/api/order-details/accept", json!({"orderId": id})).await;

    let (status, text) = staff
        .post_for_message(&format!("/api/staff/orders/{id}/hold"), json!({"reason": ""}))
        .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "Please enter a reason.")
    );
    staff
        .post_ok(&format!("/api/staff/orders/{id}/hold"), json!({"reason": "Borrower in hospital"}))
        .await;
    assert_eq!(status_of(&app, id).await, 10);
    assert_eq!(
        staff.post_ok(&format!("/api/staff/orders/{id}/resume"), json!({})).await,
        "Order resumed: Accepted."
    );
    assert_eq!(status_of(&app, id).await, 5);

    staff.post_ok(&format!("/api/staff/orders/{id}/on-time-inquiry"), json!({})).await;
    assert!(detail(&app, id).await.on_time_inquiry_open);
    let page: Value = appraiser.get_json(&format!("/api/order-details/{id}")).await;
    assert!(
        page["availableActions"].to_string().contains("AUTO_REPLY_YES"),
        "{}",
        page["availableActions"]
    );
    let (status, _) =
        staff.post_for_message(&format!("/api/staff/orders/{id}/on-time-inquiry"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "one question at a time");
    appraiser.post_ok("/api/order-details/auto-reply-yes", json!({"orderId": id})).await;
    assert!(!detail(&app, id).await.on_time_inquiry_open);

    let unread = order_row(&app, id).await.appraiser_unread_messages;
    staff
        .post_ok(
            &format!("/api/staff/orders/{id}/messages"),
            json!({"message": "Call me about access."}),
        )
        .await;
    assert_eq!(order_row(&app, id).await.appraiser_unread_messages, unread + 1);
    let sent = order_message::Entity::find()
        .filter(order_message::Column::OrderId.eq(id))
        .order_by_desc(order_message::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();

    let seen = |page: &Value| page["messages"].to_string().contains("Call me about access.");
    let messages_path = format!("/api/order-details/{id}");
    let before: Value = appraiser.get_json(&messages_path).await;
    assert!(seen(&before), "{before}");
    let hide = json!({"kind": "message", "itemId": sent.id, "hide": true});
    staff.post_ok(&format!("/api/staff/orders/{id}/visibility"), hide).await;
    let after: Value = appraiser.get_json(&messages_path).await;
    assert!(!seen(&after), "hidden at once: {after}");
    assert!(history(&app, id).await.last().unwrap().2, "the note of the change is for staff only");
    let r = staff
        .post(
            &format!("/api/staff/orders/{id}/visibility"),
            json!({"kind": "file", "itemId": 999999, "hide": true}),
        )
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(message(r).await, "This order has no file 999999.");

    staff
        .post_ok(&format!("/api/staff/orders/{id}/cancel"), json!({"reason": "Loan withdrawn"}))
        .await;
    assert_eq!(status_of(&app, id).await, 19);
    let (status, _) = staff
        .post_for_message(&format!("/api/staff/orders/{id}/hold"), json!({"reason": "x"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(audited(&app, "order.cancel").await, 1);
});

both_dbs!(two_staff_acting_at_once_one_wins_the_other_gets_409, |app| {
    let staff = app.signed_in("demo.staff").await;
    let secret = app.signed_in("demo.secret").await;
    let (id, _) = new_order(&staff).await;
    assign_to(&app, &staff, id, "demo.appraiser").await;
    let mut row = order_row(&app, id).await.into_active_model();
    row.status_id = Set(portal::kernel::orders::status::OrderStatus::InReview);
    row.update(&app.db).await.unwrap();
    pass_review(&staff, id).await;
    let before = history(&app, id).await.len();
    let path = format!("/api/staff/orders/{id}/complete");
    let (a, b) = tokio::join!(
        staff.post_for_message(&path, json!({})),
        secret.post_for_message(&path, json!({}))
    );
    let mut statuses = [a.0, b.0];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{a:?} {b:?}");
    assert_eq!(history(&app, id).await.len(), before + 1, "only the winner wrote history");
    assert_eq!(audited(&app, "order.complete").await, 1);
    assert_eq!(status_of(&app, id).await, 15);
});

both_dbs!(an_expired_licence_takes_the_appraiser_off_the_candidates_until_renewed, |app| {
    let staff = app.signed_in("demo.staff").await;
    let (id, _) = new_order(&staff).await;
    let avery = app.user_id("demo.appraiser").await;
    let profile = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(avery))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let set_texas_licence = |expires: chrono::NaiveDate| {
        appraiser_license::Entity::update_many()
            .col_expr(appraiser_license::Column::ExpirationDate, Expr::value(expires))
            .filter(appraiser_license::Column::AppraiserProfileId.eq(profile.id))
            .filter(appraiser_license::Column::StateCode.eq("TX"))
            .exec(&app.db)
    };
    let avery_in =
        |list: Value| list.as_array().unwrap().iter().find(|c| c["appraiserId"] == avery).cloned();
    let candidates = format!("/api/staff/orders/{id}/candidates");
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();

    set_texas_licence(today - Duration::days(1)).await.unwrap();
    let lapsed = avery_in(staff.get_json(&candidates).await);
    assert!(
        lapsed.as_ref().is_none_or(|c| c["eligible"] == false && c["licensedInState"] == false),
        "{lapsed:?}"
    );
    let (status, _) = staff
        .post_for_message(&format!("/api/staff/orders/{id}/assign"), json!({"appraiserId": avery}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    set_texas_licence(today + Duration::days(365)).await.unwrap();
    let renewed = avery_in(staff.get_json(&candidates).await).expect("back in the list");
    assert_eq!(
        (renewed["eligible"].as_bool(), renewed["licensedInState"].as_bool()),
        (Some(true), Some(true))
    );
});
