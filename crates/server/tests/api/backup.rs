//! `backup` and `restore` of the embedded database: a copy taken while writes go on is whole,
//! holds every write committed before it began, and restores.
use crate::common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use portal::platform::audit::{self, AuditEntry};
use sea_orm::{ConnectionTrait, Database, DatabaseBackend, Statement};

async fn load_rows(db: &impl ConnectionTrait) -> i64 {
    let sql = "SELECT COUNT(*) FROM audit_log WHERE action = 'load'";
    let row = db
        .query_one_raw(Statement::from_string(DatabaseBackend::Sqlite, sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_under_writes_is_whole_and_restores() {
    let app = common::TestApp::start(common::Db::Sqlite).await.unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (db, stop) = (app.db.clone(), stop.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                audit::record(&db, AuditEntry { action: "load", ..Default::default() })
                    .await
                    .unwrap();
            }
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let dir = std::env::temp_dir().join(format!("portal-backup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("backup.db");
    let _ = std::fs::remove_file(&copy);

    let before = load_rows(&app.db).await;
    portal::backup::backup(&app.db, &copy).await.unwrap();
    let after = load_rows(&app.db).await;
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();
    assert!(before > 0, "the writer was writing");

    let backup = Database::connect(format!("sqlite://{}?mode=ro", copy.display())).await.unwrap();
    let copied = load_rows(&backup).await;
    assert!((before..=after).contains(&copied), "{before} <= {copied} <= {after}");
    backup.close().await.unwrap();
    assert!(portal::backup::backup(&app.db, &copy).await.unwrap_err().contains("exists already"));

    // Restore over an older database file (with a stale write-ahead log beside it).
    let target = dir.join("portal.db");
    std::fs::write(&target, b"an older database").unwrap();
    std::fs::write(dir.join("portal.db-wal"), b"stale").unwrap();
    portal::backup::restore(&copy, &target).await.unwrap();
    assert!(!dir.join("portal.db-wal").exists());
    let restored =
        Database::connect(format!("sqlite://{}?mode=ro", target.display())).await.unwrap();
    assert_eq!(load_rows(&restored).await, copied);
    restored.close().await.unwrap();

    // Something that is not a backup is refused, and nothing is replaced.
    let junk = dir.join("junk.db");
    std::fs::write(&junk, b"not a database").unwrap();
    assert!(portal::backup::restore(&junk, &target).await.is_err());
    let still = Database::connect(format!("sqlite://{}?mode=ro", target.display())).await.unwrap();
    assert_eq!(load_rows(&still).await, copied);
    still.close().await.unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Rows per table, for comparing a database with its restored copy.
async fn table_counts(db: &impl ConnectionTrait) -> Vec<(&'static str, i64)> {
    let mut counts = Vec::new();
    for table in
        ["security_users", "appraiser_profiles", "orders", "order_details", "audit_log", "outbox"]
    {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        let row = db
            .query_one_raw(Statement::from_string(DatabaseBackend::Postgres, sql))
            .await
            .unwrap()
            .unwrap();
        counts.push((table, row.try_get_by_index::<i64>(0).unwrap()));
    }
    counts
}

// The README's PostgreSQL backup: pg_dump of the live database, pg_restore into an empty one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_backs_up_with_pg_dump_and_restores_with_pg_restore() {
    let Some(app) = common::TestApp::start(common::Db::Postgres).await else {
        return eprintln!("PORTAL_TEST_POSTGRES_URL not set: PostgreSQL backup test skipped");
    };
    let before = table_counts(&app.db).await;
    assert!(before.iter().any(|(_, n)| *n > 0), "the demo data is there");
    let dump = std::env::temp_dir().join(format!("portal-pg-{}.dump", std::process::id()));
    let ran = std::process::Command::new("pg_dump")
        .args(["--format=custom", "--file"])
        .arg(&dump)
        .arg(&app.config.database_url)
        .status()
        .expect("pg_dump (postgresql-client) runs");
    assert!(ran.success(), "pg_dump failed");

    let admin_url = common::postgres_url().unwrap();
    let name = format!("portal_restored_{}", std::process::id());
    let admin = Database::connect(&admin_url).await.unwrap();
    admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}")).await.unwrap();
    admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
    let restored_url = common::with_database(&admin_url, &name);
    let ran = std::process::Command::new("pg_restore")
        .args(["--no-owner", &format!("--dbname={restored_url}")])
        .arg(&dump)
        .status()
        .expect("pg_restore runs");
    assert!(ran.success(), "pg_restore failed");
    let restored = Database::connect(&restored_url).await.unwrap();
    assert_eq!(table_counts(&restored).await, before);
    restored.close().await.unwrap();
    admin.execute_unprepared(&format!("DROP DATABASE {name} WITH (FORCE)")).await.unwrap();
    std::fs::remove_file(&dump).unwrap();
}
