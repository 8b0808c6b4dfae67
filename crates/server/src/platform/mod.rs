//! What every floor stands on: configuration, HTTP plumbing, state, storage, sessions' leaves,
//! form fields, money, names, geography, the audit log, the outbox and notifications.
pub mod audit;
pub mod business_days;
pub mod call;
pub mod config;
pub mod csv;
pub mod current_user;
pub mod delivery;
pub mod epp;
pub mod fields;
pub mod file_response;
pub mod geocoder;
pub mod geography;
pub mod http;
pub mod live;
pub mod money;
pub mod names;
pub mod notifications;
pub mod password;
pub mod price_list;
pub mod roles;
pub mod sealed;
pub mod session_cache;
pub mod state;
pub mod storage;
pub mod tokens;
