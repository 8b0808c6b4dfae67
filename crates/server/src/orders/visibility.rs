//! Who sees which order (domain.md), as a condition the database applies in the query itself.
use portal_db::entities::order;
use sea_orm::sea_query::{Condition, Expr};
use sea_orm::{ColumnTrait, ConnectionTrait};

use crate::auth::session::CurrentUser;
use crate::http::error::AppResult;
use crate::roles::UserType;
use crate::users::access::company_of;

pub async fn visible_orders(db: &impl ConnectionTrait, caller: &CurrentUser) -> AppResult<Condition> {
    let mine = order::Column::AssignedAppraiserId.eq(caller.id());
    Ok(match caller.user_type {
        UserType::Staff | UserType::Secret => Condition::all(),
        UserType::Appraiser => Condition::all().add(mine),
        UserType::AppraiserAdmin => match company_of(db, caller.id()).await? {
            Some(company) => Condition::any().add(mine).add(order::Column::AssignedCompanyId.eq(company)),
            None => Condition::all().add(mine),
        },
        UserType::Client | UserType::System | UserType::Registered => Condition::all().add(Expr::val(false)),
    })
}
