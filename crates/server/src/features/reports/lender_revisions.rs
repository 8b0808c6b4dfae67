//! A lender's revision request (corrections, not value): `POST|GET
//! /api/client/orders/{id}/revision-requests` (and the public API's) with items [{reference, text}]
//! moves the delivered order to "Lender Revision Request" and tells the orders team; staff forward
//! the items to the appraiser as a revision round (the staff desk's forward call), the appraiser
//! answers them with the revised report, which is reviewed and delivered again as a new version.
use chrono::{DateTime, Utc};
use portal_db::entities::{lender_revision_request, order};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait,
    IntoActiveModel, NotSet, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::revisions::{self, NewItem, RevisionBody};
use crate::kernel::clients::{ClientSeat, client_of, find};
use crate::kernel::orders::apply;
use crate::kernel::orders::lifecycle::OrderAction;
use crate::kernel::orders::status::OrderStatus;
use crate::kernel::orders::visibility::find_visible_order;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields::optional_text;
use crate::platform::http::error::{AppError, AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::names::full_name;
use crate::platform::state::AppState;

pub fn client_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ask_lender_revision, list_lender_revisions))
}

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(staff_lender_revisions))
}

pub const MSG_NOT_DELIVERED: &str =
    "Revisions can be requested once the report has been delivered.";

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestedItem {
    pub reference: String,
    pub text: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LenderRevisionRequest {
    pub id: i64,
    pub order_id: i64,
    pub items: Vec<RequestedItem>,
    pub message: Option<String>,
    pub requester: String,
    pub created_at: DateTime<Utc>,
    /// When staff sent the items to the appraiser.
    pub forwarded_at: Option<DateTime<Utc>>,
}

impl From<lender_revision_request::Model> for LenderRevisionRequest {
    fn from(r: lender_revision_request::Model) -> Self {
        LenderRevisionRequest {
            id: r.id,
            order_id: r.order_id,
            items: serde_json::from_str(&r.items).unwrap_or_default(),
            message: r.message,
            requester: r.requester,
            created_at: r.created_at,
            forwarded_at: r.forwarded_at,
        }
    }
}

/// The order's requests, oldest first.
pub async fn of_order(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Vec<LenderRevisionRequest>> {
    Ok(lender_revision_request::Entity::find()
        .filter(lender_revision_request::Column::OrderId.eq(order_id))
        .order_by_asc(lender_revision_request::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Into::into)
        .collect())
}

/// Who asks: the client's user (none for an API key) and how the history names them.
pub struct Requester {
    pub user_id: Option<i32>,
    pub name: String,
}

/// The client's request on its delivered order: kept, the order moved to Lender Revision Request,
/// the orders team told. 409 unless the order is delivered.
pub async fn ask_for_client(
    state: &AppState,
    seat: &ClientSeat,
    order_id: i64,
    requester: Requester,
    body: &RevisionBody,
) -> AppResult<LenderRevisionRequest> {
    let txn = portal_db::begin_write(&state.db).await?;
    let (o, _) = find(&txn, seat, order_id).await?;
    seat.may_act()?;
    let items = revisions::checked_items(body)?;
    let message = optional_text(body.message.as_deref())?;
    if o.status_id != OrderStatus::DeliveredToClient {
        return Err(AppError::Conflict(MSG_NOT_DELIVERED.into()));
    }
    let stored: Vec<RequestedItem> = items
        .iter()
        .map(|i| RequestedItem { reference: i.reference.clone(), text: i.text.clone() })
        .collect();
    let row = lender_revision_request::ActiveModel {
        id: NotSet,
        order_id: Set(o.id),
        items: Set(serde_json::to_string(&stored).map_err(|e| AppError::Internal(e.to_string()))?),
        message: Set(message.clone()),
        requested_by: Set(requester.user_id),
        requester: Set(requester.name.chars().take(200).collect()),
        created_at: Set(Utc::now()),
        forwarded_at: Set(None),
        forwarded_by: Set(None),
    }
    .insert(&txn)
    .await?;
    let first = format!("Lender revision requested by {}.", requester.name);
    let text = revisions::message_text(message.as_deref(), &items);
    let note = vec![first.clone(), text.clone()];
    let action = OrderAction::RequestLenderRevision;
    apply::client_move(&txn, &state.config, &o, action, requester.user_id, note).await?;
    tell_orders_team(&txn, state, &o, &first, &text).await?;
    txn.commit().await?;
    Ok(row.into())
}

async fn tell_orders_team(
    txn: &DatabaseTransaction,
    state: &AppState,
    o: &order::Model,
    first: &str,
    text: &str,
) -> AppResult<()> {
    crate::platform::delivery::email(
        txn,
        &state.config.orders_team_email,
        format!("Order {}: the lender asks for revisions", o.file_number),
        vec![
            format!("Order {} ({}). {first}", o.file_number, o.property_address()),
            text.to_string(),
            String::new(),
            format!("Forward them to the appraiser: {}", state.config.staff_order_link(o.id)),
        ],
    )
    .await
    .map(drop)
}

/// Marks the request forwarded (409 when it was) and gives its items, for staff's forward call.
pub async fn forward(
    txn: &DatabaseTransaction,
    order_id: i64,
    request_id: i64,
    by: i32,
) -> AppResult<(Vec<NewItem>, Option<String>)> {
    let request = lender_revision_request::Entity::find_by_id(request_id)
        .filter(lender_revision_request::Column::OrderId.eq(order_id))
        .one(txn)
        .await?
        .ok_or_else(|| {
            AppError::NotFound("There is no such revision request on this order.".into())
        })?;
    if request.forwarded_at.is_some() {
        return Err(AppError::Conflict("This revision request was already forwarded.".into()));
    }
    let view: LenderRevisionRequest = request.clone().into();
    let mut row = request.into_active_model();
    row.forwarded_at = Set(Some(Utc::now()));
    row.forwarded_by = Set(Some(by));
    row.update(txn).await?;
    let items =
        view.items.into_iter().map(|i| NewItem { reference: i.reference, text: i.text }).collect();
    Ok((items, view.message))
}

/// Asks for corrections of the delivered report, item by item (the order goes to Lender Revision
/// Request). 409 unless delivered; 422 naming the field.
#[utoipa::path(post, path = "/api/client/orders/{id}/revision-requests", tag = "client",
    request_body = RevisionBody, params(OrderId),
    responses((status = 200, body = LenderRevisionRequest), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn ask_lender_revision(
    CallOn { state, caller, id }: CallOn<i64>,
    Json(body): Json<RevisionBody>,
) -> AppResult<axum::Json<LenderRevisionRequest>> {
    let seat = client_of(&state.db, &caller).await?;
    let requester = Requester { user_id: Some(caller.id()), name: full_name(&caller.user) };
    Ok(axum::Json(ask_for_client(&state, &seat, id, requester, &body).await?))
}

/// The order's revision requests.
#[utoipa::path(get, path = "/api/client/orders/{id}/revision-requests", tag = "client",
    params(OrderId), responses((status = 200, body = Vec<LenderRevisionRequest>), ReadAnswers))]
async fn list_lender_revisions(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<LenderRevisionRequest>>> {
    let seat = client_of(&state.db, &caller).await?;
    find(&state.db, &seat, id).await?;
    Ok(axum::Json(of_order(&state.db, id).await?))
}

/// The lender's revision requests of the order, for staff to forward.
#[utoipa::path(get, path = "/api/staff/orders/{id}/revision-requests", tag = "staff",
    params(OrderId), responses((status = 200, body = Vec<LenderRevisionRequest>), ReadAnswers))]
async fn staff_lender_revisions(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<LenderRevisionRequest>>> {
    find_visible_order(&state.db, &caller, id).await?;
    Ok(axum::Json(of_order(&state.db, id).await?))
}
