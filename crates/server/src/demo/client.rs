//! The demo client: demo.client is the administrator of the first lender, which owns the demo
//! orders (one or more in each state), a few of them placed in the client portal and the delivered
//! ones delivered. The lender has a branch, Downtown, with a loan officer (demo.lo, named on the
//! branch's portal orders) and a processor (demo.processor).
use chrono::Utc;
use portal_db::entities::{client, client_branch, client_user};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseConnection, EntityTrait, NotSet, QueryOrder, Set,
};

use crate::kernel::clients::ClientRole;

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
    let seat = |user_id, role: ClientRole, branch_id| client_user::ActiveModel {
        user_id: Set(user_id),
        client_id: Set(lender.id),
        role: Set(role.name().into()),
        branch_id: Set(branch_id),
    };
    seat(user.id, ClientRole::LenderAdmin, None).insert(&txn).await?;
    let branch = client_branch::ActiveModel {
        id: NotSet,
        client_id: Set(lender.id),
        name: Set("Downtown".into()),
        active: Set(true),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    let mut officer = None;
    for (username, role) in
        [("demo.lo", ClientRole::LoanOfficer), ("demo.processor", ClientRole::Processor)]
    {
        if let Some(u) = accounts::find(&txn, username).await? {
            seat(u.id, role, Some(branch.id)).insert(&txn).await?;
            officer = officer.or((role == ClientRole::LoanOfficer).then_some(u.id));
        }
    }
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
            "UPDATE client_orders SET branch_id = {}, loan_officer_id = {} \
             WHERE source = 'client_portal' AND order_id IN ({demo_orders})",
            branch.id,
            officer.map_or_else(|| "NULL".to_string(), |id| id.to_string())
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
