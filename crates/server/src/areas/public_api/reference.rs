//! Reference data an integration needs to place an order: the products with what this client
//! pays and how long they take, the property types and the intended uses, each by the id an order
//! names. Any live key may read them.
use axum::extract::State;
use portal_db::entities::report_type;
use sea_orm::{EntityTrait, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::key::ApiCaller;
use super::problem::{ApiResult, Problem};
use crate::features::billing::prices::own_prices;
use crate::kernel::orders::kinds::{INTENDED_USES, PROPERTY_TYPES};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products))
        .routes(routes!(list_property_types))
        .routes(routes!(list_intended_uses))
}

/// A report product as this client orders it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiProduct {
    /// The `productId` of a new order.
    pub id: i32,
    pub name: String,
    /// A desktop report needs no inspection.
    pub desktop: bool,
    /// What this client pays for it, in whole cents; null when it has no price yet.
    pub fee_cents: Option<i64>,
    /// The standard turn time in business days; null when the product has none (a new order then
    /// names its due date).
    pub turn_time_business_days: Option<i32>,
    /// What a due date sooner than the standard one adds to the fee, in whole cents.
    pub rush_fee_cents: i64,
}

/// A property type or intended use by the id a new order names.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiOption {
    pub id: i32,
    pub name: String,
}

/// The report products this client can order.
#[utoipa::path(
    get,
    path = "/api/v1/products",
    tag = "reference",
    security(("api_key" = [])),
    responses((status = 200, body = Vec<ApiProduct>)),
)]
async fn list_products(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> ApiResult<axum::Json<Vec<ApiProduct>>> {
    let own = own_prices(&state.db, caller.client_id).await.map_err(Problem::from)?;
    let products =
        report_type::Entity::find().order_by_asc(report_type::Column::Id).all(&state.db).await?;
    Ok(axum::Json(
        products
            .into_iter()
            .map(|p| ApiProduct {
                id: p.id,
                fee_cents: own.get(&p.id).copied().or(p.client_fee_cents),
                name: p.product_description,
                desktop: p.is_desktop,
                turn_time_business_days: p.turn_business_days,
                rush_fee_cents: p.rush_fee_cents.unwrap_or(0),
            })
            .collect(),
    ))
}

fn numbered(labels: &[&str]) -> Vec<ApiOption> {
    labels.iter().zip(1..).map(|(name, id)| ApiOption { id, name: (*name).to_string() }).collect()
}

/// The property types: `propertyTypeId` of a new order.
#[utoipa::path(
    get,
    path = "/api/v1/property-types",
    tag = "reference",
    security(("api_key" = [])),
    responses((status = 200, body = Vec<ApiOption>)),
)]
async fn list_property_types(_caller: ApiCaller) -> axum::Json<Vec<ApiOption>> {
    axum::Json(numbered(&PROPERTY_TYPES))
}

/// The intended uses: `intendedUseId` of a new order.
#[utoipa::path(
    get,
    path = "/api/v1/intended-uses",
    tag = "reference",
    security(("api_key" = [])),
    responses((status = 200, body = Vec<ApiOption>)),
)]
async fn list_intended_uses(_caller: ApiCaller) -> axum::Json<Vec<ApiOption>> {
    axum::Json(numbered(&INTENDED_USES))
}
