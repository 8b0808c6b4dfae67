//! What lenders are charged and pay: price lists per client (`prices`), the invoice issued at
//! delivery with its credit notes and the lender's payments (`invoices`), and the receivables and
//! monthly statements staff read (`statements`). Money is whole cents throughout.
pub mod invoices;
pub mod numbers;
pub mod prices;
pub mod printing;
pub mod statements;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

/// Staff calls (the router sits in `Area::Staff`).
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(prices::router())
        .merge(invoices::staff_router())
        .merge(statements::router())
}

/// The client portal's calls (`Area::Client`).
pub fn client_router() -> OpenApiRouter<AppState> {
    invoices::client_router()
}
