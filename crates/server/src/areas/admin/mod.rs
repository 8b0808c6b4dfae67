//! Appraiser administrators' firm list and the secret administrator's audit viewer.
pub mod dev_refs;
pub mod routes;
