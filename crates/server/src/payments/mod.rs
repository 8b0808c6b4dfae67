//! Payments to appraisers (history by date range) and the enterprise payment platform (EPP):
//! the trait with its HTTP client and built-in sandbox, and the onboarding calls.
pub mod epp;
pub mod money;
pub mod routes;
pub mod sandbox;
pub mod seed;
