//! The demo that `make run` loads shows every money and document screen filled in: invoices in
//! every state, a delivered order with its report and the borrower's copy, and a borrower-pays
//! order whose payment link waits in the development mailbox; loading it twice adds nothing.
use crate::common;

use portal::platform::storage::Storage;
use serde_json::Value;

both_dbs!(the_demo_fills_the_lender_and_money_screens, |app| {
    let storage = Storage::from_config(&app.config).unwrap();
    portal::demo::seed_with_orders(&app.db, &storage, &app.config).await.unwrap();
    portal::demo::seed_with_orders(&app.db, &storage, &app.config).await.unwrap();

    let staff = app.signed_in("demo.staff").await;
    let invoices: Value = staff.get_json("/api/staff/invoices").await;
    let invoices = invoices.as_array().unwrap();
    assert_eq!(invoices.len(), 5, "{invoices:?}");
    let has = |status: &str| invoices.iter().any(|i| i["status"] == status);
    assert!(has("open") && has("overdue") && has("paid"), "{invoices:?}");
    let part_paid = invoices
        .iter()
        .any(|i| i["paidCents"].as_i64().unwrap() > 0 && i["balanceCents"].as_i64().unwrap() > 0);
    assert!(part_paid, "{invoices:?}");

    let copies = "SELECT COUNT(*) FROM borrower_copies";
    assert_eq!(app.count(copies).await, 1);
    let with_report = "SELECT COUNT(*) FROM borrower_copies c JOIN orders o ON o.id = c.order_id \
                       WHERE o.status_id = 18";
    assert_eq!(app.count(with_report).await, 1, "the copy is of the delivered order's report");
    let links = "SELECT COUNT(*) FROM outbox WHERE subject LIKE 'Payment for the appraisal of %'";
    assert_eq!(app.count(&format!("{links} AND channel = 'email'")).await, 1);
    assert_eq!(app.count(&format!("{links} AND channel = 'sms'")).await, 1, "and by text");
    let held = "SELECT COUNT(*) FROM borrower_payments p JOIN clients c ON c.borrower_pays \
                JOIN orders o ON o.id = p.order_id AND o.client_id = c.id";
    assert_eq!(app.count(held).await, 1);

    let disputed = "SELECT COUNT(*) FROM reconsiderations r JOIN orders o ON o.id = r.order_id \
                    WHERE o.status_id = 18 AND r.initiated_by = 'borrower' AND r.value_pressure";
    assert_eq!(app.count(disputed).await, 1, "the borrower disputes the delivered report's value");
    let found = "SELECT COUNT(DISTINCT severity) FROM fair_language_findings f \
                 JOIN orders o ON o.id = f.order_id WHERE o.status_id <> 18";
    assert_eq!(app.count(found).await, 3, "the report in review has a block, a warning, a name");
});
