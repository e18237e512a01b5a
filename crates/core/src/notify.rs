//! Turn notifications by DM (`notify on|off`): when it becomes a player's turn and they asked for it, a DM
//! names the opponent, links the match's channel and gives the deadline — unless they acted in the match a
//! few minutes ago, and so are at the board. The DM is stored in the outbox with the change that made it
//! their turn. A player whose DMs refuse the bot has their notifications turned off by the poster
//! ([`Core::dm_refused`]) and is told privately the next time they use a command.

use super::context::{HookFuture, MatchChange, MatchHook};
use super::error::CoreError;
use super::message::Arg;
use super::outbox::PostPlace;
use super::reply::DirectMessage;
use super::reply::Notice;
use super::vocabulary::Request;
use super::{Core, Reply, Text, Via};
use namnam_model::{MatchId, PostId, UserId};
use namnam_store::{self as store, MatchRow, MatchState, PostOutcome, StoreError, WriteTx};

/// A player who acted in a match this recently is taken to be at the board: no DM.
pub const AT_THE_BOARD_MS: i64 = 5 * 60 * 1000;

impl Core {
    /// `notify on`, `notify off`, or (`None`) what it is now.
    pub(super) async fn notify(&self, req: &Request, on: Option<bool>) -> Result<Reply, CoreError> {
        let user = &req.user;
        let on = match on {
            Some(on) => {
                let now = self.now();
                let mut tx = self.store.begin().await?;
                user.note_in(&mut tx, req, now).await?;
                store::set_turn_notifications(&mut tx, user.id, on, now).await?;
                tx.commit().await.map_err(StoreError::from)?;
                on
            }
            None => store::turn_notifications_on(self.store.reader(), user.id).await?,
        };
        let text = match on {
            true => Text::message("notify-on", [("off", Arg::subcommand("notify", "off"))]),
            false => Text::message("notify-off", [("on", Arg::subcommand("notify", "on"))]),
        };
        Ok(Reply::private(text))
    }

    /// The DM that tells the player to move in `row` that it is their turn, if they want one and are not at
    /// the board: stored in the outbox within `tx` (a front end with one), else put in `reply.direct`.
    pub(super) async fn turn_dm(
        &self,
        tx: &mut WriteTx,
        row: &MatchRow,
        reply: &mut Reply,
    ) -> Result<(), CoreError> {
        let Some(to_move) = row.game.to_move() else {
            return Ok(());
        };
        let (Some(deadline), MatchState::Active { .. }) = (row.deadline(), row.state) else {
            return Ok(());
        };
        if row.computer.is_some_and(|c| c.side == to_move) {
            return Ok(());
        }
        let player = row.players.get(to_move);
        if !store::turn_notifications_on(&mut **tx, player).await? {
            return Ok(());
        }
        let now = self.now();
        let acted = store::acted_at(&mut **tx, row.id, player).await?;
        if acted.is_some_and(|at| now - at < AT_THE_BOARD_MS) {
            return Ok(());
        }
        let text = Text::message(
            "notify-turn",
            [
                ("id", Arg::number(row.id)),
                ("opponent", Arg::player(row.names.get(to_move.other()))),
                (
                    "channel",
                    Arg::Text(Text::new().jump(
                        row.place.server().map(|s| s.0),
                        row.place.channel().0,
                        Some(&row.channel_name),
                    )),
                ),
                ("deadline", Arg::time(deadline)),
                ("off", Arg::subcommand("notify", "off")),
            ],
        );
        if !self.config.outbox {
            reply.follows.direct.push(DirectMessage {
                user: player,
                name: row.names.get(to_move).to_owned(),
                text,
            });
            return Ok(());
        }
        let mut dm = Reply::public(text);
        self.store_post(tx, PostPlace::dm(row.place, player), &mut dm, Via::Poster)
            .await
    }

    /// The player acted in the match now (they are at the board).
    pub(super) async fn acted(
        &self,
        tx: &mut WriteTx,
        match_id: MatchId,
        player: UserId,
    ) -> Result<(), CoreError> {
        store::mark_acted(tx, match_id, player, self.now()).await?;
        Ok(())
    }

    /// The platform refused DM post `post` to `user` because they take no DMs from the bot: the post is
    /// dropped and their notifications are turned off, in one transaction; they are told next time.
    pub async fn dm_refused(&self, post: PostId, user: UserId) -> Result<(), CoreError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let reason = "the player takes no DMs from the bot".to_owned();
        store::finish_post(&mut tx, post, &PostOutcome::Dropped { reason }, now).await?;
        store::refuse_turn_notifications(&mut tx, user, now).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(())
    }

    /// The word that tells the one who asked, once, that their DMs refused a turn notification and so they
    /// are off (marked told as it is taken). Never fails the request: the request is still answered.
    pub(super) async fn refusal_word(&self, req: &Request) -> Option<Text> {
        match self.take_refusal(req).await {
            Ok(told) => told.then(|| {
                Text::message("notify-refused", [("on", Arg::subcommand("notify", "on"))])
            }),
            Err(e) => {
                tracing::error!(error = %super::cause_chain(&e), "could not tell of a refused DM");
                None
            }
        }
    }

    async fn take_refusal(&self, req: &Request) -> Result<bool, CoreError> {
        if !store::refusal_untold(self.store.reader(), req.user.id).await? {
            return Ok(false);
        }
        let mut tx = self.store.begin().await?;
        let told = store::tell_refusal(&mut tx, req.user.id).await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(told)
    }
}

/// Turn DMs follow every change to a match: the player whose turn it now is may be sent one.
pub(super) struct TurnDmHook;

impl MatchHook for TurnDmHook {
    fn after_reply<'a>(
        &'a self,
        core: &'a Core,
        tx: &'a mut WriteTx,
        change: &'a MatchChange<'a>,
        reply: &'a mut Reply,
        _also: &'a mut Vec<Notice>,
    ) -> HookFuture<'a> {
        Box::pin(core.turn_dm(tx, change.row, reply))
    }
}
