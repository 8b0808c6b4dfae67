//! Orders: the status reference, who sees which order, the attention indicator and the dashboard.
pub mod actions;
pub mod attention;
pub mod dashboard;
pub mod demo_details;
pub mod details;
pub mod seed;
pub mod status;
pub mod visibility;
