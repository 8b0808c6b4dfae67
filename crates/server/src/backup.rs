//! `backup` and `restore` of the embedded database. A backup is a consistent copy of a live SQLite
//! database taken while the portal keeps writing (`VACUUM INTO` reads one snapshot, like the online
//! backup API, and writes a compact file). PostgreSQL is backed up with its own tools (README).
use std::path::{Path, PathBuf};

use sea_orm::{ConnectionTrait, Database, DatabaseBackend, DatabaseConnection, Statement};

/// The file behind a `sqlite://` URL, or an error naming what to do instead.
pub fn sqlite_file(database_url: &str) -> Result<PathBuf, String> {
    let rest = database_url
        .strip_prefix("sqlite://")
        .or_else(|| database_url.strip_prefix("sqlite:"))
        .ok_or_else(|| {
            "backup and restore are for the embedded SQLite database; \
             back up PostgreSQL with pg_dump (see the README)"
                .to_string()
        })?;
    let path = rest.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Err("the database URL names no file".into());
    }
    Ok(PathBuf::from(path))
}

/// Writes a consistent copy of the live database to `to` (which must not exist yet).
pub async fn backup(db: &DatabaseConnection, to: &Path) -> Result<u64, String> {
    if db.get_database_backend() != DatabaseBackend::Sqlite {
        return Err(sqlite_file("postgres://").unwrap_err());
    }
    if to.exists() {
        return Err(format!("{} exists already; choose a new file", to.display()));
    }
    let target = to.to_str().ok_or("the backup path must be valid UTF-8")?.replace('\'', "''");
    db.execute_raw(Statement::from_string(
        DatabaseBackend::Sqlite,
        format!("VACUUM INTO '{target}'"),
    ))
    .await
    .map_err(|e| format!("backup failed: {e}"))?;
    check(to).await?;
    std::fs::metadata(to).map(|m| m.len()).map_err(|e| e.to_string())
}

/// Checks that `file` is a whole SQLite database of the portal (integrity and schema).
pub async fn check(file: &Path) -> Result<(), String> {
    let url = format!("sqlite://{}?mode=ro", file.display());
    let copy = Database::connect(&url)
        .await
        .map_err(|e| format!("{} cannot be opened: {e}", file.display()))?;
    let verdict = copy
        .query_one_raw(Statement::from_string(DatabaseBackend::Sqlite, "PRAGMA integrity_check"))
        .await
        .map_err(|e| format!("{} is not a SQLite database: {e}", file.display()))?
        .and_then(|row| row.try_get_by_index::<String>(0).ok())
        .unwrap_or_default();
    if verdict != "ok" {
        return Err(format!("{} is damaged: {verdict}", file.display()));
    }
    copy.query_one_raw(Statement::from_string(
        DatabaseBackend::Sqlite,
        "SELECT COUNT(*) FROM seaql_migrations",
    ))
    .await
    .map_err(|_| format!("{} is not an Appraisal Portal database", file.display()))?;
    copy.close().await.map_err(|e| e.to_string())
}

/// Puts a backup in place of the database file. The portal must be stopped: the file is replaced
/// whole (written beside it, then renamed over it) and the old write-ahead log is removed.
pub async fn restore(from: &Path, database_file: &Path) -> Result<(), String> {
    check(from).await?;
    let staging = database_file.with_extension("restoring");
    std::fs::copy(from, &staging)
        .map_err(|e| format!("cannot write {}: {e}", staging.display()))?;
    for suffix in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{suffix}", database_file.display()));
        if side.exists() {
            std::fs::remove_file(&side)
                .map_err(|e| format!("cannot remove {}: {e}", side.display()))?;
        }
    }
    std::fs::rename(&staging, database_file)
        .map_err(|e| format!("cannot replace {}: {e}", database_file.display()))
}

#[cfg(test)]
mod tests {
    use super::sqlite_file;

    #[test]
    fn the_file_comes_from_the_url() {
        assert_eq!(
            sqlite_file("sqlite://./data/portal.db?mode=rwc").unwrap(),
            std::path::PathBuf::from("./data/portal.db")
        );
        assert_eq!(sqlite_file("sqlite:/tmp/x.db").unwrap(), std::path::PathBuf::from("/tmp/x.db"));
        assert!(sqlite_file("postgres://u@h/db").unwrap_err().contains("pg_dump"));
        assert!(sqlite_file("sqlite::memory:").is_err());
    }
}
