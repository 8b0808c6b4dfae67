//! SMS delivery behind one trait: an HTTP provider, or the log in development.
use portal_db::entities::outbox;
use serde_json::json;

#[async_trait::async_trait]
pub trait SmsTransport: Send + Sync {
    async fn send(&self, message: &outbox::Model) -> Result<(), String>;
}

/// POSTs `{"to": "+1...", "message": "..."}` to the provider with the key as a bearer token.
pub struct HttpSms {
    url: String,
    key: String,
    client: reqwest::Client,
}

impl HttpSms {
    pub fn new(url: &str, key: &str) -> HttpSms {
        let client = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(15))
            .build()
            .expect("HTTP client");
        HttpSms { url: url.to_string(), key: key.to_string(), client }
    }
}

#[async_trait::async_trait]
impl SmsTransport for HttpSms {
    async fn send(&self, m: &outbox::Model) -> Result<(), String> {
        let response = self
            .client
            .post(&self.url)
            .bearer_auth(&self.key)
            .json(&json!({"to": m.recipient, "message": m.body_text}))
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if response.status().is_success() {
            Ok(())
        } else {
            Err(format!("SMS provider answered {}", response.status()))
        }
    }
}

pub struct LogSms;

#[async_trait::async_trait]
impl SmsTransport for LogSms {
    async fn send(&self, m: &outbox::Model) -> Result<(), String> {
        tracing::info!(to = %m.recipient, body = %m.body_text, "SMS (log provider)");
        Ok(())
    }
}
