//! A case as each side may read it: the lender and staff see the request as asked; only staff see
//! what independence screening held back; the appraiser reads only what was sent.
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::{order, reconsideration, reconsideration_step};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use super::cases::{self, Sent, parse};
use super::request::{Comparable, Deficiency};
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Staff,
    Client,
    Appraiser,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// `requested`, `reviewed`, `sent`, `answered` or `resolved`.
    pub step: String,
    pub actor: String,
    pub note: Option<String>,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reconsideration {
    pub id: i64,
    pub order_id: i64,
    pub file_number: String,
    /// `borrower` or `lender`.
    pub initiated_by: String,
    /// `requested`, `reviewed`, `sent`, `answered` or `resolved`.
    pub status: String,
    pub basis: Vec<String>,
    /// As asked (for the appraiser: as sent, screened).
    pub deficiencies: Vec<Deficiency>,
    pub comparables: Vec<Comparable>,
    pub borrower_name: String,
    pub property_address: String,
    /// The report's effective date, from its data file.
    pub effective_date: Option<NaiveDate>,
    pub appraiser_name: Option<String>,
    pub request_date: NaiveDate,
    pub requester: Option<String>,
    /// The lender's turn time ends on this day.
    pub due_date: NaiveDate,
    pub overdue: bool,
    /// The appraiser's answer: `no_change` or `revised`.
    pub answer_outcome: Option<String>,
    /// The appraiser's commentary, one per deficiency.
    pub commentary: Vec<String>,
    /// The revised report (a new version of the order's report).
    pub revised_file_id: Option<i64>,
    /// `value_changed`, `value_unchanged`, `second_appraisal` or `rejected_incomplete`.
    pub outcome: Option<String>,
    /// Staff only: text pressing for a value (or contact details) was held back from the appraiser.
    pub value_pressure: Option<bool>,
    /// Staff only: what was held back.
    pub withheld: Option<Vec<String>>,
    /// Header fields the appraiser needs that are missing (the case cannot be sent while any is).
    pub missing: Vec<String>,
    pub steps: Vec<Step>,
}

/// The header fields still missing.
pub fn missing(case: &reconsideration::Model) -> Vec<String> {
    let mut missing = Vec::new();
    if case.effective_date.is_none() {
        missing.push("effective date".to_string());
    }
    if case.appraiser_name.is_none() {
        missing.push("appraiser name".to_string());
    }
    missing
}

pub async fn steps_of(db: &impl ConnectionTrait, case_id: i64) -> AppResult<Vec<Step>> {
    Ok(reconsideration_step::Entity::find()
        .filter(reconsideration_step::Column::ReconsiderationId.eq(case_id))
        .order_by_asc(reconsideration_step::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|s| Step { step: s.step, actor: s.actor, note: s.note, at: s.at })
        .collect())
}

pub async fn view(
    db: &impl ConnectionTrait,
    case: reconsideration::Model,
    o: &order::Model,
    audience: Audience,
    config: &Config,
) -> AppResult<Reconsideration> {
    let today = config.today().map_err(AppError::Internal)?;
    let staff = audience == Audience::Staff;
    let (deficiencies, comparables) = if audience == Audience::Appraiser {
        let sent: Sent = parse(case.sent_text.as_deref());
        let deficiencies = sent
            .deficiencies
            .into_iter()
            .map(|d| Deficiency { text: d.text, report_field: d.report_field })
            .collect();
        (deficiencies, sent.comparables)
    } else {
        (parse(Some(&case.deficiencies)), parse(Some(&case.comparables)))
    };
    let steps = steps_of(db, case.id).await?;
    Ok(Reconsideration {
        id: case.id,
        order_id: case.order_id,
        file_number: o.file_number.clone(),
        initiated_by: case.initiated_by.clone(),
        status: case.status.clone(),
        basis: parse(Some(&case.basis)),
        deficiencies,
        comparables,
        borrower_name: case.borrower_name.clone(),
        property_address: case.property_address.clone(),
        effective_date: case.effective_date,
        appraiser_name: case.appraiser_name.clone(),
        request_date: case.request_date,
        requester: (audience != Audience::Appraiser).then(|| case.requester.clone()),
        due_date: case.due_date,
        overdue: cases::overdue(&case, today),
        answer_outcome: case.answer_outcome.clone(),
        commentary: parse(case.commentary.as_deref()),
        revised_file_id: case.revised_file_id,
        outcome: case.outcome.clone(),
        value_pressure: staff.then_some(case.value_pressure),
        withheld: staff.then(|| parse(Some(&case.withheld))),
        missing: missing(&case),
        steps,
    })
}

/// The order's cases as `audience` sees them (the appraiser: only those sent to them).
pub async fn of_order(
    db: &impl ConnectionTrait,
    o: &order::Model,
    audience: Audience,
    config: &Config,
) -> AppResult<Vec<Reconsideration>> {
    let mut views = Vec::new();
    for case in cases::of_order(db, o.id).await? {
        if audience == Audience::Appraiser && case.sent_text.is_none() {
            continue;
        }
        views.push(view(db, case, o, audience, config).await?);
    }
    Ok(views)
}
