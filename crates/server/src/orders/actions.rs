//! Which actions a caller may take on an order, and where each one moves the order (domain.md,
//! "Order lifecycle and available actions"). The two decisions of the lifecycle live here and
//! nowhere else: the detail page shows exactly `available_actions`, every action call checks it,
//! and `next_status` is the status every action call writes.
use portal_db::entities::{order, order_detail};
use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::session::CurrentUser;
use crate::http::error::AppError;
use crate::orders::status;
use crate::roles::UserType;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OrderAction {
    ScheduleInspection,
    MarkInspected,
    UploadFiles,
    SendMessage,
    RejectWithConditions,
    Reject,
    Reassign,
    Accept,
    AutoReplyYes,
    AutoReplyNo,
    UpdateStatus,
}

impl OrderAction {
    /// The label of part 2 section 4 (the Actions menu shows the same words).
    pub fn label(self, was_previously_scheduled: bool) -> &'static str {
        use OrderAction::*;
        match self {
            ScheduleInspection if was_previously_scheduled => "Reschedule Inspection",
            ScheduleInspection => "Schedule Inspection",
            MarkInspected => "Mark Inspected",
            UploadFiles => "Upload Files",
            SendMessage => "Send Message",
            RejectWithConditions => "Reject With Conditions",
            Reject => "Reject",
            Reassign => "Reassign",
            Accept => "Accept",
            AutoReplyYes => "Order Is On Time",
            AutoReplyNo => "Order Is NOT On Time",
            UpdateStatus => "Update Status",
        }
    }

    /// The audit log's name of the action, e.g. `order.schedule_inspection`.
    pub fn audit_name(self) -> String {
        let json = serde_json::to_value(self).expect("an action serialises");
        format!("order.{}", json.as_str().unwrap_or_default().to_lowercase())
    }
}

/// How the caller stands to the order.
#[derive(Clone, Copy, Debug)]
pub struct ActionContext {
    pub status_id: i32,
    pub role: UserType,
    /// The order is assigned to the caller, or (for an appraiser administrator) to an appraiser of
    /// their firm.
    pub assigned_to_caller: bool,
    /// Staff asked whether the order is on time and nobody has answered yet.
    pub on_time_inquiry_open: bool,
}

impl ActionContext {
    /// The context of an order the caller may see (orders::visibility has already decided that,
    /// so an appraiser kind who sees an assigned order has it themselves or through their firm).
    pub fn of(caller: &CurrentUser, order: &order::Model, detail: Option<&order_detail::Model>) -> ActionContext {
        ActionContext {
            status_id: order.status_id,
            role: caller.user_type,
            assigned_to_caller: order.assigned_appraiser_id.is_some() && caller.user_type.is_appraiser_kind(),
            on_time_inquiry_open: detail.is_some_and(|d| d.on_time_inquiry_open),
        }
    }
}

pub fn available_actions(ctx: ActionContext) -> Vec<OrderAction> {
    use OrderAction::*;
    let staff_like = matches!(ctx.role, UserType::Staff | UserType::Secret);
    let acts_on_work = staff_like || (ctx.assigned_to_caller && ctx.role.is_appraiser_kind());
    if !acts_on_work || status::is_closed(ctx.status_id) {
        return Vec::new();
    }
    let mut actions = match ctx.status_id {
        4 => vec![Accept, Reject, RejectWithConditions, SendMessage],
        5..=9 => vec![ScheduleInspection, SendMessage, UploadFiles, UpdateStatus],
        11 | 12 => vec![ScheduleInspection, MarkInspected, SendMessage, UploadFiles],
        13 | 27 | 35 | 16 | 23 => vec![UploadFiles, SendMessage],
        _ => vec![SendMessage],
    };
    if ctx.on_time_inquiry_open {
        actions.extend([AutoReplyYes, AutoReplyNo]);
    }
    let may_reassign = staff_like || ctx.role == UserType::AppraiserAdmin;
    if may_reassign && !status::in_review(ctx.status_id) {
        actions.push(Reassign);
    }
    actions
}

/// Ok when `action` is offered in `ctx`. Otherwise 403 when the caller's role never gets this
/// action on an order in this standing, and 409 (naming the action and the order's status) when it
/// would be offered in another status or while staff's on-time question is open.
pub fn ensure_offered(ctx: ActionContext, action: OrderAction, was_previously_scheduled: bool) -> Result<(), AppError> {
    if available_actions(ctx).contains(&action) {
        return Ok(());
    }
    let ever = status::STATUSES
        .iter()
        .any(|(s, _)| available_actions(ActionContext { status_id: *s, on_time_inquiry_open: true, ..ctx }).contains(&action));
    if !ever {
        return Err(AppError::forbidden());
    }
    Err(AppError::Conflict(format!(
        "{} is not available for this order while it is {}.",
        action.label(was_previously_scheduled),
        status::label(ctx.status_id).unwrap_or_default()
    )))
}

/// What decides the status beyond the action itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct TransitionInput {
    /// UPLOAD_FILES: one of the uploaded files is of a report type.
    pub report_uploaded: bool,
    /// UPDATE_STATUS: the status the caller chose (one of lookups' manual statuses).
    pub chosen_status: Option<i32>,
}

/// The status an order in status `from` has after `action` succeeds (domain.md's table).
pub fn next_status(action: OrderAction, from: i32, input: TransitionInput) -> i32 {
    use OrderAction::*;
    match action {
        Accept => 5,
        Reject => 21,
        RejectWithConditions => 26,
        ScheduleInspection if matches!(from, 11 | 12) => 12,
        ScheduleInspection => 11,
        MarkInspected => 13,
        UploadFiles if input.report_uploaded => match from {
            13 | 27 | 35 => 14,
            16 | 23 => 24,
            _ => from,
        },
        UpdateStatus => input.chosen_status.unwrap_or(from),
        // The new appraiser has to accept it.
        Reassign => 4,
        UploadFiles | SendMessage | AutoReplyYes | AutoReplyNo => from,
    }
}

#[cfg(test)]
mod tests {
    use super::OrderAction::*;
    use super::*;

    fn actions(status_id: i32, role: UserType, assigned: bool, inquiry: bool) -> Vec<OrderAction> {
        available_actions(ActionContext { status_id, role, assigned_to_caller: assigned, on_time_inquiry_open: inquiry })
    }

    /// domain.md's lifecycle table, row by row: (statuses, the assigned appraiser's actions).
    const LIFECYCLE: [(&[i32], &[OrderAction]); 6] = [
        (&[4], &[Accept, Reject, RejectWithConditions, SendMessage]),
        (&[5, 6, 7, 8, 9], &[ScheduleInspection, SendMessage, UploadFiles, UpdateStatus]),
        (&[11, 12], &[ScheduleInspection, MarkInspected, SendMessage, UploadFiles]),
        (&[13, 27, 35, 16, 23], &[UploadFiles, SendMessage]),
        (&[14, 25, 30, 32, 33, 36, 37, 38, 39, 40, 41, 26, 10, 1, 2, 3, 20, 28, 29, 31, 34, 24], &[SendMessage]),
        (&[15, 17, 18, 19, 21, 22], &[]),
    ];

    fn table_row(status_id: i32) -> &'static [OrderAction] {
        let rows: Vec<_> = LIFECYCLE.iter().filter(|(ids, _)| ids.contains(&status_id)).collect();
        assert_eq!(rows.len(), 1, "status {status_id} is in exactly one row of the table");
        rows[0].1
    }

    /// Every status x every role x assignment x open inquiry against the table and its rules:
    /// staff and the secret administrator act on every order, appraiser kinds only on theirs,
    /// nobody else at all; the on-time replies follow the open inquiry; REASSIGN is for firm
    /// administrators and staff while the order is open and not in review.
    #[test]
    fn every_status_by_every_role() {
        for (status_id, _) in status::STATUSES {
            for role in UserType::ALL {
                for assigned in [false, true] {
                    for inquiry in [false, true] {
                        let staff_like = matches!(role, UserType::Staff | UserType::Secret);
                        let acts = staff_like || (assigned && role.is_appraiser_kind());
                        let open = !status::CLOSED.contains(&status_id);
                        let mut expected: Vec<OrderAction> = if acts { table_row(status_id).to_vec() } else { vec![] };
                        if acts && open && inquiry {
                            expected.extend([AutoReplyYes, AutoReplyNo]);
                        }
                        let reassigner = staff_like || role == UserType::AppraiserAdmin;
                        if acts && open && reassigner && !status::REVIEW.contains(&status_id) {
                            expected.push(Reassign);
                        }
                        assert_eq!(actions(status_id, role, assigned, inquiry), expected, "status {status_id}, {role:?}, assigned {assigned}, inquiry {inquiry}");
                    }
                }
            }
        }
    }

    /// Where each offered action leaves the order, for every status and role that is offered it.
    #[test]
    fn every_offered_action_moves_the_order_as_the_table_says() {
        for (from, _) in status::STATUSES {
            for role in UserType::ALL {
                for action in actions(from, role, true, true) {
                    let to = next_status(action, from, TransitionInput::default());
                    let expected = match action {
                        Accept => 5,
                        Reject => 21,
                        RejectWithConditions => 26,
                        ScheduleInspection if from == 11 || from == 12 => 12,
                        ScheduleInspection => 11,
                        MarkInspected => 13,
                        Reassign => 4,
                        _ => from,
                    };
                    assert_eq!(to, expected, "{action:?} from {from} by {role:?}");
                    assert!(status::exists(to));
                }
            }
        }
    }

    #[test]
    fn a_report_upload_moves_inspected_and_revision_orders_on() {
        let report = TransitionInput { report_uploaded: true, chosen_status: None };
        let moves: Vec<(i32, i32)> = status::STATUSES
            .iter()
            .map(|(s, _)| *s)
            .filter(|s| actions(*s, UserType::Appraiser, true, false).contains(&UploadFiles))
            .map(|s| (s, next_status(UploadFiles, s, report)))
            .filter(|(from, to)| from != to)
            .collect();
        assert_eq!(moves, [(13, 14), (16, 24), (23, 24), (27, 14), (35, 14)]);
        assert_eq!(next_status(UploadFiles, 13, TransitionInput::default()), 13, "other file types leave it");
        let chosen = TransitionInput { report_uploaded: false, chosen_status: Some(8) };
        assert_eq!(next_status(UpdateStatus, 6, chosen), 8);
    }

    #[test]
    fn refusals_say_forbidden_or_conflict() {
        let ctx = |status_id, role| ActionContext { status_id, role, assigned_to_caller: true, on_time_inquiry_open: false };
        assert!(ensure_offered(ctx(4, UserType::Appraiser), Accept, false).is_ok());
        let conflict = ensure_offered(ctx(5, UserType::Appraiser), Accept, false).unwrap_err();
        assert_eq!(conflict.to_string(), "Accept is not available for this order while it is Accepted.");
        assert!(matches!(conflict, AppError::Conflict(_)));
        assert!(matches!(ensure_offered(ctx(5, UserType::Appraiser), Reassign, false), Err(AppError::Forbidden(_))));
        assert!(matches!(ensure_offered(ctx(5, UserType::Client), SendMessage, false), Err(AppError::Forbidden(_))));
        let answered = ensure_offered(ctx(11, UserType::Appraiser), AutoReplyYes, false).unwrap_err();
        assert!(matches!(answered, AppError::Conflict(_)), "the question was answered: a conflict, not a permission");
        assert_eq!(ensure_offered(ctx(14, UserType::Staff), ScheduleInspection, true).unwrap_err().to_string(), "Reschedule Inspection is not available for this order while it is In Review.");
    }

    #[test]
    fn audit_names() {
        assert_eq!(RejectWithConditions.audit_name(), "order.reject_with_conditions");
    }
}
