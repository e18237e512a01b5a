//! What the pages share: the read-only store, a core on it, the picture cache.

use namnam_core::Core;
use namnam_store::Store;

/// What the handlers share.
pub(crate) struct App {
    pub(crate) store: Store,
    /// The core on the read-only store, for the words and views it already makes (a replay's lines, a
    /// tournament's standings); nothing here calls anything of it that writes.
    pub(crate) core: Core,
    pub(crate) cache: super::cache::PictureCache,
}
