//! Applying an order action: one transaction that moves the order (a conditional update, so a
//! concurrent change makes this one a 409 and nothing of it stays), writes what the action adds
//! (detail fields, a message, an invitation), a history entry, the audit row, and the e-mails
//! of the outbox: to the orders team when staff must act, to an appraiser given a new order.
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::{
    order, order_detail, order_history, order_invitation, order_message, security_user,
};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    IntoActiveModel, NotSet, QueryFilter, Set,
};

use super::details::empty_detail;
use super::life::OrderEvent;
use super::lifecycle::{ActionContext, OrderAction, TransitionInput, ensure_offered, next_status};
use super::status::OrderStatus;
use super::visibility::find_visible_order;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::config::Config;
use crate::platform::current_user::CurrentUser;
use crate::platform::delivery::{self, html_escape};
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::live;
use crate::platform::names::full_name;
use crate::platform::notifications::{Event, Notice, notify};
use crate::platform::state::AppState;

pub const MSG_CHANGED: &str =
    "This order was changed by someone else just now. Reload it and try again.";
pub const MSG_ALREADY_ANSWERED: &str =
    "The on-time question of this order has already been answered.";

/// An order the caller may take `action` on, as it was when checked.
pub struct Checked {
    pub order: order::Model,
    pub detail: Option<order_detail::Model>,
    pub action: OrderAction,
}

impl Checked {
    pub fn was_previously_scheduled(&self) -> bool {
        self.detail.as_ref().is_some_and(|d| d.was_previously_scheduled)
    }
}

/// The order if the caller sees it (403/404 otherwise) and `action` is offered to them on it
/// (403 or 409 otherwise, see `ensure_offered`).
pub async fn check(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    order_id: i64,
    action: OrderAction,
) -> AppResult<Checked> {
    let order = find_visible_order(db, caller, order_id).await?;
    let detail = order_detail::Entity::find_by_id(order_id).one(db).await?;
    let previously_scheduled = detail.as_ref().is_some_and(|d| d.was_previously_scheduled);
    ensure_offered(
        ActionContext::of(caller, &order, detail.as_ref()),
        action,
        previously_scheduled,
    )?;
    Ok(Checked { order, detail, action })
}

/// Detail fields an action sets.
#[derive(Debug, Default)]
pub struct DetailChange {
    pub estimated_delivery_date: Option<NaiveDate>,
    /// The inspection was scheduled: wasPreviouslyScheduled becomes true and stays true.
    pub scheduled: bool,
    /// Answers staff's open "is this order on time?" question.
    pub close_inquiry: bool,
}

/// What an action does beyond the status move.
#[derive(Default)]
pub struct Change {
    pub input: TransitionInput,
    pub order_columns: Vec<(order::Column, Expr)>,
    pub detail: DetailChange,
    /// Detail fields the action sets beyond `detail`'s.
    pub detail_columns: Vec<(order_detail::Column, Expr)>,
    /// A message written with the action: (message type, text).
    pub message: Option<(&'static str, String)>,
    /// The order goes to this appraiser: they are invited and told by e-mail.
    pub assign_to: Option<security_user::Model>,
    /// Staff's change concerns the assigned appraiser: they are e-mailed the note, under this
    /// subject.
    pub tell_appraiser: Option<String>,
    /// Only staff see the history entry (a change of what appraisers see).
    pub history_hidden: bool,
    /// What happened, as plain lines: the first is ours ("Order accepted."), later ones may be
    /// the caller's words. They become the history entry and the e-mail text.
    pub note: Vec<String>,
}

impl Change {
    pub fn noting(note: Vec<String>) -> Change {
        Change { note, ..Change::default() }
    }
}

/// Checks nothing more: applies a checked action in its own transaction. Returns the new status.
pub async fn apply(
    state: &AppState,
    caller: &CurrentUser,
    checked: &Checked,
    change: Change,
) -> AppResult<OrderStatus> {
    let txn = portal_db::begin_write(&state.db).await?;
    let to = write(&txn, &state.config, caller, checked, change).await?;
    txn.commit().await?;
    Ok(to)
}

/// Writes a checked action inside `txn` (an upload uses its own transaction).
pub async fn write(
    txn: &DatabaseTransaction,
    config: &Config,
    caller: &CurrentUser,
    checked: &Checked,
    change: Change,
) -> AppResult<OrderStatus> {
    let o = &checked.order;
    let from = o.status_id;
    let to = next_status(checked.action, from, change.input);
    let to_appraiser = !caller.user_type.is_appraiser_kind();
    let mut columns = change.order_columns;
    if change.message.is_some() && to_appraiser {
        columns.push((
            order::Column::AppraiserUnreadMessages,
            Expr::col(order::Column::AppraiserUnreadMessages).add(1),
        ));
    }
    move_order(txn, o, to, columns).await?;
    change_detail(txn, o.id, &change.detail, change.detail_columns).await?;
    let now = Utc::now();
    let (first, last) = (
        caller.user.first_name.clone().unwrap_or_default(),
        caller.user.last_name.clone().unwrap_or_default(),
    );
    if let Some((kind, body)) = change.message {
        order_message::ActiveModel {
            id: NotSet,
            order_id: Set(o.id),
            message_type: Set(kind.into()),
            body: Set(body),
            from_user_id: Set(Some(caller.id())),
            from_first_name: Set(first.clone()),
            from_last_name: Set(last.clone()),
            to_appraiser: Set(to_appraiser),
            created_at: Set(now),
            read_at: Set(None),
            hide: Set(false),
        }
        .insert(txn)
        .await?;
    }
    let entry = history_entry(o.id, to, Some(caller.id()), history_html(&change.note), now);
    order_history::ActiveModel { hide: Set(change.history_hidden), ..entry }.insert(txn).await?;
    let appraisers =
        o.assigned_appraiser_id.into_iter().chain(change.assign_to.as_ref().map(|a| a.id));
    announce(txn, o, appraisers.collect()).await?;
    let summary = change.note.first().cloned().unwrap_or_default();
    audit::record(
        txn,
        AuditEntry {
            action: &checked.action.audit_name(),
            actor: Some(caller.acting_user_id.unwrap_or(caller.id())),
            subject: Some(caller.id()),
            detail: Some(format!(
                "order {} ({}): status {} -> {}. {summary}",
                o.id,
                o.file_number,
                from.id(),
                to.id()
            )),
            ip: None,
        },
    )
    .await?;
    let label = checked.action.label(checked.was_previously_scheduled());
    let address = o.property_address();
    if staff_must_act(checked.action, from, caller) {
        let who = format!("{} ({})", full_name(&caller.user), caller.user_type.label());
        let mut text =
            vec![format!("{who}: {label} on order {} ({address}).", o.file_number), String::new()];
        text.extend(change.note.iter().cloned());
        text.extend([String::new(), format!("Open the order: {}", config.staff_order_link(o.id))]);
        delivery::email(
            txn,
            &config.orders_team_email,
            format!("Order {}: {label}", o.file_number),
            text,
        )
        .await?;
    }
    if let (Some(subject), Some(appraiser_id)) = (change.tell_appraiser, o.assigned_appraiser_id)
        && let Some(appraiser) = security_user::Entity::find_by_id(appraiser_id).one(txn).await?
    {
        let mut lines = vec![format!("Order {} ({address}):", o.file_number)];
        lines.extend(change.note.iter().cloned());
        let notice = Notice {
            event: appraiser_event(checked.action),
            subject: format!("Order {}: {subject}", o.file_number),
            lines,
            link: format!("/appraiser/orderdetails/{}", o.id),
        };
        notify(txn, config, &appraiser, notice).await?;
    }
    if let Some(appraiser) = change.assign_to {
        invite(txn, config, o, &appraiser).await?;
    }
    let moved = OrderEvent::Moved { order: o.clone(), from, to, action: checked.action };
    super::life::react(txn, config, &[moved]).await?;
    Ok(to)
}

/// A move the order's client asks for (a lender's revision request): no portal user's action, so
/// nothing is offered or checked but the status, which must still be the order's (409 otherwise).
/// Writes the history (by `actor`, none for an API key), the audit row and the reactions.
pub async fn client_move(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    action: OrderAction,
    actor: Option<i32>,
    note: Vec<String>,
) -> AppResult<OrderStatus> {
    let from = o.status_id;
    let to = next_status(action, from, TransitionInput::default());
    move_order(txn, o, to, Vec::new()).await?;
    history_entry(o.id, to, actor, history_html(&note), Utc::now()).insert(txn).await?;
    announce(txn, o, o.assigned_appraiser_id.into_iter().collect()).await?;
    let summary = note.first().cloned().unwrap_or_default();
    let detail = format!(
        "order {} ({}): status {} -> {}. {summary}",
        o.id,
        o.file_number,
        from.id(),
        to.id()
    );
    let entry = AuditEntry {
        action: &action.audit_name(),
        actor,
        subject: actor,
        detail: Some(detail),
        ip: None,
    };
    audit::record(txn, entry).await?;
    let moved = OrderEvent::Moved { order: o.clone(), from, to, action };
    super::life::react(txn, config, &[moved]).await?;
    Ok(to)
}

/// The order was given to `appraiser`: they are invited to it (for good: was-invited stays true)
/// and told by e-mail to accept or reject it.
pub async fn invite(
    txn: &DatabaseTransaction,
    config: &Config,
    o: &order::Model,
    appraiser: &security_user::Model,
) -> AppResult<()> {
    record_invitation(txn, o.id, appraiser.id, Utc::now()).await?;
    let address = o.property_address();
    let notice = Notice {
        event: Event::NewAssignment,
        subject: format!("New order {} assigned to you", o.file_number),
        lines: vec![
            format!("Order {} ({address}) has been assigned to you.", o.file_number),
            "Please accept or reject it.".into(),
        ],
        link: format!("/appraiser/orderdetails/{}", o.id),
    };
    notify(txn, config, appraiser, notice).await
}

/// The appraiser is invited to the order (for good: a second invitation changes nothing).
pub async fn record_invitation(
    txn: &impl ConnectionTrait,
    order_id: i64,
    appraiser_id: i32,
    at: DateTime<Utc>,
) -> AppResult<()> {
    order_invitation::Entity::insert(order_invitation::ActiveModel {
        order_id: Set(order_id),
        appraiser_user_id: Set(appraiser_id),
        invited_at: Set(at),
    })
    .on_conflict_do_nothing()
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// A history entry of order `order_id` at `status`, by `actor` (None: the portal itself), shown
/// to appraisers.
pub fn history_entry(
    order_id: i64,
    status: OrderStatus,
    actor: Option<i32>,
    message_html: String,
    at: DateTime<Utc>,
) -> order_history::ActiveModel {
    order_history::ActiveModel {
        id: NotSet,
        order_id: Set(order_id),
        status_id: Set(status),
        message_html: Set(Some(message_html)),
        created_at: Set(at),
        actor_user_id: Set(actor),
        hide: Set(false),
    }
}

/// Those who see order `o` (and the appraisers named) hear it changed.
pub async fn announce(
    txn: &impl ConnectionTrait,
    o: &order::Model,
    appraisers: Vec<i32>,
) -> AppResult<()> {
    let seen = live::Change {
        kind: live::Kind::Order,
        order_id: Some(o.id),
        quote_id: None,
        appraisers,
        company_id: o.assigned_company_id,
    };
    live::record(txn, seen).await
}

/// What the appraiser is told of when staff act on their order.
fn appraiser_event(action: OrderAction) -> Event {
    match action {
        OrderAction::SendMessage => Event::StaffMessage,
        OrderAction::RequestRevision => Event::RevisionRequest,
        OrderAction::ApproveConditions | OrderAction::DeclineConditions => Event::ConditionDecision,
        _ => Event::OrderUpdate,
    }
}

/// UPLOAD_FILES, inside the upload's own transaction: checked again there, so an order that
/// changed meanwhile refuses the whole upload; a report file moves the order on (from inspected,
/// delayed or appraiser delay to in review; from revision requested or lender revision request to
/// revision requested response).
pub async fn record_upload(
    txn: &DatabaseTransaction,
    config: &Config,
    caller: &CurrentUser,
    order_id: i64,
    file_names: &[&str],
    report_uploaded: bool,
) -> AppResult<OrderStatus> {
    let checked = check(txn, caller, order_id, OrderAction::UploadFiles).await?;
    let change = Change {
        input: TransitionInput { report_uploaded, ..TransitionInput::default() },
        ..Change::noting(vec![format!("Files uploaded: {}.", file_names.join(", "))])
    };
    write(txn, config, caller, &checked, change).await
}

/// Files staff attach to an order (an engagement letter, a purchase contract, revision evidence):
/// noted in the history at the order's status, which does not change, and announced to those who
/// see the order.
pub async fn record_staff_attachment(
    txn: &DatabaseTransaction,
    caller: &CurrentUser,
    order_id: i64,
    file_names: &[&str],
) -> AppResult<()> {
    let o = order::Entity::find_by_id(order_id)
        .one(txn)
        .await?
        .ok_or_else(|| AppError::NotFound("Order not found.".into()))?;
    let line = format!("Files attached by {}: {}.", full_name(&caller.user), file_names.join(", "));
    note(txn, Some(caller.id()), &o, line, false).await
}

/// A line in the order's history at its status, which does not change (`hidden`: from
/// appraisers), by `actor` (None: the portal itself), announced to those who see the order.
pub async fn note(
    txn: &impl ConnectionTrait,
    actor: Option<i32>,
    o: &order::Model,
    line: String,
    hidden: bool,
) -> AppResult<()> {
    let entry = history_entry(o.id, o.status_id, actor, history_html(&[line]), Utc::now());
    order_history::ActiveModel { hide: Set(hidden), ..entry }.insert(txn).await?;
    announce(txn, o, o.assigned_appraiser_id.into_iter().collect()).await
}

/// Rejections, conditions, messages from the appraiser's side, reschedules and "not on time"
/// answers need someone at the company to act; what staff do themselves does not.
pub fn staff_must_act(action: OrderAction, from: OrderStatus, caller: &CurrentUser) -> bool {
    use OrderAction::*;
    caller.user_type.is_appraiser_kind()
        && match action {
            Reject | RejectWithConditions | SendMessage | AutoReplyNo => true,
            ScheduleInspection => matches!(from, OrderStatus::Scheduled | OrderStatus::Rescheduled),
            _ => false,
        }
}

/// The status move, only from the status and assignment the action was checked against.
async fn move_order(
    txn: &DatabaseTransaction,
    o: &order::Model,
    to: OrderStatus,
    columns: Vec<(order::Column, Expr)>,
) -> AppResult<()> {
    let mut update =
        order::Entity::update_many().col_expr(order::Column::StatusId, Expr::value(to));
    for (column, value) in columns {
        update = update.col_expr(column, value);
    }
    update =
        update.filter(order::Column::Id.eq(o.id)).filter(order::Column::StatusId.eq(o.status_id));
    update = match o.assigned_appraiser_id {
        Some(id) => update.filter(order::Column::AssignedAppraiserId.eq(id)),
        None => update.filter(order::Column::AssignedAppraiserId.is_null()),
    };
    if update.exec(txn).await?.rows_affected != 1 {
        return Err(AppError::Conflict(MSG_CHANGED.into()));
    }
    Ok(())
}

async fn change_detail(
    txn: &DatabaseTransaction,
    order_id: i64,
    change: &DetailChange,
    columns: Vec<(order_detail::Column, Expr)>,
) -> AppResult<()> {
    if change.close_inquiry {
        let answered = order_detail::Entity::update_many()
            .col_expr(order_detail::Column::OnTimeInquiryOpen, Expr::value(false))
            .filter(order_detail::Column::OrderId.eq(order_id))
            .filter(order_detail::Column::OnTimeInquiryOpen.eq(true))
            .exec(txn)
            .await?;
        if answered.rows_affected != 1 {
            return Err(AppError::Conflict(MSG_ALREADY_ANSWERED.into()));
        }
    }
    if change.estimated_delivery_date.is_none() && !change.scheduled && columns.is_empty() {
        return Ok(());
    }
    // Orders loaded without detail fields get their row now.
    order_detail::Entity::insert(empty_detail(order_id).into_active_model())
        .on_conflict_do_nothing()
        .exec_without_returning(txn)
        .await?;
    let mut update =
        order_detail::Entity::update_many().filter(order_detail::Column::OrderId.eq(order_id));
    if let Some(date) = change.estimated_delivery_date {
        update = update.col_expr(order_detail::Column::EstimatedDeliveryDate, Expr::value(date));
    }
    if change.scheduled {
        update = update.col_expr(order_detail::Column::WasPreviouslyScheduled, Expr::value(true));
    }
    for (column, value) in columns {
        update = update.col_expr(column, value);
    }
    update.exec(txn).await?;
    Ok(())
}

/// Plain lines as the history entry's HTML: escaped, one line each.
fn history_html(note: &[String]) -> String {
    let lines: Vec<String> =
        note.iter().map(|line| html_escape(line).replace('\n', "<br>")).collect();
    format!("<p>{}</p>", lines.join("<br>"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn history_lines_are_escaped() {
        let html = super::history_html(&["Message sent.".into(), "<b>Hi</b>\nthere".into()]);
        assert_eq!(html, "<p>Message sent.<br>&lt;b&gt;Hi&lt;/b&gt;<br>there</p>");
    }
}
