use crate::kernel::users::accounts::office_address;
use crate::platform::call::Call;
use crate::platform::http::extract::Query;
use axum::extract::State;
use portal_db::entities::{appraiser_profile, audit_log, security_user};
use sea_orm::sea_query::ExprTrait;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::users::access::company_of;
use crate::platform::http::error::{AppError, AppResult, MessageResponse};
use crate::platform::http::extract::MAX_PAGE;
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub fn firm_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(company_appraisers))
}

pub fn secret_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(audit_entries))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListedUser {
    pub id: i32,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListedAppraiserInfo {
    pub id: i32,
    pub is_fha_certified: bool,
}

/// One appraiser of the caller's firm, as the Appraisers list shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppraiserListItem {
    pub security_user: ListedUser,
    pub office_address: String,
    pub appraiser_info: ListedAppraiserInfo,
}

/// The appraisers of the caller's firm (every firm for staff and the secret administrator).
#[utoipa::path(
    get,
    path = "/api/admin-appraiser/company-appraisers",
    tag = "admin-appraiser",
    responses(
        (status = 200, body = Vec<AppraiserListItem>),
        (status = 403, body = MessageResponse),
    ),
)]
async fn company_appraisers(
    Call { state, caller }: Call,
) -> AppResult<axum::Json<Vec<AppraiserListItem>>> {
    let mut query = appraiser_profile::Entity::find()
        .find_also_related(security_user::Entity)
        .filter(security_user::Column::UserType.eq(UserType::Appraiser))
        .filter(security_user::Column::Active.eq(true));
    if caller.is(UserType::AppraiserAdmin) {
        let company = company_of(&state.db, caller.id()).await?.ok_or_else(AppError::forbidden)?;
        query = query.filter(appraiser_profile::Column::CompanyId.eq(company));
    }
    let rows = query
        .order_by_asc(security_user::Column::LastName)
        .order_by_asc(security_user::Column::FirstName)
        .all(&state.db)
        .await?;
    let items = rows
        .into_iter()
        .filter_map(|(profile, user)| {
            let user = user?;
            Some(AppraiserListItem {
                office_address: office_address(&profile),
                appraiser_info: ListedAppraiserInfo {
                    id: profile.id,
                    is_fha_certified: profile.is_fha_certified,
                },
                security_user: ListedUser {
                    id: user.id,
                    first_name: user.first_name,
                    last_name: user.last_name,
                    email: user.email,
                },
            })
        })
        .collect();
    Ok(axum::Json(items))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    /// Rows where this user acted or was concerned.
    pub user_id: Option<i32>,
    pub action: Option<String>,
    /// 1-based.
    #[param(minimum = 1, maximum = 2147483647)]
    pub page: Option<u64>,
    #[param(minimum = 1, maximum = 200)]
    pub limit: Option<u64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryView {
    pub id: i64,
    pub at: chrono::DateTime<chrono::Utc>,
    pub actor_user_id: Option<i32>,
    pub subject_user_id: Option<i32>,
    pub action: String,
    pub detail: Option<String>,
    pub ip: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub items: Vec<AuditEntryView>,
    pub total_items: u64,
    pub total_pages: u64,
}

/// The audit log, newest first, for the secret administrator.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    params(AuditQuery),
    responses(
        (status = 200, body = AuditPage),
        (status = 403, body = MessageResponse),
        (status = 422, body = MessageResponse),
    ),
)]
async fn audit_entries(
    State(state): State<AppState>,
    Query(q): Query<AuditQuery>,
) -> AppResult<axum::Json<AuditPage>> {
    let limit = q.limit.unwrap_or(50);
    let page = q.page.unwrap_or(1);
    if !(1..=200).contains(&limit) || !(1..=MAX_PAGE).contains(&page) {
        return Err(AppError::Validation(format!(
            "page must be between 1 and {MAX_PAGE} and limit between 1 and 200"
        )));
    }
    let mut query = audit_log::Entity::find();
    if let Some(user) = q.user_id {
        query = query.filter(
            audit_log::Column::ActorUserId.eq(user).or(audit_log::Column::SubjectUserId.eq(user)),
        );
    }
    if let Some(action) = q.action.filter(|a| !a.is_empty()) {
        query = query.filter(audit_log::Column::Action.eq(action));
    }
    let total_items = query.clone().count(&state.db).await?;
    let rows = query
        .order_by_desc(audit_log::Column::Id)
        .offset((page - 1) * limit)
        .limit(limit)
        .all(&state.db)
        .await?;
    let items = rows
        .into_iter()
        .map(|r| AuditEntryView {
            id: r.id,
            at: r.at,
            actor_user_id: r.actor_user_id,
            subject_user_id: r.subject_user_id,
            action: r.action,
            detail: r.detail,
            ip: r.ip,
        })
        .collect();
    Ok(axum::Json(AuditPage { items, total_items, total_pages: total_items.div_ceil(limit) }))
}
