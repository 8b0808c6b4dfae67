//! Review checklists: `GET|PUT /api/staff/products/{id}/checklist`. A product without a list of
//! its own is reviewed against the default list; an order against the lists of its products.
use portal_db::entities::{checklist_item, order_detail, report_type};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, NotSet, QueryFilter, QueryOrder,
    Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::call::CallOn;
use crate::platform::fields;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_checklist, put_checklist))
}

/// Items one checklist may have.
pub const MAX_ITEMS: usize = 50;
/// Longest checklist question.
pub const MAX_ITEM_TEXT: usize = 500;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistItem {
    pub id: i32,
    pub text: String,
}

impl From<checklist_item::Model> for ChecklistItem {
    fn from(item: checklist_item::Model) -> ChecklistItem {
        ChecklistItem { id: item.id, text: item.text }
    }
}

/// A product's review checklist.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checklist {
    pub product_id: i32,
    pub product: String,
    /// The product has no list of its own: these are the default list's items.
    pub uses_default: bool,
    pub items: Vec<ChecklistItem>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistItemInput {
    /// An item of this product's list to keep (its answers stay with it); none for a new item.
    pub id: Option<i32>,
    #[schema(
        required = true,
        value_type = String,
        min_length = 1,
        max_length = 500,
        pattern = "\\S"
    )]
    pub text: Option<String>,
}

/// The product's whole list, in order; an empty list returns the product to the default list.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChecklistBody {
    #[schema(max_items = 50)]
    pub items: Vec<ChecklistItemInput>,
}

/// The live items of one list (`None`: the default list), in order.
async fn list(
    db: &impl ConnectionTrait,
    product: Option<i32>,
) -> AppResult<Vec<checklist_item::Model>> {
    let owner = match product {
        Some(id) => checklist_item::Column::ReportTypeId.eq(id),
        None => checklist_item::Column::ReportTypeId.is_null(),
    };
    Ok(checklist_item::Entity::find()
        .filter(owner)
        .filter(checklist_item::Column::Retired.eq(false))
        .order_by_asc(checklist_item::Column::Position)
        .order_by_asc(checklist_item::Column::Id)
        .all(db)
        .await?)
}

/// The list a product is reviewed against: its own, or the default list.
async fn effective(
    db: &impl ConnectionTrait,
    product: i32,
) -> AppResult<(bool, Vec<checklist_item::Model>)> {
    let own = list(db, Some(product)).await?;
    if own.is_empty() { Ok((true, list(db, None).await?)) } else { Ok((false, own)) }
}

/// The items an order is reviewed against: each product's list once, in product order (the
/// default list when it has no product).
pub async fn for_order(
    db: &impl ConnectionTrait,
    order_id: i64,
) -> AppResult<Vec<checklist_item::Model>> {
    let detail = order_detail::Entity::find_by_id(order_id).one(db).await?;
    let products = detail.map(|d| d.products()).unwrap_or_default();
    if products.is_empty() {
        return list(db, None).await;
    }
    let mut items: Vec<checklist_item::Model> = Vec::new();
    for product in products {
        for item in effective(db, product).await?.1 {
            if !items.iter().any(|known| known.id == item.id) {
                items.push(item);
            }
        }
    }
    Ok(items)
}

async fn product(db: &impl ConnectionTrait, id: i32) -> AppResult<report_type::Model> {
    report_type::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("There is no product {id}.")))
}

async fn checklist_of(db: &impl ConnectionTrait, id: i32) -> AppResult<Checklist> {
    let product = product(db, id).await?;
    let (uses_default, items) = effective(db, id).await?;
    Ok(Checklist {
        product_id: product.id,
        product: product.product_description,
        uses_default,
        items: items.into_iter().map(ChecklistItem::from).collect(),
    })
}

/// The product's review checklist (the default list's items while it has none of its own).
#[utoipa::path(
    get,
    path = "/api/staff/products/{id}/checklist",
    tag = "reports",
    params(("id" = i32, Path, description = "Product id")),
    responses((status = 200, body = Checklist), (status = 404, body = MessageResponse)),
)]
async fn get_checklist(CallOn { state, id, .. }: CallOn<i32>) -> AppResult<axum::Json<Checklist>> {
    Ok(axum::Json(checklist_of(&state.db, id).await?))
}

/// The texts of a new list, checked: each item required and short enough, each kept id once.
fn checked_texts(body: &ChecklistBody) -> AppResult<Vec<(Option<i32>, String)>> {
    if body.items.len() > MAX_ITEMS {
        return Err(AppError::Validation(format!(
            "A checklist can have at most {MAX_ITEMS} items."
        )));
    }
    let mut texts = Vec::with_capacity(body.items.len());
    for (i, item) in body.items.iter().enumerate() {
        let name = format!("items[{i}].text");
        let label = format!("Item {}", i + 1);
        let text =
            fields::required(fields::named(&name, &label), item.text.as_deref(), MAX_ITEM_TEXT)?;
        if item.id.is_some() && texts.iter().any(|(id, _)| *id == item.id) {
            return Err(fields::named(&format!("items[{i}].id"), &label)
                .refuse(format!("{label} repeats an item of the list.")));
        }
        texts.push((item.id, text));
    }
    Ok(texts)
}

/// Replaces the product's list: kept items keep their id (and answers), new ones are added, the
/// rest are retired. An empty list returns the product to the default list.
#[utoipa::path(
    put,
    path = "/api/staff/products/{id}/checklist",
    tag = "reports",
    request_body = ChecklistBody,
    params(("id" = i32, Path, description = "Product id")),
    responses(
        (status = 200, body = Checklist),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn put_checklist(
    CallOn { state, caller, id }: CallOn<i32>,
    Json(body): Json<ChecklistBody>,
) -> AppResult<axum::Json<Checklist>> {
    let texts = checked_texts(&body)?;
    let txn = portal_db::begin_write(&state.db).await?;
    product(&txn, id).await?;
    let own = list(&txn, Some(id)).await?;
    for (i, (kept, _)) in texts.iter().enumerate() {
        if let Some(kept) = kept.filter(|k| !own.iter().any(|item| item.id == *k)) {
            return Err(fields::named(&format!("items[{i}].id"), "Item")
                .refuse(format!("Item {kept} is not on this product's checklist.")));
        }
    }
    let kept: Vec<i32> = texts.iter().filter_map(|(kept, _)| *kept).collect();
    checklist_item::Entity::update_many()
        .col_expr(checklist_item::Column::Retired, Expr::value(true))
        .filter(checklist_item::Column::ReportTypeId.eq(id))
        .filter(checklist_item::Column::Id.is_not_in(kept))
        .exec(&txn)
        .await?;
    for (position, (kept, text)) in texts.into_iter().enumerate() {
        let row = checklist_item::ActiveModel {
            id: kept.map_or(NotSet, Set),
            report_type_id: Set(Some(id)),
            position: Set(position as i32 + 1),
            text: Set(text),
            retired: Set(false),
        };
        if kept.is_some() {
            row.update(&txn).await?
        } else {
            row.insert(&txn).await?
        };
    }
    crate::platform::audit::record(
        &txn,
        crate::platform::audit::AuditEntry {
            action: "checklist.update",
            actor: Some(caller.id()),
            subject: None,
            detail: Some(format!("product {id}")),
            ip: None,
        },
    )
    .await?;
    txn.commit().await?;
    Ok(axum::Json(checklist_of(&state.db, id).await?))
}
