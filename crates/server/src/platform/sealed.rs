//! A few values kept encrypted at rest (appraisers' tax numbers): AES-256-GCM with the key of
//! `PORTAL_DATA_KEY` (32 bytes in base64). Each sealed value names the key that sealed it (the
//! first bytes of the key's SHA-256), so that after a rotation the keys of `PORTAL_DATA_KEYS_OLD`
//! still open what they sealed while new values take the new key.
use aes_gcm::aead::{Aead, AeadCore, KeyInit, OsRng};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

/// One key: its id and its cipher.
struct Key {
    id: String,
    cipher: Aes256Gcm,
}

impl Key {
    fn parse(text: &str) -> Result<Key, String> {
        let bytes = STANDARD.decode(text.trim()).map_err(|_| {
            "PORTAL_DATA_KEY (and each of PORTAL_DATA_KEYS_OLD) must be 32 bytes in base64"
                .to_string()
        })?;
        if bytes.len() != 32 {
            return Err(format!(
                "PORTAL_DATA_KEY (and each of PORTAL_DATA_KEYS_OLD) must be 32 bytes \
                 in base64 (got {})",
                bytes.len()
            ));
        }
        let digest = Sha256::digest(&bytes);
        let id = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
        let cipher = Aes256Gcm::new_from_slice(&bytes).map_err(|e| e.to_string())?;
        Ok(Key { id, cipher })
    }
}

/// The current key and the older ones still read.
pub struct DataKeys {
    current: Key,
    older: Vec<Key>,
}

/// A value as stored: which key sealed it, and the nonce with the ciphertext (base64).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub key_id: String,
    pub text: String,
}

impl DataKeys {
    /// The keys of the configuration; None when no key is configured.
    pub fn from_config(current: &str, older: &str) -> Result<Option<DataKeys>, String> {
        if current.trim().is_empty() {
            return Ok(None);
        }
        let current = Key::parse(current)?;
        let older = older
            .split(',')
            .filter(|k| !k.trim().is_empty())
            .map(Key::parse)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(DataKeys { current, older }))
    }

    pub fn seal(&self, plain: &str) -> Sealed {
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let ciphertext =
            self.current.cipher.encrypt(&nonce, plain.as_bytes()).expect("AES-GCM seals any text");
        let mut bytes = nonce.to_vec();
        bytes.extend(ciphertext);
        Sealed { key_id: self.current.id.clone(), text: STANDARD.encode(bytes) }
    }

    /// The plain value, or why it cannot be opened (an unknown key, tampered bytes).
    pub fn open(&self, sealed: &Sealed) -> Result<String, String> {
        let key = std::iter::once(&self.current)
            .chain(&self.older)
            .find(|k| k.id == sealed.key_id)
            .ok_or_else(|| format!("no configured data key has id {}", sealed.key_id))?;
        let bytes = STANDARD.decode(&sealed.text).map_err(|e| e.to_string())?;
        if bytes.len() < 12 {
            return Err("sealed value too short".into());
        }
        let (nonce, ciphertext) = bytes.split_at(12);
        let plain = key
            .cipher
            .decrypt(Nonce::from_slice(nonce), ciphertext)
            .map_err(|_| "sealed value does not open with its key".to_string())?;
        String::from_utf8(plain).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY_A: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    const KEY_B: &str = "HxweHRwbGhkYFxYVFBMSERAPDg0MCwoJCAcGBQQDAgE=";

    #[test]
    fn values_are_sealed_opened_and_keys_rotated() {
        let keys = DataKeys::from_config(KEY_A, "").unwrap().unwrap();
        let sealed = keys.seal("123-45-6789");
        assert!(!sealed.text.contains("6789"));
        assert_ne!(keys.seal("123-45-6789").text, sealed.text, "a fresh nonce each time");
        assert_eq!(keys.open(&sealed).unwrap(), "123-45-6789");
        let mut tampered = sealed.clone();
        tampered.text.replace_range(20..21, if &tampered.text[20..21] == "A" { "B" } else { "A" });
        assert!(keys.open(&tampered).is_err());

        let rotated = DataKeys::from_config(KEY_B, KEY_A).unwrap().unwrap();
        assert_eq!(rotated.open(&sealed).unwrap(), "123-45-6789", "the old key still reads");
        assert_ne!(rotated.seal("x").key_id, sealed.key_id, "new values take the new key");
        let forgotten = DataKeys::from_config(KEY_B, "").unwrap().unwrap();
        assert!(forgotten.open(&sealed).is_err());
        assert!(DataKeys::from_config("c2hvcnQ=", "").is_err(), "not 32 bytes");
        assert!(DataKeys::from_config("", "").unwrap().is_none());
    }
}
