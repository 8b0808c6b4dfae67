//! Sign-in, sessions, CSRF, password changes and sign-in throttling (hashing and the rules are
//! `crate::platform::password`).
pub mod back_door;
pub mod change_password;
pub mod csrf;
pub mod oidc;
pub mod reset;
pub mod routes;
pub mod session;
pub mod throttle;
pub mod verification;
