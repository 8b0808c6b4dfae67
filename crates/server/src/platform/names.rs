//! How people's names and log-in names are written, and the names of a set of users.
use std::collections::HashMap;

use portal_db::entities::security_user;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::platform::http::error::AppResult;

/// "First Last", leaving out what is missing.
pub fn full_name(u: &security_user::Model) -> String {
    joined(u.first_name.as_deref().unwrap_or_default(), u.last_name.as_deref().unwrap_or_default())
}

/// "First Last" of a first and a last name, leaving out a blank one.
pub fn joined(first: &str, last: &str) -> String {
    [first, last].into_iter().filter(|n| !n.is_empty()).collect::<Vec<_>>().join(" ")
}

/// First and last names of the given users.
pub async fn user_names(
    db: &impl ConnectionTrait,
    ids: impl Iterator<Item = i32>,
) -> AppResult<HashMap<i32, (String, String)>> {
    let ids: Vec<i32> = ids.collect();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(security_user::Entity::find()
        .select_only()
        .columns([
            security_user::Column::Id,
            security_user::Column::FirstName,
            security_user::Column::LastName,
        ])
        .filter(security_user::Column::Id.is_in(ids))
        .into_tuple::<(i32, Option<String>, Option<String>)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(id, first, last)| (id, (first.unwrap_or_default(), last.unwrap_or_default())))
        .collect())
}

/// The full names of some users, to show who did what.
pub struct FullNames(HashMap<i32, String>);

impl FullNames {
    /// The user's full name; empty for a user no longer on file.
    pub fn of(&self, id: i32) -> String {
        self.0.get(&id).cloned().unwrap_or_default()
    }
}

/// The full names ("First Last") of the given users.
pub async fn full_names(db: &impl ConnectionTrait, ids: Vec<i32>) -> AppResult<FullNames> {
    let names = user_names(db, ids.into_iter()).await?;
    Ok(FullNames(
        names.into_iter().map(|(id, (first, last))| (id, joined(&first, &last))).collect(),
    ))
}

/// Log-in names are kept and compared in lower case.
pub fn normalize_username(username: &str) -> String {
    username.trim().to_lowercase()
}
