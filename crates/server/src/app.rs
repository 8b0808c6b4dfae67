//! The `serve` command: the top of the server, above the router and every feature.
use std::net::SocketAddr;
use std::sync::Arc;

use crate::platform::config::Config;
use crate::platform::state::{AppState, open_database};
use crate::platform::storage::Storage;

pub async fn serve(config: Config, demo: bool) -> Result<(), String> {
    let mut config = config.with_provider_defaults(demo);
    if demo && config.data_key.is_empty() {
        config.data_key = demo_data_key()?;
    }
    log_providers(&config);
    let addr: SocketAddr = config.bind_addr()?;
    let db = open_database(&config).await?;
    if demo {
        crate::demo::seed_with_orders(&db, &Storage::from_config(&config)?, &config)
            .await
            .map_err(|e| format!("loading demo data failed: {e}"))?;
    }
    let invoices = crate::features::billing::printing::InvoiceAttachments {
        db: db.clone(),
        config: Arc::new(config.clone()),
    };
    let transports = Arc::new(
        crate::platform::delivery::sender::Transports::from_config(&config)?
            .attaching(Arc::new(invoices)),
    );
    let poll = std::time::Duration::from_millis(config.outbox_poll_millis.max(50));
    let (stop_sender, stop) = tokio::sync::watch::channel(false);
    let sender = crate::platform::delivery::sender::Sender::new(db.clone(), transports)
        .claiming_for(config.outbox_claim_seconds)
        .spawn(poll, stop.clone());
    let grace = std::time::Duration::from_secs(config.shutdown_grace_seconds);
    let epp = crate::features::payments::epp_from_config(&config, db.clone());
    let state = AppState { demo, ..AppState::new(db, config, epp)? };
    let scheduler = crate::scheduled::spawn_scheduler(state.db.clone(), state.config.clone(), stop);
    let relay = state.live.spawn_relay(state.db.clone(), state.config.database_url.clone());
    let live = state.live.clone();
    crate::features::webhooks::delivery::spawn(state.clone());
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    println!("Appraisal Portal is serving at http://{addr}");
    if demo {
        crate::demo::print_logins();
        println!(
            "Development mailbox (e-mails and SMS the portal sent; open only to this machine): \
             http://{addr}/dev/mailbox"
        );
    }
    let app = crate::router::app(state).into_make_service_with_connect_info::<SocketAddr>();
    let (stopping, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                stopped.await.ok();
            })
            .await
    });
    shutdown_signal().await;
    // Stop taking connections, let requests in flight finish within the grace period, and let the
    // outbox sender finish its message and give back its claims.
    tracing::info!(grace_seconds = grace.as_secs(), "stopping: finishing requests in flight");
    let _ = stop_sender.send(true);
    live.close();
    let _ = stopping.send(());
    match tokio::time::timeout(grace, server).await {
        Ok(Ok(served)) => served.map_err(|e| e.to_string())?,
        Ok(Err(e)) => return Err(e.to_string()),
        Err(_) => tracing::warn!("requests still running after the grace period were cut off"),
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), sender).await;
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), scheduler).await;
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), relay).await;
    println!("Appraisal Portal stopped.");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}

/// One line per outside service: which provider this server uses.
fn log_providers(config: &Config) {
    let mail = if config.smtp_url.is_empty() { "log" } else { "smtp" };
    tracing::info!(
        card = %config.card_provider,
        epp = %config.epp_provider,
        sms = %config.sms_provider,
        geocoder = %config.geocoder,
        mail,
        "providers chosen"
    );
}

/// The demo's data key: made once at random and kept beside the demo database, so that tax
/// numbers typed into the demo still open after a restart. A real deployment sets PORTAL_DATA_KEY.
fn demo_data_key() -> Result<String, String> {
    use base64::Engine;
    let path = std::path::Path::new("./data/demo-data.key");
    if let Ok(key) = std::fs::read_to_string(path) {
        return Ok(key.trim().to_string());
    }
    let mut bytes = [0u8; 32];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut bytes);
    let key = base64::engine::general_purpose::STANDARD.encode(bytes);
    std::fs::create_dir_all("./data").map_err(|e| format!("cannot create ./data: {e}"))?;
    std::fs::write(path, &key).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(key)
}
