//! Scale-out and faults, proven on real parts: three copies of the server on one PostgreSQL and one
//! S3-compatible object store (moto's server), behind nginx, under a mixed load of many clients
//! (dashboard searches, order reads, messages, uploads and downloads, sign-ins). Mid-load one copy
//! is killed with SIGKILL and later PostgreSQL is restarted. Checked: no failed request outside
//! the faults' windows, sessions made on one copy work on the others, files uploaded through one
//! copy download byte for byte through another, every outbox e-mail reaches the SMTP sink (three
//! senders, each message claimed by one; a send the database could not record because of a fault is
//! repeated with the same Message-ID), and every write a client saw acknowledged is in the database
//! afterwards.
//!
//! It needs nginx, PostgreSQL's server binaries and moto, so it is ignored by `cargo test`:
//! `make scale-test` (60 s, 64 clients, release build) and `make test` (short form) run it through
//! `scripts/scale-test.sh`, which installs moto and sets SCALE_MOTO_PYTHON, SCALE_SECONDS and
//! SCALE_CLIENTS.
mod common;
#[path = "scale/webhooks.rs"]
mod webhooks;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::smtp::SmtpSink;
use common::{Session, count_in};
use reqwest::multipart::{Form, Part};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use serde_json::{Value, json};
use tokio::sync::Mutex;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Runs `program` as the postgres user when we are root (PostgreSQL refuses to run as root).
fn as_postgres(program: &Path) -> Command {
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn run(command: &mut Command, what: &str) {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(out.status.success(), "{what}: {}", String::from_utf8_lossy(&out.stderr));
}

/// A PostgreSQL server of our own (its own data folder and port), so it can be restarted.
struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    port: u16,
}

impl Postgres {
    fn create(dir: &Path) -> Postgres {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's server binaries in /usr/lib/postgresql")
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|b| b.join("initdb").exists())
            .max()
            .expect("an initdb under /usr/lib/postgresql");
        let data = dir.join("pg");
        std::fs::create_dir_all(&data).unwrap();
        run(Command::new("chown").args(["-R", "postgres"]).arg(dir), "chown the data folder");
        let mut init = as_postgres(&bin.join("initdb"));
        init.args(["-A", "trust", "-U", "postgres", "-D"]).arg(&data);
        run(&mut init, "initdb");
        let pg = Postgres { bin, data, port: free_port() };
        pg.start();
        pg
    }

    fn start(&self) {
        let mut c = as_postgres(&self.bin.join("pg_ctl"));
        c.arg("-D").arg(&self.data).arg("-l").arg(self.data.join("log")).args([
            "-w",
            "-o",
            &format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.data.display()),
            "start",
        ]);
        run(&mut c, "pg_ctl start");
    }

    fn stop(&self) {
        let mut c = as_postgres(&self.bin.join("pg_ctl"));
        c.arg("-D").arg(&self.data).args(["-w", "-m", "fast", "stop"]);
        run(&mut c, "pg_ctl stop");
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let mut c = as_postgres(&self.bin.join("pg_ctl"));
        c.arg("-D").arg(&self.data).args(["-m", "immediate", "stop"]);
        let _ = c.stdout(Stdio::null()).stderr(Stdio::null()).status();
    }
}

/// Child processes killed when the test ends, however it ends.
struct Children(Vec<Child>);

impl Drop for Children {
    /// SIGTERM first: nginx's master stops its workers only when asked (SIGKILL would orphan them).
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = Command::new("kill").args(["-TERM", &c.id().to_string()]).status();
        }
        for c in &mut self.0 {
            let deadline = Instant::now() + Duration::from_secs(10);
            while c.try_wait().is_ok_and(|s| s.is_none()) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

async fn wait_until_up(url: &str, what: &str) {
    let started = Instant::now();
    while !reqwest::get(url).await.is_ok_and(|r| r.status().is_success()) {
        assert!(started.elapsed() < Duration::from_secs(90), "{what} did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The environment every copy of the portal (and its seed command) runs with.
fn portal(env: &[(String, String)], args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_appraisal-portal"));
    c.args(args).envs(env.iter().map(|(k, v)| (k, v))).env("RUST_LOG", "warn");
    c
}

fn nginx_config(dir: &Path, port: u16, copies: &[u16]) -> PathBuf {
    let servers: String = copies
        .iter()
        .map(|p| format!("server 127.0.0.1:{p} max_fails=1 fail_timeout=600s;"))
        .collect();
    let d = dir.display();
    let config = format!(
        "worker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/nginx-error.log;\n\
         events {{ worker_connections 2048; }}\n\
         http {{\n  access_log off;\n  client_max_body_size 60m;\n\
         client_body_temp_path {d}/nginx-body;\n  proxy_temp_path {d}/nginx-proxy;\n\
         fastcgi_temp_path {d}/nginx-fcgi;\n  uwsgi_temp_path {d}/nginx-uwsgi;\n  \
         scgi_temp_path {d}/nginx-scgi;\n\
         upstream portal {{ {servers} keepalive 64; }}\n\
         server {{\n    listen 127.0.0.1:{port};\n    \
         location / {{\n      proxy_pass http://portal;\n\
         proxy_http_version 1.1;\n      proxy_set_header Connection \"\";\n      \
         proxy_set_header Host $host;\n\
         proxy_set_header X-Forwarded-For $remote_addr;\n      proxy_next_upstream error timeout;\n\
         proxy_connect_timeout 2s;\n      proxy_read_timeout 120s;\n    }}\n  }}\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, config).unwrap();
    path
}

/// What the clients saw: requests by phase, failures, and what the server acknowledged.
#[derive(Default)]
struct Tally {
    requests: AtomicUsize,
    /// When each failed request was sent and when it failed, with what it said.
    failures: Mutex<Vec<(Duration, Duration, String)>>,
    acknowledged_messages: Mutex<Vec<String>>,
    transfers: AtomicUsize,
    sign_ins: AtomicUsize,
}

impl Tally {
    async fn failed(&self, sent: Duration, failed: Duration, what: String) {
        self.failures.lock().await.push((sent, failed, what));
    }
}

/// One signed-in user's browser, shared by the clients acting as that user.
struct Actor {
    session: Session,
    username: &'static str,
    appraiser_id: i32,
    orders: Vec<i64>,
}

impl Actor {
    fn post(&self, path: &str) -> reqwest::RequestBuilder {
        let req = self.session.http.post(self.session.url(path));
        match &self.session.csrf {
            Some(token) => req.header("X-XSRF-TOKEN", token),
            None => req,
        }
    }
}

const PDF_HEAD: &[u8] = b"%PDF-1.4\n";

/// One request of the mix; Err says what failed.
async fn one_request(
    actor: &Actor,
    live_copies: &std::sync::RwLock<Vec<String>>,
    client: usize,
    n: usize,
    tally: &Tally,
) -> Result<(), String> {
    let check = |r: Result<reqwest::Response, reqwest::Error>, what: &str| match r {
        Ok(r) if r.status().is_success() => Ok(r),
        Ok(r) => Err(format!("{what}: {}", r.status())),
        Err(e) => Err(format!("{what}: {e}")),
    };
    let order = actor.orders[(client + n) % actor.orders.len()];
    match n % 10 {
        0..=3 => {
            let body = json!({"page": 1 + (n % 3), "limit": 25, "statusRefIds": [-1]});
            check(actor.post("/api/dashboard").json(&body).send().await, "dashboard")?;
        }
        4..=6 => {
            let url = actor.session.url(&format!("/api/order-details/{order}"));
            check(actor.session.http.get(url).send().await, "order read")?;
        }
        7 | 8 => {
            let text = format!("scale {} {client}.{n}", actor.username);
            let body = json!({"orderId": order, "message": text});
            check(actor.post("/api/order-details/message").json(&body).send().await, "message")?;
            tally.acknowledged_messages.lock().await.push(text);
        }
        _ => {
            // Upload through the balancer, download through a copy chosen apart from it.
            let bytes: Vec<u8> = PDF_HEAD
                .iter()
                .copied()
                .chain(format!("{client}.{n}").bytes().cycle().take(4096 + n % 5000))
                .collect();
            let form = Form::new()
                .text("appraiserId", actor.appraiser_id.to_string())
                .part(
                    "files",
                    Part::bytes(bytes.clone()).file_name(format!("scale-{client}-{n}.pdf")),
                )
                .text("fileTypes", "20");
            let r = check(actor.post("/api/file/upload").multipart(form).send().await, "upload")?;
            let stored: Value = r.json().await.map_err(|e| format!("upload answer: {e}"))?;
            let id = stored[0]["id"].as_i64().ok_or("upload answer without an id")?;
            let copy = {
                let live = live_copies.read().unwrap();
                live[(client + n) % live.len()].clone()
            };
            let url = format!("{copy}/api/file/stream/appraiserprofilefile/{id}");
            let r = check(actor.session.http.get(url).send().await, "download")?;
            let back = r.bytes().await.map_err(|e| format!("download body: {e}"))?;
            if back.as_ref() != bytes.as_slice() {
                let same = back.iter().zip(&bytes).take_while(|(a, b)| a == b).count();
                return Err(format!(
                    "file {id} came back different through {copy}: \
                     {} bytes for {}, alike for {same}: {:?}",
                    back.len(),
                    bytes.len(),
                    String::from_utf8_lossy(&back[..back.len().min(60)])
                ));
            }
            tally.transfers.fetch_add(1, Ordering::Relaxed);
        }
    }
    Ok(())
}

async fn sign_in(db: &DatabaseConnection, base: &str, username: &'static str) -> Actor {
    let mut session = Session::new(base);
    common::sign_in_through(db, &mut session, username).await;
    let me: Value = session.get_json("/api/auth/logged-in").await;
    let appraiser_id = me["securityUserId"].as_i64().unwrap() as i32;
    let page: Value = session
        .post("/api/dashboard", json!({"page": 1, "limit": 100, "statusRefIds": [-1]}))
        .await
        .json()
        .await
        .unwrap();
    let orders: Vec<i64> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["orderStatus"] != "Assigned")
        .filter_map(|o| o["id"].as_i64())
        .collect();
    assert!(!orders.is_empty(), "{username} has open orders");
    Actor { session, username, appraiser_id, orders }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs nginx, PostgreSQL's server binaries and moto: run by scripts/scale-test.sh"]
async fn three_copies_on_postgres_and_s3_survive_sigkill_and_a_database_restart() {
    let seconds = setting("SCALE_SECONDS", 60);
    let clients = setting("SCALE_CLIENTS", 64) as usize;
    let moto = std::env::var("SCALE_MOTO_PYTHON").expect("SCALE_MOTO_PYTHON: a python with moto");
    let dir = std::env::temp_dir().join(format!("portal-scale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut children = Children(Vec::new());

    let pg = Postgres::create(&dir);
    let s3_port = free_port();
    children.0.push(
        Command::new(&moto)
            .args(["-m", "moto.server", "-H", "127.0.0.1", "-p", &s3_port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("moto's server"),
    );
    let s3 = format!("http://127.0.0.1:{s3_port}");
    wait_until_up(&format!("{s3}/"), "moto").await;
    let bucket = reqwest::Client::new().put(format!("{s3}/portal-files")).send().await.unwrap();
    assert!(bucket.status().is_success(), "bucket: {}", bucket.status());
    let smtp = SmtpSink::start().await;

    let env: Vec<(String, String)> = [
        ("PORTAL_DATABASE_URL", pg.url()),
        ("PORTAL_DATABASE_MAX_CONNECTIONS", "8".into()),
        ("PORTAL_STORAGE_URL", "s3://portal-files/files".into()),
        ("PORTAL_STORAGE_S3_ENDPOINT", s3.clone()),
        ("PORTAL_STORAGE_S3_ACCESS_KEY_ID", "scale".into()),
        ("PORTAL_STORAGE_S3_SECRET_ACCESS_KEY", "scale-secret".into()),
        ("PORTAL_SMTP_URL", smtp.url.clone()),
        ("PORTAL_SHUTDOWN_GRACE_SECONDS", "5".into()),
        // What the killed copy held is sent by the others within the test's time.
        ("PORTAL_OUTBOX_CLAIM_SECONDS", "10".into()),
        ("PORTAL_WEBHOOK_CLAIM_SECONDS", "5".into()),
        // The webhook receiver is this test, on the loopback address.
        ("PORTAL_WEBHOOKS_ALLOW_PRIVATE", "true".into()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    run(&mut portal(&env, &["seed", "--demo"]), "seed --demo");

    let ports: Vec<u16> = (0..3).map(|_| free_port()).collect();
    for port in &ports {
        let child = portal(&env, &["serve"])
            .env("PORTAL_BIND", format!("127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        children.0.push(child);
    }
    let copies: Vec<String> = ports.iter().map(|p| format!("http://127.0.0.1:{p}")).collect();
    for copy in &copies {
        wait_until_up(&format!("{copy}/healthz"), "a copy of the portal").await;
    }
    let lb_port = free_port();
    let config = nginx_config(&dir, lb_port, &ports);
    children.0.push(
        Command::new("nginx")
            .arg("-c")
            .arg(&config)
            .args(["-g", "daemon off;"])
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx"),
    );
    let lb = format!("http://127.0.0.1:{lb_port}");
    wait_until_up(&format!("{lb}/healthz"), "nginx").await;

    let db = Database::connect(pg.url()).await.unwrap();
    const EMAILS: &str = "SELECT COUNT(*) FROM outbox WHERE channel = 'email'";
    let outbox_before = count_in(&db, EMAILS).await;
    let mut actors = Vec::new();
    for username in ["demo.appraiser", "demo.appraiser2", "demo.admin"] {
        actors.push(Arc::new(sign_in(&db, &lb, username).await));
    }
    // A session made through the balancer works on every copy, with its CSRF token.
    for copy in &copies {
        let a = &actors[0];
        let r = a.session.http.get(format!("{copy}/api/auth/logged-in")).send().await.unwrap();
        assert!(r.status().is_success(), "the session works on {copy}");
        let r = a
            .session
            .http
            .post(format!("{copy}/api/order-details/message"))
            .header("X-XSRF-TOKEN", a.session.csrf.clone().unwrap())
            .json(&json!({"orderId": a.orders[0], "message": format!("scale csrf via {copy}")}))
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "the CSRF token works on {copy}: {}", r.status());
    }

    let hooks = webhooks::Receiver::default();
    let hook_url = hooks.start().await;
    let (hook_client, hook_endpoint) = webhooks::endpoint(&db, &hook_url).await;
    let events = setting("SCALE_EVENTS", 10_000) as usize;
    let epoch = chrono::Utc::now();
    let producing = tokio::spawn(webhooks::produce(
        db.clone(),
        hook_client,
        hook_endpoint,
        events,
        Duration::from_secs(seconds) * 3 / 4,
    ));

    let live_copies = Arc::new(std::sync::RwLock::new(copies.clone()));
    let tally = Arc::new(Tally::default());
    let running = Arc::new(AtomicBool::new(true));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for client in 0..clients {
        let (actor, live_copies, tally, running) = (
            actors[client % actors.len()].clone(),
            live_copies.clone(),
            tally.clone(),
            running.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut n = client;
            while running.load(Ordering::Relaxed) {
                tally.requests.fetch_add(1, Ordering::Relaxed);
                let sent = started.elapsed();
                if let Err(e) = one_request(&actor, &live_copies, client, n, &tally).await {
                    tally.failed(sent, started.elapsed(), e).await;
                }
                n += 1;
            }
        }));
    }
    // Sign-ins go on beside the load, one at a time (the throttle counts attempts per account).
    let signing = {
        let (db, lb, tally, running) = (db.clone(), lb.clone(), tally.clone(), running.clone());
        tokio::spawn(async move {
            while running.load(Ordering::Relaxed) {
                let (db, lb) = (db.clone(), lb.clone());
                let sent = started.elapsed();
                let signed_in = tokio::spawn(async move {
                    let actor = sign_in(&db, &lb, "demo.appraiser2").await;
                    assert!(actor.session.get("/api/auth/logged-in").await.status().is_success());
                })
                .await;
                tally.requests.fetch_add(1, Ordering::Relaxed);
                match signed_in {
                    Ok(()) => drop(tally.sign_ins.fetch_add(1, Ordering::Relaxed)),
                    Err(e) => tally.failed(sent, started.elapsed(), format!("sign-in: {e}")).await,
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        })
    };

    let third = Duration::from_secs(seconds / 3);
    tokio::time::sleep(third).await;
    let killed_at = started.elapsed();
    children.0[1].kill().unwrap(); // SIGKILL to the first copy
    children.0[1].wait().unwrap();
    live_copies.write().unwrap().remove(0);
    let survivor = &copies[1];

    tokio::time::sleep(third).await;
    let pg_down_at = started.elapsed();
    pg.stop();
    let health = reqwest::get(format!("{survivor}/healthz")).await.unwrap().status();
    assert_eq!(
        health,
        reqwest::StatusCode::SERVICE_UNAVAILABLE,
        "healthz while the database is down"
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    pg.start();
    let pg_up_at = started.elapsed();
    wait_until_up(&format!("{survivor}/healthz"), "the copy after the database came back").await;
    let recovered_at = started.elapsed();

    tokio::time::sleep(Duration::from_secs(seconds).saturating_sub(started.elapsed())).await;
    running.store(false, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    signing.await.unwrap();
    let elapsed = started.elapsed();
    assert_eq!(producing.await.unwrap(), events, "every webhook event was written");
    let secs = |d: Duration| d.as_secs_f64();
    let claim = Duration::from_secs(5);
    let faults = [
        (secs(killed_at) - 1.0, secs(killed_at + claim + Duration::from_secs(2))),
        (secs(pg_down_at) - 1.0, secs(recovered_at + Duration::from_secs(2))),
    ];
    webhooks::check(&db, &hooks, hook_client, epoch, &faults, Duration::from_secs(120)).await;

    // Failures only where the faults were: requests in flight on the killed copy, and requests
    // sent before the copies had reconnected to the restarted database (one waiting for a
    // connection fails when its wait runs out, after the database is back).
    let failures = tally.failures.lock().await.clone();
    let grace = Duration::from_secs(2);
    let overlaps = |(sent, failed): (Duration, Duration), from: Duration, until: Duration| {
        sent < until && failed >= from
    };
    let outside: Vec<&(Duration, Duration, String)> = failures
        .iter()
        .filter(|(sent, failed, _)| {
            let span = (*sent, *failed);
            let at_kill = overlaps(span, killed_at, killed_at + grace);
            let at_restart = overlaps(span, pg_down_at, recovered_at + grace);
            !(at_kill || at_restart)
        })
        .collect();
    let requests = tally.requests.load(Ordering::Relaxed);
    eprintln!(
        "scale: {clients} clients, {:.0} s, {requests} requests ({:.0}/s), {} transfers, \
         {} sign-ins; {} failed at the faults (kill at {:.1} s; \
         database down {:.1}-{:.1} s, copies back at {:.1} s)",
        elapsed.as_secs_f64(),
        requests as f64 / elapsed.as_secs_f64(),
        tally.transfers.load(Ordering::Relaxed),
        tally.sign_ins.load(Ordering::Relaxed),
        failures.len() - outside.len(),
        killed_at.as_secs_f64(),
        pg_down_at.as_secs_f64(),
        pg_up_at.as_secs_f64(),
        recovered_at.as_secs_f64(),
    );
    assert!(
        outside.is_empty(),
        "failed requests outside the faults: {:?}",
        &outside[..outside.len().min(10)]
    );
    assert!(tally.transfers.load(Ordering::Relaxed) > 0, "files went up and down");

    // Every acknowledged message is stored.
    let acknowledged = tally.acknowledged_messages.lock().await.clone();
    let stored: HashSet<String> = db
        .query_all_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "SELECT body FROM order_messages WHERE body LIKE 'scale %'",
        ))
        .await
        .unwrap()
        .into_iter()
        .map(|row| row.try_get_by_index::<String>(0).unwrap())
        .collect();
    let lost: Vec<&String> = acknowledged.iter().filter(|m| !stored.contains(*m)).collect();
    assert!(lost.is_empty(), "{} of {} acknowledged messages lost", lost.len(), acknowledged.len());

    // The outbox drains though a sender died holding claims.
    let deadline = Instant::now() + Duration::from_secs(120);
    let pending = format!("{EMAILS} AND sent_at IS NULL AND failed_at IS NULL");
    let queued = count_in(&db, EMAILS).await - outbox_before;
    while count_in(&db, &pending).await > 0 {
        if Instant::now() >= deadline {
            let retried = count_in(&db, &format!("{pending} AND attempts > 0")).await;
            let claimed = count_in(&db, &format!("{pending} AND claimed_by IS NOT NULL")).await;
            let left = count_in(&db, &pending).await;
            let sent = count_in(&db, &format!("{EMAILS} AND sent_at IS NOT NULL")).await;
            panic!(
                "the outbox did not drain: {left} e-mails left ({retried} retried, {claimed} \
                 claimed), {sent} sent, {queued} queued during the run, {} received",
                smtp.received().len()
            );
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    // Each message is told apart by its Message-ID, the same on every attempt. A send that
    // reached the sink while the database could not record it is repeated with the same id.
    let received = smtp.received();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for m in &received {
        *seen.entry(message_id(m)).or_default() += 1;
    }
    let repeated = seen.values().filter(|n| **n > 1).count();
    let sent = count_in(&db, &format!("{EMAILS} AND sent_at IS NOT NULL")).await;
    eprintln!(
        "scale: {} acknowledged messages all stored; outbox: {queued} e-mails queued during the \
         run, {sent} sent in all, {} SMTP deliveries of {} distinct messages ({repeated} repeated \
         with the same Message-ID)",
        acknowledged.len(),
        received.len(),
        seen.len()
    );
    assert_eq!(seen.len() as i64, sent, "every sent outbox e-mail reached the sink");
    assert!(!seen.contains_key(""), "every e-mail has its outbox Message-ID");
    drop(children);
    drop(pg);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Message-ID header of a received e-mail (empty when it has none).
fn message_id(message: &str) -> String {
    message
        .lines()
        .take_while(|l| !l.is_empty())
        .find_map(|l| l.strip_prefix("Message-ID: "))
        .unwrap_or_default()
        .to_string()
}
