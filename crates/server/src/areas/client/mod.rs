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

use crate::platform::http::error::{AppError, AppResult};
use crate::platform::http::extract::MAX_PAGE;

/// The most rows a page of a client list holds.
const MAX_PAGE_SIZE: u64 = 100;

/// A client list's page and page size (1 and 25 when left out), checked.
pub fn checked_page(page: Option<u64>, page_size: Option<u64>) -> AppResult<(u64, u64)> {
    let (page, page_size) = (page.unwrap_or(1), page_size.unwrap_or(25));
    if !(1..=MAX_PAGE).contains(&page) || !(1..=MAX_PAGE_SIZE).contains(&page_size) {
        return Err(AppError::Validation(format!(
            "page is 1 to {MAX_PAGE}; pageSize is 1 to {MAX_PAGE_SIZE}."
        )));
    }
    Ok((page, page_size))
}

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
