//! The languages a process noted last, by player and by server, so that a request writes one only when it
//! changed (see [`super::languages`]).

use namnam_model::{ServerId, UserId};
use std::collections::HashMap;
use std::sync::Mutex;

use super::message::Language;

/// How many people and servers a process remembers before it starts afresh (a few megabytes at most).
const REMEMBERED: usize = 100_000;

/// What this process noted last, by player and by server.
#[derive(Default)]
pub(crate) struct Noted {
    pub(crate) players: Mutex<HashMap<UserId, Language>>,
    pub(crate) servers: Mutex<HashMap<ServerId, Language>>,
}

impl Noted {
    pub(crate) fn is_known<K: std::hash::Hash + Eq>(
        map: &Mutex<HashMap<K, Language>>,
        id: K,
        language: Language,
    ) -> bool {
        let map = map.lock().unwrap_or_else(|e| e.into_inner());
        map.get(&id) == Some(&language)
    }

    pub(crate) fn remember<K: std::hash::Hash + Eq>(
        map: &Mutex<HashMap<K, Language>>,
        id: K,
        language: Language,
    ) {
        let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= REMEMBERED {
            map.clear();
        }
        map.insert(id, language);
    }
}
