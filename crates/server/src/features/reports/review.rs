//! The reviewer's checklist on an order: `GET|PUT /api/staff/orders/{id}/review`. Complete needs
//! every item answered; each answer keeps who gave it and when.
use std::collections::HashMap;

use chrono::{DateTime, Utc};
use portal_db::entities::review_answer;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::checklist::{self, ChecklistItem};
use crate::kernel::orders::apply;
use crate::kernel::orders::lifecycle::OrderAction;
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::full_names;
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_review, put_review))
}

/// Longest note on an answer.
pub const MAX_NOTE: usize = 2000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Answer {
    #[serde(rename = "pass")]
    Pass,
    #[serde(rename = "fail")]
    Fail,
    #[serde(rename = "n/a")]
    NotApplicable,
}

impl Answer {
    fn stored(self) -> &'static str {
        match self {
            Answer::Pass => "pass",
            Answer::Fail => "fail",
            Answer::NotApplicable => "n/a",
        }
    }

    fn of_stored(text: &str) -> Option<Answer> {
        [Answer::Pass, Answer::Fail, Answer::NotApplicable].into_iter().find(|a| a.stored() == text)
    }
}

/// One checklist item with its answer on this order, if any.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewItem {
    pub id: i32,
    pub text: String,
    pub answer: Option<Answer>,
    pub note: Option<String>,
    pub answered_by: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
}

/// An order's review: every item of its checklist, answered or not.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub items: Vec<ReviewItem>,
    /// Every item is answered: the order may be completed.
    pub complete: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewAnswerInput {
    /// A checklist item of the order.
    pub id: i32,
    pub answer: Answer,
    /// Required with "fail": what the appraiser must change.
    #[schema(max_length = 2000)]
    pub note: Option<String>,
}

/// Answers to some or all of the order's checklist items; others keep their answers.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewBody {
    #[schema(min_items = 1, max_items = 50)]
    pub items: Vec<ReviewAnswerInput>,
}

async fn review_of(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Review> {
    let items = checklist::for_order(db, order_id).await?;
    let answers: HashMap<i32, review_answer::Model> = review_answer::Entity::find()
        .filter(review_answer::Column::OrderId.eq(order_id))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.checklist_item_id, a))
        .collect();
    let names = full_names(db, answers.values().map(|a| a.user_id).collect()).await?;
    let items: Vec<ReviewItem> = items
        .into_iter()
        .map(|item| {
            let answer = answers.get(&item.id);
            ReviewItem {
                id: item.id,
                text: item.text,
                answer: answer.and_then(|a| Answer::of_stored(&a.answer)),
                note: answer.and_then(|a| a.note.clone()),
                answered_by: answer.map(|a| names.of(a.user_id)),
                answered_at: answer.map(|a| a.answered_at),
            }
        })
        .collect();
    let complete = items.iter().all(|item| item.answer.is_some());
    Ok(Review { items, complete })
}

/// Refuses Complete (409, listing them) while checklist items are unanswered.
pub async fn ensure_reviewed(db: &impl ConnectionTrait, order_id: i64) -> AppResult<()> {
    let review = review_of(db, order_id).await?;
    let open: Vec<ChecklistItem> = review
        .items
        .into_iter()
        .filter(|item| item.answer.is_none())
        .map(|item| ChecklistItem { id: item.id, text: item.text })
        .collect();
    if open.is_empty() {
        return Ok(());
    }
    Err(AppError::Blocked {
        message: format!(
            "Answer every item of the review checklist first: {} still open.",
            open.len()
        ),
        key: "unansweredItems",
        items: serde_json::json!(open),
    })
}

/// The order's checklist with the answers given so far.
#[utoipa::path(get, path = "/api/staff/orders/{id}/review", tag = "reports", params(OrderId),
    responses((status = 200, body = Review), (status = 404, body = MessageResponse)))]
async fn get_review(CallOn { state, caller, id }: CallOn<i64>) -> AppResult<axum::Json<Review>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(review_of(&state.db, id).await?))
}

/// Records the reviewer's answers while the report is in review (409 at other times).
#[utoipa::path(
    put,
    path = "/api/staff/orders/{id}/review",
    tag = "reports",
    request_body = ReviewBody,
    params(OrderId),
    responses(
        (status = 200, body = Review),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn put_review(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<ReviewBody>,
) -> AppResult<axum::Json<Review>> {
    if body.items.is_empty() {
        return Err(AppError::Validation("Answer at least one checklist item.".into()));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    apply::check(&txn, &caller, id, OrderAction::Complete).await?;
    let checklist = checklist::for_order(&txn, id).await?;
    let now = Utc::now();
    let mut rows = Vec::with_capacity(body.items.len());
    for (i, input) in body.items.iter().enumerate() {
        let label = format!("Item {}", i + 1);
        if !checklist.iter().any(|item| item.id == input.id) {
            return Err(fields::named(&format!("items[{i}].id"), &label)
                .refuse(format!("Item {} is not on this order's checklist.", input.id)));
        }
        if body.items[..i].iter().any(|earlier| earlier.id == input.id) {
            return Err(fields::named(&format!("items[{i}].id"), &label)
                .refuse(format!("Item {} is answered twice.", input.id)));
        }
        let note_field = format!("items[{i}].note");
        let note =
            fields::optional(fields::named(&note_field, "Note"), input.note.as_deref(), MAX_NOTE)?;
        if input.answer == Answer::Fail && note.is_none() {
            return Err(fields::named(&note_field, "Note")
                .refuse("Please say what failed, for the appraiser.".into()));
        }
        rows.push(review_answer::ActiveModel {
            id: NotSet,
            order_id: Set(id),
            checklist_item_id: Set(input.id),
            answer: Set(input.answer.stored().into()),
            note: Set(note),
            user_id: Set(caller.id()),
            answered_at: Set(now),
        });
    }
    review_answer::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::columns([
                review_answer::Column::OrderId,
                review_answer::Column::ChecklistItemId,
            ])
            .update_columns([
                review_answer::Column::Answer,
                review_answer::Column::Note,
                review_answer::Column::UserId,
                review_answer::Column::AnsweredAt,
            ])
            .to_owned(),
        )
        .exec_without_returning(&txn)
        .await?;
    txn.commit().await?;
    Ok(axum::Json(review_of(&state.db, id).await?))
}
