//! Secure links: only the recipient sees a link, viewDateTime is set once, and attachments
//! download with the same check, on both databases.
use crate::common;

use chrono::{Duration, Utc};
use portal::platform::storage::Storage;
use portal_db::entities::{secure_link, secure_link_attachment, stored_file};
use reqwest::StatusCode;
use sea_orm::{ActiveModelTrait, NotSet, Set};
use serde_json::{Value, json};

use common::{TestApp, message};

async fn link_for(app: &TestApp, username: &str, subject: &str, hours_ago: i64) -> i32 {
    let user = portal::kernel::users::accounts::find(&app.db, username).await.unwrap().unwrap();
    secure_link::ActiveModel {
        id: NotSet,
        order_id: Set(None),
        usa_file_number: Set("100200".into()),
        recipient_user_id: Set(user.id),
        recipient_email: Set(user.email),
        sender_name: Set("Dana Staff".into()),
        sender_email: Set("dana@appraisalportal.example".into()),
        subject: Set(subject.into()),
        message: Set(format!("Message about {subject}")),
        sent_at: Set(Utc::now() - Duration::hours(hours_ago)),
        viewed_at: Set(None),
    }
    .insert(&app.db)
    .await
    .unwrap()
    .id
}

async fn attach(app: &TestApp, link: i32, name: &str, bytes: &[u8], hide: bool) -> i64 {
    let storage = Storage::from_config(&app.config).unwrap();
    let stored = storage.put_bytes(bytes).await.unwrap();
    let file = stored_file::ActiveModel {
        id: NotSet,
        storage_key: Set(stored.key),
        file_name: Set(name.into()),
        content_type: Set("text/plain; charset=utf-8".into()),
        size_bytes: Set(stored.size as i64),
        sha256: Set(stored.sha256),
        file_type_id: Set(None),
        uploaded_by: Set(None),
        uploaded_at: Set(Utc::now()),
        order_id: Set(None),
        appraiser_user_id: Set(None),
        hide: Set(hide),
    }
    .insert(&app.db)
    .await
    .unwrap();
    secure_link_attachment::ActiveModel {
        id: NotSet,
        secure_link_id: Set(link),
        stored_file_id: Set(file.id),
    }
    .insert(&app.db)
    .await
    .unwrap();
    file.id
}

both_dbs!(recipients_see_only_their_links_newest_first, |app| {
    let older = link_for(&app, "demo.appraiser", "Older", 48).await;
    let newer = link_for(&app, "demo.appraiser", "Newer", 1).await;
    let theirs = link_for(&app, "demo.appraiser2", "Not yours", 2).await;
    attach(&app, newer, "contract.txt", b"contract", false).await;
    attach(&app, newer, "internal.txt", b"internal", true).await;

    let s = app.signed_in("demo.appraiser").await;
    let list: Value = s.get_json("/api/appraiser/secure-links").await;
    let subjects: Vec<&str> =
        list.as_array().unwrap().iter().map(|l| l["subject"].as_str().unwrap()).collect();
    assert_eq!(subjects, ["Newer", "Older"]);
    let first = &list[0];
    assert_eq!(first["id"], newer);
    assert_eq!(first["usaFileNumber"], "100200");
    assert_eq!(first["senderName"], "Dana Staff");
    assert_eq!(first["recipientEmail"], "demo.appraiser@appraisalportal.example");
    assert_eq!(first["viewDateTime"], Value::Null);
    assert!(first["sentDateTime"].as_str().is_some());
    // Hidden files are never sent to the appraiser.
    let files = first["attachments"].as_array().unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["fileName"], "contract.txt");
    assert_eq!(files[0]["fileSize"], 8);
    assert_eq!(list[1]["attachments"], json!([]));
    let _ = older;

    // Another appraiser's link: 404, the same as one that does not exist.
    for id in [theirs, 999_999] {
        assert_eq!(
            s.get(&format!("/api/appraiser/secure-links/{id}")).await.status(),
            StatusCode::NOT_FOUND
        );
        let r = s.post(&format!("/api/appraiser/secure-links/{id}/viewed"), json!({})).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND);
        assert_eq!(message(r).await, "Secure link not found");
    }
    let staff = app.signed_in("demo.staff").await;
    assert_eq!(staff.get_json::<Value>("/api/appraiser/secure-links").await, json!([]));
    assert_eq!(
        app.signed_in("demo.client").await.get("/api/appraiser/secure-links").await.status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.client().get("/api/appraiser/secure-links").await.status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.count(&format!(
            "SELECT COUNT(*) FROM secure_links WHERE viewed_at IS NOT NULL AND id = {theirs}"
        ))
        .await,
        0
    );
});

both_dbs!(view_date_time_is_set_once, |app| {
    let id = link_for(&app, "demo.appraiser", "Contract", 1).await;
    let s = app.signed_in("demo.appraiser").await;
    // Reading does not mark it viewed.
    let read: Value = s.get_json(&format!("/api/appraiser/secure-links/{id}")).await;
    assert_eq!(read["viewDateTime"], Value::Null);
    assert_eq!(read["message"], "Message about Contract");

    let r = s.post(&format!("/api/appraiser/secure-links/{id}/viewed"), json!({})).await;
    assert_eq!(r.status(), StatusCode::OK);
    let first: Value = r.json().await.unwrap();
    let viewed = first["viewDateTime"].as_str().expect("set on first open").to_string();

    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let again: Value = s
        .post(&format!("/api/appraiser/secure-links/{id}/viewed"), json!({}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(again["viewDateTime"], viewed.as_str(), "the first open stays the view time");
    let list: Value = s.get_json("/api/appraiser/secure-links").await;
    assert_eq!(list[0]["viewDateTime"], viewed.as_str());
    // Marking needs the CSRF token like every other change.
    let id2 = link_for(&app, "demo.appraiser", "Second", 2).await;
    assert_eq!(
        s.post_without_csrf(&format!("/api/appraiser/secure-links/{id2}/viewed"), json!({}))
            .await
            .status(),
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.count(&format!(
            "SELECT COUNT(*) FROM secure_links WHERE viewed_at IS NOT NULL AND id = {id2}"
        ))
        .await,
        0
    );
});

both_dbs!(attachments_download_for_the_recipient_only, |app| {
    let id = link_for(&app, "demo.appraiser", "Files", 1).await;
    let file = attach(&app, id, "Plat map.txt", b"Lot 14, Block C", false).await;
    let hidden = attach(&app, id, "internal.txt", b"internal", true).await;
    let other_link = link_for(&app, "demo.appraiser2", "Other", 1).await;
    let other_file = attach(&app, other_link, "other.txt", b"other", false).await;

    let s = app.signed_in("demo.appraiser").await;
    let r = s.get(&format!("/api/appraiser/secure-links/{id}/attachments/{file}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    let disposition = r.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(
        disposition.starts_with("attachment;") && disposition.contains("Plat map.txt"),
        "{disposition}"
    );
    assert_eq!(r.bytes().await.unwrap().as_ref(), b"Lot 14, Block C");

    for path in [
        format!("/api/appraiser/secure-links/{id}/attachments/{hidden}"),
        // A file of another link, through one's own link id, and another's link directly.
        format!("/api/appraiser/secure-links/{id}/attachments/{other_file}"),
        format!("/api/appraiser/secure-links/{other_link}/attachments/{other_file}"),
    ] {
        assert_eq!(s.get(&path).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    // The files are not order or profile files, so the general file downloads do not serve them
    // either.
    assert_eq!(
        s.get(&format!("/api/file/download/appraisalfile/{file}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let other = app.signed_in("demo.appraiser2").await;
    assert_eq!(
        other.get(&format!("/api/appraiser/secure-links/{id}/attachments/{file}")).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        other
            .get(&format!("/api/appraiser/secure-links/{other_link}/attachments/{other_file}"))
            .await
            .status(),
        StatusCode::OK
    );
});
