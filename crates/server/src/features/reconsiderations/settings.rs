//! A client's reconsideration settings: whether borrowers may ask (on for conventional loans; a
//! lender of FHA loans may turn it off), the turn time in business days, and the disclosure of the
//! process, kept in versions: `GET|PUT /api/staff/clients/{id}/reconsideration-settings`.
use chrono::{DateTime, Utc};
use portal_db::entities::{client, rov_disclosure};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, NotSet,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::clients::existing_client;
use crate::platform::audit::{self, AuditEntry};
use crate::platform::call::CallOn;
use crate::platform::fields::{self, named};
use crate::platform::http::error::{AppResult, MessageResponse, ReadAnswers};
use crate::platform::http::extract::Json;
use crate::platform::state::AppState;

pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_reconsideration_settings, put_reconsideration_settings))
}

pub const MAX_TURN_DAYS: i32 = 30;
pub const MAX_DISCLOSURE: usize = 8000;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Disclosure {
    #[serde(skip)]
    pub id: i64,
    pub version: i32,
    pub text: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconsiderationSettings {
    pub client_id: i32,
    /// Borrowers may ask from the copy link.
    pub borrower_rov_offered: bool,
    /// Business days the lender gives a case, from the request.
    pub turn_time_business_days: i32,
    /// The current disclosure; none until one is written.
    pub disclosure: Option<Disclosure>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsBody {
    pub borrower_rov_offered: bool,
    #[schema(minimum = 1, maximum = 30)]
    pub turn_time_business_days: i32,
    /// A changed text becomes a new version.
    #[schema(max_length = 8000)]
    pub disclosure: Option<String>,
}

/// The client's current disclosure.
pub async fn current_disclosure(
    db: &impl ConnectionTrait,
    client_id: i32,
) -> AppResult<Option<Disclosure>> {
    Ok(rov_disclosure::Entity::find()
        .filter(rov_disclosure::Column::ClientId.eq(client_id))
        .order_by_desc(rov_disclosure::Column::Version)
        .one(db)
        .await?
        .map(|d| Disclosure {
            id: d.id,
            version: d.version,
            text: d.text,
            created_at: d.created_at,
        }))
}

async fn settings_of(
    db: &impl ConnectionTrait,
    c: &client::Model,
) -> AppResult<ReconsiderationSettings> {
    Ok(ReconsiderationSettings {
        client_id: c.id,
        borrower_rov_offered: c.borrower_rov_offered,
        turn_time_business_days: c.rov_turn_time_days,
        disclosure: current_disclosure(db, c.id).await?,
    })
}

/// The client's reconsideration settings.
#[utoipa::path(get, path = "/api/staff/clients/{id}/reconsideration-settings", tag = "staff",
    params(("id" = i32, Path, description = "Client id")),
    responses((status = 200, body = ReconsiderationSettings), ReadAnswers))]
async fn get_reconsideration_settings(
    CallOn { state, id, .. }: CallOn<i32>,
) -> AppResult<axum::Json<ReconsiderationSettings>> {
    let c = existing_client(&state.db, id).await?;
    Ok(axum::Json(settings_of(&state.db, &c).await?))
}

/// Changes the client's reconsideration settings; a changed disclosure is a new version.
#[utoipa::path(put, path = "/api/staff/clients/{id}/reconsideration-settings", tag = "staff",
    request_body = SettingsBody, params(("id" = i32, Path, description = "Client id")),
    responses((status = 200, body = ReconsiderationSettings),
        (status = 404, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn put_reconsideration_settings(
    CallOn { state, caller, id }: CallOn<i32>,
    Json(body): Json<SettingsBody>,
) -> AppResult<axum::Json<ReconsiderationSettings>> {
    if !(1..=MAX_TURN_DAYS).contains(&body.turn_time_business_days) {
        return Err(named("turnTimeBusinessDays", "Turn time")
            .refuse(format!("Turn time is 1 to {MAX_TURN_DAYS} business days.")));
    }
    let text = fields::optional(
        named("disclosure", "Disclosure"),
        body.disclosure.as_deref(),
        MAX_DISCLOSURE,
    )?;
    let txn = portal_db::begin_write(&state.db).await?;
    let c = existing_client(&txn, id).await?;
    let mut row = c.into_active_model();
    row.borrower_rov_offered = Set(body.borrower_rov_offered);
    row.rov_turn_time_days = Set(body.turn_time_business_days);
    let c = row.update(&txn).await?;
    let current = current_disclosure(&txn, id).await?;
    let mut detail = format!(
        "client {id}: borrower ROV {}, {} business days",
        if body.borrower_rov_offered { "offered" } else { "not offered" },
        body.turn_time_business_days
    );
    if let Some(text) = text.filter(|t| current.as_ref().is_none_or(|d| &d.text != t)) {
        let version = current.map_or(1, |d| d.version + 1);
        rov_disclosure::ActiveModel {
            id: NotSet,
            client_id: Set(id),
            version: Set(version),
            text: Set(text),
            created_by: Set(Some(caller.id())),
            created_at: Set(Utc::now()),
        }
        .insert(&txn)
        .await?;
        detail.push_str(&format!(", disclosure v{version}"));
    }
    let entry = AuditEntry {
        action: "client.reconsideration_settings",
        actor: Some(caller.id()),
        subject: None,
        detail: Some(detail),
        ip: None,
    };
    audit::record(&txn, entry).await?;
    let settings = settings_of(&txn, &c).await?;
    txn.commit().await?;
    Ok(axum::Json(settings))
}
