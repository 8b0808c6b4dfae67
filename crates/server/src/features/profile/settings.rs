//! The Settings tab's switches: trainee (POST /api/appraiser/update-trainee-info) and out of
//! office (POST /api/appraiser/update-ooo). Both answer the updated appraiser info.
use chrono::NaiveDate;
use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::routes::{AppraiserInfo, appraiser_info};
use super::{managed, parse_day, record, required_appraiser};
use crate::platform::call::Call;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub const MSG_HAS_TRAINEE_REQUIRED: &str = "hasTrainee is required.";
pub const MSG_BOTH_DATES: &str = "Please select both start and end dates.";
pub const MSG_END_BEFORE_START: &str = "The end date cannot be before the start date.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(update_trainee_info)).routes(routes!(update_ooo))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateTrainee {
    /// The appraiser's security user id.
    #[schema(required = true, value_type = i32)]
    pub appraiser_id: Option<i32>,
    /// The appraiser works with trainees (stored as noTrainee = !hasTrainee).
    #[schema(required = true, value_type = bool)]
    pub has_trainee: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateOoo {
    /// The appraiser's security user id.
    #[schema(required = true, value_type = i32)]
    pub appraiser_id: Option<i32>,
    /// yyyy-mm-dd, first day away.
    #[schema(required = true, value_type = String, format = Date)]
    pub start_date: Option<String>,
    /// yyyy-mm-dd, last day away; not before startDate.
    #[schema(required = true, value_type = String, format = Date)]
    pub end_date: Option<String>,
}

/// Out-of-office dates: both given, the end not before the start.
pub fn checked_ooo(start: Option<&str>, end: Option<&str>) -> AppResult<(NaiveDate, NaiveDate)> {
    let (Some(start), Some(end)) = (parse_day("start date", start)?, parse_day("end date", end)?)
    else {
        return Err(AppError::BadRequest(MSG_BOTH_DATES.into()));
    };
    if end < start {
        return Err(AppError::BadRequest(MSG_END_BEFORE_START.into()));
    }
    Ok((start, end))
}

/// Says whether the appraiser works with trainees.
#[utoipa::path(
    post,
    path = "/api/appraiser/update-trainee-info",
    tag = "appraiser",
    request_body = UpdateTrainee,
    responses(
        (status = 200, body = AppraiserInfo),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn update_trainee_info(
    Call { state, caller }: Call,
    Json(body): Json<UpdateTrainee>,
) -> AppResult<axum::Json<AppraiserInfo>> {
    let appraiser = required_appraiser(body.appraiser_id)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (profile, user) = managed(&txn, &caller, appraiser).await?;
    let has_trainee =
        body.has_trainee.ok_or_else(|| AppError::BadRequest(MSG_HAS_TRAINEE_REQUIRED.into()))?;
    let mut changed = profile.into_active_model();
    changed.no_trainee = Set(!has_trainee);
    let profile = changed.update(&txn).await?;
    record(&txn, &caller, "profile.trainee", appraiser, format!("hasTrainee={has_trainee}"))
        .await?;
    txn.commit().await?;
    Ok(axum::Json(appraiser_info(profile, user)?))
}

/// Sets the appraiser's out-of-office dates.
#[utoipa::path(
    post,
    path = "/api/appraiser/update-ooo",
    tag = "appraiser",
    request_body = UpdateOoo,
    responses(
        (status = 200, body = AppraiserInfo),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn update_ooo(
    Call { state, caller }: Call,
    Json(body): Json<UpdateOoo>,
) -> AppResult<axum::Json<AppraiserInfo>> {
    let appraiser = required_appraiser(body.appraiser_id)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (profile, user) = managed(&txn, &caller, appraiser).await?;
    let (start, end) = checked_ooo(body.start_date.as_deref(), body.end_date.as_deref())?;
    let mut changed = profile.into_active_model();
    changed.ooo_start_date = Set(Some(start));
    changed.ooo_end_date = Set(Some(end));
    let profile = changed.update(&txn).await?;
    record(&txn, &caller, "profile.out_of_office", appraiser, format!("{start} to {end}")).await?;
    txn.commit().await?;
    Ok(axum::Json(appraiser_info(profile, user)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_office_dates() {
        let day = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        type Case<'a> = (Option<&'a str>, Option<&'a str>, Result<(NaiveDate, NaiveDate), &'a str>);
        let table: [Case; 7] = [
            (Some("2026-07-01"), Some("2026-07-10"), Ok((day("2026-07-01"), day("2026-07-10")))),
            (Some("2026-07-01"), Some("2026-07-01"), Ok((day("2026-07-01"), day("2026-07-01")))),
            (Some("2026-07-10"), Some("2026-07-01"), Err(MSG_END_BEFORE_START)),
            (None, Some("2026-07-01"), Err(MSG_BOTH_DATES)),
            (Some("2026-07-01"), Some(" "), Err(MSG_BOTH_DATES)),
            (None, None, Err(MSG_BOTH_DATES)),
            (
                Some("07/01/2026"),
                Some("2026-07-10"),
                Err("The start date must be a date in the form yyyy-mm-dd (got '07/01/2026')."),
            ),
        ];
        for (start, end, expected) in table {
            assert_eq!(
                checked_ooo(start, end).map_err(|e| e.to_string()),
                expected.map_err(str::to_string),
                "{start:?} {end:?}"
            );
        }
    }
}
