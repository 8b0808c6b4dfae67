//! Contained-fragment search over the whole book (every status), for staff looking up a borrower,
//! a street or a file number from last year.
//!
//! - SQLite: an FTS5 table with the trigram tokenizer over the searched text columns, kept in step
//!   with `orders` by triggers (their names start with `orders_fts`, which the order seeder sets
//!   aside and rebuilds after a bulk load). A phrase of three or more characters matches exactly
//!   the rows whose column contains it, case-insensitively.
//!
//! PostgreSQL keeps m0008's trigram indexes (names, streets, cities); m0018 adds its own for the
//! open orders and for the numbers over every order.
use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The searched columns, in the order of the full-text table's columns.
const SEARCHED: &str =
    "file_number, loan_number, borrower_name, property_address_line1, property_city, property_zip";

fn prefixed(prefix: &str) -> String {
    SEARCHED.split(", ").map(|c| format!("{prefix}.{c}")).collect::<Vec<_>>().join(", ")
}

fn sqlite_up() -> Vec<String> {
    let (new, old) = (prefixed("new"), prefixed("old"));
    vec![
        format!(
            "CREATE VIRTUAL TABLE orders_fts USING fts5({SEARCHED}, content='orders', \
             content_rowid='id', tokenize='trigram', columnsize=0)"
        ),
        format!(
            "CREATE TRIGGER orders_fts_insert AFTER INSERT ON orders BEGIN \
             INSERT INTO orders_fts(rowid, {SEARCHED}) VALUES (new.id, {new}); END"
        ),
        format!(
            "CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders BEGIN \
             INSERT INTO orders_fts(orders_fts, rowid, {SEARCHED}) VALUES \
             ('delete', old.id, {old}); END"
        ),
        // Only a change to a searched column touches the index (status changes are the common
        // write).
        format!(
            "CREATE TRIGGER orders_fts_update AFTER UPDATE OF {SEARCHED} ON orders BEGIN \
             INSERT INTO orders_fts(orders_fts, rowid, {SEARCHED}) VALUES \
             ('delete', old.id, {old}); \
             INSERT INTO orders_fts(rowid, {SEARCHED}) VALUES (new.id, {new}); END"
        ),
        "INSERT INTO orders_fts(orders_fts) VALUES ('rebuild')".to_string(),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() == DbBackend::Sqlite {
            for sql in sqlite_up() {
                db.execute_unprepared(&sql).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        if db.get_database_backend() == DbBackend::Sqlite {
            for trigger in ["orders_fts_insert", "orders_fts_delete", "orders_fts_update"] {
                db.execute_unprepared(&format!("DROP TRIGGER {trigger}")).await?;
            }
            db.execute_unprepared("DROP TABLE orders_fts").await?;
        }
        Ok(())
    }
}
