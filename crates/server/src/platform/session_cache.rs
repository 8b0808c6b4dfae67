//! Each copy of the server keeps the sessions it has just checked for a few seconds, so that the
//! requests of one page read the session and its user once. A session ended anywhere (sign-out,
//! deactivation, a new password, the back door closed) or a user's record changed is dropped here
//! at once by the copy that makes the change, and by every other copy when the live-event relay
//! (`live`) brings the news.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};

use crate::platform::current_user::CurrentUser;

/// How long a checked session is believed without asking the database again.
pub const LIFE: Duration = Duration::from_secs(3);
/// The most sessions one copy holds; past it the oldest checks are forgotten first.
const MOST: usize = 10_000;

#[derive(Clone, Default)]
pub struct SessionCache {
    held: Arc<Mutex<HashMap<String, Held>>>,
}

struct Held {
    caller: CurrentUser,
    checked: Instant,
    expires_at: DateTime<Utc>,
}

impl SessionCache {
    /// The caller of session `id` when it was checked less than `LIFE` ago and has not expired.
    pub fn get(&self, id: &str) -> Option<CurrentUser> {
        let held = self.lock();
        let h = held.get(id)?;
        (h.checked.elapsed() < LIFE && Utc::now() < h.expires_at).then(|| h.caller.clone())
    }

    /// Remembers a session just checked against the database.
    pub fn keep(&self, caller: &CurrentUser, expires_at: DateTime<Utc>) {
        let mut held = self.lock();
        if held.len() >= MOST {
            held.retain(|_, h| h.checked.elapsed() < LIFE);
        }
        if held.len() >= MOST {
            held.clear();
        }
        let h = Held { caller: caller.clone(), checked: Instant::now(), expires_at };
        held.insert(caller.session_id.clone(), h);
    }

    /// Forgets every session of the user, and those they opened as someone else.
    pub fn forget_user(&self, user_id: i32) {
        self.lock()
            .retain(|_, h| h.caller.id() != user_id && h.caller.acting_user_id != Some(user_id));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Held>> {
        self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
