//! What a lender's requested due date means before the order is placed: the standard date the
//! product's turn time gives from today in the property's state, and what a sooner (rush) date
//! adds to the client's price (the same rule `placing` applies to the order).
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::client_of;
use crate::features::assignment::turn_time;
use crate::features::billing::prices::list_fee;
use crate::platform::call::Call;
use crate::platform::http::error::{AppError, AppResult, ReadAnswers};
use crate::platform::http::extract::Query;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(due_date_terms))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DueDateQuery {
    /// The report product (a report type id).
    pub product_id: i32,
    /// The property's two-letter state code (a state without a rule of its own follows the
    /// product's; placing the order checks the address).
    #[param(pattern = "^[A-Za-z]{2}$")]
    pub state_code: String,
}

/// The terms of a product's due date for this client.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DueDateTerms {
    /// The turn time's date, in business days from today; null when the product has no turn
    /// time (a requested date is then required).
    pub standard_due_date: Option<NaiveDate>,
    /// What a date sooner than the standard one adds to the price, in whole cents.
    pub rush_fee_cents: i64,
    /// The client's price of the product without rush, in whole cents (null: not priced).
    pub fee_cents: Option<i64>,
}

/// The standard due date of a product in a state and what a rush adds, for the order form.
#[utoipa::path(get, path = "/api/client/due-date-terms", tag = "client", params(DueDateQuery),
    responses((status = 200, body = DueDateTerms), ReadAnswers))]
async fn due_date_terms(
    Call { state, caller }: Call,
    Query(q): Query<DueDateQuery>,
) -> AppResult<axum::Json<DueDateTerms>> {
    let client_id = client_of(&state.db, &caller).await?.client_id;
    let rule = turn_time::rule_for(&state.db, &[q.product_id], &q.state_code).await?;
    let today = state.config.today().map_err(AppError::Internal)?;
    Ok(axum::Json(DueDateTerms {
        standard_due_date: turn_time::settle(rule, today, None).map(|due| due.date),
        rush_fee_cents: rule.map_or(0, |r| r.rush_fee_cents),
        fee_cents: list_fee(&state.db, client_id, &[q.product_id]).await?,
    }))
}
