//! Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`
//! keyed with the bytes of the endpoint's `whsec_` secret, so the published `standardwebhooks`
//! libraries verify what we send.
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

const SECRET_PREFIX: &str = "whsec_";

/// A new signing secret: `whsec_` and 24 random bytes in base64.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 24];
    rand::rng().fill_bytes(&mut bytes);
    format!("{SECRET_PREFIX}{}", STANDARD.encode(bytes))
}

/// The `webhook-signature` header of a message.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &str) -> String {
    let key = STANDARD
        .decode(secret.trim_start_matches(SECRET_PREFIX))
        .unwrap_or_else(|_| secret.as_bytes().to_vec());
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("HMAC takes a key of any length");
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of the Standard Webhooks specification's reference libraries.
    #[test]
    fn signs_like_the_reference_libraries() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }

    #[test]
    fn secrets_are_new_each_time() {
        let (a, b) = (new_secret(), new_secret());
        assert!(a.starts_with("whsec_") && a != b);
        assert_eq!(STANDARD.decode(&a[6..]).unwrap().len(), 24);
    }
}
