//! Staff's side of an order's life: the appraiser's conditions, review, delivery, cancel, hold and
//! resume, the on-time question, messages, and hiding items from appraisers. Each call is one
//! action of the lifecycle table (`orders::lifecycle`), applied through `orders::apply`.
use chrono::Utc;
use portal_db::entities::{order, order_detail, order_history, order_message, stored_file};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use std::str::FromStr;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::reports::lender_revisions;
use crate::features::reports::review;
use crate::features::reports::revisions::{self, RevisionBody};
use crate::kernel::orders::action_requests::date_label;
use crate::kernel::orders::apply::{self, Change, Checked};
use crate::kernel::orders::lifecycle::{OrderAction, TransitionInput};
use crate::kernel::orders::status::OrderStatus;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::{MessageBody, ReasonBody, optional_text};
use crate::platform::http::error::{
    AppError, AppResult, ChangeAnswers, ChangeWithInputAnswers, MessageResponse,
};
use crate::platform::http::extract::Json;
use crate::platform::money::Cents;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(approve_conditions))
        .routes(routes!(decline_conditions))
        .routes(routes!(request_revision))
        .routes(routes!(forward_lender_revision))
        .routes(routes!(complete))
        .routes(routes!(deliver))
        .routes(routes!(cancel))
        .routes(routes!(hold))
        .routes(routes!(resume))
        .routes(routes!(on_time_inquiry))
        .routes(routes!(message))
        .routes(routes!(visibility))
}

type Done = AppResult<axum::Json<MessageResponse>>;

fn done(message: impl Into<String>) -> Done {
    Ok(axum::Json(MessageResponse::new(message)))
}

fn by(caller: &CurrentUser) -> String {
    full_name(&caller.user)
}

/// Checks `action` on order `id` and applies what `change` makes of it.
async fn run(
    state: &AppState,
    caller: &CurrentUser,
    id: i64,
    action: OrderAction,
    change: impl FnOnce(&Checked) -> Change,
) -> AppResult<()> {
    let checked = apply::check(&state.db, caller, id, action).await?;
    let change = change(&checked);
    apply::apply(state, caller, &checked, change).await?;
    Ok(())
}

/// A message to the appraiser with the action: it counts in their unread badge and is e-mailed.
fn with_message(subject: &str, first_line: String, text: String) -> Change {
    Change {
        message: Some(("Staff to Appraiser", text.clone())),
        tell_appraiser: Some(subject.into()),
        ..Change::noting(vec![first_line, text])
    }
}

fn clear_conditions() -> Vec<(order_detail::Column, Expr)> {
    vec![
        (order_detail::Column::ProposedFeeCents, Expr::value(Option::<i64>::None)),
        (order_detail::Column::ProposedDueDate, Expr::value(Option::<chrono::NaiveDate>::None)),
    ]
}

/// Accepts the appraiser's conditions: their fee and due date replace the order's (-> accepted).
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/conditions/approve",
    tag = "staff",
    params(OrderId),
    responses(ChangeAnswers)
)]
async fn approve_conditions(CallOn { state, caller, id }: CallOn<i64>) -> Done {
    run(&state, &caller, id, OrderAction::ApproveConditions, |checked| {
        let proposed = checked.detail.as_ref();
        let fee = proposed.and_then(|d| d.proposed_fee_cents);
        let due = proposed.and_then(|d| d.proposed_due_date);
        let mut note = vec![format!("Conditions approved by {}.", by(&caller))];
        let mut order_columns = vec![(order::Column::AcceptedAt, Expr::value(Utc::now()))];
        let mut detail_columns = clear_conditions();
        if let Some(cents) = fee {
            detail_columns.push((order_detail::Column::AppraiserFeeCents, Expr::value(cents)));
            note.push(format!("Appraiser fee: {}.", Cents(cents)));
        }
        if let Some(date) = due {
            order_columns.push((order::Column::AppraiserDueDate, Expr::value(date)));
            note.push(format!("Appraiser due date: {}.", date_label(date)));
        }
        Change {
            order_columns,
            detail_columns,
            tell_appraiser: Some("your conditions were approved".into()),
            ..Change::noting(note)
        }
    })
    .await?;
    done("Conditions approved.")
}

/// Declines the conditions (-> assigned): the appraiser is told why and may accept or reject.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/conditions/decline",
    tag = "staff",
    request_body = MessageBody,
    params(OrderId),
    responses(ChangeWithInputAnswers),
)]
async fn decline_conditions(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<MessageBody>,
) -> Done {
    let text = body.message()?;
    run(&state, &caller, id, OrderAction::DeclineConditions, |_| Change {
        detail_columns: clear_conditions(),
        ..with_message(
            "your conditions were declined",
            format!("Conditions declined by {}.", by(&caller)),
            text,
        )
    })
    .await?;
    done("Conditions declined.")
}

/// Sends the report back to the appraiser (status Revision Requested) with the items to change,
/// opening the order's next revision round; the appraiser answers each with the revised report.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/revision",
    tag = "staff",
    request_body = RevisionBody,
    params(OrderId),
    responses(ChangeWithInputAnswers),
)]
async fn request_revision(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<RevisionBody>,
) -> Done {
    let items = revisions::checked_items(&body)?;
    let note = optional_text(body.message.as_deref())?;
    let text = revisions::message_text(note.as_deref(), &items);
    let txn = portal_db::begin_write(&state.db).await?;
    let checked = apply::check(&txn, &caller, id, OrderAction::RequestRevision).await?;
    revisions::open_round(&txn, id, caller.id(), note, items).await?;
    let line = format!("Revision requested by {}.", by(&caller));
    apply::write(
        &txn,
        &state.config,
        &caller,
        &checked,
        with_message("revision requested", line, text),
    )
    .await?;
    txn.commit().await?;
    done("Revision requested.")
}

/// Sends a lender's revision request on to the appraiser as the order's next revision round (the
/// order stays in Lender Revision Request; the appraiser answers each item with the revised
/// report). 409 when it was forwarded already.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/revision-requests/{requestId}/forward",
    tag = "staff",
    params(OrderId, ("requestId" = i64, Path, description = "The lender's revision request")),
    responses(ChangeAnswers)
)]
async fn forward_lender_revision(
    CallOn { state, caller, id: (id, request_id) }: CallOn<(i64, i64)>,
) -> Done {
    let txn = portal_db::begin_write(&state.db).await?;
    let checked = apply::check(&txn, &caller, id, OrderAction::SendMessage).await?;
    if checked.order.status_id != OrderStatus::LenderRevisionRequest {
        return Err(AppError::Conflict(
            "The order is no longer waiting for the lender's revisions.".into(),
        ));
    }
    let (items, note) = lender_revisions::forward(&txn, id, request_id, caller.id()).await?;
    let text = revisions::message_text(note.as_deref(), &items);
    revisions::open_round(&txn, id, caller.id(), note, items).await?;
    let line = format!("The lender's revision request was forwarded by {}.", by(&caller));
    let change = with_message("lender revision requested", line, text);
    apply::write(&txn, &state.config, &caller, &checked, change).await?;
    txn.commit().await?;
    done("The lender's revision request was sent to the appraiser.")
}

/// The report passed review (status Completed); every item of the review checklist must be
/// answered first (409 listing the open ones).
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/complete",
    tag = "staff",
    params(OrderId),
    responses(ChangeAnswers)
)]
async fn complete(CallOn { state, caller, id }: CallOn<i64>) -> Done {
    let checked = apply::check(&state.db, &caller, id, OrderAction::Complete).await?;
    review::ensure_reviewed(&state.db, id).await?;
    crate::features::reconsiderations::ensure_none_open(&state.db, id).await?;
    let note = format!("Order completed by {}.", by(&caller));
    apply::apply(&state, &caller, &checked, Change::noting(vec![note])).await?;
    done("Order completed.")
}

/// The report went to the client (status Delivered To Client): the client's page lists the report
/// and data file as uploaded, the client's main contact is e-mailed and its webhooks hear
/// `order.delivered`; the client's invoice is issued. Refused (409) while the data file has hard
/// stops or open warnings.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/deliver",
    tag = "staff",
    params(OrderId),
    responses(ChangeAnswers)
)]
async fn deliver(CallOn { state, caller, id }: CallOn<i64>) -> Done {
    let checked = apply::check(&state.db, &caller, id, OrderAction::Deliver).await?;
    crate::features::reports::data::ensure_deliverable(&state, &checked.order).await?;
    let note = format!("Order delivered to the client by {}.", by(&caller));
    let txn = portal_db::begin_write(&state.db).await?;
    apply::write(&txn, &state.config, &caller, &checked, Change::noting(vec![note])).await?;
    txn.commit().await?;
    done("Order delivered to the client.")
}

/// Cancels the order (-> cancelled); the appraiser, if any, is told, a borrower's card payment
/// is refunded and automatic offers of the order close.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/cancel",
    tag = "staff",
    request_body = ReasonBody,
    params(OrderId),
    responses(ChangeWithInputAnswers),
)]
async fn cancel(CallOn { state, caller, id }: CallOn<i64>, Json(body): Json<ReasonBody>) -> Done {
    let reason = body.reason()?;
    crate::features::reconsiderations::ensure_none_open(&state.db, id).await?;
    run(&state, &caller, id, OrderAction::Cancel, |_| Change {
        tell_appraiser: Some("cancelled".into()),
        ..Change::noting(vec![
            format!("Order cancelled by {}.", by(&caller)),
            format!("Reason: {reason}"),
        ])
    })
    .await?;
    crate::features::billing::borrower_payments::refund_on_cancel(&state, id).await?;
    done("Order cancelled.")
}

/// Puts the order on hold (-> on hold), remembering the status to resume to; automatic offers of
/// the order close.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/hold",
    tag = "staff",
    request_body = ReasonBody,
    params(OrderId),
    responses(ChangeWithInputAnswers),
)]
async fn hold(CallOn { state, caller, id }: CallOn<i64>, Json(body): Json<ReasonBody>) -> Done {
    let reason = body.reason()?;
    run(&state, &caller, id, OrderAction::Hold, |checked| Change {
        detail_columns: vec![(
            order_detail::Column::StatusBeforeHold,
            Expr::value(checked.order.status_id),
        )],
        tell_appraiser: Some("on hold".into()),
        ..Change::noting(vec![
            format!("Order put on hold by {}.", by(&caller)),
            format!("Reason: {reason}"),
        ])
    })
    .await?;
    done("Order put on hold.")
}

/// Takes the order off hold, back to the status it had before.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/resume",
    tag = "staff",
    params(OrderId),
    responses(ChangeAnswers)
)]
async fn resume(CallOn { state, caller, id }: CallOn<i64>) -> Done {
    let mut back_to = OrderStatus::Default;
    run(&state, &caller, id, OrderAction::Resume, |checked| {
        // An order held before the portal remembered the status goes back to where its appraiser
        // stands.
        let fallback = if checked.order.assigned_appraiser_id.is_some() {
            OrderStatus::Assigned
        } else {
            OrderStatus::Default
        };
        back_to = checked
            .detail
            .as_ref()
            .and_then(|d| d.status_before_hold)
            .and_then(OrderStatus::from_id)
            .filter(|s| s.is_open())
            .unwrap_or(fallback);
        Change {
            input: TransitionInput { chosen_status: Some(back_to), ..TransitionInput::default() },
            detail_columns: vec![(
                order_detail::Column::StatusBeforeHold,
                Expr::value(Option::<i32>::None),
            )],
            tell_appraiser: Some("resumed".into()),
            ..Change::noting(vec![format!("Order resumed by {}.", by(&caller))])
        }
    })
    .await?;
    done(format!("Order resumed: {}.", back_to.label()))
}

/// Asks the appraiser whether the order is on time (they answer with AUTO_REPLY_YES or _NO).
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/on-time-inquiry",
    tag = "staff",
    params(OrderId),
    responses(ChangeAnswers)
)]
async fn on_time_inquiry(CallOn { state, caller, id }: CallOn<i64>) -> Done {
    run(&state, &caller, id, OrderAction::AskOnTime, |_| Change {
        detail_columns: vec![(order_detail::Column::OnTimeInquiryOpen, Expr::value(true))],
        tell_appraiser: Some("is this order on time?".into()),
        ..Change::noting(vec![
            format!("{} asked whether the order is on time.", by(&caller)),
            "Please answer on the order's page.".into(),
        ])
    })
    .await?;
    done("The appraiser was asked whether the order is on time.")
}

/// A message from staff to the appraiser (it counts in their unread badge).
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/messages",
    tag = "staff",
    request_body = MessageBody,
    params(OrderId),
    responses(ChangeWithInputAnswers),
)]
async fn message(CallOn { state, caller, id }: CallOn<i64>, Json(body): Json<MessageBody>) -> Done {
    let text = body.message()?;
    run(&state, &caller, id, OrderAction::SendMessage, |_| {
        with_message("new message", "Message sent.".into(), text)
    })
    .await?;
    done("Message sent.")
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ItemKind {
    History,
    File,
    Message,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisibilityBody {
    pub kind: ItemKind,
    pub item_id: i64,
    pub hide: bool,
}

/// Sets `hide` on one item of the order; false when the order has no such item.
async fn set_hidden(
    db: &impl ConnectionTrait,
    order_id: i64,
    body: &VisibilityBody,
) -> AppResult<bool> {
    let changed = match body.kind {
        ItemKind::History => hide_item::<order_history::Entity>(db, order_id, body).await?,
        ItemKind::File => hide_item::<stored_file::Entity>(db, order_id, body).await?,
        ItemKind::Message => hide_item::<order_message::Entity>(db, order_id, body).await?,
    };
    Ok(changed == 1)
}

/// Sets the `hide` column of the item of order `order_id` in `E` (a table with the columns `hide`,
/// `id` and `order_id`); answers the rows changed.
async fn hide_item<E: EntityTrait>(
    db: &impl ConnectionTrait,
    order_id: i64,
    body: &VisibilityBody,
) -> AppResult<u64> {
    let column = |name: &str| {
        E::Column::from_str(name).map_err(|_| {
            AppError::Internal(format!("{} has no column {name}", E::default().table_name()))
        })
    };
    let changed = E::update_many()
        .col_expr(column("hide")?, Expr::value(body.hide))
        .filter(column("id")?.eq(body.item_id))
        .filter(column("order_id")?.eq(order_id))
        .exec(db)
        .await?;
    Ok(changed.rows_affected)
}

#[doc = " Hides an item of the order from appraisers, or shows it again \
         (at once: the server filters them)."]
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/visibility",
    tag = "staff",
    request_body = VisibilityBody,
    params(OrderId),
    responses(ChangeAnswers),
)]
async fn visibility(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<VisibilityBody>,
) -> Done {
    let txn = portal_db::begin_write(&state.db).await?;
    let checked = apply::check(&txn, &caller, id, OrderAction::SetVisibility).await?;
    let kind = match body.kind {
        ItemKind::History => "history entry",
        ItemKind::File => "file",
        ItemKind::Message => "message",
    };
    if !set_hidden(&txn, id, &body).await? {
        return Err(AppError::NotFound(format!("This order has no {kind} {}.", body.item_id)));
    }
    let verb = if body.hide { "hidden from" } else { "shown to" };
    let line = format!("The {kind} {} was {verb} appraisers by {}.", body.item_id, by(&caller));
    apply::write(
        &txn,
        &state.config,
        &caller,
        &checked,
        Change { history_hidden: true, ..Change::noting(vec![line]) },
    )
    .await?;
    txn.commit().await?;
    done(format!("The {kind} is {verb} appraisers."))
}
