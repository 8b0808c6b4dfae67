//! The clients (lenders) who order work: listed, added and corrected by staff.
use axum::extract::State;
use axum::http::StatusCode;
use portal_db::entities::client;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::clients::existing_client;
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn};
use crate::platform::fields::{
    MAX_LINE, invalid, named, optional, optional_email, optional_phone, required,
};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_clients, create_client)).routes(routes!(update_client))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientItem {
    pub id: i32,
    pub company_name: String,
    pub office_address_line: Option<String>,
    pub main_contact_name: Option<String>,
    pub main_contact_email_address: Option<String>,
    pub main_contact_phone: Option<String>,
    /// Where invoices are sent (else the main contact).
    pub billing_email: Option<String>,
    /// Days the client has to pay an invoice.
    pub payment_terms_days: i32,
    /// Borrowers pay for this client's orders by card before they are assigned.
    pub borrower_pays: bool,
    /// People with a verified e-mail address of this domain may sign in with single sign-on and
    /// join the client as viewers.
    pub sso_domain: Option<String>,
}

impl From<client::Model> for ClientItem {
    fn from(c: client::Model) -> Self {
        ClientItem {
            id: c.id,
            company_name: c.company_name,
            office_address_line: c.office_address_line,
            main_contact_name: c.main_contact_name,
            main_contact_email_address: c.main_contact_email,
            main_contact_phone: c.main_contact_phone,
            billing_email: c.billing_email,
            payment_terms_days: c.payment_terms_days,
            borrower_pays: c.borrower_pays,
            sso_domain: c.sso_domain,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientForm {
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 200,
        pattern = "\\S"
    )]
    pub company_name: Option<String>,
    #[schema(max_length = 200)]
    pub office_address_line: Option<String>,
    #[schema(max_length = 200)]
    pub main_contact_name: Option<String>,
    #[schema(max_length = 200, pattern = "^([^@\\s]+@[^\\s.]\\S*\\.\\S*)?$")]
    pub main_contact_email_address: Option<String>,
    /// Ten digits, written with any spaces, dots, dashes or brackets.
    #[schema(max_length = 30, pattern = "^([ .()+-]*(1[ .()+-]*)?([0-9][ .()+-]*){10})?$")]
    pub main_contact_phone: Option<String>,
    #[schema(max_length = 200, pattern = "^([^@\\s]+@[^\\s.]\\S*\\.\\S*)?$")]
    pub billing_email: Option<String>,
    /// Days to pay an invoice, 0 to 120; 30 when a new client leaves it out, unchanged when a
    /// correction does.
    #[schema(minimum = 0, maximum = 120)]
    pub payment_terms_days: Option<i32>,
    /// Borrowers pay by card before the order is assigned; false when a new client leaves it out,
    /// unchanged when a correction does.
    pub borrower_pays: Option<bool>,
    /// An e-mail domain such as lender.example: its people may sign in with single sign-on and
    /// join the client as viewers. Empty: none; unchanged when a correction leaves it out.
    #[schema(max_length = 200)]
    pub sso_domain: Option<String>,
}

/// The longest payment terms a client may have.
const MAX_PAYMENT_TERMS_DAYS: i32 = 120;
const DEFAULT_PAYMENT_TERMS_DAYS: i32 = 30;

/// The client's fields as the form gave them, checked.
fn checked(form: &ClientForm) -> AppResult<client::ActiveModel> {
    Ok(client::ActiveModel {
        id: NotSet,
        company_name: Set(required(
            named("companyName", "Company name"),
            form.company_name.as_deref(),
            MAX_LINE,
        )?),
        office_address_line: Set(optional(
            named("officeAddressLine", "Office address"),
            form.office_address_line.as_deref(),
            MAX_LINE,
        )?),
        main_contact_name: Set(optional(
            named("mainContactName", "Main contact name"),
            form.main_contact_name.as_deref(),
            MAX_LINE,
        )?),
        main_contact_email: Set(optional_email(
            named("mainContactEmailAddress", "Main contact e-mail"),
            form.main_contact_email_address.as_deref(),
        )?),
        main_contact_phone: Set(optional_phone(
            named("mainContactPhone", "Main contact phone"),
            form.main_contact_phone.as_deref(),
        )?),
        billing_email: Set(optional_email(
            named("billingEmail", "Billing e-mail"),
            form.billing_email.as_deref(),
        )?),
        payment_terms_days: match form.payment_terms_days {
            Some(days) if (0..=MAX_PAYMENT_TERMS_DAYS).contains(&days) => Set(days),
            Some(_) => {
                return Err(named("paymentTermsDays", "Payment terms").refuse(format!(
                    "Payment terms must be from 0 to {MAX_PAYMENT_TERMS_DAYS} days."
                )));
            }
            None => NotSet,
        },
        borrower_pays: form.borrower_pays.map_or(NotSet, Set),
        // The client's assignment policy has its own call.
        assignment_mode: NotSet,
        offer_hours: NotSet,
        broadcast_size: NotSet,
        // The reconsideration settings have their own call.
        borrower_rov_offered: NotSet,
        rov_turn_time_days: NotSet,
        sso_domain: match form.sso_domain.as_deref() {
            Some(domain) => Set(sso_domain(domain)?),
            None => NotSet,
        },
    })
}

/// An e-mail domain, in lower case; None when empty.
fn sso_domain(domain: &str) -> AppResult<Option<String>> {
    let domain = domain.trim().trim_start_matches('@').to_ascii_lowercase();
    if domain.is_empty() {
        return Ok(None);
    }
    let labels_ok = domain.split('.').all(|l| {
        !l.is_empty()
            && !l.starts_with('-')
            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    });
    if !labels_ok || !domain.contains('.') || domain.len() > MAX_LINE {
        return Err(named("ssoDomain", "Single sign-on domain").refuse(format!(
            "Single sign-on domain must be a domain such as lender.example (got '{domain}')."
        )));
    }
    Ok(Some(domain))
}

/// Two clients may not share a single sign-on domain (a new user would not know which to join).
async fn ensure_domain_free(
    db: &impl ConnectionTrait,
    domain: Option<&str>,
    except: Option<i32>,
) -> AppResult<()> {
    let Some(domain) = domain else { return Ok(()) };
    let mut same = client::Entity::find().filter(client::Column::SsoDomain.eq(domain));
    if let Some(id) = except {
        same = same.filter(client::Column::Id.ne(id));
    }
    if same.one(db).await?.is_some() {
        return Err(named("ssoDomain", "Single sign-on domain")
            .refuse(format!("Another client already signs in with {domain}.")));
    }
    Ok(())
}

/// Two clients may not share a company name (staff pick clients by name).
async fn ensure_name_free(
    db: &impl ConnectionTrait,
    name: &str,
    except: Option<i32>,
) -> AppResult<()> {
    let mut same = client::Entity::find().filter(client::Column::CompanyName.eq(name));
    if let Some(id) = except {
        same = same.filter(client::Column::Id.ne(id));
    }
    if same.one(db).await?.is_some() {
        return Err(invalid(format!("A client named {name} already exists.")));
    }
    Ok(())
}

/// Every client, by company name.
#[utoipa::path(
    get,
    path = "/api/staff/clients",
    tag = "staff",
    responses((status = 200, body = Vec<ClientItem>), (status = 403, body = MessageResponse)),
)]
async fn list_clients(State(state): State<AppState>) -> AppResult<axum::Json<Vec<ClientItem>>> {
    let clients =
        client::Entity::find().order_by_asc(client::Column::CompanyName).all(&state.db).await?;
    Ok(axum::Json(clients.into_iter().map(ClientItem::from).collect()))
}

#[utoipa::path(
    post,
    path = "/api/staff/clients",
    tag = "staff",
    request_body = ClientForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn create_client(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<ClientForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let mut row = checked(&form)?;
    if row.payment_terms_days.is_not_set() {
        row.payment_terms_days = Set(DEFAULT_PAYMENT_TERMS_DAYS);
    }
    if row.borrower_pays.is_not_set() {
        row.borrower_pays = Set(false);
    }
    if row.sso_domain.is_not_set() {
        row.sso_domain = Set(None);
    }
    let txn = portal_db::begin_write(&state.db).await?;
    ensure_name_free(&txn, row.company_name.as_ref(), None).await?;
    ensure_domain_free(&txn, row.sso_domain.as_ref().as_deref(), None).await?;
    let saved = row.insert(&txn).await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.client_created",
        format!("client {} ({})", saved.id, saved.company_name),
    )
    .await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: saved.id.into(), file_number: None })))
}

#[utoipa::path(
    put,
    path = "/api/staff/clients/{id}",
    tag = "staff",
    request_body = ClientForm,
    params(("id" = i32, Path, description = "Client id")),
    responses(
        (status = 200, body = ClientItem),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn update_client(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(form): Json<ClientForm>,
) -> AppResult<axum::Json<ClientItem>> {
    let row = checked(&form)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let existing = existing_client(&txn, id).await?;
    ensure_name_free(&txn, row.company_name.as_ref(), Some(id)).await?;
    if row.sso_domain.is_set() {
        ensure_domain_free(&txn, row.sso_domain.as_ref().as_deref(), Some(id)).await?;
    }
    let mut update = existing.into_active_model();
    update.company_name = row.company_name;
    update.office_address_line = row.office_address_line;
    update.main_contact_name = row.main_contact_name;
    update.main_contact_email = row.main_contact_email;
    update.main_contact_phone = row.main_contact_phone;
    update.billing_email = row.billing_email;
    if row.payment_terms_days.is_set() {
        update.payment_terms_days = row.payment_terms_days;
    }
    if row.borrower_pays.is_set() {
        update.borrower_pays = row.borrower_pays;
    }
    if row.sso_domain.is_set() {
        update.sso_domain = row.sso_domain;
    }
    let saved = update.update(&txn).await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.client_updated",
        format!("client {} ({})", saved.id, saved.company_name),
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(saved.into()))
}
