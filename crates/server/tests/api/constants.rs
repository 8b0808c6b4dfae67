//! Lookups under /api/constants.
use crate::common;

use reqwest::StatusCode;
use serde_json::Value;

use common::message;

both_dbs!(lookups_answer_label_value_options, |app| {
    let s = app.signed_in("demo.appraiser").await;
    let states: Value = s.get_json("/api/constants/states").await;
    assert!(states.as_array().unwrap().iter().any(|o| o["label"] == "Texas" && o["value"] == "TX"));
    let counties: Value = s.get_json("/api/constants/counties/tx").await;
    assert_eq!(counties.as_array().unwrap().len(), 254);
    assert_eq!(
        counties[0],
        serde_json::json!({"label": "Anderson County", "value": "Anderson County"})
    );
    let unknown = s.get("/api/constants/counties/ZZ").await;
    assert_eq!(unknown.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(message(unknown).await, "Unknown state 'ZZ'");

    let statuses: Value = s.get_json("/api/constants/search-statuses").await;
    let statuses = statuses.as_array().unwrap();
    assert_eq!(statuses.len(), 43);
    assert_eq!(statuses[0], serde_json::json!({"label": "Open", "value": "-1", "id": -1}));
    assert_eq!(statuses[1], serde_json::json!({"label": "All", "value": "0", "id": 0}));
    assert_eq!(statuses[5]["label"], "Assigned");
    for path in ["cellphone-carriers", "appraiser-statuses", "status-message-options"] {
        let options: Value = s.get_json(&format!("/api/constants/{path}")).await;
        assert!(!options.as_array().unwrap().is_empty(), "{path}");
        assert!(
            options
                .as_array()
                .unwrap()
                .iter()
                .all(|o| o["label"].is_string() && o["value"].is_string()),
            "{path}"
        );
    }
    assert_eq!(app.client().get("/api/constants/states").await.status(), StatusCode::UNAUTHORIZED);
});
