//! What an order without an appraiser waits for, in the words a lender is told: the borrower's
//! payment, an appraiser's answer to an automatic offer, or staff.
use portal_db::entities::{assignment_offer, order};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use super::borrower_pays;
use super::offered::OPEN;
use crate::platform::config::Config;
use crate::platform::http::error::AppResult;

/// What an order without an appraiser waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WaitingFor {
    /// The borrower pays by card first; they were sent a link.
    BorrowerPayment,
    /// Offered to appraisers automatically; waiting for one to accept.
    AppraiserOffer,
    /// Staff will assign an appraiser.
    StaffAssignment,
}

impl WaitingFor {
    /// The sentence a lender reads.
    pub fn sentence(self) -> &'static str {
        match self {
            WaitingFor::BorrowerPayment => {
                "Waiting for the borrower's payment: the borrower was sent a link to pay by card."
            }
            WaitingFor::AppraiserOffer => {
                "Offered to an appraiser automatically: waiting for them to accept."
            }
            WaitingFor::StaffAssignment => "Staff will assign an appraiser.",
        }
    }
}

/// What the order waits for; None once it has an appraiser (or is closed).
pub async fn of(
    db: &impl ConnectionTrait,
    config: &Config,
    o: &order::Model,
) -> AppResult<Option<WaitingFor>> {
    if o.assigned_appraiser_id.is_some() || o.status_id.is_closed() {
        return Ok(None);
    }
    if borrower_pays::required(db, config, o).await? && !borrower_pays::paid(db, o.id).await? {
        return Ok(Some(WaitingFor::BorrowerPayment));
    }
    let offers = assignment_offer::Entity::find()
        .filter(assignment_offer::Column::OrderId.eq(o.id))
        .filter(assignment_offer::Column::Status.eq(OPEN))
        .count(db)
        .await?;
    Ok(Some(if offers > 0 { WaitingFor::AppraiserOffer } else { WaitingFor::StaffAssignment }))
}
