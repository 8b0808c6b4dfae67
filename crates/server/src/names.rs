//! How people's names and log-in names are written.
use portal_db::entities::security_user;

/// "First Last", leaving out what is missing.
pub fn full_name(u: &security_user::Model) -> String {
    [u.first_name.as_deref(), u.last_name.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Log-in names are kept and compared in lower case.
pub fn normalize_username(username: &str) -> String {
    username.trim().to_lowercase()
}
