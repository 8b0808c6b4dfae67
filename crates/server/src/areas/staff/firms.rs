//! The appraisal firms: listed, added, renamed and deactivated by staff. A deactivated firm keeps
//! its appraisers and their orders; it takes no new accounts and leaves the firm pickers.
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use portal_db::entities::appraisal_company::{self, Column};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, ModelTrait,
    NotSet, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn};
use crate::platform::fields::{
    MAX_LINE, corrected, named, optional, optional_state, optional_zip, required, text_column,
};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub const MSG_NO_FIRM: &str = "No such firm.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_companies, create_company))
        .routes(routes!(update_company))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyItem {
    pub id: i32,
    pub name: String,
    pub office_address_line1: Option<String>,
    pub office_city: Option<String>,
    pub office_state_code: Option<String>,
    pub office_zip_code: Option<String>,
    /// A deactivated firm takes no new accounts.
    pub active: bool,
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
            active: c.active,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyForm {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 200,
        pattern = "\\S"
    )]
    pub name: Option<String>,
    #[schema(max_length = 200)]
    pub office_address_line1: Option<String>,
    #[schema(max_length = 100)]
    pub office_city: Option<String>,
    #[schema(pattern = "^([A-Za-z]{2})?$")]
    pub office_state_code: Option<String>,
    #[schema(pattern = "^([0-9]{5})?$")]
    pub office_zip_code: Option<String>,
}

/// A correction: every field left out keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyChange {
    /// The firm's new name.
    #[serde(alias = "name")]
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub company_name: Option<String>,
    /// false deactivates the firm, true reactivates it.
    pub active: Option<bool>,
    #[schema(max_length = 200)]
    pub office_address_line1: Option<String>,
    #[schema(max_length = 100)]
    pub office_city: Option<String>,
    #[schema(pattern = "^([A-Za-z]{2})?$")]
    pub office_state_code: Option<String>,
    #[schema(pattern = "^([0-9]{5})?$")]
    pub office_zip_code: Option<String>,
}

/// The firm's office, checked (each part optional).
struct Office {
    line1: Option<String>,
    city: Option<String>,
    state_code: Option<String>,
    zip: Option<String>,
}

fn office(
    line1: Option<&str>,
    city: Option<&str>,
    state_code: Option<&str>,
    zip: Option<&str>,
) -> AppResult<Office> {
    Ok(Office {
        line1: optional("Office address", line1, MAX_LINE)?,
        city: optional("Office city", city, 100)?,
        state_code: optional_state("Office state", state_code)?,
        zip: optional_zip("Office zip", zip)?,
    })
}

/// Two firms may not share a name (staff pick firms by name).
async fn ensure_name_free(
    db: &impl ConnectionTrait,
    name: &str,
    except: Option<i32>,
) -> AppResult<()> {
    let mut same =
        appraisal_company::Entity::find().filter(appraisal_company::Column::Name.eq(name));
    if let Some(id) = except {
        same = same.filter(appraisal_company::Column::Id.ne(id));
    }
    if same.one(db).await?.is_some() {
        return Err(AppError::Conflict(format!("A firm named {name} already exists.")));
    }
    Ok(())
}

/// The firm a new account may join: it exists and is active.
pub async fn joinable_firm(
    db: &impl ConnectionTrait,
    id: i32,
) -> AppResult<appraisal_company::Model> {
    let firm = appraisal_company::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::Validation(format!("Firm {id} does not exist.")))?;
    if !firm.active {
        return Err(AppError::Conflict(format!(
            "{} is deactivated: reactivate the firm before adding accounts to it.",
            firm.name
        )));
    }
    Ok(firm)
}

/// Every firm, active or not, by name.
#[utoipa::path(
    get,
    path = "/api/staff/companies",
    tag = "staff",
    responses((status = 200, body = Vec<CompanyItem>), (status = 403, body = MessageResponse)),
)]
async fn list_companies(State(state): State<AppState>) -> AppResult<axum::Json<Vec<CompanyItem>>> {
    let firms = appraisal_company::Entity::find()
        .order_by_asc(appraisal_company::Column::Name)
        .all(&state.db)
        .await?;
    Ok(axum::Json(firms.into_iter().map(CompanyItem::from).collect()))
}

#[utoipa::path(
    post,
    path = "/api/staff/companies",
    tag = "staff",
    request_body = CompanyForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn create_company(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<CompanyForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let name = required(named("name", "Company name"), form.name.as_deref(), MAX_LINE)?;
    let place = office(
        form.office_address_line1.as_deref(),
        form.office_city.as_deref(),
        form.office_state_code.as_deref(),
        form.office_zip_code.as_deref(),
    )?;
    let txn = portal_db::begin_write(&state.db).await?;
    ensure_name_free(&txn, &name, None).await?;
    let saved = appraisal_company::ActiveModel {
        id: NotSet,
        name: Set(name),
        created_at: Set(Utc::now()),
        office_address_line1: Set(place.line1),
        office_city: Set(place.city),
        office_state_code: Set(place.state_code),
        office_zip_code: Set(place.zip),
        active: Set(true),
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

/// Renames, deactivates or reactivates a firm, or corrects its office; the audit row names what
/// changed.
#[utoipa::path(
    put,
    path = "/api/staff/companies/{id}",
    tag = "staff",
    request_body = CompanyChange,
    params(("id" = i32, Path, description = "Firm id")),
    responses(
        (status = 200, body = CompanyItem),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn update_company(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(change): Json<CompanyChange>,
) -> AppResult<axum::Json<CompanyItem>> {
    let name = match change.company_name.as_deref() {
        Some(text) => Some(required("Company name", Some(text), MAX_LINE)?),
        None => None,
    };
    let place = office(
        change.office_address_line1.as_deref(),
        change.office_city.as_deref(),
        change.office_state_code.as_deref(),
        change.office_zip_code.as_deref(),
    )?;
    let txn = portal_db::begin_write(&state.db).await?;
    let firm = appraisal_company::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_NO_FIRM.into()))?;
    let mut changed = Vec::new();
    let mut row = firm.clone().into_active_model();
    if let Some(name) = name.filter(|n| *n != firm.name) {
        ensure_name_free(&txn, &name, Some(id)).await?;
        changed.push(format!("name from '{}' to '{name}'", firm.name));
        row.name = Set(name);
    }
    if let Some(active) = change.active.filter(|a| *a != firm.active) {
        changed.push(if active { "reactivated".into() } else { "deactivated".into() });
        row.active = Set(active);
    }
    let office_parts = [
        (Column::OfficeAddressLine1, "office address", &change.office_address_line1, place.line1),
        (Column::OfficeCity, "office city", &change.office_city, place.city),
        (Column::OfficeStateCode, "office state", &change.office_state_code, place.state_code),
        (Column::OfficeZipCode, "office zip", &change.office_zip_code, place.zip),
    ];
    for (column, label, given, new) in office_parts {
        let old = text_column(firm.get(column))?;
        if let Some(v) = corrected(&mut changed, label, given.is_some(), new, &old) {
            row.try_set(column, v.into())?;
        }
    }
    if changed.is_empty() {
        return Ok(axum::Json(firm.into()));
    }
    let saved = row.update(&txn).await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.company_updated",
        format!("firm {id}: {}", changed.join(", ")),
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(saved.into()))
}
