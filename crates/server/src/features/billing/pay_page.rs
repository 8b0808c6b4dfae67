//! The borrower's payment page, `/pay/{token}`, without sign-in: the fee, the property and the
//! company, and a button to the payment provider's checkout; once paid, a receipt line. A link
//! that is unknown, replaced by a newer one or past its 14 days is refused with one message.
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use chrono::Utc;
use portal_db::entities::{borrower_payment, order};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};
use serde::Deserialize;

use super::borrower_payments::{PAID, PENDING, REFUNDED};
use super::{card_sandbox, stripe};
use crate::platform::config::{CARD_SANDBOX, CARD_STRIPE};
use crate::platform::delivery::html_escape;
use crate::platform::http::error::AppResult;
use crate::platform::http::portal_page;
use crate::platform::http::sandbox_page::TEST_MODE;
use crate::platform::money::Cents;
use crate::platform::state::AppState;
use crate::platform::tokens::hash_token;

pub const MSG_LINK_GONE: &str =
    "This payment link is not valid or has expired. Please ask your lender for a new one.";

#[derive(Debug, Deserialize)]
pub struct PayQuery {
    pub result: Option<String>,
}

/// The card provider's checkout may follow the page's form.
const CHECKOUT: &str = "https://checkout.stripe.com";

fn page(status: StatusCode, company: &str, body: &str) -> Response {
    titled(status, company, "Pay for your appraisal", body)
}

fn titled(status: StatusCode, company: &str, title: &str, body: &str) -> Response {
    portal_page::page(status, company, title, body, CHECKOUT)
}

/// The page of a link that cannot be used (unknown, replaced, expired): what to do instead.
fn link_gone(state: &AppState, company: &str) -> Response {
    let email = html_escape(&state.config.support_email);
    let phone = html_escape(&state.config.support_phone);
    let body = format!(
        "<p class=\"alert\" role=\"alert\">{MSG_LINK_GONE}</p><h2>What to do</h2><ul>\
         <li>Ask your lender (the company that ordered your appraisal) \
         to send you a new payment link.</li>\
         <li>If you have already paid, there is nothing more to do: your payment is recorded.</li>\
         <li>Questions? Write to <a href=\"mailto:{email}\">{email}</a> or call {phone}.</li></ul>"
    );
    titled(StatusCode::NOT_FOUND, company, "This payment link cannot be used", &body)
}

/// The link's payment while it may be shown: not replaced, and pending only until it expires.
async fn usable(
    state: &AppState,
    token: &str,
) -> AppResult<Option<(borrower_payment::Model, order::Model)>> {
    let Some(p) = borrower_payment::Entity::find()
        .filter(borrower_payment::Column::TokenHash.eq(hash_token(token)))
        .one(&state.db)
        .await?
    else {
        return Ok(None);
    };
    let live = match p.status.as_str() {
        PENDING => p.expires_at > Utc::now(),
        PAID | REFUNDED => true,
        _ => false,
    };
    if !live {
        return Ok(None);
    }
    Ok(order::Entity::find_by_id(p.order_id).one(&state.db).await?.map(|o| (p, o)))
}

/// GET /pay/{token}
pub async fn show(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<PayQuery>,
) -> Response {
    let company = html_escape(&state.config.billing_name);
    let (payment, o) = match usable(&state, &token).await {
        Ok(Some(found)) => found,
        Ok(None) => {
            return link_gone(&state, &company);
        }
        Err(e) => return e.into_response(),
    };
    let facts = format!(
        "<dl><dt>Property</dt><dd>{}</dd><dt>Order</dt><dd>{}</dd><dt>Amount</dt><dd>{}</dd></dl>",
        html_escape(&o.property_address()),
        html_escape(&o.file_number),
        Cents(payment.amount_cents)
    );
    let state_line = match payment.status.as_str() {
        PAID => format!(
            "<p class=\"ok\" role=\"status\">Paid on {}. Thank you.</p>",
            payment.paid_at.map(|t| t.format("%m/%d/%Y").to_string()).unwrap_or_default()
        ),
        REFUNDED => "<p class=\"ok\" role=\"status\">This payment was refunded.</p>".to_owned(),
        _ => {
            let declined = match q.result.as_deref() {
                Some("declined") => {
                    "<p class=\"alert\" role=\"alert\">Your card was declined. \
                     Please try again or use another card.</p>"
                }
                Some("paid") => {
                    "<p class=\"ok\" role=\"status\">Thank you: \
                     the payment provider is confirming your payment. \
                     This page shows it as paid within a few minutes.</p>"
                }
                _ => "",
            };
            format!(
                "{declined}<form method=\"post\" action=\"/pay/{}\">\
                 <button type=\"submit\">Pay {} by card</button></form>\
                 <p>You will enter your card on the payment provider's secure page.</p>",
                html_escape(&token),
                Cents(payment.amount_cents)
            )
        }
    };
    let test_mode = match state.config.card_provider.as_str() {
        CARD_SANDBOX => format!("<p class=\"note\"><strong>{TEST_MODE}</strong></p>"),
        _ => String::new(),
    };
    page(
        StatusCode::OK,
        &company,
        &format!(
            "{test_mode}<p>{company} asks you to pay for the appraisal of your property.</p>\
             {facts}{state_line}"
        ),
    )
}

/// POST /pay/{token}: opens a checkout session with the provider and sends the borrower there.
pub async fn checkout(State(state): State<AppState>, Path(token): Path<String>) -> Response {
    let company = html_escape(&state.config.billing_name);
    let payment = match usable(&state, &token).await {
        Ok(Some((p, _))) if p.status == PENDING => p,
        Ok(_) => {
            return link_gone(&state, &company);
        }
        Err(e) => return e.into_response(),
    };
    let return_path = format!("/pay/{token}");
    let (session, url) = match state.config.card_provider.as_str() {
        CARD_SANDBOX => {
            let session = card_sandbox::new_session();
            let url = card_sandbox::checkout_url(&session, &return_path);
            (session, url)
        }
        CARD_STRIPE => {
            let o = order::Entity::find_by_id(payment.order_id).one(&state.db).await;
            let Ok(Some(o)) = o else { return provider_down(&company) };
            let return_url = state.config.link(&return_path);
            match stripe::create_checkout_session(&state.config, &payment, &o, &return_url).await {
                Ok(s) => (s.id, s.url.unwrap_or_default()),
                Err(e) => {
                    tracing::error!(error = %e, "checkout session");
                    return provider_down(&company);
                }
            }
        }
        _ => return provider_down(&company),
    };
    let mut row: borrower_payment::ActiveModel = payment.into();
    row.session_id = Set(Some(session));
    if let Err(e) = row.update(&state.db).await {
        return crate::platform::http::error::AppError::from(e).into_response();
    }
    Redirect::to(&url).into_response()
}

/// Card payments cannot be taken now (no provider, or it did not answer).
fn provider_down(company: &str) -> Response {
    let body = "<p class=\"alert\" role=\"alert\">Card payments are not available right now. \
                Please try again later, or ask your lender how else to pay.</p>";
    page(StatusCode::SERVICE_UNAVAILABLE, company, body)
}
