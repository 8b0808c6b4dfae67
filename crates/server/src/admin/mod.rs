//! Appraiser administrators' firm list and the secret administrator's audit viewer.
pub mod routes;
