//! Where a match or a challenge is played, and so what the bot may do there: a server's channel where the
//! bot is a member posts by itself; where only a player installed the app (a server without the bot, a
//! DM between players, a group DM), the bot can only answer the interactions people make.

use crate::{ChannelId, ServerId};
use std::fmt;

/// A channel, as the kind of place it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A channel (or thread) of a server the bot is a member of.
    ServerChannel {
        server: ServerId,
        channel: ChannelId,
    },
    /// A channel of a server the bot is not a member of: a player there installed the app for themselves.
    GuestChannel {
        server: ServerId,
        channel: ChannelId,
    },
    /// The bot's DM channel with a player.
    BotDm { channel: ChannelId },
    /// A DM between players, or a group DM.
    PrivateChannel { channel: ChannelId },
}

/// The kinds of place, as they are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlaceKind {
    ServerChannel,
    GuestChannel,
    BotDm,
    PrivateChannel,
}

/// What the bot may do in a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Post by itself (the poster), besides answering.
    Posts,
    /// Only answer an interaction there, while its token lives.
    AnswersOnly,
}

/// A stored place that cannot be: a server's kind without its server, or the other way round.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a place of kind {kind} {with} a server")]
pub struct BadPlace {
    kind: &'static str,
    with: &'static str,
}

impl PlaceKind {
    pub const ALL: [PlaceKind; 4] = [
        PlaceKind::ServerChannel,
        PlaceKind::GuestChannel,
        PlaceKind::BotDm,
        PlaceKind::PrivateChannel,
    ];

    /// The kind's name as stored (`server`, `guest`, `bot-dm`, `private`).
    pub fn name(self) -> &'static str {
        match self {
            PlaceKind::ServerChannel => "server",
            PlaceKind::GuestChannel => "guest",
            PlaceKind::BotDm => "bot-dm",
            PlaceKind::PrivateChannel => "private",
        }
    }

    pub fn of_name(name: &str) -> Option<PlaceKind> {
        PlaceKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether a place of this kind belongs to a server.
    pub fn in_server(self) -> bool {
        matches!(self, PlaceKind::ServerChannel | PlaceKind::GuestChannel)
    }
}

impl fmt::Display for PlaceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Place {
    /// A place from its stored parts: the server is there exactly when the kind is a server's.
    pub fn of_parts(
        kind: PlaceKind,
        server: Option<ServerId>,
        channel: ChannelId,
    ) -> Result<Place, BadPlace> {
        match (kind, server) {
            (PlaceKind::ServerChannel, Some(server)) => {
                Ok(Place::ServerChannel { server, channel })
            }
            (PlaceKind::GuestChannel, Some(server)) => Ok(Place::GuestChannel { server, channel }),
            (PlaceKind::BotDm, None) => Ok(Place::BotDm { channel }),
            (PlaceKind::PrivateChannel, None) => Ok(Place::PrivateChannel { channel }),
            (kind, server) => Err(BadPlace {
                kind: kind.name(),
                with: match server {
                    Some(_) => "with",
                    None => "without",
                },
            }),
        }
    }

    pub fn kind(self) -> PlaceKind {
        match self {
            Place::ServerChannel { .. } => PlaceKind::ServerChannel,
            Place::GuestChannel { .. } => PlaceKind::GuestChannel,
            Place::BotDm { .. } => PlaceKind::BotDm,
            Place::PrivateChannel { .. } => PlaceKind::PrivateChannel,
        }
    }

    pub fn channel(self) -> ChannelId {
        match self {
            Place::ServerChannel { channel, .. }
            | Place::GuestChannel { channel, .. }
            | Place::BotDm { channel }
            | Place::PrivateChannel { channel } => channel,
        }
    }

    /// The server it belongs to, if it is a server's channel.
    pub fn server(self) -> Option<ServerId> {
        match self {
            Place::ServerChannel { server, .. } | Place::GuestChannel { server, .. } => {
                Some(server)
            }
            Place::BotDm { .. } | Place::PrivateChannel { .. } => None,
        }
    }

    /// What the bot may do there: post by itself where it is a member (a server's channel, its own DMs),
    /// else only answer.
    pub fn reach(self) -> Reach {
        match self {
            Place::ServerChannel { .. } | Place::BotDm { .. } => Reach::Posts,
            Place::GuestChannel { .. } | Place::PrivateChannel { .. } => Reach::AnswersOnly,
        }
    }

    /// Whether a match played here is shown to someone asking from `asked_from`: the one rule of who may see
    /// a match — its board, history, record, replay, analysis and pictures — and act on it by its number or
    /// a button.
    ///
    /// A match in a channel of a server that invited the bot belongs to that server: anyone asking from
    /// the same server sees it. Any other place is private to whoever is there: the match is shown only to
    /// its players (`asker_plays`, wherever they ask from) and to whoever asks from its own channel, or the
    /// channel its thread belongs to (`parent`). Everyone else must learn nothing, not even that the
    /// match exists: the caller answers as for a number that was never given.
    pub fn shows_match(
        self,
        parent: Option<ChannelId>,
        asker_plays: bool,
        asked_from: Place,
    ) -> bool {
        match self {
            Place::ServerChannel { server, .. } => asked_from.server() == Some(server),
            // Not `server() == server()`: every DM and group DM has no server, and `None == None`
            // would show each private match to every other DM.
            Place::GuestChannel { .. } | Place::BotDm { .. } | Place::PrivateChannel { .. } => {
                let here = asked_from.channel();
                asker_plays || here == self.channel() || Some(here) == parent
            }
        }
    }

    /// The same kind of place, in another channel (a match moved into a thread).
    pub fn with_channel(self, channel: ChannelId) -> Place {
        match self {
            Place::ServerChannel { server, .. } => Place::ServerChannel { server, channel },
            Place::GuestChannel { server, .. } => Place::GuestChannel { server, channel },
            Place::BotDm { .. } => Place::BotDm { channel },
            Place::PrivateChannel { .. } => Place::PrivateChannel { channel },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_its_stored_parts_and_nothing_else() {
        let (server, channel) = (ServerId(7), ChannelId(9));
        for kind in PlaceKind::ALL {
            assert_eq!(PlaceKind::of_name(kind.name()), Some(kind));
            let with = kind.in_server().then_some(server);
            let place = Place::of_parts(kind, with, channel).unwrap();
            assert_eq!(
                (place.kind(), place.server(), place.channel()),
                (kind, with, channel)
            );
            let without = (!kind.in_server()).then_some(server);
            assert!(Place::of_parts(kind, without, channel).is_err(), "{kind}");
        }
        assert_eq!(PlaceKind::of_name("guild"), None);
    }

    #[test]
    fn a_private_match_is_shown_to_its_players_and_its_channel_only() {
        let (server, other_server) = (ServerId(7), ServerId(8));
        let (thread, parent, elsewhere) = (ChannelId(9), ChannelId(10), ChannelId(11));
        let askers = [
            Place::ServerChannel {
                server,
                channel: elsewhere,
            },
            Place::GuestChannel {
                server,
                channel: elsewhere,
            },
            Place::ServerChannel {
                server: other_server,
                channel: elsewhere,
            },
            Place::BotDm { channel: elsewhere },
            Place::PrivateChannel { channel: elsewhere },
        ];
        // A server's match: its whole server, players or not (a guest's place of the same server too: the
        // bot was there), and nobody outside it.
        let public = Place::ServerChannel {
            server,
            channel: thread,
        };
        let seen: Vec<bool> = askers
            .iter()
            .map(|&a| public.shows_match(None, false, a))
            .collect();
        assert_eq!(seen, [true, true, false, false, false]);
        for private in [
            Place::GuestChannel {
                server,
                channel: thread,
            },
            Place::BotDm { channel: thread },
            Place::PrivateChannel { channel: thread },
        ] {
            for asker in askers {
                // A stranger elsewhere, even in the same guest server, sees nothing; a player anywhere does.
                assert!(
                    !private.shows_match(Some(parent), false, asker),
                    "{private:?} {asker:?}"
                );
                assert!(
                    private.shows_match(Some(parent), true, asker),
                    "{private:?} {asker:?}"
                );
            }
            for here in [thread, parent] {
                let asker = private.with_channel(here);
                assert!(
                    private.shows_match(Some(parent), false, asker),
                    "{private:?} {here:?}"
                );
            }
        }
    }

    #[test]
    fn the_bot_posts_by_itself_only_where_it_is_a_member() {
        let (server, channel) = (ServerId(7), ChannelId(9));
        let posts: Vec<bool> = [
            Place::ServerChannel { server, channel },
            Place::GuestChannel { server, channel },
            Place::BotDm { channel },
            Place::PrivateChannel { channel },
        ]
        .iter()
        .map(|p| p.reach() == Reach::Posts)
        .collect();
        assert_eq!(posts, [true, false, true, false]);
    }
}
