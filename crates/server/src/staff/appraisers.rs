//! Bringing appraisers on board: firms, the appraisers of every firm, new accounts (an invitation
//! e-mail with a link to choose a password, 72 hours, single use), licences, and deactivating an
//! account (its sessions end at once and it leaves every candidate list) or reactivating it.
use std::collections::HashMap;

use crate::http::extract::Query;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use portal_db::entities::{appraisal_company, appraiser_license, appraiser_profile, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::fields::{
    MAX_LINE, invalid, optional, optional_email, optional_phone, required, required_date,
};
use super::{Created, audit_staff};
use crate::auth::session;
use crate::current_user::CurrentUser;
use crate::delivery;
use crate::geography;
use crate::http::client_ip::ClientIp;
use crate::http::error::{AppError, AppResult, ChangeAnswers, MessageResponse};
use crate::http::extract::{Json, Path};
use crate::names::full_name;
use crate::names::normalize_username;
use crate::orders::assign::open_order_counts;
use crate::profile::licenses::License;
use crate::roles::UserType;
use crate::state::AppState;
use crate::tokens::random_token;
use crate::users::accounts::{self, NewUser};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_companies, create_company))
        .routes(routes!(list_appraisers, create_appraiser))
        .routes(routes!(add_license))
        .routes(routes!(delete_license))
        .routes(routes!(deactivate))
        .routes(routes!(reactivate))
}

/// How long an invitation link lets a new appraiser choose a password.
pub const INVITATION_HOURS: i64 = 72;
pub const MSG_NO_APPRAISER: &str = "No such appraiser.";
const MAX_LISTED: u64 = 500;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyItem {
    pub id: i32,
    pub name: String,
    pub office_address_line1: Option<String>,
    pub office_city: Option<String>,
    pub office_state_code: Option<String>,
    pub office_zip_code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyForm {
    pub name: Option<String>,
    pub office_address_line1: Option<String>,
    pub office_city: Option<String>,
    pub office_state_code: Option<String>,
    pub office_zip_code: Option<String>,
}

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
    pub username: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub cell_phone: Option<String>,
    pub company_id: Option<i32>,
    /// appraiser (the default) or appraiser-admin.
    #[serde(rename = "type")]
    pub user_type: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LicenseForm {
    #[serde(rename = "type")]
    pub license_type: Option<String>,
    pub state_code: Option<String>,
    pub og_number: Option<String>,
    /// yyyy-mm-dd
    pub expiration_date: Option<String>,
}

impl From<appraisal_company::Model> for CompanyItem {
    fn from(c: appraisal_company::Model) -> Self {
        CompanyItem {
            id: c.id,
            name: c.name,
            office_address_line1: c.office_address_line1,
            office_city: c.office_city,
            office_state_code: c.office_state_code,
            office_zip_code: c.office_zip_code,
        }
    }
}

#[utoipa::path(get, path = "/api/staff/companies", tag = "staff", responses((status = 200, body = Vec<CompanyItem>), (status = 403, body = MessageResponse)))]
async fn list_companies(State(state): State<AppState>) -> AppResult<axum::Json<Vec<CompanyItem>>> {
    let firms = appraisal_company::Entity::find()
        .order_by_asc(appraisal_company::Column::Name)
        .all(&state.db)
        .await?;
    Ok(axum::Json(firms.into_iter().map(CompanyItem::from).collect()))
}

#[utoipa::path(post, path = "/api/staff/companies", tag = "staff", request_body = CompanyForm,
    responses((status = 201, body = Created), (status = 403, body = MessageResponse), (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn create_company(
    State(state): State<AppState>,
    caller: CurrentUser,
    ClientIp(ip): ClientIp,
    Json(form): Json<CompanyForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let name = required("Company name", form.name.as_deref(), MAX_LINE)?;
    let line1 = optional("Office address", form.office_address_line1.as_deref(), MAX_LINE)?;
    let city = optional("Office city", form.office_city.as_deref(), 100)?;
    let state_code = match optional("Office state", form.office_state_code.as_deref(), 2)? {
        Some(code) => Some(
            geography::state(&code)
                .ok_or_else(|| {
                    invalid(format!("Office state '{code}' is not a state of the United States."))
                })?
                .postal
                .clone(),
        ),
        None => None,
    };
    let zip = optional("Office zip", form.office_zip_code.as_deref(), 10)?;
    if zip.as_ref().is_some_and(|z| z.len() != 5 || !z.chars().all(|c| c.is_ascii_digit())) {
        return Err(invalid(format!(
            "Office zip must be 5 digits (got '{}').",
            zip.unwrap_or_default()
        )));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    if appraisal_company::Entity::find()
        .filter(appraisal_company::Column::Name.eq(name.as_str()))
        .one(&txn)
        .await?
        .is_some()
    {
        return Err(AppError::Conflict(format!("A firm named {name} already exists.")));
    }
    let saved = appraisal_company::ActiveModel {
        id: NotSet,
        name: Set(name),
        created_at: Set(Utc::now()),
        office_address_line1: Set(line1),
        office_city: Set(city),
        office_state_code: Set(state_code),
        office_zip_code: Set(zip),
    }
    .insert(&txn)
    .await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.company_created",
        format!("firm {} ({})", saved.id, saved.name),
    )
    .await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: saved.id.into(), file_number: None })))
}

fn type_name(user_type: i16) -> &'static str {
    if UserType::from_number(user_type) == Some(UserType::AppraiserAdmin) {
        "appraiser-admin"
    } else {
        "appraiser"
    }
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
    let counts = open_order_counts(db, ids).await?;
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
                    username: u.login_id,
                    email: u.email,
                    cell_phone: u.cell_phone,
                    active: u.active,
                }
            })
            .collect(),
    ))
}

/// Queues the invitation: a single-use link to choose a password, valid INVITATION_HOURS.
async fn invite_to_sign_in(
    db: &impl ConnectionTrait,
    state: &AppState,
    user: &security_user::Model,
) -> AppResult<()> {
    let link = crate::auth::reset::issue_link(db, state, user.id, INVITATION_HOURS).await?;
    let lines = vec![
        format!("Hello {},", user.first_name.as_deref().unwrap_or("there")),
        String::new(),
        format!(
            "An Appraisal Portal account was opened for you. Your username is {}.",
            user.login_id
        ),
        format!(
            "Choose your password within {INVITATION_HOURS} hours with this link (it works once):"
        ),
        link,
    ];
    delivery::email(
        db,
        &user.email,
        "Welcome to Appraisal Portal: choose your password".into(),
        lines,
    )
    .await?;
    Ok(())
}

/// Opens an account for an appraiser (or a firm's administrator) and e-mails the invitation.
#[utoipa::path(post, path = "/api/staff/appraisers", tag = "staff", request_body = AppraiserForm,
    responses((status = 201, body = Created), (status = 403, body = MessageResponse), (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn create_appraiser(
    State(state): State<AppState>,
    caller: CurrentUser,
    ClientIp(ip): ClientIp,
    Json(form): Json<AppraiserForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let username = normalize_username(&required("Username", form.username.as_deref(), 100)?);
    if !username.chars().all(|c| c.is_ascii_alphanumeric() || "._-@".contains(c)) {
        return Err(invalid("Username may contain letters, digits and . _ - @ only."));
    }
    let first = required("First name", form.first_name.as_deref(), 100)?;
    let last = required("Last name", form.last_name.as_deref(), 100)?;
    let email = optional_email("E-mail", form.email.as_deref())?
        .ok_or_else(|| invalid("E-mail is required."))?;
    let cell = optional_phone("Cell phone", form.cell_phone.as_deref())?;
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
        appraisal_company::Entity::find_by_id(company)
            .one(&txn)
            .await?
            .ok_or_else(|| invalid(format!("Firm {company} does not exist.")))?;
    } else if user_type == UserType::AppraiserAdmin {
        return Err(invalid("A firm's administrator needs a firm."));
    }
    // Nobody knows this password: the new appraiser chooses theirs through the invitation.
    let unknown = format!("{}Aa1!", random_token());
    let new = NewUser {
        username,
        user_type,
        email,
        first_name: Some(first),
        last_name: Some(last),
        password: unknown,
        company_id: form.company_id,
    };
    let user = accounts::create(&txn, new).await?;
    let mut row = user.clone().into_active_model();
    row.cell_phone = Set(cell);
    let user = row.update(&txn).await?;
    invite_to_sign_in(&txn, &state, &user).await?;
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
        Some((profile, Some(user)))
            if UserType::from_number(user.user_type).is_some_and(UserType::is_appraiser_kind) =>
        {
            Ok((user, profile))
        }
        _ => Err(AppError::NotFound(MSG_NO_APPRAISER.into())),
    }
}

#[utoipa::path(post, path = "/api/staff/appraisers/{id}/licenses", tag = "staff", request_body = LicenseForm, params(("id" = i32, Path, description = "Security user id")),
    responses((status = 201, body = Created), (status = 403, body = MessageResponse), (status = 404, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn add_license(
    State(state): State<AppState>,
    caller: CurrentUser,
    ClientIp(ip): ClientIp,
    Path(id): Path<i32>,
    Json(form): Json<LicenseForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let license_type = required("Licence type", form.license_type.as_deref(), 100)?;
    let code = required("Licence state", form.state_code.as_deref(), 2)?;
    let state_code = geography::state(&code)
        .ok_or_else(|| {
            invalid(format!("Licence state '{code}' is not a state of the United States."))
        })?
        .postal
        .clone();
    let og_number = required("Licence number", form.og_number.as_deref(), 50)?;
    let expiration_date = required_date("Expiration date", form.expiration_date.as_deref())?;
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

#[utoipa::path(delete, path = "/api/staff/appraisers/{id}/licenses/{license_id}", tag = "staff",
    params(("id" = i32, Path, description = "Security user id"), ("license_id" = i32, Path, description = "Licence id")),
    responses((status = 200, body = MessageResponse), (status = 403, body = MessageResponse), (status = 404, body = MessageResponse)))]
async fn delete_license(
    State(state): State<AppState>,
    caller: CurrentUser,
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
        session::end_all_for_user(&txn, id, None).await?;
    }
    let action = if active { "staff.appraiser_reactivated" } else { "staff.appraiser_deactivated" };
    audit_staff(&txn, caller, ip, action, format!("user {id} ({})", user.login_id)).await?;
    txn.commit().await?;
    Ok(user)
}

#[utoipa::path(post, path = "/api/staff/appraisers/{id}/deactivate", tag = "staff", params(("id" = i32, Path, description = "Security user id")),
    responses(ChangeAnswers))]
async fn deactivate(
    State(state): State<AppState>,
    caller: CurrentUser,
    ClientIp(ip): ClientIp,
    Path(id): Path<i32>,
) -> AppResult<axum::Json<MessageResponse>> {
    let user = set_active(&state, &caller, &ip, id, false).await?;
    Ok(axum::Json(MessageResponse::new(format!("{} was deactivated.", full_name(&user)))))
}

#[utoipa::path(post, path = "/api/staff/appraisers/{id}/reactivate", tag = "staff", params(("id" = i32, Path, description = "Security user id")),
    responses(ChangeAnswers))]
async fn reactivate(
    State(state): State<AppState>,
    caller: CurrentUser,
    ClientIp(ip): ClientIp,
    Path(id): Path<i32>,
) -> AppResult<axum::Json<MessageResponse>> {
    let user = set_active(&state, &caller, &ip, id, true).await?;
    Ok(axum::Json(MessageResponse::new(format!("{} was reactivated.", full_name(&user)))))
}
