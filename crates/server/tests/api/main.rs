//! The API's integration tests in one binary (one link instead of one per file); each module
//! is one area. file_memory.rs stays apart: it measures the process's memory.
#[macro_use]
#[path = "../common/mod.rs"]
mod common;

mod api_keys;
mod areas;
mod assignment;
mod assignment_offers;
mod auth;
mod authorization_matrix;
mod back_office;
mod backup;
mod billing;
mod borrower_payments;
mod calendar;
mod card_providers;
mod client_exports;
mod client_portal;
mod constants;
mod dashboard;
mod demo_data;
mod fair_language;
mod files;
mod lender_revisions;
mod lender_roles;
mod live;
mod notifications;
mod operations;
mod order_actions;
mod order_contacts;
mod order_details;
mod order_kernel;
mod outbox;
mod pay_by;
mod payments;
mod profile;
mod public_api;
mod quality_review;
mod quotes;
mod reconsiderations;
mod report_data;
mod report_delivery;
mod reset;
mod scorecard;
mod second_appraisals;
mod secret_admin;
mod secure_links;
mod staff_desk;
mod staff_onboarding;
mod staff_quotes;
mod startup;
mod tax_records;
mod upgrade;
mod verification;
mod web_app;
mod webhooks;
