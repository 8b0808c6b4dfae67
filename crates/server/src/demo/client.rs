//! The demo client: demo.client is a user of the first lender, which owns the demo orders (one or
//! more in each state), a few of them placed in the client portal and the delivered ones delivered.
use portal_db::entities::{client, client_user};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryOrder, Set,
};

use crate::kernel::orders::status::OrderStatus;
use crate::kernel::users::accounts;
use crate::platform::http::error::AppResult;

/// The demo plan's orders have these file numbers (see `orders::seed_demo_orders`).
const DEMO_FILES: (&str, &str) = ("26000001", "26000099");

pub async fn seed(db: &DatabaseConnection) -> AppResult<()> {
    let Some(user) = accounts::find(db, "demo.client").await? else { return Ok(()) };
    if client_user::Entity::find_by_id(user.id).one(db).await?.is_some() {
        return Ok(());
    }
    let Some(lender) = client::Entity::find().order_by_asc(client::Column::Id).one(db).await?
    else {
        return Ok(());
    };
    let txn = portal_db::begin_write(db).await?;
    client_user::ActiveModel { user_id: Set(user.id), client_id: Set(lender.id) }
        .insert(&txn)
        .await?;
    let (first, last) = DEMO_FILES;
    let demo_orders =
        format!("SELECT id FROM orders WHERE file_number BETWEEN '{first}' AND '{last}'");
    for sql in [
        format!("UPDATE orders SET client_id = {} WHERE id IN ({demo_orders})", lender.id),
        format!(
            "UPDATE client_orders SET client_id = {} WHERE order_id IN ({demo_orders})",
            lender.id
        ),
        format!(
            "UPDATE client_orders SET source = 'client_portal', placed_by_user_id = {} \
             WHERE order_id IN (SELECT id FROM orders WHERE status_id = {} \
             AND id IN ({demo_orders}))",
            user.id,
            OrderStatus::Default.id()
        ),
        format!(
            "UPDATE client_orders SET delivered_at = updated_at \
             WHERE order_id IN (SELECT id FROM orders WHERE status_id = {} \
             AND id IN ({demo_orders}))",
            OrderStatus::DeliveredToClient.id()
        ),
    ] {
        txn.execute_unprepared(&sql).await?;
    }
    txn.commit().await?;
    Ok(())
}
