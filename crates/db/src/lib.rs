//! Database layer: entities, migrations and connection set-up shared by every feature.
pub mod connect;
pub mod entities;
pub mod migrations;
pub mod numbered;
pub mod status;
pub mod user_type;

pub use connect::{Backend, begin_write, connect, migrate};
pub use migrations::Migrator;
