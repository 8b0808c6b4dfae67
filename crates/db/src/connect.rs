use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr, TransactionTrait};
use sea_orm_migration::MigratorTrait;

use crate::Migrator;

/// Which database engine a URL points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else {
            None
        }
    }
}

/// Opens a pool. SQLite gets WAL, foreign keys and a busy timeout on every connection.
pub async fn connect(url: &str, max_connections: u32) -> Result<DatabaseConnection, DbErr> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(max_connections)
        .min_connections(1)
        .acquire_timeout(Duration::from_secs(10))
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|o| {
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10))
                .create_if_missing(true)
        });
    Database::connect(options).await
}

/// Key of the PostgreSQL advisory lock held while migrating, so that several servers starting
/// together on one database run the migrations once, one after the other.
const MIGRATION_LOCK_KEY: i64 = 0x4150_5052_4149_5341; // "APPRAISA"

/// Applies pending migrations. On PostgreSQL the whole run is one transaction holding an
/// advisory lock (DDL is transactional there); SQLite serialises writers by itself.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    match db.get_database_backend() {
        DbBackend::Postgres => {
            let txn = db.begin().await?;
            txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})"))
                .await?;
            Migrator::up(&txn, None).await?;
            txn.commit().await
        }
        _ => Migrator::up(db, None).await,
    }
}
