//! Revision requests as rounds of items: staff list what to change (each item a page or field and
//! a sentence), the appraiser answers each item with the revised report, and
//! `GET /api/orders/{id}/revisions` shows the rounds side by side.
use std::collections::HashMap;

use chrono::{DateTime, Utc};
use portal_db::entities::{revision_item, revision_round};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, QueryOrder,
    Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::business_days;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields;
use crate::platform::fields::MAX_TEXT;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::names::full_names;
use crate::platform::state::AppState;

/// Any signed-in user; the order's visibility decides (staff, the assigned appraiser).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(revisions))
}

/// Items one revision request may have.
pub const MAX_ITEMS: usize = 50;
/// Longest page or field reference.
pub const MAX_REFERENCE: usize = 200;
pub const MSG_ITEMS_REQUIRED: &str =
    "Add at least one revision item: a page or field, and what to change.";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionItemInput {
    /// The page or field of the report ("Page 3", "Sketch", "Comparable 2 GLA").
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 200,
        pattern = "\\S"
    )]
    pub reference: Option<String>,
    /// What to change.
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub text: Option<String>,
}

/// What staff ask to be revised, item by item, with an optional covering note.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionBody {
    #[schema(min_items = 1, max_items = 50)]
    pub items: Option<Vec<RevisionItemInput>>,
    #[schema(max_length = 4000)]
    pub message: Option<String>,
}

/// A revision item, checked.
#[derive(Debug, Clone)]
pub struct NewItem {
    pub reference: String,
    pub text: String,
}

/// The request's items, each with its reference and text (422 naming the field without).
pub fn checked_items(body: &RevisionBody) -> AppResult<Vec<NewItem>> {
    let items = body.items.as_deref().unwrap_or_default();
    if items.is_empty() {
        return Err(fields::named("items", "Revision items").refuse(MSG_ITEMS_REQUIRED.into()));
    }
    if items.len() > MAX_ITEMS {
        return Err(fields::named("items", "Revision items")
            .refuse(format!("A revision request can have at most {MAX_ITEMS} items.")));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let reference_field = format!("items[{i}].reference");
            let reference_label = format!("Item {}: page or field", i + 1);
            let text_field = format!("items[{i}].text");
            let text_label = format!("Item {}: what to change", i + 1);
            Ok(NewItem {
                reference: fields::required(
                    fields::named(&reference_field, &reference_label),
                    item.reference.as_deref(),
                    MAX_REFERENCE,
                )?,
                text: fields::required(
                    fields::named(&text_field, &text_label),
                    item.text.as_deref(),
                    MAX_TEXT,
                )?,
            })
        })
        .collect()
}

/// The items as the message to the appraiser lists them, after the covering note.
pub fn message_text(note: Option<&str>, items: &[NewItem]) -> String {
    let listed = items
        .iter()
        .enumerate()
        .map(|(i, item)| format!("{}. {}: {}", i + 1, item.reference, item.text));
    note.map(str::to_string).into_iter().chain(listed).collect::<Vec<_>>().join("\n")
}

/// Opens the order's next revision round with its items.
pub async fn open_round(
    db: &impl ConnectionTrait,
    order_id: i64,
    requested_by: i32,
    note: Option<String>,
    items: Vec<NewItem>,
) -> AppResult<()> {
    let last = revision_round::Entity::find()
        .filter(revision_round::Column::OrderId.eq(order_id))
        .order_by_desc(revision_round::Column::Round)
        .one(db)
        .await?;
    let round = revision_round::ActiveModel {
        id: NotSet,
        order_id: Set(order_id),
        round: Set(last.map_or(1, |r| r.round + 1)),
        message: Set(note),
        requested_by: Set(requested_by),
        requested_at: Set(Utc::now()),
        answered_by: Set(None),
        answered_at: Set(None),
    }
    .insert(db)
    .await?;
    let rows = items.into_iter().enumerate().map(|(i, item)| revision_item::ActiveModel {
        id: NotSet,
        round_id: Set(round.id),
        position: Set(i as i32 + 1),
        reference: Set(item.reference),
        text: Set(item.text),
        answer: Set(None),
    });
    revision_item::Entity::insert_many(rows).exec_without_returning(db).await?;
    Ok(())
}

/// The appraiser's answer to one revision item, sent with the revised report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionAnswer {
    pub id: i64,
    pub answer: String,
}

/// The open round of an order, if a revision request waits for its answers.
async fn open_round_of(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Option<(revision_round::Model, Vec<revision_item::Model>)>> {
    let Some(round) = revision_round::Entity::find()
        .filter(revision_round::Column::OrderId.eq(order_id))
        .filter(revision_round::Column::AnsweredAt.is_null())
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let items = revision_item::Entity::find()
        .filter(revision_item::Column::RoundId.eq(round.id))
        .order_by_asc(revision_item::Column::Position)
        .all(db)
        .await?;
    Ok(Some((round, items)))
}

/// Records the appraiser's answers when the revised report is uploaded: while a round is open,
/// every item needs an answer (422 naming the first without).
pub async fn answer_open_round(
    db: &impl ConnectionTrait,
    order_id: i64,
    answered_by: i32,
    answers: &[RevisionAnswer],
) -> AppResult<()> {
    let Some((round, items)) = open_round_of(db, order_id).await? else {
        if answers.is_empty() {
            return Ok(());
        }
        return Err(fields::named("revisionAnswers", "Revision answers")
            .refuse("This order has no revision request to answer.".into()));
    };
    let mut given = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let answer = answers.iter().find(|a| a.id == item.id).map(|a| a.answer.as_str());
        let name = format!("revisionAnswers[{i}]");
        let label = format!("Answer to item {} ({})", i + 1, item.reference);
        let text = fields::optional(fields::named(&name, &label), answer, MAX_TEXT)?;
        let text = text.ok_or_else(|| {
            fields::named(&name, &label).refuse(format!(
                "Please answer revision item {} ({}) with the revised report.",
                i + 1,
                item.reference
            ))
        })?;
        given.push((item.id, text));
    }
    if let Some(stray) = answers.iter().find(|a| !items.iter().any(|item| item.id == a.id)) {
        return Err(fields::named("revisionAnswers", "Revision answers")
            .refuse(format!("{} is not an item of the open revision request.", stray.id)));
    }
    for (id, text) in given {
        revision_item::Entity::update_many()
            .col_expr(revision_item::Column::Answer, Expr::value(text))
            .filter(revision_item::Column::Id.eq(id))
            .exec(db)
            .await?;
    }
    revision_round::Entity::update_many()
        .col_expr(revision_round::Column::AnsweredBy, Expr::value(answered_by))
        .col_expr(revision_round::Column::AnsweredAt, Expr::value(Utc::now()))
        .filter(revision_round::Column::Id.eq(round.id))
        .exec(db)
        .await?;
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionItem {
    pub id: i64,
    pub reference: String,
    pub text: String,
    pub answer: Option<String>,
}

/// One revision request and its answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionRound {
    pub round: i32,
    pub message: Option<String>,
    pub requested_by: String,
    pub requested_at: DateTime<Utc>,
    pub answered_by: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
    /// Business days the round spent with the appraiser (to now while unanswered).
    pub business_days_with_appraiser: i64,
    pub items: Vec<RevisionItem>,
}

async fn rounds_of(state: &AppState, order_id: i64) -> AppResult<Vec<RevisionRound>> {
    let db = &state.db;
    let rounds = revision_round::Entity::find()
        .filter(revision_round::Column::OrderId.eq(order_id))
        .order_by_asc(revision_round::Column::Round)
        .all(db)
        .await?;
    let mut items: HashMap<i64, Vec<RevisionItem>> = HashMap::new();
    let all = revision_item::Entity::find()
        .filter(revision_item::Column::RoundId.is_in(rounds.iter().map(|r| r.id)))
        .order_by_asc(revision_item::Column::Position)
        .all(db)
        .await?;
    for item in all {
        items.entry(item.round_id).or_default().push(RevisionItem {
            id: item.id,
            reference: item.reference,
            text: item.text,
            answer: item.answer,
        });
    }
    let people: Vec<i32> =
        rounds.iter().flat_map(|r| [Some(r.requested_by), r.answered_by]).flatten().collect();
    let names = full_names(db, people).await?;
    let name = |id: i32| names.of(id);
    let zone = state.config.time_zone().map_err(AppError::Internal)?;
    let day = |t: DateTime<Utc>| t.with_timezone(&zone).date_naive();
    Ok(rounds
        .into_iter()
        .map(|r| RevisionRound {
            round: r.round,
            business_days_with_appraiser: business_days::between(
                day(r.requested_at),
                day(r.answered_at.unwrap_or_else(Utc::now)),
            ),
            items: items.remove(&r.id).unwrap_or_default(),
            requested_by: name(r.requested_by),
            answered_by: r.answered_by.map(name),
            message: r.message,
            requested_at: r.requested_at,
            answered_at: r.answered_at,
        })
        .collect())
}

/// The order's revision requests, oldest first, each with its items and the appraiser's answers.
#[utoipa::path(get, path = "/api/orders/{id}/revisions", tag = "reports", params(OrderId),
    responses((status = 200, body = Vec<RevisionRound>), (status = 404, body = MessageResponse)))]
async fn revisions(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<RevisionRound>>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(rounds_of(&state, id).await?))
}
