//! Quote requests (docs/domain.md#quotes): staff send a request to one or more appraisers; each
//! recipient sees it under Open Quotes until they respond (fee, delivery date, comment) or reject
//! it (reason), or staff close it. Only recipients see or answer a quote.
pub mod routes;

use chrono::NaiveDate;
use portal_db::entities::{quote, quote_recipient};

use crate::platform::fields::MAX_TEXT;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::money::{Amount, AmountError, MAX_CENTS};

pub const ANSWER_ACCEPTED: &str = "accepted";
pub const ANSWER_REJECTED: &str = "rejected";

/// Where a recipient stands with a quote, as the detail page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecipientState {
    /// Waiting for the appraiser's answer.
    Open,
    /// The appraiser responded with a fee and a delivery date.
    Responded,
    /// The appraiser rejected the request.
    Rejected,
    /// Staff closed the request before this appraiser answered.
    Closed,
}

impl RecipientState {
    pub fn of(quote: &quote::Model, recipient: &quote_recipient::Model) -> RecipientState {
        match recipient.answer.as_deref() {
            Some(ANSWER_ACCEPTED) => RecipientState::Responded,
            Some(_) => RecipientState::Rejected,
            None if quote.closed_at.is_some() => RecipientState::Closed,
            None => RecipientState::Open,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RecipientState::Open => "open",
            RecipientState::Responded => "responded",
            RecipientState::Rejected => "rejected",
            RecipientState::Closed => "closed",
        }
    }

    /// The 409 answer for a second answer or an answer after closing; None while open.
    pub fn conflict(self) -> Option<AppError> {
        let message = match self {
            RecipientState::Open => return None,
            RecipientState::Responded => "You have already responded to this quote.",
            RecipientState::Rejected => "You have already rejected this quote.",
            RecipientState::Closed => {
                "This quote request has been closed and can no longer be answered."
            }
        };
        Some(AppError::Conflict(message.into()))
    }
}

pub const MSG_DATE_REQUIRED: &str = "Please select an estimated delivery date.";
pub const MSG_FEE_REQUIRED: &str = "Please enter an appraiser fee.";
pub const MSG_COMMENT_REQUIRED: &str = "Please enter a comment.";
pub const MSG_REASON_REQUIRED: &str = "Please enter a reason for rejection.";
pub const MSG_DATE_PAST: &str = "The estimated delivery date cannot be in the past.";
pub const MSG_FEE_NOT_NUMBER: &str = "The appraiser fee must be a number, such as 450 or 450.00.";
pub const MSG_FEE_NEGATIVE: &str = "The appraiser fee cannot be negative.";
pub const MSG_FEE_DECIMALS: &str = "The appraiser fee can have at most 2 decimal places.";
pub const MSG_FEE_TOO_LARGE: &str = "The appraiser fee cannot be more than $1,000,000.00.";

/// A checked response: delivery date, fee in cents, comment.
#[derive(Debug, PartialEq, Eq)]
pub struct Response {
    pub estimated_delivery_date: NaiveDate,
    pub fee_cents: i64,
    pub comment: String,
}

fn required_text(value: Option<&str>, missing: &str, what: &str) -> AppResult<String> {
    let text = value.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(AppError::Validation(missing.into()));
    }
    if text.chars().count() > MAX_TEXT {
        return Err(AppError::Validation(format!(
            "The {what} can be at most {MAX_TEXT} characters long."
        )));
    }
    Ok(text.to_string())
}

/// Checks a response to a quote; `today` is the company's date.
pub fn check_response(
    date: Option<&str>,
    fee: Amount,
    comment: Option<&str>,
    today: NaiveDate,
) -> AppResult<Response> {
    let date = date
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or_else(|| AppError::Validation(MSG_DATE_REQUIRED.into()))?;
    // The web app sends yyyy-mm-dd; a full timestamp's date part is accepted too.
    let estimated_delivery_date =
        NaiveDate::parse_from_str(date.get(..10).unwrap_or(date), "%Y-%m-%d").map_err(|_| {
            AppError::Validation(format!(
                "The estimated delivery date must be a date in the form yyyy-mm-dd (got '{date}')."
            ))
        })?;
    if estimated_delivery_date < today {
        return Err(AppError::Validation(MSG_DATE_PAST.into()));
    }
    let fee_cents = fee.cents_up_to(MAX_CENTS).map_err(|e| {
        AppError::Validation(
            match e {
                AmountError::Missing => MSG_FEE_REQUIRED,
                AmountError::NotANumber => MSG_FEE_NOT_NUMBER,
                AmountError::Negative => MSG_FEE_NEGATIVE,
                AmountError::TooManyDecimals => MSG_FEE_DECIMALS,
                AmountError::TooLarge => MSG_FEE_TOO_LARGE,
            }
            .into(),
        )
    })?;
    let comment = required_text(comment, MSG_COMMENT_REQUIRED, "comment")?;
    Ok(Response { estimated_delivery_date, fee_cents, comment })
}

pub fn check_reject_reason(reason: Option<&str>) -> AppResult<String> {
    required_text(reason, MSG_REASON_REQUIRED, "reason")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn response_rules() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 10).unwrap();
        let ok = check_response(
            Some("2026-03-10"),
            Amount::from(&json!("450.00")),
            Some(" On time "),
            today,
        )
        .unwrap();
        assert_eq!(
            ok,
            Response {
                estimated_delivery_date: today,
                fee_cents: 45000,
                comment: "On time".into()
            }
        );
        let table: [(Option<&str>, serde_json::Value, Option<&str>, &str); 9] = [
            (None, json!(1), Some("c"), MSG_DATE_REQUIRED),
            (Some(" "), json!(1), Some("c"), MSG_DATE_REQUIRED),
            (Some("2026-03-09"), json!(1), Some("c"), MSG_DATE_PAST),
            (Some("2026-03-11"), json!(null), Some("c"), MSG_FEE_REQUIRED),
            (Some("2026-03-11"), json!("ten"), Some("c"), MSG_FEE_NOT_NUMBER),
            (Some("2026-03-11"), json!(-1), Some("c"), MSG_FEE_NEGATIVE),
            (Some("2026-03-11"), json!("1.234"), Some("c"), MSG_FEE_DECIMALS),
            (Some("2026-03-11"), json!(1), Some("  "), MSG_COMMENT_REQUIRED),
            (Some("2026-03-11"), json!(1), None, MSG_COMMENT_REQUIRED),
        ];
        for (date, fee, comment, message) in table {
            let err = check_response(date, Amount::from(&fee), comment, today).unwrap_err();
            assert!(matches!(err, AppError::Validation(_)));
            assert_eq!(err.to_string(), message, "{date:?} {fee} {comment:?}");
        }
        assert!(
            check_response(Some("03/11/2026"), Amount::from(&json!(1)), Some("c"), today)
                .unwrap_err()
                .to_string()
                .contains("yyyy-mm-dd")
        );
        assert_eq!(check_reject_reason(Some("  ")).unwrap_err().to_string(), MSG_REASON_REQUIRED);
        assert_eq!(check_reject_reason(Some(" Too far ")).unwrap(), "Too far");
    }
}
