//! Playing a match: `move`, `board`, `resign`, `draw`, and the end of a match by the clock (`takeback` has
//! a module of its own). Each change is
//! judged on a snapshot, then written in one transaction that names the version it judged: a change that lost
//! a race is refused as stale and changes nothing.

use super::action::ActionId;
use super::error::{cause_chain, CoreError, InternalError, UserError};
use super::outbox::{PostPlace, Via};
use super::ratings::{rate_match, RatingChange};
use super::reply::ComputerTurn;
use super::request::{Expected, Place, Request};
use super::{text, Action, BoardState, Core, Reply, Scene, Text};
use crate::game::{ByPlayer, House, Match, MatchError, MatchMove, Player};
use crate::store::{self, MatchRow, MatchState, Snowflake, StoreError};

/// A match after a change, with what the change was.
pub(super) struct MatchAfter<'a> {
    pub row: &'a MatchRow,
    pub played: Option<&'a MatchMove>,
    pub ratings: Option<ByPlayer<RatingChange>>,
}

impl<'a> MatchAfter<'a> {
    /// A match shown as it stands: no move was just played, no rating changed.
    pub fn as_it_stands(row: &'a MatchRow) -> Self {
        MatchAfter {
            row,
            played: None,
            ratings: None,
        }
    }
}

/// Which match a command on a match means: the one its button was drawn for, the `match:N` typed, or else
/// the player's match in the request's channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct MatchRef {
    pub number: Option<i64>,
    pub expected: Option<Expected>,
}

impl MatchRef {
    pub fn of(number: Option<i64>, expected: Option<Expected>) -> MatchRef {
        MatchRef { number, expected }
    }
}

impl Core {
    /// The match a request acts on: the one its button names (which works wherever the board was posted:
    /// a thread's board may have gone to its parent channel), the one its `match:N` names, else the
    /// player's active match in its channel (see [`pick_match`]).
    pub(super) async fn active_match(
        &self,
        req: &Request,
        which: MatchRef,
    ) -> Result<MatchRow, CoreError> {
        let reader = self.store.reader();
        if let Some(e) = which.expected {
            let row = store::load_match(reader, e.match_id)
                .await?
                .filter(|row| row.server == req.place.server)
                .ok_or(UserError::NoMatch)?;
            if row.state != MatchState::Active {
                // A button of a match that has ended since it was drawn.
                return Err(UserError::Stale.into());
            }
            return Ok(row);
        }
        if let Some(id) = which.number {
            let row = self.numbered_match(req, id).await?;
            if row.state != MatchState::Active {
                return Err(UserError::MatchOver(id).into());
            }
            return Ok(row);
        }
        let rows =
            store::active_matches_in_channel(reader, req.place.server, req.place.channel).await?;
        pick_match(rows, req.user.id)?.ok_or_else(|| UserError::NoMatch.into())
    }

    /// The match `match:N` names, live or not, if it is played in the request's channel (or the channel
    /// its thread belongs to).
    pub(super) async fn numbered_match(
        &self,
        req: &Request,
        id: i64,
    ) -> Result<MatchRow, CoreError> {
        let row = store::load_match(self.store.reader(), id)
            .await?
            .filter(|row| row.server == req.place.server)
            .ok_or(UserError::NoSuchMatch(id))?;
        let here = req.place.channel;
        if row.channel != here && row.parent_channel != Some(here) {
            return Err(UserError::MatchElsewhere {
                id,
                channel: row.channel.0,
                channel_name: row.channel_name.clone(),
            }
            .into());
        }
        Ok(row)
    }

    /// The match a command that looks at a match shows: the one `match:N` names, else the player's live
    /// match in the channel, else the channel's newest match.
    pub(super) async fn shown_match(
        &self,
        req: &Request,
        number: Option<i64>,
    ) -> Result<MatchRow, CoreError> {
        if let Some(id) = number {
            return self.numbered_match(req, id).await;
        }
        let (server, channel) = (req.place.server, req.place.channel);
        let rows = store::active_matches_in_channel(self.store.reader(), server, channel).await?;
        match pick_match(rows, req.user.id)? {
            Some(row) => Ok(row),
            None => store::last_match_in_channel(self.store.reader(), server, channel)
                .await?
                .ok_or_else(|| UserError::NoMatch.into()),
        }
    }

    /// The legal houses, with their seeds and in house order, of `user`'s active match in `place`'s channel
    /// (match `number` when given), for a front end's autocomplete. Empty (not an error) unless `user` is
    /// the player to move there and it is not the computer's turn: a hint must never refuse anything. Reads
    /// only.
    pub async fn legal_houses(
        &self,
        place: &Place,
        user: Snowflake,
        number: Option<i64>,
    ) -> Result<Vec<(House, u8)>, CoreError> {
        let rows =
            store::active_matches_in_channel(self.store.reader(), place.server, place.channel)
                .await?;
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
        user: Snowflake,
    ) -> Result<Vec<(i64, String)>, CoreError> {
        let rows =
            store::active_matches_in_channel(self.store.reader(), place.server, place.channel)
                .await?;
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
                            Some(p) if p == side => "your turn".to_owned(),
                            Some(p) => format!("{}'s turn", row.names.get(p)),
                            None => "over".to_owned(),
                        };
                        format!(
                            "#{} against {}, {turn}",
                            row.id,
                            row.names.get(side.other())
                        )
                    }
                    None => format!("#{} {} vs {}", row.id, row.names.south, row.names.north),
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
        let row = self.active_match(req, which).await?;
        check_expected(&row, which.expected)?;
        let side = player_side(&row, req)?;
        let now = self.now();
        if row.deadline.is_some_and(|d| d <= now) && !self.paused(row.server, now) {
            // The sweeper has not got there yet, but the time is up all the same.
            return self
                .time_out(row, Via::Answer)
                .await?
                .ok_or_else(|| UserError::Stale.into());
        }
        let to_move = row.game.to_move().ok_or_else(|| {
            InternalError::Inconsistent(format!("active match {} is over", row.id))
        })?;
        if row.computer.is_some_and(|c| c.side == to_move) {
            return Err(UserError::ComputerThinking(row.names.get(to_move).to_owned()).into());
        }
        if side != to_move {
            return Err(UserError::NotYourTurn(row.names.get(to_move).to_owned()).into());
        }
        self.commit_move(row, house, now, Via::Answer)
            .await?
            .ok_or_else(|| UserError::Stale.into())
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
                    crate::game::IllegalMove::MustFeed => row.names.get(mover.other()),
                    _ => row.names.get(row.game.position().owner(house)),
                };
                CoreError::from(UserError::Illegal {
                    house,
                    why,
                    owner: owner.to_owned(),
                })
            }
            MatchError::MatchOver => UserError::NoMatch.into(),
        })?;
        let rated = row.computer.is_none();
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
            deadline_before: row.deadline,
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
        let ratings = match game.result() {
            Some(result) if rated => Some(
                rate_match(&mut tx, row.server, row.id, row.players, result.winner, now).await?,
            ),
            _ => None,
        };
        let headline = text::describe_move(&played.record, &after.names);
        let after = MatchAfter {
            row: &after,
            played: Some(&played),
            ratings,
        };
        self.commit_match_reply(tx, after, headline, via)
            .await
            .map(Some)
    }

    /// Finishes the reply that shows a match after a change: stores it in the outbox within `tx`, commits,
    /// then draws the pictures.
    pub(super) async fn commit_match_reply(
        &self,
        mut tx: store::WriteTx,
        after: MatchAfter<'_>,
        headline: Text,
        via: Via,
    ) -> Result<Reply, CoreError> {
        let mut reply = self.match_message(&after, headline)?;
        self.store_post(&mut tx, PostPlace::of_match(after.row), &mut reply, via)
            .await?;
        self.turn_dm(&mut tx, after.row, &mut reply).await?;
        // A tournament game: its result moves the tournament on, in the same transaction.
        let mut also = match after.row.state {
            MatchState::Active => Vec::new(),
            _ => self.tournament_match_over(&mut tx, after.row).await?,
        };
        tx.commit().await.map_err(StoreError::from)?;
        // Committed: from here on the reply goes out whatever happens, with its words if not its picture.
        if let Err(e) = self.draw_pictures(&mut reply).await {
            tracing::error!(error = %cause_chain(&e), "drawing a board failed");
        }
        if !self.config.outbox {
            self.draw_notices(&mut also).await;
            reply.also = also;
        }
        Ok(reply)
    }

    pub(super) async fn board(
        &self,
        req: &Request,
        number: Option<i64>,
    ) -> Result<Reply, CoreError> {
        let row = self.shown_match(req, number).await?;
        let mut headline = Text::from(format!("Match #{}, round {}: ", row.id, row.game.round()))
            .player(&row.names.south)
            .words(" (South) against ")
            .player(&row.names.north)
            .words(" (North).");
        if row.state == MatchState::Aborted {
            headline = headline.words(" It was stopped by an admin (unrated).");
        }
        self.match_reply(MatchAfter::as_it_stands(&row), headline)
            .await
    }

    pub(super) async fn resign(
        &self,
        req: &Request,
        confirmed: bool,
        which: MatchRef,
    ) -> Result<Reply, CoreError> {
        let row = self.active_match(req, which).await?;
        check_expected(&row, which.expected)?;
        let side = player_side(&row, req)?;
        if !confirmed {
            let mut reply = Reply::private(
                Text::from(format!("Resign match #{} against ", row.id))
                    .player(row.names.get(side.other()))
                    .words("? It cannot be undone. To confirm: ")
                    .command_with("resign", "confirm:yes")
                    .words("."),
            );
            reply.actions = vec![Action::new(
                ActionId::ResignConfirmed { match_id: row.id },
                "Yes, resign",
            )];
            return Ok(reply);
        }
        let mut game = row.game.clone();
        game.resign(side).map_err(|_| UserError::NoMatch)?;
        let headline = Text::new().player(row.names.get(side)).words(" resigns.");
        self.finish(row, game, headline, Via::Answer)
            .await?
            .ok_or_else(|| UserError::Stale.into())
    }

    pub(super) async fn draw(&self, req: &Request, which: MatchRef) -> Result<Reply, CoreError> {
        let row = self.active_match(req, which).await?;
        check_expected(&row, which.expected)?;
        let side = player_side(&row, req)?;
        let opponent = row.names.get(side.other()).to_owned();
        if row.computer.is_some() {
            return Err(UserError::ComputerNoDraw(opponent).into());
        }
        match row.draw_offer {
            Some(offerer) if offerer == side => Err(UserError::DrawAlreadyOffered(opponent).into()),
            Some(_) => {
                let mut game = row.game.clone();
                game.agree_draw().map_err(|_| UserError::NoMatch)?;
                let headline = Text::new()
                    .player(row.names.get(side))
                    .words(" accepts the draw offered by ")
                    .player(&opponent)
                    .words(".");
                self.finish(row, game, headline, Via::Answer)
                    .await?
                    .ok_or_else(|| UserError::Stale.into())
            }
            None => {
                let mut tx = self.store.begin().await?;
                if !store::set_draw_offer(&mut tx, row.id, row.version, Some(side), self.now())
                    .await?
                {
                    return Err(UserError::Stale.into());
                }
                self.acted(&mut tx, row.id, req.user.id).await?;
                let mut reply = Reply::public(
                    Text::new()
                        .player(row.names.get(side))
                        .words(" offers a draw. ")
                        .player(&opponent)
                        .words(": ")
                        .command("draw")
                        .words(" to accept it; the offer lapses with the next move."),
                );
                reply.actions = vec![Action::new(
                    ActionId::Draw { match_id: row.id },
                    "Accept the draw",
                )];
                reply.notify = vec![row.players.get(side.other())];
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
        game.time_out(loser).map_err(|_| UserError::NoMatch)?;
        let headline = Text::new()
            .player(row.names.get(loser))
            .words("'s move clock ran out.");
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
        let result = game.result().ok_or_else(|| {
            InternalError::Inconsistent("finishing a match without a result".into())
        })?;
        let rated = row.moves_played > 0 && row.computer.is_none();
        let now = self.now();
        let Some(after) =
            store::finish_match(&mut tx, row.id, row.version, &game, rated, now).await?
        else {
            return Ok(None);
        };
        let ratings = match rated {
            true => Some(
                rate_match(&mut tx, row.server, row.id, row.players, result.winner, now).await?,
            ),
            false => None,
        };
        let after = MatchAfter {
            row: &after,
            played: None,
            ratings,
        };
        self.commit_match_reply(tx, after, headline, via)
            .await
            .map(Some)
    }

    /// The reply that shows a match as it stands, with its pictures.
    pub(super) async fn match_reply(
        &self,
        after: MatchAfter<'_>,
        headline: Text,
    ) -> Result<Reply, CoreError> {
        let mut reply = self.match_message(&after, headline)?;
        self.draw_pictures(&mut reply).await?;
        Ok(reply)
    }

    /// The reply that shows a match after a change, pictures still to draw: the headline, the round's end,
    /// the result or whose turn it is, and the buttons.
    pub(super) fn match_message(
        &self,
        after: &MatchAfter<'_>,
        headline: Text,
    ) -> Result<Reply, CoreError> {
        let row = after.row;
        let game = &row.game;
        let names = &row.names;
        let mut lines = vec![headline];
        if let Some(summary) = after.played.and_then(|m| m.round_summary.as_ref()) {
            lines.push(text::describe_round(summary, names, !game.is_over()));
        }
        let mut reply = Reply::default();
        if let Some(result) = game.result() {
            lines.push(text::describe_result(&result, names));
            match &after.ratings {
                Some(r) => lines.push(
                    Text::from("Ratings: ")
                        .player(&names.south)
                        .words(format!(" {:.0} → {:.0}, ", r.south.before, r.south.after))
                        .player(&names.north)
                        .words(format!(" {:.0} → {:.0}.", r.north.before, r.north.after)),
                ),
                None if !row.rated => lines.push("This match is unrated.".into()),
                None => {}
            }
            if row.state == MatchState::Finished {
                reply.actions = vec![
                    super::rematch::rematch_action(row.id),
                    super::records::analyse_action(row.id),
                    super::records::replay_action(row.id),
                ];
            }
        } else if row.state == MatchState::Active {
            let to_move = row.game.position().to_move();
            if row.computer.is_some_and(|c| c.side == to_move) {
                // No buttons and no clock: the computer moves by itself, as soon as the front end asks.
                lines.push(
                    Text::new()
                        .player(names.get(to_move))
                        .words(" is thinking…"),
                );
                reply.computer_turn = Some(ComputerTurn { match_id: row.id });
            } else {
                let deadline = row.deadline.ok_or_else(|| {
                    InternalError::Inconsistent(format!("active match {} has no deadline", row.id))
                })?;
                lines.push(text::describe_turn(
                    names,
                    to_move,
                    deadline,
                    row.clock_secs,
                ));
                if let Some(offerer) = row.draw_offer {
                    lines.push(
                        Text::new()
                            .player(names.get(offerer))
                            .words(" has offered a draw."),
                    );
                }
                if let Some(asker) = row.takeback_request {
                    lines.push(
                        Text::new()
                            .player(names.get(asker))
                            .words(" has asked to take back their last move."),
                    );
                }
                reply.actions = next_actions(row);
                reply.notify = vec![row.players.get(to_move)];
                reply.deadline_ms = Some(deadline);
            }
        }
        reply.text = Text::lines(lines);
        reply.board = Some(BoardState {
            match_id: row.id,
            version: row.version,
            round: game.round(),
            position: *game.position(),
            names: names.clone(),
            to_move: game.to_move().filter(|_| row.state == MatchState::Active),
        });
        reply.scene = Some(Scene {
            game: game.clone(),
            names: names.clone(),
            played: after.played.cloned(),
        });
        Ok(reply)
    }
}

/// Of the active matches in a channel, the one a command without `match:N` means: the player's only match
/// there, or the channel's only match (for someone who is not playing in it, who is then told so by what they
/// asked); `None` when the channel has none. Several to choose from: which one, the player is asked.
pub(super) fn pick_match(
    rows: Vec<MatchRow>,
    user: Snowflake,
) -> Result<Option<MatchRow>, CoreError> {
    let (mine, others): (Vec<MatchRow>, Vec<MatchRow>) = rows
        .into_iter()
        .partition(|row| row.side_of(user).is_some());
    let choice = match (mine.len(), others.len()) {
        (1, _) => mine,
        (0, 0 | 1) => others,
        (0, _) => return Err(which_match(&others)),
        _ => return Err(which_match(&mine)),
    };
    Ok(choice.into_iter().next())
}

fn which_match(rows: &[MatchRow]) -> CoreError {
    let listed = rows
        .iter()
        .map(|row| (row.id, row.names.south.clone(), row.names.north.clone()))
        .collect();
    UserError::WhichMatch(listed).into()
}

/// A button made for another match, or for a turn gone by (a move made, a move taken back), is stale.
pub(super) fn check_expected(row: &MatchRow, expected: Option<Expected>) -> Result<(), CoreError> {
    match expected {
        Some(e) if e.match_id != row.id || e.turn.is_some_and(|turn| turn != row.turns + 1) => {
            Err(UserError::Stale.into())
        }
        _ => Ok(()),
    }
}

/// The side of the player who sent the request; only the two players may act on their match.
pub(super) fn player_side(row: &MatchRow, req: &Request) -> Result<Player, CoreError> {
    row.side_of(req.user.id).ok_or_else(|| {
        UserError::NotAPlayer(row.names.south.clone(), row.names.north.clone()).into()
    })
}

/// Buttons for the player to move's legal houses, then take back (while the last move may be), draw and
/// resign.
fn next_actions(row: &MatchRow) -> Vec<Action> {
    let turn = row.turns + 1;
    let mut actions: Vec<Action> = row
        .game
        .position()
        .legal_moves()
        .iter()
        .map(|house| {
            let id = ActionId::Move {
                match_id: row.id,
                turn,
                house,
            };
            Action::new(id, format!("House {house}"))
        })
        .collect();
    // The computer moves at once: nothing to take back against it.
    if let Some(last) = row.last_move.filter(|_| row.computer.is_none()) {
        if super::takeback::may_take_back(row, last.player).is_ok() {
            actions.push(super::takeback::takeback_action(row, "Take back"));
        }
    }
    // The computer takes no draws: no button for one.
    if row.computer.is_none() {
        actions.push(Action::new(
            ActionId::Draw { match_id: row.id },
            "Offer a draw",
        ));
    }
    actions.push(Action::new(ActionId::Resign { match_id: row.id }, "Resign"));
    actions
}
