//! A client's price list: `GET|PUT /api/staff/clients/{id}/prices`. A product the client has no
//! price for is charged at the product's client fee (the default list, set on the Products page).
//! An order's client fee is the sum of its products' prices, set when the order is created.
use std::collections::HashMap;

use axum::extract::State;
use portal_db::entities::{client_price, invoice, order, order_detail, report_type};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::clients::existing_client;
use crate::kernel::orders::status::OrderStatus;
use crate::platform::audit::audit_staff;
use crate::platform::call::{CallOn, OrderId};
use crate::platform::fields::named;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::{Json, JsonList, Path};
use crate::platform::money::{Cents, MAX_CENTS};
use crate::platform::price_list::{self, PriceEntry};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(client_prices, replace_client_prices))
        .routes(routes!(set_client_fee))
}

/// One product's price for a client.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPrice {
    pub product_id: i32,
    pub product_name: String,
    /// What the client is charged, in cents: its own price, else the default list's; null when
    /// neither has one.
    pub fee_cents: Option<i64>,
    /// The default list's price, in cents.
    pub default_fee_cents: Option<i64>,
    /// The client has a price of its own for the product.
    pub own: bool,
}

/// Every product with what the client is charged for it, by product name.
#[utoipa::path(
    get,
    path = "/api/staff/clients/{id}/prices",
    tag = "staff",
    params(("id" = i32, Path, description = "Client id")),
    responses((status = 200, body = Vec<ClientPrice>), (status = 404, body = MessageResponse)),
)]
async fn client_prices(
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> AppResult<axum::Json<Vec<ClientPrice>>> {
    existing_client(&state.db, id).await?;
    let own = own_prices(&state.db, id).await?;
    let products = price_list::products_by_name(&state.db).await?;
    Ok(axum::Json(
        products
            .into_iter()
            .map(|p| ClientPrice {
                fee_cents: own.get(&p.id).copied().or(p.client_fee_cents),
                own: own.contains_key(&p.id),
                product_id: p.id,
                product_name: p.product_description,
                default_fee_cents: p.client_fee_cents,
            })
            .collect(),
    ))
}

/// Replaces the client's own list (an empty list returns it to the default prices).
#[utoipa::path(
    put,
    path = "/api/staff/clients/{id}/prices",
    tag = "staff",
    request_body = Vec<PriceEntry>,
    params(("id" = i32, Path, description = "Client id")),
    responses(
        (status = 200, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn replace_client_prices(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    JsonList(entries): JsonList<PriceEntry>,
) -> AppResult<axum::Json<MessageResponse>> {
    price_list::check(&state.db, &entries).await?;
    let txn = portal_db::begin_write(&state.db).await?;
    let found = existing_client(&txn, id).await?;
    client_price::Entity::delete_many()
        .filter(client_price::Column::ClientId.eq(id))
        .exec(&txn)
        .await?;
    if !entries.is_empty() {
        let rows = entries.iter().map(|e| client_price::ActiveModel {
            client_id: Set(id),
            report_type_id: Set(e.product_id),
            fee_cents: Set(e.fee_cents),
        });
        client_price::Entity::insert_many(rows).exec(&txn).await?;
    }
    let detail = format!("client {id} ({}): {} prices", found.company_name, entries.len());
    audit_staff(&txn, &caller, &ip, "staff.client_prices", detail).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("Prices saved.")))
}

/// The client's own price of each product that has one, in whole cents.
pub async fn own_prices(db: &impl ConnectionTrait, client_id: i32) -> AppResult<HashMap<i32, i64>> {
    let rows = client_price::Entity::find()
        .filter(client_price::Column::ClientId.eq(client_id))
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|p| (p.report_type_id, p.fee_cents)).collect())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientFeeBody {
    /// Whole cents, 0 to 100,000,000.
    #[schema(minimum = 0, maximum = 100_000_000)]
    pub client_fee_cents: i64,
}

/// Sets what the client is charged for the order, at any time before its invoice is issued (the
/// order form sets it too, while the order is open).
#[utoipa::path(
    put,
    path = "/api/staff/orders/{id}/client-fee",
    tag = "staff",
    request_body = ClientFeeBody,
    params(OrderId),
    responses(
        (status = 200, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn set_client_fee(
    CallOn { state, caller, id }: CallOn<i64>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ClientFeeBody>,
) -> AppResult<axum::Json<MessageResponse>> {
    if !(0..=MAX_CENTS).contains(&body.client_fee_cents) {
        return Err(named("clientFeeCents", "Client fee")
            .refuse("Client fee must be from $0.00 to $1,000,000.00.".into()));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let o = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or_else(|| AppError::NotFound("No such order.".into()))?;
    if matches!(o.status_id, OrderStatus::Cancelled | OrderStatus::Rejected) {
        return Err(AppError::Conflict(format!("This order is {}.", o.status_id.label())));
    }
    let invoiced = invoice::Entity::find().filter(invoice::Column::OrderId.eq(id));
    if invoiced.one(&txn).await?.is_some() {
        return Err(AppError::Conflict(MSG_INVOICED.into()));
    }
    let changed = order_detail::Entity::update_many()
        .col_expr(order_detail::Column::ClientFeeCents, Expr::value(body.client_fee_cents))
        .filter(order_detail::Column::OrderId.eq(id))
        .exec(&txn)
        .await?;
    if changed.rows_affected != 1 {
        return Err(AppError::NotFound("No such order.".into()));
    }
    let detail = format!("order {id} ({}): {}", o.file_number, Cents(body.client_fee_cents));
    audit_staff(&txn, &caller, &ip, "staff.client_fee", detail).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("Client fee saved.")))
}

pub const MSG_INVOICED: &str =
    "The order is invoiced already: correct the invoice with a credit note.";

/// What the client is charged for an order of `products`: the sum of their prices (the client's
/// own, else the default list's); None when none of them has a price.
pub async fn list_fee(
    db: &impl ConnectionTrait,
    client_id: i32,
    products: &[i32],
) -> AppResult<Option<i64>> {
    let own = own_prices(db, client_id).await?;
    let defaults: HashMap<i32, Option<i64>> = report_type::Entity::find()
        .filter(report_type::Column::Id.is_in(products.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|p| (p.id, p.client_fee_cents))
        .collect();
    let prices: Vec<i64> = products
        .iter()
        .filter_map(|p| own.get(p).copied().or(defaults.get(p).copied().flatten()))
        .collect();
    Ok((!prices.is_empty()).then(|| prices.iter().sum()))
}
