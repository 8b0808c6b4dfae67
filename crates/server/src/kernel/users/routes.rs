use portal_db::entities::security_user;
use sea_orm::EntityTrait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::access::ensure_may_manage_user;
use crate::platform::call::CallOn;
use crate::platform::http::error::{AppError, AppResult, ReadAnswers};
use crate::platform::roles::UserType;
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_user))
}

/// A security user: names, e-mail, sign-in id and phones.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecurityUser {
    pub id: i32,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: String,
    pub login_id: String,
    pub work_phone: Option<String>,
    pub cell_phone: Option<String>,
    pub cell_phone_carrier: Option<String>,
    pub user_type: UserType,
}

impl TryFrom<security_user::Model> for SecurityUser {
    type Error = AppError;

    fn try_from(u: security_user::Model) -> Result<Self, AppError> {
        Ok(SecurityUser {
            id: u.id,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            login_id: u.login_id,
            work_phone: u.work_phone,
            cell_phone: u.cell_phone,
            cell_phone_carrier: u.cell_phone_carrier,
            user_type: u.user_type,
        })
    }
}

/// A user's contact details: one's own, a firm's appraiser for its administrator, anyone for staff.
#[utoipa::path(get, path = "/api/user/{id}", tag = "user", params(("id" = i32, Path)),
    responses((status = 200, body = SecurityUser), ReadAnswers))]
async fn get_user(
    CallOn { state, caller, id }: CallOn<i32>,
) -> AppResult<axum::Json<SecurityUser>> {
    ensure_may_manage_user(&state.db, &caller, id).await?;
    let user = security_user::Entity::find_by_id(id)
        .one(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("User not found".into()))?;
    Ok(axum::Json(user.try_into()?))
}
