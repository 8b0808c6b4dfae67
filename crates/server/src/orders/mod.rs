//! Orders: the status reference, status groups and the attention indicator.
pub mod attention;
pub mod status;
