//! Appraisers' 1099-NEC details on both databases: the tax number sealed at rest and shown by its
//! last four digits, whole only to staff who give a reason (audited), the year totals with the
//! form's fields and the threshold, and no number stored without a data key.
use crate::common;

use reqwest::StatusCode;
use serde_json::{Value, json};

use portal::features::profile::tax::MSG_NO_DATA_KEY;

const DATA_KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

both_dbs!(
    a_tax_number_is_sealed_masked_and_revealed_only_with_a_reason,
    with | c | {
        c.data_key = DATA_KEY.into();
        c.nec_threshold_cents = 100_000;
    },
    |app| {
        let avery = app.user_id("demo.appraiser").await;
        let blake = app.user_id("demo.appraiser2").await;
        let me = app.signed_in("demo.appraiser").await;
        let own = format!("/api/appraiser/{avery}/tax-info");
        let (status, refused) = me.put_for_message(&own, json!({"taxId": "666-12-3456"})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        let body = json!({
            "taxId": "123-45-6789", "legalName": "Avery Appraiser",
            "taxAddress": "100 Congress Avenue, Austin, TX 78701"
        });
        let saved = me.put(&own, body).await;
        assert_eq!(saved.status(), StatusCode::OK);
        let saved: Value = saved.json().await.unwrap();
        assert_eq!(
            (saved["taxIdKind"].as_str(), saved["taxIdLast4"].as_str()),
            (Some("SSN"), Some("6789"))
        );
        assert!(!saved.to_string().contains("123-45") && !saved.to_string().contains("123456789"));
        let stored = app
            .count("SELECT COUNT(*) FROM appraiser_tax_records WHERE tax_id_sealed LIKE '%6789%'")
            .await;
        assert_eq!(stored, 0, "only sealed at rest");
        assert_eq!(
            me.get(&format!("/api/appraiser/{blake}/tax-info")).await.status(),
            StatusCode::FORBIDDEN
        );

        let staff = app.signed_in("demo.staff").await;
        let change = json!({"taxId": "12-3456789", "legalName": "Blake Morgan Appraisals LLC"});
        assert_eq!(
            staff.put(&format!("/api/staff/appraisers/{blake}"), change).await.status(),
            StatusCode::OK
        );
        let audited = "SELECT COUNT(*) FROM audit_log WHERE action = 'staff.appraiser_updated' \
                       AND detail LIKE '%tax ID%' AND detail NOT LIKE '%3456789%'";
        assert_eq!(app.count(audited).await, 1, "the change is audited without the number");
        let info: Value = staff.get_json(&format!("/api/staff/appraisers/{blake}/tax-info")).await;
        assert_eq!(
            (info["taxIdKind"].as_str(), info["taxIdLast4"].as_str()),
            (Some("EIN"), Some("6789"))
        );
        let reveal = format!("/api/staff/appraisers/{blake}/tax-id");
        let (status, _) = staff.post_for_message(&reveal, json!({"reason": " "})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "a reason is required");
        let r = staff.post(&reveal, json!({"reason": "Filing the 2026 1099-NEC"})).await;
        assert_eq!(r.status(), StatusCode::OK);
        let whole: Value = r.json().await.unwrap();
        assert_eq!(whole["taxId"], "12-3456789");
        let revealed = "SELECT COUNT(*) FROM audit_log WHERE action = 'staff.tax_id_revealed' \
                        AND detail LIKE '%Filing the 2026 1099-NEC%'";
        assert_eq!(app.count(revealed).await, 1);
        assert_eq!(
            me.post(&reveal, json!({"reason": "curious"})).await.status(),
            StatusCode::FORBIDDEN
        );

        for (who, cents) in [(avery, 150_000), (blake, 99_999)] {
            crate::pay_by::paid(&app, who, &format!("75{who}"), cents, "2025-03-01").await;
        }
        let csv = staff
            .get("/api/staff/reports/appraiser-year-totals?year=2025")
            .await
            .text()
            .await
            .unwrap();
        let line = |id: i32| {
            csv.split("\r\n")
                .find(|l| l.starts_with(&format!("{id},")))
                .unwrap_or_default()
                .to_string()
        };
        assert!(
            line(avery).ends_with(
                ",Avery Appraiser,SSN,6789,\"100 Congress Avenue, Austin, TX 78701\",1500.00,Yes"
            ),
            "{csv}"
        );
        assert!(line(blake).ends_with(",Blake Morgan Appraisals LLC,EIN,6789,,999.99,No"), "{csv}");
        assert!(!csv.contains("123-45-6789") && !csv.contains("3456789"), "{csv}");
    }
);

both_dbs!(without_a_data_key_no_tax_number_is_stored, |app| {
    let avery = app.user_id("demo.appraiser").await;
    let me = app.signed_in("demo.appraiser").await;
    let own = format!("/api/appraiser/{avery}/tax-info");
    let (status, message) = me.put_for_message(&own, json!({"taxId": "123-45-6789"})).await;
    assert_eq!((status, message.as_str()), (StatusCode::CONFLICT, MSG_NO_DATA_KEY));
    let named = me.put(&own, json!({"legalName": "Avery Appraiser"})).await;
    assert_eq!(named.status(), StatusCode::OK, "the other fields need no key");
});
