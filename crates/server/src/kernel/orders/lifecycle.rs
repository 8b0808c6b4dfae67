//! Which actions a caller may take on an order, and where each one moves the order
//! (docs/domain.md#order-lifecycle and #staff-operations). The two decisions of the lifecycle live
//! here and nowhere else: the detail page shows exactly `available_actions`, every action call
//! checks it, and `next_status` is the status every action call writes.
use portal_db::entities::{order, order_detail};
use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::orders::status::OrderStatus;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::AppError;
use crate::platform::roles::UserType;

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
    // Staff operations (STAFF and SECRET only).
    Assign,
    Unassign,
    ApproveConditions,
    DeclineConditions,
    RequestRevision,
    Complete,
    Deliver,
    Cancel,
    Hold,
    Resume,
    AskOnTime,
    SetVisibility,
    // The client's (never offered on the Actions menu).
    RequestLenderRevision,
}

impl OrderAction {
    /// The action's label (the Actions menu shows the same words).
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
            Assign => "Assign",
            Unassign => "Unassign",
            ApproveConditions => "Approve Conditions",
            DeclineConditions => "Decline Conditions",
            RequestRevision => "Request Revision",
            Complete => "Complete",
            Deliver => "Deliver To Client",
            Cancel => "Cancel Order",
            Hold => "Put On Hold",
            Resume => "Resume",
            AskOnTime => "Ask If On Time",
            SetVisibility => "Hide Or Show",
            RequestLenderRevision => "Lender Revision Request",
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
    pub status: OrderStatus,
    pub role: UserType,
    /// The order is assigned to the caller, or (for an appraiser administrator) to an appraiser of
    /// their firm.
    pub assigned_to_caller: bool,
    /// The order has an appraiser.
    pub assigned: bool,
    /// Staff asked whether the order is on time and nobody has answered yet.
    pub on_time_inquiry_open: bool,
}

impl ActionContext {
    /// The context of an order the caller may see (orders::visibility has already decided that,
    /// so an appraiser kind who sees an assigned order has it themselves or through their firm).
    pub fn of(
        caller: &CurrentUser,
        order: &order::Model,
        detail: Option<&order_detail::Model>,
    ) -> ActionContext {
        ActionContext {
            status: order.status_id,
            role: caller.user_type,
            assigned_to_caller: order.assigned_appraiser_id.is_some()
                && caller.user_type.is_appraiser_kind(),
            assigned: order.assigned_appraiser_id.is_some(),
            on_time_inquiry_open: detail.is_some_and(|d| d.on_time_inquiry_open),
        }
    }
}

pub fn available_actions(ctx: ActionContext) -> Vec<OrderAction> {
    let mut actions = work_actions(ctx);
    if ctx.role.is_staff_like() {
        actions.extend(staff_actions(ctx));
    }
    actions
}

/// The actions on the work itself: the assigned appraiser's (docs/domain.md#order-lifecycle), which
/// staff may take too, and REASSIGN.
fn work_actions(ctx: ActionContext) -> Vec<OrderAction> {
    use OrderAction::*;
    use OrderStatus as S;
    let staff_like = ctx.role.is_staff_like();
    let acts_on_work = staff_like || (ctx.assigned_to_caller && ctx.role.is_appraiser_kind());
    if !acts_on_work || ctx.status.is_closed() {
        return Vec::new();
    }
    let mut actions = match ctx.status {
        S::Assigned => vec![Accept, Reject, RejectWithConditions, SendMessage],
        S::Accepted | S::InProgress | S::ReferToComments | S::LeftMessage | S::NoAnswer => {
            vec![ScheduleInspection, SendMessage, UploadFiles, UpdateStatus]
        }
        S::Scheduled | S::Rescheduled => {
            vec![ScheduleInspection, MarkInspected, SendMessage, UploadFiles]
        }
        S::Inspected
        | S::Delayed
        | S::AppraiserDelay
        | S::RevisionRequested
        | S::LenderRevisionRequest => vec![UploadFiles, SendMessage],
        _ => vec![SendMessage],
    };
    if ctx.on_time_inquiry_open {
        actions.extend([AutoReplyYes, AutoReplyNo]);
    }
    // Reassigning moves the order from its appraiser to another of the same firm.
    let may_reassign = staff_like || ctx.role == UserType::AppraiserAdmin;
    if may_reassign && ctx.assigned && !ctx.status.in_review() {
        actions.push(Reassign);
    }
    actions
}

/// Staff's operations on an order (the staff order desk), by its status.
fn staff_actions(ctx: ActionContext) -> Vec<OrderAction> {
    use OrderAction::*;
    use OrderStatus as S;
    let s = ctx.status;
    let open = s.is_open();
    let reviewing = s.in_review() || s == S::RevisionRequestedResponse;
    let rules = [
        (Assign, !ctx.assigned && matches!(s, S::Default | S::Draft | S::Rejected)),
        (Unassign, ctx.assigned && open && !reviewing && s != S::OnHold),
        (ApproveConditions, s == S::WaitingApproval),
        (DeclineConditions, s == S::WaitingApproval),
        // A completed report that cannot be delivered (a hard stop in its data file) goes back too.
        (RequestRevision, reviewing || s == S::Completed),
        (Complete, reviewing),
        (Deliver, matches!(s, S::Completed | S::Reviewed)),
        (Cancel, open || s == S::Rejected),
        (Hold, open && s != S::OnHold),
        (Resume, s == S::OnHold),
        (
            AskOnTime,
            ctx.assigned
                && open
                && !reviewing
                && !ctx.on_time_inquiry_open
                && !matches!(s, S::Assigned | S::WaitingApproval | S::OnHold),
        ),
        (SetVisibility, true),
    ];
    rules.into_iter().filter(|(_, offered)| *offered).map(|(action, _)| action).collect()
}

/// Ok when `action` is offered in `ctx`. Otherwise 403 when the caller's role never gets this
/// action on an order in this standing, and 409 (naming the action and the order's status) when it
/// would be offered in another status or while staff's on-time question is open.
pub fn ensure_offered(
    ctx: ActionContext,
    action: OrderAction,
    was_previously_scheduled: bool,
) -> Result<(), AppError> {
    if available_actions(ctx).contains(&action) {
        return Ok(());
    }
    let standings = OrderStatus::ALL.into_iter().flat_map(|status| {
        [(false, false), (false, true), (true, false), (true, true)].map(|(assigned, inquiry)| {
            ActionContext { status, assigned, on_time_inquiry_open: inquiry, ..ctx }
        })
    });
    let ever = standings.into_iter().any(|other| available_actions(other).contains(&action));
    if !ever {
        return Err(AppError::forbidden());
    }
    Err(AppError::Conflict(format!(
        "{} is not available for this order while it is {}.",
        action.label(was_previously_scheduled),
        ctx.status.label()
    )))
}

/// What decides the status beyond the action itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct TransitionInput {
    /// UPLOAD_FILES: one of the uploaded files is of a report type.
    pub report_uploaded: bool,
    /// UPDATE_STATUS: the status the caller chose (one of lookups' manual statuses); RESUME: the
    /// status the order had before it was put on hold.
    pub chosen_status: Option<OrderStatus>,
}

/// The status an order in status `from` has after `action` succeeds
/// (docs/domain.md#order-lifecycle and #staff-operations).
pub fn next_status(action: OrderAction, from: OrderStatus, input: TransitionInput) -> OrderStatus {
    use OrderAction::*;
    use OrderStatus as S;
    match action {
        Accept | ApproveConditions => S::Accepted,
        Reject => S::Rejected,
        RejectWithConditions => S::WaitingApproval,
        ScheduleInspection if matches!(from, S::Scheduled | S::Rescheduled) => S::Rescheduled,
        ScheduleInspection => S::Scheduled,
        MarkInspected => S::Inspected,
        UploadFiles if input.report_uploaded => match from {
            S::Inspected | S::Delayed | S::AppraiserDelay => S::InReview,
            S::RevisionRequested | S::LenderRevisionRequest => S::RevisionRequestedResponse,
            _ => from,
        },
        UpdateStatus | Resume => input.chosen_status.unwrap_or(from),
        // The new appraiser has to accept it.
        Reassign | Assign | DeclineConditions => S::Assigned,
        Unassign => S::Default,
        RequestRevision => S::RevisionRequested,
        RequestLenderRevision => S::LenderRevisionRequest,
        Complete => S::Completed,
        Deliver => S::DeliveredToClient,
        Cancel => S::Cancelled,
        Hold => S::OnHold,
        UploadFiles | SendMessage | AutoReplyYes | AutoReplyNo | AskOnTime | SetVisibility => from,
    }
}

#[cfg(test)]
mod tests {
    use super::OrderAction::*;
    use super::*;

    fn context(status_id: i32, role: UserType, assigned: bool, inquiry: bool) -> ActionContext {
        ActionContext {
            status: OrderStatus::from_id(status_id).unwrap(),
            role,
            assigned_to_caller: assigned && role.is_appraiser_kind(),
            assigned,
            on_time_inquiry_open: inquiry,
        }
    }

    fn actions(status_id: i32, role: UserType, assigned: bool, inquiry: bool) -> Vec<OrderAction> {
        available_actions(context(status_id, role, assigned, inquiry))
    }

    /// The lifecycle table of docs/domain.md#order-lifecycle, row by row: (statuses, the assigned
    /// appraiser's actions).
    const LIFECYCLE: [(&[i32], &[OrderAction]); 6] = [
        (&[4], &[Accept, Reject, RejectWithConditions, SendMessage]),
        (&[5, 6, 7, 8, 9], &[ScheduleInspection, SendMessage, UploadFiles, UpdateStatus]),
        (&[11, 12], &[ScheduleInspection, MarkInspected, SendMessage, UploadFiles]),
        (&[13, 27, 35, 16, 23], &[UploadFiles, SendMessage]),
        (
            &[14, 25, 30, 32, 33, 36, 37, 38, 39, 40, 41, 26, 10, 1, 2, 3, 20, 28, 29, 31, 34, 24],
            &[SendMessage],
        ),
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
        for status_id in OrderStatus::ALL.map(OrderStatus::id) {
            for role in UserType::ALL {
                for assigned in [false, true] {
                    for inquiry in [false, true] {
                        let staff_like = matches!(role, UserType::Staff | UserType::Secret);
                        let acts = staff_like || (assigned && role.is_appraiser_kind());
                        let open = OrderStatus::from_id(status_id).unwrap().is_open();
                        let mut expected: Vec<OrderAction> =
                            if acts { table_row(status_id).to_vec() } else { vec![] };
                        if acts && open && inquiry {
                            expected.extend([AutoReplyYes, AutoReplyNo]);
                        }
                        let reassigner = staff_like || role == UserType::AppraiserAdmin;
                        if acts
                            && open
                            && reassigner
                            && assigned
                            && !OrderStatus::from_id(status_id).unwrap().in_review()
                        {
                            expected.push(Reassign);
                        }
                        assert_eq!(
                            work_actions(context(status_id, role, assigned, inquiry)),
                            expected,
                            "status {status_id}, {role:?}, assigned {assigned}, inquiry {inquiry}"
                        );
                    }
                }
            }
        }
    }

    /// Where each offered action leaves the order, for every status and role that is offered it.
    #[test]
    fn every_offered_action_moves_the_order_as_the_table_says() {
        for from in OrderStatus::ALL.map(OrderStatus::id) {
            for role in UserType::ALL {
                for action in actions(from, role, true, true) {
                    let to = next_status(
                        action,
                        OrderStatus::from_id(from).unwrap(),
                        TransitionInput::default(),
                    )
                    .id();
                    let expected = match action {
                        Accept => 5,
                        Reject => 21,
                        RejectWithConditions => 26,
                        ScheduleInspection if from == 11 || from == 12 => 12,
                        ScheduleInspection => 11,
                        MarkInspected => 13,
                        Reassign | Assign | DeclineConditions => 4,
                        ApproveConditions => 5,
                        Unassign => 3,
                        RequestRevision => 16,
                        Complete => 15,
                        Deliver => 18,
                        Cancel => 19,
                        Hold => 10,
                        _ => from,
                    };
                    assert_eq!(to, expected, "{action:?} from {from} by {role:?}");
                    assert!(OrderStatus::from_id(to).is_some());
                }
            }
        }
    }

    #[test]
    fn a_report_upload_moves_inspected_and_revision_orders_on() {
        let report = TransitionInput { report_uploaded: true, chosen_status: None };
        let next = |action, from, input| {
            next_status(action, OrderStatus::from_id(from).unwrap(), input).id()
        };
        let moves: Vec<(i32, i32)> = OrderStatus::ALL
            .map(OrderStatus::id)
            .into_iter()
            .filter(|s| actions(*s, UserType::Appraiser, true, false).contains(&UploadFiles))
            .map(|s| (s, next(UploadFiles, s, report)))
            .filter(|(from, to)| from != to)
            .collect();
        assert_eq!(moves, [(13, 14), (16, 24), (23, 24), (27, 14), (35, 14)]);
        assert_eq!(
            next(UploadFiles, 13, TransitionInput::default()),
            13,
            "other file types leave it"
        );
        let chosen =
            TransitionInput { report_uploaded: false, chosen_status: OrderStatus::from_id(8) };
        assert_eq!(next(UpdateStatus, 6, chosen), 8);
    }

    #[test]
    fn refusals_say_forbidden_or_conflict() {
        let ctx = |status_id, role| context(status_id, role, true, false);
        assert!(ensure_offered(ctx(4, UserType::Appraiser), Accept, false).is_ok());
        let conflict = ensure_offered(ctx(5, UserType::Appraiser), Accept, false).unwrap_err();
        assert_eq!(
            conflict.to_string(),
            "Accept is not available for this order while it is Accepted."
        );
        assert!(matches!(conflict, AppError::Conflict(_)));
        assert!(matches!(
            ensure_offered(ctx(5, UserType::Appraiser), Reassign, false),
            Err(AppError::Forbidden(_))
        ));
        assert!(matches!(
            ensure_offered(ctx(5, UserType::Client), SendMessage, false),
            Err(AppError::Forbidden(_))
        ));
        let answered =
            ensure_offered(ctx(11, UserType::Appraiser), AutoReplyYes, false).unwrap_err();
        assert!(
            matches!(answered, AppError::Conflict(_)),
            "the question was answered: a conflict, not a permission"
        );
        assert_eq!(
            ensure_offered(ctx(14, UserType::Staff), ScheduleInspection, true)
                .unwrap_err()
                .to_string(),
            "Reschedule Inspection is not available for this order while it is In Review."
        );
    }

    /// The staff desk's operations by status (assigned or not, inquiry open or not); appraiser
    /// kinds and every other role never get them.
    #[test]
    fn staff_operations_by_status() {
        let staff = |status_id, assigned, inquiry| -> Vec<OrderAction> {
            let all = actions(status_id, UserType::Staff, assigned, inquiry);
            assert_eq!(all, actions(status_id, UserType::Secret, assigned, inquiry));
            all.into_iter()
                .filter(|a| {
                    staff_actions(context(status_id, UserType::Staff, assigned, inquiry))
                        .contains(a)
                })
                .collect()
        };
        assert_eq!(staff(3, false, false), [Assign, Cancel, Hold, SetVisibility]);
        assert_eq!(staff(21, false, false), [Assign, Cancel, SetVisibility]);
        assert_eq!(staff(4, true, false), [Unassign, Cancel, Hold, SetVisibility]);
        assert_eq!(
            staff(26, true, false),
            [Unassign, ApproveConditions, DeclineConditions, Cancel, Hold, SetVisibility]
        );
        assert_eq!(staff(11, true, false), [Unassign, Cancel, Hold, AskOnTime, SetVisibility]);
        assert_eq!(
            staff(11, true, true),
            [Unassign, Cancel, Hold, SetVisibility],
            "one open question at a time"
        );
        assert_eq!(
            staff(14, true, false),
            [RequestRevision, Complete, Cancel, Hold, SetVisibility]
        );
        assert_eq!(
            staff(24, true, false),
            [RequestRevision, Complete, Cancel, Hold, SetVisibility]
        );
        assert_eq!(staff(15, true, false), [RequestRevision, Deliver, SetVisibility]);
        assert_eq!(staff(10, true, false), [Cancel, Resume, SetVisibility]);
        assert_eq!(staff(18, true, false), [SetVisibility]);
        assert_eq!(staff(19, true, false), [SetVisibility]);
        let staff_only = [
            Assign,
            Unassign,
            ApproveConditions,
            DeclineConditions,
            RequestRevision,
            Complete,
            Deliver,
            Cancel,
            Hold,
            Resume,
            AskOnTime,
            SetVisibility,
        ];
        for status_id in OrderStatus::ALL.map(OrderStatus::id) {
            for role in UserType::ALL.into_iter().filter(|r| !r.is_staff_like()) {
                for assigned in [false, true] {
                    let offered = actions(status_id, role, assigned, false);
                    assert!(
                        offered.iter().all(|a| !staff_only.contains(a)),
                        "{role:?} at {status_id}: {offered:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn staff_refusals_say_forbidden_or_conflict() {
        let refused =
            ensure_offered(context(4, UserType::Staff, true, false), Assign, false).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "Assign is not available for this order while it is Assigned."
        );
        assert!(matches!(
            ensure_offered(context(4, UserType::Appraiser, true, false), Complete, false),
            Err(AppError::Forbidden(_))
        ));
        assert!(matches!(
            ensure_offered(context(18, UserType::Staff, true, false), Deliver, false),
            Err(AppError::Conflict(_))
        ));
        assert!(matches!(
            ensure_offered(context(11, UserType::Staff, true, true), AskOnTime, false),
            Err(AppError::Conflict(_))
        ));
    }

    #[test]
    fn audit_names() {
        assert_eq!(RejectWithConditions.audit_name(), "order.reject_with_conditions");
    }
}
