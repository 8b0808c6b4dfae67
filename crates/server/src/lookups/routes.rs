use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::OptionItem;
use super::geography;
use crate::app::AppState;
use crate::http::error::{AppError, AppResult, MessageResponse};
use crate::http::extract::Path;
use crate::orders::status;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(states))
        .routes(routes!(counties))
        .routes(routes!(search_statuses))
        .routes(routes!(cellphone_carriers))
        .routes(routes!(appraiser_statuses))
        .routes(routes!(status_message_options))
}

type Options = axum::Json<Vec<OptionItem>>;

/// States, the District of Columbia and territories: label name, value postal code.
#[utoipa::path(get, path = "/api/constants/states", tag = "constants", responses((status = 200, body = Vec<OptionItem>)))]
async fn states() -> Options {
    axum::Json(geography::states().iter().map(|s| OptionItem::new(&s.name, &s.postal)).collect())
}

/// Every county (or county equivalent) of a state.
#[utoipa::path(get, path = "/api/constants/counties/{state}", tag = "constants", params(("state" = String, Path, description = "postal code")),
    responses((status = 200, body = Vec<OptionItem>), (status = 422, body = MessageResponse)))]
async fn counties(Path(state): Path<String>) -> AppResult<Options> {
    let found = geography::state(&state).ok_or_else(|| AppError::Validation(format!("Unknown state '{state}'")))?;
    Ok(axum::Json(found.counties.iter().map(|c| OptionItem::new(c, c)).collect()))
}

/// Open (-1), All (0), then each of the 41 statuses.
#[utoipa::path(get, path = "/api/constants/search-statuses", tag = "constants", responses((status = 200, body = Vec<OptionItem>)))]
async fn search_statuses() -> Options {
    let groups = [OptionItem::with_id("Open", status::OPEN_GROUP), OptionItem::with_id("All", status::ALL_GROUP)];
    let each = status::STATUSES.iter().filter_map(|(id, _)| status::label(*id).map(|l| OptionItem::with_id(l, *id)));
    axum::Json(groups.into_iter().chain(each).collect())
}

pub const CELLPHONE_CARRIERS: [&str; 9] =
    ["AT&T", "Verizon", "T-Mobile", "US Cellular", "Cricket Wireless", "Boost Mobile", "Metro by T-Mobile", "Google Fi", "Other"];

#[utoipa::path(get, path = "/api/constants/cellphone-carriers", tag = "constants", responses((status = 200, body = Vec<OptionItem>)))]
async fn cellphone_carriers() -> Options {
    axum::Json(CELLPHONE_CARRIERS.iter().map(|c| OptionItem::new(*c, *c)).collect())
}

pub const APPRAISER_STATUSES: [(i32, &str); 5] = [(1, "Active"), (2, "Pending Approval"), (3, "On Probation"), (4, "Inactive"), (5, "Do Not Use")];

#[utoipa::path(get, path = "/api/constants/appraiser-statuses", tag = "constants", responses((status = 200, body = Vec<OptionItem>)))]
async fn appraiser_statuses() -> Options {
    axum::Json(APPRAISER_STATUSES.iter().map(|(id, l)| OptionItem::with_id(*l, *id)).collect())
}

/// Statuses an assigned appraiser may set by hand, with a message (domain.md).
pub const MANUAL_STATUSES: [i32; 5] = [6, 7, 8, 9, 35];

#[utoipa::path(get, path = "/api/constants/status-message-options", tag = "constants", responses((status = 200, body = Vec<OptionItem>)))]
async fn status_message_options() -> Options {
    axum::Json(MANUAL_STATUSES.iter().filter_map(|id| status::label(*id).map(|l| OptionItem::with_id(l, *id))).collect())
}
