//! Sign-in attempts counted per account and per client address in the database, so the limit
//! holds across every copy of the server. A right password takes its attempt back, so what
//! stays counted are the failures.
use chrono::{Duration, Utc};
use portal_db::entities::login_throttle;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};

use crate::platform::config::Config;
use crate::platform::http::error::AppError;

pub struct ThrottleKeys {
    pub account: String,
    pub address: String,
}

impl ThrottleKeys {
    pub fn new(username: &str, ip: &str) -> Self {
        ThrottleKeys { account: format!("user:{username}"), address: format!("ip:{ip}") }
    }
}

fn window(config: &Config) -> Duration {
    Duration::minutes(config.login_failure_window_minutes)
}

/// Counts the attempt against both keys before the password is checked, and refuses it (429)
/// when either key is over its limit. Counting first, in one atomic statement per key, means a
/// burst of parallel guesses cannot all pass: at most the limit of them reach the password check.
pub async fn count_attempt(
    db: &DatabaseConnection,
    config: &Config,
    keys: &ThrottleKeys,
) -> Result<(), AppError> {
    let account = bump(db, &keys.account, window(config)).await?;
    let address = bump(db, &keys.address, window(config)).await?;
    if account > config.login_failures_per_account || address > config.login_failures_per_address {
        return Err(AppError::TooManyRequests(format!(
            "Too many failed sign-in attempts. Please wait {} minutes and try again.",
            config.login_failure_window_minutes
        )));
    }
    Ok(())
}

/// Adds one to a key's count in its fixed window and returns the new count, atomically (one
/// statement), so parallel callers each see their own number; a window that has run out starts
/// again at one. Keys of other limits than sign-ins use their own prefix.
pub async fn bump(db: &impl ConnectionTrait, key: &str, window: Duration) -> Result<i32, AppError> {
    Ok(bump_window(db, key, window).await?.failures)
}

/// `bump`, answering the key's row: its count and when its window started.
pub async fn bump_window(
    db: &impl ConnectionTrait,
    key: &str,
    window: Duration,
) -> Result<login_throttle::Model, AppError> {
    let now = Utc::now();
    login_throttle::Entity::delete_many()
        .filter(login_throttle::Column::Key.eq(key))
        .filter(login_throttle::Column::WindowStart.lte(now - window))
        .exec(db)
        .await?;
    let row = login_throttle::Entity::insert(login_throttle::ActiveModel {
        key: Set(key.to_string()),
        window_start: Set(now),
        failures: Set(1),
    })
    .on_conflict(
        OnConflict::column(login_throttle::Column::Key)
            .value(
                login_throttle::Column::Failures,
                Expr::col((login_throttle::Entity, login_throttle::Column::Failures)).add(1),
            )
            .to_owned(),
    )
    .exec_with_returning(db)
    .await?;
    Ok(row)
}

/// The password was right: the account starts over, and the address takes back this attempt
/// (an office signing many people in is not a guesser).
pub async fn attempt_succeeded(
    db: &DatabaseConnection,
    keys: &ThrottleKeys,
) -> Result<(), AppError> {
    login_throttle::Entity::delete_by_id(keys.account.clone()).exec(db).await?;
    login_throttle::Entity::update_many()
        .col_expr(
            login_throttle::Column::Failures,
            Expr::col(login_throttle::Column::Failures).sub(1),
        )
        .filter(login_throttle::Column::Key.eq(keys.address.as_str()))
        .filter(login_throttle::Column::Failures.gt(0))
        .exec(db)
        .await?;
    Ok(())
}
