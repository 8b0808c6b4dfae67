//! The real binary as an operator runs it, on SQLite: killed with SIGKILL under write load it
//! loses no write it acknowledged and starts cleanly on the same file; stopped with SIGTERM it
//! finishes the requests in flight and exits 0.
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sea_orm::{ConnectionTrait, Database, DatabaseBackend, Statement};
use serde_json::json;
use tokio::sync::Mutex;

struct Server {
    child: Child,
    base: String,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn start(dir: &Path) -> Server {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_appraisal-portal"))
        .arg("serve")
        .env("PORTAL_BIND", format!("127.0.0.1:{port}"))
        .env("PORTAL_DATABASE_URL", format!("sqlite://{}/portal.db?mode=rwc", dir.display()))
        .env("PORTAL_STORAGE_URL", dir.join("files"))
        .env("PORTAL_SHUTDOWN_GRACE_SECONDS", "20")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    while reqwest::get(format!("{base}/healthz")).await.map(|r| r.status().is_success()).ok()
        != Some(true)
    {
        assert!(started.elapsed() < Duration::from_secs(60), "the server did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Server { child, base }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("portal-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An unknown username's reset request writes one audit row (its detail is the username) and
/// answers only after the row is committed: each 200 is an acknowledged write.
async fn acknowledged_write(http: &reqwest::Client, base: &str, username: &str) -> bool {
    let r = http
        .post(format!("{base}/api/auth/reset-password"))
        .json(&json!({"username": username}))
        .send()
        .await;
    r.is_ok_and(|r| r.status().is_success())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_under_write_load_loses_no_acknowledged_write() {
    let dir = temp_dir("kill");
    let mut server = start(&dir).await;
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let running = Arc::new(AtomicBool::new(true));
    let clients: Vec<_> = (0..16)
        .map(|c| {
            let (base, acknowledged, running) =
                (server.base.clone(), acknowledged.clone(), running.clone());
            tokio::spawn(async move {
                let http = reqwest::Client::new();
                let mut n = 0;
                while running.load(Ordering::Relaxed) {
                    let username = format!("kill.{c}.{n}");
                    if acknowledged_write(&http, &base, &username).await {
                        acknowledged.lock().await.push(username);
                    }
                    n += 1;
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(3)).await;
    server.child.kill().unwrap(); // SIGKILL
    server.child.wait().unwrap();
    running.store(false, Ordering::Relaxed);
    for c in clients {
        c.await.unwrap();
    }
    let acknowledged = acknowledged.lock().await.clone();
    assert!(acknowledged.len() > 20, "too little load: {}", acknowledged.len());

    // It starts cleanly on the same file, and every acknowledged write is there.
    let mut again = start(&dir).await;
    let db =
        Database::connect(format!("sqlite://{}/portal.db?mode=ro", dir.display())).await.unwrap();
    let sql = "SELECT detail FROM audit_log WHERE detail LIKE 'kill.%'";
    let stored: std::collections::HashSet<String> = db
        .query_all_raw(Statement::from_string(DatabaseBackend::Sqlite, sql))
        .await
        .unwrap()
        .into_iter()
        .map(|row| row.try_get_by_index::<String>(0).unwrap())
        .collect();
    let lost: Vec<&String> = acknowledged.iter().filter(|u| !stored.contains(*u)).collect();
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged writes lost: {lost:?}",
        lost.len(),
        acknowledged.len()
    );
    eprintln!("{} acknowledged writes before SIGKILL, none lost", acknowledged.len());
    db.close().await.unwrap();
    again.child.kill().unwrap();
    again.child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_finishes_requests_in_flight_then_exits_zero() {
    let dir = temp_dir("term");
    let mut server = start(&dir).await;
    let http = reqwest::Client::new();
    // A reset request takes at least 400 ms: it is still running when the signal arrives.
    let in_flight = {
        let (http, base) = (http.clone(), server.base.clone());
        tokio::spawn(async move { acknowledged_write(&http, &base, "term.in.flight").await })
    };
    tokio::time::sleep(Duration::from_millis(150)).await;
    let pid = server.child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    assert!(in_flight.await.unwrap(), "the request in flight was answered");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "the server did not stop");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0));
    assert!(
        http.get(format!("{}/healthz", server.base)).send().await.is_err(),
        "nothing listens any more"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
