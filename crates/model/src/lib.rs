//! The shared vocabulary of every layer above the rules: typed ids (a server's, a channel's, a user's, a
//! match's …), the players' names, who moves first, a tournament's format, a match's terms and the place it is played in. The store reads and writes these,
//! the core and the front ends speak them; none of them needs the storage crate to name a player.

mod ids;
mod names;
mod places;
mod posts;
mod terms;

pub use ids::{
    ApplicationId, ChallengeId, ChannelId, CommandId, MatchId, MessageId, PostId, ServerId,
    StoredId, TournamentId, UserId,
};
pub use names::{FirstMover, Format, Names, PlayerKind};
pub use places::{BadPlace, Place, PlaceKind, Reach};
pub use posts::{Lane, PostTo};
pub use terms::{BadTerms, Terms};
