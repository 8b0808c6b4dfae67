//! Hand-written entities with backend-neutral types (one set for SQLite and PostgreSQL).
pub mod appraisal_company;
pub mod appraiser_profile;
pub mod audit_log;
pub mod client;
pub mod dev_ref;
pub mod login_throttle;
pub mod order;
pub mod order_status;
pub mod outbox;
pub mod password_reset_token;
pub mod security_user;
pub mod session;
pub mod trusted_device;
pub mod verification_token;
