//! Demo payments and EPP state, and the one entry point that loads the demo data of quotes,
//! secure links and payments: demo.appraiser gets open quotes, secure links, payments over the
//! last months and is ready for EPP onboarding (so the dashboard prompt shows); demo.appraiser2
//! gets none of these (the empty states) and is not ready for onboarding.
use chrono::{Duration, Utc};
use portal_db::entities::{appraiser_profile, order, payment};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, NotSet,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::kernel::orders::status::OrderStatus;
use crate::kernel::users::accounts;
use crate::platform::http::error::AppResult;
use crate::platform::storage::Storage;

/// Payments of the last six months: (days ago, amount in cents).
const PAYMENTS: [(i64, i64); 14] = [
    (4, 52500),
    (11, 47500),
    (19, 45000),
    (26, 61000),
    (38, 39500),
    (47, 52500),
    (59, 45000),
    (71, 72500),
    (88, 47500),
    (97, 45000),
    (118, 52500),
    (131, 89500),
    (150, 41000),
    (171, 47500),
];

pub async fn seed_demo(db: &DatabaseConnection, storage: &Storage) -> AppResult<()> {
    let Some(appraiser) = accounts::find(db, "demo.appraiser").await? else { return Ok(()) };
    let staff = accounts::find(db, "demo.staff").await?;
    let txn = portal_db::begin_write(db).await?;
    super::quotes::seed_demo_quotes(&txn, appraiser.id).await?;
    super::secure_links::seed_demo_links(&txn, storage, &appraiser, staff.as_ref()).await?;
    seed_demo_payments(&txn, appraiser.id).await?;
    // Ready for onboarding, not onboarded: the dashboard asks them to update payment information.
    appraiser_profile::Entity::update_many()
        .col_expr(appraiser_profile::Column::ReadyForEppOnboarding, Expr::value(true))
        .filter(appraiser_profile::Column::SecurityUserId.eq(appraiser.id))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

async fn seed_demo_payments(db: &impl ConnectionTrait, appraiser_id: i32) -> AppResult<()> {
    if payment::Entity::find()
        .filter(payment::Column::AppraiserUserId.eq(appraiser_id))
        .count(db)
        .await?
        > 0
    {
        return Ok(());
    }
    // Paid work: the appraiser's completed, delivered and invoiced orders.
    let orders = order::Entity::find()
        .filter(order::Column::AssignedAppraiserId.eq(appraiser_id))
        .filter(order::Column::StatusId.is_in([
            OrderStatus::Completed,
            OrderStatus::DeliveredToClient,
            OrderStatus::InvoiceCreated,
        ]))
        .order_by_desc(order::Column::CreatedAt)
        .limit(PAYMENTS.len() as u64)
        .all(db)
        .await?;
    let today = Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive();
    for (i, (days_ago, cents)) in PAYMENTS.into_iter().enumerate() {
        let o = orders.get(i);
        payment::ActiveModel {
            id: NotSet,
            appraiser_user_id: Set(appraiser_id),
            order_id: Set(o.map(|o| o.id)),
            usa_file_number: Set(o.map_or(format!("DEMO-{}", 900 + i), |o| o.file_number.clone())),
            address: Set(o.map_or("1200 Lavaca St, Austin, TX 78701".to_string(), |o| {
                format!(
                    "{}, {}, {} {}",
                    o.property_address_line1,
                    o.property_city,
                    o.property_state_code,
                    o.property_zip
                )
            })),
            borrower: Set(o.map_or("Maria Gonzalez".to_string(), |o| o.borrower_name.clone())),
            amount_cents: Set(cents),
            payment_date: Set(today - Duration::days(days_ago)),
            created_at: Set(Utc::now() - Duration::days(days_ago)),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}
