//! Playing a match: `move`, `board`, `resign`, `draw`, and the end of a match by the clock (`takeback` has
//! a module of its own). Each change is
//! judged on a snapshot, then written in one transaction that names the version it judged: a change that lost
//! a race is refused as stale and changes nothing.

use super::context::MatchChange;
use super::error::{CoreError, InternalError};
use super::matches::{pick_match, MatchAfter};
use super::message::{Arg, CommandLine};
use super::outbox::{PostPlace, Via};
use super::vocabulary::actions::ActionId;
use super::vocabulary::{MatchRef, MatchRefusal, Place, PlayRefusal, Request};
use namnam_model::{MatchId, UserId};

use super::{text, Action, Core, Reply, Text};
use namnam_game::{House, Match, MatchError};
use namnam_store::{self as store, MatchRow, MatchState, StoreError};

impl Core {
    /// The legal houses, with their seeds and in house order, of `user`'s active match in `place`'s channel
    /// (match `number` when given), for a front end's autocomplete. Empty (not an error) unless `user` is
    /// the player to move there and it is not the computer's turn: a hint must never refuse anything. Reads
    /// only.
    pub async fn legal_houses(
        &self,
        place: &Place,
        user: UserId,
        number: Option<MatchId>,
    ) -> Result<Vec<(House, u8)>, CoreError> {
        let rows = store::active_matches_in_channel(self.store.reader(), *place).await?;
        let row = match number {
            Some(id) => rows.into_iter().find(|row| row.id == id),
            None => pick_match(rows, user).ok().flatten(),
        };
        let Some(row) = row else {
            return Ok(Vec::new());
        };
        let Some(to_move) = row.game.to_move() else {
            return Ok(Vec::new());
        };
        if row.players.get(to_move) != user || row.computer.is_some_and(|c| c.side == to_move) {
            return Ok(Vec::new());
        }
        let position = row.game.position();
        let mut houses: Vec<(House, u8)> = position
            .legal_moves()
            .iter()
            .map(|h| (h, position.seeds(h)))
            .collect();
        houses.sort_unstable_by_key(|&(h, _)| h);
        Ok(houses)
    }

    /// `user`'s live matches in `place`'s channel, each with a label for a front end's autocomplete
    /// ("#12 against bob, your turn"); everyone's when `user` plays in none there. Reads only.
    pub async fn matches_here(
        &self,
        place: &Place,
        user: UserId,
    ) -> Result<Vec<(MatchId, Text)>, CoreError> {
        let rows = store::active_matches_in_channel(self.store.reader(), *place).await?;
        let mine: Vec<&MatchRow> = rows.iter().filter(|r| r.side_of(user).is_some()).collect();
        let listed = match mine.is_empty() {
            true => rows.iter().collect(),
            false => mine,
        };
        Ok(listed
            .into_iter()
            .map(|row| {
                let label = match row.side_of(user) {
                    Some(side) => {
                        let turn = match row.game.to_move() {
                            Some(p) if p == side => Text::message("matches-turn-yours", []),
                            Some(p) => Text::message(
                                "matches-turn-theirs",
                                [("player", Arg::player(row.names.get(p)))],
                            ),
                            None => Text::message("matches-over", []),
                        };
                        Text::message(
                            "match-choice",
                            [
                                ("id", Arg::number(row.id)),
                                ("opponent", Arg::player(row.names.get(side.other()))),
                                ("turn", Arg::Text(turn)),
                            ],
                        )
                    }
                    None => Text::message(
                        "match-pair",
                        [
                            ("id", Arg::number(row.id)),
                            ("south", Arg::player(&row.names.south)),
                            ("north", Arg::player(&row.names.north)),
                        ],
                    ),
                };
                (row.id, label)
            })
            .collect())
    }

    pub(super) async fn play_move(
        &self,
        req: &Request,
        house: House,
        which: MatchRef,
    ) -> Result<Reply, CoreError> {
        let (row, side) = self.callers_match(req, which).await?;
        let now = self.now();
        if row.deadline().is_some_and(|d| d <= now) && !self.paused(row.place, now) {
            // The sweeper has not got there yet, but the time is up all the same.
            return self
                .time_out(row, Via::Answer)
                .await?
                .ok_or_else(|| MatchRefusal::Stale.into());
        }
        let to_move = row.game.to_move().ok_or_else(|| {
            InternalError::Inconsistent(format!("active match {} is over", row.id))
        })?;
        if row.computer.is_some_and(|c| c.side == to_move) {
            return Err(PlayRefusal::ComputerThinking(row.names.get(to_move).to_owned()).into());
        }
        if side != to_move {
            return Err(PlayRefusal::NotYourTurn(row.names.get(to_move).to_owned()).into());
        }
        self.commit_move(row, house, now, Via::Answer)
            .await?
            .ok_or_else(|| MatchRefusal::Stale.into())
    }

    /// Plays `house` for the player to move in `row` and stores it in one transaction that names the version
    /// it judged, with its public reply in the outbox; `None` when the match changed meanwhile. A match
    /// against the computer is never rated.
    pub(super) async fn commit_move(
        &self,
        row: MatchRow,
        house: House,
        now: i64,
        via: Via,
    ) -> Result<Option<Reply>, CoreError> {
        let mut game = row.game.clone();
        let played = game.play(house).map_err(|e| match e {
            MatchError::Illegal(why) => {
                let mover = row.game.position().to_move();
                let owner = match why {
                    namnam_game::IllegalMove::MustFeed => row.names.get(mover.other()),
                    _ => row.names.get(row.game.position().owner(house)),
                };
                CoreError::from(PlayRefusal::Illegal {
                    house,
                    why,
                    owner: owner.to_owned(),
                })
            }
            MatchError::MatchOver => MatchRefusal::NoMatch.into(),
        })?;
        let rated = super::matches::rates(&row);
        let clock_ms = i64::from(row.clock_secs) * 1000;
        let (deadline, remind_at) = match game.is_over() {
            true => (None, None),
            false => (Some(now + clock_ms), Some(now + clock_ms - clock_ms / 4)),
        };
        let mut tx = self.store.begin().await?;
        let stored = store::StoredMove {
            match_id: row.id,
            read_version: row.version,
            ply: row.moves_played + 1,
            played: &played,
            game_after: &game,
            deadline_before: row.deadline(),
            deadline,
            remind_at,
            rated,
            now_ms: now,
        };
        let Some(after) = store::record_move(&mut tx, &stored).await? else {
            return Ok(None);
        };
        let mover = row.game.position().to_move();
        if row.computer.map_or(true, |c| c.side != mover) {
            self.acted(&mut tx, row.id, row.players.get(mover)).await?;
        }
        let mut headline = text::describe_move(&played.record, &after.names);
        // A move ends a draw offer and a takeback request (the store cleared them): said here, once.
        if let Some(offerer) = row.draw_offer {
            headline = headline.words(" ").then_message(
                "draw-offer-lapsed",
                [("player", Arg::player(after.names.get(offerer)))],
            );
        }
        if let Some(asker) = row.takeback_request {
            headline = headline.words(" ").then_message(
                "takeback-request-lapsed",
                [("player", Arg::player(after.names.get(asker)))],
            );
        }
        let change = MatchChange {
            row: &after,
            played: Some(&played),
            rated_at: rated.then_some(now),
        };
        self.commit_match_reply(tx, change, headline, via)
            .await
            .map(Some)
    }

    pub(super) async fn board(
        &self,
        req: &Request,
        number: Option<MatchId>,
    ) -> Result<Reply, CoreError> {
        let row = self.shown_match(req, number).await?;
        let headline = Text::message(
            match row.state {
                MatchState::Aborted => "board-headline-aborted",
                _ => "board-headline",
            },
            [
                ("id", Arg::number(row.id)),
                ("round", Arg::number(row.game.round())),
                ("south", Arg::player(&row.names.south)),
                ("north", Arg::player(&row.names.north)),
            ],
        );
        let mut reply = self
            .match_reply(MatchAfter::as_it_stands(&row), headline)
            .await?;
        // Showing the board changes nothing for the player to move: pinging them for it would let anyone
        // ping them as often as they like.
        reply.ping(Vec::new());
        Ok(reply)
    }

    pub(super) async fn resign(
        &self,
        req: &Request,
        confirmed: bool,
        which: MatchRef,
    ) -> Result<Reply, CoreError> {
        let (row, side) = self.callers_match(req, which).await?;
        if !confirmed {
            let mut reply = Reply::private(Text::message(
                "resign-confirm",
                [
                    ("id", Arg::number(row.id)),
                    ("opponent", Arg::player(row.names.get(side.other()))),
                    (
                        "command",
                        Arg::command_line(CommandLine::new("resign").with("confirm", "yes")),
                    ),
                ],
            ));
            reply.buttons.actions = vec![Action::new(
                ActionId::ResignConfirmed { match_id: row.id },
                Text::message("button-resign-confirm", []),
            )];
            return Ok(reply);
        }
        let mut game = row.game.clone();
        game.resign(side).map_err(|_| MatchRefusal::NoMatch)?;
        let headline = Text::message(
            "match-resigns",
            [("player", Arg::player(row.names.get(side)))],
        );
        self.finish(row, game, headline, Via::Answer)
            .await?
            .ok_or_else(|| MatchRefusal::Stale.into())
    }

    pub(super) async fn draw(&self, req: &Request, which: MatchRef) -> Result<Reply, CoreError> {
        let (row, side) = self.callers_match(req, which).await?;
        let opponent = row.names.get(side.other()).to_owned();
        if row.computer.is_some() {
            return Err(PlayRefusal::ComputerNoDraw(opponent).into());
        }
        match row.draw_offer {
            Some(offerer) if offerer == side => {
                Err(PlayRefusal::DrawAlreadyOffered(opponent).into())
            }
            Some(_) => {
                let mut game = row.game.clone();
                game.agree_draw().map_err(|_| MatchRefusal::NoMatch)?;
                let headline = Text::message(
                    "draw-accepted",
                    [
                        ("player", Arg::player(row.names.get(side))),
                        ("offerer", Arg::player(&opponent)),
                    ],
                );
                self.finish(row, game, headline, Via::Answer)
                    .await?
                    .ok_or_else(|| MatchRefusal::Stale.into())
            }
            None => {
                let mut tx = self.store.begin().await?;
                if !store::set_draw_offer(&mut tx, row.id, row.version, Some(side), self.now())
                    .await?
                {
                    return Err(MatchRefusal::Stale.into());
                }
                self.acted(&mut tx, row.id, req.user.id).await?;
                let mut reply = Reply::public(Text::message(
                    "draw-offered",
                    [
                        ("player", Arg::player(row.names.get(side))),
                        ("opponent", Arg::player(&opponent)),
                        ("command", Arg::command("draw")),
                    ],
                ));
                reply.buttons.actions = vec![Action::new(
                    ActionId::Draw { match_id: row.id },
                    Text::message("button-accept-draw", []),
                )];
                reply.ping(vec![row.players.get(side.other())]);
                self.store_post(&mut tx, PostPlace::of_match(&row), &mut reply, Via::Answer)
                    .await?;
                tx.commit().await.map_err(StoreError::from)?;
                Ok(reply)
            }
        }
    }

    /// Ends the match because the player to move ran out of time; `None` if it changed meanwhile.
    pub(super) async fn time_out(
        &self,
        row: MatchRow,
        via: Via,
    ) -> Result<Option<Reply>, CoreError> {
        let Some(loser) = row.game.to_move() else {
            return Ok(None);
        };
        let mut game = row.game.clone();
        game.time_out(loser).map_err(|_| MatchRefusal::NoMatch)?;
        let headline = Text::message(
            "match-time-out",
            [("player", Arg::player(row.names.get(loser)))],
        );
        self.finish(row, game, headline, via).await
    }

    /// Stores a match that ended without a move (`game` holds the result) and rates it in the same
    /// transaction; `None` when the match changed since `row` was read. A match ended before its first move
    /// is unrated.
    pub(super) async fn finish(
        &self,
        row: MatchRow,
        game: Match,
        headline: Text,
        via: Via,
    ) -> Result<Option<Reply>, CoreError> {
        let tx = self.store.begin().await?;
        self.finish_with(tx, row, game, headline, via).await
    }

    /// [`Core::finish`] within `tx` (which may hold more of the same change).
    pub(super) async fn finish_with(
        &self,
        mut tx: store::WriteTx,
        row: MatchRow,
        game: Match,
        headline: Text,
        via: Via,
    ) -> Result<Option<Reply>, CoreError> {
        game.result().ok_or_else(|| {
            InternalError::Inconsistent("finishing a match without a result".into())
        })?;
        let rated = row.moves_played > 0 && super::matches::rates(&row);
        let now = self.now();
        let Some(after) =
            store::finish_match(&mut tx, row.id, row.version, &game, rated, now).await?
        else {
            return Ok(None);
        };
        let change = MatchChange {
            row: &after,
            played: None,
            rated_at: rated.then_some(now),
        };
        self.commit_match_reply(tx, change, headline, via)
            .await
            .map(Some)
    }
}
