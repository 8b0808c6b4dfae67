//! The areas that show several features together: the staff desk, the client's area and the
//! public API, the administrators' pages, the settings before sign-in and the web app.
pub mod admin;
pub mod client;
pub mod public_api;
pub mod public_config;
pub mod spa;
pub mod staff;
