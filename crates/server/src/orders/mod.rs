//! Orders: the status reference, who sees which order, the attention indicator, the dashboard,
//! the detail page and the actions on an order: the lifecycle table (`lifecycle`), checking and
//! applying a change (`apply`), the action request bodies (`action_requests`) and their routes
//! (`action_routes`).
pub mod action_requests;
pub mod action_routes;
pub mod apply;
pub mod assign;
pub mod attention;
pub mod client_events;
pub mod counts;
pub mod dashboard;
pub mod details;
pub mod lifecycle;
pub mod pay_by;
pub mod placing;
pub mod status;
pub mod turn_time;
pub mod visibility;
