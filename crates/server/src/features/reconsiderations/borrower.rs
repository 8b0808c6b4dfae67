//! The borrower's side, from the copy link without signing in:
//! `GET /api/borrower/copy/{token}/reconsideration` (whether a request is offered, the lender's
//! disclosure, which is recorded as shown, and the borrower's request if any) and `POST` (one
//! request per appraisal).
use axum::extract::State;
use chrono::Utc;
use portal_db::entities::{client, order, rov_disclosure_view};
use sea_orm::{ActiveModelTrait, EntityTrait, NotSet, Set};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::cases::{self, Requester};
use super::request::{self, ReconsiderationBody};
use super::settings::{self, Disclosure};
use super::view::{self, Audience, Reconsideration};
use crate::features::reports::borrower_copy::{MSG_LINK_GONE, valid_copy};
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::{Json, Path};
use crate::platform::state::AppState;

/// No sign-in: the copy link's token is the key.
pub fn public_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(borrower_reconsideration_page, borrower_asks_reconsideration))
}

/// What the borrower's copy page offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BorrowerReconsideration {
    /// The lender offers the borrower a request for reconsideration of value.
    pub offered: bool,
    /// The lender's disclosure of the process, as shown (its version is recorded).
    pub disclosure: Option<Disclosure>,
    /// The borrower's request, once made.
    pub request: Option<Reconsideration>,
}

async fn order_of_link(state: &AppState, token: &str) -> AppResult<order::Model> {
    let (copy, _) = valid_copy(&state.db, token).await?;
    order::Entity::find_by_id(copy.order_id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound(MSG_LINK_GONE.into()))
}

/// The borrower's request, as the lender would see it.
async fn borrowers_request(
    state: &AppState,
    o: &order::Model,
) -> AppResult<Option<Reconsideration>> {
    let mine =
        cases::of_order(&state.db, o.id).await?.into_iter().find(|c| c.initiated_by == "borrower");
    match mine {
        Some(case) => {
            Ok(Some(view::view(&state.db, case, o, Audience::Client, &state.config).await?))
        }
        None => Ok(None),
    }
}

/// Whether the borrower may ask for a reconsideration, with the lender's disclosure (recorded as
/// shown: time and version).
#[utoipa::path(get, path = "/api/borrower/copy/{token}/reconsideration", tag = "reports",
    params(("token" = String, Path, description = "The link's token")),
    responses((status = 200, body = BorrowerReconsideration),
        (status = 404, body = MessageResponse)))]
async fn borrower_reconsideration_page(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<axum::Json<BorrowerReconsideration>> {
    let o = order_of_link(&state, &token).await?;
    let client = match o.client_id {
        Some(id) => client::Entity::find_by_id(id).one(&state.db).await?,
        None => None,
    };
    let disclosure = match &client {
        Some(c) => settings::current_disclosure(&state.db, c.id).await?,
        None => None,
    };
    if let Some(shown) = &disclosure {
        rov_disclosure_view::ActiveModel {
            id: NotSet,
            order_id: Set(o.id),
            disclosure_id: Set(shown.id),
            version: Set(shown.version),
            shown_at: Set(Utc::now()),
        }
        .insert(&state.db)
        .await?;
    }
    Ok(axum::Json(BorrowerReconsideration {
        offered: client.as_ref().is_none_or(|c| c.borrower_rov_offered),
        disclosure,
        request: borrowers_request(&state, &o).await?,
    }))
}

/// The borrower asks for a reconsideration of value (once per appraisal; 409 for a second, after
/// the closing date, or when the lender does not offer it).
#[utoipa::path(post, path = "/api/borrower/copy/{token}/reconsideration", tag = "reports",
    request_body = ReconsiderationBody,
    params(("token" = String, Path, description = "The link's token")),
    responses((status = 200, body = Reconsideration), (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse), (status = 422, body = MessageResponse)))]
async fn borrower_asks_reconsideration(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Json(body): Json<ReconsiderationBody>,
) -> AppResult<axum::Json<Reconsideration>> {
    let o = order_of_link(&state, &token).await?;
    let checked = request::check(&body)?;
    let txn = portal_db::begin_write(&state.db).await?;
    let case =
        cases::open(&txn, &state.storage, &state.config, &o, Requester::Borrower, checked).await?;
    txn.commit().await?;
    Ok(axum::Json(view::view(&state.db, case, &o, Audience::Client, &state.config).await?))
}
