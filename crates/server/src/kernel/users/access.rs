//! Who may read or manage another user's records: themselves, staff and the secret
//! administrator, and an appraiser administrator for the appraisers of their own firm.
use portal_db::entities::appraiser_profile;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::roles::UserType;

pub async fn company_of(db: &impl ConnectionTrait, user_id: i32) -> AppResult<Option<i32>> {
    Ok(appraiser_profile::Entity::find()
        .filter(appraiser_profile::Column::SecurityUserId.eq(user_id))
        .one(db)
        .await?
        .and_then(|p| p.company_id))
}

pub async fn may_manage_user(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    user_id: i32,
) -> AppResult<bool> {
    if caller.id() == user_id || caller.is(UserType::Staff) || caller.is(UserType::Secret) {
        return Ok(true);
    }
    if caller.is(UserType::AppraiserAdmin) {
        let mine = company_of(db, caller.id()).await?;
        return Ok(mine.is_some() && mine == company_of(db, user_id).await?);
    }
    Ok(false)
}

pub async fn ensure_may_manage_user(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    user_id: i32,
) -> AppResult<()> {
    if may_manage_user(db, caller, user_id).await? { Ok(()) } else { Err(AppError::forbidden()) }
}
