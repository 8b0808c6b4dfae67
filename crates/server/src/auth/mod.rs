//! Sign-in, sessions, CSRF, passwords and sign-in throttling.
pub mod back_door;
pub mod change_password;
pub mod csrf;
pub mod password;
pub mod routes;
pub mod session;
pub mod reset;
pub mod throttle;
pub mod verification;
