//! Application state and the `serve` command.
use std::net::SocketAddr;
use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::auth::password;
use crate::config::Config;
use crate::files::storage::Storage;

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    /// A real argon2 hash of a random password: unknown users are verified against it so that
    /// they take as long as wrong passwords.
    pub dummy_hash: Arc<str>,
    /// Running with demo data: the development mailbox is open.
    pub demo: bool,
    /// Uploaded files (local folder or object storage).
    pub storage: Storage,
    /// The enterprise payment platform (built-in sandbox or the platform's HTTP API).
    pub epp: Arc<dyn crate::payments::epp::EppPlatform>,
}

impl AppState {
    pub fn new(db: DatabaseConnection, config: Config) -> Result<AppState, String> {
        let dummy_hash = password::hash(&crate::auth::session::random_token()).map_err(|e| e.to_string())?;
        let storage = Storage::from_config(&config)?;
        let epp = crate::payments::epp::from_config(&config, db.clone());
        Ok(AppState { db, config: Arc::new(config), dummy_hash: dummy_hash.into(), demo: false, storage, epp })
    }
}

/// Connects to the configured database and brings its schema up to date.
pub async fn open_database(config: &Config) -> Result<DatabaseConnection, String> {
    config.ensure_local_folders().map_err(|e| format!("cannot create the data folder: {e}"))?;
    let db = portal_db::connect(&config.database_url, config.database_max_connections)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", redact(&config.database_url)))?;
    portal_db::migrate(&db).await.map_err(|e| format!("database migration failed: {e}"))?;
    Ok(db)
}

/// A database URL without its password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            let user = credentials.split(':').next().unwrap_or_default();
            format!("{}{}:***{}", &url[..scheme + 3], user, &url[at..])
        }
        _ => url.to_string(),
    }
}

pub async fn serve(config: Config, demo: bool) -> Result<(), String> {
    let addr: SocketAddr = config.bind_addr()?;
    let db = open_database(&config).await?;
    if demo {
        crate::demo::seed_with_orders(&db, &Storage::from_config(&config)?).await.map_err(|e| format!("loading demo data failed: {e}"))?;
    }
    let transports = Arc::new(crate::delivery::sender::Transports::from_config(&config)?);
    let poll = std::time::Duration::from_millis(config.outbox_poll_millis.max(50));
    crate::delivery::sender::Sender::new(db.clone(), transports).spawn(poll);
    let state = AppState { demo, ..AppState::new(db, config)? };
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    println!("Appraisal Portal is serving at http://{addr}");
    if demo {
        crate::demo::print_logins();
        println!("Development mailbox (e-mails and SMS the portal sent): http://{addr}/dev/mailbox");
    }
    let app = crate::http::app(state).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await.map_err(|e| e.to_string())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}

#[cfg(test)]
mod tests {
    #[test]
    fn redacts_passwords() {
        assert_eq!(super::redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(super::redact("sqlite://./data/portal.db"), "sqlite://./data/portal.db");
    }
}
