//! Orders for tests: one call makes an order assigned to a user, with details, contacts, history,
//! messages, alerts and files (some hidden); or staff add a client and place an order through the
//! API.
use chrono::{Duration, Utc};
use portal_db::entities::{
    order, order_alert, order_contact, order_detail, order_history, order_invitation,
    order_message, stored_file,
};
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, QueryOrder, Set};
use serde_json::{Value, json};

use super::{Session, TestApp};
use portal_db::status::OrderStatus;

/// Tests name statuses by their ids, as the API sends them.
pub fn status_of(id: i32) -> OrderStatus {
    OrderStatus::from_id(id).expect("an order status id")
}

pub struct NewOrder<'a> {
    pub file_number: &'a str,
    pub status: i32,
    /// Username of the assigned appraiser.
    pub appraiser: Option<&'a str>,
}

/// An order of `status` with the rich detail, assigned to demo.appraiser. Returns its id.
pub async fn demo_appraisers_order(app: &TestApp, file_number: &str, status: i32) -> i64 {
    let appraiser = Some("demo.appraiser");
    order_with_details(app, NewOrder { file_number, status, appraiser }).await
}

/// An order with the rich detail the tests look at. Returns its id.
pub async fn order_with_details(app: &TestApp, spec: NewOrder<'_>) -> i64 {
    let now = Utc::now();
    let (appraiser, company) = match spec.appraiser {
        Some(u) => {
            let id = app.user_id(u).await;
            (Some(id), portal::kernel::users::access::company_of(&app.db, id).await.unwrap())
        }
        None => (None, None),
    };
    let created = order::ActiveModel {
        id: NotSet,
        file_number: Set(spec.file_number.into()),
        loan_number: Set(Some(format!("LN-{}", spec.file_number))),
        borrower_name: Set("Maria Gonzalez".into()),
        property_address_line1: Set("12 Oak St".into()),
        property_city: Set("Austin".into()),
        property_state_code: Set("TX".into()),
        property_zip: Set("78701".into()),
        property_county: Set(Some("Travis".into())),
        client_id: Set(None),
        status_id: Set(status_of(spec.status)),
        assigned_appraiser_id: Set(appraiser),
        assigned_company_id: Set(company),
        created_at: Set(now - Duration::days(3)),
        assignment_actual_date: Set(appraiser.map(|_| now - Duration::days(2))),
        accepted_at: Set(None),
        inspection_actual_date: Set(None),
        inspection_due_date: Set(Some(now.date_naive() + Duration::days(4))),
        appraiser_due_date: Set(Some(now.date_naive() + Duration::days(9))),
        is_desktop: Set(false),
        appraiser_unread_messages: Set(1),
    }
    .insert(&app.db)
    .await
    .unwrap();
    let id = created.id;
    order_detail::ActiveModel {
        order_id: Set(id),
        fha_case_id: Set(Some("123-4567890".into())),
        property_type: Set(Some("Condominium".into())),
        intended_use: Set(Some("Purchase".into())),
        report_type1_id: Set(Some(2)),
        report_type2_id: Set(Some(6)),
        report_type3_id: Set(None),
        report_type4_id: Set(None),
        appraiser_fee_cents: Set(Some(45_000)),
        client_fee_cents: Set(Some(60_000)),
        tech_fee_cents: Set(Some(400)),
        purchase_price_cents: Set(Some(32_500_000)),
        notes_html: Set(Some("<p>Gate code <b>1234</b></p><script>alert('x')</script>".into())),
        estimated_delivery_date: Set(None),
        estimated_closing_date: Set(None),
        was_previously_scheduled: Set(false),
        on_time_inquiry_open: Set(false),
        year_built: Set(Some(1998)),
        living_area: Set(Some(1850)),
        lot_area: Set(Some(6000)),
        county_use: Set(Some("Residential".into())),
        assessed_value_cents: Set(Some(30_100_000)),
        latitude: Set(Some(30.27)),
        longitude: Set(Some(-97.74)),
        requires_env: Set(false),
        amc_license: Set(Some("AMC-1".into())),
        location_approximate: Set(false),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    for (name, kind, phone) in [
        ("Jordan Rivera", "PROPERTY_CONTACT", "5125550134"),
        ("Priya Shah", "LOAN_OFFICER", "5125550175"),
    ] {
        order_contact::ActiveModel {
            id: NotSet,
            order_id: Set(id),
            name: Set(name.into()),
            email: Set(Some(format!(
                "{}@example.com",
                name.split(' ').next().unwrap().to_lowercase()
            ))),
            cell_phone: Set(Some(phone.into())),
            work_phone: Set(None),
            home_phone: Set(None),
            contact_type: Set(kind.into()),
            notes: Set(None),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    for (minutes_ago, status, message, hide) in [
        (300, 3, "<p>Created</p>", false),
        (200, 4, "<p>Assigned</p><script>bad()</script>", false),
        (100, 3, "<p>Internal fee note</p>", true),
    ] {
        order_history::ActiveModel {
            id: NotSet,
            order_id: Set(id),
            status_id: Set(status_of(status)),
            message_html: Set(Some(message.into())),
            created_at: Set(now - Duration::minutes(minutes_ago)),
            actor_user_id: Set(None),
            hide: Set(hide),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    for (minutes_ago, body, to_appraiser, hide) in [
        (90, "Please call the borrower", true, false),
        (60, "Internal escalation", false, true),
        (30, "Will do", false, false),
    ] {
        order_message::ActiveModel {
            id: NotSet,
            order_id: Set(id),
            message_type: Set("Staff to Appraiser".into()),
            body: Set(body.into()),
            from_user_id: Set(None),
            from_first_name: Set("Dana".into()),
            from_last_name: Set("Staff".into()),
            to_appraiser: Set(to_appraiser),
            created_at: Set(now - Duration::minutes(minutes_ago)),
            read_at: Set(None),
            hide: Set(hide),
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    order_alert::ActiveModel {
        id: NotSet,
        order_id: Set(id),
        body: Set("Dog on premises".into()),
        created_at: Set(now),
    }
    .insert(&app.db)
    .await
    .unwrap();
    if let Some(user) = appraiser {
        invite(app, id, user).await;
    }
    id
}

pub async fn invite(app: &TestApp, order_id: i64, user_id: i32) {
    order_invitation::Entity::insert(order_invitation::ActiveModel {
        order_id: Set(order_id),
        appraiser_user_id: Set(user_id),
        invited_at: Set(Utc::now()),
    })
    .exec_without_returning(&app.db)
    .await
    .unwrap();
}

/// A stored file row (with its bytes in storage) on an order.
pub async fn order_file(app: &TestApp, order_id: i64, name: &str, bytes: &[u8], hide: bool) -> i64 {
    let storage = portal::platform::storage::Storage::from_config(&app.config).unwrap();
    let stored = storage.put_bytes(bytes).await.unwrap();
    stored_file::ActiveModel {
        id: NotSet,
        storage_key: Set(stored.key),
        file_name: Set(name.into()),
        content_type: Set("application/pdf".into()),
        size_bytes: Set(stored.size as i64),
        sha256: Set(stored.sha256),
        file_type_id: Set(Some(1)),
        uploaded_by: Set(None),
        uploaded_at: Set(Utc::now()),
        order_id: Set(Some(order_id)),
        appraiser_user_id: Set(None),
        hide: Set(hide),
    }
    .insert(&app.db)
    .await
    .unwrap()
    .id
}

/// Every history entry of an order, oldest first.
pub async fn history_of(app: &TestApp, order_id: i64) -> Vec<order_history::Model> {
    order_history::Entity::find()
        .filter(order_history::Column::OrderId.eq(order_id))
        .order_by_asc(order_history::Column::Id)
        .all(&app.db)
        .await
        .unwrap()
}

/// A client (lender) staff add by its company name. Returns its id.
pub async fn new_client(staff: &Session, name: &str) -> i64 {
    created_id(staff.post("/api/staff/clients", json!({ "companyName": name })).await).await
}

/// An order staff place with the order form `form`. Returns its id.
pub async fn new_order(staff: &Session, form: Value) -> i64 {
    created_id(staff.post("/api/staff/orders", form).await).await
}

async fn created_id(r: reqwest::Response) -> i64 {
    let status = r.status();
    let created: Value = r.json().await.unwrap_or(Value::Null);
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created["id"].as_i64().unwrap()
}

/// Another firm with its own appraiser, who must never see the demo firm's orders.
pub async fn outsider(app: &TestApp) -> &'static str {
    use portal::kernel::users::accounts::{NewUser, create};
    use portal::platform::roles::UserType;
    let firm = portal_db::entities::appraisal_company::ActiveModel {
        id: NotSet,
        name: Set("Elsewhere".into()),
        created_at: Set(Utc::now()),
        active: Set(true),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    create(
        &app.db,
        NewUser {
            username: "other.appraiser".into(),
            user_type: UserType::Appraiser,
            email: "other@example.com".into(),
            first_name: Some("Olive".into()),
            last_name: Some("Other".into()),
            password: super::PASSWORD.into(),
            company_id: Some(firm.id),
        },
    )
    .await
    .unwrap();
    "other.appraiser"
}

/// The reviewer passes every item of the order's review checklist (Complete needs them answered).
pub async fn pass_review(staff: &Session, order_id: i64) {
    let path = format!("/api/staff/orders/{order_id}/review");
    let review: Value = staff.get(&path).await.json().await.unwrap();
    let answers: Vec<Value> = review["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| json!({"id": item["id"], "answer": "pass"}))
        .collect();
    let r = staff.put(&path, json!({ "items": answers })).await;
    assert_eq!(r.status(), StatusCode::OK, "{}", r.text().await.unwrap());
}
