//! Messages between a client and staff on an order. Appraisers never see them (they have their
//! own thread with staff); staff read and answer them on the staff desk. A client's message tells
//! the orders team; a staff answer is a `message.created` event for the client.
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use portal_db::entities::{client_message, order, security_user};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::orders::client_events::{self as events, EventType};
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::delivery;
use crate::platform::fields::{named, required};
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::live;
use crate::platform::names::full_name;
use crate::platform::notifications::{Event, Notice};
use crate::platform::state::AppState;

/// The longest message.
pub const MAX_MESSAGE: usize = 4000;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientMessage {
    pub id: i64,
    pub body: String,
    /// Who wrote it.
    pub from: String,
    /// Written by the client (else by staff).
    pub from_client: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MessageForm {
    /// At most 4,000 characters.
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 4000,
        pattern = "\\S"
    )]
    pub body: Option<String>,
}

impl From<client_message::Model> for ClientMessage {
    fn from(m: client_message::Model) -> Self {
        ClientMessage {
            id: m.id,
            body: m.body,
            from: m.from_name,
            from_client: m.from_client,
            created_at: m.created_at,
        }
    }
}

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(staff_list, staff_post))
}

/// The order's client messages, oldest first.
pub async fn list(db: &impl ConnectionTrait, order_id: i64) -> AppResult<Vec<ClientMessage>> {
    Ok(client_message::Entity::find()
        .filter(client_message::Column::OrderId.eq(order_id))
        .order_by_asc(client_message::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(ClientMessage::from)
        .collect())
}

/// The checked text of a message form.
pub fn body_of(form: &MessageForm) -> AppResult<String> {
    required(named("body", "Message"), form.body.as_deref(), MAX_MESSAGE)
}

/// Writes a message inside `txn` and tells the other side: the orders team of a client's message,
/// the client (an event) of a staff answer.
pub async fn write(
    txn: &DatabaseTransaction,
    state: &AppState,
    o: &order::Model,
    from: Option<&security_user::Model>,
    from_client: bool,
    body: String,
) -> AppResult<ClientMessage> {
    let from_name = match from {
        Some(user) => full_name(user),
        None => "API".to_string(),
    };
    let saved = client_message::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        from_user_id: Set(from.map(|u| u.id)),
        from_name: Set(from_name.clone()),
        from_client: Set(from_client),
        body: Set(body.clone()),
        created_at: Set(Utc::now()),
    }
    .insert(txn)
    .await?;
    if from_client {
        let link = state.config.staff_order_link(o.id);
        delivery::email(
            txn,
            &state.config.orders_team_email,
            format!("Order {}: message from the client", o.file_number),
            vec![
                format!("{from_name} wrote on order {} ({}):", o.file_number, o.property_address()),
                String::new(),
                body,
                String::new(),
                format!("Open the order: {link}"),
            ],
        )
        .await?;
        live::record(txn, live::order_changed(o)).await?;
    } else {
        let mut data = events::order_data(o, o.status_id);
        data["message"] = json!({
            "id": saved.id, "body": saved.body, "from": saved.from_name,
            "createdAt": saved.created_at
        });
        events::record(txn, o, EventType::MessageCreated, data).await?;
        let notice = Notice {
            event: Event::StaffMessage,
            subject: format!("Order {}: message from staff", o.file_number),
            lines: vec![
                format!("{from_name} wrote on order {} ({}):", o.file_number, o.property_address()),
                String::new(),
                saved.body.clone(),
            ],
            link: format!("/client/orders/{}", o.id),
        };
        super::notices::tell_users(txn, &state.config, o, &notice).await?;
    }
    Ok(saved.into())
}

/// The messages between the order's client and staff.
#[utoipa::path(get, path = "/api/staff/orders/{id}/client-messages", tag = "staff", params(OrderId),
    responses((status = 200, body = Vec<ClientMessage>), ReadAnswers))]
async fn staff_list(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<ClientMessage>>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(list(&state.db, id).await?))
}

/// Answers the order's client.
#[utoipa::path(
    post,
    path = "/api/staff/orders/{id}/client-messages",
    tag = "staff",
    request_body = MessageForm,
    params(OrderId),
    responses(
        (status = 201, body = ClientMessage),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn staff_post(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(form): Json<MessageForm>,
) -> AppResult<(StatusCode, axum::Json<ClientMessage>)> {
    let body = body_of(&form)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let o = find_visible_order(&txn, &caller, id).await?;
    if o.client_id.is_none() {
        return Err(crate::platform::http::error::AppError::Conflict(
            "This order has no client to write to.".into(),
        ));
    }
    let saved = write(&txn, &state, &o, Some(&caller.user), false, body).await?;
    txn.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(saved)))
}
