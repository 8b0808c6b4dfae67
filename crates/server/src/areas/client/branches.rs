//! A lender's branches: every user of the client sees the list (an order form names its branch);
//! only the lender's administrators add or change one. A branch is never deleted, only made
//! inactive, so that the orders and users it held keep their name.
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use portal_db::entities::client_branch;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, QueryOrder,
    Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::client_of;
use crate::platform::audit::audit_staff;
use crate::platform::call::{Call, CallOn};
use crate::platform::fields::{named, required};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{
    AppError, AppResult, ChangeWithInputAnswers, Created, MessageResponse, ReadAnswers,
};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_branches, add_branch)).routes(routes!(change_branch))
}

const MAX_NAME: usize = 100;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Branch {
    pub id: i32,
    pub name: String,
    pub active: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BranchForm {
    #[schema(required = true, value_type = String, min_length = 1, max_length = 100)]
    pub name: Option<String>,
    /// false makes the branch inactive (left out on a new branch: active).
    pub active: Option<bool>,
}

/// The name, unique among the client's branches.
async fn checked_name(
    db: &impl ConnectionTrait,
    client_id: i32,
    form: &BranchForm,
    except: Option<i32>,
) -> AppResult<String> {
    let field = named("name", "Branch name");
    let name = required(field, form.name.as_deref(), MAX_NAME)?;
    let taken = client_branch::Entity::find()
        .filter(client_branch::Column::ClientId.eq(client_id))
        .filter(client_branch::Column::Name.eq(name.as_str()))
        .one(db)
        .await?
        .is_some_and(|b| Some(b.id) != except);
    if taken {
        return Err(field.refuse(format!("This lender already has a branch named {name}.")));
    }
    Ok(name)
}

/// The lender's branches, by name.
#[utoipa::path(
    get,
    path = "/api/client/branches",
    tag = "client",
    responses((status = 200, body = Vec<Branch>), ReadAnswers),
)]
async fn list_branches(Call { state, caller }: Call) -> AppResult<axum::Json<Vec<Branch>>> {
    let seat = client_of(&state.db, &caller).await?;
    let rows = client_branch::Entity::find()
        .filter(client_branch::Column::ClientId.eq(seat.client_id))
        .order_by_asc(client_branch::Column::Name)
        .all(&state.db)
        .await?;
    Ok(axum::Json(
        rows.into_iter()
            .map(|b| Branch { id: b.id, name: b.name, active: b.active, created_at: b.created_at })
            .collect(),
    ))
}

/// Adds a branch (the lender's administrators only).
#[utoipa::path(
    post,
    path = "/api/client/branches",
    tag = "client",
    request_body = BranchForm,
    responses(
        (status = 201, body = Created),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn add_branch(
    Call { state, caller }: Call,
    ClientIp(ip): ClientIp,
    Json(form): Json<BranchForm>,
) -> AppResult<(StatusCode, axum::Json<Created>)> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let txn = portal_db::begin_write(&state.db).await?;
    let name = checked_name(&txn, seat.client_id, &form, None).await?;
    let saved = client_branch::ActiveModel {
        id: NotSet,
        client_id: Set(seat.client_id),
        name: Set(name.clone()),
        active: Set(form.active.unwrap_or(true)),
        created_at: Set(Utc::now()),
    }
    .insert(&txn)
    .await?;
    let detail = format!("branch {} ({name}) of client {}", saved.id, seat.client_id);
    audit_staff(&txn, &caller, &ip, "client_branch.added", detail).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(Created { id: saved.id.into(), file_number: None })))
}

/// Renames a branch or makes it inactive (the lender's administrators only).
#[utoipa::path(
    put,
    path = "/api/client/branches/{id}",
    tag = "client",
    request_body = BranchForm,
    params(("id" = i32, Path, description = "Branch id")),
    responses(ChangeWithInputAnswers),
)]
async fn change_branch(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(form): Json<BranchForm>,
) -> AppResult<axum::Json<MessageResponse>> {
    let seat = client_of(&state.db, &caller).await?;
    seat.may_administer()?;
    let txn = portal_db::begin_write(&state.db).await?;
    let branch = client_branch::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .filter(|b| b.client_id == seat.client_id)
        .ok_or_else(|| AppError::NotFound("No such branch.".into()))?;
    let name = checked_name(&txn, seat.client_id, &form, Some(id)).await?;
    let active = form.active.unwrap_or(branch.active);
    let mut row: client_branch::ActiveModel = branch.into();
    row.name = Set(name.clone());
    row.active = Set(active);
    row.update(&txn).await?;
    let detail = format!("branch {id} ({name}) of client {}: active {active}", seat.client_id);
    audit_staff(&txn, &caller, &ip, "client_branch.changed", detail).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new(format!("Branch {name} was saved."))))
}
