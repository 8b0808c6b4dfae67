//! Reconsideration of value (ROV): a borrower (from the copy link) or the lender disputes the
//! delivered report's value. The case is a record of its own with the standard header,
//! deficiencies and at most five alternative comparables; the lender's side reviews it, staff send
//! it to the appraiser with anything pressing for a value held back, the appraiser answers each
//! point (or revises the report), staff resolve it. Each step is an order event the client's
//! events, webhooks, live updates and notifications hear of; the examiner's file exports it all.
mod answer;
mod borrower;
mod cases;
mod export;
mod independence;
mod lender;
mod request;
mod settings;
mod staff;
mod view;

pub use cases::{Requester, ensure_none_open, open};
pub use lender::{ask_for_client, list_for_client};
pub use request::{Checked, Comparable, Deficiency, ReconsiderationBody};
pub use view::Reconsideration;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

pub fn client_router() -> OpenApiRouter<AppState> {
    lender::client_router()
}

pub fn public_router() -> OpenApiRouter<AppState> {
    borrower::public_router()
}

pub fn staff_router() -> OpenApiRouter<AppState> {
    staff::staff_router().merge(settings::staff_router())
}

pub fn appraiser_router() -> OpenApiRouter<AppState> {
    answer::appraiser_router()
}
