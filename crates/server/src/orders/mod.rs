//! Orders: the status reference, who sees which order, the attention indicator and the dashboard.
pub mod attention;
pub mod dashboard;
pub mod seed;
pub mod status;
pub mod visibility;
