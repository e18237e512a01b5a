//! What a test does to the fake's gateway: op 7 Reconnect, op 9 Invalid Session, dropped sockets, an
//! outage of the whole gateway, an unavailable guild (the gateway itself is `gateway`).

use serde_json::{json, Value};

use crate::gateway::{guild_create, guild_unavailable, resume, Reply};
use crate::world::{FakeDiscord, Out};

/// The gateway's faults, as a test injects them, and waiting for the bot to come back.
impl FakeDiscord {
    /// Discord asks the bot to reconnect (op 7), as before a gateway restart. The connection carries
    /// nothing more (dispatches wait in the session for the resume). Discord closes it soon after;
    /// serenity does not wait for that (it opens a new connection at once and drops the old one), so
    /// the fake leaves the closing to the bot.
    pub fn request_reconnect(&self) {
        self.detach_with(json!({"op": 7, "d": null}), false);
    }

    /// Discord invalidates the session (op 9, `d: resumable`). Not resumable: the fake forgets the
    /// session, a RESUME is refused, and the bot must identify. Either way the connection carries
    /// nothing more and is left for the bot to close.
    pub fn invalidate_session(&self, resumable: bool) {
        self.detach_with(json!({"op": 9, "d": resumable}), !resumable);
    }

    /// Sends `payload` on each session's connection and takes the session off it; `forget`: the sessions
    /// end too. All under one lock: the bot may answer at once, and its new session must not be forgotten.
    fn detach_with(&self, payload: Value, forget: bool) {
        let mut state = self.state();
        assert!(state.online(), "the bot is online");
        let sockets: Vec<u64> = state
            .sessions
            .values_mut()
            .filter_map(|session| session.socket.take())
            .collect();
        if forget {
            state.sessions.clear();
        }
        for socket in sockets {
            state.send(socket, Out::Text(payload.to_string()));
        }
        drop(state);
        self.shared.changed.notify_waiters();
    }

    /// The network stops carrying the gateway's dispatches, unnoticed by the bot (until
    /// [`Self::drop_gateway`]): what is dispatched meanwhile waits in the session for a resume.
    pub fn stall_gateway(&self) {
        for session in self.state().sessions.values_mut() {
            session.socket = None;
        }
    }

    /// The network drops the gateway's TCP connections (no close frame); the session stays
    /// resumable, and what is dispatched meanwhile waits in it.
    pub fn drop_gateway(&self) {
        self.state().drop_sockets();
        self.shared.changed.notify_waiters();
    }

    /// Discord's gateway goes down: the open connection is dropped, new ones are refused with 503
    /// until [`Self::end_outage`], and no interaction can be dispatched. The session expires, as after
    /// a long outage: the bot must identify again (serenity does anyway: after a failed connect it
    /// starts a new shard, which identifies). REST stays up.
    pub fn begin_outage(&self) {
        let mut state = self.state();
        state.outage = true;
        state.sessions.clear();
        state.drop_sockets();
        drop(state);
        self.shared.changed.notify_waiters();
    }

    /// [`Self::begin_outage`], and every REST request is answered 503 too, until [`Self::end_outage`].
    pub fn begin_outage_with_rest(&self) {
        self.state().rest_outage = true;
        self.begin_outage();
    }

    /// Discord is back: connections are accepted, REST answers again.
    pub fn end_outage(&self) {
        let mut state = self.state();
        state.outage = false;
        state.rest_outage = false;
    }

    /// The guild goes down (a Discord outage of its servers): GUILD_DELETE with `unavailable: true`, on
    /// the shard's session (lost if it has none, or one the bot never resumes). No interaction comes from
    /// it until [`Self::guild_available`], and a READY meanwhile is followed by the same GUILD_DELETE
    /// rather than its GUILD_CREATE, as on Discord.
    pub fn guild_unavailable(&self) {
        let mut state = self.state();
        state.guild_unavailable = true;
        guild_unavailable(&mut state, self.shared.guild_id);
    }

    /// The guild is back: GUILD_CREATE with the whole guild, as after READY.
    pub fn guild_available(&self) {
        let mut state = self.state();
        state.guild_unavailable = false;
        guild_create(&self.shared, &mut state, self.shared.guild_id);
    }

    /// From now on a RESUME waits unanswered (the connection stays open, heartbeats are acknowledged)
    /// until [`Self::release_resumes`]: a bot that lost its connection stays offline meanwhile.
    pub fn hold_resumes(&self) {
        self.state().resumes_held = true;
    }

    /// Answers the RESUMEs held by [`Self::hold_resumes`], in order, and answers the next ones at once.
    pub fn release_resumes(&self) {
        let held = {
            let mut state = self.state();
            state.resumes_held = false;
            std::mem::take(&mut state.held_resumes)
        };
        for (socket, data) in held {
            match resume(&self.shared, socket, &data) {
                Reply::Frame(frame) => self.state().send(socket, Out::Text(frame)),
                Reply::Close(..) => self.state().send(socket, Out::Drop),
                Reply::Nothing => {}
            }
        }
        self.shared.changed.notify_waiters();
    }

    /// Waits until the bot is online after at least `n` identifies in all.
    pub async fn wait_identified(&self, n: usize) {
        self.wait_for(&format!("identify number {n} and the bot online"), |s| {
            (s.identifies >= n && s.online()).then_some(())
        })
        .await;
    }

    /// Waits until the bot is online after at least `n` accepted resumes in all.
    pub async fn wait_resumed(&self, n: usize) {
        self.wait_for(&format!("resume number {n} and the bot online"), |s| {
            (s.resumes >= n && s.online()).then_some(())
        })
        .await;
    }

    /// Waits until no connection carries a session of the bot.
    pub async fn wait_offline(&self) {
        self.wait_for("the bot to go offline", |s| {
            s.sessions
                .values()
                .all(|session| session.socket.is_none())
                .then_some(())
        })
        .await;
    }

    /// Waits until a connection carries shard `shard`'s session.
    pub async fn wait_shard_online(&self, shard: u32) {
        self.wait_for(&format!("shard {shard} online"), |s| {
            s.shard_online(shard).then_some(())
        })
        .await;
    }
}
