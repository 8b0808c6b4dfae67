//! The front door of an order's life: an order is born in `create` (and moves in `apply::write`);
//! what happened comes back as `OrderEvent`s, which `react` hands to every reactor the top installs
//! once (`crate::reactions`), inside the same transaction: a reactor that fails rolls the whole
//! change back, so no path can create an order without its reactions.
use std::sync::OnceLock;

use chrono::{NaiveDate, Utc};
use futures_util::future::BoxFuture;
use portal_db::entities::{client_order, order, order_contact, order_detail};
use sea_orm::{ActiveModelTrait, DatabaseTransaction, NotSet, Set};

use super::client_events::Source;
use super::lifecycle::OrderAction;
use super::placing::{Property, insert_order, place, write_history};
use super::status::OrderStatus;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::config::Config;
use crate::platform::delivery;
use crate::platform::geocoder::Position;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::live;

/// The appraiser a new order is given at birth (a quote's award).
#[derive(Debug, Clone, Copy)]
pub struct Assignee {
    pub appraiser_id: i32,
    pub company_id: Option<i32>,
}

/// A new order as every intake path parses it: the staff order form, the client portal, the
/// public API and a quote's award. The property was checked once (`placing::check_property`).
pub struct NewOrder {
    pub client_id: Option<i32>,
    pub source: Source,
    pub property: Property,
    pub position: Option<Position>,
    pub loan_number: Option<String>,
    pub borrower_name: String,
    /// None: the order waits unassigned ("default").
    pub appraiser: Option<Assignee>,
    pub appraiser_due: Option<NaiveDate>,
    pub inspection_due: Option<NaiveDate>,
    pub is_desktop: bool,
    /// The detail row's fields this path sets (`details::empty_detail`'s otherwise).
    pub detail: order_detail::ActiveModel,
    pub contacts: Vec<order_contact::ActiveModel>,
    /// The client's own row of an order it placed (its source, who, the requested date).
    pub client_row: Option<client_order::ActiveModel>,
    /// Who placed it (None: an API key) and how the history and the orders team say so
    /// ("Jane Doe of First Prairie Bank through the client portal").
    pub actor: Option<i32>,
    pub placed_by: String,
    /// The history line of the order's birth.
    pub history: String,
    /// The caller's address, for the audit row.
    pub ip: Option<String>,
}

/// What happened to an order, as the reactors hear it.
#[derive(Debug, Clone)]
pub enum OrderEvent {
    /// A new order, whichever door it came in by.
    Created { order: order::Model, source: Source, actor: Option<i32>, placed_by: String },
    /// An action moved the order (`from` may equal `to`); `order` is as it was before the move.
    Moved { order: order::Model, from: OrderStatus, to: OrderStatus, action: OrderAction },
    /// A step of a reconsideration of value of the order's report (`case_id`); `outcome` once
    /// resolved.
    Reconsideration { order: order::Model, case_id: i64, step: RovStep, outcome: Option<String> },
}

/// The steps of a reconsideration of value the order's people hear of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RovStep {
    Requested,
    Sent,
    Answered,
    Resolved,
}

impl OrderEvent {
    pub fn order(&self) -> &order::Model {
        match self {
            OrderEvent::Created { order, .. }
            | OrderEvent::Moved { order, .. }
            | OrderEvent::Reconsideration { order, .. } => order,
        }
    }
}

/// What a reactor works with: the change's transaction and the configuration.
pub struct Reaction<'a> {
    pub txn: &'a DatabaseTransaction,
    pub config: &'a Config,
}

/// A feature's answer to an order event, inside the change's transaction.
pub type Reactor = for<'a> fn(&'a Reaction<'a>, &'a OrderEvent) -> BoxFuture<'a, AppResult<()>>;

static REACTORS: OnceLock<&'static [Reactor]> = OnceLock::new();

/// Wires the reactors (once per process; later calls keep the first list).
pub fn install(reactors: &'static [Reactor]) {
    REACTORS.get_or_init(|| reactors);
}

/// Hands every event to every reactor, in order.
pub async fn react(
    txn: &DatabaseTransaction,
    config: &Config,
    events: &[OrderEvent],
) -> AppResult<()> {
    let reactors = REACTORS
        .get()
        .ok_or_else(|| AppError::Internal("the order reactors were not installed".into()))?;
    let cx = Reaction { txn, config };
    for event in events {
        for reactor in reactors.iter() {
            reactor(&cx, event).await?;
        }
    }
    Ok(())
}

/// Writes a new order (the order, its detail, contacts, history and audit row) and runs every
/// reaction to it. Returns the order.
pub async fn create(
    txn: &DatabaseTransaction,
    config: &Config,
    new: NewOrder,
) -> AppResult<order::Model> {
    let now = Utc::now();
    let status = if new.appraiser.is_some() { OrderStatus::Assigned } else { OrderStatus::Default };
    let p = new.property;
    let created = insert_order(
        txn,
        order::ActiveModel {
            id: NotSet,
            file_number: NotSet,
            loan_number: Set(new.loan_number),
            borrower_name: Set(new.borrower_name),
            property_address_line1: Set(p.line1),
            property_city: Set(p.city),
            property_state_code: Set(p.state_code),
            property_zip: Set(p.zip),
            property_county: Set((!p.county.is_empty()).then_some(p.county)),
            client_id: Set(new.client_id),
            status_id: Set(status),
            assigned_appraiser_id: Set(new.appraiser.map(|a| a.appraiser_id)),
            assigned_company_id: Set(new.appraiser.and_then(|a| a.company_id)),
            created_at: Set(now),
            assignment_actual_date: Set(new.appraiser.map(|_| now)),
            accepted_at: Set(None),
            inspection_actual_date: Set(None),
            inspection_due_date: Set(new.inspection_due),
            appraiser_due_date: Set(new.appraiser_due),
            is_desktop: Set(new.is_desktop),
            appraiser_unread_messages: Set(0),
        },
    )
    .await?;
    let mut detail = new.detail;
    detail.order_id = Set(created.id);
    place(&mut detail, new.position);
    detail.insert(txn).await?;
    for contact in new.contacts {
        order_contact::ActiveModel { id: NotSet, order_id: Set(created.id), ..contact }
            .insert(txn)
            .await?;
    }
    if let Some(row) = new.client_row {
        client_order::ActiveModel { order_id: Set(created.id), ..row }.insert(txn).await?;
    }
    write_history(txn, new.actor, created.id, status, new.history).await?;
    let entry = AuditEntry {
        action: audit_action(new.source),
        actor: new.actor,
        subject: new.actor,
        detail: Some(format!("order {} ({})", created.id, created.file_number)),
        ip: new.ip.as_deref(),
    };
    audit::record(txn, entry).await?;
    let event = OrderEvent::Created {
        order: created.clone(),
        source: new.source,
        actor: new.actor,
        placed_by: new.placed_by,
    };
    react(txn, config, &[event]).await?;
    Ok(created)
}

fn audit_action(source: Source) -> &'static str {
    match source {
        Source::Staff => "staff.order_created",
        Source::ClientPortal | Source::Api => "client.order_placed",
    }
}

/// Those who see a new order, or a step of its reconsideration, hear of it (the live stream;
/// `apply::write` announces a move with the appraisers it concerns).
pub fn announce<'a>(cx: &'a Reaction<'a>, event: &'a OrderEvent) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        match event {
            OrderEvent::Created { order, .. } | OrderEvent::Reconsideration { order, .. } => {
                live::record(cx.txn, live::order_changed(order)).await
            }
            OrderEvent::Moved { .. } => Ok(()),
        }
    })
}

/// The orders team hears of every new order, with where it came from.
pub fn tell_orders_team<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        let OrderEvent::Created { order: o, source, placed_by, .. } = event else {
            return Ok(());
        };
        let client = match o.client_id {
            Some(id) => crate::kernel::clients::existing_client(cx.txn, id).await?.company_name,
            None => "no client".into(),
        };
        let waits = if o.assigned_appraiser_id.is_some() {
            "It is assigned to the appraiser the quote was awarded to."
        } else {
            "It waits on the desk for an appraiser."
        };
        let lines = vec![
            format!(
                "Order {} ({}) was placed by {placed_by}.",
                o.file_number,
                o.property_address()
            ),
            waits.into(),
            String::new(),
            format!("Open the order: {}", cx.config.staff_order_link(o.id)),
        ];
        let subject = format!(
            "New order {} from {client} ({})",
            o.file_number,
            Source::label_of(source.name())
        );
        delivery::email(cx.txn, &cx.config.orders_team_email, subject, lines).await.map(drop)
    })
}
