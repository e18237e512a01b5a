//! Where a post goes, and what it waits behind.

use crate::{ChannelId, UserId};

/// Where a post goes: a channel, or a user's DMs. A match's post also names the match's other channel
/// (the parent of its thread, or the thread it left): the post goes there when its channel is a thread that
/// was locked or deleted, and a post that may have been shown already is looked for in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostTo {
    Channel {
        channel: ChannelId,
        fallback: Option<ChannelId>,
    },
    Dm(UserId),
}

impl PostTo {
    /// A channel's posts, with no fallback.
    pub fn channel(channel: ChannelId) -> PostTo {
        PostTo::Channel {
            channel,
            fallback: None,
        }
    }

    /// The channel it goes to, if it goes to one.
    pub fn channel_id(self) -> Option<ChannelId> {
        match self {
            PostTo::Channel { channel, .. } => Some(channel),
            PostTo::Dm(_) => None,
        }
    }

    /// The user whose DMs it goes to, if it is a DM.
    pub fn dm_user(self) -> Option<UserId> {
        match self {
            PostTo::Dm(user) => Some(user),
            PostTo::Channel { .. } => None,
        }
    }

    /// The line this post waits in: the posts before it to the same channel, or to the same user's DMs,
    /// go out first.
    pub fn lane(self) -> Lane {
        match self {
            PostTo::Channel { channel, .. } => Lane(channel.0),
            PostTo::Dm(user) => Lane(user.0),
        }
    }
}

/// A line of posts that go out in order: a channel's, or a user's DMs (the channel's or the user's id; the
/// two never meet, as a platform gives no channel the id of a user).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lane(pub u64);

impl Lane {
    pub fn to_sql(self) -> i64 {
        self.0 as i64
    }
}
