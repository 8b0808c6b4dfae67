//! What each order action call takes and the rules for it (docs/domain.md#action-input-rules),
//! refused in the words the user sees. The web app repeats these checks only to be friendly.
use chrono::{DateTime, NaiveDate, NaiveTime, Timelike, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::kernel::orders::status::OrderStatus;
use crate::platform::fields::{optional_text, required_text};
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::money::{AmountError, parse_amount};

pub const MSG_INSPECTION_DATE_REQUIRED: &str = "Inspection date is required";
pub const MSG_INSPECTION_TIME_REQUIRED: &str = "Inspection time is required";
pub const MSG_DELIVERY_DATE_REQUIRED: &str = "Estimated delivery date is required";
pub const MSG_LATE_DELIVERY_REASON: &str = "Please provide a reason for the late delivery date";
pub const MSG_INSPECTION_BEFORE_CREATED: &str =
    "Inspection date cannot be before the order create date";
pub const MSG_DELIVERY_BEFORE_INSPECTION: &str =
    "Estimated delivery date cannot be before Inspection Date";
pub const MSG_START_REQUIRED: &str = "Appointment start time is required";
pub const MSG_END_REQUIRED: &str = "Appointment end time is required";
pub const MSG_END_AFTER_START: &str = "End time must be after start time";
pub const MSG_SCHEDULED_WITH_REQUIRED: &str = "Scheduled with is required";
pub const MSG_LATE_INSPECTION_REASON: &str = "Please provide a reason for the late inspection";
pub const MSG_RESCHEDULE_REASON: &str = "Please provide a reason for Rescheduling";
pub const MSG_COMMENTS_REQUIRED: &str = "Comments are required";
pub const MSG_FEE_DIGITS: &str = "The fee may contain digits and a dot only";
pub const MSG_REJECT_REASON: &str = "Please enter a reason for rejection.";
pub const MSG_STATUS_REQUIRED: &str = "Please select a status.";
pub const MSG_FILE_REQUIRED: &str = "Please choose a file.";

/// Scheduled-with choices.
pub const SCHEDULED_WITH: [&str; 5] = ["Borrower", "Entry Contact", "Realtor", "Tenant", "Vacant"];

/// Inspection and appointment times: every 30 minutes from 7:00am to 8:00pm.
pub fn time_choices() -> Vec<NaiveTime> {
    (14..=40)
        .map(|half_hours| {
            NaiveTime::from_hms_opt(half_hours / 2, (half_hours % 2) * 30, 0).expect("a valid time")
        })
        .collect()
}

/// "09:30" -> "9:30am", as the choices read.
pub fn time_label(t: NaiveTime) -> String {
    let (pm, hour) = t.hour12();
    format!("{hour}:{:02}{}", t.minute(), if pm { "pm" } else { "am" })
}

/// MM/dd/yyyy, as the portal shows dates.
pub fn date_label(d: NaiveDate) -> String {
    d.format("%m/%d/%Y").to_string()
}

/// "Tuesday 12/01/2026, 9:00am to 10:00am": an appointment in the time zone `tz`.
pub fn appointment_label(
    start: DateTime<Utc>,
    end: Option<DateTime<Utc>>,
    tz: chrono_tz::Tz,
) -> String {
    let start = start.with_timezone(&tz);
    let day = format!(
        "{} {}, {}",
        start.format("%A"),
        date_label(start.date_naive()),
        time_label(start.time())
    );
    match end {
        Some(end) => format!("{day} to {}", time_label(end.with_timezone(&tz).time())),
        None => day,
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendMessage {
    pub order_id: i64,
    #[schema(required = true, value_type = String)]
    pub message: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkInspected {
    pub order_id: i64,
    /// yyyy-mm-dd
    #[schema(required = true, value_type = String)]
    pub inspection_actual_date: Option<String>,
    /// HH:MM, one of the 30-minute choices from 07:00 to 20:00.
    #[schema(required = true, value_type = String)]
    pub inspection_actual_time: Option<String>,
    /// yyyy-mm-dd
    #[schema(required = true, value_type = String)]
    pub estimated_delivery_date: Option<String>,
    /// An optional comment for the history.
    pub order_status_message: Option<String>,
    /// Required when the inspection date is later than the estimated delivery date.
    pub reason_late_delivery: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleInspection {
    pub order_id: i64,
    /// yyyy-mm-dd, not before the order's create date.
    #[schema(required = true, value_type = String)]
    pub inspection_actual_date: Option<String>,
    /// yyyy-mm-dd, not before the inspection date.
    #[schema(required = true, value_type = String)]
    pub estimated_delivery_date: Option<String>,
    /// Required when the inspection date is after the inspection due date and the order was
    /// not scheduled before.
    pub late_inspection_reason: Option<String>,
    /// HH:MM, one of the 30-minute choices from 07:00 to 20:00.
    #[schema(required = true, value_type = String)]
    pub appointment_start_time: Option<String>,
    /// HH:MM, after the start.
    #[schema(required = true, value_type = String)]
    pub appointment_end_time: Option<String>,
    /// Borrower, Entry Contact, Realtor, Tenant or Vacant.
    #[schema(required = true, value_type = String)]
    pub appointment_scheduled_with: Option<String>,
    /// Required when the order was scheduled before.
    pub reschedule_reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConditionalAcceptance {
    pub order_id: i64,
    /// Security user id of the assigned appraiser when a firm administrator answers for them.
    pub for_appraiser: Option<i32>,
    /// yyyy-mm-dd: the due date the appraiser asks for (optional).
    pub due_date: Option<String>,
    /// The fee the appraiser asks for: digits and a dot only (optional).
    #[schema(value_type = Option<String>)]
    #[serde(default)]
    pub fee: serde_json::Value,
    #[serde(default)]
    pub standard_fee: bool,
    #[serde(default)]
    pub complexity: bool,
    #[serde(default)]
    pub distance: bool,
    #[serde(default)]
    pub other: bool,
    /// The appraiser's conditions (the dialog's Comments), required.
    #[schema(required = true, value_type = String)]
    pub accept_conditions: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RejectOrder {
    pub order_id: i64,
    #[schema(required = true, value_type = String)]
    pub reject_message: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptOrder {
    pub order_id: i64,
    /// Security user id of the assigned appraiser when a firm administrator accepts for them.
    pub for_appraiser: Option<i32>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateStatus {
    pub order_id: i64,
    /// A label of GET /api/constants/status-message-options, e.g. "Left Message".
    #[schema(required = true, value_type = String)]
    pub status_description: Option<String>,
    #[schema(required = true, value_type = String)]
    pub message: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileMessage {
    pub order_id: i64,
    /// The name of one of the order's files.
    #[schema(required = true, value_type = String)]
    pub file_name: Option<String>,
    #[schema(required = true, value_type = String)]
    pub message: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRef {
    pub order_id: i64,
}

fn present(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// A yyyy-mm-dd date (or the date part of a timestamp); `missing` when blank.
fn date(value: Option<&str>, missing: &str, what: &str) -> AppResult<NaiveDate> {
    optional_date(value, what)?.ok_or_else(|| AppError::Validation(missing.into()))
}

fn optional_date(value: Option<&str>, what: &str) -> AppResult<Option<NaiveDate>> {
    let Some(text) = present(value) else { return Ok(None) };
    NaiveDate::parse_from_str(text.get(..10).unwrap_or(text), "%Y-%m-%d").map(Some).map_err(|_| {
        AppError::Validation(format!(
            "The {what} must be a date in the form yyyy-mm-dd (got '{text}')."
        ))
    })
}

/// One of the time choices, as HH:MM; `missing` when blank.
fn time(value: Option<&str>, missing: &str) -> AppResult<NaiveTime> {
    let text = present(value).ok_or_else(|| AppError::Validation(missing.into()))?;
    NaiveTime::parse_from_str(text, "%H:%M").ok().filter(|t| time_choices().contains(t)).ok_or_else(
        || {
            AppError::Validation(format!(
                "Choose a time from 7:00am to 8:00pm in 30-minute steps (got '{text}')."
            ))
        },
    )
}

#[derive(Debug, PartialEq)]
pub struct Inspected {
    pub date: NaiveDate,
    pub time: NaiveTime,
    pub delivery: NaiveDate,
    pub comment: Option<String>,
    pub late_delivery_reason: Option<String>,
}

pub fn check_mark_inspected(body: &MarkInspected) -> AppResult<Inspected> {
    let date = date(
        body.inspection_actual_date.as_deref(),
        MSG_INSPECTION_DATE_REQUIRED,
        "inspection date",
    )?;
    let time = time(body.inspection_actual_time.as_deref(), MSG_INSPECTION_TIME_REQUIRED)?;
    let delivery = self::date(
        body.estimated_delivery_date.as_deref(),
        MSG_DELIVERY_DATE_REQUIRED,
        "estimated delivery date",
    )?;
    let late_delivery_reason = optional_text(body.reason_late_delivery.as_deref())?;
    if date > delivery && late_delivery_reason.is_none() {
        return Err(AppError::Validation(MSG_LATE_DELIVERY_REASON.into()));
    }
    Ok(Inspected {
        date,
        time,
        delivery,
        comment: optional_text(body.order_status_message.as_deref())?,
        late_delivery_reason,
    })
}

/// What the schedule rules need to know about the order.
#[derive(Debug, Clone, Copy)]
pub struct ScheduleRules {
    /// The order's create date in the company's time zone.
    pub created_on: NaiveDate,
    pub inspection_due: Option<NaiveDate>,
    pub previously_scheduled: bool,
}

#[derive(Debug, PartialEq)]
pub struct Schedule {
    pub date: NaiveDate,
    pub delivery: NaiveDate,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub with: &'static str,
    pub late_reason: Option<String>,
    pub reschedule_reason: Option<String>,
}

pub fn check_schedule(body: &ScheduleInspection, rules: ScheduleRules) -> AppResult<Schedule> {
    let fail = |m: &str| Err(AppError::Validation(m.into()));
    let date = date(
        body.inspection_actual_date.as_deref(),
        MSG_INSPECTION_DATE_REQUIRED,
        "inspection date",
    )?;
    if date < rules.created_on {
        return fail(MSG_INSPECTION_BEFORE_CREATED);
    }
    let delivery = self::date(
        body.estimated_delivery_date.as_deref(),
        MSG_DELIVERY_DATE_REQUIRED,
        "estimated delivery date",
    )?;
    if delivery < date {
        return fail(MSG_DELIVERY_BEFORE_INSPECTION);
    }
    let start = time(body.appointment_start_time.as_deref(), MSG_START_REQUIRED)?;
    let end = time(body.appointment_end_time.as_deref(), MSG_END_REQUIRED)?;
    if end <= start {
        return fail(MSG_END_AFTER_START);
    }
    let with = present(body.appointment_scheduled_with.as_deref())
        .ok_or_else(|| AppError::Validation(MSG_SCHEDULED_WITH_REQUIRED.into()))?;
    let with =
        SCHEDULED_WITH.into_iter().find(|c| c.eq_ignore_ascii_case(with)).ok_or_else(|| {
            AppError::Validation(format!(
                "Scheduled with must be one of {} (got '{with}').",
                SCHEDULED_WITH.join(", ")
            ))
        })?;
    let late_reason = optional_text(body.late_inspection_reason.as_deref())?;
    let late = !rules.previously_scheduled && rules.inspection_due.is_some_and(|due| date > due);
    if late && late_reason.is_none() {
        return fail(MSG_LATE_INSPECTION_REASON);
    }
    let reschedule_reason = optional_text(body.reschedule_reason.as_deref())?;
    if rules.previously_scheduled && reschedule_reason.is_none() {
        return fail(MSG_RESCHEDULE_REASON);
    }
    Ok(Schedule {
        date,
        delivery,
        start,
        end,
        with,
        late_reason: late_reason.filter(|_| late),
        reschedule_reason,
    })
}

#[derive(Debug, PartialEq)]
pub struct Conditions {
    pub comments: String,
    pub fee_cents: Option<i64>,
    pub due_date: Option<NaiveDate>,
    /// The flags that are set, as words.
    pub reasons: Vec<&'static str>,
}

pub fn check_conditions(body: &ConditionalAcceptance) -> AppResult<Conditions> {
    let comments = required_text(body.accept_conditions.as_deref(), MSG_COMMENTS_REQUIRED)?;
    let fee_cents = match &body.fee {
        serde_json::Value::String(s) if s.trim().is_empty() => None,
        serde_json::Value::Null => None,
        serde_json::Value::String(s)
            if !s.trim().chars().all(|c| c.is_ascii_digit() || c == '.') =>
        {
            return Err(AppError::Validation(MSG_FEE_DIGITS.into()));
        }
        value => Some(parse_amount(value).map_err(|e| {
            AppError::Validation(
                match e {
                    AmountError::TooManyDecimals => "The fee can have at most 2 decimal places.",
                    AmountError::TooLarge => "The fee cannot be more than $1,000,000.00.",
                    AmountError::Missing | AmountError::NotANumber | AmountError::Negative => {
                        MSG_FEE_DIGITS
                    }
                }
                .into(),
            )
        })?),
    };
    let due_date = optional_date(body.due_date.as_deref(), "due date")?;
    let flags = [
        (body.standard_fee, "Standard Fee"),
        (body.complexity, "Complexity"),
        (body.distance, "Distance"),
        (body.other, "Other"),
    ];
    let reasons = flags.into_iter().filter(|(set, _)| *set).map(|(_, word)| word).collect();
    Ok(Conditions { comments, fee_cents, due_date, reasons })
}

/// The chosen manual status: one of `offered` whose description or label is `value`.
pub fn check_manual_status(value: Option<&str>, offered: &[OrderStatus]) -> AppResult<OrderStatus> {
    let value = present(value).ok_or_else(|| AppError::Validation(MSG_STATUS_REQUIRED.into()))?;
    offered.iter().copied().find(|s| s.name().eq_ignore_ascii_case(value)).ok_or_else(|| {
        let labels: Vec<String> = offered.iter().map(|s| s.label()).collect();
        AppError::Validation(format!(
            "Choose one of the statuses offered: {} (got '{value}').",
            labels.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn schedule(
        date: &str,
        delivery: &str,
        start: &str,
        end: &str,
        with: &str,
        late: &str,
        again: &str,
    ) -> ScheduleInspection {
        let s = |v: &str| Some(v.to_string());
        ScheduleInspection {
            order_id: 1,
            inspection_actual_date: s(date),
            estimated_delivery_date: s(delivery),
            late_inspection_reason: s(late),
            appointment_start_time: s(start),
            appointment_end_time: s(end),
            appointment_scheduled_with: s(with),
            reschedule_reason: s(again),
        }
    }

    #[test]
    fn time_choices_run_every_half_hour_from_seven_to_eight() {
        let choices = time_choices();
        assert_eq!(choices.len(), 27);
        assert_eq!(time_label(choices[0]), "7:00am");
        assert_eq!(time_label(choices[10]), "12:00pm");
        assert_eq!(time_label(*choices.last().unwrap()), "8:00pm");
    }

    #[test]
    fn schedule_rules_table() {
        let first = ScheduleRules {
            created_on: day("2026-05-04"),
            inspection_due: Some(day("2026-05-08")),
            previously_scheduled: false,
        };
        let again = ScheduleRules { previously_scheduled: true, ..first };
        let cases: [(ScheduleInspection, ScheduleRules, &str); 14] = [
            (
                schedule("", "2026-05-09", "09:00", "10:00", "Borrower", "", ""),
                first,
                MSG_INSPECTION_DATE_REQUIRED,
            ),
            (
                schedule("2026-05-03", "2026-05-09", "09:00", "10:00", "Borrower", "", ""),
                first,
                MSG_INSPECTION_BEFORE_CREATED,
            ),
            (
                schedule("2026-05-05", "", "09:00", "10:00", "Borrower", "", ""),
                first,
                MSG_DELIVERY_DATE_REQUIRED,
            ),
            (
                schedule("2026-05-05", "2026-05-04", "09:00", "10:00", "Borrower", "", ""),
                first,
                MSG_DELIVERY_BEFORE_INSPECTION,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "", "10:00", "Borrower", "", ""),
                first,
                MSG_START_REQUIRED,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "09:00", " ", "Borrower", "", ""),
                first,
                MSG_END_REQUIRED,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "10:00", "10:00", "Borrower", "", ""),
                first,
                MSG_END_AFTER_START,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "10:00", "09:30", "Borrower", "", ""),
                first,
                MSG_END_AFTER_START,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "09:00", "10:00", "", "", ""),
                first,
                MSG_SCHEDULED_WITH_REQUIRED,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "09:00", "10:00", "Neighbour", "", ""),
                first,
                "Scheduled with must be one of Borrower, Entry Contact, Realtor, Tenant, Vacant \
                 (got 'Neighbour').",
            ),
            (
                schedule("2026-05-09", "2026-05-09", "09:00", "10:00", "Tenant", "", ""),
                first,
                MSG_LATE_INSPECTION_REASON,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "09:00", "10:00", "Tenant", "", ""),
                again,
                MSG_RESCHEDULE_REASON,
            ),
            (
                schedule("2026-05-05", "2026-05-09", "06:30", "10:00", "Tenant", "", ""),
                first,
                "Choose a time from 7:00am to 8:00pm in 30-minute steps (got '06:30').",
            ),
            (
                schedule("5/5/2026", "2026-05-09", "09:00", "10:00", "Tenant", "", ""),
                first,
                "The inspection date must be a date in the form yyyy-mm-dd (got '5/5/2026').",
            ),
        ];
        for (i, (body, rules, message)) in cases.iter().enumerate() {
            assert_eq!(check_schedule(body, *rules).unwrap_err().to_string(), *message, "case {i}");
        }
        // Late after the due date is fine with a reason; a rescheduled order needs no late reason.
        let ok = check_schedule(
            &schedule("2026-05-09", "2026-05-09", "09:00", "17:00", "vacant", "Borrower away", ""),
            first,
        )
        .unwrap();
        assert_eq!((ok.with, ok.late_reason.as_deref()), ("Vacant", Some("Borrower away")));
        assert!(
            check_schedule(
                &schedule(
                    "2026-05-20",
                    "2026-05-21",
                    "19:30",
                    "20:00",
                    "Realtor",
                    "",
                    "Borrower asked"
                ),
                again
            )
            .is_ok()
        );
    }

    #[test]
    fn mark_inspected_rules() {
        let body = |date: &str, time: &str, delivery: &str, reason: &str| MarkInspected {
            order_id: 1,
            inspection_actual_date: Some(date.into()),
            inspection_actual_time: Some(time.into()),
            estimated_delivery_date: Some(delivery.into()),
            order_status_message: None,
            reason_late_delivery: Some(reason.into()),
        };
        let err = |b: MarkInspected| check_mark_inspected(&b).unwrap_err().to_string();
        assert_eq!(err(body("", "09:00", "2026-05-09", "")), MSG_INSPECTION_DATE_REQUIRED);
        assert_eq!(err(body("2026-05-05", "", "2026-05-09", "")), MSG_INSPECTION_TIME_REQUIRED);
        assert_eq!(err(body("2026-05-05", "09:00", "", "")), MSG_DELIVERY_DATE_REQUIRED);
        assert_eq!(err(body("2026-05-10", "09:00", "2026-05-09", "  ")), MSG_LATE_DELIVERY_REASON);
        let ok = check_mark_inspected(&body(
            "2026-05-10",
            "09:00",
            "2026-05-09",
            "Comparables are scarce",
        ))
        .unwrap();
        assert_eq!(ok.late_delivery_reason.as_deref(), Some("Comparables are scarce"));
    }

    #[test]
    fn conditions_rules() {
        let body = |comments: &str, fee: serde_json::Value| ConditionalAcceptance {
            order_id: 1,
            for_appraiser: None,
            due_date: None,
            fee,
            standard_fee: true,
            complexity: false,
            distance: true,
            other: false,
            accept_conditions: Some(comments.into()),
        };
        let err = |b: ConditionalAcceptance| check_conditions(&b).unwrap_err().to_string();
        assert_eq!(err(body(" ", serde_json::json!(""))), MSG_COMMENTS_REQUIRED);
        assert_eq!(err(body("More time", serde_json::json!("$500"))), MSG_FEE_DIGITS);
        assert_eq!(err(body("More time", serde_json::json!("5,00"))), MSG_FEE_DIGITS);
        assert_eq!(err(body("More time", serde_json::json!("5.0.0"))), MSG_FEE_DIGITS);
        assert_eq!(
            err(body("More time", serde_json::json!("5.005"))),
            "The fee can have at most 2 decimal places."
        );
        let ok = check_conditions(&body("More time", serde_json::json!("525.50"))).unwrap();
        assert_eq!((ok.fee_cents, ok.reasons), (Some(52550), vec!["Standard Fee", "Distance"]));
        assert_eq!(
            check_conditions(&body("More time", serde_json::json!(""))).unwrap().fee_cents,
            None
        );
    }

    #[test]
    fn manual_status_by_description() {
        let offered = crate::kernel::orders::status::MANUAL_STATUSES;
        assert_eq!(check_manual_status(Some("Left Message"), &offered).unwrap().id(), 8);
        assert_eq!(check_manual_status(Some("appraiser delay"), &offered).unwrap().id(), 35);
        assert_eq!(
            check_manual_status(Some(""), &offered).unwrap_err().to_string(),
            MSG_STATUS_REQUIRED
        );
        assert!(
            check_manual_status(Some("Completed"), &offered)
                .unwrap_err()
                .to_string()
                .starts_with("Choose one of the statuses offered: In Progress")
        );
    }
}
