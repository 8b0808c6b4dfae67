//! SMS delivery behind one trait: Twilio, the portal's own HTTP adapter contract, or the log in
//! development. A provider that refuses the message itself (a 4xx other than 408 and 429) makes
//! a permanent failure; an unreachable or failing provider (5xx, timeout) is tried again.
use portal_db::entities::outbox;
use serde_json::json;

use super::sender::Failure;

#[async_trait::async_trait]
pub trait SmsTransport: Send + Sync {
    async fn send(&self, message: &outbox::Model) -> Result<(), Failure>;
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(15))
        .build()
        .expect("HTTP client")
}

/// What a provider's answer means for the message.
async fn outcome(
    provider: &str,
    answer: Result<reqwest::Response, reqwest::Error>,
) -> Result<(), Failure> {
    let answer =
        answer.map_err(|e| Failure::retry(format!("{provider} could not be reached: {e}")))?;
    let status = answer.status();
    if status.is_success() {
        return Ok(());
    }
    let detail = answer.text().await.unwrap_or_default();
    let error =
        format!("{provider} answered {status}: {}", detail.chars().take(300).collect::<String>());
    let refused = status.is_client_error()
        && status != reqwest::StatusCode::TOO_MANY_REQUESTS
        && status != reqwest::StatusCode::REQUEST_TIMEOUT;
    Err(if refused { Failure::permanent(error) } else { Failure::retry(error) })
}

/// The portal's own adapter contract (`PORTAL_SMS_PROVIDER=http`): POSTs
/// `{"to": "+1...", "message": "..."}` to `PORTAL_SMS_URL` with `PORTAL_SMS_KEY` as a bearer
/// token, for a gateway of the operator's own that speaks to a provider not built in.
pub struct HttpSms {
    url: String,
    key: String,
    client: reqwest::Client,
}

impl HttpSms {
    pub fn new(url: &str, key: &str) -> HttpSms {
        HttpSms { url: url.to_string(), key: key.to_string(), client: client() }
    }
}

#[async_trait::async_trait]
impl SmsTransport for HttpSms {
    async fn send(&self, m: &outbox::Model) -> Result<(), Failure> {
        let body = json!({"to": m.recipient, "message": m.body_text});
        let answer = self.client.post(&self.url).bearer_auth(&self.key).json(&body).send().await;
        outcome("SMS provider", answer).await
    }
}

/// Twilio's Messages API: `POST {api}/2010-04-01/Accounts/{sid}/Messages.json` with `To`, `From`
/// and `Body`, the account SID and auth token as basic authentication.
pub struct TwilioSms {
    url: String,
    account_sid: String,
    auth_token: String,
    from: String,
    client: reqwest::Client,
}

impl TwilioSms {
    pub fn new(api: &str, account_sid: &str, auth_token: &str, from: &str) -> TwilioSms {
        let url = format!(
            "{}/2010-04-01/Accounts/{account_sid}/Messages.json",
            api.trim_end_matches('/')
        );
        TwilioSms {
            url,
            account_sid: account_sid.to_string(),
            auth_token: auth_token.to_string(),
            from: from.to_string(),
            client: client(),
        }
    }
}

#[async_trait::async_trait]
impl SmsTransport for TwilioSms {
    async fn send(&self, m: &outbox::Model) -> Result<(), Failure> {
        let form = [
            ("To", e164(&m.recipient)),
            ("From", self.from.clone()),
            ("Body", m.body_text.clone()),
        ];
        let answer = self
            .client
            .post(&self.url)
            .basic_auth(&self.account_sid, Some(&self.auth_token))
            .form(&form)
            .send()
            .await;
        outcome("Twilio", answer).await
    }
}

/// A U.S. number as E.164 (`512-555-0110` -> `+15125550110`); other forms are left as written.
pub fn e164(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    match digits.len() {
        _ if phone.trim_start().starts_with('+') => format!("+{digits}"),
        10 => format!("+1{digits}"),
        11 if digits.starts_with('1') => format!("+{digits}"),
        _ => phone.trim().to_string(),
    }
}

pub struct LogSms;

#[async_trait::async_trait]
impl SmsTransport for LogSms {
    async fn send(&self, m: &outbox::Model) -> Result<(), Failure> {
        tracing::info!(to = %m.recipient, body = %m.body_text, "SMS (log provider)");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn us_numbers_become_e164() {
        assert_eq!(super::e164("512-555-0110"), "+15125550110");
        assert_eq!(super::e164("1 (512) 555-0110"), "+15125550110");
        assert_eq!(super::e164("+44 20 7946 0958"), "+442079460958");
        assert_eq!(super::e164("5550148"), "5550148");
    }
}
