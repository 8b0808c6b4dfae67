//! The outbox sender: nothing lost across a restart, nothing sent twice by two senders,
//! failures retried with backoff.
use crate::common;

use std::sync::{Arc, Mutex};

use chrono::{Duration, Utc};
use portal::platform::delivery::email::EmailTransport;
use portal::platform::delivery::sender::{Sender, Transports};
use portal::platform::delivery::sms::LogSms;
use portal::platform::delivery::{Channel, Outgoing, enqueue};
use portal_db::entities::outbox;
use sea_orm::sea_query::Expr;
use sea_orm::{EntityTrait, QueryFilter, QueryOrder};

/// Records what it delivered; fails while `failing` is set.
#[derive(Default)]
struct Recorder {
    delivered: Mutex<Vec<i64>>,
    failing: Mutex<bool>,
}

struct Shared(Arc<Recorder>);

#[async_trait::async_trait]
impl EmailTransport for Shared {
    async fn send(&self, m: &outbox::Model) -> Result<(), String> {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        if *self.0.failing.lock().unwrap() {
            return Err("relay refused".into());
        }
        self.0.delivered.lock().unwrap().push(m.id);
        Ok(())
    }
}

fn transports(recorder: &Arc<Recorder>) -> Arc<Transports> {
    Arc::new(Transports { email: Box::new(Shared(recorder.clone())), sms: Box::new(LogSms) })
}

async fn queue(app: &common::TestApp, n: usize) {
    for i in 0..n {
        let message = Outgoing {
            channel: Channel::Email,
            recipient: format!("r{i}@example.com"),
            subject: "s".into(),
            text: "t".into(),
            html: None,
        };
        enqueue(&app.db, message).await.unwrap();
    }
}

both_dbs!(messages_survive_a_restart_and_a_crashed_claim, |app| {
    queue(&app, 3).await;
    // A sender that claimed the first message and died before recording the delivery.
    let first = outbox::Entity::find()
        .order_by_asc(outbox::Column::Id)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    outbox::Entity::update_many()
        .col_expr(outbox::Column::ClaimedBy, Expr::value("crashed"))
        .col_expr(outbox::Column::ClaimedUntil, Expr::value(Utc::now() + Duration::minutes(1)))
        .filter(sea_orm::ColumnTrait::eq(&outbox::Column::Id, first.id))
        .exec(&app.db)
        .await
        .unwrap();
    let recorder = Arc::new(Recorder::default());
    let after_restart = Sender::new(app.db.clone(), transports(&recorder));
    assert_eq!(
        after_restart.run_once().await.unwrap(),
        2,
        "the claimed one waits for its claim to run out"
    );
    outbox::Entity::update_many()
        .col_expr(outbox::Column::ClaimedUntil, Expr::value(Utc::now() - Duration::seconds(1)))
        .filter(sea_orm::ColumnTrait::eq(&outbox::Column::Id, first.id))
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(after_restart.run_once().await.unwrap(), 1);
    assert_eq!(
        after_restart.run_once().await.unwrap(),
        0,
        "delivered messages are never sent again"
    );
    let mut ids = recorder.delivered.lock().unwrap().clone();
    ids.sort();
    assert_eq!(ids.len(), 3);
    ids.dedup();
    assert_eq!(ids.len(), 3);
});

both_dbs!(two_senders_never_send_one_message_twice, |app| {
    queue(&app, 40).await;
    let recorder = Arc::new(Recorder::default());
    let a = Sender::new(app.db.clone(), transports(&recorder));
    let b = Sender::new(app.db.clone(), transports(&recorder));
    loop {
        let (x, y) = tokio::join!(a.run_once(), b.run_once());
        if x.unwrap() + y.unwrap() == 0 {
            break;
        }
    }
    let mut ids = recorder.delivered.lock().unwrap().clone();
    assert_eq!(ids.len(), 40);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 40, "each message delivered exactly once");
});

both_dbs!(failures_are_retried_with_backoff, |app| {
    queue(&app, 1).await;
    let recorder = Arc::new(Recorder::default());
    *recorder.failing.lock().unwrap() = true;
    let sender = Sender::new(app.db.clone(), transports(&recorder));
    assert_eq!(sender.run_once().await.unwrap(), 0);
    let row = outbox::Entity::find().one(&app.db).await.unwrap().unwrap();
    assert_eq!(row.attempts, 1);
    assert_eq!(row.last_error.as_deref(), Some("relay refused"));
    assert!(row.next_attempt_at > Utc::now(), "waits before the next try");
    assert!(row.sent_at.is_none() && row.claimed_by.is_none());
    assert_eq!(sender.run_once().await.unwrap(), 0, "not due yet");
    *recorder.failing.lock().unwrap() = false;
    outbox::Entity::update_many()
        .col_expr(outbox::Column::NextAttemptAt, Expr::value(Utc::now()))
        .exec(&app.db)
        .await
        .unwrap();
    assert_eq!(sender.run_once().await.unwrap(), 1);
    assert!(outbox::Entity::find().one(&app.db).await.unwrap().unwrap().sent_at.is_some());
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sms_goes_to_the_http_provider_with_its_key() {
    use axum::routing::post;
    let received: Arc<Mutex<Vec<(String, serde_json::Value)>>> = Arc::default();
    let store = received.clone();
    let provider = axum::Router::new().route(
        "/sms",
        post(
            move |headers: axum::http::HeaderMap,
                  axum::Json(body): axum::Json<serde_json::Value>| {
                let store = store.clone();
                async move {
                    let auth = headers
                        .get("authorization")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_string();
                    store.lock().unwrap().push((auth, body));
                    "queued"
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/sms", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, provider).await.unwrap() });

    let app = common::TestApp::start_with(common::Db::Sqlite, move |c| {
        c.sms_provider = "http".into();
        c.sms_url = url;
        c.sms_key = "provider-key".into();
    })
    .await
    .unwrap();
    let message = Outgoing {
        channel: Channel::Sms,
        recipient: "+15125550110".into(),
        subject: "code".into(),
        text: "Your code is 123456".into(),
        html: None,
    };
    enqueue(&app.db, message).await.unwrap();
    let sender =
        Sender::new(app.db.clone(), Arc::new(Transports::from_config(&app.config).unwrap()));
    assert_eq!(sender.run_once().await.unwrap(), 1);
    let got = received.lock().unwrap().clone();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, "Bearer provider-key");
    assert_eq!(
        got[0].1,
        serde_json::json!({"to": "+15125550110", "message": "Your code is 123456"})
    );
}
