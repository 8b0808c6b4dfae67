//! What lenders are charged and pay: price lists per client (`prices`), the invoice issued at
//! delivery with its credit notes and the lender's payments (`invoices`), the receivables and
//! monthly statements staff read (`statements`), and the borrower's card payment
//! (`borrower_payments`, its page `pay_page`, and the providers: `stripe`, or the sandbox
//! `card_sandbox` of the demo and tests). Money is
//! whole cents throughout.
pub mod borrower_payments;
pub mod card_sandbox;
pub mod invoices;
pub mod numbers;
pub mod pay_page;
pub mod prices;
pub mod printing;
pub mod statements;
pub mod stripe;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Staff calls (the router sits in `Area::Staff`).
pub fn staff_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(prices::router())
        .merge(invoices::staff_router())
        .merge(statements::router())
        .merge(borrower_payments::router())
}

/// The client portal's calls (`Area::Client`).
pub fn client_router() -> OpenApiRouter<AppState> {
    invoices::client_router()
}
