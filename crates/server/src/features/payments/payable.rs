//! The orders staff may pay (completed or delivered, with an appraiser, not paid yet) with their
//! pay-by dates: the staff Payments page, the appraiser's own list and the reminder round read it.
use chrono::NaiveDate;
use portal_db::entities::{order, order_detail, payment, payment_hold};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::orders::pay_by;
use crate::kernel::orders::status::OrderStatus;
use crate::platform::business_days;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::money::Cents;
use crate::platform::names::full_names;

/// The statuses in which an order's work may be paid.
pub const PAYABLE: [OrderStatus; 2] = [OrderStatus::Completed, OrderStatus::DeliveredToClient];

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayableOrder {
    pub order_id: i64,
    pub file_number: String,
    pub address: String,
    pub borrower_name: String,
    pub status: String,
    pub appraiser_id: i32,
    pub appraiser_name: String,
    /// The order's appraiser fee in dollars (what a payment is expected to be).
    pub appraiser_fee: Option<Cents>,
    /// The last day to pay (docs/domain.md#pay-by-dates); null until its clock has started.
    pub pay_by: Option<NaiveDate>,
    /// Past its pay-by date and still unpaid.
    pub late: bool,
    /// Due within `DUE_SOON_BUSINESS_DAYS` business days.
    pub due_soon: bool,
    /// Why staff withhold the payment, when they do.
    pub withheld_because: Option<String>,
}

/// Business days before its pay-by date from which a payment is listed as due soon.
pub const DUE_SOON_BUSINESS_DAYS: i64 = 5;

/// The most order ids one statement names.
const IDS_PER_STATEMENT: usize = 5_000;

/// The payable orders, newest first: every appraiser's, or only `appraiser_id`'s.
pub async fn payable_orders(
    db: &impl ConnectionTrait,
    config: &crate::platform::config::Config,
    appraiser_id: Option<i32>,
) -> AppResult<Vec<PayableOrder>> {
    let paid_orders = Query::select()
        .column(payment::Column::OrderId)
        .from(payment::Entity)
        .and_where(payment::Column::OrderId.is_not_null())
        .to_owned();
    let mut unpaid = order::Entity::find()
        .filter(order::Column::StatusId.is_in(PAYABLE))
        .filter(order::Column::AssignedAppraiserId.is_not_null())
        .filter(order::Column::Id.not_in_subquery(paid_orders));
    if let Some(id) = appraiser_id {
        unpaid = unpaid.filter(order::Column::AssignedAppraiserId.eq(id));
    }
    let unpaid = unpaid.order_by_desc(order::Column::Id).all(db).await?;
    let mut fees = std::collections::HashMap::<i64, Option<i64>>::new();
    let mut holds = std::collections::HashMap::<i64, String>::new();
    // In slices: a large book's unpaid orders are more than a statement may name.
    for slice in unpaid.chunks(IDS_PER_STATEMENT) {
        let ids = || slice.iter().map(|o| o.id);
        let details = order_detail::Entity::find()
            .filter(order_detail::Column::OrderId.is_in(ids()))
            .all(db)
            .await?;
        fees.extend(details.into_iter().map(|d| (d.order_id, d.appraiser_fee_cents)));
        let held = payment_hold::Entity::find()
            .filter(payment_hold::Column::OrderId.is_in(ids()))
            .all(db)
            .await?;
        holds.extend(held.into_iter().map(|h| (h.order_id, h.reason)));
    }
    let appraisers: std::collections::BTreeSet<i32> =
        unpaid.iter().filter_map(|o| o.assigned_appraiser_id).collect();
    let names = full_names(db, appraisers.into_iter().collect()).await?;
    let pay_by_dates = pay_by::of_orders(db, config, &unpaid).await?;
    let today = config.today().map_err(AppError::Internal)?;
    Ok(unpaid
        .into_iter()
        .filter_map(|o| {
            let appraiser_id = o.assigned_appraiser_id?;
            let pay_by = pay_by_dates.get(&o.id).copied();
            Some(PayableOrder {
                order_id: o.id,
                address: o.property_address(),
                borrower_name: o.borrower_name.clone(),
                status: o.status_id.label(),
                appraiser_name: names.of(appraiser_id),
                appraiser_id,
                appraiser_fee: fees.get(&o.id).copied().flatten().map(Cents),
                late: pay_by.is_some_and(|d| d < today),
                due_soon: pay_by.is_some_and(|d| {
                    d >= today && business_days::between(today, d) <= DUE_SOON_BUSINESS_DAYS
                }),
                pay_by,
                withheld_because: holds.get(&o.id).cloned(),
                file_number: o.file_number,
            })
        })
        .collect())
}
