//! The products orders ask for, with the company's settings for each: `GET /api/staff/products`
//! and `PUT /api/staff/products/{id}` (whether Upload Report needs the data file). The review
//! checklist of a product is `reports::checklist`.
use portal_db::entities::{checklist_item, report_type};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::call::{Call, CallOn};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::money::Cents;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(products)).routes(routes!(update_product))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: i32,
    pub name: String,
    pub is_desktop: bool,
    pub default_fee: Option<Cents>,
    /// What clients without a price of their own are charged, in cents (the default price list).
    pub client_fee_cents: Option<i64>,
    /// The borrower pays for orders of this product by card before they are assigned.
    pub borrower_pays: bool,
    /// Upload Report needs the appraisal data file (UAD XML or ZIP) with the report.
    pub data_file_required: bool,
    /// The product has a review checklist of its own (otherwise the default list).
    pub own_checklist: bool,
}

/// Every product with its settings, by name.
#[utoipa::path(
    get,
    path = "/api/staff/products",
    tag = "staff",
    responses((status = 200, body = Vec<Product>)),
)]
async fn products(Call { state, .. }: Call) -> AppResult<axum::Json<Vec<Product>>> {
    let with_lists: Vec<Option<i32>> = checklist_item::Entity::find()
        .select_only()
        .column(checklist_item::Column::ReportTypeId)
        .filter(checklist_item::Column::Retired.eq(false))
        .filter(checklist_item::Column::ReportTypeId.is_not_null())
        .distinct()
        .into_tuple()
        .all(&state.db)
        .await?;
    let products = crate::platform::price_list::products_by_name(&state.db).await?;
    Ok(axum::Json(
        products
            .into_iter()
            .map(|p| Product {
                own_checklist: with_lists.contains(&Some(p.id)),
                id: p.id,
                name: p.product_description,
                is_desktop: p.is_desktop,
                default_fee: p.default_fee_cents.map(Cents),
                client_fee_cents: p.client_fee_cents,
                borrower_pays: p.borrower_pays,
                data_file_required: p.data_file_required,
            })
            .collect(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSettings {
    pub data_file_required: bool,
    /// The default list's price in whole cents; left out, it stays as it is.
    #[schema(minimum = 0, maximum = 100_000_000)]
    pub client_fee_cents: Option<i64>,
    /// Whether the borrower pays by card; left out, it stays as it is.
    pub borrower_pays: Option<bool>,
}

/// Changes a product's settings.
#[utoipa::path(
    put,
    path = "/api/staff/products/{id}",
    tag = "staff",
    request_body = ProductSettings,
    params(("id" = i32, Path, description = "Product id")),
    responses(
        (status = 200, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn update_product(
    CallOn { state, caller, id }: CallOn<i32>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ProductSettings>,
) -> AppResult<axum::Json<MessageResponse>> {
    if body
        .client_fee_cents
        .is_some_and(|cents| !(0..=crate::platform::money::MAX_CENTS).contains(&cents))
    {
        return Err(crate::platform::fields::named("clientFeeCents", "Client fee")
            .refuse("A price must be from $0.00 to $1,000,000.00.".into()));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let mut update = report_type::Entity::update_many()
        .col_expr(report_type::Column::DataFileRequired, Expr::value(body.data_file_required))
        .filter(report_type::Column::Id.eq(id));
    if let Some(cents) = body.client_fee_cents {
        update = update.col_expr(report_type::Column::ClientFeeCents, Expr::value(cents));
    }
    if let Some(pays) = body.borrower_pays {
        update = update.col_expr(report_type::Column::BorrowerPays, Expr::value(pays));
    }
    let changed = update.exec(&txn).await?;
    if changed.rows_affected == 0 {
        return Err(AppError::NotFound(format!("There is no product {id}.")));
    }
    let setting = if body.data_file_required { "required" } else { "optional" };
    let price =
        body.client_fee_cents.map(|c| format!(", client fee {}", Cents(c))).unwrap_or_default();
    let detail = format!("product {id}: data file {setting}{price}");
    crate::platform::audit::audit_staff(&txn, &caller, &ip, "product.update", detail).await?;
    txn.commit().await?;
    Ok(axum::Json(MessageResponse::new("Product saved.")))
}
