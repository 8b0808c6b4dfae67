//! The lender's side of the portal: client users (each belongs to one client), the client area's
//! orders, messages with staff and documents (`/api/client/...`, `Area::Client`), and what staff
//! do for clients (inviting their users, answering their messages). Every call finds the caller's
//! client first and reads only that client's orders: another client's order is "not found".
pub mod api_keys;
pub mod documents;
pub mod messages;
pub mod orders;
pub mod placing;
pub mod portal;
pub mod users;

use portal_db::entities::{client, client_user};
use sea_orm::{ConnectionTrait, EntityTrait};
use utoipa_axum::router::OpenApiRouter;

use crate::current_user::CurrentUser;
use crate::http::error::{AppError, AppResult};
use crate::state::AppState;

/// The client the signed-in client user belongs to (403 for a user of no client).
pub async fn client_of(db: &impl ConnectionTrait, caller: &CurrentUser) -> AppResult<i32> {
    client_user::Entity::find_by_id(caller.id())
        .one(db)
        .await?
        .map(|row| row.client_id)
        .ok_or_else(AppError::forbidden)
}

/// Client `id` (404 "No such client." when there is none).
pub async fn existing_client(db: &impl ConnectionTrait, id: i32) -> AppResult<client::Model> {
    client::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound("No such client.".into()))
}

/// The client area's routes (`Area::Client`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(portal::router()).merge(api_keys::client_router())
}

/// What staff do for clients (`Area::Staff`).
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(users::router())
        .merge(messages::staff_router())
        .merge(api_keys::staff_router())
}
