//! The API's integration tests in one binary (one link instead of one per file); each module
//! is one area. file_memory.rs stays apart: it measures the process's memory.
#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod areas;
mod auth;
mod constants;
mod dashboard;
mod files;
mod order_actions;
mod order_details;
mod outbox;
mod payments;
mod profile;
mod quotes;
mod reset;
mod secret_admin;
mod secure_links;
mod startup;
mod verification;
