//! An appraiser's own fee per product (`GET|PUT /api/appraiser/{id}/fee-schedule`) and the number
//! of open orders they take at most (`POST /api/appraiser/update-capacity`). Automatic offers skip
//! an appraiser whose fee is above the order's appraiser fee or who is at capacity.
use portal_db::entities::{appraiser_fee, appraiser_profile};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::features::profile::routes::{AppraiserInfo, appraiser_info};
use crate::features::profile::{managed, record, required_appraiser};
use crate::platform::call::{Call, CallOn};
use crate::platform::fields::named;
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::{Json, JsonList};
use crate::platform::price_list::{self, PriceEntry};
use crate::platform::state::AppState;

/// The most open orders a capacity may be set to.
pub const MAX_CAPACITY: i32 = 200;

pub fn appraiser_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(fee_schedule, replace_fee_schedule))
        .routes(routes!(update_capacity))
}

async fn read(db: &impl sea_orm::ConnectionTrait, appraiser_id: i32) -> AppResult<Vec<PriceEntry>> {
    Ok(appraiser_fee::Entity::find()
        .filter(appraiser_fee::Column::AppraiserId.eq(appraiser_id))
        .order_by_asc(appraiser_fee::Column::ReportTypeId)
        .all(db)
        .await?
        .into_iter()
        .map(|f| PriceEntry { product_id: f.report_type_id, fee_cents: f.fee_cents })
        .collect())
}

/// The appraiser's fee for each product they have priced.
#[utoipa::path(get, path = "/api/appraiser/{id}/fee-schedule", tag = "appraiser",
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses((status = 200, body = Vec<PriceEntry>), ReadAnswers))]
async fn fee_schedule(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<Vec<PriceEntry>>> {
    managed(&state.db, &caller, id).await?;
    Ok(axum::Json(read(&state.db, id).await?))
}

/// Replaces the appraiser's fee schedule; answers it as saved.
#[utoipa::path(
    put,
    path = "/api/appraiser/{id}/fee-schedule",
    tag = "appraiser",
    request_body = Vec<PriceEntry>,
    params(("id" = i32, Path, description = "the appraiser's security user id")),
    responses(
        (status = 200, body = Vec<PriceEntry>),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn replace_fee_schedule(
    CallOn { state, caller, id }: CallOn<i32>,
    JsonList(entries): JsonList<PriceEntry>,
) -> AppResult<axum::Json<Vec<PriceEntry>>> {
    price_list::check(&state.db, &entries).await?;
    let txn = portal_db::begin_write(&state.db).await?;
    managed(&txn, &caller, id).await?;
    appraiser_fee::Entity::delete_many()
        .filter(appraiser_fee::Column::AppraiserId.eq(id))
        .exec(&txn)
        .await?;
    if !entries.is_empty() {
        let rows = entries.iter().map(|e| appraiser_fee::ActiveModel {
            appraiser_id: Set(id),
            report_type_id: Set(e.product_id),
            fee_cents: Set(e.fee_cents),
        });
        appraiser_fee::Entity::insert_many(rows).exec_without_returning(&txn).await?;
    }
    record(&txn, &caller, "profile.fee_schedule", id, format!("{} fees", entries.len())).await?;
    let saved = read(&txn, id).await?;
    txn.commit().await?;
    Ok(axum::Json(saved))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateCapacity {
    /// The appraiser's security user id.
    #[schema(required = true, value_type = i32)]
    pub appraiser_id: Option<i32>,
    /// Open orders they take at most; null for no limit.
    #[schema(minimum = 1, maximum = 200)]
    pub capacity: Option<i32>,
}

/// Sets how many open orders the appraiser takes at most (null: no limit).
#[utoipa::path(
    post,
    path = "/api/appraiser/update-capacity",
    tag = "appraiser",
    request_body = UpdateCapacity,
    responses(
        (status = 200, body = AppraiserInfo),
        (status = 400, body = MessageResponse),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn update_capacity(
    Call { state, caller }: Call,
    Json(body): Json<UpdateCapacity>,
) -> AppResult<axum::Json<AppraiserInfo>> {
    let appraiser = required_appraiser(body.appraiser_id)?;
    if body.capacity.is_some_and(|c| !(1..=MAX_CAPACITY).contains(&c)) {
        return Err(named("capacity", "Capacity")
            .refuse(format!("Capacity must be from 1 to {MAX_CAPACITY} open orders.")));
    }
    let txn = portal_db::begin_write(&state.db).await?;
    let (profile, user) = managed(&txn, &caller, appraiser).await?;
    appraiser_profile::Entity::update_many()
        .col_expr(appraiser_profile::Column::Capacity, Expr::value(body.capacity))
        .filter(appraiser_profile::Column::Id.eq(profile.id))
        .exec(&txn)
        .await?;
    let detail = body.capacity.map_or("no limit".into(), |c| c.to_string());
    record(&txn, &caller, "profile.capacity", appraiser, detail).await?;
    txn.commit().await?;
    let profile = appraiser_profile::Model { capacity: body.capacity, ..profile };
    Ok(axum::Json(appraiser_info(profile, user)?))
}
