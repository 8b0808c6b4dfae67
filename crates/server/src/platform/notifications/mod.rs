//! Notifications the user chooses (docs/domain.md#notifications): for each event, e-mail, SMS,
//! both or none, and optionally one daily digest instead of single e-mails. Every notification to
//! a portal user goes through `notify`, inside the transaction of the event that causes it, and
//! leaves through the outbox (once per event and channel, whichever server copy sends it).
pub mod digest;
pub mod preferences;
pub mod routes;

use chrono::{NaiveDate, Utc};
use portal_db::entities::{digest_item, security_user, sent_reminder};
use portal_db::user_type::UserType;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, NotSet, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::config::Config;
use crate::platform::delivery::{self, Channel, Outgoing};
use crate::platform::http::error::AppResult;
pub use preferences::Preferences;

/// What a user can be told about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Event {
    NewAssignment,
    QuoteRequest,
    StaffMessage,
    RevisionRequest,
    ConditionDecision,
    PaymentRecorded,
    DueTomorrow,
    InspectionTomorrow,
    CredentialExpiring,
    /// Any other change staff make to the user's order (cancelled, on hold, reassigned...).
    OrderUpdate,
    /// A lender's order was given to an appraiser.
    AppraiserAssigned,
    /// The inspection of a lender's order was scheduled or moved.
    InspectionScheduled,
    /// A lender's report is ready on the order's page.
    ReportDelivered,
    /// Monday's summary of the past week (insights); sent only to those who ask for it.
    WeeklySummary,
}

impl Event {
    /// An appraiser's events first, then the weekly summary, then a lender's own.
    pub const ALL: [Event; 14] = [
        Event::NewAssignment,
        Event::QuoteRequest,
        Event::StaffMessage,
        Event::RevisionRequest,
        Event::ConditionDecision,
        Event::PaymentRecorded,
        Event::DueTomorrow,
        Event::InspectionTomorrow,
        Event::CredentialExpiring,
        Event::OrderUpdate,
        Event::WeeklySummary,
        Event::AppraiserAssigned,
        Event::InspectionScheduled,
        Event::ReportDelivered,
    ];

    /// What a lender's user hears of: their orders' progress, staff's messages and the week.
    const FOR_CLIENTS: [Event; 6] = [
        Event::AppraiserAssigned,
        Event::InspectionScheduled,
        Event::ReportDelivered,
        Event::StaffMessage,
        Event::OrderUpdate,
        Event::WeeklySummary,
    ];

    /// The events a user of `user_type` can be told about (the choices their profile offers):
    /// an appraiser's own; the company's staff those and the weekly summary.
    pub fn offered_to(user_type: UserType) -> &'static [Event] {
        match user_type {
            UserType::Client => &Event::FOR_CLIENTS,
            UserType::Staff | UserType::Secret => &Event::ALL[..11],
            _ => &Event::ALL[..10],
        }
    }

    /// How a user hears of the event until they choose: by e-mail, except the weekly summary,
    /// which they ask for.
    pub fn default_delivery(self) -> Delivery {
        match self {
            Event::WeeklySummary => Delivery::None,
            _ => Delivery::Email,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Event::NewAssignment => "New assignment",
            Event::QuoteRequest => "Quote request",
            Event::StaffMessage => "Message from staff",
            Event::RevisionRequest => "Revision request",
            Event::ConditionDecision => "Decision on your conditions",
            Event::PaymentRecorded => "Payment recorded",
            Event::DueTomorrow => "Report due tomorrow",
            Event::InspectionTomorrow => "Inspection tomorrow",
            Event::CredentialExpiring => "Licence or E&O expiring",
            Event::OrderUpdate => "Other order updates",
            Event::AppraiserAssigned => "Appraiser assigned",
            Event::InspectionScheduled => "Inspection scheduled",
            Event::ReportDelivered => "Report delivered",
            Event::WeeklySummary => "Weekly summary (Mondays)",
        }
    }

    /// The key it is stored and sent under (`newAssignment`).
    pub fn key(self) -> &'static str {
        match self {
            Event::NewAssignment => "newAssignment",
            Event::QuoteRequest => "quoteRequest",
            Event::StaffMessage => "staffMessage",
            Event::RevisionRequest => "revisionRequest",
            Event::ConditionDecision => "conditionDecision",
            Event::PaymentRecorded => "paymentRecorded",
            Event::DueTomorrow => "dueTomorrow",
            Event::InspectionTomorrow => "inspectionTomorrow",
            Event::CredentialExpiring => "credentialExpiring",
            Event::OrderUpdate => "orderUpdate",
            Event::AppraiserAssigned => "appraiserAssigned",
            Event::InspectionScheduled => "inspectionScheduled",
            Event::ReportDelivered => "reportDelivered",
            Event::WeeklySummary => "weeklySummary",
        }
    }

    pub fn from_key(key: &str) -> Option<Event> {
        Event::ALL.into_iter().find(|e| e.key() == key)
    }
}

/// How a user wants to hear of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Delivery {
    #[default]
    Email,
    Sms,
    Both,
    None,
}

impl Delivery {
    pub fn by_email(self) -> bool {
        matches!(self, Delivery::Email | Delivery::Both)
    }

    pub fn by_sms(self) -> bool {
        matches!(self, Delivery::Sms | Delivery::Both)
    }
}

/// One notification: the subject, the lines of its text, and the page it is about.
#[derive(Clone)]
pub struct Notice {
    pub event: Event,
    pub subject: String,
    pub lines: Vec<String>,
    /// A path of the web app (`/appraiser/orderdetails/7`), linked in full from the e-mail.
    pub link: String,
}

/// Tells `user` of an event as they chose: an e-mail (now, or in their next digest) with a link
/// to the page and an unsubscribe link for that event, and/or an SMS to their cell phone. Call
/// it inside the transaction of the event.
pub async fn notify(
    db: &impl ConnectionTrait,
    config: &Config,
    user: &security_user::Model,
    notice: Notice,
) -> AppResult<()> {
    let prefs = preferences::load_or_create(db, user.id).await?;
    let delivery = prefs.delivery(notice.event);
    let open = format!("Open it: {}", config.link(&notice.link));
    if delivery.by_sms()
        && let Some(cell) = user.cell_phone.as_deref().map(str::trim).filter(|c| !c.is_empty())
    {
        let text = format!("{} {open}", notice.subject);
        let message = Outgoing {
            channel: Channel::Sms,
            recipient: cell.to_string(),
            subject: notice.subject.clone(),
            text,
            html: None,
        };
        delivery::enqueue(db, message).await?;
    }
    if !delivery.by_email() {
        return Ok(());
    }
    let mut lines = notice.lines;
    lines.push(open);
    if prefs.digest_hour.is_some() {
        return wait_for_digest(db, user.id, notice.event, notice.subject, lines).await;
    }
    lines.extend([String::new(), unsubscribe_line(config, &prefs, notice.event)]);
    delivery::email(db, &user.email, notice.subject, lines).await?;
    Ok(())
}

/// The unsubscribe line of an e-mail about `event`.
pub fn unsubscribe_line(config: &Config, prefs: &Preferences, event: Event) -> String {
    let path = format!("/unsubscribe?token={}&event={}", prefs.unsubscribe_token, event.key());
    format!("Stop these e-mails ({}): {}", event.label(), config.link(&path))
}

async fn wait_for_digest(
    db: &impl ConnectionTrait,
    user_id: i32,
    event: Event,
    subject: String,
    lines: Vec<String>,
) -> AppResult<()> {
    digest_item::ActiveModel {
        id: NotSet,
        user_id: Set(user_id),
        event: Set(event.key().to_string()),
        subject: Set(subject),
        body_text: Set(lines.join("\n")),
        created_at: Set(Utc::now()),
        outbox_id: Set(None),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Records that the reminder `(kind, subject_id)` of `today` is being sent; false when it was
/// already (by this copy or another).
pub async fn claim_reminder(
    txn: &sea_orm::DatabaseTransaction,
    (kind, subject_id): (&str, i64),
    today: NaiveDate,
) -> AppResult<bool> {
    let claimed = sent_reminder::Entity::insert(sent_reminder::ActiveModel {
        kind: Set(kind.to_string()),
        subject_id: Set(subject_id),
        for_day: Set(today),
        sent_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::columns([
            sent_reminder::Column::Kind,
            sent_reminder::Column::SubjectId,
            sent_reminder::Column::ForDay,
        ])
        .do_nothing()
        .to_owned(),
    )
    .exec_without_returning(txn)
    .await?;
    Ok(claimed == 1)
}
