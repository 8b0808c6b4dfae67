//! Appraisal Portal server: configuration, HTTP API, embedded web app, and the CLI's commands.
//!
//! The modules stand on floors (docs/architecture.md#server-modules); a module imports only from
//! its own floor or the ones below, and never in a circle (`floors` checks both in `cargo test`):
//! `platform` < `kernel` < `features` < `areas` < the top (`router`, `app`, `scheduled`, `demo`,
//! `backup`).
pub mod app;
pub mod areas;
pub mod backup;
pub mod demo;
pub mod features;
pub mod kernel;
pub mod platform;
pub mod reactions;
pub mod router;
pub mod scheduled;

#[cfg(test)]
mod floors;
