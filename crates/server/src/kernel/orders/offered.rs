//! The states of an automatic offer of an order to an appraiser, and the offers an appraiser
//! holds: who sees an order and the dashboard read them; `features::assignment` makes them.
use chrono::{DateTime, Utc};
use portal_db::entities::assignment_offer;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::platform::http::error::AppResult;

pub const OPEN: &str = "open";
pub const ACCEPTED: &str = "accepted";
pub const DECLINED: &str = "declined";
pub const EXPIRED: &str = "expired";
pub const CLOSED: &str = "closed";

/// Which of `order_ids` are offered to the appraiser, and until when.
pub async fn open_until(
    db: &impl ConnectionTrait,
    appraiser_id: i32,
    order_ids: Vec<i64>,
) -> AppResult<std::collections::HashMap<i64, Option<DateTime<Utc>>>> {
    Ok(assignment_offer::Entity::find()
        .filter(assignment_offer::Column::AppraiserId.eq(appraiser_id))
        .filter(assignment_offer::Column::Status.eq(OPEN))
        .filter(assignment_offer::Column::OrderId.is_in(order_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.order_id, o.expires_at))
        .collect())
}
