//! Second appraisals: an order that checks another of the same property and client. Neither the
//! first order's appraiser nor anyone of their firm may take it; both order pages link the other.
use portal_db::entities::{order, second_appraisal};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::error::AppResult;

/// Who may not take a second appraisal: the first order's appraiser and their firm.
#[derive(Debug, Clone)]
pub struct Exclusion {
    pub first_file_number: String,
    pub appraiser_id: Option<i32>,
    pub company_id: Option<i32>,
}

impl Exclusion {
    /// Why the appraiser (of `company_id`) may not take the second appraisal; None when they may.
    pub fn refusal(&self, appraiser_id: i32, company_id: Option<i32>) -> Option<String> {
        let first = &self.first_file_number;
        if self.appraiser_id == Some(appraiser_id) {
            return Some(format!(
                "They appraised order {first}, which this second appraisal checks."
            ));
        }
        (company_id.is_some() && company_id == self.company_id).then(|| {
            format!("Their firm appraised order {first}, which this second appraisal checks.")
        })
    }
}

/// The exclusion of order `order_id` when it is a second appraisal.
pub async fn exclusion(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Option<Exclusion>> {
    let Some(link) = second_appraisal::Entity::find_by_id(order_id).one(db).await? else {
        return Ok(None);
    };
    Ok(order::Entity::find_by_id(link.first_order_id).one(db).await?.map(|first| Exclusion {
        first_file_number: first.file_number,
        appraiser_id: first.assigned_appraiser_id,
        company_id: first.assigned_company_id,
    }))
}

/// An order linked to the one shown, and how.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedOrder {
    pub id: i64,
    pub file_number: String,
    /// `second_appraisal_of` (the order shown checks this one) or `second_appraisal` (this one
    /// checks the order shown).
    pub kind: String,
    pub reason: String,
}

/// The orders linked to `order_id` both ways, oldest first.
pub async fn linked(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Vec<LinkedOrder>> {
    let links = second_appraisal::Entity::find()
        .filter(
            Condition::any()
                .add(second_appraisal::Column::OrderId.eq(order_id))
                .add(second_appraisal::Column::FirstOrderId.eq(order_id)),
        )
        .order_by_asc(second_appraisal::Column::CreatedAt)
        .all(db)
        .await?;
    let other = |l: &second_appraisal::Model| {
        if l.order_id == order_id { l.first_order_id } else { l.order_id }
    };
    let ids: Vec<i64> = links.iter().map(other).collect();
    let files: std::collections::HashMap<i64, String> = order::Entity::find()
        .filter(order::Column::Id.is_in(ids))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o.file_number))
        .collect();
    Ok(links
        .iter()
        .map(|l| LinkedOrder {
            id: other(l),
            file_number: files.get(&other(l)).cloned().unwrap_or_default(),
            kind: if l.order_id == order_id { "second_appraisal_of" } else { "second_appraisal" }
                .into(),
            reason: l.reason.clone(),
        })
        .collect())
}
