//! Reading the fields of a form: each refusal is a 422 that names the field in the words
//! the form shows, so the web app can put it under the right input.
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::platform::http::error::{AppError, AppResult};
use crate::platform::money::{Amount, AmountError, Cents, MAX_CENTS};

/// Longest name, address line or other one-line text staff may enter.
pub const MAX_LINE: usize = 200;

/// Longest free text a call takes (messages, reasons, comments).
pub const MAX_TEXT: usize = 4000;

pub const MSG_MESSAGE_REQUIRED: &str = "Please enter a message.";
pub const MSG_REASON_REQUIRED: &str = "Please enter a reason.";

/// A body that is one message (to the appraiser, to staff).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageBody {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub message: Option<String>,
}

impl MessageBody {
    /// The message, trimmed; refused when blank or too long.
    pub fn message(&self) -> AppResult<String> {
        required_text(self.message.as_deref(), MSG_MESSAGE_REQUIRED)
    }
}

/// A body that is one reason (for a cancellation, a hold, a refusal, a waiver).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReasonBody {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub reason: Option<String>,
}

impl ReasonBody {
    /// The reason, trimmed; refused when blank or too long.
    pub fn reason(&self) -> AppResult<String> {
        required_text(self.reason.as_deref(), MSG_REASON_REQUIRED)
    }
}

/// Text the caller must give: trimmed, not empty, at most MAX_TEXT characters.
pub fn required_text(value: Option<&str>, missing: &str) -> AppResult<String> {
    optional_text(value)?.ok_or_else(|| AppError::Validation(missing.into()))
}

/// Text the caller may give: trimmed, None when blank, at most MAX_TEXT characters.
pub fn optional_text(value: Option<&str>) -> AppResult<Option<String>> {
    let text = value.map(str::trim).unwrap_or_default();
    if text.chars().count() > MAX_TEXT {
        return Err(AppError::Validation(format!(
            "Texts can be at most {MAX_TEXT} characters long."
        )));
    }
    Ok((!text.is_empty()).then(|| text.to_string()))
}

pub fn invalid(message: impl Into<String>) -> AppError {
    AppError::Validation(message.into())
}

/// A field of a request: its label in the form's words and, where the caller gives it, its name
/// on the wire, so that a refusal names it in the answer's field map. A bare label converts.
#[derive(Debug, Clone, Copy)]
pub struct Field<'a> {
    pub name: Option<&'a str>,
    pub label: &'a str,
}

/// The field `name` on the wire, shown as `label`.
pub const fn named<'a>(name: &'a str, label: &'a str) -> Field<'a> {
    Field { name: Some(name), label }
}

impl<'a> From<&'a str> for Field<'a> {
    fn from(label: &'a str) -> Field<'a> {
        Field { name: None, label }
    }
}

impl<'a> From<&'a String> for Field<'a> {
    fn from(label: &'a String) -> Field<'a> {
        Field { name: None, label }
    }
}

impl std::fmt::Display for Field<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label)
    }
}

impl Field<'_> {
    /// A 422 about this field.
    pub fn refuse(self, message: String) -> AppError {
        match self.name {
            Some(name) => AppError::InvalidField { field: name.to_string(), message },
            None => AppError::Validation(message),
        }
    }
}

/// Trimmed text, None when blank; refused when longer than `max` characters.
pub fn optional<'a>(
    label: impl Into<Field<'a>>,
    value: Option<&str>,
    max: usize,
) -> AppResult<Option<String>> {
    let label = label.into();
    let text = value.map(str::trim).unwrap_or_default();
    if text.chars().count() > max {
        return Err(label.refuse(format!("{label} can be at most {max} characters long.")));
    }
    Ok((!text.is_empty()).then(|| text.to_string()))
}

pub fn required<'a>(
    label: impl Into<Field<'a>>,
    value: Option<&str>,
    max: usize,
) -> AppResult<String> {
    let label = label.into();
    optional(label, value, max)?.ok_or_else(|| label.refuse(format!("{label} is required.")))
}

pub fn optional_email<'a>(
    label: impl Into<Field<'a>>,
    value: Option<&str>,
) -> AppResult<Option<String>> {
    let label = label.into();
    let Some(email) = optional(label, value, MAX_LINE)? else { return Ok(None) };
    let well_formed = email.split_once('@').is_some_and(|(local, domain)| {
        !local.is_empty() && domain.contains('.') && !domain.starts_with('.')
    }) && !email.contains(char::is_whitespace);
    if !well_formed {
        return Err(label.refuse(format!("{label} must be an e-mail address (got '{email}').")));
    }
    Ok(Some(email))
}

/// A phone number of 10 digits, written with any spaces, dots, dashes or brackets.
pub fn optional_phone<'a>(
    label: impl Into<Field<'a>>,
    value: Option<&str>,
) -> AppResult<Option<String>> {
    let label = label.into();
    let Some(phone) = optional(label, value, 30)? else { return Ok(None) };
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let allowed = phone.chars().all(|c| c.is_ascii_digit() || " .-()+".contains(c));
    let digits =
        digits.strip_prefix('1').filter(|d| d.len() == 10).map(str::to_string).unwrap_or(digits);
    if !allowed || digits.len() != 10 {
        return Err(
            label.refuse(format!("{label} must be a 10-digit phone number (got '{phone}')."))
        );
    }
    Ok(Some(format!("{}-{}-{}", &digits[..3], &digits[3..6], &digits[6..])))
}

fn amount_error(label: Field, error: AmountError, max_cents: i64) -> AppError {
    label.refuse(match error {
        AmountError::Missing => format!("{label} is required."),
        AmountError::TooManyDecimals => format!("{label} can have at most 2 decimal places."),
        AmountError::TooLarge => {
            format!("{label} cannot be more than {}.", Cents(max_cents))
        }
        AmountError::NotANumber | AmountError::Negative => {
            format!("{label} must be a positive amount.")
        }
    })
}

/// A fee: a positive amount of at most $1,000,000.00, in cents.
pub fn positive_fee<'a>(label: impl Into<Field<'a>>, amount: Amount) -> AppResult<i64> {
    let label = label.into();
    let cents = amount.cents_up_to(MAX_CENTS).map_err(|e| amount_error(label, e, MAX_CENTS))?;
    if cents == 0 {
        return Err(label.refuse(format!("{label} must be a positive amount.")));
    }
    Ok(cents)
}

/// An amount that may be left out or zero, up to `max_cents`.
pub fn optional_amount<'a>(
    label: impl Into<Field<'a>>,
    amount: Amount,
    max_cents: i64,
) -> AppResult<Option<i64>> {
    let label = label.into();
    match amount.cents_up_to(max_cents) {
        Err(AmountError::Missing) => Ok(None),
        result => result.map(Some).map_err(|e| amount_error(label, e, max_cents)),
    }
}

/// A yyyy-mm-dd date (or the date part of a timestamp), None when blank.
pub fn optional_date<'a>(
    label: impl Into<Field<'a>>,
    value: Option<&str>,
) -> AppResult<Option<NaiveDate>> {
    let label = label.into();
    let Some(text) = value.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    NaiveDate::parse_from_str(text.get(..10).unwrap_or(text), "%Y-%m-%d").map(Some).map_err(|_| {
        label.refuse(format!("{label} must be a date in the form yyyy-mm-dd (got '{text}')."))
    })
}

pub fn required_date<'a>(label: impl Into<Field<'a>>, value: Option<&str>) -> AppResult<NaiveDate> {
    let label = label.into();
    optional_date(label, value)?.ok_or_else(|| label.refuse(format!("{label} is required.")))
}

/// A state of the United States by its postal code (any case), answered in capitals.
pub fn optional_state<'a>(
    label: impl Into<Field<'a>>,
    value: Option<&str>,
) -> AppResult<Option<String>> {
    let label = label.into();
    let Some(code) = optional(label, value, 2)? else { return Ok(None) };
    let state = crate::platform::geography::state(&code).ok_or_else(|| {
        label.refuse(format!("{label} '{code}' is not a state of the United States."))
    })?;
    Ok(Some(state.postal.clone()))
}

/// A five-digit ZIP code.
pub fn optional_zip<'a>(
    label: impl Into<Field<'a>>,
    value: Option<&str>,
) -> AppResult<Option<String>> {
    let label = label.into();
    let zip = optional(label, value, 10)?;
    if let Some(z) = &zip
        && (z.len() != 5 || !z.chars().all(|c| c.is_ascii_digit()))
    {
        return Err(label.refuse(format!("{label} must be 5 digits (got '{z}').")));
    }
    Ok(zip)
}

/// The new value of a field the change gave and that differs from `old`, noted in `changed`.
pub fn corrected(
    changed: &mut Vec<String>,
    label: &str,
    given: bool,
    new: Option<String>,
    old: &Option<String>,
) -> Option<Option<String>> {
    if !given || new == *old {
        return None;
    }
    let shown = |v: &Option<String>| v.clone().unwrap_or_default();
    changed.push(format!("{label} from '{}' to '{}'", shown(old), shown(&new)));
    Some(new)
}

/// The value of a nullable text column, as a model's `get` gives it.
pub fn text_column(value: sea_orm::Value) -> AppResult<Option<String>> {
    <Option<String> as sea_orm::sea_query::ValueType>::try_from(value)
        .map_err(|_| AppError::Internal("a text column held another type".into()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn message<T: std::fmt::Debug>(result: AppResult<T>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn texts() {
        assert_eq!(optional("Loan number", Some("  "), 30).unwrap(), None);
        assert_eq!(required("Borrower name", Some(" Ann Lee "), MAX_LINE).unwrap(), "Ann Lee");
        assert_eq!(
            message(required("Borrower name", None, MAX_LINE)),
            "Borrower name is required."
        );
        assert_eq!(
            message(optional("Loan number", Some(&"9".repeat(31)), 30)),
            "Loan number can be at most 30 characters long."
        );
    }

    #[test]
    fn emails_and_phones() {
        assert_eq!(
            optional_email("Main contact e-mail", Some("a@b.example")).unwrap().as_deref(),
            Some("a@b.example")
        );
        assert!(optional_email("Main contact e-mail", Some("a@b")).is_err());
        assert!(optional_email("Main contact e-mail", Some("a b@c.example")).is_err());
        assert_eq!(
            optional_phone("Phone", Some("(512) 555.0134")).unwrap().as_deref(),
            Some("512-555-0134")
        );
        assert_eq!(
            optional_phone("Phone", Some("+1 512 555 0134")).unwrap().as_deref(),
            Some("512-555-0134")
        );
        assert_eq!(
            message(optional_phone("Phone", Some("555-0134"))),
            "Phone must be a 10-digit phone number (got '555-0134')."
        );
    }

    #[test]
    fn amounts_and_dates() {
        assert_eq!(positive_fee("Appraiser fee", Amount::from(&json!("450.50"))).unwrap(), 45_050);
        for bad in [json!(0), json!("-5"), json!("abc")] {
            assert_eq!(
                message(positive_fee("Appraiser fee", Amount::from(&bad))),
                "Appraiser fee must be a positive amount."
            );
        }
        assert_eq!(
            message(positive_fee("Appraiser fee", Amount::from(&json!(null)))),
            "Appraiser fee is required."
        );
        assert_eq!(
            optional_amount("Tech fee", Amount::from(&json!(null)), MAX_CENTS).unwrap(),
            None
        );
        assert_eq!(
            optional_amount("Tech fee", Amount::from(&json!(0)), MAX_CENTS).unwrap(),
            Some(0)
        );
        assert_eq!(
            message(optional_amount("Tech fee", Amount::from(&json!("1000000.01")), MAX_CENTS)),
            "Tech fee cannot be more than $1,000,000.00."
        );
        assert_eq!(
            required_date("Appraiser due date", Some("2026-12-01")).unwrap(),
            NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()
        );
        assert_eq!(
            message(required_date("Appraiser due date", Some("12/01/2026"))),
            "Appraiser due date must be a date in the form yyyy-mm-dd (got '12/01/2026')."
        );
    }
}
