//! The 41 order statuses, their names and their groups (docs/domain.md#order-statuses).

/// An order's status. The database keeps its id (`orders.status_id`, `order_statuses.id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(i32)]
pub enum OrderStatus {
    UcdpReadyToUpload = 1,
    PendingPayment = 2,
    Default = 3,
    Assigned = 4,
    Accepted = 5,
    InProgress = 6,
    ReferToComments = 7,
    LeftMessage = 8,
    NoAnswer = 9,
    OnHold = 10,
    Scheduled = 11,
    Rescheduled = 12,
    Inspected = 13,
    InReview = 14,
    Completed = 15,
    RevisionRequested = 16,
    Reviewed = 17,
    DeliveredToClient = 18,
    Cancelled = 19,
    UcdpFail = 20,
    Rejected = 21,
    InvoiceCreated = 22,
    LenderRevisionRequest = 23,
    RevisionRequestedResponse = 24,
    Level2Qc = 25,
    WaitingApproval = 26,
    Delayed = 27,
    Draft = 28,
    Quote = 29,
    PendingLevel2 = 30,
    CancelPending = 31,
    ReviewEscalation = 32,
    PossibleRevision = 33,
    SpotHire = 34,
    AppraiserDelay = 35,
    Level3Qc = 36,
    DocumentReview = 37,
    PendingDelivery = 38,
    DuplicateReview = 39,
    ChaseEscalation = 40,
    LeadershipQc = 41,
}

/// Where a status stands: still being worked on, with the company's reviewers, or finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusGroup {
    Working,
    Review,
    Closed,
}

use OrderStatus::*;

impl OrderStatus {
    /// Every status, by id.
    pub const ALL: [OrderStatus; 41] = [
        UcdpReadyToUpload,
        PendingPayment,
        Default,
        Assigned,
        Accepted,
        InProgress,
        ReferToComments,
        LeftMessage,
        NoAnswer,
        OnHold,
        Scheduled,
        Rescheduled,
        Inspected,
        InReview,
        Completed,
        RevisionRequested,
        Reviewed,
        DeliveredToClient,
        Cancelled,
        UcdpFail,
        Rejected,
        InvoiceCreated,
        LenderRevisionRequest,
        RevisionRequestedResponse,
        Level2Qc,
        WaitingApproval,
        Delayed,
        Draft,
        Quote,
        PendingLevel2,
        CancelPending,
        ReviewEscalation,
        PossibleRevision,
        SpotHire,
        AppraiserDelay,
        Level3Qc,
        DocumentReview,
        PendingDelivery,
        DuplicateReview,
        ChaseEscalation,
        LeadershipQc,
    ];

    pub const fn id(self) -> i32 {
        self as i32
    }

    pub fn from_id(id: i32) -> Option<OrderStatus> {
        usize::try_from(id.checked_sub(1)?).ok().and_then(|i| OrderStatus::ALL.get(i)).copied()
    }

    /// The stored description, e.g. "in review".
    pub fn name(self) -> &'static str {
        match self {
            UcdpReadyToUpload => "UCDP ready to upload",
            PendingPayment => "pending payment",
            Default => "default",
            Assigned => "assigned",
            Accepted => "accepted",
            InProgress => "in progress",
            ReferToComments => "refer to comments",
            LeftMessage => "left message",
            NoAnswer => "no answer",
            OnHold => "on hold",
            Scheduled => "scheduled",
            Rescheduled => "rescheduled",
            Inspected => "inspected",
            InReview => "in review",
            Completed => "completed",
            RevisionRequested => "revision requested",
            Reviewed => "reviewed",
            DeliveredToClient => "delivered to client",
            Cancelled => "cancelled",
            UcdpFail => "UCDP fail",
            Rejected => "rejected",
            InvoiceCreated => "invoice created",
            LenderRevisionRequest => "lender revision request",
            RevisionRequestedResponse => "revision requested response",
            Level2Qc => "level 2 QC",
            WaitingApproval => "waiting approval",
            Delayed => "delayed",
            Draft => "draft",
            Quote => "quote",
            PendingLevel2 => "pending level 2",
            CancelPending => "cancel pending",
            ReviewEscalation => "review escalation",
            PossibleRevision => "possible revision",
            SpotHire => "spot hire",
            AppraiserDelay => "appraiser delay",
            Level3Qc => "level 3 QC",
            DocumentReview => "document review",
            PendingDelivery => "pending delivery",
            DuplicateReview => "duplicate review",
            ChaseEscalation => "chase escalation",
            LeadershipQc => "leadership QC",
        }
    }

    /// "in review" -> "In Review", keeping acronyms such as UCDP and QC as they are.
    pub fn label(self) -> String {
        self.name()
            .split(' ')
            .map(|w| {
                let mut c = w.chars();
                match c.next() {
                    Some(first) => first.to_uppercase().chain(c).collect(),
                    None => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn group(self) -> StatusGroup {
        if CLOSED.contains(&self) {
            StatusGroup::Closed
        } else if REVIEW.contains(&self) {
            StatusGroup::Review
        } else {
            StatusGroup::Working
        }
    }

    pub fn is_closed(self) -> bool {
        self.group() == StatusGroup::Closed
    }

    pub fn is_open(self) -> bool {
        !self.is_closed()
    }

    pub fn in_review(self) -> bool {
        self.group() == StatusGroup::Review
    }
}

/// The finished statuses.
pub const CLOSED: [OrderStatus; 6] =
    [Completed, Reviewed, DeliveredToClient, Cancelled, Rejected, InvoiceCreated];
/// The statuses in which the company reviews the appraiser's report.
pub const REVIEW: [OrderStatus; 11] = [
    InReview,
    Level2Qc,
    PendingLevel2,
    ReviewEscalation,
    PossibleRevision,
    Level3Qc,
    DocumentReview,
    PendingDelivery,
    DuplicateReview,
    ChaseEscalation,
    LeadershipQc,
];

/// The statuses an assigned appraiser may set by hand while working an order, with a message.
pub const MANUAL_STATUSES: [OrderStatus; 5] =
    [InProgress, ReferToComments, LeftMessage, NoAnswer, AppraiserDelay];

pub fn open_statuses() -> impl Iterator<Item = OrderStatus> {
    OrderStatus::ALL.into_iter().filter(|s| s.is_open())
}

// Stored and sent as its id.
crate::numbered!(OrderStatus, i32, Integer, id, from_id, name, "an order status");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_names_and_groups() {
        assert!(OrderStatus::ALL.iter().enumerate().all(|(i, s)| s.id() == i as i32 + 1));
        assert_eq!(OrderStatus::from_id(4), Some(Assigned));
        assert_eq!(OrderStatus::from_id(0), None);
        assert_eq!(OrderStatus::from_id(42), None);
        assert_eq!(open_statuses().count(), 35);
        assert!(Assigned.is_open() && Completed.is_closed());
        assert!(REVIEW.iter().all(|s| s.is_open()), "review statuses are open");
        assert_eq!(UcdpReadyToUpload.label(), "UCDP Ready To Upload");
        assert_eq!(LeadershipQc.label(), "Leadership QC");
        assert_eq!(serde_json::to_string(&[Assigned, InReview]).unwrap(), "[4,14]");
        assert!(serde_json::from_str::<OrderStatus>("42").is_err());
    }
}
