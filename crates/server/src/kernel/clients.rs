//! Clients and their orders as the kernel knows them: where a client user sits in their client
//! (role and branch: which of its orders they reach and what they may do), a client by id, and the
//! orders a seat reaches (any other order is "not found", never 403).
use portal_db::entities::{client, client_branch, client_order, client_user, order, security_user};
use sea_orm::sea_query::Condition;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, JoinType, QueryFilter, QuerySelect, RelationDef,
    SelectTwo,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::platform::current_user::CurrentUser;
use crate::platform::fields::named;
use crate::platform::http::error::{AppError, AppResult};

pub const MSG_NO_ORDER: &str = "Order not found.";

/// A client user's role: what of the client they reach and may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClientRole {
    /// Users, branches, keys, webhooks and every order of the client.
    LenderAdmin,
    /// The orders of their branch.
    BranchManager,
    /// The orders of their branch.
    Processor,
    /// The orders they placed or are named on.
    LoanOfficer,
    /// Reads the orders of their branch (every order without one); places and changes nothing.
    Viewer,
}

impl ClientRole {
    pub const ALL: [ClientRole; 5] = [
        ClientRole::LenderAdmin,
        ClientRole::BranchManager,
        ClientRole::Processor,
        ClientRole::LoanOfficer,
        ClientRole::Viewer,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ClientRole::LenderAdmin => "lender_admin",
            ClientRole::BranchManager => "branch_manager",
            ClientRole::Processor => "processor",
            ClientRole::LoanOfficer => "loan_officer",
            ClientRole::Viewer => "viewer",
        }
    }

    /// The role a row keeps; an unknown word reads as the narrowest role.
    pub fn of_row(text: &str) -> ClientRole {
        ClientRole::ALL.into_iter().find(|r| r.name() == text).unwrap_or(ClientRole::Viewer)
    }

    /// A role that keeps its user to a branch.
    pub fn needs_branch(self) -> bool {
        matches!(self, ClientRole::BranchManager | ClientRole::Processor)
    }
}

/// Where a caller sits in a client: the client, and the orders and actions their role allows. An
/// API key and staff act for the whole client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientSeat {
    pub client_id: i32,
    /// The client user; None for the whole client.
    pub user_id: Option<i32>,
    pub role: ClientRole,
    pub branch_id: Option<i32>,
}

impl ClientSeat {
    /// The whole client: every order, every action.
    pub fn whole(client_id: i32) -> ClientSeat {
        ClientSeat { client_id, user_id: None, role: ClientRole::LenderAdmin, branch_id: None }
    }

    /// The client's orders this seat reaches, as a condition on the orders' client rows (None:
    /// every order of the client).
    pub fn reach(&self) -> Option<Condition> {
        use client_order::Column as C;
        let branch = |b: Option<i32>| C::BranchId.eq(b.unwrap_or(-1));
        match self.role {
            ClientRole::LenderAdmin => None,
            ClientRole::Viewer => self.branch_id.map(|b| Condition::all().add(branch(Some(b)))),
            ClientRole::BranchManager | ClientRole::Processor => {
                Some(Condition::all().add(branch(self.branch_id)))
            }
            ClientRole::LoanOfficer => {
                let me = self.user_id.unwrap_or(-1);
                Some(Condition::any().add(C::PlacedByUserId.eq(me)).add(C::LoanOfficerId.eq(me)))
            }
        }
    }

    /// 403 for a viewer: placing, cancelling, messages, documents and requests change an order.
    pub fn may_act(&self) -> AppResult<()> {
        if self.role == ClientRole::Viewer {
            return Err(AppError::Forbidden(
                "A viewer can read orders but not change them.".into(),
            ));
        }
        Ok(())
    }

    /// 403 for anyone but the client's administrators: users, branches, keys and webhooks.
    pub fn may_administer(&self) -> AppResult<()> {
        if self.role != ClientRole::LenderAdmin {
            return Err(AppError::Forbidden(
                "Only the lender's administrators can do this.".into(),
            ));
        }
        Ok(())
    }
}

/// Where the signed-in client user sits in their client (403 for a user of no client).
pub async fn client_of(db: &impl ConnectionTrait, caller: &CurrentUser) -> AppResult<ClientSeat> {
    let row = client_user::Entity::find_by_id(caller.id())
        .one(db)
        .await?
        .ok_or_else(AppError::forbidden)?;
    Ok(ClientSeat {
        client_id: row.client_id,
        user_id: Some(row.user_id),
        role: ClientRole::of_row(&row.role),
        branch_id: row.branch_id,
    })
}

/// Every client's name by id.
pub async fn client_names(
    db: &impl ConnectionTrait,
) -> AppResult<std::collections::HashMap<i32, String>> {
    let all = client::Entity::find().all(db).await?;
    Ok(all.into_iter().map(|c| (c.id, c.company_name)).collect())
}

/// Client `id` (404 "No such client." when there is none).
pub async fn existing_client(db: &impl ConnectionTrait, id: i32) -> AppResult<client::Model> {
    client::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::NotFound("No such client.".into()))
}

fn client_row() -> RelationDef {
    order::Entity::belongs_to(client_order::Entity)
        .from(order::Column::Id)
        .to(client_order::Column::OrderId)
        .into()
}

/// The orders of the client the seat reaches, each with its client row.
pub fn of_client(seat: &ClientSeat) -> SelectTwo<order::Entity, client_order::Entity> {
    let orders = order::Entity::find()
        .join(JoinType::InnerJoin, client_row())
        .filter(client_order::Column::ClientId.eq(seat.client_id))
        .filter(order::Column::ClientId.eq(seat.client_id));
    match seat.reach() {
        Some(reach) => orders.filter(reach),
        None => orders,
    }
    .select_also(client_order::Entity)
}

/// The client's order `id` with its client row: 404 for an order of another client or one outside
/// the seat's reach, never 403.
pub async fn find(
    db: &impl ConnectionTrait,
    seat: &ClientSeat,
    id: i64,
) -> AppResult<(order::Model, client_order::Model)> {
    let found: Option<(order::Model, Option<client_order::Model>)> =
        of_client(seat).filter(order::Column::Id.eq(id)).one(db).await?;
    match found {
        Some((o, Some(c))) => Ok((o, c)),
        _ => Err(AppError::NotFound(MSG_NO_ORDER.into())),
    }
}

/// The order's branch and loan officer: those asked for (an active branch and an active user of
/// the client), else the placing user's branch and, for a loan officer, the user.
pub async fn order_people(
    db: &impl ConnectionTrait,
    seat: &ClientSeat,
    branch_id: Option<i32>,
    loan_officer_id: Option<i32>,
) -> AppResult<(Option<i32>, Option<i32>)> {
    let branch_field = named("branchId", "Branch");
    let branch = match branch_id {
        Some(id) => {
            let found = client_branch::Entity::find_by_id(id).one(db).await?;
            if !found.is_some_and(|b| b.client_id == seat.client_id && b.active) {
                return Err(branch_field
                    .refuse(format!("Branch {id} is not one of this lender's active branches.")));
            }
            if seat.role.needs_branch() && seat.branch_id != Some(id) {
                return Err(
                    branch_field.refuse("You can place orders for your own branch only.".into())
                );
            }
            Some(id)
        }
        None => seat.branch_id,
    };
    let officer = match loan_officer_id {
        Some(id) => {
            let seat_of_officer = client_user::Entity::find_by_id(id).one(db).await?;
            let user = security_user::Entity::find_by_id(id).one(db).await?;
            let of_client = seat_of_officer.is_some_and(|s| s.client_id == seat.client_id);
            if !(of_client && user.is_some_and(|u| u.active)) {
                return Err(named("loanOfficerId", "Loan officer")
                    .refuse(format!("User {id} is not an active user of this lender.")));
            }
            Some(id)
        }
        None => seat.user_id.filter(|_| seat.role == ClientRole::LoanOfficer),
    };
    Ok((branch, officer))
}
