//! Upgrades keep every row: databases made by an earlier release with its demo data
//! (tests/fixtures/upgrade: a SQLite file and a PostgreSQL dump, see the README there) migrate to
//! the newest schema, and every row of every table they had is still there, column for column.
use std::collections::BTreeMap;
use std::path::PathBuf;

use sea_orm::{
    ConnectionTrait, DatabaseConnection, DbBackend, FromQueryResult, JsonValue, Statement,
};

use crate::common;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/upgrade").join(name)
}

/// The tables of the database, without the migration log (which an upgrade adds to).
async fn tables(db: &DatabaseConnection) -> Vec<String> {
    let sql = match db.get_database_backend() {
        DbBackend::Sqlite => {
            "SELECT name AS t FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        }
        _ => {
            "SELECT table_name::text AS t FROM information_schema.tables \
             WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
        }
    };
    let rows =
        db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap();
    let mut names: Vec<String> = rows
        .iter()
        .map(|r| r.try_get::<String>("", "t").unwrap())
        .filter(|t| t != "seaql_migrations")
        .collect();
    names.sort();
    names
}

/// Every row of every table by table name, as JSON objects.
type Snapshot = BTreeMap<String, Vec<serde_json::Map<String, JsonValue>>>;

/// Every row of every table, sorted by their text (so that order does not matter).
async fn snapshot(db: &DatabaseConnection) -> Snapshot {
    let mut all = BTreeMap::new();
    for table in tables(db).await {
        let sql = format!("SELECT * FROM \"{table}\"");
        let rows =
            JsonValue::find_by_statement(Statement::from_string(db.get_database_backend(), sql))
                .all(db)
                .await
                .unwrap_or_else(|e| panic!("read {table}: {e}"));
        let mut rows: Vec<serde_json::Map<String, JsonValue>> =
            rows.into_iter().map(|r| r.as_object().cloned().unwrap_or_default()).collect();
        rows.sort_by_key(|r| serde_json::to_string(r).unwrap());
        all.insert(table, rows);
    }
    all
}

/// Each row before the upgrade is still there after it, with the same value in every column it had.
/// A later migration may add rows only to the tables of reference data it extends.
fn assert_kept(before: &Snapshot, after: &Snapshot) {
    const EXTENDED: [(&str, usize); 1] = [("file_types", 2)];
    let mut checked = 0;
    for (table, rows) in before {
        let kept = after.get(table).unwrap_or_else(|| panic!("table {table} was dropped"));
        let added = EXTENDED.iter().find(|(t, _)| t == table).map_or(0, |(_, n)| *n);
        assert_eq!(kept.len(), rows.len() + added, "rows of {table}");
        let mut kept: Vec<String> = kept
            .iter()
            .map(|row| {
                let old_columns: serde_json::Map<String, JsonValue> = row
                    .iter()
                    .filter(|(column, _)| rows.first().is_some_and(|r| r.contains_key(*column)))
                    .map(|(c, v)| (c.clone(), v.clone()))
                    .collect();
                serde_json::to_string(&old_columns).unwrap()
            })
            .collect();
        let was: Vec<String> = rows.iter().map(|r| serde_json::to_string(r).unwrap()).collect();
        kept.sort();
        assert!(
            was.iter().all(|row| kept.binary_search(row).is_ok()),
            "the rows of {table} changed in the upgrade"
        );
        checked += rows.len();
    }
    assert!(checked > 1000, "the fixture holds the demo data ({checked} rows)");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_database_of_the_earlier_release_keeps_every_row() {
    let dir = tempfile_dir("upgrade-sqlite");
    let file = dir.join("portal.db");
    std::fs::copy(fixture("m0018-demo.sqlite"), &file).unwrap();
    let url = format!("sqlite://{}?mode=rwc", file.display());
    let (before, after) = upgrade(&url).await;
    assert_kept(&before, &after);
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgresql_database_of_the_earlier_release_keeps_every_row() {
    let Some(admin_url) = common::postgres_url() else {
        assert!(std::env::var_os("CI").is_none(), "CI is set but PORTAL_TEST_POSTGRES_URL is not");
        return;
    };
    let name = format!("portal_upgrade_{}", std::process::id());
    let admin = sea_orm::Database::connect(&admin_url).await.unwrap();
    admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}")).await.unwrap();
    admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
    let url = common::with_database(&admin_url, &name);
    let restored = std::process::Command::new("psql")
        .args(["--quiet", "--no-psqlrc", "--set", "ON_ERROR_STOP=1", "--dbname", &url, "--file"])
        .arg(fixture("m0018-demo.sql"))
        .stdout(std::process::Stdio::null())
        .status()
        .expect("psql (PostgreSQL's client) runs");
    assert!(restored.success(), "the dump loads");
    let (before, after) = upgrade(&url).await;
    assert_kept(&before, &after);
    admin.execute_unprepared(&format!("DROP DATABASE {name} WITH (FORCE)")).await.unwrap();
}

/// Every row before and after migrating the database at `url` to the newest schema. Each step has
/// a connection of its own: a connection's cached statements still expect the old columns.
async fn upgrade(url: &str) -> (Snapshot, Snapshot) {
    let db = portal_db::connect(url, 1).await.unwrap();
    let before = snapshot(&db).await;
    db.close().await.unwrap();
    let db = portal_db::connect(url, 1).await.unwrap();
    portal_db::migrate(&db).await.unwrap();
    db.close().await.unwrap();
    let db = portal_db::connect(url, 1).await.unwrap();
    let after = snapshot(&db).await;
    db.close().await.unwrap();
    (before, after)
}

fn tempfile_dir(prefix: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
