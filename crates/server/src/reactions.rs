//! What happens when an order is born or moves, in one list read top to bottom: each reactor hears
//! every order event inside the transaction of the change (`kernel::orders::life`), whichever door
//! the order came in by, and a reactor's error rolls the change back.
use crate::areas::client::notices;
use crate::features::assignment::offers;
use crate::features::billing::{borrower_payments, invoices};
use crate::features::insights::facts;
use crate::features::scheduling;
use crate::kernel::orders::client_events;
use crate::kernel::orders::life::{self, Reactor, announce, tell_orders_team};

pub const REACTORS: [Reactor; 9] = [
    // The client's event log and its webhook deliveries.
    client_events::on_order_event,
    // The live stream of those who see the order.
    announce,
    // The orders team's mailbox.
    tell_orders_team,
    // The borrower's payment link.
    borrower_payments::on_order_event,
    // Automatic offers to appraisers, closed when the order is cancelled or held.
    offers::on_order_event,
    // The client's invoice, issued at delivery.
    invoices::on_order_event,
    // The client's e-mail at delivery.
    notices::on_order_event,
    // Scheduling links end when the inspection is set, the order reassigned or closed.
    scheduling::on_order_event,
    // The order's figures for the insights, last so that they see every other reaction.
    facts::on_order_event,
];

/// Wires the reactors; every server and command calls it before it changes an order.
pub fn install() {
    life::install(&REACTORS);
}
