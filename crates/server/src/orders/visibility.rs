//! Who sees which order (docs/domain.md#visibility), as a condition the database applies in the
//! query itself. An appraiser also sees the orders automatically offered to them, to answer.
use portal_db::entities::{assignment_offer, order};
use sea_orm::sea_query::{Condition, Expr, Query};
use sea_orm::{ColumnTrait, ConnectionTrait};

use crate::current_user::CurrentUser;
use crate::http::error::{AppError, AppResult};
use crate::roles::UserType;
use crate::users::access::company_of;

pub async fn visible_orders(
    db: &impl ConnectionTrait,
    caller: &CurrentUser,
) -> AppResult<Condition> {
    let mine = Condition::any()
        .add(order::Column::AssignedAppraiserId.eq(caller.id()))
        .add(order::Column::Id.in_subquery(offered_to(caller.id())));
    Ok(match caller.user_type {
        UserType::Staff | UserType::Secret => Condition::all(),
        UserType::Appraiser => mine,
        UserType::AppraiserAdmin => match company_of(db, caller.id()).await? {
            Some(company) => mine.add(order::Column::AssignedCompanyId.eq(company)),
            None => mine,
        },
        UserType::Client | UserType::System | UserType::Registered => {
            Condition::all().add(Expr::val(false))
        }
    })
}

/// The orders with an open automatic offer to the appraiser: they see them to answer.
fn offered_to(appraiser_id: i32) -> sea_orm::sea_query::SelectStatement {
    Query::select()
        .column(assignment_offer::Column::OrderId)
        .from(assignment_offer::Entity)
        .and_where(assignment_offer::Column::AppraiserId.eq(appraiser_id))
        .and_where(assignment_offer::Column::Status.eq(crate::assignment::offers::OPEN))
        .to_owned()
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
