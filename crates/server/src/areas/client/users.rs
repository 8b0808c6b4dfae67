//! Staff invite a client's users: an account of the Client type tied to that client, opened with
//! an invitation e-mail (a single-use link to choose a password, under the same rules as everyone).
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use portal_db::entities::{client_user, security_user};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::existing_client;
use crate::features::auth::reset;
use crate::kernel::users::accounts::{self, NewPerson};
use crate::platform::audit::audit_staff;
use crate::platform::call::CallOn;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::Created;
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::{Json, Path};
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_users, invite_user))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientUserForm {
    #[schema(required = true, value_type = String, min_length = 1, max_length = 100, pattern = "\\S")]
    pub username: Option<String>,
    #[schema(required = true, value_type = String, max_length = 200, pattern = "^[^@\\s]+@[^\\s.]\\S*\\.\\S*$")]
    pub email: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 100, pattern = "\\S")]
    pub first_name: Option<String>,
    #[schema(required = true, value_type = String, min_length = 1, max_length = 100, pattern = "\\S")]
    pub last_name: Option<String>,
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
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> AppResult<axum::Json<Vec<ClientUserItem>>> {
    existing_client(&state.db, id).await?;
    let ids: Vec<i32> = client_user::Entity::find()
        .filter(client_user::Column::ClientId.eq(id))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|u| u.user_id)
        .collect();
    let users = security_user::Entity::find()
        .filter(security_user::Column::Id.is_in(ids))
        .order_by_asc(security_user::Column::LoginId)
        .all(&state.db)
        .await?;
    Ok(axum::Json(
        users
            .into_iter()
            .map(|u| ClientUserItem {
                id: u.id,
                username: u.login_id,
                email: u.email,
                first_name: u.first_name,
                last_name: u.last_name,
                active: u.active,
                created_at: u.created_at,
            })
            .collect(),
    ))
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
    let person = NewPerson::checked(
        form.username.as_deref(),
        form.first_name.as_deref(),
        form.last_name.as_deref(),
        form.email.as_deref(),
    )?;
    let txn = portal_db::begin_write(&state.db).await?;
    let client = existing_client(&txn, id).await?;
    let user = accounts::create(&txn, person.invited(UserType::Client, None)).await?;
    client_user::ActiveModel { user_id: Set(user.id), client_id: Set(client.id) }
        .insert(&txn)
        .await?;
    reset::invite(&txn, &state, &user).await?;
    audit_staff(
        &txn,
        &caller,
        &ip,
        "staff.client_user_invited",
        format!("user {} ({}) of client {}", user.id, user.login_id, client.id),
    )
    .await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: user.id.into(), file_number: None })))
}
