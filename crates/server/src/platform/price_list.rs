//! A list of prices by product, as a client's price list and an appraiser's fee schedule are sent:
//! `[{productId, feeCents}]`, each product at most once, each price from $0.00 to $1,000,000.00.
use std::collections::HashSet;

use portal_db::entities::report_type;
use sea_orm::{ConnectionTrait, EntityTrait, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::http::error::{AppError, AppResult};
use crate::platform::money::MAX_CENTS;

/// One product's price.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceEntry {
    pub product_id: i32,
    /// Whole cents, 0 to 100,000,000.
    #[schema(minimum = 0, maximum = 100_000_000)]
    pub fee_cents: i64,
}

/// Every product, by name.
pub async fn products_by_name(db: &impl ConnectionTrait) -> AppResult<Vec<report_type::Model>> {
    let by_name = report_type::Entity::find().order_by_asc(report_type::Column::ProductDescription);
    Ok(by_name.all(db).await?)
}

/// Refuses (422, naming the entry) a product that does not exist, one listed twice, or a price
/// out of range.
pub async fn check(db: &impl ConnectionTrait, entries: &[PriceEntry]) -> AppResult<()> {
    let products: HashSet<i32> = report_type::Entity::find()
        .select_only()
        .column(report_type::Column::Id)
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut seen = HashSet::new();
    for (i, e) in entries.iter().enumerate() {
        let refuse = |field: &str, message: String| AppError::InvalidField {
            field: format!("[{i}].{field}"),
            message,
        };
        if !products.contains(&e.product_id) {
            return Err(refuse("productId", format!("There is no product {}.", e.product_id)));
        }
        if !seen.insert(e.product_id) {
            return Err(refuse("productId", "Each product may be priced once.".into()));
        }
        if !(0..=MAX_CENTS).contains(&e.fee_cents) {
            return Err(refuse("feeCents", "A price must be from $0.00 to $1,000,000.00.".into()));
        }
    }
    Ok(())
}
