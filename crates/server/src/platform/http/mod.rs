//! The shared HTTP pieces every feature builds on: errors, extractors, the caller's address,
//! metrics, load shedding, schema helpers and security headers. The router sits above the features
//! (`router.rs`).
pub mod client_ip;
pub mod error;
pub mod extract;
pub mod metrics;
pub mod overload;
pub mod portal_page;
pub mod sandbox_page;
pub mod security_headers;
