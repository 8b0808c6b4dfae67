//! Dashboard benchmark: builds N generated orders on SQLite (and PostgreSQL when a URL is given),
//! starts the real server binary on them, and measures signed-in POST /api/dashboard for five
//! searches against the same SQL run directly on the same database, then throughput with
//! concurrent clients and the server's peak memory.
//!
//! Usage: dashboard-bench [--orders N] [--requests R] [--concurrency C] [--seconds S]
//!                        [--postgres postgres://.../postgres] [--server PATH]
mod insights;

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use portal::kernel::orders::dashboard::{SearchFilter, find};
use portal::kernel::orders::visibility::visible_orders;
use portal::platform::config::Config;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use serde_json::{Value, json};

struct Args {
    orders: u64,
    requests: usize,
    concurrency: usize,
    seconds: u64,
    postgres: Option<String>,
    server: String,
}

fn args() -> Args {
    let mut a = Args {
        orders: 1_000_000,
        requests: 200,
        concurrency: 32,
        seconds: 10,
        postgres: None,
        server: std::env::current_exe()
            .unwrap()
            .with_file_name("appraisal-portal")
            .display()
            .to_string(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--orders" => a.orders = value.parse().expect("--orders N"),
            "--requests" => a.requests = value.parse().expect("--requests R"),
            "--concurrency" => a.concurrency = value.parse().expect("--concurrency C"),
            "--seconds" => a.seconds = value.parse().expect("--seconds S"),
            "--postgres" => a.postgres = Some(value),
            "--server" => a.server = value,
            other => panic!("unknown flag {other}"),
        }
    }
    a
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

struct Timing {
    p50: f64,
    p95: f64,
}

fn timing(mut samples: Vec<f64>) -> Timing {
    samples.sort_by(|a, b| a.partial_cmp(b).unwrap());
    Timing { p50: percentile(&samples, 0.5), p95: percentile(&samples, 0.95) }
}

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(bin: &str, config: &Config, port: u16) -> Server {
        let child = Command::new(bin)
            .arg("serve")
            .env("PORTAL_BIND", format!("127.0.0.1:{port}"))
            .env("PORTAL_DATABASE_URL", &config.database_url)
            .env("PORTAL_STORAGE_URL", &config.storage_url)
            .env("PORTAL_LOGIN_FAILURES_PER_ADDRESS", "1000")
            .env("PORTAL_API_REQUESTS_PER_MINUTE", "1000000")
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start {bin}: {e} (build it with cargo build --release)")
            });
        Server { child, base: format!("http://127.0.0.1:{port}") }
    }

    /// Peak resident memory of the server process, in MiB.
    fn peak_memory_mib(&self) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    }

    /// Starts the peak over (Linux: writing 5 to clear_refs resets VmHWM to the current RSS), so
    /// that the next reading is the peak of what follows alone. False where that is not allowed.
    fn reset_peak_memory(&self) -> bool {
        std::fs::write(format!("/proc/{}/clear_refs", self.child.id()), "5").is_ok()
    }
}

/// A signed-in client: the HTTP client with its cookies, the CSRF token, and the Cookie header
/// it sends (for the load tool).
struct SignedIn {
    http: reqwest::Client,
    csrf: String,
    cookie: String,
}

/// Signs in as `username`, reading the verification code from the outbox table.
async fn sign_in(base: &str, db: &DatabaseConnection, username: &str) -> SignedIn {
    use reqwest::cookie::CookieStore;
    let jar = Arc::new(reqwest::cookie::Jar::default());
    let http = reqwest::Client::builder().cookie_provider(jar.clone()).build().unwrap();
    let login: Value = http
        .post(format!("{base}/api/auth/login"))
        .json(&json!({"username": username, "password": portal::demo::DEMO_PASSWORD}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = login["verificationToken"].as_str().expect("verification token").to_string();
    let email = format!("{username}@appraisalportal.example");
    http.post(format!("{base}/api/auth/send-code"))
        .json(&json!({"token": token, "emailAddress": email}))
        .send()
        .await
        .unwrap();
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            format!(
                "SELECT body_text FROM outbox WHERE recipient = '{email}' AND body_text LIKE '%code is %' ORDER BY id DESC LIMIT 1"
            ),
        ))
        .await
        .unwrap()
        .unwrap();
    let body: String = row.try_get_by_index(0).unwrap();
    let at = body.find("code is ").unwrap() + 8;
    let verified = http
        .post(format!("{base}/api/auth/verify-code"))
        .json(&json!({"token": token, "code": &body[at..at + 6]}))
        .send()
        .await
        .unwrap();
    let csrf = verified
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| {
            c.strip_prefix("XSRF-TOKEN=").map(|v| v.split(';').next().unwrap().to_string())
        })
        .expect("XSRF cookie");
    let cookie = jar.cookies(&base.parse().unwrap()).expect("session cookie");
    SignedIn { http, csrf, cookie: cookie.to_str().unwrap().to_string() }
}

async fn post(http: &reqwest::Client, base: &str, csrf: &str, filter: &Value) -> Value {
    let r = http
        .post(format!("{base}/api/dashboard"))
        .header("X-XSRF-TOKEN", csrf)
        .json(filter)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{filter}: {}", r.status());
    r.json().await.unwrap()
}

async fn run_backend(name: &str, config: Config, args: &Args, port: u16) {
    println!("\n## {name}: {} orders", args.orders);
    let db = portal::platform::state::open_database(&config).await.expect("database");
    portal::demo::seed(&db).await.unwrap();
    let started = Instant::now();
    let written = portal::demo::orders::seed_orders(&db, args.orders, 42).await.unwrap();
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "generated {written} orders in {seconds:.1} s ({:.0} orders/s)",
        written as f64 / seconds
    );
    insights::seed(&db).await;

    // Measured as a user would find it: right after seeding, which leaves the statistics fresh.
    let server = Server::start(&args.server, &config, port);
    for _ in 0..100 {
        if reqwest::get(format!("{}/healthz", server.base))
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "| caller | search | API p50 ms | API p95 ms | SQL p50 ms | SQL p95 ms | p50 ratio | total items |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    // An appraiser sees their own few hundred orders; staff see all of them.
    for (username, user_type) in [
        ("demo.appraiser", portal::platform::roles::UserType::Appraiser),
        ("demo.staff", portal::platform::roles::UserType::Staff),
    ] {
        measure_searches(&server, &db, username, user_type, args).await;
    }

    measure_public_api(&server, &db, args).await;

    let searches_peak = server.peak_memory_mib();
    let staff = sign_in(&server.base, &db, "demo.staff").await;
    let load_peak_apart = server.reset_peak_memory();
    let load = match wrk(&server.base, &staff, args) {
        Some(load) => load,
        None => load_in_process(&server.base, &staff, args).await,
    };
    let load_peak = server.peak_memory_mib();
    println!(
        "throughput: {:.0} requests/s with {} concurrent clients (staff, default search, {}), {} failed",
        load.requests_per_second, args.concurrency, load.tool, load.failed,
    );
    if load_peak_apart {
        println!(
            "server peak memory: {load_peak:.0} MiB under the load, {searches_peak:.0} MiB over the searches before it"
        );
    } else {
        println!("server peak memory: {load_peak:.0} MiB over the whole run");
    }
    measure_export(&server, &db).await;
    // The lender who owns the whole book, as the export left it.
    db.execute_unprepared("UPDATE order_insights SET client_id = 1 WHERE client_id IS NOT NULL")
        .await
        .unwrap();
    // PostgreSQL keeps the old versions of every updated row until a vacuum: reclaim them, as
    // autovacuum would after such an update, so that the figures are not of a bloated table.
    let tidy = match db.get_database_backend() {
        sea_orm::DbBackend::Postgres => "VACUUM ANALYZE order_insights",
        _ => "ANALYZE",
    };
    db.execute_unprepared(tidy).await.unwrap();
    let lender = sign_in(&server.base, &db, "demo.client").await;
    insights::measure(&server.base, &staff, &lender).await;
}

/// The lender's orders export (CSV, every status) when the first client owns the whole book: the
/// time to stream it, its rows, and the server's peak memory while it streams.
async fn measure_export(server: &Server, db: &DatabaseConnection) {
    // The demo lender's administrator sits at the first client once the generated book made it.
    let seat = "INSERT INTO client_users (user_id, client_id, role) SELECT id, 1, 'lender_admin' \
                FROM security_users WHERE login_id = 'demo.client' \
                AND id NOT IN (SELECT user_id FROM client_users)";
    for sql in [
        seat,
        "UPDATE orders SET client_id = 1 WHERE client_id IS NOT NULL",
        "UPDATE client_orders SET client_id = 1",
        "ANALYZE",
    ] {
        db.execute_unprepared(sql).await.unwrap();
    }
    let owned = count_rows(db, "SELECT COUNT(*) FROM client_orders WHERE client_id = 1").await;
    let lender = sign_in(&server.base, db, "demo.client").await;
    let before = server.peak_memory_mib();
    let apart = server.reset_peak_memory();
    let started = Instant::now();
    let url = format!("{}/api/client/orders/export?format=csv&filter=all", server.base);
    let mut r = lender.http.get(url).send().await.unwrap();
    assert!(r.status().is_success(), "export: {}", r.status());
    let (mut bytes, mut lines) = (0usize, 0usize);
    while let Some(chunk) = r.chunk().await.unwrap() {
        bytes += chunk.len();
        lines += chunk.iter().filter(|b| **b == b'\n').count();
    }
    let seconds = started.elapsed().as_secs_f64();
    let peak = server.peak_memory_mib();
    println!(
        "\nclient orders export (CSV, every status) of a client owning {owned} orders: {} rows, \
         {:.1} MB in {seconds:.1} s ({:.0} rows/s); server peak memory {peak:.0} MiB while \
         streaming{}",
        lines.saturating_sub(1),
        bytes as f64 / 1e6,
        lines as f64 / seconds,
        if apart { format!(" ({before:.0} MiB peak before it)") } else { String::new() },
    );
}

struct Load {
    requests_per_second: f64,
    failed: u64,
    tool: &'static str,
}

/// The default search under `--concurrency` connections for `--seconds`, with wrk (Debian's
/// `wrk`), which costs the machine far less than a client in this process. None without wrk.
fn wrk(base: &str, signed_in: &SignedIn, args: &Args) -> Option<Load> {
    let script = std::env::temp_dir().join(format!("portal-bench-{}.lua", std::process::id()));
    std::fs::write(
        &script,
        format!(
            "wrk.method = \"POST\"\nwrk.body = \"{{}}\"\nwrk.headers[\"Content-Type\"] = \"application/json\"\n\
             wrk.headers[\"Cookie\"] = \"{}\"\nwrk.headers[\"X-XSRF-TOKEN\"] = \"{}\"\n",
            signed_in.cookie, signed_in.csrf
        ),
    )
    .unwrap();
    let output = Command::new("wrk")
        .args(["-t", "2", "-c", &args.concurrency.to_string(), "-d", &format!("{}s", args.seconds)])
        .arg("-s")
        .arg(&script)
        .arg(format!("{base}/api/dashboard"))
        .output()
        .ok()?;
    let _ = std::fs::remove_file(&script);
    let text = String::from_utf8_lossy(&output.stdout);
    let number = |label: &str| -> Option<f64> {
        let line = text.lines().find(|l| l.trim_start().starts_with(label))?;
        line.split_whitespace().find_map(|w| w.trim_end_matches(',').parse().ok())
    };
    let failed = number("Non-2xx or 3xx responses:").unwrap_or(0.0)
        + text.lines().find(|l| l.contains("Socket errors:")).map_or(0.0, |l| {
            l.split_whitespace().filter_map(|w| w.trim_end_matches(',').parse::<f64>().ok()).sum()
        });
    Some(Load {
        requests_per_second: number("Requests/sec:").expect("wrk's Requests/sec"),
        failed: failed as u64,
        tool: "wrk",
    })
}

/// The same load from this process, when wrk is not installed.
async fn load_in_process(base: &str, signed_in: &SignedIn, args: &Args) -> Load {
    let done = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let mut tasks = Vec::new();
    for _ in 0..args.concurrency {
        let (http, base, csrf) = (signed_in.http.clone(), base.to_string(), signed_in.csrf.clone());
        let (done, failed) = (done.clone(), failed.clone());
        tasks.push(tokio::spawn(async move {
            while Instant::now() < deadline {
                let r = http
                    .post(format!("{base}/api/dashboard"))
                    .header("X-XSRF-TOKEN", &csrf)
                    .json(&json!({}))
                    .send()
                    .await
                    .unwrap();
                let counter = if r.status().is_success() { &done } else { &failed };
                r.bytes().await.unwrap();
                counter.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    Load {
        requests_per_second: done.load(Ordering::Relaxed) as f64 / args.seconds as f64,
        failed: failed.load(Ordering::Relaxed),
        tool: "reqwest in the bench (no wrk)",
    }
}

/// Times the searches (five over open orders, a fragment over every status and, for staff, four
/// more) through the API and as the same statements run directly on the database.
async fn measure_searches(
    server: &Server,
    db: &DatabaseConnection,
    username: &str,
    user_type: portal::platform::roles::UserType,
    args: &Args,
) {
    let SignedIn { http, csrf, .. } = sign_in(&server.base, db, username).await;
    // The bench server runs with the default configuration, so its company time zone.
    let zone = Config::default().time_zone().expect("company time zone");
    // A real open order of the caller's gives the prefix, city and state to search for.
    let first = post(&http, &server.base, &csrf, &json!({})).await;
    let item = &first["items"][0];
    let file_prefix = item["usaFileNumber"].as_str().unwrap()[..7].to_string();
    let last_page = first["totalPages"].as_u64().unwrap().max(1);
    let mut searches: Vec<(&str, Value)> = vec![
        ("default Open, by due date", json!({})),
        ("borrower name fragment", json!({"borrowerName": "smi"})),
        ("file number prefix", json!({"usaFileNumber": file_prefix})),
        (
            "city + state + status",
            json!({"propertyCity": item["propertyCity"], "propertyState": item["propertyStateCode"], "statusRefIds": [item["statusId"]]}),
        ),
        ("last page", json!({"page": last_page})),
    ];
    searches.push((
        "borrower name fragment, All statuses",
        json!({"borrowerName": "smi", "statusRefIds": [0]}),
    ));
    if user_type == portal::platform::roles::UserType::Staff {
        searches.extend([
            ("borrower name \"garcia\", Open", json!({"borrowerName": "garcia"})),
            (
                "file number prefix, All statuses",
                json!({"usaFileNumber": file_prefix, "statusRefIds": [0]}),
            ),
            (
                "file number fragment \"10004\", All statuses",
                json!({"usaFileNumber": "10004", "statusRefIds": [0]}),
            ),
            (
                "street fragment \"oak\", All statuses",
                json!({"propertyStreet": "oak", "statusRefIds": [0]}),
            ),
            (
                "loan number fragment \"4321\", All statuses",
                json!({"loanNumber": "4321", "statusRefIds": [0]}),
            ),
        ]);
    }

    let caller = portal::kernel::users::accounts::find(db, username).await.unwrap().unwrap();
    let current = portal::platform::current_user::CurrentUser {
        session_id: String::new(),
        csrf_token: String::new(),
        user_type,
        acting_user_id: None,
        user: caller,
    };
    for (label, filter) in &searches {
        let requests = args.requests;
        let mut api = Vec::new();
        let (mut total, mut more) = (0, false);
        for i in 0..requests + 10 {
            let t = Instant::now();
            let page = post(&http, &server.base, &csrf, filter).await;
            if i >= 10 {
                api.push(t.elapsed().as_secs_f64() * 1000.0);
            }
            total = page["totalItems"].as_u64().unwrap();
            more = page["totalIsLowerBound"].as_bool().unwrap();
        }
        let parsed: SearchFilter = serde_json::from_value(filter.clone()).unwrap();
        let mut sql = Vec::new();
        for i in 0..requests + 10 {
            let t = Instant::now();
            let visible = visible_orders(db, &current).await.unwrap();
            let found = find(db, visible, &parsed, zone).await.unwrap();
            assert_eq!(
                (found.total, found.more),
                (total, more),
                "{label}: the API and the bare query agree"
            );
            if i >= 10 {
                sql.push(t.elapsed().as_secs_f64() * 1000.0);
            }
        }
        let (api, sql) = (timing(api), timing(sql));
        println!(
            "| {username} | {label} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {total}{} |",
            api.p50,
            api.p95,
            sql.p50,
            sql.p95,
            api.p50 / sql.p50,
            if more { "+" } else { "" }
        );
    }
}

/// The public API's order list for a client owning a tenth of the book: the first page (every
/// status, and the default open ones) and a page 50,000 orders deep by cursor, with an API key.
async fn measure_public_api(server: &Server, db: &DatabaseConnection, args: &Args) {
    const CLIENT: i32 = 1;
    for sql in [
        format!("UPDATE orders SET client_id = {CLIENT} WHERE id % 10 = 0"),
        format!("UPDATE client_orders SET client_id = {CLIENT} WHERE order_id % 10 = 0"),
        "ANALYZE".to_string(),
    ] {
        db.execute_unprepared(&sql).await.unwrap();
    }
    let key = "apk_bench-key-of-the-first-client";
    db.execute_unprepared(&format!(
        "INSERT INTO api_keys (client_id, name, prefix, key_hash, created_at) VALUES ({CLIENT}, 'bench', 'apk_bench-ke', '{}', CURRENT_TIMESTAMP)",
        portal::platform::tokens::hash_token(key)
    ))
    .await
    .unwrap();
    let owned =
        count_rows(db, &format!("SELECT COUNT(*) FROM client_orders WHERE client_id = {CLIENT}"))
            .await;
    let deep = db
        .query_one_raw(sea_orm::Statement::from_string(
            db.get_database_backend(),
            format!("SELECT updated_at, order_id FROM client_orders WHERE client_id = {CLIENT} ORDER BY updated_at DESC, order_id DESC LIMIT 1 OFFSET 50000"),
        ))
        .await
        .unwrap()
        .expect("50,000 orders of the client");
    let cursor = portal::areas::public_api::orders::cursor_of(
        deep.try_get_by_index(0).unwrap(),
        deep.try_get_by_index(1).unwrap(),
    );
    println!(
        "\npublic API, GET /api/v1/orders for a client owning {owned} orders (key, limit 25):\n"
    );
    println!("| page | p50 ms | p95 ms | worst ms |");
    println!("|---|---|---|---|");
    let http = reqwest::Client::new();
    for (label, path) in [
        ("first, every status", "/api/v1/orders?status=all&limit=25".to_string()),
        ("first, open (the default)", "/api/v1/orders?limit=25".to_string()),
        (
            "50,000 deep by cursor, every status",
            format!("/api/v1/orders?status=all&limit=25&cursor={cursor}"),
        ),
    ] {
        let mut times = Vec::new();
        for i in 0..args.requests + 10 {
            let t = Instant::now();
            let r =
                http.get(format!("{}{path}", server.base)).bearer_auth(key).send().await.unwrap();
            assert!(r.status().is_success(), "{path}: {}", r.status());
            let page: Value = r.json().await.unwrap();
            assert_eq!(page["data"].as_array().map(Vec::len), Some(25), "{path}");
            if i >= 10 {
                times.push(t.elapsed().as_secs_f64() * 1000.0);
            }
        }
        let worst = times.iter().cloned().fold(0.0, f64::max);
        let t = timing(times);
        println!("| {label} | {:.2} | {:.2} | {worst:.2} |", t.p50, t.p95);
    }
}

async fn count_rows(db: &DatabaseConnection, sql: &str) -> i64 {
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

#[tokio::main]
async fn main() {
    let args = args();
    let dir = std::env::temp_dir().join(format!("portal-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = Config {
        database_url: format!("sqlite://{}/bench.db?mode=rwc", dir.display()),
        storage_url: dir.join("files").display().to_string(),
        ..Config::default()
    };
    run_backend("SQLite", sqlite, &args, 18181).await;
    if let Some(admin_url) = &args.postgres {
        let admin = Database::connect(admin_url).await.expect("PostgreSQL");
        admin
            .execute_unprepared("DROP DATABASE IF EXISTS portal_bench WITH (FORCE)")
            .await
            .unwrap();
        admin.execute_unprepared("CREATE DATABASE portal_bench").await.unwrap();
        let (base, _) = admin_url.rsplit_once('/').unwrap();
        let pg = Config {
            database_url: format!("{base}/portal_bench"),
            storage_url: dir.join("files").display().to_string(),
            ..Config::default()
        };
        run_backend("PostgreSQL", pg, &args, 18182).await;
        admin
            .execute_unprepared("DROP DATABASE IF EXISTS portal_bench WITH (FORCE)")
            .await
            .unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
