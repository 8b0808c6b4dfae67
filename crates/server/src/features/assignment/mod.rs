//! The assignment engine (docs/domain.md#assignment): due dates from turn-time rules, the
//! company's and clients' policies, automatic offers ranked by a published formula and explained,
//! the panel's suspensions, the appraisers' own fees and capacity.
pub mod candidates;
pub mod decision;
pub mod fee_schedule;
pub mod offers;
pub mod panel;
pub mod policy;
pub mod ranking;
pub mod turn_time;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// The calls of staff (`Area::Staff`).
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(decision::staff_router())
        .merge(panel::staff_router())
        .merge(policy::staff_router())
        .merge(turn_time::staff_router())
}

/// The calls about one appraiser (`Area::Appraiser`: the appraiser, their firm's administrator
/// and staff; each call says who else may not).
pub fn appraiser_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(panel::appraiser_router()).merge(fee_schedule::appraiser_router())
}
