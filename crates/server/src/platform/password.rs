//! Password hashing (argon2id) and the password rules (docs/domain.md#passwords).
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rand::RngCore;

use crate::platform::http::error::AppError;

pub const MIN_LENGTH: usize = 16;
pub const SPECIAL_CHARACTERS: &str = "!@#$%^&*(),.?\":{}|<>";
pub const RULES_MESSAGE: &str = "Please ensure your password meets all requirements.";
/// Longer passwords are refused unhashed: hashing megabytes would let anyone burn the CPU.
pub const MAX_PASSWORD_BYTES: usize = 256;

/// Which of the rules a candidate password breaks, in the words of the checklist.
pub fn broken_rules(password: &str) -> Vec<&'static str> {
    let mut broken = Vec::new();
    if password.chars().count() < MIN_LENGTH {
        broken.push("at least 16 characters");
    }
    if !password.chars().any(|c| c.is_ascii_lowercase()) {
        broken.push("one lowercase letter");
    }
    if !password.chars().any(|c| c.is_ascii_uppercase()) {
        broken.push("one uppercase letter");
    }
    if !password.chars().any(|c| c.is_ascii_digit()) {
        broken.push("one number");
    }
    if !password.chars().any(|c| SPECIAL_CHARACTERS.contains(c)) {
        broken.push("one special character");
    }
    if password.len() > MAX_PASSWORD_BYTES {
        broken.push("at most 256 characters");
    }
    broken
}

pub fn check_rules(password: &str) -> Result<(), AppError> {
    let broken = broken_rules(password);
    if broken.is_empty() {
        Ok(())
    } else {
        Err(AppError::Validation(format!("{RULES_MESSAGE} Missing: {}.", broken.join(", "))))
    }
}

pub fn hash(password: &str) -> Result<String, AppError> {
    let mut salt_bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut salt_bytes);
    let salt = SaltString::encode_b64(&salt_bytes)
        .map_err(|e| AppError::Internal(format!("salt: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::Internal(format!("hashing failed: {e}")))
}

pub fn verify(password: &str, stored_hash: &str) -> bool {
    PasswordHash::new(stored_hash)
        .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// Hashing is slow on purpose; keep it off the async workers.
pub async fn hash_blocking(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hash(&password))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?
}

pub async fn verify_blocking(password: String, stored_hash: String) -> bool {
    tokio::task::spawn_blocking(move || verify(&password, &stored_hash)).await.unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert!(broken_rules("Demo!Password2026").is_empty());
        assert_eq!(broken_rules("Demo!Passwd2026"), vec!["at least 16 characters"]);
        assert_eq!(broken_rules("demo!password2026"), vec!["one uppercase letter"]);
        assert_eq!(broken_rules("DEMO!PASSWORD2026"), vec!["one lowercase letter"]);
        assert_eq!(broken_rules("Demo!PasswordTwenty"), vec!["one number"]);
        assert_eq!(broken_rules("DemoXPassword2026"), vec!["one special character"]);
        // A special character outside the listed set does not count.
        assert_eq!(broken_rules("Demo-Password2026"), vec!["one special character"]);
    }

    #[test]
    fn hash_and_verify() {
        let h = hash("Demo!Password2026").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("Demo!Password2026", &h));
        assert!(!verify("Demo!Password2027", &h));
        assert!(!verify("anything", "not a hash"));
    }
}
