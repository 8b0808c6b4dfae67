//! Card payments through Stripe: the pay page opens a Checkout Session and sends the borrower to
//! Stripe's page (no card number ever reaches the portal); the payment is marked paid only by the
//! signed `checkout.session.completed` event at `POST /webhooks/stripe`; a cancelled order's
//! payment is refunded through `POST /v1/refunds`. The calls follow Stripe's API reference:
//! form-encoded bodies, the secret key as a bearer token, an `Idempotency-Key` on every create.
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use hmac::{Hmac, Mac};
use portal_db::entities::{borrower_payment, order};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use sha2::Sha256;

use super::borrower_payments::{self, PENDING};
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::state::AppState;

/// How old a signed event may be (Stripe's libraries use the same five minutes).
const TOLERANCE_SECONDS: i64 = 300;
const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// A Checkout Session as Stripe answers it (the fields the portal reads).
#[derive(Debug, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    pub url: Option<String>,
    #[serde(default)]
    pub payment_intent: Option<String>,
    #[serde(default)]
    pub payment_status: Option<String>,
    #[serde(default)]
    pub client_reference_id: Option<String>,
}

fn client() -> AppResult<reqwest::Client> {
    reqwest::Client::builder()
        .timeout(TIMEOUT)
        .build()
        .map_err(|e| AppError::Internal(format!("Stripe client: {e}")))
}

/// Posts a form to Stripe's API and reads its JSON answer (a refusal is an error carrying
/// Stripe's message, for the log).
async fn post<T: serde::de::DeserializeOwned>(
    config: &Config,
    path: &str,
    idempotency_key: &str,
    form: &[(String, String)],
) -> AppResult<T> {
    let url = format!("{}{path}", config.stripe_api_url.trim_end_matches('/'));
    let answer = client()?
        .post(&url)
        .bearer_auth(&config.stripe_secret_key)
        .header("Idempotency-Key", idempotency_key)
        .form(form)
        .send()
        .await
        .map_err(|e| provider_error(format!("Stripe could not be reached: {e}")))?;
    let status = answer.status();
    let text = answer.text().await.unwrap_or_default();
    if !status.is_success() {
        return Err(provider_error(format!("Stripe answered {status} to {path}: {text}")));
    }
    serde_json::from_str(&text)
        .map_err(|e| provider_error(format!("Stripe's answer to {path} was not understood: {e}")))
}

fn provider_error(detail: String) -> AppError {
    AppError::Internal(format!("card provider: {detail}"))
}

/// Opens a Checkout Session for the payment; the borrower goes to its `url`. Stripe returns them
/// to `return_url` either way.
pub async fn create_checkout_session(
    config: &Config,
    payment: &borrower_payment::Model,
    o: &order::Model,
    return_url: &str,
) -> AppResult<CheckoutSession> {
    let pairs = [
        ("mode", "payment".to_string()),
        ("client_reference_id", payment.id.to_string()),
        ("success_url", format!("{return_url}?result=paid")),
        ("cancel_url", return_url.to_string()),
        ("line_items[0][quantity]", "1".into()),
        ("line_items[0][price_data][currency]", "usd".into()),
        ("line_items[0][price_data][unit_amount]", payment.amount_cents.to_string()),
        (
            "line_items[0][price_data][product_data][name]",
            format!("Appraisal of {}", o.property_address()),
        ),
        ("metadata[order_id]", o.id.to_string()),
        ("metadata[payment_id]", payment.id.to_string()),
        ("payment_intent_data[metadata][order_id]", o.id.to_string()),
        ("payment_intent_data[metadata][payment_id]", payment.id.to_string()),
    ];
    let form: Vec<(String, String)> = pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let key = format!("checkout-{}-{}", payment.id, uuid::Uuid::new_v4());
    let session: CheckoutSession = post(config, "/v1/checkout/sessions", &key, &form).await?;
    if session.url.is_none() {
        return Err(provider_error(format!("Checkout Session {} has no url", session.id)));
    }
    Ok(session)
}

#[derive(Debug, Deserialize)]
struct Refund {
    id: String,
}

/// Refunds the whole payment made through `payment_intent`; returns Stripe's refund id.
pub async fn refund(config: &Config, payment_id: i64, payment_intent: &str) -> AppResult<String> {
    let form = vec![("payment_intent".to_string(), payment_intent.to_string())];
    let key = format!("refund-{payment_id}");
    let refund: Refund = post(config, "/v1/refunds", &key, &form).await?;
    Ok(refund.id)
}

/// Why a `Stripe-Signature` header is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum SignatureError {
    Malformed,
    Stale,
    Mismatch,
}

/// Checks `Stripe-Signature: t=...,v1=...` against the raw body: HMAC-SHA256 of `t.body` keyed
/// with the endpoint secret, hex-encoded, compared in constant time, `t` within the tolerance.
pub fn verify(secret: &str, header: &str, body: &[u8], now: i64) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v)) => signatures.push(v),
            _ => {}
        }
    }
    let t = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - t).abs() > TOLERANCE_SECONDS {
        return Err(SignatureError::Stale);
    }
    let matches = signatures.iter().filter_map(|s| decode_hex(s)).any(|expected| {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        mac.verify_slice(&expected).is_ok()
    });
    if matches { Ok(()) } else { Err(SignatureError::Mismatch) }
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

#[derive(Debug, Deserialize)]
struct Event {
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Debug, Deserialize)]
struct EventData {
    object: CheckoutSession,
}

/// POST /webhooks/stripe: a signed event from Stripe. A completed, paid Checkout Session marks
/// its payment paid (once: a repeated event finds it paid already); every other event is
/// acknowledged and ignored. A bad or stale signature is 400 and changes nothing.
pub async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let header = headers.get("stripe-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    let now = Utc::now().timestamp();
    if let Err(why) = verify(&state.config.stripe_webhook_secret, header, &body, now) {
        tracing::warn!(?why, "Stripe event refused: bad signature");
        return (StatusCode::BAD_REQUEST, "bad signature").into_response();
    }
    let Ok(event) = serde_json::from_slice::<Event>(&body) else {
        return (StatusCode::BAD_REQUEST, "not an event").into_response();
    };
    let session = event.data.object;
    if event.kind != "checkout.session.completed"
        || session.payment_status.as_deref() != Some("paid")
    {
        return StatusCode::OK.into_response();
    }
    match completed(&state, &session).await {
        Ok(()) => StatusCode::OK.into_response(),
        Err(e) => e.into_response(),
    }
}

/// Marks the session's pending payment paid with its payment intent (nothing when it is not
/// pending: paid already, or replaced).
async fn completed(state: &AppState, session: &CheckoutSession) -> AppResult<()> {
    let txn = portal_db::begin_write(&state.db).await?;
    let pending = borrower_payment::Entity::find()
        .filter(borrower_payment::Column::SessionId.eq(&session.id))
        .filter(borrower_payment::Column::Status.eq(PENDING))
        .one(&txn)
        .await?;
    let Some(payment) = pending else { return Ok(()) };
    let reference = session.payment_intent.clone().unwrap_or_else(|| session.id.clone());
    borrower_payments::mark_paid(&txn, &state.config, payment, reference).await?;
    txn.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(secret: &str, t: i64, body: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(format!("{t}.{body}").as_bytes());
        let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
        format!("t={t},v1={hex}")
    }

    #[test]
    fn signatures_are_checked_for_key_body_and_age() {
        let body = r#"{"id":"evt_1"}"#;
        let header = signed("whsec_test", 1_700_000_000, body);
        assert_eq!(verify("whsec_test", &header, body.as_bytes(), 1_700_000_100), Ok(()));
        let other_key = verify("whsec_other", &header, body.as_bytes(), 1_700_000_100);
        assert_eq!(other_key, Err(SignatureError::Mismatch));
        let other_body = verify("whsec_test", &header, b"{}", 1_700_000_100);
        assert_eq!(other_body, Err(SignatureError::Mismatch));
        let late = verify("whsec_test", &header, body.as_bytes(), 1_700_000_301);
        assert_eq!(late, Err(SignatureError::Stale));
        let bare = verify("whsec_test", "v1=00", body.as_bytes(), 1_700_000_000);
        assert_eq!(bare, Err(SignatureError::Malformed));
    }
}
