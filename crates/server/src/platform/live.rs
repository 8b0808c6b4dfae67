//! Live updates, the server's side (the stream itself is `events`): the dashboard, the order page
//! and the menu badges refresh when something changes for the user, without a reload.
//!
//! A change is a numbered row of `live_events`, written in the transaction of the change (so a
//! change that rolls back is never announced). Every server copy relays the new rows to its own
//! listeners: on PostgreSQL woken at once by NOTIFY (sent in the same transaction, so on commit),
//! on SQLite by a short poll. Each listener gets only what the caller may see (staff: everything;
//! an appraiser: their orders and quotes; a firm administrator: also their firm's orders). A
//! browser that reconnects sends the last id it saw (`Last-Event-ID`) and gets what it missed.
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use portal_db::entities::live_event;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection,
    EntityTrait, NotSet, QueryFilter, QueryOrder, QuerySelect, Set, Statement,
};
use tokio::sync::{broadcast, watch};

use crate::platform::http::error::AppResult;
use crate::platform::session_cache::SessionCache;

const NOTIFY_CHANNEL: &str = "portal_live";
/// How often a copy looks for new rows without being woken (SQLite; PostgreSQL as a safety net).
const POLL_SQLITE: Duration = Duration::from_millis(300);
const POLL_POSTGRES: Duration = Duration::from_secs(5);
/// The most rows read at once (and replayed to a browser that reconnects).
const REPLAY_LIMIT: u64 = 500;

/// What changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Order,
    Quote,
    Payment,
    /// A user's sessions ended or their record changed: every copy reads them again (never sent
    /// to a browser).
    UserChanged,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Order => "order",
            Kind::Quote => "quote",
            Kind::Payment => "payment",
            Kind::UserChanged => "user_changed",
        }
    }
}

/// A change to announce, and who besides staff may hear of it.
pub struct Change {
    pub kind: Kind,
    pub order_id: Option<i64>,
    pub quote_id: Option<i64>,
    pub appraisers: Vec<i32>,
    pub company_id: Option<i32>,
}

/// The live update of a change to `o`, for staff, its appraiser and their firm.
pub fn order_changed(o: &portal_db::entities::order::Model) -> Change {
    Change {
        kind: Kind::Order,
        order_id: Some(o.id),
        quote_id: None,
        appraisers: o.assigned_appraiser_id.into_iter().collect(),
        company_id: o.assigned_company_id,
    }
}

/// Records a change inside the transaction that makes it.
pub async fn record(db: &impl ConnectionTrait, change: Change) -> AppResult<()> {
    let mut appraisers = change.appraisers;
    appraisers.sort_unstable();
    appraisers.dedup();
    insert(
        db,
        live_event::ActiveModel {
            kind: Set(change.kind.as_str().into()),
            order_id: Set(change.order_id),
            quote_id: Set(change.quote_id),
            appraiser_ids: Set(appraisers.iter().map(i32::to_string).collect::<Vec<_>>().join(",")),
            company_id: Set(change.company_id),
            ..Default::default()
        },
    )
    .await
}

/// Tells every copy, inside the transaction that makes the change, that the user's sessions (and
/// those they opened as someone else) ended or that their record changed.
pub async fn user_changed(db: &impl ConnectionTrait, user_id: i32) -> AppResult<()> {
    insert(
        db,
        live_event::ActiveModel {
            kind: Set(Kind::UserChanged.as_str().into()),
            appraiser_ids: Set(String::new()),
            user_id: Set(Some(user_id)),
            ..Default::default()
        },
    )
    .await
}

async fn insert(db: &impl ConnectionTrait, mut row: live_event::ActiveModel) -> AppResult<()> {
    row.id = NotSet;
    row.created_at = Set(Utc::now());
    row.insert(db).await?;
    if db.get_database_backend() == DatabaseBackend::Postgres {
        db.execute_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            format!("NOTIFY {NOTIFY_CHANNEL}"),
        ))
        .await?;
    }
    Ok(())
}

/// Forgets the changes older than a day (a browser away that long reloads anyway).
pub async fn prune(db: &DatabaseConnection) -> AppResult<u64> {
    let gone = live_event::Entity::delete_many()
        .filter(live_event::Column::CreatedAt.lt(Utc::now() - chrono::Duration::days(1)))
        .exec(db)
        .await?;
    Ok(gone.rows_affected)
}

/// News the server copies keep to themselves (a user changed), never sent to a browser.
pub fn for_servers_only(row: &live_event::Model) -> bool {
    row.kind == Kind::UserChanged.as_str()
}

/// Where a copy's listeners hear of new rows.
#[derive(Clone)]
pub struct Hub {
    rows: broadcast::Sender<Arc<live_event::Model>>,
    closing: watch::Sender<bool>,
    /// The sessions this copy has just checked; the relay drops those that ended.
    pub sessions: SessionCache,
}

/// What a listener holds: the new rows as they come, and the signal that the server is stopping.
pub struct Subscription {
    pub rows: broadcast::Receiver<Arc<live_event::Model>>,
    pub closing: watch::Receiver<bool>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub {
            rows: broadcast::channel(1024).0,
            closing: watch::channel(false).0,
            sessions: SessionCache::default(),
        }
    }
}

impl Hub {
    pub fn subscribe(&self) -> Subscription {
        Subscription { rows: self.rows.subscribe(), closing: self.closing.subscribe() }
    }

    fn relay(&self, row: live_event::Model) {
        if for_servers_only(&row) {
            if let Some(user_id) = row.user_id {
                self.sessions.forget_user(user_id);
            }
        } else {
            let _ = self.rows.send(Arc::new(row));
        }
    }

    /// Ends every stream (the server is stopping); browsers reconnect to another copy.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Relays new rows to this copy's listeners until the hub is closed.
    pub fn spawn_relay(
        &self,
        db: DatabaseConnection,
        database_url: String,
    ) -> tokio::task::JoinHandle<()> {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut cursor = Cursor::at(newest_id(&db).await.unwrap_or(0));
            let postgres = db.get_database_backend() == DatabaseBackend::Postgres;
            let mut listener = if postgres { listen(&database_url).await } else { None };
            let mut closing = hub.closing.subscribe();
            while !*closing.borrow() {
                match new_rows(&db, cursor.confirmed).await {
                    Ok(rows) => {
                        for row in cursor.unseen(rows) {
                            hub.relay(row);
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, "live events: reading new rows failed"),
                }
                let wait = if postgres { POLL_POSTGRES } else { POLL_SQLITE };
                tokio::select! {
                    _ = woken(&mut listener, wait) => {}
                    _ = closing.changed() => {}
                }
            }
        })
    }
}

/// How far a copy has relayed. Ids are handed out when a row is written but appear when its
/// transaction commits, which on PostgreSQL need not be in id order (and a rolled-back one never
/// appears): rows after a gap are relayed at once, and the gap is waited for a while before it is
/// given up.
struct Cursor {
    /// Every row up to this id has been relayed (or given up).
    confirmed: i64,
    /// Rows relayed beyond a gap.
    ahead: std::collections::BTreeSet<i64>,
    gap_since: Option<std::time::Instant>,
}

const GAP_PATIENCE: Duration = Duration::from_secs(10);

impl Cursor {
    fn at(id: i64) -> Cursor {
        Cursor { confirmed: id, ahead: Default::default(), gap_since: None }
    }

    /// The rows not relayed yet, in id order; moves the cursor on.
    fn unseen(&mut self, rows: Vec<live_event::Model>) -> Vec<live_event::Model> {
        let fresh: Vec<live_event::Model> =
            rows.into_iter().filter(|r| self.ahead.insert(r.id)).collect();
        while self.ahead.remove(&(self.confirmed + 1)) {
            self.confirmed += 1;
        }
        match self.ahead.first().copied() {
            None => self.gap_since = None,
            Some(next) => {
                let since = *self.gap_since.get_or_insert_with(std::time::Instant::now);
                if since.elapsed() >= GAP_PATIENCE {
                    self.confirmed = next - 1;
                    self.gap_since = None;
                    self.unseen(Vec::new());
                }
            }
        }
        fresh
    }
}

async fn listen(url: &str) -> Option<sea_orm::sqlx::postgres::PgListener> {
    let mut listener = sea_orm::sqlx::postgres::PgListener::connect(url).await.ok()?;
    listener.listen(NOTIFY_CHANNEL).await.ok()?;
    Some(listener)
}

/// Returns when NOTIFY arrives or `wait` has passed.
async fn woken(listener: &mut Option<sea_orm::sqlx::postgres::PgListener>, wait: Duration) {
    match listener {
        Some(l) => {
            if let Ok(Err(_)) = tokio::time::timeout(wait, l.recv()).await {
                tokio::time::sleep(wait).await; // the database is away: look again later
            }
        }
        None => tokio::time::sleep(wait).await,
    }
}

async fn newest_id(db: &DatabaseConnection) -> AppResult<i64> {
    let newest = live_event::Entity::find()
        .select_only()
        .column(live_event::Column::Id)
        .order_by_desc(live_event::Column::Id)
        .into_tuple::<i64>()
        .one(db)
        .await?;
    Ok(newest.unwrap_or(0))
}

/// The rows after `after`, oldest first (at most 500).
pub async fn new_rows(db: &DatabaseConnection, after: i64) -> AppResult<Vec<live_event::Model>> {
    Ok(live_event::Entity::find()
        .filter(live_event::Column::Id.gt(after))
        .order_by_asc(live_event::Column::Id)
        .limit(REPLAY_LIMIT)
        .all(db)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(ids: &[i64]) -> Vec<live_event::Model> {
        ids.iter()
            .map(|id| live_event::Model {
                id: *id,
                kind: "order".into(),
                order_id: None,
                quote_id: None,
                appraiser_ids: String::new(),
                company_id: None,
                user_id: None,
                created_at: Utc::now(),
            })
            .collect()
    }

    fn ids(rows: Vec<live_event::Model>) -> Vec<i64> {
        rows.into_iter().map(|r| r.id).collect()
    }

    #[test]
    fn rows_committed_out_of_order_are_relayed_once_each() {
        let mut cursor = Cursor::at(10);
        // 12 commits before 11: relayed at once, and 11 is still waited for.
        assert_eq!(ids(cursor.unseen(rows(&[12]))), vec![12]);
        assert_eq!(cursor.confirmed, 10);
        assert_eq!(ids(cursor.unseen(rows(&[12]))), Vec::<i64>::new(), "not twice");
        assert_eq!(ids(cursor.unseen(rows(&[11, 12, 13]))), vec![11, 13]);
        assert_eq!(cursor.confirmed, 13);
        assert!(cursor.ahead.is_empty());
    }

    #[test]
    fn a_gap_that_never_fills_is_given_up() {
        let mut cursor = Cursor::at(10);
        cursor.unseen(rows(&[12]));
        cursor.gap_since = Some(std::time::Instant::now() - GAP_PATIENCE);
        cursor.unseen(Vec::new());
        assert_eq!(cursor.confirmed, 12);
        assert!(cursor.gap_since.is_none());
    }
}
