//! Coverage areas: the counties an appraiser works in, Pending until staff verify them.
//! GET /api/appraiser/{id}/coverage-areas, POST /api/appraiser/coverage-areas/add and /delete.
use chrono::Utc;
use portal_db::entities::{appraiser_profile, coverage_area};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, ModelTrait, NotSet, QueryFilter, QueryOrder, Set,
    SqlErr,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{managed, record, required_appraiser};
use crate::platform::call::{Call, CallOn};
use crate::platform::geography;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub const MSG_SELECT_STATE_COUNTY: &str = "Please select a state and county";
pub const MSG_DUPLICATE: &str = "This coverage area already exists.";
pub const MSG_INVALID_AREA: &str = "Invalid coverage area";
pub const MSG_REMOVED: &str = "Coverage area removed successfully";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(coverage_areas))
        .routes(routes!(add_coverage_area))
        .routes(routes!(delete_coverage_area))
}

/// A county an appraiser covers, Pending until staff verify it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverageArea {
    pub id: i32,
    /// The appraiser profile's id (not the security user id).
    pub appraiser_profile: i32,
    pub coverage_state_code: String,
    pub coverage_county: String,
    pub verified: bool,
}

impl From<coverage_area::Model> for CoverageArea {
    fn from(a: coverage_area::Model) -> Self {
        CoverageArea {
            id: a.id,
            appraiser_profile: a.appraiser_profile_id,
            coverage_state_code: a.state_code,
            coverage_county: a.county,
            verified: a.verified,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverageAreas {
    pub appraiser_coverage_areas: Vec<CoverageArea>,
    /// The appraiser's score, 0..5; 0 while there is not enough data.
    pub average_score: f64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddCoverageArea {
    /// The appraiser's security user id.
    #[schema(required = true, value_type = i32)]
    pub appraiser_id: Option<i32>,
    /// State postal code, as the states lookup gives it.
    #[schema(required = true, value_type = String, pattern = "^[A-Za-z]{2}$")]
    pub state: Option<String>,
    /// County name, as the counties lookup of that state gives it.
    #[schema(required = true, value_type = String, min_length = 1, pattern = "\\S")]
    pub county: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteCoverageArea {
    /// The appraiser's security user id.
    #[schema(required = true, value_type = i32)]
    pub appraiser_id: Option<i32>,
    #[schema(required = true, value_type = i32)]
    pub coverage_area_id: Option<i32>,
    /// Sent by the web app; the stored area's own state and county are what is removed.
    pub county: Option<String>,
    pub state: Option<String>,
}

/// The state's postal code and the county's name as the Census lists spell them, or why not.
pub fn checked_area(
    state: Option<&str>,
    county: Option<&str>,
) -> AppResult<(&'static str, &'static str)> {
    let (state, county) = match (state.map(str::trim), county.map(str::trim)) {
        (Some(s), Some(c)) if !s.is_empty() && !c.is_empty() => (s, c),
        _ => return Err(AppError::BadRequest(MSG_SELECT_STATE_COUNTY.into())),
    };
    let found = geography::state(state).ok_or_else(|| {
        AppError::BadRequest(format!(
            "Unknown state '{state}'. Please select a state from the list."
        ))
    })?;
    let county =
        found.counties.iter().find(|c| c.eq_ignore_ascii_case(county)).ok_or_else(|| {
            AppError::BadRequest(format!(
                "{county} is not a county of {}. Please select a county from the list.",
                found.name
            ))
        })?;
    Ok((found.postal.as_str(), county.as_str()))
}

/// An appraiser's coverage areas by state and county, with their score.
#[utoipa::path(get, path = "/api/appraiser/{id}/coverage-areas", tag = "appraiser",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = CoverageAreas), ReadAnswers))]
async fn coverage_areas(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<CoverageAreas>> {
    let (profile, _) = managed(&state.db, &caller, id).await?;
    let areas = profile
        .find_related(coverage_area::Entity)
        .order_by_asc(coverage_area::Column::StateCode)
        .order_by_asc(coverage_area::Column::County)
        .all(&state.db)
        .await?;
    Ok(axum::Json(CoverageAreas {
        appraiser_coverage_areas: areas.into_iter().map(CoverageArea::from).collect(),
        average_score: profile.score.unwrap_or(0.0),
    }))
}

/// Adds a county of a state to the appraiser's coverage, Pending until verified.
#[utoipa::path(
    post,
    path = "/api/appraiser/coverage-areas/add",
    tag = "appraiser",
    request_body = AddCoverageArea,
    responses(
        (status = 200, body = CoverageArea),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
    ),
)]
async fn add_coverage_area(
    Call { state, caller }: Call,
    Json(body): Json<AddCoverageArea>,
) -> AppResult<axum::Json<CoverageArea>> {
    let appraiser = required_appraiser(body.appraiser_id)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (profile, _) = managed(&txn, &caller, appraiser).await?;
    let (state_code, county) = checked_area(body.state.as_deref(), body.county.as_deref())?;
    if covers(&txn, &profile, state_code, county).await? {
        return Err(AppError::Conflict(MSG_DUPLICATE.into()));
    }
    let area = coverage_area::ActiveModel {
        id: NotSet,
        appraiser_profile_id: Set(profile.id),
        state_code: Set(state_code.into()),
        county: Set(county.into()),
        verified: Set(false),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await
    .map_err(|e| match e.sql_err() {
        // Two adds of the same area at once: the unique index lets one through.
        Some(SqlErr::UniqueConstraintViolation(_)) => AppError::Conflict(MSG_DUPLICATE.into()),
        _ => e.into(),
    })?;
    record(&txn, &caller, "profile.coverage_add", appraiser, format!("{state_code} {county}"))
        .await?;
    txn.commit().await?;
    Ok(axum::Json(area.into()))
}

async fn covers(
    db: &impl sea_orm::ConnectionTrait,
    profile: &appraiser_profile::Model,
    state_code: &str,
    county: &str,
) -> AppResult<bool> {
    Ok(coverage_area::Entity::find()
        .filter(coverage_area::Column::AppraiserProfileId.eq(profile.id))
        .filter(coverage_area::Column::StateCode.eq(state_code))
        .filter(coverage_area::Column::County.eq(county))
        .one(db)
        .await?
        .is_some())
}

/// Removes one of the appraiser's coverage areas.
#[utoipa::path(
    post,
    path = "/api/appraiser/coverage-areas/delete",
    tag = "appraiser",
    request_body = DeleteCoverageArea,
    responses(
        (status = 200, body = MessageResponse),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn delete_coverage_area(
    Call { state, caller }: Call,
    Json(body): Json<DeleteCoverageArea>,
) -> AppResult<axum::Json<MessageResponse>> {
    let appraiser = required_appraiser(body.appraiser_id)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (profile, _) = managed(&txn, &caller, appraiser).await?;
    let invalid = || AppError::BadRequest(MSG_INVALID_AREA.into());
    let id = body.coverage_area_id.ok_or_else(invalid)?;
    let area = coverage_area::Entity::find_by_id(id)
        .filter(coverage_area::Column::AppraiserProfileId.eq(profile.id))
        .one(&txn)
        .await?
        .ok_or_else(invalid)?;
    let detail = format!("{} {}", area.state_code, area.county);
    area.delete(&txn).await?;
    record(&txn, &caller, "profile.coverage_delete", appraiser, detail).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(MSG_REMOVED)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_are_checked_against_the_lookups() {
        type Case<'a> = (Option<&'a str>, Option<&'a str>, Result<(&'a str, &'a str), &'a str>);
        let table: [Case; 8] = [
            (Some("TX"), Some("Travis County"), Ok(("TX", "Travis County"))),
            (Some(" tx "), Some("travis county"), Ok(("TX", "Travis County"))),
            (None, Some("Travis County"), Err(MSG_SELECT_STATE_COUNTY)),
            (Some("TX"), None, Err(MSG_SELECT_STATE_COUNTY)),
            (Some(""), Some(" "), Err(MSG_SELECT_STATE_COUNTY)),
            (
                Some("ZZ"),
                Some("Travis County"),
                Err("Unknown state 'ZZ'. Please select a state from the list."),
            ),
            (
                Some("TX"),
                Some("Cook County"),
                Err("Cook County is not a county of Texas. Please select a county from the list."),
            ),
            (Some("IL"), Some("Cook County"), Ok(("IL", "Cook County"))),
        ];
        for (state, county, expected) in table {
            let got = checked_area(state, county).map_err(|e| e.to_string());
            assert_eq!(got, expected.map_err(str::to_string), "{state:?} {county:?}");
        }
    }
}
