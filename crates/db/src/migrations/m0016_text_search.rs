//! Contained-fragment search over the whole book (every status), for staff looking up a borrower,
//! a street or a file number from last year.
//!
//! - SQLite: an FTS5 table with the trigram tokenizer over the searched text columns, kept in step
//!   with `orders` by triggers (their names start with `orders_fts`, which the order seeder sets
//!   aside and rebuilds after a bulk load). A phrase of three or more characters matches exactly
//!   the rows whose column contains it, case-insensitively.
//! - PostgreSQL: trigram (pg_trgm) GIN indexes on the text columns m0008 left without one.
use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The searched columns, in the order of the full-text table's columns.
const SEARCHED: &str =
    "file_number, loan_number, borrower_name, property_address_line1, property_city, property_zip";

/// PostgreSQL: the searched columns m0008 did not index.
const TRIGRAM_COLUMNS: [(&str, &str); 3] = [
    ("ix_orders_file_number_trgm", "file_number"),
    ("ix_orders_loan_trgm", "loan_number"),
    ("ix_orders_zip_trgm", "property_zip"),
];

fn prefixed(prefix: &str) -> String {
    SEARCHED.split(", ").map(|c| format!("{prefix}.{c}")).collect::<Vec<_>>().join(", ")
}

fn sqlite_up() -> Vec<String> {
    let (new, old) = (prefixed("new"), prefixed("old"));
    vec![
        format!(
            "CREATE VIRTUAL TABLE orders_fts USING fts5({SEARCHED}, content='orders', content_rowid='id', tokenize='trigram')"
        ),
        format!(
            "CREATE TRIGGER orders_fts_insert AFTER INSERT ON orders BEGIN \
             INSERT INTO orders_fts(rowid, {SEARCHED}) VALUES (new.id, {new}); END"
        ),
        format!(
            "CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders BEGIN \
             INSERT INTO orders_fts(orders_fts, rowid, {SEARCHED}) VALUES ('delete', old.id, {old}); END"
        ),
        // Only a change to a searched column touches the index (status changes are the common write).
        format!(
            "CREATE TRIGGER orders_fts_update AFTER UPDATE OF {SEARCHED} ON orders BEGIN \
             INSERT INTO orders_fts(orders_fts, rowid, {SEARCHED}) VALUES ('delete', old.id, {old}); \
             INSERT INTO orders_fts(rowid, {SEARCHED}) VALUES (new.id, {new}); END"
        ),
        "INSERT INTO orders_fts(orders_fts) VALUES ('rebuild')".to_string(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() == DbBackend::Postgres {
            for (name, column) in TRIGRAM_COLUMNS {
                db.execute_unprepared(&format!(
                    "CREATE INDEX {name} ON orders USING gin (lower({column}) gin_trgm_ops)"
                ))
                .await?;
            }
        } else {
            for sql in sqlite_up() {
                db.execute_unprepared(&sql).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() == DbBackend::Postgres {
            for (name, _) in TRIGRAM_COLUMNS {
                db.execute_unprepared(&format!("DROP INDEX {name}")).await?;
            }
        } else {
            for trigger in ["orders_fts_insert", "orders_fts_delete", "orders_fts_update"] {
                db.execute_unprepared(&format!("DROP TRIGGER {trigger}")).await?;
            }
            db.execute_unprepared("DROP TABLE orders_fts").await?;
        }
        Ok(())
    }
}
