//! Bringing appraisers on board: firms, the appraisers of every firm, new accounts (an invitation
//! e-mail with a link to choose a password, 72 hours, single use), licences, and deactivating an
//! account (its sessions end at once and it leaves every candidate list) or reactivating it.
use std::collections::HashMap;

use crate::platform::call::{Call, CallOn};
use crate::platform::http::extract::Query;
use axum::extract::State;
use axum::http::StatusCode;
use portal_db::entities::appraiser_profile::{self, Column};
use portal_db::entities::{appraiser_license, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, ModelTrait,
    NotSet, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::firms::joinable_firm;
use crate::features::auth::{reset, session};
use crate::features::profile::licenses::License;
use crate::features::profile::routes::{AppraiserInfo, appraiser_info};
use crate::features::profile::tax::{self, TaxForm, TaxInfo};
use crate::kernel::orders::assign::{Appraisers, open_order_counts};
use crate::kernel::users::accounts::{self, NewPerson};
use crate::platform::audit::audit_staff;
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::{
    MAX_LINE, ReasonBody, corrected, invalid, named, optional, optional_phone, optional_state,
    optional_zip, required, required_date, text_column,
};
use crate::platform::geography;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppError, AppResult, ChangeAnswers, MessageResponse};
use crate::platform::http::extract::{Json, Path};
use crate::platform::names::full_name;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_appraisers, create_appraiser))
        .routes(routes!(update_appraiser))
        .routes(routes!(appraiser_tax_info))
        .routes(routes!(reveal_tax_id))
        .routes(routes!(add_license))
        .routes(routes!(delete_license))
        .routes(routes!(deactivate))
        .routes(routes!(reactivate))
}

pub const MSG_NO_APPRAISER: &str = "No such appraiser.";
const MAX_LISTED: u64 = 500;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppraiserItem {
    /// Security user id.
    pub id: i32,
    pub username: String,
    pub name: String,
    pub email: String,
    pub cell_phone: Option<String>,
    /// appraiser or appraiser-admin.
    #[serde(rename = "type")]
    pub user_type: String,
    pub company_id: Option<i32>,
    pub company: Option<String>,
    pub active: bool,
    pub licenses: Vec<License>,
    pub open_orders: i64,
    /// Suspended from the panel (no work is offered or assigned).
    pub suspended: bool,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AppraiserQuery {
    /// Part of a name, username or e-mail address.
    pub q: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppraiserForm {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 100,
        pattern = "\\S"
    )]
    pub username: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 100,
        pattern = "\\S"
    )]
    pub first_name: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 100,
        pattern = "\\S"
    )]
    pub last_name: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        max_length = 200,
        pattern = "^[^@\\s]+@[^\\s.]\\S*\\.\\S*$"
    )]
    pub email: Option<String>,
    /// Ten digits, written with any spaces, dots, dashes or brackets.
    #[schema(max_length = 30, pattern = "^([ .()+-]*(1[ .()+-]*)?([0-9][ .()+-]*){10})?$")]
    pub cell_phone: Option<String>,
    pub company_id: Option<i32>,
    /// appraiser (the default) or appraiser-admin.
    #[serde(rename = "type")]
    #[schema(pattern = "^(appraiser|appraiser-admin)$")]
    pub user_type: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LicenseForm {
    #[serde(rename = "type")]
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 100,
        pattern = "\\S"
    )]
    pub license_type: Option<String>,
    #[schema(required = true, value_type = String, pattern = "^[A-Za-z]{2}$")]
    pub state_code: Option<String>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 50,
        pattern = "\\S"
    )]
    pub og_number: Option<String>,
    /// yyyy-mm-dd
    #[schema(required = true, value_type = String, format = Date)]
    pub expiration_date: Option<String>,
}

fn type_name(user_type: UserType) -> &'static str {
    if user_type == UserType::AppraiserAdmin { "appraiser-admin" } else { "appraiser" }
}

/// Every firm's appraisers and administrators (the first 500 by name), optionally those whose
/// name, username or e-mail contains `q`.
#[utoipa::path(get, path = "/api/staff/appraisers", tag = "staff", params(AppraiserQuery),
    responses((status = 200, body = Vec<AppraiserItem>), (status = 403, body = MessageResponse)))]
async fn list_appraisers(
    State(state): State<AppState>,
    Query(query): Query<AppraiserQuery>,
) -> AppResult<axum::Json<Vec<AppraiserItem>>> {
    use sea_orm::QuerySelect;
    use sea_orm::sea_query::{Condition, ExprTrait};
    let db = &state.db;
    let mut users = security_user::Entity::find()
        .filter(
            security_user::Column::UserType
                .is_in([UserType::Appraiser.number(), UserType::AppraiserAdmin.number()]),
        )
        .order_by_asc(security_user::Column::LastName)
        .order_by_asc(security_user::Column::FirstName)
        .limit(MAX_LISTED);
    if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let pattern = format!("%{}%", q.to_lowercase().replace(['%', '_'], ""));
        let lower = |c: security_user::Column| {
            Expr::expr(sea_orm::sea_query::Func::lower(Expr::col(c))).like(pattern.clone())
        };
        users = users.filter(
            Condition::any()
                .add(lower(security_user::Column::FirstName))
                .add(lower(security_user::Column::LastName))
                .add(lower(security_user::Column::LoginId))
                .add(lower(security_user::Column::Email)),
        );
    }
    let users = users.all(db).await?;
    let ids: Vec<i32> = users.iter().map(|u| u.id).collect();
    let profiles: HashMap<i32, appraiser_profile::Model> = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.security_user_id, p))
        .collect();
    let profile_ids: Vec<i32> = profiles.values().map(|p| p.id).collect();
    let mut licenses: HashMap<i32, Vec<License>> = HashMap::new();
    for l in appraiser_license::Entity::find()
        .filter(appraiser_license::Column::AppraiserProfileId.is_in(profile_ids))
        .order_by_asc(appraiser_license::Column::StateCode)
        .all(db)
        .await?
    {
        licenses.entry(l.appraiser_profile_id).or_default().push(l.into());
    }
    let firms = super::firm_names(db).await?;
    let counts = open_order_counts(db, &Appraisers::Ids(ids)).await?;
    Ok(axum::Json(
        users
            .into_iter()
            .map(|u| {
                let profile = profiles.get(&u.id);
                let company_id = profile.and_then(|p| p.company_id);
                AppraiserItem {
                    id: u.id,
                    name: full_name(&u),
                    user_type: type_name(u.user_type).into(),
                    company: company_id.and_then(|c| firms.get(&c).cloned()),
                    company_id,
                    licenses: profile.and_then(|p| licenses.remove(&p.id)).unwrap_or_default(),
                    open_orders: counts.get(&u.id).copied().unwrap_or(0),
                    suspended: profile.is_some_and(|p| p.suspended_at.is_some()),
                    username: u.login_id,
                    email: u.email,
                    cell_phone: u.cell_phone,
                    active: u.active,
                }
            })
            .collect(),
    ))
}

/// Opens an account for an appraiser (or a firm's administrator) and e-mails the invitation.
#[utoipa::path(
    post,
    path = "/api/staff/appraisers",
    tag = "staff",
    request_body = AppraiserForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn create_appraiser(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<AppraiserForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let person = NewPerson::checked(
        form.username.as_deref(),
        form.first_name.as_deref(),
        form.last_name.as_deref(),
        form.email.as_deref(),
    )?;
    let cell = optional_phone(named("cellPhone", "Cell phone"), form.cell_phone.as_deref())?;
    let user_type = match form.user_type.as_deref().unwrap_or("appraiser") {
        "appraiser" => UserType::Appraiser,
        "appraiser-admin" => UserType::AppraiserAdmin,
        other => {
            return Err(invalid(format!(
                "Type must be appraiser or appraiser-admin (got '{other}')."
            )));
        }
    };
    let txn = portal_db::begin_write(&state.db).await?;
    if let Some(company) = form.company_id {
        joinable_firm(&txn, company).await?;
    } else if user_type == UserType::AppraiserAdmin {
        return Err(invalid("A firm's administrator needs a firm."));
    }
    let user = accounts::create(&txn, person.invited(user_type, form.company_id)).await?;
    let mut row = user.clone().into_active_model();
    row.cell_phone = Set(cell);
    let user = row.update(&txn).await?;
    reset::invite(&txn, &state, &user).await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.appraiser_created",
        format!("user {} ({})", user.id, user.login_id),
    )
    .await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: user.id.into(), file_number: None })))
}

/// The appraiser profile of security user `id` (404 for anyone else).
async fn profile_of(
    db: &impl ConnectionTrait,
    id: i32,
) -> AppResult<(security_user::Model, appraiser_profile::Model)> {
    let found = appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(id))
        .find_also_related(security_user::Entity)
        .one(db)
        .await?;
    match found {
        Some((profile, Some(user))) if user.user_type.is_appraiser_kind() => Ok((user, profile)),
        _ => Err(AppError::NotFound(MSG_NO_APPRAISER.into())),
    }
}

#[utoipa::path(
    post,
    path = "/api/staff/appraisers/{id}/licenses",
    tag = "staff",
    request_body = LicenseForm,
    params(("id" = i32, Path, description = "Security user id")),
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn add_license(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(form): Json<LicenseForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let license_type = required(named("type", "Licence type"), form.license_type.as_deref(), 100)?;
    let code = required(named("stateCode", "Licence state"), form.state_code.as_deref(), 2)?;
    let state_code = geography::state(&code)
        .ok_or_else(|| {
            invalid(format!("Licence state '{code}' is not a state of the United States."))
        })?
        .postal
        .clone();
    let og_number = required(named("ogNumber", "Licence number"), form.og_number.as_deref(), 50)?;
    let expiration_date =
        required_date(named("expirationDate", "Expiration date"), form.expiration_date.as_deref())?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (user, profile) = profile_of(&txn, id).await?;
    let saved = appraiser_license::ActiveModel {
        id: NotSet,
        appraiser_profile_id: Set(profile.id),
        license_type: Set(license_type),
        state_code: Set(state_code),
        og_number: Set(og_number),
        expiration_date: Set(expiration_date),
    }
    .insert(&txn)
    .await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.license_added",
        format!("licence {} ({}) of user {}", saved.id, saved.state_code, user.id),
    )
    .await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: saved.id.into(), file_number: None })))
}

#[utoipa::path(
    delete,
    path = "/api/staff/appraisers/{id}/licenses/{license_id}",
    tag = "staff",
    params(
        ("id" = i32, Path, description = "Security user id"),
        ("license_id" = i32, Path, description = "Licence id"),
    ),
    responses(
        (status = 200, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn delete_license(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Path((id, license_id)): Path<(i32, i32)>,
) -> AppResult<axum::Json<MessageResponse>> {
    let txn = portal_db::begin_write(&state.db).await?;
    let (user, profile) = profile_of(&txn, id).await?;
    let deleted = appraiser_license::Entity::delete_many()
        .filter(appraiser_license::Column::Id.eq(license_id))
        .filter(appraiser_license::Column::AppraiserProfileId.eq(profile.id))
        .exec(&txn)
        .await?;
    if deleted.rows_affected != 1 {
        return Err(AppError::NotFound("No such licence of this appraiser.".into()));
    }
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.license_deleted",
        format!("licence {license_id} of user {}", user.id),
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("The licence was deleted.")))
}

/// Sets `active`; 409 when it already is so. Deactivating ends every session of the account.
async fn set_active(
    state: &AppState,
    caller: &CurrentUser,
    ip: &str,
    id: i32,
    active: bool,
) -> AppResult<security_user::Model> {
    let txn = portal_db::begin_write(&state.db).await?;
    let (user, _) = profile_of(&txn, id).await?;
    let changed = security_user::Entity::update_many()
        .col_expr(security_user::Column::Active, Expr::value(active))
        .filter(security_user::Column::Id.eq(id))
        .filter(security_user::Column::Active.eq(!active))
        .exec(&txn)
        .await?;
    if changed.rows_affected != 1 {
        let already = if active { "active" } else { "deactivated" };
        return Err(AppError::Conflict(format!("{} is already {already}.", full_name(&user))));
    }
    if !active {
        session::end_all_for_user(&txn, &state.live.sessions, id, None).await?;
    }
    let action = if active { "staff.appraiser_reactivated" } else { "staff.appraiser_deactivated" };
    audit_staff(&txn, caller, ip, action, format!("user {id} ({})", user.login_id)).await?;
    txn.commit().await?;
    Ok(user)
}

#[utoipa::path(
    post,
    path = "/api/staff/appraisers/{id}/deactivate",
    tag = "staff",
    params(("id" = i32, Path, description = "Security user id")),
    responses(ChangeAnswers),
)]
async fn deactivate(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
) -> AppResult<axum::Json<MessageResponse>> {
    let user = set_active(&state, &caller, &ip, id, false).await?;
    Ok(axum::Json(MessageResponse::new(format!("{} was deactivated.", full_name(&user)))))
}

#[utoipa::path(
    post,
    path = "/api/staff/appraisers/{id}/reactivate",
    tag = "staff",
    params(("id" = i32, Path, description = "Security user id")),
    responses(ChangeAnswers),
)]
async fn reactivate(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
) -> AppResult<axum::Json<MessageResponse>> {
    let user = set_active(&state, &caller, &ip, id, true).await?;
    Ok(axum::Json(MessageResponse::new(format!("{} was reactivated.", full_name(&user)))))
}

/// A staff correction of an appraiser's record: every field left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppraiserChange {
    #[schema(max_length = 200)]
    pub office_address_line1: Option<String>,
    #[schema(max_length = 200)]
    pub office_address_line2: Option<String>,
    #[schema(max_length = 100)]
    pub office_city: Option<String>,
    /// Two-letter postal code.
    #[schema(pattern = "^([A-Za-z]{2})?$")]
    pub office_state_code: Option<String>,
    /// Five digits.
    #[schema(pattern = "^([0-9]{5})?$")]
    pub office_zip_code: Option<String>,
    /// Ten digits, written with any spaces, dots, dashes or brackets; an empty text clears it.
    #[schema(max_length = 30, pattern = "^([ .()+-]*(1[ .()+-]*)?([0-9][ .()+-]*){10})?$")]
    pub cell_phone: Option<String>,
    /// On the FHA roster.
    pub is_fha_certified: Option<bool>,
    /// Set up for onboarding to the enterprise payment platform.
    pub ready_for_epp_onboarding: Option<bool>,
    /// The 1099-NEC details (`taxId`, `legalName`, `taxAddress`).
    #[serde(flatten)]
    pub tax: TaxForm,
}

/// Corrects an appraiser's office, cell phone, FHA roster flag, EPP readiness or 1099 details;
/// the audit row names each change (old and new value; a tax number only by name).
#[utoipa::path(
    put,
    path = "/api/staff/appraisers/{id}",
    tag = "staff",
    request_body = AppraiserChange,
    params(("id" = i32, Path, description = "Security user id")),
    responses(
        (status = 200, body = AppraiserInfo),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn update_appraiser(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(change): Json<AppraiserChange>,
) -> AppResult<axum::Json<AppraiserInfo>> {
    let line1 = optional(
        named("officeAddressLine1", "Office address"),
        change.office_address_line1.as_deref(),
        MAX_LINE,
    )?;
    let line2 = optional(
        named("officeAddressLine2", "Office address line 2"),
        change.office_address_line2.as_deref(),
        MAX_LINE,
    )?;
    let city = optional(named("officeCity", "Office city"), change.office_city.as_deref(), 100)?;
    let state_code = optional_state(
        named("officeStateCode", "Office state"),
        change.office_state_code.as_deref(),
    )?;
    let zip =
        optional_zip(named("officeZipCode", "Office zip"), change.office_zip_code.as_deref())?;
    let cell = optional_phone(named("cellPhone", "Cell phone"), change.cell_phone.as_deref())?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (user, profile) = profile_of(&txn, id).await?;
    let mut changed = Vec::new();
    let mut row = profile.clone().into_active_model();
    let p = &profile;
    let office_parts = [
        (Column::OfficeAddressLine1, "office address", &change.office_address_line1, line1),
        (Column::OfficeAddressLine2, "office address line 2", &change.office_address_line2, line2),
        (Column::OfficeCity, "office city", &change.office_city, city),
        (Column::OfficeStateCode, "office state", &change.office_state_code, state_code),
        (Column::OfficeZipCode, "office zip", &change.office_zip_code, zip),
    ];
    for (column, label, given, new) in office_parts {
        let old = text_column(p.get(column))?;
        if let Some(v) = corrected(&mut changed, label, given.is_some(), new, &old) {
            row.try_set(column, v.into())?;
        }
    }
    if let Some(fha) = change.is_fha_certified.filter(|v| *v != p.is_fha_certified) {
        changed.push(format!("FHA roster from {} to {fha}", p.is_fha_certified));
        row.is_fha_certified = Set(fha);
    }
    if let Some(ready) =
        change.ready_for_epp_onboarding.filter(|v| *v != p.ready_for_epp_onboarding)
    {
        changed.push(format!(
            "ready for EPP onboarding from {} to {ready}",
            p.ready_for_epp_onboarding
        ));
        row.ready_for_epp_onboarding = Set(ready);
    }
    let profile = if row.is_changed() { row.update(&txn).await? } else { profile };
    changed.extend(tax::save(&txn, state.data_keys.as_deref(), id, &change.tax).await?);
    let mut user_row = user.clone().into_active_model();
    if let Some(v) =
        corrected(&mut changed, "cell phone", change.cell_phone.is_some(), cell, &user.cell_phone)
    {
        user_row.cell_phone = Set(v);
    }
    let user = if user_row.is_changed() {
        session::user_changed(&txn, &state.live.sessions, user.id).await?;
        user_row.update(&txn).await?
    } else {
        user
    };
    if !changed.is_empty() {
        audit_staff(
            &txn,
            &caller,
            &ip,
            "staff.appraiser_updated",
            format!("user {id} ({}): {}", user.login_id, changed.join(", ")),
        )
        .await?;
    }
    txn.commit().await?;
    Ok(axum::Json(appraiser_info(profile, user)?))
}

/// An appraiser's 1099 details as staff see them (the tax number's last four digits only).
#[utoipa::path(
    get,
    path = "/api/staff/appraisers/{id}/tax-info",
    tag = "staff",
    params(("id" = i32, Path, description = "Security user id")),
    responses(
        (status = 200, body = TaxInfo),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn appraiser_tax_info(
    CallOn { state, caller: _, id }: CallOn<i32>,
) -> AppResult<axum::Json<TaxInfo>> {
    profile_of(&state.db, id).await?;
    Ok(axum::Json(tax::view(&state.db, id).await?))
}

/// The whole tax number, for a filing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedTaxId {
    /// Null when none is on file.
    pub tax_id: Option<String>,
}

/// Shows the whole tax number to staff who say why; the reason is audited.
#[utoipa::path(
    post,
    path = "/api/staff/appraisers/{id}/tax-id",
    tag = "staff",
    request_body = ReasonBody,
    params(("id" = i32, Path, description = "Security user id")),
    responses(
        (status = 200, body = RevealedTaxId),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn reveal_tax_id(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ReasonBody>,
) -> AppResult<axum::Json<RevealedTaxId>> {
    let reason = body.reason()?;
    let txn = portal_db::begin_write(&state.db).await?;
    let (user, _) = profile_of(&txn, id).await?;
    let tax_id = tax::reveal(&txn, state.data_keys.as_deref(), id).await?;
    let detail = format!("user {id} ({}): {reason}", user.login_id);
    audit_staff(&txn, &caller, &ip, "staff.tax_id_revealed", detail).await?;
    txn.commit().await?;
    Ok(axum::Json(RevealedTaxId { tax_id }))
}
