//! The staff order desk: clients, the order form, choosing and assigning the appraiser, the
//! staff side of an order's life (conditions, review, delivery, cancel, hold) and paying for the
//! work. STAFF and SECRET only (the router sits in `Area::Staff`). Every order change goes
//! through `orders::apply`, so it is checked against the lifecycle table, conditional (409 when the
//! order changed meanwhile), and written with its history entry and audit row in one transaction.
pub mod appraisers;
pub mod candidates;
pub mod clients;
pub mod coverage;
pub mod desk;
pub mod firms;
pub mod notes;
pub mod order_form;
pub mod payments;
pub mod products;
pub mod quotes;
pub mod second_appraisals;
pub mod secure_links;
pub mod year_totals;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

pub use crate::kernel::users::accounts::firm_names;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(clients::router())
        .merge(firms::router())
        .merge(appraisers::router())
        .merge(notes::router())
        .merge(order_form::router())
        .merge(candidates::router())
        .merge(coverage::router())
        .merge(desk::router())
        .merge(payments::router())
        .merge(products::router())
        .merge(quotes::router())
        .merge(secure_links::router())
        .merge(year_totals::router())
        .merge(second_appraisals::router())
}
