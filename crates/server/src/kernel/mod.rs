//! The order's life: its statuses, who sees it, its birth and every move, and the events they
//! return; user accounts and access.
pub mod api_scopes;
pub mod clients;
pub mod orders;
pub mod users;
