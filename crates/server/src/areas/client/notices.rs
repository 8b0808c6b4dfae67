//! What a client hears of by e-mail as its orders move: the delivered report.
use futures_util::future::BoxFuture;
use portal_db::entities::{client, order};
use sea_orm::{ConnectionTrait, EntityTrait};

use crate::kernel::orders::life::{OrderEvent, Reaction};
use crate::kernel::orders::status::OrderStatus;
use crate::platform::config::Config;
use crate::platform::http::error::AppResult;

/// A delivered order's client is told at once.
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move {
        match event {
            OrderEvent::Moved { order, to: OrderStatus::DeliveredToClient, .. } => {
                tell_client_delivered(cx.txn, cx.config, order).await
            }
            _ => Ok(()),
        }
    })
}

/// E-mails the order's client (its main contact) that the report is on the client's order page.
async fn tell_client_delivered(
    db: &impl ConnectionTrait,
    config: &Config,
    o: &order::Model,
) -> AppResult<()> {
    let Some(client_id) = o.client_id else { return Ok(()) };
    let contact =
        client::Entity::find_by_id(client_id).one(db).await?.and_then(|c| c.main_contact_email);
    let Some(email) = contact else { return Ok(()) };
    let link = config.client_order_link(o.id);
    let lines = vec![
        format!(
            "The appraisal of {} (order {}) was delivered.",
            o.property_address(),
            o.file_number
        ),
        format!("The report and its data file are on the order's page: {link}"),
    ];
    let subject = format!("Order {} delivered", o.file_number);
    crate::platform::delivery::email(db, &email, subject, lines).await?;
    Ok(())
}
