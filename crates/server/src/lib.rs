//! Appraisal Portal server: configuration, HTTP API, embedded web app, and the CLI's commands.
pub mod admin;
pub mod app;
pub mod audit;
pub mod auth;
pub mod config;
pub mod delivery;
pub mod demo;
pub mod http;
pub mod lookups;
pub mod orders;
pub mod roles;
pub mod spa;
pub mod profile;
pub mod public_config;
pub mod users;
