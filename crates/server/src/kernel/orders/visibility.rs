//! Who sees which order (docs/domain.md#visibility), as a condition the database applies in the
//! query itself. An appraiser also sees the orders automatically offered to them, to answer.
use portal_db::entities::{assignment_offer, order};
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::kernel::users::access::company_of;
use crate::platform::current_user::CurrentUser;
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::roles::UserType;

pub async fn visible_orders(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
) -> AppResult<Condition> {
    Ok(match caller.user_type {
        UserType::Staff | UserType::Secret => Condition::all(),
        UserType::Appraiser => theirs(db, caller.id()).await?,
        UserType::AppraiserAdmin => {
            let mine = theirs(db, caller.id()).await?;
            match company_of(db, caller.id()).await? {
                Some(company) => mine.add(order::Column::AssignedCompanyId.eq(company)),
                None => mine,
            }
        }
        UserType::Client | UserType::System | UserType::Registered => {
            Condition::all().add(Expr::val(false))
        }
    })
}

/// The orders assigned to the appraiser or offered to them. The few offered are named, not found
/// by a subquery: an OR with a subquery keeps PostgreSQL from reading the appraiser's orders by
/// their index.
async fn theirs(db: &impl ConnectionTrait, appraiser_id: i32) -> AppResult<Condition> {
    let offered = offered_to(db, appraiser_id).await?;
    let mine = Condition::any().add(order::Column::AssignedAppraiserId.eq(appraiser_id));
    Ok(if offered.is_empty() { mine } else { mine.add(order::Column::Id.is_in(offered)) })
}

/// The orders with an open automatic offer to the appraiser: they see them to answer.
async fn offered_to(db: &impl ConnectionTrait, appraiser_id: i32) -> AppResult<Vec<i64>> {
    Ok(assignment_offer::Entity::find()
        .select_only()
        .column(assignment_offer::Column::OrderId)
        .filter(assignment_offer::Column::AppraiserId.eq(appraiser_id))
        .filter(assignment_offer::Column::Status.eq(crate::kernel::orders::offered::OPEN))
        .into_tuple()
        .all(db)
        .await?)
}

/// The order `id` if the caller may see it: 404 when there is no such order, 403 (and nothing
/// about it) when it is someone else's.
pub async fn find_visible_order(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
    id: i64,
) -> AppResult<order::Model> {
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
