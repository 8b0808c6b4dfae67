use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend,
    DbErr, SqliteTransactionMode, TransactionOptions, TransactionTrait,
};
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

/// Begins a transaction that will write. On SQLite it takes the write lock at once (BEGIN
/// IMMEDIATE): a deferred transaction that reads first and writes later fails with "database is
/// locked" (SQLITE_BUSY_SNAPSHOT, which the busy timeout does not retry) whenever another
/// connection wrote in between. Other writers wait for it instead. PostgreSQL ignores the mode.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A transaction that reads, lets another connection try to write, then writes itself, must
    /// succeed (a deferred one fails with SQLITE_BUSY_SNAPSHOT), and the other write follows it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_write_transaction_is_not_overtaken_on_sqlite() {
        let dir =
            std::env::temp_dir().join(format!("portal-db-begin-write-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = connect(&format!("sqlite://{}/t.db?mode=rwc", dir.display()), 4).await.unwrap();
        db.execute_unprepared("CREATE TABLE counter (n INTEGER NOT NULL)").await.unwrap();
        db.execute_unprepared("INSERT INTO counter VALUES (0)").await.unwrap();

        let txn = begin_write(&db).await.unwrap();
        txn.execute_unprepared("SELECT n FROM counter").await.unwrap();
        let other = db.clone();
        let concurrent =
            tokio::spawn(
                async move { other.execute_unprepared("UPDATE counter SET n = n + 10").await },
            );
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        txn.execute_unprepared("UPDATE counter SET n = n + 1")
            .await
            .expect("the transaction's own write");
        txn.commit().await.unwrap();
        concurrent.await.unwrap().expect("the other write waits and then succeeds");

        let row = db
            .query_one_raw(sea_orm::Statement::from_string(
                DbBackend::Sqlite,
                "SELECT n FROM counter",
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.try_get_by_index::<i64>(0).unwrap(), 11);
        db.close().await.unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
