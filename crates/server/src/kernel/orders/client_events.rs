//! The client's event log: what happened to the client's orders, each written in the transaction
//! of the change (so a change that rolls back is never announced). `/api/v1/events` replays it and
//! webhooks deliver it; the data of an event carries only what the client may see.
use chrono::{DateTime, Utc};
use portal_db::entities::{client_event, client_order, order, webhook_delivery, webhook_endpoint};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, Set,
};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use futures_util::future::BoxFuture;

use crate::kernel::orders::life::{OrderEvent, Reaction, RovStep};
use crate::kernel::orders::status::OrderStatus;
use crate::platform::http::error::AppResult;

/// Where an order came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Staff,
    ClientPortal,
    Api,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Staff => "staff",
            Source::ClientPortal => "client_portal",
            Source::Api => "api",
        }
    }

    /// As the staff desk shows it.
    pub fn label_of(name: &str) -> &'static str {
        match name {
            "client_portal" => "Client portal",
            "api" => "API",
            _ => "Staff",
        }
    }
}

/// The kinds of event a client hears of (webhook event types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub enum EventType {
    #[serde(rename = "order.created")]
    OrderCreated,
    #[serde(rename = "order.assigned")]
    OrderAssigned,
    #[serde(rename = "order.accepted")]
    OrderAccepted,
    #[serde(rename = "order.inspection_scheduled")]
    OrderInspectionScheduled,
    #[serde(rename = "order.inspected")]
    OrderInspected,
    #[serde(rename = "order.report_uploaded")]
    OrderReportUploaded,
    #[serde(rename = "order.revision_requested")]
    OrderRevisionRequested,
    #[serde(rename = "order.completed")]
    OrderCompleted,
    #[serde(rename = "order.delivered")]
    OrderDelivered,
    #[serde(rename = "order.cancelled")]
    OrderCancelled,
    #[serde(rename = "order.on_hold")]
    OrderOnHold,
    #[serde(rename = "order.resumed")]
    OrderResumed,
    #[serde(rename = "message.created")]
    MessageCreated,
    #[serde(rename = "rov.requested")]
    RovRequested,
    #[serde(rename = "rov.sent")]
    RovSent,
    #[serde(rename = "rov.answered")]
    RovAnswered,
    #[serde(rename = "rov.resolved")]
    RovResolved,
}

impl EventType {
    pub const ALL: [EventType; 17] = [
        EventType::OrderCreated,
        EventType::OrderAssigned,
        EventType::OrderAccepted,
        EventType::OrderInspectionScheduled,
        EventType::OrderInspected,
        EventType::OrderReportUploaded,
        EventType::OrderRevisionRequested,
        EventType::OrderCompleted,
        EventType::OrderDelivered,
        EventType::OrderCancelled,
        EventType::OrderOnHold,
        EventType::OrderResumed,
        EventType::MessageCreated,
        EventType::RovRequested,
        EventType::RovSent,
        EventType::RovAnswered,
        EventType::RovResolved,
    ];

    pub fn name(self) -> &'static str {
        match self {
            EventType::OrderCreated => "order.created",
            EventType::OrderAssigned => "order.assigned",
            EventType::OrderAccepted => "order.accepted",
            EventType::OrderInspectionScheduled => "order.inspection_scheduled",
            EventType::OrderInspected => "order.inspected",
            EventType::OrderReportUploaded => "order.report_uploaded",
            EventType::OrderRevisionRequested => "order.revision_requested",
            EventType::OrderCompleted => "order.completed",
            EventType::OrderDelivered => "order.delivered",
            EventType::OrderCancelled => "order.cancelled",
            EventType::OrderOnHold => "order.on_hold",
            EventType::OrderResumed => "order.resumed",
            EventType::MessageCreated => "message.created",
            EventType::RovRequested => "rov.requested",
            EventType::RovSent => "rov.sent",
            EventType::RovAnswered => "rov.answered",
            EventType::RovResolved => "rov.resolved",
        }
    }

    pub fn from_name(name: &str) -> Option<EventType> {
        EventType::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The event of a reconsideration's step.
    pub fn of_rov(step: RovStep) -> EventType {
        match step {
            RovStep::Requested => EventType::RovRequested,
            RovStep::Sent => EventType::RovSent,
            RovStep::Answered => EventType::RovAnswered,
            RovStep::Resolved => EventType::RovResolved,
        }
    }

    /// The event a status change is for the client, if it is one they hear of.
    pub fn of_move(from: OrderStatus, to: OrderStatus) -> Option<EventType> {
        use OrderStatus::*;
        Some(match to {
            _ if from == OnHold && to != OnHold && to != Cancelled => EventType::OrderResumed,
            Assigned => EventType::OrderAssigned,
            Accepted => EventType::OrderAccepted,
            Scheduled | Rescheduled => EventType::OrderInspectionScheduled,
            Inspected => EventType::OrderInspected,
            InReview | RevisionRequestedResponse => EventType::OrderReportUploaded,
            RevisionRequested | LenderRevisionRequest => EventType::OrderRevisionRequested,
            Completed | Reviewed => EventType::OrderCompleted,
            DeliveredToClient => EventType::OrderDelivered,
            Cancelled => EventType::OrderCancelled,
            OnHold => EventType::OrderOnHold,
            _ => return None,
        })
    }
}

/// What an order event says: the order, its file number and its status now.
pub fn order_data(o: &order::Model, status: OrderStatus) -> Value {
    json!({
        "orderId": o.id,
        "fileNumber": o.file_number,
        "status": status.label(),
        "statusId": status.id(),
    })
}

/// Writes an event of the order's client (none for an order without one) and marks the order as
/// changed for that client.
pub async fn record(
    db: &impl ConnectionTrait,
    o: &order::Model,
    event: EventType,
    data: Value,
) -> AppResult<()> {
    let Some(client_id) = o.client_id else { return Ok(()) };
    let now = Utc::now();
    touch(db, o.id, client_id, now, event == EventType::OrderDelivered).await?;
    let saved = client_event::ActiveModel {
        id: NotSet,
        client_id: Set(client_id),
        order_id: Set(Some(o.id)),
        event_type: Set(event.name().into()),
        payload: Set(data.to_string()),
        created_at: Set(now),
    }
    .insert(db)
    .await?;
    fan_out(db, &saved).await
}

/// One delivery of the event to each of the client's live endpoints that wants its type, due now
/// (the outbox of webhooks: written with the event, sent by whichever copy claims it).
async fn fan_out(db: &impl ConnectionTrait, event: &client_event::Model) -> AppResult<()> {
    let endpoints = webhook_endpoint::Entity::find()
        .filter(webhook_endpoint::Column::ClientId.eq(event.client_id))
        .filter(webhook_endpoint::Column::DisabledAt.is_null())
        .all(db)
        .await?;
    let wanted = endpoints.iter().filter(|e| wants(&e.event_types, &event.event_type));
    let rows: Vec<webhook_delivery::ActiveModel> = wanted
        .map(|e| webhook_delivery::ActiveModel {
            id: NotSet,
            endpoint_id: Set(e.id),
            event_id: Set(event.id),
            attempts: Set(0),
            next_attempt_at: Set(Some(event.created_at)),
            locked_until: Set(None),
            delivered_at: Set(None),
            given_up_at: Set(None),
        })
        .collect();
    if !rows.is_empty() {
        webhook_delivery::Entity::insert_many(rows).exec_without_returning(db).await?;
    }
    Ok(())
}

/// Whether an endpoint's comma-separated event types (empty: all) take `event_type`.
pub fn wants(event_types: &str, event_type: &str) -> bool {
    event_types.trim().is_empty() || event_types.split(',').any(|t| t.trim() == event_type)
}

/// A status change, as its client hears of it (nothing for a change they do not hear of).
pub async fn order_moved(
    db: &impl ConnectionTrait,
    o: &order::Model,
    from: OrderStatus,
    to: OrderStatus,
) -> AppResult<()> {
    match EventType::of_move(from, to) {
        Some(event) => record(db, o, event, order_data(o, to)).await,
        None => touch_order(db, o.id, o.client_id).await,
    }
}

/// Marks the order as changed for its client (`client_id`, none for an order without one) without
/// an event: e.g. staff corrected the address.
pub async fn touch_order(
    db: &impl ConnectionTrait,
    order_id: i64,
    client_id: Option<i32>,
) -> AppResult<()> {
    match client_id {
        Some(client_id) => touch(db, order_id, client_id, Utc::now(), false).await,
        None => Ok(()),
    }
}

/// Sets the client's "last changed" time of the order (and when it was delivered), making the
/// client's row of an order placed by staff the first time.
async fn touch(
    db: &impl ConnectionTrait,
    order_id: i64,
    client_id: i32,
    now: DateTime<Utc>,
    delivered: bool,
) -> AppResult<()> {
    let mut update = client_order::Entity::update_many()
        .col_expr(client_order::Column::UpdatedAt, Expr::value(now))
        .col_expr(client_order::Column::ClientId, Expr::value(client_id));
    if delivered {
        update = update.col_expr(client_order::Column::DeliveredAt, Expr::value(now));
    }
    let changed = update.filter(client_order::Column::OrderId.eq(order_id)).exec(db).await?;
    if changed.rows_affected == 0 {
        client_order::ActiveModel {
            order_id: Set(order_id),
            client_id: Set(client_id),
            source: Set(Source::Staff.name().into()),
            placed_by_user_id: Set(None),
            requested_due_date: Set(None),
            cancel_reason: Set(None),
            cancel_requested_at: Set(None),
            updated_at: Set(now),
            delivered_at: Set(delivered.then_some(now)),
            branch_id: Set(None),
            loan_officer_id: Set(None),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The client's log (and so its webhooks) hears of every new order (`order.created`), of the
/// moves a client is told of (`EventType::of_move`) and of each step of a reconsideration of value.
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        match event {
            OrderEvent::Created { order: o, .. } => {
                record(cx.txn, o, EventType::OrderCreated, order_data(o, o.status_id)).await
            }
            OrderEvent::Moved { order, from, to, .. } => {
                order_moved(cx.txn, order, *from, *to).await
            }
            OrderEvent::Reconsideration { order: o, case_id, step, outcome } => {
                let mut data = order_data(o, o.status_id);
                data["reconsiderationId"] = json!(case_id);
                data["outcome"] = json!(outcome);
                record(cx.txn, o, EventType::of_rov(*step), data).await
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    #[test]
    fn event_names_round_trip() {
        for t in EventType::ALL {
            assert_eq!(EventType::from_name(t.name()), Some(t));
            assert_eq!(serde_json::to_value(t).unwrap(), t.name());
        }
        assert_eq!(EventType::from_name("order.unknown"), None);
    }

    #[test]
    fn moves_the_client_hears_of() {
        assert_eq!(EventType::of_move(Default, Assigned), Some(EventType::OrderAssigned));
        assert_eq!(EventType::of_move(Assigned, Accepted), Some(EventType::OrderAccepted));
        assert_eq!(EventType::of_move(Accepted, OnHold), Some(EventType::OrderOnHold));
        assert_eq!(EventType::of_move(OnHold, Accepted), Some(EventType::OrderResumed));
        assert_eq!(EventType::of_move(OnHold, Cancelled), Some(EventType::OrderCancelled));
        assert_eq!(EventType::of_move(Accepted, InProgress), None);
        assert_eq!(
            EventType::of_move(Completed, DeliveredToClient),
            Some(EventType::OrderDelivered)
        );
    }
}
