//! Failed sign-ins counted per account and per client address in the database, so the limit
//! holds across every copy of the server.
use chrono::{DateTime, Duration, Utc};
use portal_db::entities::login_throttle;
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};

use crate::config::Config;
use crate::http::error::AppError;

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

async fn failures(db: &DatabaseConnection, key: &str, since: DateTime<Utc>) -> Result<i32, AppError> {
    Ok(login_throttle::Entity::find_by_id(key)
        .one(db)
        .await?
        .filter(|row| row.window_start > since)
        .map_or(0, |row| row.failures))
}

/// Refuses the attempt when either counter has reached its limit inside the window.
pub async fn check(db: &DatabaseConnection, config: &Config, keys: &ThrottleKeys) -> Result<(), AppError> {
    let since = Utc::now() - window(config);
    let blocked = failures(db, &keys.account, since).await? >= config.login_failures_per_account
        || failures(db, &keys.address, since).await? >= config.login_failures_per_address;
    if blocked {
        return Err(AppError::TooManyRequests(format!(
            "Too many failed sign-in attempts. Please wait {} minutes and try again.",
            config.login_failure_window_minutes
        )));
    }
    Ok(())
}

/// Counts one failure against both keys; a window that has run out starts again at one.
pub async fn record_failure(db: &DatabaseConnection, config: &Config, keys: &ThrottleKeys) -> Result<(), AppError> {
    let now = Utc::now();
    let since = now - window(config);
    for key in [&keys.account, &keys.address] {
        login_throttle::Entity::delete_many()
            .filter(login_throttle::Column::Key.eq(key.as_str()))
            .filter(login_throttle::Column::WindowStart.lte(since))
            .exec(db)
            .await?;
        login_throttle::Entity::insert(login_throttle::ActiveModel {
            key: Set(key.clone()),
            window_start: Set(now),
            failures: Set(1),
        })
        .on_conflict(
            OnConflict::column(login_throttle::Column::Key)
                .value(login_throttle::Column::Failures, Expr::col((login_throttle::Entity, login_throttle::Column::Failures)).add(1))
                .to_owned(),
        )
        .exec(db)
        .await?;
    }
    Ok(())
}

/// A successful sign-in clears the account's counter (the address keeps its count).
pub async fn clear_account(db: &DatabaseConnection, keys: &ThrottleKeys) -> Result<(), AppError> {
    login_throttle::Entity::delete_by_id(keys.account.clone()).exec(db).await?;
    Ok(())
}
