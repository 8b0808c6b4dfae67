//! Delivers outbox messages. Each row is claimed by one sender at a time with a conditional
//! update, so several servers can run senders over one database; a message whose delivery was
//! recorded is never sent again, and one a crashed sender had claimed is retried once its claim
//! runs out.
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use futures_util::{StreamExt, stream};
use portal_db::entities::outbox;
use sea_orm::sea_query::{Expr, LockBehavior, LockType};
use sea_orm::{
    ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    QueryTrait,
};

use super::email::{EmailTransport, LogEmail, Smtp};
use super::sms::{HttpSms, LogSms, SmsTransport, TwilioSms};
use super::{Attachments, NoAttachments};
use crate::platform::config::Config;

const CLAIM_SECONDS: i64 = 120;
const BATCH: u64 = 20;
/// Messages of a batch in flight at once (lettre's pool keeps up to ten SMTP connections).
const PARALLEL_DELIVERIES: usize = 8;
/// After this many failed attempts a message is given up (kept, with its last error).
pub const MAX_ATTEMPTS: i32 = 8;

pub struct Transports {
    pub email: Box<dyn EmailTransport>,
    pub sms: Box<dyn SmsTransport>,
    pub attachments: Arc<dyn Attachments>,
}

impl Transports {
    /// Attachments made by `maker` (the sender cannot make any otherwise).
    pub fn attaching(self, maker: Arc<dyn Attachments>) -> Transports {
        Transports { attachments: maker, ..self }
    }

    pub fn from_config(config: &Config) -> Result<Transports, String> {
        let email: Box<dyn EmailTransport> = if config.smtp_url.is_empty() {
            Box::new(LogEmail)
        } else {
            Box::new(Smtp::new(&config.smtp_url, &config.mail_from)?)
        };
        let sms: Box<dyn SmsTransport> = match config.sms_provider.as_str() {
            "http" => Box::new(HttpSms::new(&config.sms_url, &config.sms_key)),
            "twilio" => Box::new(TwilioSms::new(
                &config.twilio_api_url,
                &config.twilio_account_sid,
                &config.twilio_auth_token,
                &config.twilio_from,
            )),
            _ => Box::new(LogSms),
        };
        Ok(Transports { email, sms, attachments: Arc::new(NoAttachments) })
    }

    async fn deliver(&self, m: &outbox::Model) -> Result<(), Failure> {
        match m.channel.as_str() {
            "email" => {
                let attachment = match &m.attachment {
                    Some(reference) => {
                        Some(self.attachments.fetch(reference).await.map_err(Failure::retry)?)
                    }
                    None => None,
                };
                self.email.send(m, attachment).await.map_err(Failure::retry)
            }
            "sms" => self.sms.send(m).await,
            other => Err(Failure::permanent(format!("unknown channel {other}"))),
        }
    }
}

/// Why a message was not delivered. A permanent failure (the provider refused the message
/// itself) is given up at once; any other is tried again later.
#[derive(Debug)]
pub struct Failure {
    pub error: String,
    pub permanent: bool,
}

impl Failure {
    pub fn retry(error: impl Into<String>) -> Failure {
        Failure { error: error.into(), permanent: false }
    }

    pub fn permanent(error: impl Into<String>) -> Failure {
        Failure { error: error.into(), permanent: true }
    }
}

/// Wait before the next attempt: 5 s, 10 s, 20 s, ... at most an hour.
pub fn backoff(attempts: i32) -> chrono::Duration {
    let seconds = 5i64.saturating_mul(1i64 << attempts.clamp(0, 20) as u32);
    chrono::Duration::seconds(seconds.min(3600))
}

pub struct Sender {
    db: DatabaseConnection,
    transports: Arc<Transports>,
    id: String,
    claim: chrono::Duration,
}

impl Sender {
    pub fn new(db: DatabaseConnection, transports: Arc<Transports>) -> Sender {
        let id = crate::platform::tokens::random_token()[..16].to_string();
        Sender { db, transports, id, claim: chrono::Duration::seconds(CLAIM_SECONDS) }
    }

    /// Holds what it takes for `seconds` (PORTAL_OUTBOX_CLAIM_SECONDS) instead of two minutes.
    pub fn claiming_for(self, seconds: u64) -> Sender {
        Sender { claim: chrono::Duration::seconds(seconds as i64), ..self }
    }

    /// Delivers every `every` until `stop` turns true; then finishes the message in hand, gives
    /// back the claims it still holds (another copy sends those at once) and ends.
    pub fn spawn(
        self,
        every: Duration,
        mut stop: tokio::sync::watch::Receiver<bool>,
    ) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            while !*stop.borrow() {
                // A full batch means more may be due: go on at once instead of waiting a round.
                match self.run_once().await {
                    Ok(delivered) if delivered as u64 >= BATCH => continue,
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "outbox delivery round failed"),
                }
                tokio::select! {
                    _ = tokio::time::sleep(every) => {}
                    _ = stop.changed() => {}
                }
            }
            match self.release_claims().await {
                Ok(released) => tracing::info!(released, "outbox sender stopped"),
                Err(e) => {
                    tracing::warn!(error = %e, "outbox sender could not give back its claims")
                }
            }
        })
    }

    /// Gives back the claims of messages this sender has not sent.
    pub async fn release_claims(&self) -> Result<u64, sea_orm::DbErr> {
        let released = outbox::Entity::update_many()
            .col_expr(outbox::Column::ClaimedBy, Expr::value(Option::<String>::None))
            .col_expr(
                outbox::Column::ClaimedUntil,
                Expr::value(Option::<chrono::DateTime<Utc>>::None),
            )
            .filter(outbox::Column::ClaimedBy.eq(self.id.clone()))
            .filter(outbox::Column::SentAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(released.rows_affected)
    }

    /// Claims what is due and delivers it, several messages at a time. Answers how many
    /// messages were delivered.
    pub async fn run_once(&self) -> Result<usize, sea_orm::DbErr> {
        let batch = self.claim_batch().await?;
        let mut deliveries = stream::iter(batch)
            .map(|message| async move {
                let result = self.transports.deliver(&message).await;
                (message, result)
            })
            .buffer_unordered(PARALLEL_DELIVERIES);
        let mut delivered = 0;
        while let Some((message, result)) = deliveries.next().await {
            delivered += usize::from(result.is_ok());
            self.record(&message, result).await?;
        }
        Ok(delivered)
    }

    /// Claims up to a batch of due messages in one conditional update: of two senders, only one
    /// matches a row. On PostgreSQL the pick skips rows another sender is claiming at that moment,
    /// so copies take different batches instead of queueing behind one another (SQLite writes
    /// one at a time and leaves the lock clause out).
    async fn claim_batch(&self) -> Result<Vec<outbox::Model>, sea_orm::DbErr> {
        let now = Utc::now();
        let free = Condition::any()
            .add(outbox::Column::ClaimedUntil.is_null())
            .add(outbox::Column::ClaimedUntil.lt(now));
        let mut due = outbox::Entity::find()
            .select_only()
            .column(outbox::Column::Id)
            .filter(outbox::Column::SentAt.is_null())
            .filter(outbox::Column::FailedAt.is_null())
            .filter(outbox::Column::NextAttemptAt.lte(now))
            .filter(free.clone())
            .order_by_asc(outbox::Column::Id)
            .limit(BATCH)
            .into_query();
        due.lock_with_behavior(LockType::Update, LockBehavior::SkipLocked);
        let mut claimed = outbox::Entity::update_many()
            .col_expr(outbox::Column::ClaimedBy, Expr::value(self.id.clone()))
            .col_expr(outbox::Column::ClaimedUntil, Expr::value(now + self.claim))
            .filter(outbox::Column::Id.in_subquery(due))
            .filter(outbox::Column::SentAt.is_null())
            .filter(free)
            .exec_with_returning(&self.db)
            .await?;
        claimed.sort_by_key(|m| m.id);
        Ok(claimed)
    }

    async fn record(
        &self,
        m: &outbox::Model,
        result: Result<(), Failure>,
    ) -> Result<(), sea_orm::DbErr> {
        let now = Utc::now();
        let attempts = m.attempts + 1;
        let mut update = outbox::Entity::update_many()
            .col_expr(outbox::Column::Attempts, Expr::value(attempts))
            .col_expr(outbox::Column::ClaimedBy, Expr::value(Option::<String>::None))
            .col_expr(
                outbox::Column::ClaimedUntil,
                Expr::value(Option::<chrono::DateTime<Utc>>::None),
            );
        match result {
            Ok(()) => update = update.col_expr(outbox::Column::SentAt, Expr::value(now)),
            Err(Failure { error, permanent }) => {
                tracing::warn!(id = m.id, attempts, permanent, %error, "outbox delivery failed");
                update = update
                    .col_expr(outbox::Column::LastError, Expr::value(error))
                    .col_expr(outbox::Column::NextAttemptAt, Expr::value(now + backoff(attempts)));
                if permanent || attempts >= MAX_ATTEMPTS {
                    update = update.col_expr(outbox::Column::FailedAt, Expr::value(now));
                }
            }
        }
        update
            .filter(outbox::Column::Id.eq(m.id))
            .filter(outbox::Column::ClaimedBy.eq(self.id.clone()))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn backoff_grows_and_is_capped() {
        assert_eq!(super::backoff(0).num_seconds(), 5);
        assert_eq!(super::backoff(1).num_seconds(), 10);
        assert_eq!(super::backoff(3).num_seconds(), 40);
        assert_eq!(super::backoff(30).num_seconds(), 3600);
    }
}
