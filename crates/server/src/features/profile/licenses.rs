//! Licences: kept by staff, read-only in the portal (GET /api/appraiser/{id}/license-info). Who
//! is licensed to take an order in a state is decided where orders are reassigned
//! (`orders::assign::licensed_in`).
use chrono::NaiveDate;
use portal_db::entities::appraiser_license;
use sea_orm::{ModelTrait, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::managed;
use crate::platform::call::CallOn;
use crate::platform::http::error::{AppResult, ReadAnswers};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(license_info))
}

/// A licence: type, state, number and expiration date.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct License {
    pub id: i32,
    /// e.g. Certified Residential.
    #[serde(rename = "type")]
    pub license_type: String,
    pub state_code: String,
    pub og_number: String,
    pub expiration_date: NaiveDate,
}

impl From<appraiser_license::Model> for License {
    fn from(l: appraiser_license::Model) -> Self {
        License {
            id: l.id,
            license_type: l.license_type,
            state_code: l.state_code,
            og_number: l.og_number,
            expiration_date: l.expiration_date,
        }
    }
}

/// The appraiser's licences by state and type.
#[utoipa::path(get, path = "/api/appraiser/{id}/license-info", tag = "appraiser",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = Vec<License>), ReadAnswers))]
async fn license_info(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<Vec<License>>> {
    let (profile, _) = managed(&state.db, &caller, id).await?;
    let licenses = profile
        .find_related(appraiser_license::Entity)
        .order_by_asc(appraiser_license::Column::StateCode)
        .order_by_asc(appraiser_license::Column::LicenseType)
        .order_by_asc(appraiser_license::Column::Id)
        .all(&state.db)
        .await?;
    Ok(axum::Json(licenses.into_iter().map(License::from).collect()))
}
