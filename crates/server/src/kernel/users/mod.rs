//! Security users: the user lookup call, who may read whom, and account creation.
pub mod access;
pub mod accounts;
pub mod routes;
