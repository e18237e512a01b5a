//! What the pages share: a core on the read-only store, the picture cache.

use namnam_core::Core;

/// What the handlers share.
pub(crate) struct App {
    /// The core on the read-only store: every page reads through its read models (a server's site, its
    /// standings, a player, a match, a tournament) and takes its words and views; nothing here calls
    /// anything of it that writes.
    pub(crate) core: Core,
    pub(crate) cache: super::cache::PictureCache,
}
