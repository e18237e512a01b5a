//! `challenge`, `accept`, `decline`, `cancel`: one open challenge per channel, answered by the challenged
//! player, withdrawn by the challenger, expiring on its own.

use super::context::MatchChange;
use super::error::{CoreError, InternalError};
use super::outbox::{PostPlace, Via};
use super::vocabulary::actions::{ActionId, ChallengeAnswer};
use super::vocabulary::{
    ChallengeOptions, ChallengeRefusal, MatchRefusal, Request, TermsDefaults, UserRef,
};
use super::{text, Action, Arg, Core, Reply, Text};
use namnam_ai::Level;
use namnam_game::{ByPlayer, Match, Player};
use namnam_model::{ChallengeId, FirstMover, Terms};
use namnam_store::{self as store, ChallengeRow, ChallengeState, PlayerKind, WriteTx};

/// How long after a challenge was declined or withdrawn its challenger may challenge the same person again.
pub const REPEAT_CHALLENGE_AFTER_MS: i64 = 10 * 60_000;

/// The level when a challenge names none.
pub const DEFAULT_LEVEL: Level = Level::DEFAULT;

impl Core {
    pub(super) async fn challenge(
        &self,
        req: &Request,
        opponent: &UserRef,
        options: &ChallengeOptions,
    ) -> Result<Reply, CoreError> {
        if opponent.id == req.user.id {
            return Err(ChallengeRefusal::SelfChallenge.into());
        }
        if opponent.kind == PlayerKind::Engine {
            return self.challenge_computer(req, opponent, options).await;
        }
        if options.level.is_some() {
            return Err(ChallengeRefusal::LevelForPeople.into());
        }
        if opponent.kind != PlayerKind::Human {
            return Err(ChallengeRefusal::ChallengeBot(opponent.name.clone()).into());
        }
        let place = &req.place;
        let terms = self.new_match_terms(req, options).await?;
        let now = self.now();
        let expires_at = now + i64::from(self.config.challenge_ttl_secs) * 1000;
        let mut tx = self.store.begin().await?;
        // Challenging and withdrawing, over and over, would ping the same person each time.
        if let Some(closed) =
            store::last_turned_down(&mut *tx, place.server, req.user.id, opponent.id).await?
        {
            let until = closed + REPEAT_CHALLENGE_AFTER_MS;
            if now < until {
                return Err(ChallengeRefusal::ChallengeTooSoon {
                    name: opponent.name.clone(),
                    until,
                }
                .into());
            }
        }
        if let Some(expired) = claim_channel(&mut tx, req, opponent, now).await? {
            store::close_challenge(&mut tx, expired, ChallengeState::Expired, now).await?;
        }
        let id = store::insert_challenge(
            &mut tx,
            place.server,
            place.channel,
            req.user.id,
            opponent.id,
            &terms,
            now,
            expires_at,
        )
        .await?;

        let first = match terms.first {
            FirstMover::Challenger => {
                Text::message("first-player", [("name", Arg::player(&req.user.name))])
            }
            FirstMover::Challenged => {
                Text::message("first-player", [("name", Arg::player(&opponent.name))])
            }
            FirstMover::Random => Text::message("first-random", []),
        };
        let mut reply = Reply::public(Text::message(
            "challenge",
            [
                ("challenger", Arg::player(&req.user.name)),
                ("challenged", Arg::player(&opponent.name)),
                (
                    "terms",
                    Arg::Text(Text::list(
                        text::describe_terms(text::TermsForm::Full, &terms),
                        ", ",
                    )),
                ),
                ("first", Arg::Text(first)),
                ("accept", Arg::command("accept")),
                ("decline", Arg::command("decline")),
                (
                    "ttl",
                    Arg::Text(text::duration(self.config.challenge_ttl_secs)),
                ),
            ],
        ));
        reply.actions = vec![
            challenge_action(
                id,
                ChallengeAnswer::Accept,
                Text::message("button-challenge-accept", []),
            ),
            challenge_action(
                id,
                ChallengeAnswer::Decline,
                Text::message("button-challenge-decline", []),
            ),
            challenge_action(
                id,
                ChallengeAnswer::Cancel,
                Text::message("button-challenge-cancel", []),
            ),
        ];
        reply.notify = vec![opponent.id];
        let post_place = PostPlace::channel(place.server, place.channel);
        self.store_post(&mut tx, post_place, &mut reply, Via::Answer)
            .await?;
        tx.commit().await.map_err(store::StoreError::from)?;
        Ok(reply)
    }

    pub(super) async fn accept(
        &self,
        req: &Request,
        challenge: Option<ChallengeId>,
    ) -> Result<Reply, CoreError> {
        let now = self.now();
        let place = &req.place;
        let mut tx = self.store.begin().await?;
        let open = open_challenge(&mut tx, req, challenge).await?;
        if open.challenged != req.user.id {
            return Err(if open.challenger == req.user.id {
                ChallengeRefusal::OwnChallenge(open.challenged_name)
            } else {
                ChallengeRefusal::NotChallenged(open.challenged_name)
            }
            .into());
        }
        if open.expires_at <= now && !self.paused(open.server, now) {
            self.expire(&mut tx, &open, now).await?;
            tx.commit().await.map_err(store::StoreError::from)?;
            return Err(ChallengeRefusal::ChallengeExpired.into());
        }
        let pair = (open.challenger, open.challenged);
        if store::active_match_of_pair(&mut *tx, place.server, place.channel, pair)
            .await?
            .is_some()
        {
            let (a, b) = (open.challenger_name.clone(), open.challenged_name.clone());
            return Err(ChallengeRefusal::PairInChannel(a, b).into());
        }
        // The challenger plays South, unless these two have met before: a rematch swaps sides.
        let challenger_side = match last_meeting(&mut tx, &open).await? {
            Some(side_last_time) => side_last_time.other(),
            None => Player::South,
        };
        let first = match open.terms.first {
            FirstMover::Challenger => challenger_side,
            FirstMover::Challenged => challenger_side.other(),
            FirstMover::Random if self.coin() => Player::South,
            FirstMover::Random => Player::North,
        };
        let options = open
            .terms
            .match_options(first)
            .map_err(|e| InternalError::Inconsistent(format!("challenge {}: {e}", open.id)))?;
        let game = Match::new(options);
        let mut players = namnam_game::ByPlayer::new(open.challenger, open.challenged);
        if challenger_side == Player::North {
            players = namnam_game::ByPlayer::new(open.challenged, open.challenger);
        }
        let clock_ms = i64::from(open.terms.clock_secs) * 1000;
        let deadline = now + clock_ms;
        let remind_at = deadline - clock_ms / 4;
        req.user.note_in(&mut tx, &req.place, now).await?;
        store::close_challenge(&mut tx, open.id, ChallengeState::Accepted, now).await?;
        let match_id = store::insert_match(
            &mut tx,
            &store::NewMatch {
                server: place.server,
                channel: place.channel,
                channel_name: &place.channel_name,
                challenge_id: Some(open.id),
                players,
                game: &game,
                clock_secs: open.terms.clock_secs,
                deadline,
                remind_at,
                now_ms: now,
                engine_level: None,
            },
        )
        .await?;
        let row = store::load_match(&mut *tx, match_id)
            .await?
            .ok_or_else(|| InternalError::Inconsistent(format!("match {match_id} vanished")))?;
        // Both were at the board: the challenger when they challenged, the one accepting now.
        store::mark_acted(&mut tx, match_id, open.challenger, open.created_at).await?;
        self.acted(&mut tx, match_id, req.user.id).await?;
        let settings = store::server_settings(self.store.reader(), place.server).await?;
        let names = &row.names;
        let t = game.position().territory();
        let headline = Text::message(
            "challenge-accepted",
            [
                ("name", Arg::player(&req.user.name)),
                ("id", Arg::number(match_id)),
                ("sides", Arg::Text(text::sides(t, names))),
            ],
        );
        let mut reply = self
            .commit_match_reply(tx, MatchChange::as_it_stands(&row), headline, Via::Answer)
            .await?;
        self.metrics.count_match_started();
        if settings.thread_per_match {
            reply.open_thread = Some(format!("{} vs {}", names.south, names.north));
        }
        Ok(reply)
    }

    /// Closes an open challenge whose time is up, with its public notice, within `tx`; returns the notice.
    pub(super) async fn expire(
        &self,
        tx: &mut WriteTx,
        open: &ChallengeRow,
        now: i64,
    ) -> Result<Reply, CoreError> {
        store::close_challenge(tx, open.id, ChallengeState::Expired, now).await?;
        let mut notice = Reply::public(Text::message(
            "challenge-expired",
            [
                ("challenger", Arg::player(&open.challenger_name)),
                ("challenged", Arg::player(&open.challenged_name)),
            ],
        ));
        let place = PostPlace::channel(open.server, open.channel);
        self.store_post(tx, place, &mut notice, Via::Poster).await?;
        Ok(notice)
    }

    pub(super) async fn decline(
        &self,
        req: &Request,
        challenge: Option<ChallengeId>,
    ) -> Result<Reply, CoreError> {
        self.close(req, challenge, ChallengeState::Declined).await
    }

    pub(super) async fn cancel(
        &self,
        req: &Request,
        challenge: Option<ChallengeId>,
    ) -> Result<Reply, CoreError> {
        self.close(req, challenge, ChallengeState::Cancelled).await
    }

    async fn close(
        &self,
        req: &Request,
        challenge: Option<ChallengeId>,
        how: ChallengeState,
    ) -> Result<Reply, CoreError> {
        let now = self.now();
        let mut tx = self.store.begin().await?;
        let open = open_challenge(&mut tx, req, challenge).await?;
        let (allowed, who) = match how {
            ChallengeState::Declined => (
                open.challenged,
                ChallengeRefusal::NotChallenged(open.challenged_name.clone()),
            ),
            _ => (
                open.challenger,
                ChallengeRefusal::NotChallenger(open.challenger_name.clone()),
            ),
        };
        if req.user.id != allowed {
            return Err(who.into());
        }
        if open.expires_at <= now && !self.paused(open.server, now) {
            self.expire(&mut tx, &open, now).await?;
            tx.commit().await.map_err(store::StoreError::from)?;
            return Err(ChallengeRefusal::ChallengeExpired.into());
        }
        store::close_challenge(&mut tx, open.id, how, now).await?;
        let text = match how {
            ChallengeState::Declined => Text::message(
                "challenge-declined",
                [
                    ("challenged", Arg::player(&open.challenged_name)),
                    ("challenger", Arg::player(&open.challenger_name)),
                ],
            ),
            _ => Text::message(
                "challenge-withdrawn",
                [
                    ("challenger", Arg::player(&open.challenger_name)),
                    ("challenged", Arg::player(&open.challenged_name)),
                ],
            ),
        };
        let mut reply = Reply::public(text);
        let post_place = PostPlace::channel(open.server, open.channel);
        self.store_post(&mut tx, post_place, &mut reply, Via::Answer)
            .await?;
        tx.commit().await.map_err(store::StoreError::from)?;
        Ok(reply)
    }
}

impl Core {
    /// The terms of a new challenge or computer match in the request's channel: the options given, else the
    /// server's defaults. Refused where the server allows no matches.
    pub(super) async fn new_match_terms(
        &self,
        req: &Request,
        options: &ChallengeOptions,
    ) -> Result<Terms, CoreError> {
        let place = &req.place;
        let settings = store::server_settings(self.store.reader(), place.server).await?;
        if !settings.allowed_channels.is_empty()
            && !settings.allowed_channels.contains(&place.channel)
        {
            return Err(ChallengeRefusal::ChannelNotAllowed.into());
        }
        Ok(options.terms.with_defaults(TermsDefaults {
            target: settings.default_target,
            clock_secs: settings.default_clock_secs,
        }))
    }
}

/// Records the server and both players, then checks that the request's channel is free for a new challenge
/// or match: no active match of these two players there, no open challenge. Returns the id of an open challenge that has expired but is
/// not closed yet (for the caller to close, or to leave to the clock).
pub(super) async fn claim_channel(
    tx: &mut WriteTx,
    req: &Request,
    opponent: &UserRef,
    now: i64,
) -> Result<Option<ChallengeId>, CoreError> {
    let place = &req.place;
    req.user.note_in(tx, place, now).await?;
    opponent.note_in(tx, place, now).await?;
    let pair = (req.user.id, opponent.id);
    if store::active_match_of_pair(&mut **tx, place.server, place.channel, pair)
        .await?
        .is_some()
    {
        let names = (req.user.name.clone(), opponent.name.clone());
        return Err(ChallengeRefusal::PairInChannel(names.0, names.1).into());
    }
    match store::find_open_challenge(&mut **tx, place.server, place.channel).await? {
        Some(open) if open.expires_at > now => Err(ChallengeRefusal::ChallengeOpen {
            challenger: open.challenger_name,
            challenged: open.challenged_name,
        }
        .into()),
        Some(expired) => Ok(Some(expired.id)),
        None => Ok(None),
    }
}

/// The open challenge in the request's channel; a button for another challenge is stale.
async fn open_challenge(
    tx: &mut WriteTx,
    req: &Request,
    expected: Option<ChallengeId>,
) -> Result<ChallengeRow, CoreError> {
    let open = store::find_open_challenge(&mut **tx, req.place.server, req.place.channel).await?;
    match open {
        None if expected.is_some() => Err(MatchRefusal::Stale.into()),
        None => Err(ChallengeRefusal::NoChallenge.into()),
        Some(c) if expected.is_some_and(|id| id != c.id) => Err(MatchRefusal::Stale.into()),
        Some(c) => Ok(c),
    }
}

/// The side the challenger played the last time these two met in this server.
async fn last_meeting(tx: &mut WriteTx, c: &ChallengeRow) -> Result<Option<Player>, CoreError> {
    let south = store::last_meeting_south(tx, c.server, c.challenger, c.challenged).await?;
    Ok(south.map(|s| {
        if s == c.challenger {
            Player::South
        } else {
            Player::North
        }
    }))
}

fn challenge_action(challenge: ChallengeId, answer: ChallengeAnswer, label: Text) -> Action {
    Action::new(ActionId::Challenge { challenge, answer }, label)
}

impl Core {
    /// `challenge opponent:namnam`: the match starts at once, the challenger playing South.
    pub(super) async fn challenge_computer(
        &self,
        req: &Request,
        computer: &UserRef,
        options: &ChallengeOptions,
    ) -> Result<Reply, CoreError> {
        let place = &req.place;
        let level = options.level.unwrap_or(DEFAULT_LEVEL);
        let terms = self.new_match_terms(req, options).await?;
        let first = match terms.first {
            FirstMover::Challenger => Player::South,
            FirstMover::Challenged => Player::North,
            FirstMover::Random if self.coin() => Player::South,
            FirstMover::Random => Player::North,
        };
        let match_options = terms
            .match_options(first)
            .map_err(|e| InternalError::Inconsistent(format!("computer match options: {e}")))?;
        let game = Match::new(match_options);
        let now = self.now();
        let clock_ms = i64::from(terms.clock_secs) * 1000;
        let mut tx = self.store.begin().await?;
        // An expired challenge still open here is left for the clock to close and announce.
        claim_channel(&mut tx, req, computer, now).await?;
        let match_id = store::insert_match(
            &mut tx,
            &store::NewMatch {
                server: place.server,
                channel: place.channel,
                channel_name: &place.channel_name,
                challenge_id: None,
                players: ByPlayer::new(req.user.id, computer.id),
                game: &game,
                clock_secs: terms.clock_secs,
                deadline: now + clock_ms,
                remind_at: now + clock_ms - clock_ms / 4,
                now_ms: now,
                engine_level: Some(level),
            },
        )
        .await?;
        let row = store::load_match(&mut *tx, match_id)
            .await?
            .ok_or_else(|| InternalError::Inconsistent(format!("match {match_id} vanished")))?;
        let t = game.position().territory();
        let headline = Text::message(
            "match-computer-start",
            [
                ("id", Arg::number(match_id)),
                ("level", Arg::number(level.number())),
                ("sides", Arg::Text(text::sides(t, &row.names))),
            ],
        );
        let reply = self
            .commit_match_reply(tx, MatchChange::as_it_stands(&row), headline, Via::Answer)
            .await?;
        self.metrics.count_match_started();
        Ok(reply)
    }
}
