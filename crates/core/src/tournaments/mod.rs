//! Tournaments: round robin and Swiss inside a server. A tournament is signed up for in a channel, started
//! by its organiser (or an admin, or by itself at its start time), and then runs by itself: each round's
//! pairings start at once as ordinary matches (rated, with their clocks and pictures, each in a thread of
//! its own when the server allows threads), and when the last game of a round is decided (or the round's days
//! run out: its unfinished matches are then scored by the houses each player owns) the next round is paired
//! and the standings posted, until the last round names the winner.
//!
//! Every step is one transaction with what it posts (see `outbox`), and the step that pairs a round names
//! the tournament's version it read: a round is paired exactly once, whatever races it or restarts.
//! The pairing itself is pure ([`namnam_tournament`]).
//!
//! - `field`: a tournament's players and games, and the pairing state they make;
//! - `words`: what a tournament's messages say;
//! - here: the life of a tournament, from sign-up to its winner, and what a finished game does to it.

mod field;
mod words;

use super::context::{HookFuture, MatchChange, MatchHook};
use crate::vocabulary::{
    ChallengeRefusal, InputRefusal, MatchRefusal, Request, StartAt, TermsDefaults,
    TournamentCommand, TournamentRefusal, TournamentSpec, UserError,
};
use field::{swiss_rounds, total_rounds, Field};
use namnam_model::{FirstMover, Format, MatchId, Terms, TournamentId, UserId};
use words::{
    describe_terms, named, names_and, signup_actions, signup_text, start_words, swiss_rounds_now,
    thread_name,
};

use super::error::{CoreError, InternalError};
use super::matches::MatchAfter;
use super::outbox::{PostPlace, Via};
use super::{Arg, Core, Language, Notice, Reply, Text};
use namnam_game::{ByPlayer, Match, Player};
use namnam_store::{
    self as store, DecidedBy, GameResult, MatchRow, MatchState, StoreError, TournamentRow,
    TournamentState, WriteTx,
};
use namnam_tournament as tournament;

/// A tournament's standings and rounds, as words of one language (see [`Core::tournament_sheet`]).
#[derive(Clone, Debug)]
pub struct TournamentSheet {
    /// The standings: rank, name, points, tie-breaks (named in `tiebreaks`), games played.
    pub table: namnam_render::StandingsTable,
    /// How its matches are played.
    pub terms: String,
    /// Every round paired so far, in order.
    pub rounds: Vec<SheetRound>,
}

/// One round's games: "alice – bob: 1–0", with the game's match when one was played.
#[derive(Clone, Debug)]
pub struct SheetRound {
    pub round: u32,
    pub games: Vec<(String, Option<MatchId>)>,
}

/// The longest name of a tournament.
pub const MAX_NAME: usize = 60;
/// The most players a tournament takes.
pub const MAX_PLAYERS: u32 = 128;
/// The default days a round may last.
pub const DEFAULT_ROUND_DAYS: u32 = 7;
/// Discord's limit on a thread's name.
pub(super) const MAX_THREAD_NAME: usize = 100;

impl Core {
    pub(super) async fn tournament(
        &self,
        req: &Request,
        command: &TournamentCommand,
    ) -> Result<Reply, CoreError> {
        match command {
            TournamentCommand::Create(spec) => self.create_tournament(req, spec).await,
            TournamentCommand::Join(id) => self.join_tournament(req, *id).await,
            TournamentCommand::Leave(id) => self.leave_tournament(req, *id).await,
            TournamentCommand::Start(id) => self.start_tournament(req, *id).await,
            TournamentCommand::Standings(id) => self.tournament_standings(req, *id).await,
            TournamentCommand::Pairings(id) => self.tournament_pairings(req, *id).await,
            TournamentCommand::Withdraw(id) => self.withdraw_from_tournament(req, *id).await,
            TournamentCommand::Cancel(id) => self.cancel_tournament(req, *id).await,
        }
    }

    /// A tournament as its web page shows it, its words in `language`: the standings after the rounds
    /// played, with their tie-breaks (the table the standings picture draws), the terms, and every round's
    /// pairings and results with each game's match. Reads only.
    pub async fn tournament_sheet(
        &self,
        t: TournamentRow,
        language: Language,
    ) -> Result<TournamentSheet, CoreError> {
        let terms = describe_terms(&t).plain_in(language);
        let round = t.round;
        let field = Field::read(self, t).await?;
        let title = Text::new().words(field.t.name.clone());
        let table = field.table(language, title, Text::new(), round, round)?;
        let mut rounds: Vec<SheetRound> = Vec::new();
        for g in &field.games {
            if rounds.last().map_or(true, |r| r.round != g.round) {
                rounds.push(SheetRound {
                    round: g.round,
                    games: Vec::new(),
                });
            }
            if let Some(r) = rounds.last_mut() {
                r.games
                    .push((field.pairing_line(g).plain_in(language), g.match_id));
            }
        }
        Ok(TournamentSheet {
            table,
            terms,
            rounds,
        })
    }

    /// The server's tournaments in sign-up or running, those of `place`'s channel first, each with a label
    /// for a front end's autocomplete ("#3 Winter cup, round 2") in `language` (the asker's). Reads only.
    pub async fn tournaments_here(
        &self,
        place: &super::Place,
        language: Language,
    ) -> Result<Vec<(TournamentId, String)>, CoreError> {
        let Some(server) = place.server() else {
            return Ok(Vec::new());
        };
        let mut live = store::live_tournaments(self.store.reader(), server).await?;
        live.sort_by_key(|t| t.channel != place.channel());
        Ok(live
            .into_iter()
            .map(|t| {
                // A label is plain text: the name goes in as written.
                let label = match t.state {
                    TournamentState::Signup => Text::message(
                        "tournament-choice-signup",
                        [("id", Arg::number(t.id)), ("tournament", named(&t.name))],
                    ),
                    _ => Text::message(
                        "tournament-choice-round",
                        [
                            ("id", Arg::number(t.id)),
                            ("tournament", named(&t.name)),
                            ("round", Arg::number(t.round)),
                        ],
                    ),
                };
                (t.id, label.plain_in(language))
            })
            .collect())
    }

    /// The tournament a command means: the one numbered, else the one live in this channel (the
    /// tournament's own, or a thread of one of its matches), else the server's only live one. Several:
    /// the player is asked which.
    async fn tournament_here(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<TournamentRow, CoreError> {
        let reader = self.store.reader();
        let server = req.server()?;
        if let Some(id) = id {
            return store::load_tournament(reader, id)
                .await?
                .filter(|t| t.server == server)
                .ok_or_else(|| TournamentRefusal::NoSuchTournament(id).into());
        }
        let live = store::live_tournaments(reader, server).await?;
        let here: Vec<&TournamentRow> = live
            .iter()
            .filter(|t| t.channel == req.place.channel())
            .collect();
        let candidates: Vec<&TournamentRow> = match (here.len(), live.len()) {
            (1, _) => here,
            (0, 1) => live.iter().collect(),
            (0, 0) => {
                // A finished tournament can still be looked at: the newest.
                return store::last_tournament(reader, server)
                    .await?
                    .ok_or_else(|| TournamentRefusal::NoTournament.into());
            }
            (0, _) => live.iter().collect(),
            _ => here,
        };
        match candidates.as_slice() {
            [one] => Ok((*one).clone()),
            many => Err(TournamentRefusal::WhichTournament(
                many.iter().map(|t| (t.id, t.name.clone())).collect(),
            )
            .into()),
        }
    }

    async fn create_tournament(
        &self,
        req: &Request,
        spec: &TournamentSpec,
    ) -> Result<Reply, CoreError> {
        let now = self.now();
        let place = &req.place;
        let server = req.server()?;
        let name = spec.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(InputRefusal::BadOption {
                option: "name",
                expected: crate::Wanted::TournamentName,
            }
            .into());
        }
        let settings = store::server_settings(self.store.reader(), server).await?;
        if !settings.allowed_channels.is_empty()
            && !settings.allowed_channels.contains(&place.channel())
        {
            return Err(ChallengeRefusal::ChannelNotAllowed.into());
        }
        let terms = Terms {
            // A tournament's South moves first: the pairing draws who is South.
            first: FirstMover::Challenger,
            ..spec.terms.with_defaults(TermsDefaults {
                target: settings.default_target,
                clock_secs: settings.default_clock_secs,
            })
        };
        if !terms.always_ends() {
            return Err(TournamentRefusal::TournamentEndless.into());
        }
        if spec.format == Format::RoundRobin && spec.rounds.is_some() {
            return Err(TournamentRefusal::RoundRobinRounds.into());
        }
        let starts_at = match spec.start {
            None => None,
            Some(StartAt::In { secs }) => Some(now + i64::from(secs) * 1000),
            Some(StartAt::At { ms }) if ms > now => Some(ms),
            Some(StartAt::At { .. }) => return Err(TournamentRefusal::StartInThePast.into()),
        };
        let mut tx = self.store.begin().await?;
        req.user.note_in(&mut tx, req, now).await?;
        let new = store::NewTournament {
            server,
            channel: place.channel(),
            channel_name: &req.names.channel,
            name,
            organiser: req.user.id,
            format: spec.format,
            rounds: spec.rounds,
            terms,
            round_days: spec.round_days.unwrap_or(DEFAULT_ROUND_DAYS),
            starts_at,
            player_limit: spec.limit,
            now_ms: now,
        };
        let id = store::insert_tournament(&mut tx, &new).await?;
        let t = reload(&mut tx, id).await?;
        let mut reply = Reply::public(signup_text(&t, 0));
        reply.buttons.actions = signup_actions(id);
        self.store_post(&mut tx, PostPlace::channel(*place), &mut reply, Via::Answer)
            .await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(reply)
    }

    async fn join_tournament(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<Reply, CoreError> {
        let t = self.tournament_here(req, id).await?;
        if !t.state.is_live() {
            return Err(TournamentRefusal::TournamentOver(t.name).into());
        }
        if t.state != TournamentState::Signup {
            return Err(TournamentRefusal::TournamentStarted(t.name).into());
        }
        if req.user.kind != namnam_model::PlayerKind::Human {
            return Err(ChallengeRefusal::ChallengeBot(req.user.name.clone()).into());
        }
        let now = self.now();
        let mut tx = self.store.begin().await?;
        still_in_signup(&mut tx, &t).await?;
        let entrants = store::entrants(&mut *tx, t.id).await?;
        if entrants.iter().any(|e| e.player == req.user.id) {
            return Err(TournamentRefusal::AlreadyJoined(t.name).into());
        }
        let limit = t.player_limit.unwrap_or(MAX_PLAYERS).min(MAX_PLAYERS);
        if entrants.len() as u32 >= limit {
            return Err(TournamentRefusal::TournamentFull(t.name, limit).into());
        }
        req.user.note_in(&mut tx, req, now).await?;
        store::add_entrant(&mut tx, t.id, req.user.id, now).await?;
        tx.commit().await.map_err(StoreError::from)?;
        let count = entrants.len() + 1;
        Ok(Reply::private(Text::message(
            "tournament-joined",
            [
                ("tournament", named(&t.name)),
                ("count", Arg::number(count as i64)),
                ("start", Arg::Text(start_words(&t))),
                ("leave", Arg::subcommand("tournament", "leave")),
            ],
        )))
    }

    async fn leave_tournament(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<Reply, CoreError> {
        let t = self.tournament_here(req, id).await?;
        if t.state != TournamentState::Signup {
            return Err(TournamentRefusal::TournamentStarted(t.name).into());
        }
        let mut tx = self.store.begin().await?;
        still_in_signup(&mut tx, &t).await?;
        if !store::remove_entrant(&mut tx, t.id, req.user.id).await? {
            return Err(TournamentRefusal::NotInTournament(t.name).into());
        }
        tx.commit().await.map_err(StoreError::from)?;
        Ok(Reply::private(Text::message(
            "tournament-left",
            [("tournament", named(&t.name))],
        )))
    }

    async fn start_tournament(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<Reply, CoreError> {
        let t = self.tournament_here(req, id).await?;
        if t.organiser != req.user.id && !req.can_manage {
            return Err(TournamentRefusal::NotOrganiser(t.organiser_name).into());
        }
        if t.state != TournamentState::Signup {
            return Err(TournamentRefusal::TournamentStarted(t.name).into());
        }
        let joined = store::entrants(self.store.reader(), t.id).await?.len();
        if joined < 2 {
            // Asked by hand: refused, and the sign-up goes on (the clock's start cancels it instead).
            return Err(TournamentRefusal::TooFewPlayers(t.name, joined as u32).into());
        }
        let mut tx = self.store.begin().await?;
        let mut notices = self.begin_tournament(&mut tx, t).await?;
        tx.commit().await.map_err(StoreError::from)?;
        self.draw_notices(&mut notices).await;
        let mut reply = Reply::private(Text::message("tournament-has-started", []));
        // Without an outbox, the announcements come with the answer.
        if !self.config.outbox {
            reply = match notices.is_empty() {
                true => reply,
                false => {
                    let mut first = notices.remove(0).reply;
                    first.follows.also = notices;
                    first
                }
            };
        }
        Ok(reply)
    }

    /// Seeds the players (by rating, then by who joined first) and pairs round 1, within `tx`; fewer than
    /// two players cancel it. Returns the announcements (stored in the outbox when there is one).
    async fn begin_tournament(
        &self,
        tx: &mut WriteTx,
        mut t: TournamentRow,
    ) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let entrants = store::entrants(&mut **tx, t.id).await?;
        if entrants.len() < 2 {
            if !store::update_tournament(tx, &t, TournamentState::Cancelled, 0, None, now).await? {
                return Err(MatchRefusal::Stale.into());
            }
            let mut reply = Reply::public(Text::message(
                "tournament-could-not-start",
                [("tournament", named(&t.name))],
            ));
            return Ok(vec![self.announce(tx, &t, &mut reply).await?]);
        }
        let mut seeded = Vec::with_capacity(entrants.len());
        for e in &entrants {
            let rating = store::load_rating(&mut **tx, t.server, e.player)
                .await?
                .map_or(skillratings::glicko2::Glicko2Rating::new().rating, |r| {
                    r.rating
                });
            seeded.push((e.player, rating, e.joined_at));
        }
        seeded.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.2.cmp(&b.2)));
        for (seed, (player, _, _)) in seeded.iter().enumerate() {
            store::set_seed(tx, t.id, *player, seed as u32).await?;
        }
        if t.format == Format::Swiss {
            let most = tournament::swiss::max_rounds(entrants.len()) as u32;
            t.rounds = Some(
                t.rounds
                    .map_or_else(|| swiss_rounds(entrants.len()), |r| r.min(most)),
            );
        }
        self.advance(tx, t).await
    }

    /// Moves a tournament on as far as it can go now, within `tx`: if its round is over, pairs the next
    /// (starting its matches) or, after the last, ends it. Returns the announcements.
    async fn advance(&self, tx: &mut WriteTx, t: TournamentRow) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let mut field = Field::load(tx, t).await?;
        let mut notices = Vec::new();
        loop {
            let round = field.t.round;
            if round > 0 && !field.round_done(round) {
                return Ok(notices);
            }
            let n = field.entrants.len();
            let still_in = field.active(round + 1).iter().filter(|a| **a).count();
            let last = total_rounds(&field.t, n);
            if round >= last || (field.t.format == Format::Swiss && still_in < 2) {
                notices.push(self.finish_tournament(tx, &field).await?);
                return Ok(notices);
            }
            let next = round + 1;
            let Some(games) = field.pair(next)? else {
                // Nobody left can meet a new opponent: the tournament ends here.
                notices.push(self.finish_tournament(tx, &field).await?);
                return Ok(notices);
            };
            let ends_at = now + i64::from(field.t.round_days) * 86_400_000;
            if !store::update_tournament(
                tx,
                &field.t,
                TournamentState::Running,
                next,
                Some(ends_at),
                now,
            )
            .await?
            {
                return Err(MatchRefusal::Stale.into());
            }
            let mut boards = Vec::new();
            for mut game in games {
                if let (Some(north), None) = (game.north, game.result) {
                    let (row, board) = self.start_pairing(tx, &field, game.south, north).await?;
                    game.match_id = Some(row);
                    boards.push(board);
                }
                store::insert_game(tx, field.t.id, &game).await?;
            }
            let t = reload(tx, field.t.id).await?;
            field = Field::load(tx, t).await?;
            notices.push(self.round_news(tx, &field, next).await?);
            notices.extend(boards);
        }
    }

    /// Starts one pairing's match in the tournament's channel (the poster moves it into a thread of its
    /// own), with its first board stored for the poster. Returns the match's id and the board's notice.
    async fn start_pairing(
        &self,
        tx: &mut WriteTx,
        field: &Field,
        south: UserId,
        north: UserId,
    ) -> Result<(MatchId, Notice), CoreError> {
        let t = &field.t;
        let now = self.now();
        let options = t
            .terms
            .match_options(Player::South)
            .map_err(|e| InternalError::Inconsistent(format!("tournament {}: {e}", t.id)))?;
        let game = Match::new(options);
        let clock_ms = i64::from(t.terms.clock_secs) * 1000;
        // Counted within the round's transaction: were it to fail after this, the count would be one
        // ahead (the failure is logged); the transaction commits in the callers, which start many at once.
        self.metrics.count_match_started();
        let match_id = store::insert_match(
            tx,
            &store::NewMatch {
                place: t.place(),
                channel_name: &t.channel_name,
                challenge_id: None,
                players: ByPlayer::new(south, north),
                game: &game,
                clock_secs: t.terms.clock_secs,
                deadline: now + clock_ms,
                remind_at: now + clock_ms - clock_ms / 4,
                now_ms: now,
                engine_level: None,
            },
        )
        .await?;
        let row = store::load_match(&mut **tx, match_id)
            .await?
            .ok_or_else(|| InternalError::Inconsistent(format!("match {match_id} vanished")))?;
        let headline = Text::message(
            "tournament-pairing",
            [
                ("tournament", named(&t.name)),
                ("round", Arg::number(t.round + 1)),
                ("id", Arg::number(match_id)),
                ("south", Arg::player(&row.names.south)),
                ("north", Arg::player(&row.names.north)),
            ],
        );
        let mut reply = self.match_message(&MatchAfter::as_it_stands(&row), headline)?;
        // The thread's name is everyone's, in the server's language; it is named before the post is
        // stored, so the language is read here.
        let language = self.public_language(store::server_language(&mut **tx, t.server).await?);
        reply.follows.open_thread = Some(thread_name(language, &t.name, t.round + 1, &row));
        self.store_post(tx, PostPlace::of_match(&row), &mut reply, Via::Poster)
            .await?;
        self.turn_dm(tx, &row, &mut reply).await?;
        let notice = Notice {
            place: t.place(),
            reply,
        };
        Ok((match_id, notice))
    }

    /// The news of a new round in the tournament's channel: the standings so far, and the round's
    /// pairings, pinging its players.
    async fn round_news(
        &self,
        tx: &mut WriteTx,
        field: &Field,
        round: u32,
    ) -> Result<Notice, CoreError> {
        let t = &field.t;
        let total = total_rounds(t, field.entrants.len());
        let until = Arg::time(t.round_ends_at.unwrap_or_default());
        let mut lines = Vec::new();
        lines.push(match round {
            1 => Text::message(
                "tournament-begins",
                [
                    ("tournament", named(&t.name)),
                    ("total", Arg::number(total)),
                    ("until", until),
                ],
            ),
            _ => Text::message(
                "tournament-next-round",
                [
                    ("tournament", named(&t.name)),
                    ("over", Arg::number(round - 1)),
                    ("round", Arg::number(round)),
                    ("total", Arg::number(total)),
                    ("until", until),
                ],
            ),
        });
        let (pairings, notify) = Self::pairings_news(field, round);
        lines.extend(pairings);
        lines.push(Text::message(
            "tournament-news-threads",
            [("standings", Arg::subcommand("tournament", "standings"))],
        ));
        let title = match round {
            1 => Text::message(
                "tournament-title-first-round",
                [
                    ("tournament", named(&t.name)),
                    ("total", Arg::number(total)),
                ],
            ),
            _ => Text::message(
                "tournament-title-after-round",
                [
                    ("tournament", named(&t.name)),
                    ("round", Arg::number(round - 1)),
                ],
            ),
        };
        let subtitle = describe_terms(t);
        let mut reply = Reply::public(Text::lines(lines));
        reply.ping(notify);
        // The table's words are drawn into its picture: in the server's language, as the post will be.
        let language = self.public_language(store::server_language(&mut **tx, t.server).await?);
        // The round's byes and forfeits are decided already: they count from the next standings on.
        reply.board.standings = Some(field.table(language, title, subtitle, round - 1, round)?);
        self.announce(tx, t, &mut reply).await
    }

    /// A round's pairings as its news tells them, a line each (a bye, a match to play, a forfeit already
    /// decided), and the players to ping: those of the matches to play.
    fn pairings_news(field: &Field, round: u32) -> (Vec<Text>, Vec<UserId>) {
        let mut lines = Vec::new();
        let mut notify = Vec::new();
        for g in field.round_games(round) {
            let south = Arg::player(field.name_of(g.south));
            lines.push(match (g.north, g.result) {
                (None, _) => Text::message("tournament-news-bye", [("player", south)]),
                (Some(north), None) => {
                    notify.extend([g.south, north]);
                    Text::message(
                        "tournament-news-match",
                        [
                            ("south", south),
                            ("north", Arg::player(field.name_of(north))),
                            ("id", Arg::number(g.match_id.map_or(0, i64::from))),
                        ],
                    )
                }
                (Some(north), Some(_)) => Text::message(
                    "tournament-news-forfeit",
                    [
                        ("south", south),
                        ("north", Arg::player(field.name_of(north))),
                    ],
                ),
            });
        }
        (lines, notify)
    }

    /// The end of a tournament: the final standings and the winner.
    async fn finish_tournament(
        &self,
        tx: &mut WriteTx,
        field: &Field,
    ) -> Result<Notice, CoreError> {
        let t = &field.t;
        let now = self.now();
        if !store::update_tournament(tx, t, TournamentState::Finished, t.round, None, now).await? {
            return Err(MatchRefusal::Stale.into());
        }
        let language = self.public_language(store::server_language(&mut **tx, t.server).await?);
        let table = field.table(
            language,
            Text::message("tournament-title-final", [("tournament", named(&t.name))]),
            describe_terms(t),
            u32::MAX,
            0,
        )?;
        // The winners are told apart by their ids: two entrants may share a name.
        let winners = field.winners()?;
        let headline = match winners.as_slice() {
            [(one, points)] => Text::message(
                "tournament-won",
                [
                    ("tournament", named(&t.name)),
                    ("player", Arg::player(&one.name)),
                    ("points", Arg::Text(field::points_words(*points))),
                ],
            ),
            many => Text::message(
                "tournament-shared",
                [
                    ("tournament", named(&t.name)),
                    (
                        "players",
                        Arg::Text(names_and(
                            many.iter()
                                .map(|(w, _)| Text::new().player(&w.name))
                                .collect(),
                        )),
                    ),
                ],
            ),
        };
        let mut reply = Reply::public(Text::lines(vec![
            headline,
            Text::message("tournament-thanks", []),
        ]));
        reply.ping(winners.iter().map(|(w, _)| w.player).collect());
        reply.board.standings = Some(table);
        self.announce(tx, t, &mut reply).await
    }

    /// Stores a public message of the tournament in its channel, for the poster.
    async fn announce(
        &self,
        tx: &mut WriteTx,
        t: &TournamentRow,
        reply: &mut Reply,
    ) -> Result<Notice, CoreError> {
        let token = store::web_token(&mut **tx, t.server).await?;
        reply
            .buttons
            .links
            .extend(self.web_link(token, crate::web::Page::Tournament(t.id)));
        self.store_post(tx, PostPlace::channel(t.place()), reply, Via::Poster)
            .await?;
        Ok(Notice {
            place: t.place(),
            reply: reply.clone(),
        })
    }

    /// A match has ended (or been stopped): if it was a tournament game, its result goes into the
    /// standings and the tournament moves on, within `tx`. Returns the announcements.
    pub(super) async fn tournament_match_over(
        &self,
        tx: &mut WriteTx,
        row: &MatchRow,
    ) -> Result<Vec<Notice>, CoreError> {
        let Some((id, round, board)) = store::game_of_match(&mut **tx, row.id).await? else {
            return Ok(Vec::new());
        };
        let (result, by) = match row.state {
            MatchState::Active { .. } => return Ok(Vec::new()),
            MatchState::Finished => (row.game.result(), DecidedBy::Match),
            // An admin stopped it: scored by the houses, as when a round runs out.
            MatchState::Aborted => {
                let mut game = row.game.clone();
                (game.adjudicate().ok(), DecidedBy::Houses)
            }
        };
        let result = match result.and_then(|r| r.winner) {
            Some(Player::South) => GameResult::SouthWon,
            Some(Player::North) => GameResult::NorthWon,
            None => GameResult::Draw,
        };
        store::touch_tournament(tx, id).await?;
        if !store::decide_game(tx, id, round, board, result, by).await? {
            return Ok(Vec::new());
        }
        let t = reload(tx, id).await?;
        if t.state != TournamentState::Running || t.round != round {
            return Ok(Vec::new());
        }
        self.advance(tx, t).await
    }

    async fn tournament_standings(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<Reply, CoreError> {
        let t = self.tournament_here(req, id).await?;
        let field = Field::read(self, t).await?;
        let t = &field.t;
        if t.state == TournamentState::Signup || t.round == 0 {
            let names: Vec<&str> = field.entrants.iter().map(|e| e.name.as_str()).collect();
            let mut sentences = vec![match names.len() {
                0 => Text::message(
                    "tournament-not-started-empty",
                    [("tournament", named(&t.name))],
                ),
                count => Text::message(
                    "tournament-not-started",
                    [
                        ("tournament", named(&t.name)),
                        ("count", Arg::number(count as i64)),
                        (
                            "players",
                            Arg::Text(Text::list(
                                names.iter().map(|name| Text::new().player(*name)),
                                ", ",
                            )),
                        ),
                    ],
                ),
            }];
            sentences.extend(swiss_rounds_now(t, names.len()));
            sentences.push(start_words(t));
            return Ok(Reply::private(Text::list(sentences, " ")));
        }
        let tournament = named(&t.name);
        let title = match t.state {
            TournamentState::Finished => {
                Text::message("tournament-title-final", [("tournament", tournament)])
            }
            _ if field.round_done(t.round) => Text::message(
                "tournament-title-after-round",
                [("tournament", tournament), ("round", Arg::number(t.round))],
            ),
            _ => Text::message(
                "tournament-title-during-round",
                [("tournament", tournament), ("round", Arg::number(t.round))],
            ),
        };
        let shown_round = match t.state {
            TournamentState::Running => t.round,
            _ => 0,
        };
        // A private answer: the table's words in the asker's language.
        let table = field.table(
            req.language,
            title.clone(),
            describe_terms(t),
            u32::MAX,
            shown_round,
        )?;
        let mut lines = vec![title];
        lines.extend(field.standings_lines(u32::MAX)?);
        let mut reply = Reply::private(Text::lines(lines));
        reply.board.standings = Some(table);
        self.draw_pictures(&mut reply).await?;
        Ok(reply)
    }

    async fn tournament_pairings(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<Reply, CoreError> {
        let t = self.tournament_here(req, id).await?;
        let field = Field::read(self, t).await?;
        let t = &field.t;
        if t.round == 0 {
            return Err(TournamentRefusal::TournamentNotStarted(t.name.clone()).into());
        }
        let tournament = named(&t.name);
        let round = Arg::number(t.round);
        let total = Arg::number(total_rounds(t, field.entrants.len()));
        let mut lines = vec![match (t.state, t.round_ends_at) {
            (TournamentState::Running, Some(ends)) => Text::message(
                "tournament-pairings-until",
                [
                    ("tournament", tournament),
                    ("round", round),
                    ("total", total),
                    ("until", Arg::time(ends)),
                ],
            ),
            _ => Text::message(
                "tournament-pairings",
                [
                    ("tournament", tournament),
                    ("round", round),
                    ("total", total),
                ],
            ),
        }];
        for g in field.round_games(t.round) {
            let pairing = Arg::Text(field.pairing_line(g));
            lines.push(match (g.match_id, g.result) {
                (Some(id), None) => Text::message(
                    "tournament-pairings-item-match",
                    [("pairing", pairing), ("id", Arg::number(id))],
                ),
                _ => Text::message("tournament-pairings-item", [("pairing", pairing)]),
            });
        }
        Ok(Reply::private(Text::lines(lines)))
    }

    async fn withdraw_from_tournament(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<Reply, CoreError> {
        let t = self.tournament_here(req, id).await?;
        if t.state == TournamentState::Signup {
            return self.leave_tournament(req, Some(t.id)).await;
        }
        if t.state != TournamentState::Running {
            return Err(TournamentRefusal::TournamentOver(t.name).into());
        }
        let mut tx = self.store.begin().await?;
        store::touch_tournament(&mut tx, t.id).await?;
        let over = TournamentRefusal::TournamentOver(t.name.clone());
        let t = store::load_tournament(&mut *tx, t.id)
            .await?
            .filter(|t| t.state == TournamentState::Running)
            .ok_or(over)?;
        if !store::withdraw_entrant(&mut tx, t.id, req.user.id, t.round).await? {
            return Err(TournamentRefusal::NotInTournament(t.name).into());
        }
        let games = store::games(&mut *tx, t.id).await?;
        let live = games
            .iter()
            .filter(|g| g.round == t.round && g.result.is_none())
            .filter(|g| g.south == req.user.id || g.north == Some(req.user.id))
            .find_map(|g| g.match_id);
        let headline = Text::message(
            "tournament-withdraws",
            [
                ("player", Arg::player(&req.user.name)),
                ("tournament", named(&t.name)),
            ],
        );
        if let Some(match_id) = live {
            let row = store::load_match(&mut *tx, match_id)
                .await?
                .filter(|r| r.state.is_active());
            if let Some(row) = row {
                return self.resign_to_withdraw(tx, req, &t, row, headline).await;
            }
        }
        let mut reply = Reply::public(headline);
        let mut notices = vec![self.announce(&mut tx, &t, &mut reply).await?];
        let t = reload(&mut tx, t.id).await?;
        notices.extend(self.advance(&mut tx, t).await?);
        tx.commit().await.map_err(StoreError::from)?;
        self.draw_notices(&mut notices).await;
        let mut answer = Reply::private(Text::message("tournament-withdrawn", []));
        if !self.config.outbox {
            answer.follows.also = notices;
        }
        Ok(answer)
    }

    /// A player who withdraws while playing their match of the round resigns it, in `tx`: the answer is
    /// the match's end, told privately as a match lost to the withdrawal, without the board's buttons
    /// and pings (the public board goes to the poster, or with the answer when there is no outbox).
    async fn resign_to_withdraw(
        &self,
        tx: WriteTx,
        req: &Request,
        t: &TournamentRow,
        row: MatchRow,
        headline: Text,
    ) -> Result<Reply, CoreError> {
        let match_id = row.id;
        let board_place = row.place;
        let side = row.side_of(req.user.id).ok_or_else(|| {
            InternalError::Inconsistent(format!("match {match_id} without its player"))
        })?;
        let mut game = row.game.clone();
        game.resign(side).map_err(|_| MatchRefusal::NoMatch)?;
        let outbox = self.config.outbox;
        self.finish_with(tx, row, game, headline, Via::Poster)
            .await?
            .map(|mut board| {
                // Without an outbox, the public board comes with the private answer.
                let mut also = std::mem::take(&mut board.follows.also);
                if !outbox {
                    let public = Notice {
                        place: board_place,
                        reply: board.clone(),
                    };
                    also.insert(0, public);
                }
                board.follows.also = also;
                board.make_private();
                board.text = Text::message(
                    "tournament-withdrawn-match-lost",
                    [
                        ("tournament", named(&t.name)),
                        ("id", Arg::number(match_id)),
                    ],
                );
                board.buttons.actions.clear();
                board.ping(Vec::new());
                board
            })
            .ok_or_else(|| MatchRefusal::Stale.into())
    }

    async fn cancel_tournament(
        &self,
        req: &Request,
        id: Option<TournamentId>,
    ) -> Result<Reply, CoreError> {
        let t = self.tournament_here(req, id).await?;
        if t.organiser != req.user.id && !req.can_manage {
            return Err(TournamentRefusal::NotOrganiser(t.organiser_name).into());
        }
        if !t.state.is_live() {
            return Err(TournamentRefusal::TournamentOver(t.name).into());
        }
        let now = self.now();
        let mut tx = self.store.begin().await?;
        if !store::update_tournament(&mut tx, &t, TournamentState::Cancelled, t.round, None, now)
            .await?
        {
            return Err(MatchRefusal::Stale.into());
        }
        let id = match t.state {
            TournamentState::Running => "tournament-cancelled-running",
            _ => "tournament-cancelled",
        };
        let mut reply = Reply::public(Text::message(
            id,
            [
                ("player", Arg::player(&req.user.name)),
                ("tournament", named(&t.name)),
            ],
        ));
        self.store_post(
            &mut tx,
            PostPlace::channel(req.place),
            &mut reply,
            Via::Answer,
        )
        .await?;
        tx.commit().await.map_err(StoreError::from)?;
        Ok(reply)
    }

    /// The clock's part: starts the tournaments whose start time has come, and ends the rounds whose days
    /// have run out, scoring their unfinished matches by the houses each player owns.
    pub(super) async fn sweep_tournaments(&self) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let mut notices = Vec::new();
        for t in store::due_tournaments(self.store.reader(), now).await? {
            if self.paused(t.place(), now) {
                continue;
            }
            let t_id = t.id;
            let mut tx = self.store.begin().await?;
            store::touch_tournament(&mut tx, t.id).await?;
            let Some(t) = store::load_tournament(&mut *tx, t.id).await? else {
                continue;
            };
            let mut done = match t.state {
                TournamentState::Signup if t.starts_at.is_some_and(|s| s <= now) => {
                    self.begin_tournament(&mut tx, t).await
                }
                TournamentState::Running if t.round_ends_at.is_some_and(|e| e <= now) => {
                    self.round_ran_out(&mut tx, t).await
                }
                _ => continue,
            };
            match done {
                Ok(ref mut made) => {
                    tx.commit().await.map_err(StoreError::from)?;
                    self.draw_notices(made).await;
                    notices.append(made);
                }
                // Another process got there first.
                Err(CoreError::User(UserError::Match(MatchRefusal::Stale))) => {}
                // One tournament's trouble must not stop the clock for everyone: logged, tried again at
                // the next sweep (its transaction is rolled back).
                Err(e) => {
                    tracing::error!(error = %super::cause_chain(&e), tournament = %t_id,
                        "a tournament could not move on")
                }
            }
        }
        Ok(notices)
    }

    /// A round's days have run out: its matches still being played end, scored by the houses each player
    /// owns, and the tournament moves on.
    async fn round_ran_out(
        &self,
        tx: &mut WriteTx,
        t: TournamentRow,
    ) -> Result<Vec<Notice>, CoreError> {
        let now = self.now();
        let games = store::games(&mut **tx, t.id).await?;
        let mut notices = Vec::new();
        for g in games
            .iter()
            .filter(|g| g.round == t.round && g.result.is_none())
        {
            let Some(match_id) = g.match_id else { continue };
            let Some(row) = store::load_match(&mut **tx, match_id)
                .await?
                .filter(|r| r.state.is_active())
            else {
                continue;
            };
            let mut game = row.game.clone();
            let result = game.adjudicate().map_err(|_| MatchRefusal::NoMatch)?;
            let rated = row.moves_played > 0;
            let Some(after) =
                store::finish_match(tx, row.id, row.version, &game, rated, now).await?
            else {
                return Err(MatchRefusal::Stale.into());
            };
            let ratings = match rated {
                true => Some(
                    super::ratings::rate_match(
                        tx,
                        t.server,
                        row.id,
                        row.players,
                        result.winner,
                        now,
                    )
                    .await?,
                ),
                false => None,
            };
            let headline = Text::message(
                "tournament-out-of-time",
                [
                    ("round", Arg::number(t.round)),
                    ("tournament", named(&t.name)),
                    ("id", Arg::number(row.id)),
                ],
            );
            let after = MatchAfter {
                row: &after,
                played: None,
                ratings,
                first_win: false,
            };
            let mut reply = self.match_message(&after, headline)?;
            self.store_post(tx, PostPlace::of_match(after.row), &mut reply, Via::Poster)
                .await?;
            notices.push(Notice {
                place: after.row.place,
                reply,
            });
            let result = match result.winner {
                Some(Player::South) => GameResult::SouthWon,
                Some(Player::North) => GameResult::NorthWon,
                None => GameResult::Draw,
            };
            store::decide_game(tx, t.id, g.round, g.board, result, DecidedBy::Houses).await?;
        }
        let t = reload(tx, t.id).await?;
        notices.extend(self.advance(tx, t).await?);
        Ok(notices)
    }
}

/// The tournament `id` as it stands now, within `tx` (it was read before: it must be there).
async fn reload(tx: &mut WriteTx, id: TournamentId) -> Result<TournamentRow, CoreError> {
    store::load_tournament(&mut **tx, id)
        .await?
        .ok_or_else(|| InternalError::Inconsistent(format!("tournament {id} vanished")).into())
}

/// Checks, within the change's transaction, that the tournament read before it is still in sign-up: a
/// start that came between would otherwise take a player in after the pairings were made.
async fn still_in_signup(tx: &mut WriteTx, t: &TournamentRow) -> Result<(), CoreError> {
    let now = store::load_tournament(&mut **tx, t.id).await?;
    match now.map(|now| now.state) {
        Some(TournamentState::Signup) => Ok(()),
        _ => Err(TournamentRefusal::TournamentStarted(t.name.clone()).into()),
    }
}

/// Tournaments follow every change to a match: a tournament game that ends (or is stopped) is scored, and
/// its tournament moves on, in the change's transaction.
pub(super) struct TournamentHook;

impl MatchHook for TournamentHook {
    fn after_reply<'a>(
        &'a self,
        core: &'a Core,
        tx: &'a mut WriteTx,
        change: &'a MatchChange<'a>,
        _reply: &'a mut Reply,
        also: &'a mut Vec<Notice>,
    ) -> HookFuture<'a> {
        Box::pin(async move {
            if !change.row.state.is_active() {
                also.extend(core.tournament_match_over(tx, change.row).await?);
            }
            Ok(())
        })
    }
}
