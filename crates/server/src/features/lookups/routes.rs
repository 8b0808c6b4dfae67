use portal_db::entities::report_type;
use sea_orm::{EntityTrait, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::OptionItem;
use crate::kernel::orders::kinds::{INTENDED_USES, PROPERTY_TYPES};
use crate::kernel::orders::status::{MANUAL_STATUSES, StatusChoice};
use crate::platform::call::Call;
use crate::platform::geography;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Path;
use crate::platform::money::Cents;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(states))
        .routes(routes!(counties))
        .routes(routes!(search_statuses))
        .routes(routes!(cellphone_carriers))
        .routes(routes!(appraiser_statuses))
        .routes(routes!(status_message_options))
        .routes(routes!(property_types))
        .routes(routes!(intended_uses))
        .routes(routes!(report_products))
}

type Options = axum::Json<Vec<OptionItem>>;

/// States, the District of Columbia and territories: label name, value postal code.
#[utoipa::path(
    get,
    path = "/api/constants/states",
    tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)),
)]
async fn states() -> Options {
    axum::Json(geography::states().iter().map(|s| OptionItem::new(&s.name, &s.postal)).collect())
}

/// Every county (or county equivalent) of a state.
#[utoipa::path(
    get,
    path = "/api/constants/counties/{state}",
    tag = "constants",
    params(("state" = String, Path, description = "postal code")),
    responses((status = 200, body = Vec<OptionItem>), (status = 422, body = MessageResponse)),
)]
async fn counties(Path(state): Path<String>) -> AppResult<Options> {
    let found = geography::state(&state)
        .ok_or_else(|| AppError::Validation(format!("Unknown state '{state}'")))?;
    Ok(axum::Json(found.counties.iter().map(|c| OptionItem::new(c, c)).collect()))
}

/// Open (-1), All (0), then each of the 41 statuses.
#[utoipa::path(
    get,
    path = "/api/constants/search-statuses",
    tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)),
)]
async fn search_statuses() -> Options {
    axum::Json(StatusChoice::all().map(|c| OptionItem::with_id(c.label(), c.number())).collect())
}

pub const CELLPHONE_CARRIERS: [&str; 9] = [
    "AT&T",
    "Verizon",
    "T-Mobile",
    "US Cellular",
    "Cricket Wireless",
    "Boost Mobile",
    "Metro by T-Mobile",
    "Google Fi",
    "Other",
];

#[utoipa::path(
    get,
    path = "/api/constants/cellphone-carriers",
    tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)),
)]
async fn cellphone_carriers() -> Options {
    axum::Json(CELLPHONE_CARRIERS.iter().map(|c| OptionItem::new(*c, *c)).collect())
}

pub const APPRAISER_STATUSES: [(i32, &str); 5] = [
    (1, "Active"),
    (2, "Pending Approval"),
    (3, "On Probation"),
    (4, "Inactive"),
    (5, "Do Not Use"),
];

#[utoipa::path(
    get,
    path = "/api/constants/appraiser-statuses",
    tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)),
)]
async fn appraiser_statuses() -> Options {
    axum::Json(APPRAISER_STATUSES.iter().map(|(id, l)| OptionItem::with_id(*l, *id)).collect())
}

#[utoipa::path(
    get,
    path = "/api/constants/status-message-options",
    tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)),
)]
async fn status_message_options() -> Options {
    axum::Json(MANUAL_STATUSES.map(|s| OptionItem::with_id(s.label(), s.id())).into())
}

fn numbered(labels: &[&str]) -> Options {
    axum::Json(labels.iter().zip(1..).map(|(label, id)| OptionItem::with_id(*label, id)).collect())
}

/// The order forms' property types (staff's and the client area's).
#[utoipa::path(
    get,
    path = "/api/constants/property-types",
    tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)),
)]
async fn property_types() -> Options {
    numbered(&PROPERTY_TYPES)
}

/// The order forms' intended uses (staff's and the client area's).
#[utoipa::path(
    get,
    path = "/api/constants/intended-uses",
    tag = "constants",
    responses((status = 200, body = Vec<OptionItem>)),
)]
async fn intended_uses() -> Options {
    numbered(&INTENDED_USES)
}

/// A report product: label and value (its id) like every option, with what the order form needs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportProduct {
    pub label: String,
    pub value: String,
    pub id: i32,
    pub product_description: String,
    /// A desktop report needs no inspection.
    pub desktop: bool,
    /// The fee the company usually pays for it, in dollars: staff only (null for others).
    pub default_fee: Option<Cents>,
}

/// The report products of the order forms; only staff see what the company pays for each.
#[utoipa::path(
    get,
    path = "/api/constants/report-products",
    tag = "constants",
    responses((status = 200, body = Vec<ReportProduct>)),
)]
async fn report_products(
    Call { state, caller }: Call,
) -> AppResult<axum::Json<Vec<ReportProduct>>> {
    let sees_fees = caller.user_type.is_staff_like();
    let rows =
        report_type::Entity::find().order_by_asc(report_type::Column::Id).all(&state.db).await?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|r| ReportProduct {
                label: r.product_description.clone(),
                value: r.id.to_string(),
                id: r.id,
                product_description: r.product_description,
                desktop: r.is_desktop,
                default_fee: r.default_fee_cents.filter(|_| sees_fees).map(Cents),
            })
            .collect(),
    ))
}
