//! The card payment provider's sandbox: its hosted checkout page (`/card-sandbox/checkout`),
//! which stands in for the provider's own site, so that the card number is typed on a page whose
//! handler only decides the outcome from it and drops it: it is never stored or logged. As
//! sandboxes do, test card numbers choose the outcome: 4242 4242 4242 4242 is approved,
//! 4000 0000 0000 0002 declined, 4000 0000 0000 3220 asks for a 3-D Secure challenge first.
use axum::Form;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::Utc;
use portal_db::entities::{borrower_payment, order};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Deserialize;

use super::borrower_payments::{PENDING, mark_paid};
use crate::kernel::orders::apply;
use crate::platform::delivery::html_escape;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::http::sandbox_page::{self, Sandbox};
use crate::platform::money::Cents;
use crate::platform::state::AppState;
use crate::platform::tokens::random_token;

pub const APPROVED_CARD: &str = "4242424242424242";
pub const DECLINED_CARD: &str = "4000000000000002";
pub const CHALLENGE_CARD: &str = "4000000000003220";

/// Where the borrower goes to pay: the provider's checkout for the session, returning to
/// `return_path` (the borrower's `/pay/...` page) when done.
pub fn checkout_url(session: &str, return_path: &str) -> String {
    format!("/card-sandbox/checkout?session={session}&return={return_path}")
}

/// A new checkout session id.
pub fn new_session() -> String {
    format!("cs_{}", random_token())
}

#[derive(Debug, Deserialize)]
pub struct CheckoutQuery {
    pub session: Option<String>,
    #[serde(rename = "return")]
    pub return_path: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct CardForm {
    pub session: Option<String>,
    #[serde(rename = "return")]
    pub return_path: Option<String>,
    pub card_number: Option<String>,
    /// pass or fail, on the 3-D Secure challenge.
    pub challenge: Option<String>,
}

const SANDBOX: Sandbox = Sandbox {
    name: "card sandbox",
    notice: "Card payment sandbox: a stand-in for the payment provider's page. \
             No real card is charged.",
};

/// The sandbox approves every refund of a payment it made.
pub fn refund(provider_ref: &str) -> AppResult<()> {
    if provider_ref.starts_with("pi_") {
        Ok(())
    } else {
        Err(AppError::Internal(format!("no sandbox payment {provider_ref} to refund")))
    }
}

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    sandbox_page::page(&SANDBOX, status, title, body)
}

/// Only a path of the borrower's payment page may be returned to.
fn safe_return(path: Option<&str>) -> String {
    path.filter(|p| p.starts_with("/pay/") && !p.contains("//") && !p.contains(['\\', '"', '<']))
        .unwrap_or("/")
        .to_owned()
}

async fn pending_session(
    state: &AppState,
    session: &str,
) -> AppResult<Option<borrower_payment::Model>> {
    Ok(borrower_payment::Entity::find()
        .filter(borrower_payment::Column::SessionId.eq(session))
        .filter(borrower_payment::Column::Status.eq(PENDING))
        .filter(borrower_payment::Column::ExpiresAt.gt(Utc::now()))
        .one(&state.db)
        .await?)
}

fn hidden(session: &str, return_path: &str) -> String {
    format!(
        "<input type=\"hidden\" name=\"session\" value=\"{}\">\
         <input type=\"hidden\" name=\"return\" value=\"{}\">",
        html_escape(session),
        html_escape(return_path)
    )
}

fn gone() -> Response {
    page(
        StatusCode::NOT_FOUND,
        "Checkout not found",
        "<p>This checkout has ended. Please go back to the payment link.</p>",
    )
}

/// GET /card-sandbox/checkout: the card form.
pub async fn checkout_page(
    State(state): State<AppState>,
    Query(q): Query<CheckoutQuery>,
) -> Response {
    let session = q.session.unwrap_or_default();
    let return_path = safe_return(q.return_path.as_deref());
    let payment = match pending_session(&state, &session).await {
        Ok(Some(p)) => p,
        Ok(None) => return gone(),
        Err(e) => return e.into_response(),
    };
    let body = format!(
        "<p>Amount: <strong>{}</strong></p>\
         <form method=\"post\" action=\"/card-sandbox/checkout\">{}\
         <label for=\"card_number\">Card number</label>\
         <input id=\"card_number\" name=\"card_number\" inputmode=\"numeric\" \
         autocomplete=\"cc-number\" required>\
         <label for=\"expiry\">Expiry (MM/YY)</label>\
         <input id=\"expiry\" name=\"expiry\" autocomplete=\"cc-exp\" required>\
         <label for=\"cvc\">Security code</label>\
         <input id=\"cvc\" name=\"cvc\" inputmode=\"numeric\" autocomplete=\"cc-csc\" required>\
         <button type=\"submit\">Pay {}</button></form>\
         <p>Test cards: 4242 4242 4242 4242 approved; 4000 0000 0000 0002 declined; \
         4000 0000 0000 3220 with a 3-D Secure check.</p>",
        Cents(payment.amount_cents),
        hidden(&session, &return_path),
        Cents(payment.amount_cents)
    );
    page(StatusCode::OK, "Pay by card", &body)
}

/// POST /card-sandbox/checkout: decides from the card number (which goes no further).
pub async fn submit_card(State(state): State<AppState>, Form(form): Form<CardForm>) -> Response {
    let session = form.session.unwrap_or_default();
    let return_path = safe_return(form.return_path.as_deref());
    let digits: String =
        form.card_number.unwrap_or_default().chars().filter(char::is_ascii_digit).collect();
    let outcome = match digits.as_str() {
        APPROVED_CARD => Outcome::Approved,
        CHALLENGE_CARD => {
            let body = format!(
                "<p>Your bank asks you to confirm this payment.</p>\
                 <form method=\"post\" action=\"/card-sandbox/challenge\">{}\
                 <button type=\"submit\" name=\"challenge\" value=\"pass\">\
                 Complete authentication</button>\
                 <button type=\"submit\" name=\"challenge\" value=\"fail\">\
                 Fail authentication</button></form>",
                hidden(&session, &return_path)
            );
            return page(StatusCode::OK, "3-D Secure check", &body);
        }
        _ => Outcome::Declined,
    };
    finish(&state, &session, &return_path, outcome).await
}

/// POST /card-sandbox/challenge: the 3-D Secure check's answer.
pub async fn answer_challenge(
    State(state): State<AppState>,
    Form(form): Form<CardForm>,
) -> Response {
    let session = form.session.unwrap_or_default();
    let return_path = safe_return(form.return_path.as_deref());
    let outcome = if form.challenge.as_deref() == Some("pass") {
        Outcome::Approved
    } else {
        Outcome::Declined
    };
    finish(&state, &session, &return_path, outcome).await
}

enum Outcome {
    Approved,
    Declined,
}

/// What the provider tells the portal (its notification), then back to the borrower's page.
async fn finish(state: &AppState, session: &str, return_path: &str, outcome: Outcome) -> Response {
    let back = match outcome {
        Outcome::Approved => return_path.to_owned(),
        Outcome::Declined => format!("{return_path}?result=declined"),
    };
    match record(state, session, outcome).await {
        Ok(true) => Redirect::to(&back).into_response(),
        Ok(false) => gone(),
        Err(e) => e.into_response(),
    }
}

/// Marks the session's payment paid (approved) or notes the decline; false when the session is
/// not pending any more.
async fn record(state: &AppState, session: &str, outcome: Outcome) -> AppResult<bool> {
    let txn = portal_db::begin_write(&state.db).await?;
    let Some(payment) = borrower_payment::Entity::find()
        .filter(borrower_payment::Column::SessionId.eq(session))
        .filter(borrower_payment::Column::Status.eq(PENDING))
        .one(&txn)
        .await?
    else {
        return Ok(false);
    };
    let o = order::Entity::find_by_id(payment.order_id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::Internal(format!("payment {} has no order", payment.id)))?;
    let amount = Cents(payment.amount_cents);
    match outcome {
        Outcome::Approved => {
            let reference = format!("pi_{}", &random_token()[..24]);
            mark_paid(&txn, &state.config, payment, reference).await?;
        }
        Outcome::Declined => {
            let mut row: borrower_payment::ActiveModel = payment.into();
            row.session_id = Set(None);
            row.update(&txn).await?;
            apply::note(
                &txn,
                None,
                &o,
                format!("The borrower's card payment of {amount} was declined."),
                true,
            )
            .await?;
        }
    }
    txn.commit().await?;
    Ok(true)
}
