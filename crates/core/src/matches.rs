//! The match a request acts on, how a match is shown, and a change to a match committed: the reply stored
//! with the change and the hooks that follow it (ratings, turn DMs, tournaments) run in its transaction.

use super::buttons::{
    analyse_action, next_level_action, rematch_action, replay_action, takeback_action,
};
use super::context::MatchChange;
use super::error::{cause_chain, CoreError};
use super::message::Arg;
use super::outbox::{PostPlace, Via};
use super::reply::{Action, BoardState, ComputerTurn, RatingChange, Reply, Scene};
use super::vocabulary::actions::ActionId;
use super::vocabulary::{Expected, MatchRef, MatchRefusal, PlayRefusal, Request};
use super::web::Page;
use super::{text, Core, Text};
use namnam_ai::Level;
use namnam_game::{ByPlayer, MatchMove, Player};
use namnam_model::{MatchId, Place, ServerId, UserId};
use namnam_store::{self as store, LastMove, MatchRow, MatchState, StoreError};

/// Whether `req`'s asker may see `row` — and so act on it — from where they ask: the rule of
/// [`Place::shows_match`], used by every command and button that names a match.
pub(super) fn shown_to(row: &MatchRow, req: &Request) -> bool {
    let plays = row.side_of(req.user.id).is_some();
    row.place.shows_match(row.parent_channel, plays, req.place)
}

/// A match after a change, with what the change was.
pub(super) struct MatchAfter<'a> {
    pub row: &'a MatchRow,
    pub played: Option<&'a MatchMove>,
    pub ratings: Option<ByPlayer<RatingChange>>,
    /// The change passed the lessons' last stage (a first win against the computer).
    pub first_win: bool,
}

impl<'a> MatchAfter<'a> {
    /// A match shown as it stands: no move was just played, no rating changed.
    pub fn as_it_stands(row: &'a MatchRow) -> Self {
        MatchAfter {
            row,
            played: None,
            ratings: None,
            first_win: false,
        }
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
        match which {
            MatchRef::Button(e) => {
                let row = store::load_match(reader, e.match_id)
                    .await?
                    .filter(|row| shown_to(row, req))
                    .ok_or(MatchRefusal::NoMatch)?;
                if !row.state.is_active() {
                    // A button of a match that has ended since it was drawn.
                    return Err(MatchRefusal::Stale.into());
                }
                Ok(row)
            }
            MatchRef::Numbered(id) => {
                let row = self.numbered_match(req, id).await?;
                if !row.state.is_active() {
                    return Err(MatchRefusal::MatchOver(id).into());
                }
                Ok(row)
            }
            MatchRef::Here => {
                let rows = store::active_matches_in_channel(reader, req.place).await?;
                pick_match(rows, req.user.id)?.ok_or_else(|| MatchRefusal::NoMatch.into())
            }
        }
    }

    /// The caller's live match and their side in it, for a command that acts on it (a move, a resignation,
    /// an offer, a takeback): the match [`Core::active_match`] finds, refused when a button was drawn for
    /// another turn or when the caller is not one of its players.
    pub(super) async fn callers_match(
        &self,
        req: &Request,
        which: MatchRef,
    ) -> Result<(MatchRow, Player), CoreError> {
        let row = self.active_match(req, which).await?;
        if let MatchRef::Button(expected) = which {
            check_expected(&row, expected)?;
        }
        let side = player_side(&row, req)?;
        Ok((row, side))
    }

    /// The match `match:N` names, if the asker may see it ([`shown_to`]), else refused as a number that
    /// names nothing.
    pub(super) async fn visible_match(
        &self,
        req: &Request,
        id: MatchId,
    ) -> Result<MatchRow, CoreError> {
        store::load_match(self.store.reader(), id)
            .await?
            .filter(|row| shown_to(row, req))
            .ok_or_else(|| MatchRefusal::no_such_match(id, req).into())
    }

    /// The match `match:N` names, live or not, if the asker may see it and it is played in the request's
    /// channel (or the channel its thread belongs to).
    pub(super) async fn numbered_match(
        &self,
        req: &Request,
        id: MatchId,
    ) -> Result<MatchRow, CoreError> {
        let row = self.visible_match(req, id).await?;
        let here = req.place.channel();
        if row.place.channel() != here && row.parent_channel != Some(here) {
            return Err(MatchRefusal::MatchElsewhere {
                id,
                channel: row.place.channel().0,
                channel_name: row.channel_name.clone(),
            }
            .into());
        }
        Ok(row)
    }

    /// The match a command that looks at a match shows (`board`, `history`): the one `match:N` names, else
    /// the asker's live match in the channel, else the asker's last one there (finished or stopped), else
    /// the channel's live match, else its newest.
    pub(super) async fn shown_match(
        &self,
        req: &Request,
        number: Option<MatchId>,
    ) -> Result<MatchRow, CoreError> {
        if let Some(id) = number {
            return self.numbered_match(req, id).await;
        }
        let reader = self.store.reader();
        let rows = store::active_matches_in_channel(reader, req.place).await?;
        let mine = rows.iter().any(|row| row.side_of(req.user.id).is_some());
        // The asker's own match first, live or over (`history` must not show another pair's game to a
        // player who had one here); a spectator's, the channel's.
        if !mine {
            let own = store::last_match_of_in_channel(reader, req.place, req.user.id).await?;
            if let Some(row) = own {
                return Ok(row);
            }
        }
        match pick_match(rows, req.user.id)? {
            Some(row) => Ok(row),
            None => store::last_match_in_channel(reader, req.place)
                .await?
                .ok_or_else(|| MatchRefusal::NoMatch.into()),
        }
    }

    /// Finishes a change to a match within `tx`: the hooks that follow every change run in it (see
    /// [`MatchHook`](super::context::MatchHook)), the reply that shows the match after it is stored in the
    /// outbox with it; then it commits and the pictures are drawn.
    pub(super) async fn commit_match_reply(
        &self,
        mut tx: store::WriteTx,
        change: MatchChange<'_>,
        headline: Text,
        via: Via,
    ) -> Result<Reply, CoreError> {
        let aftermath = self.before_reply(&mut tx, &change).await?;
        let after = MatchAfter {
            row: change.row,
            played: change.played,
            ratings: aftermath.ratings,
            first_win: aftermath.first_win,
        };
        let mut reply = self.match_message(&after, headline)?;
        if change.row.game.result().is_some() {
            let token = match change.row.place.server() {
                Some(server) => store::web_token(&mut *tx, server).await?,
                None => None,
            };
            reply
                .buttons
                .links
                .extend(self.web_link(token, Page::Match(change.row.id)));
        }
        self.store_post(&mut tx, PostPlace::of_match(change.row), &mut reply, via)
            .await?;
        let mut also = self.after_reply(&mut tx, &change, &mut reply).await?;
        tx.commit().await.map_err(StoreError::from)?;
        if change.played.is_some() {
            self.metrics.count_move();
        }
        // No change is made to a match already over: one that leaves it over ended it.
        if let Some(result) = change.row.game.result() {
            self.metrics.count_match_ended(result.reason.into());
        }
        // Committed: from here on the reply goes out whatever happens, with its words if not its picture.
        if let Err(e) = self.draw_pictures(&mut reply).await {
            tracing::error!(error = %cause_chain(&e), "drawing a board failed");
        }
        if !self.config.outbox {
            self.draw_notices(&mut also).await;
            reply.follows.also = also;
        }
        Ok(reply)
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
            lines.push(text::final_houses(game, names));
            lines.extend(ratings_line(after));
            let harder = beaten_level(row, result.winner).and_then(|level| level.next());
            if let Some(next) = harder {
                lines.push(Text::message(
                    "match-computer-next-level",
                    [("level", level_words(next))],
                ));
            }
            if after.first_win {
                lines.push(Text::message(
                    "lesson-first-win",
                    [("learn", Arg::command("learn"))],
                ));
            }
            if row.state == MatchState::Finished {
                reply.buttons.actions = vec![
                    rematch_action(row.id),
                    analyse_action(row.id),
                    replay_action(row.id),
                ];
                if let Some(next) = harder {
                    reply
                        .buttons
                        .actions
                        .insert(0, next_level_action(row.id, next));
                }
            }
        } else if let MatchState::Active { deadline } = row.state {
            lines.extend(turn_lines(row, deadline, &mut reply));
        }
        reply.text = Text::lines(lines);
        reply.board.state = Some(BoardState {
            match_id: row.id,
            version: row.version,
            round: game.round(),
            position: *game.position(),
            names: names.clone(),
            players: row.players,
            to_move: game.to_move().filter(|_| row.state.is_active()),
        });
        reply.board.scene = Some(Scene {
            game: game.clone(),
            names: names.clone(),
            played: after.played.cloned(),
        });
        Ok(reply)
    }
}

/// How a finished match moved the ratings, or that it was not rated. The everywhere rating is told as its
/// changes only: the place may hold people who never met the players, and a player's everywhere rating is
/// shown only to them and the players they met (`stats`).
fn ratings_line(after: &MatchAfter<'_>) -> Option<Text> {
    let names = &after.row.names;
    match (&after.ratings, pool(after.row)) {
        (Some(r), Some(Pool::Everywhere)) => Some(Text::message(
            "match-ratings-everywhere",
            [
                ("south", Arg::player(&names.south)),
                ("south_change", text::signed(r.south.after - r.south.before)),
                ("north", Arg::player(&names.north)),
                ("north_change", text::signed(r.north.after - r.north.before)),
                ("stats", Arg::command("stats")),
            ],
        )),
        (Some(r), _) => Some(Text::message(
            "match-ratings",
            [
                ("south", Arg::player(&names.south)),
                ("south_before", Arg::number(r.south.before.round() as i64)),
                ("south_after", Arg::number(r.south.after.round() as i64)),
                ("north", Arg::player(&names.north)),
                ("north_before", Arg::number(r.north.before.round() as i64)),
                ("north_after", Arg::number(r.north.after.round() as i64)),
            ],
        )),
        (None, _) if !after.row.rated => Some(Text::message("match-unrated", [])),
        (None, _) => None,
    }
}

/// Whose turn it is in a live match, and what they can do: the computer's turn has no buttons and no
/// clock (it moves by itself, as soon as the front end asks); a person's has their houses, the clock and
/// any offer waiting, and pings them.
fn turn_lines(row: &MatchRow, deadline: i64, reply: &mut Reply) -> Vec<Text> {
    let names = &row.names;
    let to_move = row.game.position().to_move();
    if row.computer.is_some_and(|c| c.side == to_move) {
        reply.follows.computer_turn = Some(ComputerTurn { match_id: row.id });
        return vec![Text::message(
            "match-thinking",
            [("player", Arg::player(names.get(to_move)))],
        )];
    }
    let mut lines = vec![text::describe_turn(
        names,
        to_move,
        deadline,
        row.clock_secs,
    )];
    lines.extend(text::what_is_coming(row.game.position()));
    if let Some(offerer) = row.draw_offer {
        lines.push(Text::message(
            "match-draw-offered",
            [("player", Arg::player(names.get(offerer)))],
        ));
    }
    if let Some(asker) = row.takeback_request {
        lines.push(Text::message(
            "match-takeback-asked",
            [("player", Arg::player(names.get(asker)))],
        ));
    }
    reply.buttons.actions = next_actions(row);
    reply.ping(vec![row.players.get(to_move)]);
    reply.board.deadline_ms = Some(deadline);
    lines
}

/// Of the active matches in a channel, the one a command without `match:N` means: the player's only match
/// there, or the channel's only match (for someone who is not playing in it, who is then told so by what they
/// asked); `None` when the channel has none. Several to choose from: which one, the player is asked.
pub(super) fn pick_match(rows: Vec<MatchRow>, user: UserId) -> Result<Option<MatchRow>, CoreError> {
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
    MatchRefusal::WhichMatch(listed).into()
}

/// A button made for another match, or for a turn gone by (a move made, a move taken back), is stale.
fn check_expected(row: &MatchRow, e: Expected) -> Result<(), CoreError> {
    if e.match_id != row.id || e.turn.is_some_and(|turn| turn != row.turns + 1) {
        return Err(MatchRefusal::Stale.into());
    }
    Ok(())
}

/// The side of the player who sent the request; only the two players may act on their match.
fn player_side(row: &MatchRow, req: &Request) -> Result<Player, CoreError> {
    row.side_of(req.user.id).ok_or_else(|| {
        MatchRefusal::NotAPlayer(row.names.south.clone(), row.names.north.clone()).into()
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
            Action::new(
                id,
                Text::message("button-house", [("house", Arg::number(house.label()))]),
            )
        })
        .collect();
    // The computer moves at once: nothing to take back against it.
    if let Some(last) = row.last_move.filter(|_| row.computer.is_none()) {
        if may_take_back(row, last.player).is_ok() {
            actions.push(takeback_action(row, Text::message("button-take-back", [])));
        }
    }
    // The computer takes no draws: no button for one.
    if row.computer.is_none() {
        actions.push(Action::new(
            ActionId::Draw { match_id: row.id },
            Text::message("button-offer-draw", []),
        ));
    }
    actions.push(Action::new(
        ActionId::Resign { match_id: row.id },
        Text::message("button-resign", []),
    ));
    actions
}

/// The last move of `row`, if `asker` may ask to take it back: it is theirs and did not end a round.
/// (Whether the match is played against the computer is the caller's to check: the refusal names it.)
pub(super) fn may_take_back(row: &MatchRow, asker: Player) -> Result<LastMove, PlayRefusal> {
    let last = row.last_move.ok_or(PlayRefusal::NothingToTakeBack)?;
    if last.player != asker {
        return Err(PlayRefusal::TakebackNotYours(
            row.names.get(last.player).to_owned(),
        ));
    }
    if last.round != row.game.round() {
        return Err(PlayRefusal::TakebackAcrossRounds(last.round));
    }
    Ok(last)
}

/// The rating a match counts in once over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pool {
    /// The server's, in its current season: a match in a server the bot is a member of.
    Server(ServerId),
    /// The everywhere rating: a match anywhere else (a server where only a player installed the app, a DM
    /// between players, a group DM), kept apart so that no server's leaderboard mixes with it.
    Everywhere,
}

/// The rating a match counts in once over: none against the computer.
pub(super) fn pool(row: &MatchRow) -> Option<Pool> {
    if row.computer.is_some() {
        return None;
    }
    Some(match row.place {
        Place::ServerChannel { server, .. } => Pool::Server(server),
        Place::GuestChannel { .. } | Place::BotDm { .. } | Place::PrivateChannel { .. } => {
            Pool::Everywhere
        }
    })
}

/// Whether a match counts for its players' ratings once over: a person against a person, anywhere.
pub(super) fn rates(row: &MatchRow) -> bool {
    pool(row).is_some()
}

/// The computer's level in a match its human opponent won, if they did.
fn beaten_level(row: &MatchRow, winner: Option<Player>) -> Option<Level> {
    let seat = row.computer?;
    (winner == Some(seat.side.other())).then_some(seat.level)
}

/// A level as players read it: its number and its name ("level 1 (beginner)").
pub(super) fn level_words(level: Level) -> Arg {
    let name = Text::message(&format!("level-name-{}", level.number()), []);
    Arg::Text(Text::message(
        "level-words",
        [
            ("level", Arg::number(level.number())),
            ("name", Arg::Text(name)),
        ],
    ))
}
