//! Orders the borrower pays for: whether an order is one, and the rule that holds it (no
//! assignment, no offer) until the borrower's payment is in (`features::billing` takes it).
use portal_db::entities::{borrower_payment, client, order, order_detail, report_type};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};

pub const PAID: &str = "paid";

pub const MSG_NOT_PAID: &str =
    "The borrower has not paid for this order yet: it can be assigned once the payment is in.";

/// Whether the borrower pays for the order (its client or one of its products says so, and
/// borrowers can pay: a card provider is configured).
pub async fn required(
    db: &impl ConnectionTrait,
    config: &Config,
    o: &order::Model,
) -> AppResult<bool> {
    if !config.card_payments() {
        return Ok(false);
    }
    if let Some(client_id) = o.client_id
        && client::Entity::find_by_id(client_id).one(db).await?.is_some_and(|c| c.borrower_pays)
    {
        return Ok(true);
    }
    let Some(detail) = order_detail::Entity::find_by_id(o.id).one(db).await? else {
        return Ok(false);
    };
    let products = report_type::Entity::find()
        .filter(report_type::Column::Id.is_in(detail.products()))
        .all(db)
        .await?;
    Ok(products.iter().any(|p| p.borrower_pays))
}

pub async fn paid(db: &impl ConnectionTrait, order_id: i64) -> AppResult<bool> {
    Ok(borrower_payment::Entity::find()
        .filter(borrower_payment::Column::OrderId.eq(order_id))
        .filter(borrower_payment::Column::Status.eq(PAID))
        .one(db)
        .await?
        .is_some())
}

/// Refuses (409) to go on with an order the borrower must pay for and has not.
pub async fn ensure_paid(
    db: &impl ConnectionTrait,
    config: &Config,
    o: &order::Model,
) -> AppResult<()> {
    if required(db, config, o).await? && !paid(db, o.id).await? {
        return Err(AppError::Conflict(MSG_NOT_PAID.into()));
    }
    Ok(())
}
