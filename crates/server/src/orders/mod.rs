//! Orders: the status reference, who sees which order, the attention indicator, the dashboard,
//! the detail page and the actions on an order.
pub mod act;
pub mod action_input;
pub mod action_routes;
pub mod actions;
pub mod assign;
pub mod attention;
pub mod dashboard;
pub mod demo_details;
pub mod details;
pub mod seed;
pub mod status;
pub mod visibility;
