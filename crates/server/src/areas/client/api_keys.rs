//! Keys of the public API, each for one client: made by a client user (for their own client) or
//! by staff, shown once, kept only as a SHA-256 hash, listed by prefix and last use, and revoked at
//! once for every copy of the server (each request looks the key up). A key may do only what its
//! scopes allow and may stop after a date; the list says who made each.
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use portal_db::entities::api_key;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::client_of;
use crate::kernel::api_scopes::Scope;
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn};
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::{named, optional, optional_date};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::{Json, Path};
use crate::platform::names::full_names;
use crate::platform::state::AppState;
use crate::platform::tokens::{hash_token, random_token};

/// What every key starts with, so a leaked one is recognisable (and found by secret scanners).
pub const KEY_PREFIX: &str = "apk_";
/// How many characters of a key its lists show.
const SHOWN_CHARS: usize = 12;
/// At most this many keys that are not revoked per client.
const MAX_KEYS: u64 = 20;

pub fn client_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(my_keys, create_my_key)).routes(routes!(revoke_my_key))
}

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(client_keys, create_client_key))
        .routes(routes!(revoke_client_key))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyItem {
    pub id: i32,
    pub name: String,
    /// The key's first characters, enough to recognise it.
    pub prefix: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    /// What the key may do.
    pub scopes: Vec<Scope>,
    /// The last day the key works (the company's date); null: no end.
    pub expires_on: Option<NaiveDate>,
    /// The key is past its last day: every call with it is refused (401).
    pub expired: bool,
    /// Who made the key (null when that user is gone).
    pub created_by: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyForm {
    /// What the key is for (e.g. "Loan origination system"), at most 100 characters.
    #[schema(max_length = 100)]
    pub name: Option<String>,
    /// What the key may do; left out, every scope.
    #[schema(min_items = 1, max_items = 6)]
    pub scopes: Option<Vec<Scope>>,
    /// yyyy-mm-dd, after today: the last day the key works. Left out, it does not expire.
    #[schema(value_type = Option<String>, format = Date)]
    pub expires_on: Option<String>,
}

/// A new key: `key` is shown this once and never again.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewApiKey {
    pub id: i32,
    pub key: String,
    pub prefix: String,
}

async fn list(state: &AppState, client_id: i32) -> AppResult<Vec<ApiKeyItem>> {
    let today = state.config.today().map_err(AppError::Internal)?;
    let keys = api_key::Entity::find()
        .filter(api_key::Column::ClientId.eq(client_id))
        .filter(api_key::Column::RevokedAt.is_null())
        .order_by_asc(api_key::Column::Id)
        .all(&state.db)
        .await?;
    let makers =
        full_names(&state.db, keys.iter().filter_map(|k| k.created_by_user_id).collect()).await?;
    Ok(keys
        .into_iter()
        .map(|k| ApiKeyItem {
            id: k.id,
            name: k.name,
            prefix: k.prefix,
            created_at: k.created_at,
            last_used_at: k.last_used_at,
            scopes: Scope::parse_list(&k.scopes),
            expires_on: k.expires_on,
            expired: k.expires_on.is_some_and(|last_day| last_day < today),
            created_by: k.created_by_user_id.map(|id| makers.of(id)).filter(|n| !n.is_empty()),
        })
        .collect())
}

/// The scopes asked for: every one when left out, at least one otherwise.
fn check_scopes(asked: Option<&[Scope]>) -> AppResult<Vec<Scope>> {
    match asked {
        None => Ok(Scope::ALL.to_vec()),
        Some([]) => Err(named("scopes", "Scopes").refuse("Choose at least one scope.".into())),
        Some(scopes) => Ok(Scope::parse_list(&Scope::join(scopes))),
    }
}

/// The last day asked for: after today, or none.
fn check_expiry(asked: Option<&str>, today: NaiveDate) -> AppResult<Option<NaiveDate>> {
    let field = named("expiresOn", "Expiry date");
    let last_day = optional_date(field, asked)?;
    if last_day.is_some_and(|d| d <= today) {
        return Err(field.refuse("Expiry date must be after today.".into()));
    }
    Ok(last_day)
}

async fn create(
    state: &AppState,
    client_id: i32,
    caller: &CurrentUser,
    ip: &str,
    form: &ApiKeyForm,
) -> AppResult<NewApiKey> {
    use sea_orm::PaginatorTrait;
    let name = optional(named("name", "Name"), form.name.as_deref(), 100)?
        .unwrap_or_else(|| "API key".into());
    let scopes = check_scopes(form.scopes.as_deref())?;
    let today = state.config.today().map_err(AppError::Internal)?;
    let expires_on = check_expiry(form.expires_on.as_deref(), today)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let live_keys = api_key::Entity::find()
        .filter(api_key::Column::ClientId.eq(client_id))
        .filter(api_key::Column::RevokedAt.is_null())
        .count(&txn)
        .await?;
    if live_keys >= MAX_KEYS {
        return Err(AppError::Conflict(format!(
            "A client can have at most {MAX_KEYS} keys: revoke one first."
        )));
    }
    let key = format!("{KEY_PREFIX}{}", random_token());
    let prefix: String = key.chars().take(SHOWN_CHARS).collect();
    let saved = api_key::ActiveModel {
        id: NotSet,
        client_id: Set(client_id),
        name: Set(name),
        prefix: Set(prefix.clone()),
        key_hash: Set(hash_token(&key)),
        created_by_user_id: Set(Some(caller.id())),
        created_at: Set(Utc::now()),
        last_used_at: Set(None),
        revoked_at: Set(None),
        scopes: Set(Scope::join(&scopes)),
        expires_on: Set(expires_on),
    }
    .insert(&txn)
    .await?;
    audit_staff(
        &txn,
        caller,
        ip,
        "api_key.created",
        format!(
            "key {} ({prefix}) of client {client_id}, scopes {}, expires {}",
            saved.id,
            saved.scopes,
            expires_on.map_or_else(|| "never".to_string(), |d| d.to_string())
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(NewApiKey { id: saved.id, key, prefix })
}

async fn revoke(
    state: &AppState,
    client_id: i32,
    key_id: i32,
    caller: &CurrentUser,
    ip: &str,
) -> AppResult<MessageResponse> {
    let txn = portal_db::begin_write(&state.db).await?;
    let revoked = api_key::Entity::update_many()
        .col_expr(api_key::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(api_key::Column::Id.eq(key_id))
        .filter(api_key::Column::ClientId.eq(client_id))
        .filter(api_key::Column::RevokedAt.is_null())
        .exec(&txn)
        .await?;
    if revoked.rows_affected != 1 {
        return Err(AppError::NotFound("No such key.".into()));
    }
    audit_staff(&txn, caller, ip, "api_key.revoked", format!("key {key_id} of client {client_id}"))
        .await?;
    txn.commit().await?;
    Ok(MessageResponse::new("The key was revoked. Calls made with it are refused from now on."))
}

/// The caller's client's keys (not revoked).
#[utoipa::path(get, path = "/api/client/api-keys", tag = "client",
    responses((status = 200, body = Vec<ApiKeyItem>), (status = 403, body = MessageResponse)))]
async fn my_keys(Call { state, caller }: Call) -> AppResult<axum::Json<Vec<ApiKeyItem>>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    Ok(axum::Json(list(&state, client_id).await?))
}

/// Makes a key for the caller's client; the answer holds the key, shown this once.
#[utoipa::path(
    post,
    path = "/api/client/api-keys",
    tag = "client",
    request_body = ApiKeyForm,
    responses(
        (status = 201, body = NewApiKey),
        (status = 403, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn create_my_key(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<ApiKeyForm>,
) -> AppResult<(StatusCode, axum::Json<NewApiKey>)> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    Ok((StatusCode::CREATED, axum::Json(create(&state, client_id, &caller, &ip, &form).await?)))
}

/// Revokes one of the caller's client's keys at once.
#[utoipa::path(
    delete,
    path = "/api/client/api-keys/{key_id}",
    tag = "client",
    params(("key_id" = i32, Path, description = "Key id")),
    responses(
        (status = 200, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn revoke_my_key(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Path(key_id): Path<i32>,
) -> AppResult<axum::Json<MessageResponse>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let client_id = seat.client_id;
    Ok(axum::Json(revoke(&state, client_id, key_id, &caller, &ip).await?))
}

/// The client's keys (not revoked).
#[utoipa::path(
    get,
    path = "/api/staff/clients/{id}/api-keys",
    tag = "staff",
    params(("id" = i32, Path, description = "Client id")),
    responses((status = 200, body = Vec<ApiKeyItem>), ReadAnswers),
)]
async fn client_keys(
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> AppResult<axum::Json<Vec<ApiKeyItem>>> {
    let client_id = super::existing_client(&state.db, id).await?.id;
    Ok(axum::Json(list(&state, client_id).await?))
}

/// Makes a key for the client; the answer holds the key, shown this once.
#[utoipa::path(
    post,
    path = "/api/staff/clients/{id}/api-keys",
    tag = "staff",
    request_body = ApiKeyForm,
    params(("id" = i32, Path, description = "Client id")),
    responses(
        (status = 201, body = NewApiKey),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn create_client_key(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(form): Json<ApiKeyForm>,
) -> AppResult<(StatusCode, axum::Json<NewApiKey>)> {
    let client_id = super::existing_client(&state.db, id).await?.id;
    Ok((StatusCode::CREATED, axum::Json(create(&state, client_id, &caller, &ip, &form).await?)))
}

/// Revokes one of the client's keys at once.
#[utoipa::path(
    delete,
    path = "/api/staff/clients/{id}/api-keys/{key_id}",
    tag = "staff",
    params(
        ("id" = i32, Path, description = "Client id"),
        ("key_id" = i32, Path, description = "Key id"),
    ),
    responses(
        (status = 200, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
    ),
)]
async fn revoke_client_key(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Path((id, key_id)): Path<(i32, i32)>,
) -> AppResult<axum::Json<MessageResponse>> {
    let client_id = super::existing_client(&state.db, id).await?.id;
    Ok(axum::Json(revoke(&state, client_id, key_id, &caller, &ip).await?))
}
