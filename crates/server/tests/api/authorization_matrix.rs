//! The authorization matrix: every operation of the server's own OpenAPI document, called by each
//! of the seven user types and by a signed-out caller, gets the answer its area promises (401
//! signed out, 403 for a role the area does not admit). A route without a row here fails the test,
//! so no call can be added without deciding who may make it. Who may act on *whose* record inside
//! an area is checked by `owned_records_stay_with_their_owners` and by each feature's tests.
use crate::common;

use portal::kernel::users::accounts::{NewUser, create};
use portal::platform::roles::UserType;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use common::orders::{demo_appraisers_order, new_client, outsider};
use common::{Session, TestApp, message};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    /// Anyone, signed in or not (sign-in, resets, the public configuration).
    Public,
    SignedIn,
    Appraiser,
    AppraiserAdmin,
    Staff,
    Secret,
    /// A client's users, in the client area.
    Client,
}
use Who::*;

impl Who {
    /// The user types admitted, written out here rather than taken from the server's guard.
    fn admits(self, t: UserType) -> bool {
        use UserType as U;
        match self {
            Public | SignedIn => true,
            Appraiser => matches!(t, U::Appraiser | U::AppraiserAdmin | U::Staff | U::Secret),
            AppraiserAdmin => matches!(t, U::AppraiserAdmin | U::Staff | U::Secret),
            Staff => matches!(t, U::Staff | U::Secret),
            Secret => t == U::Secret,
            Client => t == U::Client,
        }
    }
}

/// (method, path as in the OpenAPI document, who may call it).
const MATRIX: &[(&str, &str, Who)] = &[
    ("POST", "/api/admin-appraiser/assign-order", AppraiserAdmin),
    ("GET", "/api/admin-appraiser/company-appraisers", AppraiserAdmin),
    ("GET", "/api/admin-appraiser/order/{id}/assignable", AppraiserAdmin),
    ("GET", "/api/admin/audit", Secret),
    ("GET", "/api/app-config", Public),
    ("POST", "/api/appraiser/coverage-areas/add", Appraiser),
    ("POST", "/api/appraiser/precheck", Appraiser),
    ("POST", "/api/appraiser/coverage-areas/delete", Appraiser),
    ("GET", "/api/appraiser/me", Appraiser),
    ("GET", "/api/appraiser/secure-links", Appraiser),
    ("GET", "/api/appraiser/secure-links/{id}", Appraiser),
    ("GET", "/api/appraiser/secure-links/{id}/attachments/{fileId}", Appraiser),
    ("POST", "/api/appraiser/secure-links/{id}/viewed", Appraiser),
    ("POST", "/api/appraiser/update-e-and-o", Appraiser),
    ("POST", "/api/appraiser/update-ooo", Appraiser),
    ("POST", "/api/appraiser/update-trainee-info", Appraiser),
    ("GET", "/api/appraiser/{id}", Appraiser),
    ("GET", "/api/appraiser/{id}/tax-info", Appraiser),
    ("PUT", "/api/appraiser/{id}/tax-info", Appraiser),
    ("GET", "/api/appraiser/{id}/coverage-areas", Appraiser),
    ("GET", "/api/appraiser/{id}/epp-party-access-url", Appraiser),
    ("GET", "/api/appraiser/{id}/epp-party-information", Appraiser),
    ("GET", "/api/appraiser/{id}/license-info", Appraiser),
    ("GET", "/api/appraiser/{id}/scorecard", Appraiser),
    ("GET", "/api/appraiser/{id}/onboard-token", Appraiser),
    ("POST", "/api/appraiser/{id}/payment-history", Appraiser),
    ("GET", "/api/appraiser/{id}/unpaid-orders", Appraiser),
    ("GET", "/api/appraiser/{id}/panel-history", Appraiser),
    ("POST", "/api/appraiser/{id}/panel-history/answer", Appraiser),
    ("GET", "/api/appraiser/{id}/fee-schedule", Appraiser),
    ("PUT", "/api/appraiser/{id}/fee-schedule", Appraiser),
    ("POST", "/api/appraiser/update-capacity", Appraiser),
    ("POST", "/api/auth/back-door", Secret),
    ("POST", "/api/auth/change-my-password", SignedIn),
    ("GET", "/api/auth/csrf", Public),
    ("GET", "/api/borrower/copy/{token}", Public),
    ("GET", "/api/borrower/copy/{token}/reconsideration", Public),
    ("POST", "/api/borrower/copy/{token}/reconsideration", Public),
    ("GET", "/api/borrower/copy/{token}/download", Public),
    ("GET", "/api/auth/logged-in", SignedIn),
    ("GET", "/api/auth/session", Public),
    ("POST", "/api/auth/login", Public),
    ("POST", "/api/auth/logout", Public),
    ("POST", "/api/auth/perform-reset-password", Public),
    ("POST", "/api/auth/reset-password", Public),
    ("POST", "/api/auth/send-code", Public),
    ("POST", "/api/auth/verify-code", Public),
    ("GET", "/api/me/calendar-feed", SignedIn),
    ("POST", "/api/me/calendar-feed/regenerate", SignedIn),
    ("GET", "/api/me/notification-preferences", SignedIn),
    ("PUT", "/api/me/notification-preferences", SignedIn),
    ("POST", "/api/notifications/unsubscribe", Public),
    ("GET", "/api/events", SignedIn),
    ("GET", "/api/constants/appraiser-file-types", Appraiser),
    ("GET", "/api/constants/appraiser-statuses", SignedIn),
    ("GET", "/api/constants/cellphone-carriers", SignedIn),
    ("GET", "/api/constants/counties/{state}", SignedIn),
    ("GET", "/api/constants/intended-uses", SignedIn),
    ("GET", "/api/constants/order-file-types/{id}", Appraiser),
    ("GET", "/api/constants/property-types", SignedIn),
    ("GET", "/api/constants/report-products", SignedIn),
    ("GET", "/api/orders/{id}/report-data", SignedIn),
    ("GET", "/api/orders/{id}/fair-language", SignedIn),
    ("GET", "/api/orders/{id}/revisions", Appraiser),
    ("GET", "/api/orders/{id}/scheduling-link", Appraiser),
    ("POST", "/api/orders/{id}/scheduling-link", Appraiser),
    ("GET", "/api/scheduling/{token}", Public),
    ("POST", "/api/scheduling/{token}", Public),
    ("GET", "/api/auth/oidc/start", Public),
    ("GET", "/api/auth/oidc/callback", Public),
    ("GET", "/api/constants/search-statuses", SignedIn),
    ("GET", "/api/constants/states", SignedIn),
    ("GET", "/api/constants/status-message-options", SignedIn),
    ("POST", "/api/dashboard", Appraiser),
    ("GET", "/api/dev/dev-refs", Secret),
    ("POST", "/api/dev/dev-refs/create", Secret),
    ("POST", "/api/dev/dev-refs/update", Secret),
    ("GET", "/api/dev/outbox", Public),
    ("GET", "/api/file/appraiser-documents/{id}", Appraiser),
    ("GET", "/api/file/download/appraisalfile/{id}", Appraiser),
    ("GET", "/api/file/download/appraiserprofilefile/{id}", Appraiser),
    ("GET", "/api/file/my-e-and-o/{id}", Appraiser),
    ("POST", "/api/file/print-order", Appraiser),
    ("GET", "/api/file/stream/appraisalfile/{id}", Appraiser),
    ("GET", "/api/file/stream/appraiserprofilefile/{id}", Appraiser),
    ("POST", "/api/file/upload", Appraiser),
    ("POST", "/api/order-details/accept", Appraiser),
    ("POST", "/api/order-details/auto-reply-no", Appraiser),
    ("POST", "/api/order-details/auto-reply-yes", Appraiser),
    ("POST", "/api/order-details/conditional-acceptance", Appraiser),
    ("POST", "/api/order-details/file-message", Appraiser),
    ("POST", "/api/order-details/mark-inspected", Appraiser),
    ("POST", "/api/order-details/message", Appraiser),
    ("POST", "/api/order-details/reject", Appraiser),
    ("POST", "/api/order-details/schedule-inspection", Appraiser),
    ("POST", "/api/order-details/update-status", Appraiser),
    ("GET", "/api/order-details/{id}", Appraiser),
    ("POST", "/api/order-details/{id}/messages/read", Appraiser),
    ("GET", "/api/order-details/{id}/was-invited", Appraiser),
    ("POST", "/api/quotes/accept", Appraiser),
    ("GET", "/api/quotes/dash", Appraiser),
    ("GET", "/api/quotes/details/{id}", Appraiser),
    ("POST", "/api/quotes/reject", Appraiser),
    ("GET", "/api/staff/appraisers", Staff),
    ("POST", "/api/staff/appraisers", Staff),
    ("PUT", "/api/staff/appraisers/{id}", Staff),
    ("GET", "/api/staff/appraisers/{id}/tax-info", Staff),
    ("POST", "/api/staff/appraisers/{id}/tax-id", Staff),
    ("POST", "/api/staff/orders/{id}/second-appraisal", Staff),
    ("POST", "/api/staff/appraisers/{id}/deactivate", Staff),
    ("POST", "/api/staff/appraisers/{id}/licenses", Staff),
    ("DELETE", "/api/staff/appraisers/{id}/licenses/{license_id}", Staff),
    ("POST", "/api/staff/appraisers/{id}/reactivate", Staff),
    ("POST", "/api/staff/appraisers/{id}/suspend", Staff),
    ("POST", "/api/staff/appraisers/{id}/reinstate", Staff),
    ("GET", "/api/staff/clients", Staff),
    ("POST", "/api/staff/clients", Staff),
    ("PUT", "/api/staff/clients/{id}", Staff),
    ("GET", "/api/staff/companies", Staff),
    ("POST", "/api/staff/companies", Staff),
    ("PUT", "/api/staff/companies/{id}", Staff),
    ("GET", "/api/staff/coverage-areas", Staff),
    ("POST", "/api/staff/coverage-areas/{id}/reject", Staff),
    ("POST", "/api/staff/coverage-areas/{id}/verify", Staff),
    ("POST", "/api/staff/orders", Staff),
    ("PUT", "/api/staff/orders/{id}", Staff),
    ("POST", "/api/staff/orders/{id}/assign", Staff),
    ("POST", "/api/staff/orders/{id}/cancel", Staff),
    ("GET", "/api/staff/orders/{id}/candidates", Staff),
    ("POST", "/api/staff/orders/{id}/complete", Staff),
    ("POST", "/api/staff/orders/{id}/conditions/approve", Staff),
    ("POST", "/api/staff/orders/{id}/conditions/decline", Staff),
    ("POST", "/api/staff/orders/{id}/deliver", Staff),
    ("POST", "/api/staff/orders/{id}/report-data/acknowledge", Staff),
    ("PUT", "/api/staff/orders/{id}/fair-language/{findingId}", Staff),
    ("GET", "/api/staff/fair-language/rules", Staff),
    ("GET", "/api/staff/reconsiderations", Staff),
    ("GET", "/api/staff/orders/{id}/revision-requests", Staff),
    ("POST", "/api/staff/orders/{id}/revision-requests/{requestId}/forward", Staff),
    ("GET", "/api/staff/reconsiderations/{rid}", Staff),
    ("POST", "/api/staff/reconsiderations/{rid}/review", Staff),
    ("POST", "/api/staff/reconsiderations/{rid}/send", Staff),
    ("POST", "/api/staff/reconsiderations/{rid}/resolve", Staff),
    ("GET", "/api/staff/reconsiderations/{rid}/export", Staff),
    ("GET", "/api/staff/clients/{id}/reconsideration-settings", Staff),
    ("PUT", "/api/staff/clients/{id}/reconsideration-settings", Staff),
    ("GET", "/api/appraiser/orders/{id}/reconsiderations", Appraiser),
    ("POST", "/api/appraiser/reconsiderations/{rid}/answer", Appraiser),
    ("POST", "/api/staff/fair-language/rules", Staff),
    ("PUT", "/api/staff/fair-language/rules", Staff),
    ("GET", "/api/staff/orders/{id}/review", Staff),
    ("GET", "/api/staff/orders/{id}/ucdp", Staff),
    ("PUT", "/api/staff/orders/{id}/ucdp", Staff),
    ("GET", "/api/staff/orders/{id}/borrower-copy", Staff),
    ("POST", "/api/staff/orders/{id}/borrower-copy", Staff),
    ("POST", "/api/staff/orders/{id}/borrower-copy/waiver", Staff),
    ("GET", "/api/staff/compliance/borrower-copies", Staff),
    ("PUT", "/api/staff/orders/{id}/review", Staff),
    ("GET", "/api/staff/products/{id}/checklist", Staff),
    ("GET", "/api/staff/products", Staff),
    ("PUT", "/api/staff/products/{id}", Staff),
    ("PUT", "/api/staff/products/{id}/checklist", Staff),
    ("GET", "/api/staff/products/{id}/turn-time", Staff),
    ("PUT", "/api/staff/products/{id}/turn-time", Staff),
    ("GET", "/api/staff/assignment-policy", Staff),
    ("PUT", "/api/staff/assignment-policy", Staff),
    ("GET", "/api/staff/clients/{id}/assignment-policy", Staff),
    ("PUT", "/api/staff/clients/{id}/assignment-policy", Staff),
    ("DELETE", "/api/staff/clients/{id}/assignment-policy", Staff),
    ("GET", "/api/staff/orders/{id}/assignment-decision", Staff),
    ("GET", "/api/staff/assignment/handed-back", Staff),
    ("POST", "/api/staff/orders/{id}/hold", Staff),
    ("POST", "/api/staff/orders/{id}/messages", Staff),
    ("GET", "/api/client/api-keys", Client),
    ("POST", "/api/client/api-keys", Client),
    ("DELETE", "/api/client/api-keys/{key_id}", Client),
    ("GET", "/api/client/due-date-terms", Client),
    ("GET", "/api/client/orders", Client),
    ("GET", "/api/client/branches", Client),
    ("POST", "/api/client/branches", Client),
    ("PUT", "/api/client/branches/{id}", Client),
    ("GET", "/api/client/users", Client),
    ("POST", "/api/client/users", Client),
    ("PUT", "/api/client/users/{id}", Client),
    ("GET", "/api/client/loan-officers", Client),
    ("GET", "/api/client/me", Client),
    ("GET", "/api/client/orders/export", Client),
    ("GET", "/api/client/invoices", Client),
    ("GET", "/api/client/insights/{metric}", Client),
    ("GET", "/api/client/invoices/export", Client),
    ("POST", "/api/client/orders", Client),
    ("GET", "/api/client/orders/{id}/invoice", Client),
    ("GET", "/api/client/orders/{id}", Client),
    ("POST", "/api/client/orders/{id}/cancel", Client),
    ("GET", "/api/client/orders/{id}/reconsiderations", Client),
    ("GET", "/api/client/orders/{id}/revision-requests", Client),
    ("POST", "/api/client/orders/{id}/revision-requests", Client),
    ("POST", "/api/client/orders/{id}/reconsiderations", Client),
    ("GET", "/api/client/orders/{id}/documents", Client),
    ("POST", "/api/client/orders/{id}/documents", Client),
    ("GET", "/api/client/orders/{id}/documents/{document_id}", Client),
    ("GET", "/api/client/orders/{id}/messages", Client),
    ("POST", "/api/client/orders/{id}/messages", Client),
    ("POST", "/api/client/webhook-deliveries/{id}/redeliver", Client),
    ("GET", "/api/client/webhook-endpoints", Client),
    ("POST", "/api/client/webhook-endpoints", Client),
    ("DELETE", "/api/client/webhook-endpoints/{id}", Client),
    ("GET", "/api/client/webhook-endpoints/{id}/attempts", Client),
    ("POST", "/api/client/webhook-endpoints/{id}/test", Client),
    ("GET", "/api/staff/clients/{id}/api-keys", Staff),
    ("POST", "/api/staff/clients/{id}/api-keys", Staff),
    ("DELETE", "/api/staff/clients/{id}/api-keys/{key_id}", Staff),
    ("GET", "/api/staff/clients/{id}/users", Staff),
    ("GET", "/api/staff/clients/{id}/prices", Staff),
    ("PUT", "/api/staff/clients/{id}/prices", Staff),
    ("PUT", "/api/staff/orders/{id}/client-fee", Staff),
    ("POST", "/api/staff/orders/{id}/borrower-payment-link", Staff),
    ("GET", "/api/staff/clients/{id}/statement", Staff),
    ("GET", "/api/staff/invoices", Staff),
    ("GET", "/api/staff/invoices/{id}", Staff),
    ("GET", "/api/staff/invoices/{id}/pdf", Staff),
    ("POST", "/api/staff/invoices/{id}/payments", Staff),
    ("POST", "/api/staff/invoices/{id}/credit-notes", Staff),
    ("POST", "/api/staff/clients/{id}/users", Staff),
    ("PUT", "/api/staff/clients/{id}/users/{user_id}", Staff),
    ("GET", "/api/staff/orders/{id}/client-messages", Staff),
    ("POST", "/api/staff/orders/{id}/client-messages", Staff),
    ("GET", "/api/staff/orders/{id}/notes", Staff),
    ("POST", "/api/staff/orders/{id}/notes", Staff),
    ("POST", "/api/staff/orders/{id}/on-time-inquiry", Staff),
    ("POST", "/api/staff/orders/{id}/resume", Staff),
    ("POST", "/api/staff/orders/{id}/revision", Staff),
    ("POST", "/api/staff/orders/{id}/unassign", Staff),
    ("POST", "/api/staff/orders/{id}/visibility", Staff),
    ("POST", "/api/staff/payments", Staff),
    ("GET", "/api/staff/insights/{metric}", Staff),
    ("GET", "/api/staff/payments/payable", Staff),
    ("GET", "/api/staff/reports/appraiser-year-totals", Staff),
    ("POST", "/api/staff/payments/{id}/withhold", Staff),
    ("GET", "/api/staff/quotes", Staff),
    ("POST", "/api/staff/quotes", Staff),
    ("GET", "/api/staff/quotes/{id}", Staff),
    ("POST", "/api/staff/quotes/{id}/award", Staff),
    ("POST", "/api/staff/quotes/{id}/close", Staff),
    ("GET", "/api/staff/secure-links", Staff),
    ("POST", "/api/staff/secure-links", Staff),
    ("GET", "/api/user/{id}", SignedIn),
];

fn operations(doc: &Value) -> Vec<(String, String)> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "delete", "patch"] {
            if item.get(method).is_some() {
                ops.push((method.to_uppercase(), path.clone()));
            }
        }
    }
    ops
}

/// The path with every `{parameter}` filled in (the guard answers before the parameters are read).
fn concrete(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').unwrap() + open;
        out.push_str(&rest[..open]);
        out.push_str(if &rest[open + 1..close] == "state" { "TX" } else { "1" });
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

async fn call(s: &Session, method: &str, path: &str) -> reqwest::Response {
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = s.http.request(method.clone(), format!("{}{}", s.app_base, concrete(path)));
    if method != Method::GET {
        req = req.json(&json!({}));
    }
    if let Some(token) = &s.csrf {
        req = req.header("X-XSRF-TOKEN", token);
    }
    req.send().await.unwrap()
}

/// A signed-in session for each of the seven user types (the two the demo lacks are made here).
async fn one_per_user_type(app: &TestApp) -> Vec<(UserType, Session)> {
    for (username, user_type) in
        [("matrix.system", UserType::System), ("matrix.registered", UserType::Registered)]
    {
        let new = NewUser {
            username: username.into(),
            user_type,
            email: format!("{username}@example.com"),
            first_name: None,
            last_name: None,
            password: common::PASSWORD.into(),
            company_id: None,
        };
        create(&app.db, new).await.unwrap();
    }
    let mut sessions = Vec::new();
    for (username, user_type) in [
        ("demo.client", UserType::Client),
        ("demo.appraiser", UserType::Appraiser),
        ("demo.staff", UserType::Staff),
        ("matrix.system", UserType::System),
        ("matrix.registered", UserType::Registered),
        ("demo.secret", UserType::Secret),
        ("demo.admin", UserType::AppraiserAdmin),
    ] {
        sessions.push((user_type, app.signed_in(username).await));
    }
    sessions
}

#[test]
fn every_operation_has_exactly_one_row() {
    let doc: Value = serde_json::from_str(&portal::router::openapi_json()).unwrap();
    let documented = operations(&doc);
    for (method, path) in &documented {
        let rows = MATRIX.iter().filter(|(m, p, _)| m == method && p == path).count();
        assert_eq!(
            rows, 1,
            "{method} {path} needs exactly one row in the authorization matrix (it has {rows})"
        );
    }
    for (method, path, _) in MATRIX {
        assert!(
            documented.iter().any(|(m, p)| m == method && p == path),
            "{method} {path} is in the matrix but not in the API"
        );
    }
}

/// The web app's generated client names each call by its operation id: two alike would clash.
#[test]
fn every_operation_has_its_own_id() {
    for document in [portal::router::openapi_json(), portal::areas::public_api::openapi_json()] {
        let doc: Value = serde_json::from_str(&document).unwrap();
        let mut seen = std::collections::BTreeMap::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let Some(id) = operation["operationId"].as_str() else { continue };
                let here = format!("{method} {path}");
                if let Some(before) = seen.insert(id.to_string(), here.clone()) {
                    panic!("operation id {id} names both {before} and {here}");
                }
            }
        }
    }
}

both_dbs!(every_operation_admits_only_its_roles, |app| {
    let sessions = one_per_user_type(&app).await;
    let mut anonymous = app.client();
    anonymous.fetch_csrf().await;
    for (method, path, who) in MATRIX {
        if *who != Public {
            let r = call(&anonymous, method, path).await;
            assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "signed out: {method} {path}");
        }
        for (user_type, s) in &sessions {
            if who.admits(*user_type) {
                continue; // admitted callers are the features' own tests
            }
            let r = call(s, method, path).await;
            assert_eq!(r.status(), StatusCode::FORBIDDEN, "{user_type:?}: {method} {path}");
            assert_eq!(
                message(r).await,
                "You are not authorized to perform this action",
                "{user_type:?}: {method} {path}"
            );
        }
    }
});

// Inside the appraiser area, an appraiser of another firm reaches none of the demo appraiser's
// records.
both_dbs!(owned_records_stay_with_their_owners, |app| {
    let order = demo_appraisers_order(&app, "700100", 4).await;
    let owner = app.user_id("demo.appraiser").await;
    let other = app.signed_in(outsider(&app).await).await;
    let reads = [
        ("GET", format!("/api/order-details/{order}")),
        ("GET", format!("/api/constants/order-file-types/{order}")),
        ("GET", format!("/api/appraiser/{owner}")),
        ("GET", format!("/api/appraiser/{owner}/coverage-areas")),
        ("GET", format!("/api/appraiser/{owner}/license-info")),
        ("GET", format!("/api/appraiser/{owner}/scorecard")),
        ("GET", format!("/api/appraiser/{owner}/epp-party-information")),
        ("GET", format!("/api/appraiser/{owner}/onboard-token")),
        ("GET", format!("/api/file/appraiser-documents/{owner}")),
        ("GET", format!("/api/file/my-e-and-o/{owner}")),
        ("POST", format!("/api/appraiser/{owner}/payment-history")),
        ("GET", format!("/api/appraiser/{owner}/unpaid-orders")),
        ("GET", format!("/api/user/{owner}")),
    ];
    for (method, path) in reads {
        let r = call(&other, method, &path).await;
        assert!(
            matches!(r.status(), StatusCode::FORBIDDEN | StatusCode::NOT_FOUND),
            "{method} {path}: {}",
            r.status()
        );
    }
    // was-invited only ever speaks of the caller's own invitation.
    let invited: Value = call(&other, "GET", &format!("/api/order-details/{order}/was-invited"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(invited["wasInvited"], false);
    for (path, body) in [
        ("/api/order-details/accept", json!({"orderId": order})),
        ("/api/order-details/message", json!({"orderId": order, "message": "hello"})),
        ("/api/file/print-order", json!({"orderId": order})),
        ("/api/appraiser/update-ooo", json!({"appraiserId": owner, "outOfOffice": false})),
    ] {
        let r = other.post(path, body).await;
        assert!(
            matches!(
                r.status(),
                StatusCode::FORBIDDEN | StatusCode::NOT_FOUND | StatusCode::UNPROCESSABLE_ENTITY
            ),
            "{path}: {}",
            r.status()
        );
        assert_ne!(r.status(), StatusCode::OK);
    }
    let unchanged = app
        .count(&format!("SELECT COUNT(*) FROM orders WHERE id = {order} AND status_id = 4"))
        .await;
    assert_eq!(unchanged, 1, "the outsider's calls changed nothing");
});

// Every operation of the public API's document refuses a call without a key, with a revoked key,
// and answers another client's order as not found.
both_dbs!(every_public_api_operation_needs_a_live_key, |app| {
    let doc: Value = serde_json::from_str(&portal::areas::public_api::openapi_json()).unwrap();
    let staff = app.signed_in("demo.staff").await;
    let lender = new_client(&staff, "Matrix Lending").await;
    let created: Value = staff
        .post(&format!("/api/staff/clients/{lender}/api-keys"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    let key = created["key"].as_str().unwrap().to_string();
    let http = reqwest::Client::new();
    let ops = operations(&doc);
    assert!(ops.len() >= 10, "{ops:?}");
    for (method, path) in &ops {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        let url = format!("{}{}", app.url(""), concrete(path));
        let r = http.request(method.clone(), &url).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "no key: {method} {path}");
        let r =
            http.request(method.clone(), &url).bearer_auth("apk_not-a-key").send().await.unwrap();
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "unknown key: {method} {path}");
        if path.contains("{id}") {
            let r = http
                .request(method.clone(), &url)
                .bearer_auth(&key)
                .header("Idempotency-Key", "x")
                .json(&json!({"reason": "x", "body": "x"}))
                .send()
                .await
                .unwrap();
            assert!(
                matches!(r.status(), StatusCode::NOT_FOUND | StatusCode::BAD_REQUEST),
                "order 1 is another client's: {method} {path}: {}",
                r.status()
            );
            assert_ne!(r.status(), StatusCode::OK);
        }
    }
    staff.delete(&format!("/api/staff/clients/{lender}/api-keys/{}", created["id"])).await;
    let r = http.get(app.url("/api/v1/orders")).bearer_auth(&key).send().await.unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "revoked");
});
