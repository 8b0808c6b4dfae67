//! Webhooks (the Standard Webhooks specification): a client's endpoints, the deliveries written
//! with each event (`orders::client_events`), the loop that sends them from every copy, and the
//! rules on where they may go.
pub mod address;
pub mod delivery;
pub mod endpoints;
pub mod routes;
pub mod signing;
