//! The daily digest: the e-mails a user chose to receive together, sent as one at their hour of
//! the company's day (and at once when they turned the digest off meanwhile). Marking the items
//! with the digest's outbox id is the claim, in the digest's own transaction, so of several server
//! copies only one sends each item.
use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Timelike, Utc};
use portal_db::entities::{digest_item, notification_preference as prefs_row, security_user};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

use crate::platform::config::Config;
use crate::platform::delivery;
use crate::platform::http::error::{AppError, AppResult};

/// Sends the digests due at `now`. Answers how many were sent.
pub async fn send_due(
    db: &DatabaseConnection,
    config: &Config,
    now: DateTime<Utc>,
) -> AppResult<usize> {
    let local = now.with_timezone(&config.time_zone().map_err(AppError::Internal)?);
    let (today, hour) = (local.date_naive(), local.hour() as i32);
    let waiting: Vec<i32> = digest_item::Entity::find()
        .select_only()
        .column(digest_item::Column::UserId)
        .distinct()
        .filter(digest_item::Column::OutboxId.is_null())
        .into_tuple()
        .all(db)
        .await?;
    let mut sent = 0;
    for user_id in waiting {
        let Some(prefs) = prefs_row::Entity::find_by_id(user_id).one(db).await? else { continue };
        let due = match prefs.digest_hour {
            None => true,
            Some(h) => h <= hour && prefs.last_digest_on.is_none_or(|d| d < today),
        };
        if due && send_one(db, config, &prefs, today).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// One user's digest, if another copy has not just sent it.
async fn send_one(
    db: &DatabaseConnection,
    config: &Config,
    prefs: &prefs_row::Model,
    today: NaiveDate,
) -> AppResult<bool> {
    let txn = portal_db::begin_write(db).await?;
    if prefs.digest_hour.is_some() && !claim_day(&txn, prefs.user_id, today).await? {
        return Ok(false);
    }
    let items = digest_item::Entity::find()
        .filter(digest_item::Column::UserId.eq(prefs.user_id))
        .filter(digest_item::Column::OutboxId.is_null())
        .order_by_asc(digest_item::Column::Id)
        .all(&txn)
        .await?;
    let Some(user) = security_user::Entity::find_by_id(prefs.user_id).one(&txn).await? else {
        return Ok(false);
    };
    if items.is_empty() {
        txn.commit().await?;
        return Ok(false);
    }
    let subject = match items.len() {
        1 => items[0].subject.clone(),
        n => format!("Your daily digest: {n} updates"),
    };
    let outbox_id =
        delivery::email(&txn, &user.email, subject, digest_lines(config, &items)).await?;
    let ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let marked = digest_item::Entity::update_many()
        .col_expr(digest_item::Column::OutboxId, Expr::value(outbox_id))
        .filter(digest_item::Column::Id.is_in(ids.clone()))
        .filter(digest_item::Column::OutboxId.is_null())
        .exec(&txn)
        .await?
        .rows_affected;
    if marked != ids.len() as u64 {
        return Ok(false); // another copy took some of them: drop this digest (rolled back)
    }
    txn.commit().await?;
    Ok(true)
}

/// Today's digest of the user is this copy's to send (a conditional update: one copy matches).
async fn claim_day(db: &impl ConnectionTrait, user_id: i32, today: NaiveDate) -> AppResult<bool> {
    let claimed = prefs_row::Entity::update_many()
        .col_expr(prefs_row::Column::LastDigestOn, Expr::value(today))
        .filter(prefs_row::Column::UserId.eq(user_id))
        .filter(
            Condition::any()
                .add(prefs_row::Column::LastDigestOn.is_null())
                .add(prefs_row::Column::LastDigestOn.lt(today)),
        )
        .exec(db)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// The items under headings of their kind, then where to choose notifications.
fn digest_lines(config: &Config, items: &[digest_item::Model]) -> Vec<String> {
    let mut by_event: BTreeMap<&str, Vec<&digest_item::Model>> = BTreeMap::new();
    for item in items {
        by_event.entry(item.event.as_str()).or_default().push(item);
    }
    let mut lines = Vec::new();
    for (key, items) in by_event {
        let label = super::Event::from_key(key).map_or(key, |e| e.label());
        lines.push(format!("{label}:"));
        for item in items {
            lines.push(format!("- {}", item.subject));
            lines.extend(item.body_text.lines().map(|l| format!("  {l}")));
        }
        lines.push(String::new());
    }
    lines
        .push(format!("Choose what you are told and how: {}", config.link("/profile/me/settings")));
    lines
}
