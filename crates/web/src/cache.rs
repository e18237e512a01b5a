//! The pictures drawn for pages, kept in memory up to a number of bytes, the least recently used going
//! first. A finished match's pictures never change, so they are drawn once; a live board is keyed by the
//! match's turn, so that a new move is a new key. Every key names the language its words are drawn in.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

/// A picture as served: its bytes and its description (the image's alt text).
#[derive(Clone, Debug)]
pub struct Cached {
    pub bytes: Arc<[u8]>,
    pub description: Arc<str>,
}

/// Pictures by key, bounded in bytes.
#[derive(Debug)]
pub struct PictureCache {
    limit: usize,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    bytes: usize,
    tick: u64,
    /// Each key's picture and when it was last used.
    entries: HashMap<String, (Cached, u64)>,
    /// Keys by last use, oldest first.
    order: BTreeMap<u64, String>,
}

impl PictureCache {
    pub fn new(limit: usize) -> PictureCache {
        PictureCache {
            limit,
            inner: Mutex::default(),
        }
    }

    /// The picture under `key`, if kept.
    pub fn get(&self, key: &str) -> Option<Cached> {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.tick += 1;
        let tick = inner.tick;
        let (cached, used) = inner.entries.get_mut(key)?;
        let (cached, old) = (cached.clone(), std::mem::replace(used, tick));
        inner.order.remove(&old);
        inner.order.insert(tick, key.to_owned());
        Some(cached)
    }

    /// Keeps `picture` under `key`, dropping the least recently used until it fits. A picture larger than
    /// the whole cache is not kept.
    pub fn put(&self, key: String, picture: Cached) {
        let size = picture.bytes.len() + picture.description.len() + key.len();
        if size > self.limit {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.tick += 1;
        let tick = inner.tick;
        if let Some((old, used)) = inner.entries.remove(&key) {
            inner.order.remove(&used);
            inner.bytes -= old.bytes.len() + old.description.len() + key.len();
        }
        while inner.bytes + size > self.limit {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            if let Some((gone, _)) = inner.entries.remove(&oldest) {
                inner.bytes -= gone.bytes.len() + gone.description.len() + oldest.len();
            }
        }
        inner.bytes += size;
        inner.order.insert(tick, key.clone());
        inner.entries.insert(key, (picture, tick));
    }

    /// The bytes kept now.
    pub fn bytes(&self) -> usize {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(n: usize) -> Cached {
        Cached {
            bytes: vec![0; n].into(),
            description: "".into(),
        }
    }

    #[test]
    fn the_least_recently_used_go_first_and_the_bytes_stay_bounded() {
        let cache = PictureCache::new(300);
        cache.put("a".into(), picture(120));
        cache.put("b".into(), picture(120));
        assert!(
            cache.get("a").is_some(),
            "a is used again: b is now the oldest"
        );
        cache.put("c".into(), picture(120));
        assert!(cache.get("b").is_none());
        assert!(cache.get("a").is_some() && cache.get("c").is_some());
        assert!(cache.bytes() <= 300);
        cache.put("huge".into(), picture(1000));
        assert!(
            cache.get("huge").is_none(),
            "larger than the cache: not kept"
        );
        cache.put("a".into(), picture(10));
        assert_eq!(cache.bytes(), 10 + 1 + 120 + 1);
    }
}
