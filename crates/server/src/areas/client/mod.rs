//! The lender's side of the portal: client users (each belongs to one client), the client area's
//! orders, messages with staff and documents (`/api/client/...`, `Area::Client`), and what staff
//! do for clients (inviting their users, answering their messages). Every call finds the caller's
//! client first and reads only that client's orders: another client's order is "not found".
pub mod api_keys;
pub mod branches;
pub mod documents;
pub mod due_date;
pub mod exports;
pub mod invoices;
pub mod messages;
pub mod notices;
pub mod orders;
pub mod placing;
pub mod portal;
pub mod users;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

pub use crate::kernel::clients::{client_of, existing_client};

/// The client area's routes (`Area::Client`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(portal::router())
        .merge(due_date::router())
        .merge(api_keys::client_router())
        .merge(invoices::router())
        .merge(exports::router())
        .merge(branches::router())
        .merge(users::client_router())
}

/// What staff do for clients (`Area::Staff`).
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(users::router())
        .merge(messages::staff_router())
        .merge(api_keys::staff_router())
}
