//! The lender's lists as CSV files with the list's filters applied, and the invoices list: only the
//! client's own rows, every order once even across the export's slices.
use crate::common;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::client_portal::{client_user, new_order_form};
use crate::reconsiderations::delivered_order;
use common::Session;

async fn lender(staff: &Session, name: &str) -> i64 {
    let created: Value =
        staff.post("/api/staff/clients", json!({"companyName": name})).await.json().await.unwrap();
    created["id"].as_i64().unwrap()
}

pub async fn csv(session: &Session, path: &str) -> (StatusCode, String, Vec<String>) {
    let r = session.get(path).await;
    let status = r.status();
    let kind = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let text = r.text().await.unwrap();
    (status, kind, text.lines().map(str::to_string).collect())
}

both_dbs!(orders_download_as_csv_with_the_lists_filters, |app| {
    let staff = app.signed_in("demo.staff").await;
    let mine = lender(&staff, "Export Savings").await;
    let other = lender(&staff, "Other Export Bank").await;
    let me = client_user(&app, &staff, mine, "exp.lo").await;
    let them = client_user(&app, &staff, other, "exp.other").await;
    let mut placed = Vec::new();
    for (i, borrower) in ["Ada Export", "Ben Export", "Cy Searchable"].iter().enumerate() {
        let mut form = new_order_form();
        form["borrowerName"] = json!(borrower);
        form["loanNumber"] = json!(format!("LN-EXP-{i}"));
        let r = me.post("/api/client/orders", form).await;
        assert_eq!(r.status(), StatusCode::CREATED);
        placed.push(r.json::<Value>().await.unwrap()["id"].as_i64().unwrap());
    }
    assert_eq!(
        them.post("/api/client/orders", new_order_form()).await.status(),
        StatusCode::CREATED
    );

    let (status, kind, lines) = csv(&me, "/api/client/orders/export?format=csv&filter=all").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/csv"), "{kind}");
    assert!(
        lines[0].starts_with("File Number,Loan Number,Borrower,Property Address,Status"),
        "{}",
        lines[0]
    );
    assert_eq!(lines.len(), 4, "a header and the client's three orders: {lines:?}");
    assert!(
        lines[1].contains("Cy Searchable") && lines[1].contains("LN-EXP-2"),
        "newest first: {lines:?}"
    );

    let (_, _, found) =
        csv(&me, "/api/client/orders/export?format=csv&filter=all&search=Searchable").await;
    assert_eq!(found.len(), 2, "{found:?}");
    let (_, _, none) = csv(&me, "/api/client/orders/export?format=csv&filter=delivered").await;
    assert_eq!(none.len(), 1, "only the header: {none:?}");

    let (status, _, _) = csv(&me, "/api/client/orders/export?format=pdf").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        staff.get("/api/client/orders/export?format=csv").await.status(),
        StatusCode::FORBIDDEN
    );
});

// More orders than one slice of the export, all changed at the same moment: each exactly once,
// in the list's order (the last change, then the order id, newest first).
both_dbs!(a_long_export_has_every_order_once, |app| {
    use sea_orm::ConnectionTrait;
    let staff = app.signed_in("demo.staff").await;
    let mine = lender(&staff, "Slice Savings").await;
    let me = client_user(&app, &staff, mine, "slice.lo").await;
    let r = me.post("/api/client/orders", new_order_form()).await;
    let order = r.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let copies = 1_203;
    let statements = [
        format!(
            "INSERT INTO orders (file_number, loan_number, borrower_name, property_address_line1, \
             property_city, property_state_code, property_zip, property_county, client_id, \
             status_id, created_at, is_desktop, appraiser_unread_messages) \
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {copies}) \
             SELECT 'SLICE-' || CAST(n.i AS TEXT), loan_number, borrower_name, \
             property_address_line1, property_city, property_state_code, property_zip, \
             property_county, client_id, status_id, created_at, is_desktop, 0 \
             FROM orders, n WHERE orders.id = {order}"
        ),
        format!(
            "INSERT INTO client_orders (order_id, client_id, source, updated_at) \
             SELECT o.id, c.client_id, c.source, c.updated_at FROM orders o, client_orders c \
             WHERE c.order_id = {order} AND o.file_number LIKE 'SLICE-%'"
        ),
    ];
    for sql in statements {
        app.db.execute_unprepared(&sql).await.unwrap();
    }
    let (status, _, lines) = csv(&me, "/api/client/orders/export?format=csv&filter=all").await;
    assert_eq!(status, StatusCode::OK);
    let numbers: Vec<&str> =
        lines[1..].iter().map(|l| l.split(',').next().unwrap_or_default()).collect();
    assert_eq!(numbers.len(), copies + 1, "every order once");
    let distinct: std::collections::HashSet<&&str> = numbers.iter().collect();
    assert_eq!(distinct.len(), copies + 1, "no order twice");
    let first: Value = me.get_json(&format!("/api/client/orders/{order}")).await;
    assert_eq!(numbers[copies], first["fileNumber"], "the lowest id last among equal changes");
});

both_dbs!(invoices_list_and_download_only_the_clients_own, |app| {
    let staff = app.signed_in("demo.staff").await;
    let mine = lender(&staff, "Invoice Savings").await;
    let other = lender(&staff, "Other Invoice Bank").await;
    let me = client_user(&app, &staff, mine, "inv.ap").await;
    let mut orders = Vec::new();
    for (client, number) in [(mine, "INV-EXP-1"), (mine, "INV-EXP-2"), (other, "INV-EXP-3")] {
        orders.push(delivered_order(&app, &staff, client, number).await);
    }
    let listed: Value = me.get_json("/api/client/invoices?pageSize=1").await;
    assert_eq!(listed["total"], 2, "{listed}");
    assert_eq!(listed["items"].as_array().unwrap().len(), 1, "a page of one");
    assert_eq!(listed["items"][0]["orderId"], orders[1], "newest first");
    let invoice = listed["items"][0]["id"].as_i64().unwrap();
    let amount = listed["items"][0]["amountCents"].as_i64().unwrap();
    let owed = listed["balanceCents"].as_i64().unwrap();
    assert!(amount > 0 && owed == 2 * amount, "two invoices of the same product: {listed}");

    let today = app.config.today().unwrap().to_string();
    let paid = json!({"amountCents": owed / 2, "method": "check", "receivedOn": today});
    let r = staff.post(&format!("/api/staff/invoices/{invoice}/payments"), paid).await;
    assert!(r.status().is_success(), "{}", r.text().await.unwrap());
    let paid: Value = me.get_json("/api/client/invoices?status=paid").await;
    assert_eq!((paid["total"].as_u64(), paid["items"][0]["id"].as_i64()), (Some(1), Some(invoice)));
    let number = paid["items"][0]["number"].as_str().unwrap().to_string();
    let found: Value = me.get_json(&format!("/api/client/invoices?search={number}")).await;
    assert_eq!(found["total"], 1);

    let (status, kind, lines) = csv(&me, "/api/client/invoices/export?format=csv").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/csv"));
    assert_eq!(
        lines[0],
        "Invoice,File Number,Issued,Due,Amount,Credited,Paid,Balance,Status,Days Overdue"
    );
    assert_eq!(lines.len(), 3, "the client's two invoices: {lines:?}");
    assert!(!lines.iter().any(|l| l.contains("INV-EXP-3")), "never another client's");
    let (_, _, paid_lines) = csv(&me, "/api/client/invoices/export?format=csv&status=paid").await;
    assert_eq!(paid_lines.len(), 2);
    assert!(
        paid_lines[1].starts_with(&number) && paid_lines[1].contains(",Paid,"),
        "{paid_lines:?}"
    );

    let newcomer =
        client_user(&app, &staff, lender(&staff, "No Invoices Yet").await, "inv.new").await;
    let empty: Value = newcomer.get_json("/api/client/invoices").await;
    assert_eq!((empty["total"].as_u64(), empty["balanceCents"].as_i64()), (Some(0), Some(0)));
});
