//! REASSIGN: the appraisers an order may go to, and moving it to one of them
//! (/api/admin-appraiser/order/{id}/assignable and /api/admin-appraiser/assign-order).
//!
//! Assignable appraisers are the active appraisers of the order's firm (appraisers and their
//! administrators) not suspended from the panel, other than the one who has it, who hold a licence
//! in the property's state that has not expired, with their open-order counts
//! (docs/domain.md#order-lifecycle). The order goes back to "assigned" so that the new appraiser
//! accepts or rejects it; the one who had it stays invited.
use std::collections::{HashMap, HashSet};

use chrono::{NaiveDate, Utc};
use portal_db::entities::{appraiser_license, appraiser_profile, order, security_user};
use sea_orm::sea_query::{Expr, Query, SelectStatement, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::apply::{self, Change};
use super::lifecycle::OrderAction;
use super::status;
use crate::kernel::users::accounts::office_address;
use crate::platform::call::{Call, CallOn, OrderId};
use crate::platform::http::error::{AppError, AppResult, ChangeWithInputAnswers, MessageResponse};
use crate::platform::http::extract::Json;
use crate::platform::names::full_name;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub const MSG_NO_ORDER: &str = "No order id to assign!.";
pub const MSG_SELECT_APPRAISER: &str = "Please select an appraiser to assign the order to.";
pub const MSG_NOT_ASSIGNABLE: &str =
    "That appraiser cannot be assigned this order. Choose one of the assignable appraisers.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(assignable_appraisers)).routes(routes!(assign_order))
}

/// An appraiser the order may be reassigned to (`id` is the security user id).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignableAppraiser {
    pub id: i32,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub office_address: String,
    pub email_address: String,
    /// Licensed in the property's state.
    pub licensed: bool,
    pub fha_certified: bool,
    /// Orders assigned to them that are not closed.
    pub open_orders: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignOrder {
    #[schema(required = true, value_type = i64)]
    pub order_id: Option<i64>,
    /// Security user id of one of the assignable appraisers.
    #[schema(required = true, value_type = i32)]
    pub appraiser_to_assign_to: Option<i32>,
}

fn today(state: &AppState) -> AppResult<NaiveDate> {
    state.config.today().map_err(AppError::Internal)
}

/// How many open orders each appraiser has (a state's panel: every appraiser who has one).
pub async fn open_order_counts(
    db: &impl ConnectionTrait,
    appraisers: &Appraisers,
) -> AppResult<HashMap<i32, i64>> {
    let mut open = order::Entity::find()
        .select_only()
        .column(order::Column::AssignedAppraiserId)
        .column_as(order::Column::Id.count(), "open_orders")
        .filter(order::Column::StatusId.is_in(status::open_statuses()))
        .group_by(order::Column::AssignedAppraiserId);
    // A state's panel holds most appraisers: every open order is read by its status (an index
    // leads with it) rather than every order of the panel by appraiser.
    if let Appraisers::Ids(ids) = appraisers {
        open = open.filter(order::Column::AssignedAppraiserId.is_in(ids.iter().copied()));
    }
    let rows: Vec<(Option<i32>, i64)> = open.into_tuple().all(db).await?;
    Ok(rows.into_iter().filter_map(|(id, n)| id.map(|id| (id, n))).collect())
}

/// Which appraisers a figure is wanted for: a few by security user id, or everyone licensed in a
/// state (a subquery, so that a panel of thousands is never sent as a list of ids).
pub enum Appraisers {
    Ids(Vec<i32>),
    LicensedIn(String),
}

impl Appraisers {
    /// `column`, a security user id, is one of them.
    pub fn include(&self, column: impl ColumnTrait) -> SimpleExpr {
        match self {
            Appraisers::Ids(ids) => column.is_in(ids.iter().copied()),
            Appraisers::LicensedIn(state_code) => column.in_subquery(
                Query::select()
                    .column(appraiser_profile::Column::SecurityUserId)
                    .from(appraiser_profile::Entity)
                    .and_where(
                        appraiser_profile::Column::Id.in_subquery(licensed_profiles(state_code)),
                    )
                    .to_owned(),
            ),
        }
    }
}

/// The profiles holding a licence (valid or not) in the state.
pub fn licensed_profiles(state_code: &str) -> SelectStatement {
    Query::select()
        .column(appraiser_license::Column::AppraiserProfileId)
        .from(appraiser_license::Entity)
        .and_where(appraiser_license::Column::StateCode.eq(state_code))
        .to_owned()
}

/// The appraisers `o` may be reassigned to on `today` (the company's date), by name.
pub async fn assignable(
    db: &impl ConnectionTrait,
    o: &order::Model,
    today: NaiveDate,
) -> AppResult<Vec<(AssignableAppraiser, security_user::Model)>> {
    let Some(company) = o.assigned_company_id else { return Ok(Vec::new()) };
    let rows = appraiser_profile::Entity::find()
        .find_also_related(security_user::Entity)
        .filter(appraiser_profile::Column::CompanyId.eq(company))
        .filter(appraiser_profile::Column::SuspendedAt.is_null())
        .filter(security_user::Column::Active.eq(true))
        .filter(
            security_user::Column::UserType
                .is_in([UserType::Appraiser.number(), UserType::AppraiserAdmin.number()]),
        )
        .order_by_asc(security_user::Column::LastName)
        .order_by_asc(security_user::Column::FirstName)
        .all(db)
        .await?;
    let firm: Vec<(appraiser_profile::Model, security_user::Model)> = rows
        .into_iter()
        .filter_map(|(profile, user)| user.map(|u| (profile, u)))
        .filter(|(_, user)| Some(user.id) != o.assigned_appraiser_id)
        .collect();
    let licensed =
        licensed_in(db, firm.iter().map(|(p, _)| p.id).collect(), &o.property_state_code, today)
            .await?;
    let candidates: Vec<_> =
        firm.into_iter().filter(|(profile, _)| licensed.contains(&profile.id)).collect();
    let counts =
        open_order_counts(db, &Appraisers::Ids(candidates.iter().map(|(_, u)| u.id).collect()))
            .await?;
    Ok(candidates
        .into_iter()
        .map(|(profile, user)| {
            let item = AssignableAppraiser {
                id: user.id,
                first_name: user.first_name.clone(),
                last_name: user.last_name.clone(),
                office_address: office_address(&profile),
                email_address: user.email.clone(),
                licensed: true,
                fha_certified: profile.is_fha_certified,
                open_orders: counts.get(&user.id).copied().unwrap_or(0),
            };
            (item, user)
        })
        .collect())
}

#[utoipa::path(
    get,
    path = "/api/admin-appraiser/order/{id}/assignable",
    tag = "order-actions",
    params(OrderId),
    responses(
        (status = 200, body = Vec<AssignableAppraiser>),
        (status = 403, body = MessageResponse),
        (status = 404, body = MessageResponse),
        (status = 409, body = MessageResponse),
    ),
)]
async fn assignable_appraisers(
    CallOn { state, caller, id }: CallOn<i64>,
) -> AppResult<axum::Json<Vec<AssignableAppraiser>>> {
    let checked = apply::check(&state.db, &caller, id, OrderAction::Reassign).await?;
    let list = assignable(&state.db, &checked.order, today(&state)?).await?;
    Ok(axum::Json(list.into_iter().map(|(item, _)| item).collect()))
}

/// Reassigns the order to one of its assignable appraisers (to assigned: they accept or reject it).
#[utoipa::path(
    post,
    path = "/api/admin-appraiser/assign-order",
    tag = "order-actions",
    request_body = AssignOrder,
    responses(ChangeWithInputAnswers),
)]
async fn assign_order(
    Call { state, caller }: Call,
    Json(body): Json<AssignOrder>,
) -> AppResult<axum::Json<MessageResponse>> {
    let order_id = body.order_id.ok_or_else(|| AppError::Validation(MSG_NO_ORDER.into()))?;
    let checked = apply::check(&state.db, &caller, order_id, OrderAction::Reassign).await?;
    let chosen = body
        .appraiser_to_assign_to
        .ok_or_else(|| AppError::Validation(MSG_SELECT_APPRAISER.into()))?;
    let (item, user) = assignable(&state.db, &checked.order, today(&state)?)
        .await?
        .into_iter()
        .find(|(item, _)| item.id == chosen)
        .ok_or_else(|| AppError::Validation(MSG_NOT_ASSIGNABLE.into()))?;
    let previous = match checked.order.assigned_appraiser_id {
        Some(id) => {
            security_user::Entity::find_by_id(id).one(&state.db).await?.map(|u| full_name(&u))
        }
        None => None,
    };
    let new_name = full_name(&user);
    let line = match previous {
        Some(old) => {
            format!("Order reassigned from {old} to {new_name} by {}.", full_name(&caller.user))
        }
        None => format!("Order assigned to {new_name} by {}.", full_name(&caller.user)),
    };
    let change = Change {
        order_columns: vec![
            (order::Column::AssignedAppraiserId, Expr::value(item.id)),
            (order::Column::AssignmentActualDate, Expr::value(Utc::now())),
            (order::Column::AcceptedAt, Expr::value(Option::<chrono::DateTime<Utc>>::None)),
        ],
        assign_to: Some(user),
        ..Change::noting(vec![line])
    };
    apply::apply(&state, &caller, &checked, change).await?;
    Ok(axum::Json(MessageResponse::new(format!("Order assigned to {new_name}."))))
}

/// Which of the given appraiser profiles hold a licence in `state_code` that is still valid
/// on `today` (a licence is good through its expiration date).
pub async fn licensed_in(
    db: &impl ConnectionTrait,
    profile_ids: Vec<i32>,
    state_code: &str,
    today: NaiveDate,
) -> AppResult<HashSet<i32>> {
    let ids: Vec<i32> = appraiser_license::Entity::find()
        .select_only()
        .column(appraiser_license::Column::AppraiserProfileId)
        .distinct()
        .filter(appraiser_license::Column::AppraiserProfileId.is_in(profile_ids))
        .filter(appraiser_license::Column::StateCode.eq(state_code.trim().to_ascii_uppercase()))
        .filter(appraiser_license::Column::ExpirationDate.gte(today))
        .into_tuple()
        .all(db)
        .await?;
    Ok(ids.into_iter().collect())
}
