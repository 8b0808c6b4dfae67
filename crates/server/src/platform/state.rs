//! The state every handler gets: the database, the configuration and the outside services.
//! A leaf: it builds on the configuration, storage, the payment platform's trait, password
//! hashing and the live-update hub, and no feature.
use std::sync::Arc;

use axum::extract::FromRef;
use sea_orm::DatabaseConnection;

use crate::platform::config::Config;
use crate::platform::epp::EppPlatform;
use crate::platform::geocoder::{self, Geocoder};
use crate::platform::live::Hub;
use crate::platform::password;
use crate::platform::sealed::DataKeys;
use crate::platform::storage::Storage;

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
    pub epp: Arc<dyn EppPlatform>,
    /// Where this copy's live-update listeners hear of changes (`live`).
    pub live: Hub,
    /// Places new and corrected orders on the map.
    pub geocoder: Arc<dyn Geocoder>,
    /// Seals tax numbers at rest; None when no key is configured.
    pub data_keys: Option<Arc<DataKeys>>,
}

impl AppState {
    /// The state of a server on `db` with `config`; `epp` is the payment platform the
    /// configuration picks (`payments::epp_from_config`).
    pub fn new(
        db: DatabaseConnection,
        config: Config,
        epp: Arc<dyn EppPlatform>,
    ) -> Result<AppState, String> {
        let dummy_hash =
            password::hash(&crate::platform::tokens::random_token()).map_err(|e| e.to_string())?;
        let storage = Storage::from_config(&config)?;
        let geocoder = geocoder::from_config(&config);
        let data_keys =
            DataKeys::from_config(&config.data_key, &config.data_keys_old)?.map(Arc::new);
        Ok(AppState {
            db,
            config: Arc::new(config),
            dummy_hash: dummy_hash.into(),
            demo: false,
            storage,
            epp,
            live: Hub::default(),
            geocoder,
            data_keys,
        })
    }
}

/// The parts of the state the shared HTTP pieces take (`State<DatabaseConnection>`,
/// `State<Arc<Config>>`), so that they need not know `AppState`.
impl FromRef<AppState> for DatabaseConnection {
    fn from_ref(state: &AppState) -> DatabaseConnection {
        state.db.clone()
    }
}

impl FromRef<AppState> for Arc<Config> {
    fn from_ref(state: &AppState) -> Arc<Config> {
        state.config.clone()
    }
}

/// The largest pool worth opening on SQLite: each connection runs its queries on a thread of its
/// own with a page cache of its own, so connections beyond a few per core add memory, not speed
/// (bench/RESULTS.md).
fn sqlite_pool_ceiling() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    Ord::max(8, 2 * cores)
}

/// Connects to the configured database and brings its schema up to date.
pub async fn open_database(config: &Config) -> Result<DatabaseConnection, String> {
    config.ensure_local_folders().map_err(|e| format!("cannot create the data folder: {e}"))?;
    let pool = match portal_db::Backend::of_url(&config.database_url) {
        Some(portal_db::Backend::Sqlite) => {
            Ord::min(config.database_max_connections, sqlite_pool_ceiling())
        }
        _ => config.database_max_connections,
    };
    let open = |size| async move {
        portal_db::connect(&config.database_url, size)
            .await
            .map_err(|e| format!("cannot open the database {}: {e}", redact(&config.database_url)))
    };
    // The migrations run on a connection of their own, closed before serving: a connection that
    // prepared statements before a table changed keeps reading the old columns for them.
    let migrating = open(1).await?;
    portal_db::migrate(&migrating).await.map_err(|e| format!("database migration failed: {e}"))?;
    migrating.close().await.map_err(|e| format!("database migration failed: {e}"))?;
    open(pool).await
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

#[cfg(test)]
mod tests {
    #[test]
    fn redacts_passwords() {
        assert_eq!(super::redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(super::redact("sqlite://./data/portal.db"), "sqlite://./data/portal.db");
    }
}
