//! A reconsideration's life: asked (by the borrower or the lender), reviewed by the lender's side,
//! sent to the appraiser with anything pressing for a value held back, answered, resolved. Each
//! step is kept (who, when, note), written in the order's history and heard by the order's
//! reactors (`OrderEvent::Reconsideration`: the client's events and webhooks, live updates, the
//! lender's notifications).
use chrono::{NaiveDate, Utc};
use portal_db::entities::{
    client, client_order, order, order_detail, reconsideration, reconsideration_step,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::independence;
use super::request::{Checked, Comparable, Deficiency};
use crate::kernel::orders::life::{self, OrderEvent, RovStep};
use crate::kernel::orders::placing::write_history;
use crate::platform::business_days;
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::storage::Storage;

pub const REQUESTED: &str = "requested";
pub const REVIEWED: &str = "reviewed";
pub const SENT: &str = "sent";
pub const ANSWERED: &str = "answered";
pub const RESOLVED: &str = "resolved";

/// How a case may end.
pub const OUTCOMES: [&str; 4] =
    ["value_changed", "value_unchanged", "second_appraisal", "rejected_incomplete"];

pub const MSG_NOT_DELIVERED: &str =
    "A reconsideration of value can be requested once the report has been delivered.";
pub const MSG_OPEN: &str = "A reconsideration of value is open on this order: resolve it first.";

/// Who asks.
pub enum Requester {
    Borrower,
    Lender { user_id: Option<i32>, name: String },
}

/// Who acts on a case: their user id (none for a borrower or an API key) and name.
pub struct Actor {
    pub id: Option<i32>,
    pub name: String,
}

/// What a deficiency becomes when sent to the appraiser.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct SentDeficiency {
    pub text: String,
    pub report_field: Option<String>,
}

/// What was sent to the appraiser: the deficiencies and comparables, screened.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Sent {
    pub deficiencies: Vec<SentDeficiency>,
    pub comparables: Vec<Comparable>,
}

pub fn json<T: Serialize>(value: &T) -> AppResult<String> {
    serde_json::to_string(value).map_err(|e| AppError::Internal(e.to_string()))
}

pub fn parse<T: for<'de> Deserialize<'de> + Default>(text: Option<&str>) -> T {
    text.and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default()
}

/// The request as the appraiser may read it: every text screened for value targets and contact
/// details; what was held back.
pub fn screened(deficiencies: &[Deficiency], comparables: &[Comparable]) -> (Sent, Vec<String>) {
    let mut withheld = Vec::new();
    let mut keep = |text: &str| {
        let s = independence::screen(text);
        withheld.extend(s.withheld);
        s.sent
    };
    let deficiencies = deficiencies
        .iter()
        .map(|d| SentDeficiency { text: keep(&d.text), report_field: d.report_field.clone() })
        .collect();
    let comparables = comparables
        .iter()
        .map(|c| Comparable { rationale: keep(&c.rationale), ..c.clone() })
        .collect();
    (Sent { deficiencies, comparables }, withheld)
}

/// The order's cases, oldest first.
pub async fn of_order(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Vec<reconsideration::Model>> {
    Ok(reconsideration::Entity::find()
        .filter(reconsideration::Column::OrderId.eq(order_id))
        .order_by_asc(reconsideration::Column::Id)
        .all(db)
        .await?)
}

/// Refuses (409) while a case of the order is open: the order cannot be completed or closed.
pub async fn ensure_none_open(db: &impl ConnectionTrait, order_id: i64) -> AppResult<()> {
    let open = of_order(db, order_id).await?.into_iter().any(|c| c.status != RESOLVED);
    if open { Err(AppError::Conflict(MSG_OPEN.into())) } else { Ok(()) }
}

pub async fn find(db: &impl ConnectionTrait, id: i64) -> AppResult<reconsideration::Model> {
    reconsideration::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound("There is no such reconsideration.".into()))
}

async fn order_of(
    db: &impl ConnectionTrait,
    c: &reconsideration::Model,
) -> AppResult<order::Model> {
    order::Entity::find_by_id(c.order_id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound("There is no such order.".into()))
}

/// The order was delivered to its client (now or before a later move).
async fn delivered(db: &impl ConnectionTrait, o: &order::Model) -> AppResult<bool> {
    if o.status_id == crate::kernel::orders::status::OrderStatus::DeliveredToClient {
        return Ok(true);
    }
    let row = client_order::Entity::find_by_id(o.id).one(db).await?;
    Ok(row.is_some_and(|r| r.delivered_at.is_some()))
}

/// Opens a case on a delivered order: 409 before delivery, after the closing date, for a second
/// borrower request, or when the client does not offer borrower requests.
pub async fn open(
    txn: &DatabaseTransaction,
    storage: &Storage,
    config: &Config,
    o: &order::Model,
    requester: Requester,
    checked: Checked,
) -> AppResult<reconsideration::Model> {
    if !delivered(txn, o).await? {
        return Err(AppError::Conflict(MSG_NOT_DELIVERED.into()));
    }
    let today = config.today().map_err(AppError::Internal)?;
    let detail = order_detail::Entity::find_by_id(o.id).one(txn).await?;
    if let Some(closing) = detail.and_then(|d| d.estimated_closing_date).filter(|c| *c < today) {
        return Err(AppError::Conflict(format!(
            "The loan closed on {}: a reconsideration of value must come before closing.",
            closing.format("%m/%d/%Y")
        )));
    }
    let client = match o.client_id {
        Some(id) => client::Entity::find_by_id(id).one(txn).await?,
        None => None,
    };
    let (initiated_by, requested_by, requester_name) = match requester {
        Requester::Borrower => {
            ensure_borrower_may_ask(txn, o, client.as_ref()).await?;
            ("borrower", None, format!("{} (borrower)", o.borrower_name))
        }
        Requester::Lender { user_id, name } => ("lender", user_id, name),
    };
    let (_, withheld) = screened(&checked.deficiencies, &checked.comparables);
    let report = crate::features::reports::data::latest_report(txn, storage, config, o).await?;
    let appraiser_name = match report.as_ref().and_then(|r| r.appraiser.name.clone()) {
        Some(name) => Some(name),
        None => assigned_appraiser_name(txn, o).await?,
    };
    let turn_days = client.as_ref().map_or(5, |c| c.rov_turn_time_days).max(1);
    let now = Utc::now();
    let case = reconsideration::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        client_id: Set(o.client_id),
        initiated_by: Set(initiated_by.into()),
        status: Set(REQUESTED.into()),
        basis: Set(json(&checked.basis)?),
        deficiencies: Set(json(&checked.deficiencies)?),
        comparables: Set(json(&checked.comparables)?),
        borrower_name: Set(o.borrower_name.clone()),
        property_address: Set(o.property_address()),
        effective_date: Set(report.and_then(|r| r.effective_date)),
        appraiser_name: Set(appraiser_name),
        request_date: Set(today),
        requested_by: Set(requested_by),
        requester: Set(requester_name.clone()),
        value_pressure: Set(!withheld.is_empty()),
        withheld: Set(json(&withheld)?),
        due_date: Set(business_days::after(today, i64::from(turn_days))),
        sent_text: Set(None),
        answer_outcome: Set(None),
        commentary: Set(None),
        revised_file_id: Set(None),
        outcome: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(txn)
    .await?;
    let actor = Actor { id: requested_by, name: requester_name };
    let line = format!("Reconsideration of value requested by {}.", actor.name);
    record_step(txn, config, o, &case, REQUESTED, &actor, None, line).await?;
    Ok(case)
}

async fn ensure_borrower_may_ask(
    db: &impl ConnectionTrait,
    o: &order::Model,
    client: Option<&client::Model>,
) -> AppResult<()> {
    if client.is_some_and(|c| !c.borrower_rov_offered) {
        return Err(AppError::Conflict(
            "Your lender does not offer a reconsideration of value through this page: \
             please contact your lender."
                .into(),
        ));
    }
    if of_order(db, o.id).await?.iter().any(|c| c.initiated_by == "borrower") {
        return Err(AppError::Conflict(
            "A reconsideration of value was already requested for this appraisal: \
             one borrower request per appraisal."
                .into(),
        ));
    }
    Ok(())
}

async fn assigned_appraiser_name(
    db: &impl ConnectionTrait,
    o: &order::Model,
) -> AppResult<Option<String>> {
    match o.assigned_appraiser_id {
        Some(id) => Ok(Some(crate::platform::names::full_names(db, vec![id]).await?.of(id))),
        None => Ok(None),
    }
}

/// Keeps a step, writes the order's history line and lets the order's reactors hear of it.
#[allow(clippy::too_many_arguments)]
pub async fn record_step(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    case: &reconsideration::Model,
    step: &str,
    actor: &Actor,
    note: Option<String>,
    history: String,
) -> AppResult<()> {
    reconsideration_step::ActiveModel {
        id: NotSet,
        reconsideration_id: Set(case.id),
        step: Set(step.into()),
        actor_id: Set(actor.id),
        actor: Set(actor.name.chars().take(200).collect()),
        note: Set(note),
        at: Set(Utc::now()),
    }
    .insert(txn)
    .await?;
    write_history(txn, actor.id, o.id, o.status_id, history).await?;
    let heard = match step {
        REQUESTED => Some(RovStep::Requested),
        SENT => Some(RovStep::Sent),
        ANSWERED => Some(RovStep::Answered),
        RESOLVED => Some(RovStep::Resolved),
        _ => None,
    };
    if let Some(step) = heard {
        let event = OrderEvent::Reconsideration {
            order: o.clone(),
            case_id: case.id,
            step,
            outcome: case.outcome.clone(),
        };
        life::react(txn, config, &[event]).await?;
    }
    Ok(())
}

/// Moves a case to `status` (409 unless it is in one of `from`), keeping the step.
#[allow(clippy::too_many_arguments)]
pub async fn advance(
    txn: &DatabaseTransaction,
    config: &Config,
    case: reconsideration::Model,
    from: &[&str],
    status: &str,
    actor: &Actor,
    note: Option<String>,
    change: impl FnOnce(&mut reconsideration::ActiveModel),
) -> AppResult<reconsideration::Model> {
    if !from.contains(&case.status.as_str()) {
        return Err(AppError::Conflict(format!(
            "This reconsideration is {}: it cannot be {status} now.",
            case.status
        )));
    }
    let o = order_of(txn, &case).await?;
    let mut row: reconsideration::ActiveModel = case.into();
    row.status = Set(status.into());
    row.updated_at = Set(Utc::now());
    change(&mut row);
    let case = row.update(txn).await?;
    let what = match status {
        REVIEWED => "reviewed by the lender's side".to_string(),
        SENT => "sent to the appraiser".to_string(),
        ANSWERED => format!(
            "answered by the appraiser ({})",
            case.answer_outcome.as_deref().unwrap_or_default().replace('_', " ")
        ),
        _ => format!("resolved: {}", case.outcome.as_deref().unwrap_or_default().replace('_', " ")),
    };
    let line = match &note {
        Some(note) => format!("Reconsideration of value {what} by {}: {note}", actor.name),
        None => format!("Reconsideration of value {what} by {}.", actor.name),
    };
    record_step(txn, config, &o, &case, status, actor, note, line).await?;
    Ok(case)
}

/// Business days past the due date, and the case still open.
pub fn overdue(case: &reconsideration::Model, today: NaiveDate) -> bool {
    case.status != RESOLVED && today > case.due_date
}
