//! What hangs on the order: assignment, billing, files, reports, the appraiser's profile,
//! quotes, payments, secure links, webhooks, the calendar, live events, sign-in, lookups, and
//! reconsiderations of value.
pub mod assignment;
pub mod auth;
pub mod billing;
pub mod calendar;
pub mod events;
pub mod files;
pub mod insights;
pub mod lookups;
pub mod order_actions;
pub mod order_page;
pub mod payments;
pub mod profile;
pub mod quotes;
pub mod reconsiderations;
pub mod reports;
pub mod scheduling;
pub mod secure_links;
pub mod webhooks;
