//! Who sees which order (docs/domain.md#visibility), as a condition the database applies in the
//! query itself.
use portal_db::entities::order;
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{ColumnTrait, ConnectionTrait};

use crate::current_user::CurrentUser;
use crate::http::error::{AppError, AppResult};
use crate::roles::UserType;
use crate::users::access::company_of;

pub async fn visible_orders(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
) -> AppResult<Condition> {
    let mine = order::Column::AssignedAppraiserId.eq(caller.id());
    Ok(match caller.user_type {
        UserType::Staff | UserType::Secret => Condition::all(),
        UserType::Appraiser => Condition::all().add(mine),
        UserType::AppraiserAdmin => match company_of(db, caller.id()).await? {
            Some(company) => {
                Condition::any().add(mine).add(order::Column::AssignedCompanyId.eq(company))
            }
            None => Condition::all().add(mine),
        },
        UserType::Client | UserType::System | UserType::Registered => {
            Condition::all().add(Expr::val(false))
        }
    })
}

/// The order `id` if the caller may see it: 404 when there is no such order, 403 (and nothing
/// about it) when it is someone else's.
pub async fn find_visible_order(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    id: i64,
) -> AppResult<order::Model> {
    use sea_orm::{EntityTrait, QueryFilter};
    let visible = visible_orders(db, caller).await?;
    if let Some(found) = order::Entity::find_by_id(id).filter(visible).one(db).await? {
        return Ok(found);
    }
    match order::Entity::find_by_id(id).one(db).await? {
        Some(_) => Err(AppError::forbidden()),
        None => Err(AppError::NotFound("Order not found.".into())),
    }
}

/// Staff and the secret administrator see everything, hidden items included.
pub fn sees_hidden(caller: &CurrentUser) -> bool {
    matches!(caller.user_type, UserType::Staff | UserType::Secret)
}
