//! Orders: the status reference, who sees which order, the attention indicator, the dashboard
//! and the order's life: the lifecycle table (`lifecycle`), checking and applying a change
//! (`apply`), the action request bodies (`action_requests`; their routes are
//! `features::order_actions`).
pub mod action_requests;
pub mod apply;
pub mod assign;
pub mod attention;
pub mod borrower_pays;
pub mod client_events;
pub mod contacts;
pub mod counts;
pub mod dashboard;
pub mod details;
pub mod kinds;
pub mod life;
pub mod lifecycle;
pub mod offered;
pub mod pay_by;
pub mod placing;
pub mod second;
pub mod status;
pub mod turn_time;
pub mod visibility;
pub mod waiting;
