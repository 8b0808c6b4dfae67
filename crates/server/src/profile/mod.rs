//! Appraiser profiles (the rest of the profile screens arrive with their issue).
pub mod routes;
