//! /api/appraiser/{id}/payment-history and the three EPP calls (access URL, onboarding token,
//! party information).
use chrono::NaiveDate;
use portal_db::entities::{appraiser_profile, order, payment};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::payments::payable::{PayableOrder, payable_orders};
use crate::features::profile::appraiser_of;
use crate::kernel::orders::pay_by;
use crate::kernel::users::access::ensure_may_manage_user;
use crate::platform::call::CallOn;
use crate::platform::current_user::CurrentUser;
use crate::platform::epp::{EppAppraiser, EppPartyData, OnboardingLink, stored_party};
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::money::Cents;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(payment_history))
        .routes(routes!(unpaid_orders))
        .routes(routes!(epp_party_access_url))
        .routes(routes!(onboard_token))
        .routes(routes!(epp_party_information))
}

pub const MSG_RANGE: &str = "The end date cannot be before the start date.";
pub const MSG_NOT_READY: &str =
    "Your account is not ready for EPP onboarding yet. Please contact support.";
pub const MSG_ALREADY_ONBOARDED: &str = "You have already onboarded to EPP.";
pub const MSG_NOT_ONBOARDED: &str = "You have not onboarded to EPP yet.";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PaymentSearch {
    /// yyyy-mm-dd, inclusive; empty for no lower bound.
    pub create_date_from: Option<String>,
    /// yyyy-mm-dd, inclusive, not before createDateFrom; empty for no upper bound.
    pub create_date_to: Option<String>,
}

/// One payment in an appraiser's payment history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentHistoryItem {
    pub usa_file_number: String,
    pub address: String,
    /// USD with 2 decimals.
    pub payment_amount: Cents,
    pub payment_date: NaiveDate,
    pub borrower: String,
    /// The order's pay-by date (null when unknown).
    pub pay_by: Option<NaiveDate>,
    /// Paid after its pay-by date.
    pub late: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EppAccessUrl {
    pub url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EppPartyInformation {
    /// None while the appraiser has not onboarded.
    pub epp_party_data: Option<EppPartyData>,
}

fn parse_date(name: &str, value: &Option<String>) -> AppResult<Option<NaiveDate>> {
    match value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(v.get(..10).unwrap_or(v), "%Y-%m-%d")
            .map(Some)
            .map_err(|_| {
                AppError::BadRequest(format!(
                    "{name} must be a date in the form yyyy-mm-dd (got '{v}')."
                ))
            }),
    }
}

/// The checked range: end not before start.
pub fn date_range(search: &PaymentSearch) -> AppResult<(Option<NaiveDate>, Option<NaiveDate>)> {
    let from = parse_date("createDateFrom", &search.create_date_from)?;
    let to = parse_date("createDateTo", &search.create_date_to)?;
    if let (Some(from), Some(to)) = (from, to)
        && to < from
    {
        return Err(AppError::BadRequest(MSG_RANGE.into()));
    }
    Ok((from, to))
}

/// The EPP calls are for the caller's own appraiser record only.
async fn own_profile(
    state: &AppState,
    caller: &CurrentUser,
    id: i32,
) -> AppResult<(appraiser_profile::Model, EppAppraiser)> {
    if caller.id() != id {
        return Err(AppError::forbidden());
    }
    let (profile, user) = appraiser_of(&state.db, id).await?;
    let appraiser = EppAppraiser {
        security_user_id: user.id,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        party_id: profile.epp_party_id.clone(),
    };
    Ok((profile, appraiser))
}

/// Payments to an appraiser in a date range, newest first: for the appraiser, their firm's
/// administrator, staff and the secret administrator.
#[utoipa::path(
    post,
    path = "/api/appraiser/{id}/payment-history",
    tag = "payments",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    request_body = PaymentSearch,
    responses(
        (status = 200, body = Vec<PaymentHistoryItem>),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn payment_history(
    CallOn { state, caller, id }: CallOn<i32>,
    Json(search): Json<PaymentSearch>,
) -> AppResult<axum::Json<Vec<PaymentHistoryItem>>> {
    ensure_may_manage_user(&state.db, &caller, id).await?;
    let (from, to) = date_range(&search)?;
    appraiser_of(&state.db, id).await?;
    let mut query = payment::Entity::find().filter(payment::Column::AppraiserUserId.eq(id));
    if let Some(from) = from {
        query = query.filter(payment::Column::PaymentDate.gte(from));
    }
    if let Some(to) = to {
        query = query.filter(payment::Column::PaymentDate.lte(to));
    }
    let rows = query
        .order_by_desc(payment::Column::PaymentDate)
        .order_by_desc(payment::Column::Id)
        .all(&state.db)
        .await?;
    let orders = order::Entity::find()
        .filter(order::Column::Id.is_in(rows.iter().filter_map(|p| p.order_id)))
        .all(&state.db)
        .await?;
    let pay_by_dates = pay_by::of_orders(&state.db, &state.config, &orders).await?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|p| {
                let pay_by = p.order_id.and_then(|id| pay_by_dates.get(&id).copied());
                PaymentHistoryItem {
                    late: pay_by.is_some_and(|day| p.payment_date > day),
                    pay_by,
                    usa_file_number: p.usa_file_number,
                    address: p.address,
                    payment_amount: Cents(p.amount_cents),
                    payment_date: p.payment_date,
                    borrower: p.borrower,
                }
            })
            .collect(),
    ))
}

/// The appraiser's completed or delivered orders not paid yet, newest first, each with its pay-by
/// date (late or due soon) and why staff withhold the payment when they do: for the appraiser,
/// their firm's administrator, staff and the secret administrator.
#[utoipa::path(get, path = "/api/appraiser/{id}/unpaid-orders", tag = "payments",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = Vec<PayableOrder>), ReadAnswers))]
async fn unpaid_orders(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<Vec<PayableOrder>>> {
    ensure_may_manage_user(&state.db, &caller, id).await?;
    appraiser_of(&state.db, id).await?;
    Ok(axum::Json(payable_orders(&state.db, &state.config, Some(id)).await?))
}

/// A link to the caller's party profile on the EPP ('View EPP Profile').
#[utoipa::path(get, path = "/api/appraiser/{id}/epp-party-access-url", tag = "payments",
    params(("id" = i32, Path, description = "the caller's own security user id")),
    responses((status = 200, body = EppAccessUrl), (status = 403, body = MessageResponse),
              (status = 404, body = MessageResponse), (status = 409, body = MessageResponse)))]
async fn epp_party_access_url(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<EppAccessUrl>> {
    let (_, appraiser) = own_profile(&state, &caller, id).await?;
    let party_id =
        appraiser.party_id.clone().ok_or_else(|| AppError::Conflict(MSG_NOT_ONBOARDED.into()))?;
    let url = state.epp.party_access_url(&appraiser, &party_id).await?;
    Ok(axum::Json(EppAccessUrl { url }))
}

/// Starts EPP onboarding: a single-use token and the page to open in a new tab.
#[utoipa::path(get, path = "/api/appraiser/{id}/onboard-token", tag = "payments",
    params(("id" = i32, Path, description = "the caller's own security user id")),
    responses((status = 200, body = OnboardingLink), (status = 403, body = MessageResponse),
              (status = 404, body = MessageResponse), (status = 409, body = MessageResponse)))]
async fn onboard_token(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<OnboardingLink>> {
    let (profile, appraiser) = own_profile(&state, &caller, id).await?;
    if profile.epp_party_id.is_some() {
        return Err(AppError::Conflict(MSG_ALREADY_ONBOARDED.into()));
    }
    if !profile.ready_for_epp_onboarding {
        return Err(AppError::Conflict(MSG_NOT_READY.into()));
    }
    Ok(axum::Json(state.epp.onboard_token(&appraiser).await?))
}

/// The caller's party on the EPP, fetched from the platform and kept on the profile (so
/// /api/appraiser/me shows it); eppPartyData is null while they have not onboarded.
#[utoipa::path(get, path = "/api/appraiser/{id}/epp-party-information", tag = "payments",
    params(("id" = i32, Path, description = "the caller's own security user id")),
    responses((status = 200, body = EppPartyInformation), ReadAnswers))]
async fn epp_party_information(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<EppPartyInformation>> {
    let (profile, appraiser) = own_profile(&state, &caller, id).await?;
    let stored = stored_party(&profile);
    let party = state.epp.party_information(&appraiser).await?.map(|mut p| {
        // Keep the first onboarding time when the platform does not say.
        p.onboarded_at = p
            .onboarded_at
            .or(stored.as_ref().and_then(|s| s.onboarded_at))
            .or(Some(chrono::Utc::now()));
        p
    });
    if let Some(p) = &party
        && stored.as_ref() != Some(p)
    {
        let mut row = profile.into_active_model();
        row.epp_party_id = Set(Some(p.party_id.clone()));
        row.epp_company_name = Set(p.company_name.clone());
        row.epp_vendor_name = Set(p.vendor_name.clone());
        row.epp_payment_status = Set(p.payment_status.clone());
        row.epp_is_linked = Set(p.is_linked);
        row.epp_street_address = Set(p.street_address.clone());
        row.epp_state = Set(p.state.clone());
        row.epp_city = Set(p.city.clone());
        row.epp_zip = Set(p.zip.clone());
        row.epp_onboarded_at = Set(p.onboarded_at);
        row.update(&state.db).await?;
    }
    Ok(axum::Json(EppPartyInformation { epp_party_data: party }))
}
