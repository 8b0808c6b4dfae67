//! Payments to appraisers (history by date range) and the enterprise payment platform (EPP):
//! the built-in sandbox (the trait and HTTP client are `crate::platform::epp`), and the onboarding
//! calls.
pub mod payable;
pub mod routes;
pub mod sandbox;

use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::platform::config::Config;
use crate::platform::epp::{EppPlatform, HttpEpp, NoEpp, PROVIDER_HTTP, PROVIDER_SANDBOX};

/// The payment platform the configuration picks: the real platform's HTTP API, the built-in
/// sandbox, or none.
pub fn epp_from_config(config: &Config, db: DatabaseConnection) -> Arc<dyn EppPlatform> {
    match config.epp_provider.as_str() {
        PROVIDER_HTTP => Arc::new(HttpEpp::new(&config.epp_url, &config.epp_api_key)),
        PROVIDER_SANDBOX => Arc::new(sandbox::SandboxEpp::new(db)),
        _ => Arc::new(NoEpp),
    }
}
