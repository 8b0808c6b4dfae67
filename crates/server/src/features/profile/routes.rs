//! GET /api/appraiser/me and /api/appraiser/{id}: the appraiser info (profile, office, E&O,
//! out of office, EPP state).
use chrono::NaiveDate;
use portal_db::entities::{appraiser_profile, security_user};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::users::routes::SecurityUser;
use crate::platform::call::{Call, CallOn};
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::money::Cents;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me)).routes(routes!(by_user_id))
}

/// The appraiser info the profile, payments and dashboard pages read (fields this release keeps).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppraiserInfo {
    pub id: i32,
    pub security_user: SecurityUser,
    pub office_address_line1: Option<String>,
    pub office_address_line2: Option<String>,
    pub office_city: Option<String>,
    pub office_state_code: Option<String>,
    pub office_zip_code: Option<String>,
    pub is_fha_certified: bool,
    pub is_staff_appraiser: bool,
    pub no_trainee: bool,
    /// Payment fields from the appraiser's EPP party; null until onboarded.
    pub company_name: Option<String>,
    pub vendor_name: Option<String>,
    pub is_linked: bool,
    pub street_address: Option<String>,
    pub state: Option<String>,
    pub city: Option<String>,
    pub zip: Option<String>,
    pub payment_status: Option<String>,
    pub ready_for_epp_onboarding: bool,
    pub epp_party_data: Option<crate::platform::epp::EppPartyData>,
    /// Out of office, both days included.
    pub ooo_start_date: Option<NaiveDate>,
    pub ooo_end_date: Option<NaiveDate>,
    /// Errors and omissions insurance; amounts in USD, 0 when not given.
    pub eno_provider: Option<String>,
    pub eno_per_incident_amount: Cents,
    pub eno_aggregate_amount: Cents,
    pub eno_expiration_date: Option<NaiveDate>,
    /// Open orders the appraiser takes at most; null for no limit.
    pub capacity: Option<i32>,
    /// Suspended from the panel (no work is offered or assigned).
    pub suspended: bool,
}

pub fn appraiser_info(
    profile: appraiser_profile::Model,
    user: security_user::Model,
) -> AppResult<AppraiserInfo> {
    let epp_party_data = crate::platform::epp::stored_party(&profile);
    Ok(AppraiserInfo {
        company_name: profile.epp_company_name,
        vendor_name: profile.epp_vendor_name,
        is_linked: profile.epp_is_linked,
        street_address: profile.epp_street_address,
        state: profile.epp_state,
        city: profile.epp_city,
        zip: profile.epp_zip,
        payment_status: profile.epp_payment_status,
        ready_for_epp_onboarding: profile.ready_for_epp_onboarding,
        epp_party_data,
        id: profile.id,
        security_user: user.try_into()?,
        office_address_line1: profile.office_address_line1,
        office_address_line2: profile.office_address_line2,
        office_city: profile.office_city,
        office_state_code: profile.office_state_code,
        office_zip_code: profile.office_zip_code,
        is_fha_certified: profile.is_fha_certified,
        is_staff_appraiser: profile.is_staff_appraiser,
        no_trainee: profile.no_trainee,
        ooo_start_date: profile.ooo_start_date,
        ooo_end_date: profile.ooo_end_date,
        eno_provider: profile.eno_provider,
        eno_per_incident_amount: Cents(profile.eno_per_incident_cents),
        eno_aggregate_amount: Cents(profile.eno_aggregate_cents),
        eno_expiration_date: profile.eno_expiration_date,
        capacity: profile.capacity,
        suspended: profile.suspended_at.is_some(),
    })
}

async fn load(
    state: &AppState,
    caller: &CurrentUser,
    security_user_id: i32,
) -> AppResult<axum::Json<AppraiserInfo>> {
    let (profile, user) = super::managed(&state.db, caller, security_user_id).await?;
    Ok(axum::Json(appraiser_info(profile, user)?))
}

/// The caller's own appraiser record.
#[utoipa::path(get, path = "/api/appraiser/me", tag = "appraiser",
    responses((status = 200, body = AppraiserInfo), (status = 404, body = MessageResponse)))]
async fn me(Call { state, caller }: Call) -> AppResult<axum::Json<AppraiserInfo>> {
    load(&state, &caller, caller.id()).await
}

/// An appraiser's record by security user id: their own, their firm administrator's, or staff's.
#[utoipa::path(
    get,
    path = "/api/appraiser/{id}",
    tag = "appraiser",
    params(("id" = i32, Path, description = "security user id")),
    responses((status = 200, body = AppraiserInfo), ReadAnswers),
)]
async fn by_user_id(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<AppraiserInfo>> {
    load(&state, &caller, id).await
}
