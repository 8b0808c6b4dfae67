//! Clients and their orders as the kernel knows them: the client a client user belongs to, a
//! client by id, and the orders of a client (another client's order is "not found", never 403).
use portal_db::entities::{client, client_order, client_user, order};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QuerySelect, RelationDef,
    SelectTwo,
};

use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult};

pub const MSG_NO_ORDER: &str = "Order not found.";

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

fn client_row() -> RelationDef {
    order::Entity::belongs_to(client_order::Entity)
        .from(order::Column::Id)
        .to(client_order::Column::OrderId)
        .into()
}

/// The orders of `client_id`, each with its client row.
pub fn of_client(client_id: i32) -> SelectTwo<order::Entity, client_order::Entity> {
    order::Entity::find()
        .join(JoinType::InnerJoin, client_row())
        .filter(client_order::Column::ClientId.eq(client_id))
        .filter(order::Column::ClientId.eq(client_id))
        .select_also(client_order::Entity)
}

/// The client's order `id` with its client row: 404 for an order of another client, never 403.
pub async fn find(
    db: &impl ConnectionTrait,
    client_id: i32,
    id: i64,
) -> AppResult<(order::Model, client_order::Model)> {
    let found: Option<(order::Model, Option<client_order::Model>)> =
        of_client(client_id).filter(order::Column::Id.eq(id)).one(db).await?;
    match found {
        Some((o, Some(c))) => Ok((o, c)),
        _ => Err(AppError::NotFound(MSG_NO_ORDER.into())),
    }
}
