//! Each order's row of figures (`order_insights`), rewritten from the order, its detail and its
//! history at every order event, so that every chart is one query over those rows.
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use futures_util::future::BoxFuture;
use portal_db::entities::{
    fair_language_finding, order, order_detail, order_insight, reconsideration,
};
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, Iterable, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::kernel::orders::life::{OrderEvent, Reaction};
use crate::kernel::orders::pay_by;
use crate::kernel::orders::status::OrderStatus::{self, *};
use crate::kernel::orders::turn_time::{self, REPORT_UPLOADED, REVISION_REQUESTS, Step};
use crate::platform::config::Config;
use crate::platform::http::error::{AppError, AppResult};

/// Rewrites the order's figures after every change to it.
pub fn on_order_event<'a>(
    cx: &'a Reaction<'a>,
    event: &'a OrderEvent,
) -> BoxFuture<'a, AppResult<()>> {
    Box::pin(async move { refresh(cx.txn, cx.config, event.order().id).await })
}

/// Writes the figures of order `id` from what is stored now.
pub async fn refresh(db: &impl ConnectionTrait, config: &Config, id: i64) -> AppResult<()> {
    let Some(o) = order::Entity::find_by_id(id).one(db).await? else { return Ok(()) };
    let detail = order_detail::Entity::find_by_id(id).one(db).await?;
    let steps = turn_time::steps_of(db, vec![id]).await?.remove(&id).unwrap_or_default();
    let records = Records {
        reconsiderations: reconsideration::Entity::find()
            .filter(reconsideration::Column::OrderId.eq(id))
            .count(db)
            .await?,
        fair_language: fair_language_finding::Entity::find()
            .filter(fair_language_finding::Column::OrderId.eq(id))
            .count(db)
            .await?
            > 0,
    };
    let zone = config.time_zone().map_err(AppError::Internal)?;
    let rule = pay_by::rule_for(&o.property_state_code, pay_by::company_default(config));
    let row = figures(&o, detail.as_ref(), &steps, records, zone, rule);
    order_insight::Entity::insert(row)
        .on_conflict(
            OnConflict::column(order_insight::Column::OrderId)
                .update_columns(
                    order_insight::Column::iter()
                        .filter(|c| !matches!(c, order_insight::Column::OrderId)),
                )
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}

/// Writes the figures of the orders that have none yet (orders stored before the insights
/// existed), a batch at a time; returns how many were written.
pub async fn fill_missing(db: &impl ConnectionTrait, config: &Config) -> AppResult<u64> {
    let mut written = 0;
    loop {
        let missing: Vec<i64> = order::Entity::find()
            .select_only()
            .column(order::Column::Id)
            .filter(
                order::Column::Id.not_in_subquery(
                    Query::select()
                        .column(order_insight::Column::OrderId)
                        .from(order_insight::Entity)
                        .to_owned(),
                ),
            )
            .order_by_asc(order::Column::Id)
            .limit(500)
            .into_tuple()
            .all(db)
            .await?;
        if missing.is_empty() {
            return Ok(written);
        }
        for id in missing {
            refresh(db, config, id).await?;
            written += 1;
        }
    }
}

/// What the order's other records say of its quality.
#[derive(Debug, Clone, Copy, Default)]
struct Records {
    reconsiderations: u64,
    fair_language: bool,
}

/// The order's figures from the order, its detail, its history (oldest first) and its other
/// records.
fn figures(
    o: &order::Model,
    detail: Option<&order_detail::Model>,
    steps: &[Step],
    records: Records,
    zone: Tz,
    rule: pay_by::Rule,
) -> order_insight::ActiveModel {
    let day = |t: DateTime<Utc>| -> NaiveDate { t.with_timezone(&zone).date_naive() };
    let first = |status: OrderStatus| steps.iter().find(|s| s.status == status).map(|s| s.at);
    let reported_at = first(REPORT_UPLOADED);
    let delivered_at = first(DeliveredToClient);
    let cancelled_at = steps
        .iter()
        .rev()
        .find(|s| s.status == Cancelled)
        .map(|s| s.at)
        .filter(|_| o.status_id == Cancelled);
    let days_to = |end: Option<DateTime<Utc>>| {
        end.map(|at| turn_time::working_days(steps, at, zone).0 as i32)
    };
    let on_time = match (reported_at, o.appraiser_due_date) {
        (Some(at), Some(due)) => Some(day(at) <= due),
        _ => None,
    };
    let revisions = steps.iter().filter(|s| REVISION_REQUESTS.contains(&s.status)).count();
    order_insight::ActiveModel {
        order_id: Set(o.id),
        client_id: Set(o.client_id),
        product_id: Set(detail.and_then(|d| d.report_type1_id)),
        state_code: Set(o.property_state_code.clone()),
        firm_id: Set(o.assigned_company_id),
        appraiser_id: Set(o.assigned_appraiser_id),
        status: Set(o.status_id as i32),
        status_since: Set(steps.last().map_or(o.created_at, |s| s.at)),
        open: Set(o.status_id.is_open()),
        received_on: Set(day(o.created_at)),
        first_report_on: Set(reported_at.map(day)),
        delivered_on: Set(delivered_at.map(day)),
        cancelled_on: Set(cancelled_at.map(day)),
        report_days: Set(days_to(reported_at)),
        delivery_days: Set(days_to(delivered_at)),
        on_time: Set(on_time),
        revisions: Set(revisions as i32),
        reconsiderations: Set(records.reconsiderations as i32),
        fair_language: Set(records.fair_language),
        revenue_cents: Set(detail.and_then(|d| d.client_fee_cents)),
        cost_cents: Set(detail.and_then(|d| d.appraiser_fee_cents)),
        pay_by_on: Set(pay_by::pay_by(rule, steps, zone)),
        updated_at: Set(Utc::now()),
    }
}
