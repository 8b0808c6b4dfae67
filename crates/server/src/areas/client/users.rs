//! A client's users: staff and the client's own administrators invite them (an account of the
//! Client type tied to that client, opened with an invitation e-mail under the same password rules
//! as everyone), give each a role and a branch, and deactivate them. Deactivating ends the user's
//! sessions at once on every copy, and the API keys they made stop working. The client keeps at
//! least one active administrator (409 otherwise). Every change is audited.
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use portal_db::entities::{client_branch, client_user, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{client_of, existing_client};
use crate::features::auth::{reset, session};
use crate::kernel::clients::ClientRole;
use crate::kernel::users::accounts::{self, NewPerson};
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn};
use crate::platform::current_user::CurrentUser;
use crate::platform::fields::named;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{
    AppError, AppResult, ChangeWithInputAnswers, MessageResponse, ReadAnswers,
};
use crate::platform::http::extract::{Json, Path};
use crate::platform::names::full_name;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

/// Staff's calls (`/api/staff/clients/{id}/users`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_users, invite_user)).routes(routes!(change_user))
}

/// The client administrators' calls (`/api/client/users`) and the loan officers every user of the
/// client may name on an order.
pub fn client_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_client_users, invite_my_client_user))
        .routes(routes!(change_my_client_user))
        .routes(routes!(loan_officers))
        .routes(routes!(my_seat))
}

/// The signed-in user's place in their lender: what the client area shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MySeat {
    pub client_id: i32,
    pub client_name: String,
    pub role: ClientRole,
    pub branch_id: Option<i32>,
    /// Users, branches, keys, webhooks and invoices.
    pub administers: bool,
    /// Places orders and changes them (every role but viewer).
    pub acts: bool,
}

/// The caller's lender, role and branch.
#[utoipa::path(
    get,
    path = "/api/client/me",
    tag = "client",
    responses((status = 200, body = MySeat), ReadAnswers),
)]
async fn my_seat(Call { state, caller }: Call) -> AppResult<axum::Json<MySeat>> {
    let seat = client_of(&state.db, &caller).await?;
    let client = existing_client(&state.db, seat.client_id).await?;
    Ok(axum::Json(MySeat {
        client_id: seat.client_id,
        client_name: client.company_name,
        role: seat.role,
        branch_id: seat.branch_id,
        administers: seat.may_administer().is_ok(),
        acts: seat.may_act().is_ok(),
    }))
}

const MSG_LAST_ADMIN: &str =
    "The lender needs at least one active administrator: make another user one first.";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientUserForm {
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
        max_length = 200,
        pattern = "^[^@\\s]+@[^\\s.]\\S*\\.\\S*$"
    )]
    pub email: Option<String>,
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
    /// Left out: `lender_admin` when staff invite, `loan_officer` when the lender does.
    pub role: Option<ClientRole>,
    /// The user's branch (required for a branch manager or a processor).
    pub branch_id: Option<i32>,
}

/// A change of a client user: any field left out stays as it is.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientUserChange {
    pub role: Option<ClientRole>,
    /// A branch of the client; 0 takes the user off any branch.
    pub branch_id: Option<i32>,
    /// false deactivates the user: their sessions end and the keys they made stop.
    pub active: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientUserItem {
    pub id: i32,
    pub username: String,
    pub email: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub role: ClientRole,
    pub branch_id: Option<i32>,
}

/// A user of the client a new order may name as its loan officer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoanOfficer {
    pub id: i32,
    pub name: String,
    pub branch_id: Option<i32>,
}

async fn users_of(db: &impl ConnectionTrait, client_id: i32) -> AppResult<Vec<ClientUserItem>> {
    let seats = client_user::Entity::find()
        .filter(client_user::Column::ClientId.eq(client_id))
        .all(db)
        .await?;
    let users = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(seats.iter().map(|s| s.user_id)))
        .order_by_asc(security_user::Column::LoginId)
        .all(db)
        .await?;
    Ok(users
        .into_iter()
        .filter_map(|u| {
            let seat = seats.iter().find(|s| s.user_id == u.id)?;
            Some(ClientUserItem {
                id: u.id,
                username: u.login_id,
                email: u.email,
                first_name: u.first_name,
                last_name: u.last_name,
                active: u.active,
                created_at: u.created_at,
                role: ClientRole::of_row(&seat.role),
                branch_id: seat.branch_id,
            })
        })
        .collect())
}

/// The branch asked for, if it is an active branch of the client; None for 0 or none.
async fn branch_of(
    db: &impl ConnectionTrait,
    client_id: i32,
    asked: Option<i32>,
) -> AppResult<Option<i32>> {
    let Some(id) = asked.filter(|id| *id != 0) else { return Ok(None) };
    let found = client_branch::Entity::find_by_id(id).one(db).await?;
    match found {
        Some(b) if b.client_id == client_id && b.active => Ok(Some(id)),
        _ => Err(named("branchId", "Branch")
            .refuse(format!("Branch {id} is not one of this lender's active branches."))),
    }
}

fn check_branch_for(role: ClientRole, branch: Option<i32>) -> AppResult<()> {
    if role.needs_branch() && branch.is_none() {
        return Err(named("branchId", "Branch")
            .refuse("A branch manager or processor needs a branch.".into()));
    }
    Ok(())
}

async fn invite(
    state: &AppState,
    caller: &CurrentUser,
    ip: &str,
    client_id: i32,
    form: &ClientUserForm,
    default_role: ClientRole,
) -> AppResult<Created> {
    let person = NewPerson::checked(
        form.username.as_deref(),
        form.first_name.as_deref(),
        form.last_name.as_deref(),
        form.email.as_deref(),
    )?;
    let role = form.role.unwrap_or(default_role);
    let txn = portal_db::begin_write(&state.db).await?;
    let client = existing_client(&txn, client_id).await?;
    let branch = branch_of(&txn, client.id, form.branch_id).await?;
    check_branch_for(role, branch)?;
    let user = accounts::create(&txn, person.invited(UserType::Client, None)).await?;
    client_user::ActiveModel {
        user_id: Set(user.id),
        client_id: Set(client.id),
        role: Set(role.name().into()),
        branch_id: Set(branch),
    }
    .insert(&txn)
    .await?;
    reset::invite(&txn, state, &user).await?;
    let detail =
        format!("user {} ({}) of client {} as {}", user.id, user.login_id, client.id, role.name());
    audit_staff(&txn, caller, ip, "client_user.invited", detail).await?;
    txn.commit().await?;
    Ok(Created { id: user.id.into(), file_number: None })
}

/// Applies `change` to user `user_id` of the client: 404 for a user of another client.
async fn change(
    state: &AppState,
    caller: &CurrentUser,
    ip: &str,
    client_id: i32,
    user_id: i32,
    change: &ClientUserChange,
) -> AppResult<MessageResponse> {
    let txn = portal_db::begin_write(&state.db).await?;
    let seat = client_user::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .filter(|s| s.client_id == client_id)
        .ok_or_else(|| AppError::NotFound("No such user of this lender.".into()))?;
    let user = security_user::Entity::find_by_id(user_id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("No such user of this lender.".into()))?;
    let role = change.role.unwrap_or(ClientRole::of_row(&seat.role));
    let branch = match change.branch_id {
        Some(asked) => branch_of(&txn, client_id, Some(asked)).await?,
        None => seat.branch_id,
    };
    check_branch_for(role, branch)?;
    let active = change.active.unwrap_or(user.active);
    let stays_admin = role == ClientRole::LenderAdmin && active;
    if ClientRole::of_row(&seat.role) == ClientRole::LenderAdmin && user.active && !stays_admin {
        let other_admins = client_user::Entity::find()
            .filter(client_user::Column::ClientId.eq(client_id))
            .filter(client_user::Column::Role.eq(ClientRole::LenderAdmin.name()))
            .filter(client_user::Column::UserId.ne(user_id))
            .filter(
                client_user::Column::UserId
                    .in_subquery(crate::kernel::users::accounts::active_ids()),
            )
            .count(&txn)
            .await?;
        if other_admins == 0 {
            return Err(AppError::Conflict(MSG_LAST_ADMIN.into()));
        }
    }
    client_user::Entity::update_many()
        .col_expr(client_user::Column::Role, Expr::value(role.name()))
        .col_expr(client_user::Column::BranchId, Expr::value(branch))
        .filter(client_user::Column::UserId.eq(user_id))
        .exec(&txn)
        .await?;
    if active != user.active {
        security_user::Entity::update_many()
            .col_expr(security_user::Column::Active, Expr::value(active))
            .filter(security_user::Column::Id.eq(user_id))
            .exec(&txn)
            .await?;
    }
    if !active {
        session::end_all_for_user(&txn, &state.live.sessions, user_id, None).await?;
    }
    let detail = format!(
        "user {user_id} ({}) of client {client_id}: role {}, branch {}, active {active}",
        user.login_id,
        role.name(),
        branch.map_or_else(|| "none".to_string(), |b| b.to_string())
    );
    audit_staff(&txn, caller, ip, "client_user.changed", detail).await?;
    txn.commit().await?;
    let done = if active { "was saved" } else { "was deactivated: their sessions ended" };
    Ok(MessageResponse::new(format!("{} {done}.", full_name(&user))))
}

/// The client's users.
#[utoipa::path(
    get,
    path = "/api/staff/clients/{id}/users",
    tag = "staff",
    params(("id" = i32, Path, description = "Client id")),
    responses((status = 200, body = Vec<ClientUserItem>), ReadAnswers),
)]
async fn list_users(
    CallOn { state, id, .. }: CallOn<i32>,
) -> AppResult<axum::Json<Vec<ClientUserItem>>> {
    existing_client(&state.db, id).await?;
    Ok(axum::Json(users_of(&state.db, id).await?))
}

/// Opens an account for a user of the client and e-mails the invitation.
#[utoipa::path(
    post,
    path = "/api/staff/clients/{id}/users",
    tag = "staff",
    request_body = ClientUserForm,
    params(("id" = i32, Path, description = "Client id")),
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn invite_user(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(form): Json<ClientUserForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let created = invite(&state, &caller, &ip, id, &form, ClientRole::LenderAdmin).await?;
    Ok((StatusCode::CREATED, axum::Json(created)))
}

/// Changes a user of the client: role, branch, or active (deactivating ends their sessions).
#[utoipa::path(
    put,
    path = "/api/staff/clients/{id}/users/{user_id}",
    tag = "staff",
    request_body = ClientUserChange,
    params(
        ("id" = i32, Path, description = "Client id"),
        ("user_id" = i32, Path, description = "Security user id"),
    ),
    responses(ChangeWithInputAnswers),
)]
async fn change_user(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Path((id, user_id)): Path<(i32, i32)>,
    Json(body): Json<ClientUserChange>,
) -> AppResult<axum::Json<MessageResponse>> {
    existing_client(&state.db, id).await?;
    Ok(axum::Json(change(&state, &caller, &ip, id, user_id, &body).await?))
}

/// The lender's users (its administrators only).
#[utoipa::path(
    get,
    path = "/api/client/users",
    tag = "client",
    responses((status = 200, body = Vec<ClientUserItem>), ReadAnswers),
)]
async fn my_client_users(
    Call { state, caller }: Call,
) -> AppResult<axum::Json<Vec<ClientUserItem>>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    Ok(axum::Json(users_of(&state.db, seat.client_id).await?))
}

/// Invites a user to the lender (its administrators only); the role is `loan_officer` when left
/// out.
#[utoipa::path(
    post,
    path = "/api/client/users",
    tag = "client",
    request_body = ClientUserForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn invite_my_client_user(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<ClientUserForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let created =
        invite(&state, &caller, &ip, seat.client_id, &form, ClientRole::LoanOfficer).await?;
    Ok((StatusCode::CREATED, axum::Json(created)))
}

/// Changes a user of the lender (its administrators only): role, branch, or active.
#[utoipa::path(
    put,
    path = "/api/client/users/{id}",
    tag = "client",
    request_body = ClientUserChange,
    params(("id" = i32, Path, description = "Security user id")),
    responses(ChangeWithInputAnswers),
)]
async fn change_my_client_user(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ClientUserChange>,
) -> AppResult<axum::Json<MessageResponse>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    Ok(axum::Json(change(&state, &caller, &ip, seat.client_id, id, &body).await?))
}

/// The lender's active users a new order may name as its loan officer.
#[utoipa::path(
    get,
    path = "/api/client/loan-officers",
    tag = "client",
    responses((status = 200, body = Vec<LoanOfficer>), ReadAnswers),
)]
async fn loan_officers(Call { state, caller }: Call) -> AppResult<axum::Json<Vec<LoanOfficer>>> {
    let seat = client_of(&state.db, &caller).await?;
    let users = users_of(&state.db, seat.client_id).await?;
    Ok(axum::Json(
        users
            .into_iter()
            .filter(|u| u.active && u.role == ClientRole::LoanOfficer)
            .map(|u| LoanOfficer {
                id: u.id,
                name: crate::platform::names::joined(
                    u.first_name.as_deref().unwrap_or_default(),
                    u.last_name.as_deref().unwrap_or_default(),
                ),
                branch_id: u.branch_id,
            })
            .collect(),
    ))
}
