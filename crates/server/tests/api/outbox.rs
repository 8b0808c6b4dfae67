//! The outbox sender: nothing lost across a restart, nothing sent twice by two senders,
//! failures retried with backoff.
use crate::common;

use std::sync::{Arc, Mutex};

use chrono::{Duration, Utc};
use portal::platform::delivery::email::EmailTransport;
use portal::platform::delivery::sender::{Sender, Transports};
use portal::platform::delivery::sms::LogSms;
use portal::platform::delivery::{Attachment, Channel, NoAttachments, Outgoing, enqueue};
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
    async fn send(&self, m: &outbox::Model, _: Option<Attachment>) -> Result<(), String> {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        if *self.0.failing.lock().unwrap() {
            return Err("relay refused".into());
        }
        self.0.delivered.lock().unwrap().push(m.id);
        Ok(())
    }
}

fn transports(recorder: &Arc<Recorder>) -> Arc<Transports> {
    Arc::new(Transports {
        email: Box::new(Shared(recorder.clone())),
        sms: Box::new(LogSms),
        attachments: Arc::new(NoAttachments),
    })
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

/// What Twilio was asked: the account in the path, the authorization header and the form.
type TwilioCall = (String, String, Vec<(String, String)>);

on_each_db!(sms_through_twilio_gives_up_a_refused_message_and_retries_an_outage, twilio);

/// Twilio's Messages API as its reference documents it: 201 with the message for a good number,
/// 400 (error 21211) for an invalid one, 503 while it is down.
async fn twilio(db: common::Db) {
    use axum::http::StatusCode;
    use axum::routing::post;
    let received: Arc<Mutex<Vec<TwilioCall>>> = Arc::default();
    let store = received.clone();
    let twilio = axum::Router::new().route(
        "/2010-04-01/Accounts/{sid}/Messages.json",
        post(
            move |axum::extract::Path(sid): axum::extract::Path<String>,
                  headers: axum::http::HeaderMap,
                  axum::Form(form): axum::Form<Vec<(String, String)>>| {
                let store = store.clone();
                async move {
                    let auth = headers
                        .get("authorization")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_string();
                    let to = form.iter().find(|(k, _)| k == "To").unwrap().1.clone();
                    store.lock().unwrap().push((sid.clone(), auth, form));
                    match to.as_str() {
                        "+15005550001" => (
                            StatusCode::BAD_REQUEST,
                            axum::Json(serde_json::json!({
                                "code": 21211,
                                "message": "The 'To' number +15005550001 is not a valid \
                                            phone number.",
                                "more_info": "https://www.twilio.com/docs/errors/21211",
                                "status": 400
                            })),
                        ),
                        "+15125550199" => (
                            StatusCode::SERVICE_UNAVAILABLE,
                            axum::Json(serde_json::json!({
                                "code": 20503, "message": "Service unavailable", "status": 503
                            })),
                        ),
                        _ => (
                            StatusCode::CREATED,
                            axum::Json(serde_json::json!({
                                "sid": "SM1f0e8ae6ade43cb3c0ce4525424e404f", "account_sid": sid,
                                "to": to, "status": "queued", "direction": "outbound-api",
                                "error_code": null
                            })),
                        ),
                    }
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let api = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, twilio).await.unwrap() });

    let Some(app) = common::TestApp::start_on(db, move |c| {
        c.sms_provider = "twilio".into();
        c.twilio_api_url = api;
        c.twilio_account_sid = "ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX".into();
        c.twilio_auth_token = "twilio-token".into();
        c.twilio_from = "+15005550006".into();
    })
    .await
    else {
        return;
    };
    for recipient in ["512-555-0110", "+15005550001", "(512) 555-0199"] {
        let message = Outgoing {
            channel: Channel::Sms,
            recipient: recipient.into(),
            subject: "code".into(),
            text: "Your code is 123456".into(),
            html: None,
        };
        enqueue(&app.db, message).await.unwrap();
    }
    let sender =
        Sender::new(app.db.clone(), Arc::new(Transports::from_config(&app.config).unwrap()));
    assert_eq!(sender.run_once().await.unwrap(), 1);
    let got = received.lock().unwrap().clone();
    assert_eq!(got.len(), 3);
    use base64::Engine;
    let basic = base64::engine::general_purpose::STANDARD
        .encode("ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:twilio-token");
    let sent = got.iter().find(|(_, _, form)| form.contains(&("To".into(), "+15125550110".into())));
    let (sid, auth, form) = sent.expect("the first message in E.164");
    assert_eq!(sid, "ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX");
    assert_eq!(auth, &format!("Basic {basic}"));
    assert!(form.contains(&("From".into(), "+15005550006".into())), "{form:?}");
    assert!(form.contains(&("Body".into(), "Your code is 123456".into())), "{form:?}");

    let rows = outbox::Entity::find().order_by_asc(outbox::Column::Id).all(&app.db).await.unwrap();
    let row = |to: &str| rows.iter().find(|r| r.recipient == to).unwrap().clone();
    assert!(row("512-555-0110").sent_at.is_some());
    let refused = row("+15005550001");
    assert!(refused.failed_at.is_some(), "a refused number is given up at once");
    assert!(refused.last_error.unwrap_or_default().contains("21211"));
    let outage = row("(512) 555-0199");
    assert!(outage.failed_at.is_none() && outage.sent_at.is_none(), "an outage is tried again");
    assert!(outage.next_attempt_at > Utc::now());
}
