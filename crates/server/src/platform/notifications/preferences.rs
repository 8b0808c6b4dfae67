//! A user's stored choices, read with their defaults: e-mail for every event, no digest.
use std::collections::HashMap;

use chrono::Utc;
use portal_db::entities::notification_preference as row;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use super::{Delivery, Event};
use crate::platform::http::error::{AppError, AppResult};
use crate::platform::tokens::random_token;

#[derive(Debug, Clone, PartialEq)]
pub struct Preferences {
    pub user_id: i32,
    pub choices: HashMap<Event, Delivery>,
    /// The hour (0-23, company time) of the daily digest; None sends each e-mail at once.
    pub digest_hour: Option<u8>,
    pub unsubscribe_token: String,
}

impl Preferences {
    pub fn delivery(&self, event: Event) -> Delivery {
        self.choices.get(&event).copied().unwrap_or(event.default_delivery())
    }

    /// The preferences a stored row holds.
    pub fn from_row(r: row::Model) -> AppResult<Preferences> {
        let stored: HashMap<String, Delivery> = serde_json::from_str(&r.choices).map_err(|e| {
            AppError::Internal(format!("notification choices of {}: {e}", r.user_id))
        })?;
        let choices =
            stored.into_iter().filter_map(|(k, d)| Some((Event::from_key(&k)?, d))).collect();
        Ok(Preferences {
            user_id: r.user_id,
            choices,
            digest_hour: r.digest_hour.and_then(|h| u8::try_from(h).ok()),
            unsubscribe_token: r.unsubscribe_token,
        })
    }

    fn choices_json(&self) -> String {
        let keyed: HashMap<&str, Delivery> =
            self.choices.iter().map(|(e, d)| (e.key(), *d)).collect();
        serde_json::to_string(&keyed).unwrap_or_else(|_| "{}".into())
    }
}

/// The user's preferences, stored with their defaults on first use (the unsubscribe token is
/// made then).
pub async fn load_or_create(db: &impl ConnectionTrait, user_id: i32) -> AppResult<Preferences> {
    if let Some(found) = row::Entity::find_by_id(user_id).one(db).await? {
        return Preferences::from_row(found);
    }
    let fresh = row::ActiveModel::from(row::Model {
        user_id,
        choices: "{}".into(),
        digest_hour: None,
        last_digest_on: None,
        unsubscribe_token: random_token(),
        updated_at: Utc::now(),
    });
    row::Entity::insert(fresh)
        .on_conflict(OnConflict::column(row::Column::UserId).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    let stored = row::Entity::find_by_id(user_id).one(db).await?;
    Preferences::from_row(stored.ok_or_else(|| AppError::Internal("preferences vanished".into()))?)
}

/// Stores the choices and the digest hour (the token and the last digest day stay).
pub async fn save(db: &impl ConnectionTrait, prefs: &Preferences) -> AppResult<()> {
    row::Entity::update_many()
        .col_expr(row::Column::Choices, Expr::value(prefs.choices_json()))
        .col_expr(row::Column::DigestHour, Expr::value(prefs.digest_hour.map(i32::from)))
        .col_expr(row::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(row::Column::UserId.eq(prefs.user_id))
        .exec(db)
        .await?;
    Ok(())
}
