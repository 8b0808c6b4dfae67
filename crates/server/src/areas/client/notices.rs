//! What a lender's people hear of as their orders move: each active user of the order's client as
//! they chose on their profile (assigned, inspection scheduled, delivered, other changes, staff's
//! messages), and the client's main contact of the delivered report. The delivery e-mails carry a
//! download link per delivered file, for those without a portal login.
use futures_util::future::BoxFuture;
use portal_db::entities::{client, client_user, order, security_user};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::features::reports::links;
use crate::kernel::orders::client_events::EventType;
use crate::kernel::orders::life::{OrderEvent, Reaction, RovStep};
use crate::platform::config::Config;
use crate::platform::http::error::AppResult;
use crate::platform::notifications::{self, Event, Notice};

/// The order's client's people are told of the moves they hear of.
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        if let OrderEvent::Reconsideration { order, step, outcome, .. } = event {
            return match rov_notice(order, *step, outcome.as_deref()) {
                Some(notice) => tell_users(cx.txn, cx.config, order, &notice).await.map(drop),
                None => Ok(()),
            };
        }
        let OrderEvent::Moved { order, from, to, .. } = event else { return Ok(()) };
        let Some(mut notice) = EventType::of_move(*from, *to).and_then(|e| notice_of(order, e))
        else {
            return Ok(());
        };
        if notice.event != Event::ReportDelivered {
            return tell_users(cx.txn, cx.config, order, &notice).await.map(|_| ());
        }
        let downloads = links::delivery_lines(cx.txn, cx.config, order.id).await?;
        notice.lines.extend(downloads.iter().cloned());
        let users = tell_users(cx.txn, cx.config, order, &notice).await?;
        tell_main_contact(cx.txn, cx.config, order, &users, downloads).await
    })
}

/// What a client event says to the lender's people, for the events they can choose to hear of.
fn notice_of(o: &order::Model, event: EventType) -> Option<Notice> {
    let (event, what) = match event {
        EventType::OrderAssigned => (Event::AppraiserAssigned, "was given to an appraiser"),
        EventType::OrderInspectionScheduled => {
            (Event::InspectionScheduled, "has its inspection scheduled")
        }
        EventType::OrderDelivered => {
            (Event::ReportDelivered, "was delivered: the report is on its page")
        }
        EventType::OrderCancelled => (Event::OrderUpdate, "was cancelled"),
        EventType::OrderOnHold => (Event::OrderUpdate, "was put on hold"),
        EventType::OrderResumed => (Event::OrderUpdate, "is under way again"),
        _ => return None,
    };
    Some(Notice {
        event,
        subject: format!("Order {} {}", o.file_number, subject_word(event)),
        lines: vec![format!("Order {} ({}) {what}.", o.file_number, o.property_address())],
        link: format!("/client/orders/{}", o.id),
    })
}

/// The lender's people hear that a reconsideration of value was asked for and how it ended.
fn rov_notice(o: &order::Model, step: RovStep, outcome: Option<&str>) -> Option<Notice> {
    let what = match step {
        RovStep::Requested => "has a new request for reconsideration of value".to_string(),
        RovStep::Resolved => format!(
            "had its reconsideration of value resolved: {}",
            outcome.unwrap_or_default().replace('_', " ")
        ),
        RovStep::Sent | RovStep::Answered => return None,
    };
    Some(Notice {
        event: Event::OrderUpdate,
        subject: format!("Order {}: reconsideration of value", o.file_number),
        lines: vec![format!("Order {} ({}) {what}.", o.file_number, o.property_address())],
        link: format!("/client/orders/{}", o.id),
    })
}

fn subject_word(event: Event) -> &'static str {
    match event {
        Event::AppraiserAssigned => "assigned",
        Event::InspectionScheduled => "inspection scheduled",
        Event::ReportDelivered => "delivered",
        _ => "updated",
    }
}

/// Tells every active user of the order's client of `notice` as each chose; returns them.
pub async fn tell_users(
    db: &impl ConnectionTrait,
    config: &Config,
    o: &order::Model,
    notice: &Notice,
) -> AppResult<Vec<security_user::Model>> {
    let Some(client_id) = o.client_id else { return Ok(Vec::new()) };
    let ids: Vec<i32> = client_user::Entity::find()
        .select_only()
        .column(client_user::Column::UserId)
        .filter(client_user::Column::ClientId.eq(client_id))
        .into_tuple()
        .all(db)
        .await?;
    let users = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(ids))
        .filter(security_user::Column::Active.eq(true))
        .all(db)
        .await?;
    for user in &users {
        notifications::notify(db, config, user, notice.clone()).await?;
    }
    Ok(users)
}

/// E-mails the client's main contact that the report is on the order's page, unless that address
/// is one of the client's users (who heard as they chose).
async fn tell_main_contact(
    db: &impl ConnectionTrait,
    config: &Config,
    o: &order::Model,
    users: &[security_user::Model],
    downloads: Vec<String>,
) -> AppResult<()> {
    let Some(client_id) = o.client_id else { return Ok(()) };
    let contact =
        client::Entity::find_by_id(client_id).one(db).await?.and_then(|c| c.main_contact_email);
    let Some(email) = contact else { return Ok(()) };
    if users.iter().any(|u| u.email.trim().eq_ignore_ascii_case(email.trim())) {
        return Ok(());
    }
    let link = config.client_order_link(o.id);
    let mut lines = vec![
        format!(
            "The appraisal of {} (order {}) was delivered.",
            o.property_address(),
            o.file_number
        ),
        format!("The report and its data file are on the order's page: {link}"),
    ];
    lines.extend(downloads);
    let subject = format!("Order {} delivered", o.file_number);
    crate::platform::delivery::email(db, &email, subject, lines).await?;
    Ok(())
}
