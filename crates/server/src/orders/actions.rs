//! Which actions a caller may take on an order (domain.md, "Order lifecycle and available
//! actions"). The one decision function: the detail page shows exactly this list and every
//! action call checks it.
use serde::Serialize;
use utoipa::ToSchema;

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

#[cfg(test)]
mod tests {
    use super::OrderAction::*;
    use super::*;

    fn actions(status_id: i32, role: UserType, assigned: bool, inquiry: bool) -> Vec<OrderAction> {
        available_actions(ActionContext { status_id, role, assigned_to_caller: assigned, on_time_inquiry_open: inquiry })
    }

    /// The lifecycle table of domain.md for the assigned appraiser, status by status.
    #[test]
    fn assigned_appraiser_gets_the_lifecycle_table() {
        let expected = |status_id: i32| -> Vec<OrderAction> {
            match status_id {
                4 => vec![Accept, Reject, RejectWithConditions, SendMessage],
                5..=9 => vec![ScheduleInspection, SendMessage, UploadFiles, UpdateStatus],
                11 | 12 => vec![ScheduleInspection, MarkInspected, SendMessage, UploadFiles],
                13 | 27 | 35 | 16 | 23 => vec![UploadFiles, SendMessage],
                15 | 17 | 18 | 19 | 21 | 22 => vec![],
                _ => vec![SendMessage],
            }
        };
        for (status_id, _) in status::STATUSES {
            assert_eq!(actions(status_id, UserType::Appraiser, true, false), expected(status_id), "status {status_id}");
        }
    }

    #[test]
    fn nobody_acts_on_a_closed_order() {
        for role in UserType::ALL {
            for status_id in status::CLOSED {
                assert!(actions(status_id, role, true, true).is_empty(), "{role:?} on {status_id}");
            }
        }
    }

    #[test]
    fn only_appraiser_kinds_and_staff_act_and_only_on_their_orders() {
        for (status_id, _) in status::STATUSES {
            for role in [UserType::Client, UserType::System, UserType::Registered] {
                assert!(actions(status_id, role, true, true).is_empty());
            }
            for role in [UserType::Appraiser, UserType::AppraiserAdmin] {
                assert!(actions(status_id, role, false, true).is_empty(), "unassigned {role:?} on {status_id}");
            }
        }
    }

    #[test]
    fn on_time_replies_follow_the_open_inquiry() {
        assert!(actions(11, UserType::Appraiser, true, true).ends_with(&[AutoReplyYes, AutoReplyNo]));
        assert!(!actions(11, UserType::Appraiser, true, false).contains(&AutoReplyYes));
    }

    #[test]
    fn reassign_is_for_admins_and_staff_before_review() {
        for (status_id, _) in status::STATUSES {
            let open_not_review = status::is_open(status_id) && !status::in_review(status_id);
            assert!(!actions(status_id, UserType::Appraiser, true, false).contains(&Reassign));
            for role in [UserType::AppraiserAdmin, UserType::Staff, UserType::Secret] {
                assert_eq!(actions(status_id, role, true, false).contains(&Reassign), open_not_review, "{role:?} {status_id}");
            }
        }
    }
}
