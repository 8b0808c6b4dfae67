//! Test harness: the real router on a random port over a fresh database, on SQLite always and
//! on PostgreSQL when PORTAL_TEST_POSTGRES_URL is set. `both_dbs!` makes one test of each.
#![allow(dead_code)]

pub mod orders;
pub mod smtp;

use std::net::SocketAddr;

use portal::platform::config::Config;
use portal::platform::state::AppState;
use portal_db::entities::outbox;
use reqwest::{Client, Response, StatusCode};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection};
use serde_json::{Value, json};

pub const PASSWORD: &str = portal::demo::DEMO_PASSWORD;

#[derive(Clone, Copy, Debug)]
pub enum Db {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub base: String,
    pub db: DatabaseConnection,
    pub config: Config,
    _temp: Option<TempDir>,
    pg_database: Option<(String, String)>,
    server: tokio::task::JoinHandle<()>,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn unique_name() -> String {
    format!(
        "portal_test_{}_{}",
        std::process::id(),
        portal::platform::tokens::random_token()[..10].to_lowercase().replace(['-', '_'], "x")
    )
}

/// The PostgreSQL admin URL, or None when PostgreSQL tests are not wanted.
pub fn postgres_url() -> Option<String> {
    std::env::var("PORTAL_TEST_POSTGRES_URL").ok().filter(|u| !u.is_empty())
}

pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(b, _)| b);
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

impl TestApp {
    /// A server with the demo accounts loaded, or None when the database is not available.
    pub async fn start(db: Db) -> Option<TestApp> {
        Self::start_with(db, |_| {}).await
    }

    /// `start_with` for `on_each_db!` tests: None only for PostgreSQL outside CI without a URL.
    pub async fn start_on(db: Db, adjust: impl FnOnce(&mut Config)) -> Option<TestApp> {
        let app = Self::start_with(db, adjust).await;
        if app.is_none() {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI is set but PORTAL_TEST_POSTGRES_URL is not"
            );
            eprintln!("PORTAL_TEST_POSTGRES_URL not set: PostgreSQL run skipped");
        }
        app
    }

    pub async fn start_with(db: Db, adjust: impl FnOnce(&mut Config)) -> Option<TestApp> {
        let mut config = Config::default();
        let name = unique_name();
        let (temp, pg_database) = match db {
            Db::Sqlite => {
                let dir = std::env::temp_dir().join(&name);
                std::fs::create_dir_all(&dir).unwrap();
                config.database_url = format!("sqlite://{}/portal.db?mode=rwc", dir.display());
                config.storage_url = dir.join("files").display().to_string();
                (Some(TempDir(dir)), None)
            }
            Db::Postgres => {
                let admin_url = postgres_url()?;
                let admin = Database::connect(&admin_url)
                    .await
                    .expect("connect to PORTAL_TEST_POSTGRES_URL");
                admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
                admin.close().await.unwrap();
                config.database_url = with_database(&admin_url, &name);
                let dir = std::env::temp_dir().join(&name);
                config.storage_url = dir.join("files").display().to_string();
                (Some(TempDir(dir)), Some((admin_url, name)))
            }
        };
        config.database_max_connections = 5;
        adjust(&mut config);
        let config = config.with_provider_defaults(true);
        let connection =
            portal::platform::state::open_database(&config).await.expect("open test database");
        portal::demo::seed(&connection).await.expect("demo data");
        let epp = portal::features::payments::epp_from_config(&config, connection.clone());
        let state = AppState::new(connection.clone(), config.clone(), epp).unwrap();
        state.live.spawn_relay(connection.clone(), config.database_url.clone());
        portal::features::webhooks::delivery::spawn(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = portal::router::app(state).into_make_service_with_connect_info::<SocketAddr>();
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        Some(TestApp {
            base: format!("http://{addr}"),
            db: connection,
            config,
            _temp: temp,
            pg_database,
            server,
        })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// A second copy of the server on the same database, as behind a load balancer: its own
    /// relay and its own memory. Answers its base URL.
    pub async fn second_copy(&self) -> String {
        let db = portal::platform::state::open_database(&self.config).await.unwrap();
        let epp = portal::features::payments::epp_from_config(&self.config, db.clone());
        let state =
            portal::platform::state::AppState::new(db.clone(), self.config.clone(), epp).unwrap();
        state.live.spawn_relay(db, self.config.database_url.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let service =
            portal::router::app(state).into_make_service_with_connect_info::<SocketAddr>();
        tokio::spawn(async move { axum::serve(listener, service).await.unwrap() });
        base
    }

    /// A browser-like client with its own cookie jar.
    pub fn client(&self) -> Session {
        Session::new(&self.base)
    }

    /// A client signed in as `username` with the demo password, through verification.
    pub async fn signed_in(&self, username: &str) -> Session {
        let mut s = self.client();
        self.sign_in(&mut s, username).await;
        s
    }

    /// Signs `s` in, passing verification by e-mail when the server asks for it.
    pub async fn sign_in(&self, s: &mut Session, username: &str) {
        sign_in_through(&self.db, s, username).await;
    }

    /// A browser that has passed verification for `username` and signed out again, so that its
    /// next sign-in (as an appraiser) needs no code.
    pub async fn trusted_device(&self, username: &str) -> Session {
        let mut s = self.signed_in(username).await;
        assert_eq!(s.post("/api/auth/logout", json!({})).await.status(), StatusCode::OK);
        s.csrf = None;
        assert!(s.device.is_some());
        s
    }

    /// The last verification code queued for a recipient.
    pub async fn latest_code(&self, recipient: &str) -> String {
        latest_code_in(&self.db, recipient).await
    }

    pub async fn user_id(&self, username: &str) -> i32 {
        portal::kernel::users::accounts::find(&self.db, username)
            .await
            .unwrap()
            .expect("user exists")
            .id
    }

    pub async fn count(&self, sql: &str) -> i64 {
        count_in(&self.db, sql).await
    }

    /// Subjects of the messages queued for a recipient, oldest first.
    pub async fn mail_subjects(&self, recipient: &str) -> Vec<String> {
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
        outbox::Entity::find()
            .filter(outbox::Column::Recipient.eq(recipient))
            .order_by_asc(outbox::Column::Id)
            .all(&self.db)
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.subject)
            .collect()
    }

    /// The last message queued for a recipient, if any.
    pub async fn last_mail(&self, recipient: &str) -> Option<outbox::Model> {
        last_mail_in(&self.db, recipient).await
    }
}

impl TestApp {
    /// Stored file rows and objects in storage: a refused upload must leave both as they were.
    pub async fn stored(&self) -> (i64, usize) {
        let rows = self.count("SELECT COUNT(*) FROM stored_files").await;
        (rows, count_files(std::path::Path::new(&self.config.storage_url)))
    }
}

fn count_files(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries.flatten().map(|e| if e.path().is_dir() { count_files(&e.path()) } else { 1 }).sum()
    })
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
        if let Some((admin_url, name)) = self.pg_database.take() {
            // Dropping needs async; do it on a runtime of its own so it also runs after a panic.
            let db = self.db.clone();
            std::thread::spawn(move || {
                let rt =
                    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                rt.block_on(async move {
                    let _ = db.close().await;
                    if let Ok(admin) = Database::connect(&admin_url).await {
                        let _ = admin
                            .execute_unprepared(&format!(
                                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                            ))
                            .await;
                    }
                });
            })
            .join()
            .ok();
        }
    }
}

/// Signs `s` in with the demo password, passing verification with the code `db`'s outbox holds.
pub async fn sign_in_through(db: &DatabaseConnection, s: &mut Session, username: &str) {
    let r = s.login(username, PASSWORD).await;
    assert_eq!(r.status(), StatusCode::OK, "sign-in of {username}");
    let body: Value = r.json().await.unwrap();
    if let Some(token) = body["verificationToken"].as_str() {
        let email =
            portal::kernel::users::accounts::find(db, username).await.unwrap().unwrap().email;
        let sent: Value = s
            .post("/api/auth/send-code", json!({"token": token, "emailAddress": email}))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(sent["ok"], true, "{sent}");
        let code = latest_code_in(db, &email).await;
        let verified = s.post("/api/auth/verify-code", json!({"token": token, "code": code})).await;
        s.capture_csrf(&verified);
        let body: Value = verified.json().await.unwrap();
        assert_eq!(body["ok"], true, "{body}");
    }
}

/// The number a `SELECT COUNT(*)` query answers in `db`.
pub async fn count_in(db: &DatabaseConnection, sql: &str) -> i64 {
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(db.get_database_backend(), sql.to_string()))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

/// The last message queued for a recipient in `db`'s outbox, if any.
pub async fn last_mail_in(db: &DatabaseConnection, recipient: &str) -> Option<outbox::Model> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(recipient))
        .order_by_desc(outbox::Column::Id)
        .one(db)
        .await
        .unwrap()
}

/// The last verification code queued for a recipient in `db`'s outbox.
pub async fn latest_code_in(db: &DatabaseConnection, recipient: &str) -> String {
    let message = last_mail_in(db, recipient).await.expect("a message was queued");
    let at = message.body_text.find("code is ").expect("a code message") + "code is ".len();
    message.body_text[at..at + 6].to_string()
}

/// One browser: cookies plus the CSRF token it last received.
pub struct Session {
    pub app_base: String,
    pub http: Client,
    pub csrf: Option<String>,
    /// The trusted-device cookie this browser got from passing verification.
    pub device: Option<String>,
}

impl Session {
    /// A browser-like client of the server at `base`, with its own cookie jar.
    pub fn new(base: &str) -> Session {
        Session {
            app_base: base.to_string(),
            http: Client::builder().cookie_store(true).build().unwrap(),
            csrf: None,
            device: None,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.app_base, path)
    }

    pub async fn login(&mut self, username: &str, password: &str) -> Response {
        let r = self
            .http
            .post(self.url("/api/auth/login"))
            .json(&json!({"username": username, "password": password}))
            .send()
            .await
            .unwrap();
        self.capture_csrf(&r);
        r
    }

    /// Keeps the CSRF token a response set, as the web app reads it from the cookie.
    pub fn capture_csrf(&mut self, r: &Response) {
        if let Some(token) = xsrf_cookie(r) {
            self.csrf = Some(token);
        }
        if let Some(device) = cookie_value(r, "portal_device") {
            self.device = Some(device);
        }
    }

    pub async fn get(&self, path: &str) -> Response {
        self.http.get(self.url(path)).send().await.unwrap()
    }

    /// The JSON body of a GET, whatever its status.
    pub async fn get_json<T: serde::de::DeserializeOwned>(&self, path: &str) -> T {
        self.get(path).await.json().await.unwrap()
    }

    /// A POST carrying the CSRF header, as the web app sends it.
    pub async fn post(&self, path: &str, body: Value) -> Response {
        let mut req = self.http.post(self.url(path)).json(&body);
        if let Some(token) = &self.csrf {
            req = req.header("X-XSRF-TOKEN", token);
        }
        req.send().await.unwrap()
    }

    /// A POST whose answer is read as its status and message.
    pub async fn post_for_message(&self, path: &str, body: Value) -> (StatusCode, String) {
        let r = self.post(path, body).await;
        let status = r.status();
        (status, message(r).await)
    }

    pub async fn put_for_message(&self, path: &str, body: Value) -> (StatusCode, String) {
        let r = self.put(path, body).await;
        let status = r.status();
        (status, message(r).await)
    }

    /// A POST that must succeed; answers its message.
    pub async fn post_ok(&self, path: &str, body: Value) -> String {
        let (status, text) = self.post_for_message(path, body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {text}");
        text
    }

    /// A PUT carrying the CSRF header.
    pub async fn put(&self, path: &str, body: Value) -> Response {
        let mut req = self.http.put(self.url(path)).json(&body);
        if let Some(token) = &self.csrf {
            req = req.header("X-XSRF-TOKEN", token);
        }
        req.send().await.unwrap()
    }

    pub async fn delete(&self, path: &str) -> Response {
        let mut req = self.http.delete(self.url(path));
        if let Some(token) = &self.csrf {
            req = req.header("X-XSRF-TOKEN", token);
        }
        req.send().await.unwrap()
    }

    /// POST /api/file/upload with a multipart form, as the web app sends it.
    pub async fn upload(&self, form: reqwest::multipart::Form) -> Response {
        self.post_form("/api/file/upload", form).await
    }

    /// A multipart POST carrying the CSRF header.
    pub async fn post_form(&self, path: &str, form: reqwest::multipart::Form) -> Response {
        let mut req = self.http.post(self.url(path)).multipart(form);
        if let Some(token) = &self.csrf {
            req = req.header("X-XSRF-TOKEN", token);
        }
        req.send().await.unwrap()
    }

    /// A POST without the CSRF header.
    pub async fn post_without_csrf(&self, path: &str, body: Value) -> Response {
        self.http.post(self.url(path)).json(&body).send().await.unwrap()
    }

    pub async fn fetch_csrf(&mut self) -> String {
        let r = self.get("/api/auth/csrf").await;
        assert_eq!(r.status(), StatusCode::OK);
        let cookie = xsrf_cookie(&r).expect("XSRF-TOKEN cookie");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["token"], cookie.as_str());
        self.csrf = Some(cookie.clone());
        cookie
    }
}

pub fn set_cookies(r: &Response) -> Vec<String> {
    r.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_string()).collect()
}

pub fn cookie_value(r: &Response, name: &str) -> Option<String> {
    set_cookies(r).iter().find_map(|c| {
        let (pair, _) = c.split_once(';').unwrap_or((c, ""));
        let (k, v) = pair.split_once('=')?;
        (k == name && !v.is_empty()).then(|| v.to_string())
    })
}

fn xsrf_cookie(r: &Response) -> Option<String> {
    cookie_value(r, "XSRF-TOKEN")
}

/// A date `offset` days from today in the company's time zone (yyyy-mm-dd), as the web app sends
/// it.
pub fn company_day(offset: i64) -> String {
    (chrono::Utc::now().with_timezone(&chrono_tz::America::Chicago).date_naive()
        + chrono::Duration::days(offset))
    .format("%Y-%m-%d")
    .to_string()
}

pub async fn message(r: Response) -> String {
    let body: Value = r.json().await.expect("JSON error body");
    body["message"].as_str().expect("message field").to_string()
}

/// Who may read demo.appraiser's own records, and the answer each gets: themselves, their firm's
/// administrator and staff may; another appraiser of the firm and a client may not.
pub const DEMO_APPRAISERS_RECORDS_READERS: [(&str, StatusCode); 6] = [
    ("demo.appraiser", StatusCode::OK),
    ("demo.admin", StatusCode::OK),
    ("demo.staff", StatusCode::OK),
    ("demo.secret", StatusCode::OK),
    ("demo.appraiser2", StatusCode::FORBIDDEN),
    ("demo.client", StatusCode::FORBIDDEN),
];

/// Declares `name_sqlite` and `name_postgres` tests running the same async body on each database.
/// The PostgreSQL one passes trivially (and says so) when PORTAL_TEST_POSTGRES_URL is not set.
#[macro_export]
macro_rules! both_dbs {
    ($name:ident, |$app:ident| $body:block) => {
        both_dbs!($name, with |_| {}, |$app| $body);
    };
    ($name:ident, with $adjust:expr, |$app:ident| $body:block) => {
        mod $name {
            use super::*;
            async fn run($app: common::TestApp) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run(common::TestApp::start_with(common::Db::Sqlite, $adjust).await.unwrap()).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                match common::TestApp::start_with(common::Db::Postgres, $adjust).await {
                    Some(app) => run(app).await,
                    // In CI a missing database must fail the run, not quietly halve it.
                    None if std::env::var_os("CI").is_some() => {
                        panic!("CI is set but PORTAL_TEST_POSTGRES_URL is not")
                    }
                    None => eprintln!("PORTAL_TEST_POSTGRES_URL not set: PostgreSQL run skipped"),
                }
            }
        }
    };
}

/// Runs `$run(db)` as a test on each database, for tests that must start something of their own
/// before the server (a provider's stand-in): `$run` starts the app with `TestApp::start_on`.
#[macro_export]
macro_rules! on_each_db {
    ($name:ident, $run:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$run($crate::common::Db::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$run($crate::common::Db::Postgres).await;
            }
        }
    };
}
