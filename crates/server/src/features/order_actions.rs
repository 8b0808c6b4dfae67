//! The order action calls under /api/order-details: each checks that the caller is offered the
//! action on the order, validates its input (docs/domain.md#action-input-rules), and
//! applies it through `apply` (status, history, audit and outbox in one transaction). Reassigning
//! lives in `assign`; uploading files in `files::upload`, which applies UPLOAD_FILES the same way.
use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use portal_db::entities::{order, order_detail, stored_file};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::assignment::offers;
use crate::kernel::orders::action_requests::*;
use crate::kernel::orders::apply::{self, Change, Checked, DetailChange};
use crate::kernel::orders::lifecycle::{OrderAction, TransitionInput};
use crate::kernel::orders::status::MANUAL_STATUSES;
use crate::kernel::orders::visibility::sees_hidden;
use crate::platform::call::Call;
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::{MSG_MESSAGE_REQUIRED, required_text};
use crate::platform::http::error::{
    AppError, AppResult, ChangeAnswers, ChangeWithInputAnswers, MessageResponse,
};
use crate::platform::http::extract::Json;
use crate::platform::money::Cents;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_message))
        .routes(routes!(mark_inspected))
        .routes(routes!(schedule_inspection))
        .routes(routes!(conditional_acceptance))
        .routes(routes!(reject_order))
        .routes(routes!(accept_order))
        .routes(routes!(update_status))
        .routes(routes!(file_message))
        .routes(routes!(auto_reply_yes))
        .routes(routes!(auto_reply_no))
}

type Done = AppResult<axum::Json<MessageResponse>>;

fn done(message: impl Into<String>) -> Done {
    Ok(axum::Json(MessageResponse::new(message)))
}

/// A firm administrator answers for the assigned appraiser: `forAppraiser`, when sent, must be
/// them.
fn ensure_for_assigned(checked: &Checked, for_appraiser: Option<i32>) -> AppResult<()> {
    match for_appraiser {
        Some(id) if Some(id) != checked.order.assigned_appraiser_id => Err(AppError::Validation(
            "forAppraiser must be the appraiser the order is assigned to.".into(),
        )),
        _ => Ok(()),
    }
}

/// A date and time of the company's time zone as a UTC instant.
fn company_instant(
    state: &AppState,
    date: NaiveDate,
    time: NaiveTime,
) -> AppResult<chrono::DateTime<Utc>> {
    let tz = state.config.time_zone().map_err(AppError::Internal)?;
    tz.from_local_datetime(&date.and_time(time))
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .ok_or_else(|| {
            AppError::Validation(format!(
                "{} {} does not exist in the company's time zone.",
                date_label(date),
                time_label(time)
            ))
        })
}

/// Sends a message about the order (to staff from an appraiser, to the appraiser from staff).
#[utoipa::path(
    post,
    path = "/api/order-details/message",
    tag = "order-actions",
    request_body = SendMessage,
    responses(ChangeWithInputAnswers),
)]
async fn send_message(Call { state, caller }: Call, Json(body): Json<SendMessage>) -> Done {
    let checked = apply::check(&state.db, &caller, body.order_id, OrderAction::SendMessage).await?;
    let text = required_text(body.message.as_deref(), MSG_MESSAGE_REQUIRED)?;
    let kind = if caller.user_type.is_appraiser_kind() {
        "Appraiser to Staff"
    } else {
        "Staff to Appraiser"
    };
    let change = Change {
        message: Some((kind, text.clone())),
        ..Change::noting(vec!["Message sent.".into(), text])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    done("Message sent.")
}

/// Records the inspection: date and time, the estimated delivery date, and reasons (to inspected).
#[utoipa::path(
    post,
    path = "/api/order-details/mark-inspected",
    tag = "order-actions",
    request_body = MarkInspected,
    responses(ChangeWithInputAnswers),
)]
async fn mark_inspected(Call { state, caller }: Call, Json(body): Json<MarkInspected>) -> Done {
    let checked =
        apply::check(&state.db, &caller, body.order_id, OrderAction::MarkInspected).await?;
    let i = check_mark_inspected(&body)?;
    let at = company_instant(&state, i.date, i.time)?;
    let mut note = vec![format!(
        "Inspected on {} at {}. Estimated delivery date {}.",
        date_label(i.date),
        time_label(i.time),
        date_label(i.delivery)
    )];
    note.extend(i.comment);
    note.extend(i.late_delivery_reason.map(|r| format!("Reason for the late delivery date: {r}")));
    let change = Change {
        order_columns: vec![(order::Column::InspectionActualDate, Expr::value(at))],
        detail: DetailChange {
            estimated_delivery_date: Some(i.delivery),
            ..DetailChange::default()
        },
        ..Change::noting(note)
    };
    apply::apply(&state, &caller, &checked, change).await?;
    done("The order is marked inspected.")
}

/// Schedules (to scheduled) or reschedules (to rescheduled) the inspection appointment.
#[utoipa::path(
    post,
    path = "/api/order-details/schedule-inspection",
    tag = "order-actions",
    request_body = ScheduleInspection,
    responses(ChangeWithInputAnswers),
)]
async fn schedule_inspection(
    Call { state, caller }: Call,
    Json(body): Json<ScheduleInspection>,
) -> Done {
    let checked =
        apply::check(&state.db, &caller, body.order_id, OrderAction::ScheduleInspection).await?;
    let rules = schedule_rules(&state, &checked)?;
    let (change, verb) = schedule_change(&state, rules, check_schedule(&body, rules)?)?;
    apply::apply(&state, &caller, &checked, change).await?;
    done(format!("Inspection {verb}."))
}

/// What the schedule rules of Schedule Inspection need to know about the checked order.
pub fn schedule_rules(state: &AppState, checked: &Checked) -> AppResult<ScheduleRules> {
    let tz = state.config.time_zone().map_err(AppError::Internal)?;
    Ok(ScheduleRules {
        created_on: checked.order.created_at.with_timezone(&tz).date_naive(),
        inspection_due: checked.order.inspection_due_date,
        previously_scheduled: checked.was_previously_scheduled(),
    })
}

/// What scheduling (or rescheduling) the inspection as `s` changes, with the verb of its notice.
pub fn schedule_change(
    state: &AppState,
    rules: ScheduleRules,
    s: Schedule,
) -> AppResult<(Change, &'static str)> {
    let at = company_instant(state, s.date, s.start)?;
    let ends_at = company_instant(state, s.date, s.end)?;
    let verb = if rules.previously_scheduled { "rescheduled" } else { "scheduled" };
    let mut note = vec![format!(
        "Inspection {verb} for {}, {} to {}, with {}. Estimated delivery date {}.",
        date_label(s.date),
        time_label(s.start),
        time_label(s.end),
        s.with,
        date_label(s.delivery)
    )];
    note.extend(s.late_reason.map(|r| format!("Reason for the late inspection: {r}")));
    note.extend(s.reschedule_reason.map(|r| format!("Reason for rescheduling: {r}")));
    let change = Change {
        order_columns: vec![(order::Column::InspectionActualDate, Expr::value(at))],
        detail: DetailChange {
            estimated_delivery_date: Some(s.delivery),
            scheduled: true,
            ..DetailChange::default()
        },
        detail_columns: vec![(order_detail::Column::AppointmentEndAt, Expr::value(ends_at))],
        ..Change::noting(note)
    };
    Ok((change, verb))
}

/// Rejects with conditions: the appraiser would take the order on these terms (to waiting
/// approval: staff decide).
#[utoipa::path(
    post,
    path = "/api/order-details/conditional-acceptance",
    tag = "order-actions",
    request_body = ConditionalAcceptance,
    responses(ChangeWithInputAnswers),
)]
async fn conditional_acceptance(
    Call { state, caller }: Call,
    Json(body): Json<ConditionalAcceptance>,
) -> Done {
    let checked =
        apply::check(&state.db, &caller, body.order_id, OrderAction::RejectWithConditions).await?;
    ensure_for_assigned(&checked, body.for_appraiser)?;
    let c = check_conditions(&body)?;
    let mut note =
        vec!["Conditions sent for approval.".to_string(), format!("Conditions: {}", c.comments)];
    note.extend(c.fee_cents.map(|cents| format!("Requested fee: {}", Cents(cents))));
    note.extend(c.due_date.map(|d| format!("Requested due date: {}", date_label(d))));
    if !c.reasons.is_empty() {
        note.push(format!("Because of: {}", c.reasons.join(", ")));
    }
    // Kept for staff's decision: approving makes them the order's fee and due date.
    let detail_columns = vec![
        (order_detail::Column::ProposedFeeCents, Expr::value(c.fee_cents)),
        (order_detail::Column::ProposedDueDate, Expr::value(c.due_date)),
    ];
    apply::apply(&state, &caller, &checked, Change { detail_columns, ..Change::noting(note) })
        .await?;
    done("Your conditions were sent for approval.")
}

/// Rejects the order: it leaves the appraiser (to rejected), who stays invited ("no longer
/// available").
#[utoipa::path(
    post,
    path = "/api/order-details/reject",
    tag = "order-actions",
    request_body = RejectOrder,
    responses(ChangeWithInputAnswers),
)]
async fn reject_order(Call { state, caller }: Call, Json(body): Json<RejectOrder>) -> Done {
    let reason = required_text(body.reject_message.as_deref(), MSG_REJECT_REASON)?;
    let declined =
        offers::decline(&state.db, &state.config, &caller, body.order_id, Some(&reason)).await?;
    if let Some(message) = declined {
        return done(message);
    }
    let checked = apply::check(&state.db, &caller, body.order_id, OrderAction::Reject).await?;
    let change = Change {
        order_columns: vec![
            (order::Column::AssignedAppraiserId, Expr::value(Option::<i32>::None)),
            (order::Column::AssignedCompanyId, Expr::value(Option::<i32>::None)),
        ],
        ..Change::noting(vec![
            format!("Order rejected by {}.", full_name(&caller.user)),
            format!("Reason: {reason}"),
        ])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    done("Order rejected.")
}

/// Accepts the order (to accepted), for the caller or, by a firm administrator, for the assigned
/// appraiser.
#[utoipa::path(
    post,
    path = "/api/order-details/accept",
    tag = "order-actions",
    request_body = AcceptOrder,
    responses(ChangeWithInputAnswers),
)]
async fn accept_order(Call { state, caller }: Call, Json(body): Json<AcceptOrder>) -> Done {
    if let Some(message) = offers::accept(&state.db, &state.config, &caller, body.order_id).await? {
        return done(message);
    }
    let checked = apply::check(&state.db, &caller, body.order_id, OrderAction::Accept).await?;
    ensure_for_assigned(&checked, body.for_appraiser)?;
    let change = Change {
        order_columns: vec![(order::Column::AcceptedAt, Expr::value(Utc::now()))],
        ..Change::noting(vec![format!("Order accepted by {}.", full_name(&caller.user))])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    done("Order accepted.")
}

/// Sets one of the manual statuses (GET /api/constants/status-message-options) with a message.
#[utoipa::path(
    post,
    path = "/api/order-details/update-status",
    tag = "order-actions",
    request_body = UpdateStatus,
    responses(ChangeWithInputAnswers),
)]
async fn update_status(Call { state, caller }: Call, Json(body): Json<UpdateStatus>) -> Done {
    let checked =
        apply::check(&state.db, &caller, body.order_id, OrderAction::UpdateStatus).await?;
    let chosen = check_manual_status(body.status_description.as_deref(), &MANUAL_STATUSES)?;
    let message = required_text(body.message.as_deref(), MSG_MESSAGE_REQUIRED)?;
    let label = chosen.label();
    let change = Change {
        input: TransitionInput { chosen_status: Some(chosen), ..TransitionInput::default() },
        ..Change::noting(vec![format!("Status set to {label}."), message])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    done(format!("Status set to {label}."))
}

/// A note about one of the order's files, sent as a message (offered with SEND_MESSAGE).
#[utoipa::path(
    post,
    path = "/api/order-details/file-message",
    tag = "order-actions",
    request_body = FileMessage,
    responses(ChangeWithInputAnswers),
)]
async fn file_message(Call { state, caller }: Call, Json(body): Json<FileMessage>) -> Done {
    let checked = apply::check(&state.db, &caller, body.order_id, OrderAction::SendMessage).await?;
    let file_name = required_text(body.file_name.as_deref(), MSG_FILE_REQUIRED)?;
    let mut files = stored_file::Entity::find()
        .filter(stored_file::Column::OrderId.eq(checked.order.id))
        .filter(stored_file::Column::FileName.eq(file_name.as_str()));
    if !sees_hidden(&caller) {
        files = files.filter(stored_file::Column::Hide.eq(false));
    }
    if files.count(&state.db).await? == 0 {
        return Err(AppError::Validation(format!("This order has no file named {file_name}.")));
    }
    let message = required_text(body.message.as_deref(), MSG_MESSAGE_REQUIRED)?;
    let change = Change {
        message: Some(("File Note", format!("{file_name}: {message}"))),
        ..Change::noting(vec![format!("Note on the file {file_name}."), message])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    done("Note sent.")
}

async fn auto_reply(
    state: &AppState,
    caller: &CurrentUser,
    order_id: i64,
    action: OrderAction,
    note: &str,
) -> Done {
    let checked = apply::check(&state.db, caller, order_id, action).await?;
    let change = Change {
        detail: DetailChange { close_inquiry: true, ..DetailChange::default() },
        ..Change::noting(vec![note.into()])
    };
    apply::apply(state, caller, &checked, change).await?;
    done("Thank you, your answer was sent.")
}

/// Answers staff's open question: the order is on time.
#[utoipa::path(
    post,
    path = "/api/order-details/auto-reply-yes",
    tag = "order-actions",
    request_body = OrderRef,
    responses(ChangeAnswers),
)]
async fn auto_reply_yes(Call { state, caller }: Call, Json(body): Json<OrderRef>) -> Done {
    auto_reply(
        &state,
        &caller,
        body.order_id,
        OrderAction::AutoReplyYes,
        "The appraiser confirmed the order is on time.",
    )
    .await
}

/// Answers staff's open question: the order is NOT on time (staff are told).
#[utoipa::path(
    post,
    path = "/api/order-details/auto-reply-no",
    tag = "order-actions",
    request_body = OrderRef,
    responses(ChangeAnswers),
)]
async fn auto_reply_no(Call { state, caller }: Call, Json(body): Json<OrderRef>) -> Done {
    auto_reply(
        &state,
        &caller,
        body.order_id,
        OrderAction::AutoReplyNo,
        "The appraiser reported the order is NOT on time.",
    )
    .await
}
