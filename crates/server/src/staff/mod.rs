//! The staff order desk: clients, the order form, choosing and assigning the appraiser, the
//! staff side of an order's life (conditions, review, delivery, cancel, hold) and paying for the
//! work. STAFF and SECRET only (the router sits in `Area::Staff`). Every order change goes
//! through `orders::apply`, so it is checked against the lifecycle table, conditional (409 when the
//! order changed meanwhile), and written with its history entry and audit row in one transaction.
pub mod appraisers;
pub mod candidates;
pub mod clients;
pub mod coverage;
pub mod desk;
pub mod firms;
pub mod notes;
pub mod order_form;
pub mod payments;
pub mod products;
pub mod quotes;
pub mod secure_links;
pub mod year_totals;

use std::collections::HashMap;

use portal_db::entities::appraisal_company;
use sea_orm::{ConnectionTrait, EntityTrait};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::audit::{self, AuditEntry};
use crate::current_user::CurrentUser;
use crate::http::error::AppResult;
use crate::state::AppState;

/// Every firm's name by its id (the lists that show an appraiser's firm).
pub async fn firm_names(db: &impl ConnectionTrait) -> AppResult<HashMap<i32, String>> {
    let firms = appraisal_company::Entity::find().all(db).await?;
    Ok(firms.into_iter().map(|c| (c.id, c.name)).collect())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(clients::router())
        .merge(firms::router())
        .merge(appraisers::router())
        .merge(notes::router())
        .merge(order_form::router())
        .merge(candidates::router())
        .merge(coverage::router())
        .merge(desk::router())
        .merge(payments::router())
        .merge(products::router())
        .merge(quotes::router())
        .merge(secure_links::router())
        .merge(year_totals::router())
}

/// What a create call answers (201): the new row's id, and an order's file number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Created {
    pub id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_number: Option<String>,
}

/// The audit row of a staff change that is not an order action.
pub async fn audit_staff(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    ip: &str,
    action: &str,
    detail: String,
) -> AppResult<()> {
    let entry = AuditEntry {
        action,
        actor: Some(caller.acting_user_id.unwrap_or(caller.id())),
        subject: Some(caller.id()),
        detail: Some(detail),
        ip: Some(ip),
    };
    audit::record(db, entry).await?;
    Ok(())
}
