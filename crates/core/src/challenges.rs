//! `challenge`, `accept`, `decline`, `cancel`: one open challenge per channel, answered by the challenged
//! player, withdrawn by the challenger, expiring on its own; and a challenge drafted privately from a
//! member's menu, its terms changed by buttons before it is sent.

use super::context::MatchChange;
use super::error::{CoreError, InternalError};
use super::outbox::{PostPlace, Via};
use super::reply::Pressed;
use super::vocabulary::actions::{ActionId, ChallengeAnswer};
use super::vocabulary::{
    ChallengeDraft, ChallengeOptions, ChallengeRefusal, MatchRefusal, Request, TermsDefaults,
    TermsOptions, UserRef,
};
use super::{text, Action, Arg, Core, Reply, Text};
use namnam_ai::Level;
use namnam_game::{ByPlayer, Match, Player};
use namnam_model::{ChallengeId, FirstMover, Place, PlayerKind, Terms, UserId};
use namnam_store::{self as store, ChallengeRow, ChallengeState, WriteTx};

/// How long after a challenge was declined, withdrawn or left to expire its challenger may challenge the
/// same person again, in any place.
pub const REPEAT_CHALLENGE_AFTER_MS: i64 = 10 * 60_000;

/// The most challenges one person may have open at once, across every place (to people or to anyone):
/// enough to look for a game in a few places, too few to ping a crowd.
pub const MAX_OPEN_CHALLENGES: usize = 3;

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
        self.challenge_person(req, opponent, options).await
    }

    /// A challenge from the opponent's menu: a private draft on the place's default terms (or `terms`),
    /// with buttons to change them and to send it; nothing is asked of the opponent yet. Refused as
    /// `challenge` refuses; on Namnam itself, the match against the computer starts at once, as
    /// `challenge` starts it (a level is all there would be to choose, and the match shows it).
    pub(super) async fn challenge_from_menu(
        &self,
        req: &Request,
        opponent: &UserRef,
        terms: &TermsOptions,
    ) -> Result<Reply, CoreError> {
        let options = ChallengeOptions {
            terms: *terms,
            level: None,
        };
        if opponent.kind != PlayerKind::Human || opponent.id == req.user.id {
            return self.challenge(req, opponent, &options).await;
        }
        // Refused at once where the place allows no matches, or nobody else could answer it.
        only_us_here(req)?;
        let terms = self.new_match_terms(req, &options).await?;
        // What would refuse the challenge now is said now, before its terms are chosen: the same checks
        // as Send's (which makes them again). They note both players, as a challenge to them would: Send
        // names the opponent as the store knows them (the draft's ids carry no names).
        let (now, mut tx) = (self.now(), self.store.begin().await?);
        // The channel first: a challenge open here already is the more telling answer.
        claim_channel(&mut tx, req, opponent, now).await?;
        not_again_so_soon(&mut tx, req, opponent, now).await?;
        tx.commit().await.map_err(store::StoreError::from)?;
        let draft = ChallengeDraft {
            challenger: req.user.id,
            opponent: opponent.id,
            rounds: terms.round_limit,
            clock_secs: terms.clock_secs,
            first: terms.first,
        };
        self.draft_reply(req, &opponent.name, draft).await
    }

    /// A draft's term button: the draft again, with the term its id changed, in place of the pressed one.
    pub(super) async fn challenge_draft(
        &self,
        req: &Request,
        draft: ChallengeDraft,
    ) -> Result<Reply, CoreError> {
        let opponent = self.drafted_opponent(req, &draft).await?;
        let mut reply = self.draft_reply(req, &opponent.name, draft).await?;
        reply.buttons.pressed = Pressed::Replaced;
        Ok(reply)
    }

    /// A draft's Send: the challenge `challenge` with the draft's terms makes (the same refusals, the same
    /// public message, stored the same way); the draft's buttons are of no more use.
    pub(super) async fn send_draft(
        &self,
        req: &Request,
        draft: ChallengeDraft,
    ) -> Result<Reply, CoreError> {
        let opponent = self.drafted_opponent(req, &draft).await?;
        let mut reply = self.challenge(req, &opponent, &draft.options()).await?;
        reply.buttons.pressed = Pressed::Retired;
        Ok(reply)
    }

    /// The opponent of a draft whose button `req`'s user pressed, as the store knows them: only the one
    /// who drafted it may press its buttons (the console and a forged id must not get round Discord's
    /// ephemeral message); an opponent the menu never noted is a forged id, refused as out of date.
    async fn drafted_opponent(
        &self,
        req: &Request,
        draft: &ChallengeDraft,
    ) -> Result<UserRef, CoreError> {
        if draft.challenger != req.user.id {
            return Err(ChallengeRefusal::NotYourDraft.into());
        }
        let db = self.store.reader();
        let name = match req.place.server() {
            Some(server) => store::server_name(db, server, draft.opponent).await?,
            None => store::player_name(db, draft.opponent).await?,
        };
        let person = store::is_person(db, draft.opponent).await?;
        let (Some(name), Some(person)) = (name, person) else {
            return Err(MatchRefusal::Stale.into());
        };
        if !person {
            return Err(ChallengeRefusal::ChallengeBot(name).into());
        }
        Ok(UserRef {
            id: draft.opponent,
            name,
            // Their account's name stays as it was noted.
            account_name: None,
            kind: PlayerKind::Human,
        })
    }

    /// A draft as only its challenger sees it: to whom, on which terms (as the challenge will say them),
    /// who moves first, and a button per term and Send.
    async fn draft_reply(
        &self,
        req: &Request,
        opponent: &str,
        draft: ChallengeDraft,
    ) -> Result<Reply, CoreError> {
        let terms = self.new_match_terms(req, &draft.options()).await?;
        let default_clock = self.settings_of(req.place).await?.default_clock_secs;
        let described = text::describe_terms(text::TermsForm::Full, &terms);
        let mut reply = Reply::private(Text::message(
            "challenge-draft",
            [
                ("challenged", Arg::player(opponent)),
                ("terms", Arg::Text(Text::list(described, ", "))),
                (
                    "first",
                    Arg::Text(first_words(terms.first, &req.user.name, Some(opponent))),
                ),
            ],
        ));
        reply.buttons.actions = draft_buttons(draft, default_clock, opponent);
        Ok(reply)
    }

    /// A challenge to a person, open in the request's channel until it is answered or expires.
    async fn challenge_person(
        &self,
        req: &Request,
        opponent: &UserRef,
        options: &ChallengeOptions,
    ) -> Result<Reply, CoreError> {
        only_us_here(req)?;
        let place = &req.place;
        let terms = self.new_match_terms(req, options).await?;
        let now = self.now();
        let expires_at = now + i64::from(self.config.challenge_ttl_secs) * 1000;
        let mut tx = self.store.begin().await?;
        // The channel first: a challenge open here already is the more telling answer.
        let expired = claim_channel(&mut tx, req, opponent, now).await?;
        not_again_so_soon(&mut tx, req, opponent, now).await?;
        if let Some(expired) = expired {
            store::close_challenge(&mut tx, expired, ChallengeState::Expired, now).await?;
        }
        let id = store::insert_challenge(
            &mut tx,
            *place,
            req.user.id,
            Some(opponent.id),
            &terms,
            now,
            expires_at,
        )
        .await?;
        let mut reply = self.challenge_reply(req, opponent, &terms, id);
        let post_place = PostPlace::channel(*place);
        self.store_post(&mut tx, post_place, &mut reply, Via::Answer)
            .await?;
        tx.commit().await.map_err(store::StoreError::from)?;
        Ok(reply)
    }

    /// A challenge to anyone who sees it (`challenge` without an opponent): open in the request's channel
    /// until someone accepts it, its challenger withdraws it, or it expires. It pings nobody.
    pub(super) async fn challenge_anyone(
        &self,
        req: &Request,
        options: &ChallengeOptions,
    ) -> Result<Reply, CoreError> {
        only_us_here(req)?;
        if options.level.is_some() {
            return Err(ChallengeRefusal::LevelForPeople.into());
        }
        let place = &req.place;
        let terms = self.new_match_terms(req, options).await?;
        let now = self.now();
        let expires_at = now + i64::from(self.config.challenge_ttl_secs) * 1000;
        let mut tx = self.store.begin().await?;
        req.user.note_in(&mut tx, req, now).await?;
        within_challenge_bound(&mut tx, req, now).await?;
        if let Some(expired) = channel_free(&mut tx, req, now).await? {
            store::close_challenge(&mut tx, expired, ChallengeState::Expired, now).await?;
        }
        let id =
            store::insert_challenge(&mut tx, *place, req.user.id, None, &terms, now, expires_at)
                .await?;
        let mut reply = self.open_challenge_reply(req, &terms, id);
        self.store_post(&mut tx, PostPlace::channel(*place), &mut reply, Via::Answer)
            .await?;
        tx.commit().await.map_err(store::StoreError::from)?;
        Ok(reply)
    }

    /// A challenge to anyone as the channel sees it: its terms, who moves first, and the buttons to accept
    /// it (or withdraw it).
    fn open_challenge_reply(&self, req: &Request, terms: &Terms, id: ChallengeId) -> Reply {
        let first = first_words(terms.first, &req.user.name, None);
        let described = text::describe_terms(text::TermsForm::Full, terms);
        let mut reply = Reply::public(Text::message(
            "challenge-open",
            [
                ("challenger", Arg::player(&req.user.name)),
                ("terms", Arg::Text(Text::list(described, ", "))),
                ("first", Arg::Text(first)),
                ("accept", Arg::command("accept")),
                (
                    "ttl",
                    Arg::Text(text::duration(self.config.challenge_ttl_secs)),
                ),
            ],
        ));
        reply.buttons.actions = [
            (ChallengeAnswer::Accept, "button-challenge-accept"),
            (ChallengeAnswer::Cancel, "button-challenge-cancel"),
        ]
        .into_iter()
        .map(|(answer, label)| challenge_action(id, answer, Text::message(label, [])))
        .collect();
        reply
    }

    /// A challenge as the channel sees it: who challenges whom on which terms, who moves first, and the
    /// buttons to answer it (or withdraw it); the challenged player is pinged.
    fn challenge_reply(
        &self,
        req: &Request,
        opponent: &UserRef,
        terms: &Terms,
        id: ChallengeId,
    ) -> Reply {
        let first = first_words(terms.first, &req.user.name, Some(&opponent.name));
        let described = text::describe_terms(text::TermsForm::Full, terms);
        let mut reply = Reply::public(Text::message(
            "challenge",
            [
                ("challenger", Arg::player(&req.user.name)),
                ("challenged", Arg::player(&opponent.name)),
                ("terms", Arg::Text(Text::list(described, ", "))),
                ("first", Arg::Text(first)),
                ("accept", Arg::command("accept")),
                ("decline", Arg::command("decline")),
                (
                    "ttl",
                    Arg::Text(text::duration(self.config.challenge_ttl_secs)),
                ),
            ],
        ));
        reply.buttons.actions = [
            (ChallengeAnswer::Accept, "button-challenge-accept"),
            (ChallengeAnswer::Decline, "button-challenge-decline"),
            (ChallengeAnswer::Cancel, "button-challenge-cancel"),
        ]
        .into_iter()
        .map(|(answer, label)| challenge_action(id, answer, Text::message(label, [])))
        .collect();
        reply.ping(vec![opponent.id]);
        reply
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
        let challenged = open.challenged.as_ref().map(|(id, _)| *id);
        if open.challenger == req.user.id {
            let to = open.challenged.map(|(_, name)| name);
            return Err(ChallengeRefusal::OwnChallenge(to).into());
        }
        if let Some((_, name)) = open
            .challenged
            .as_ref()
            .filter(|_| challenged != Some(req.user.id))
        {
            return Err(ChallengeRefusal::NotChallenged(name.clone()).into());
        }
        if open.expires_at <= now && !self.paused(open.place, now) {
            self.expire(&mut tx, &open, now).await?;
            tx.commit().await.map_err(store::StoreError::from)?;
            return Err(ChallengeRefusal::ChallengeExpired.into());
        }
        let pair = (open.challenger, req.user.id);
        if store::active_match_of_pair(&mut *tx, *place, pair)
            .await?
            .is_some()
        {
            let (a, b) = (open.challenger_name.clone(), req.user.name.clone());
            return Err(ChallengeRefusal::PairInChannel(a, b).into());
        }
        req.user.note_in(&mut tx, req, now).await?;
        if challenged.is_some() {
            store::close_challenge(&mut tx, open.id, ChallengeState::Accepted, now).await?;
        } else if !store::take_open_challenge(&mut tx, open.id, req.user.id, now).await? {
            // Another player took it first (on this process or another): it is no longer open.
            return Err(ChallengeRefusal::NoChallenge.into());
        }
        let open = ChallengeRow {
            challenged: Some((req.user.id, req.user.name.clone())),
            ..open
        };
        let row = self.start_accepted(&mut tx, req, &open, now).await?;
        let match_id = row.id;
        // Both were at the board: the challenger when they challenged, the one accepting now.
        store::mark_acted(&mut tx, match_id, open.challenger, open.created_at).await?;
        self.acted(&mut tx, match_id, req.user.id).await?;
        let settings = self.settings_of(req.place).await?;
        let names = &row.names;
        let t = row.game.position().territory();
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
            reply.follows.open_thread = Some(format!("{} vs {}", names.south, names.north));
        }
        Ok(reply)
    }

    /// The match an accepted challenge starts, stored within `tx`: the challenger plays South unless these
    /// two have met before (a rematch swaps sides), and the first mover is as the challenge said.
    async fn start_accepted(
        &self,
        tx: &mut WriteTx,
        req: &Request,
        open: &ChallengeRow,
        now: i64,
    ) -> Result<store::MatchRow, CoreError> {
        let challenger_side = match last_meeting(tx, open).await? {
            Some(side_last_time) => side_last_time.other(),
            None => Player::South,
        };
        let first = self.first_player(open.terms.first, challenger_side);
        let options = open
            .terms
            .match_options(first)
            .map_err(|e| InternalError::Inconsistent(format!("challenge {}: {e}", open.id)))?;
        let challenged = challenged_of(open)?;
        let players = match challenger_side {
            Player::South => ByPlayer::new(open.challenger, challenged),
            Player::North => ByPlayer::new(challenged, open.challenger),
        };
        let clock_ms = i64::from(open.terms.clock_secs) * 1000;
        let deadline = now + clock_ms;
        let place = &req.place;
        let match_id = store::insert_match(
            tx,
            &store::NewMatch {
                place: *place,
                channel_name: &req.names.channel,
                challenge_id: Some(open.id),
                players,
                game: &Match::new(options),
                clock_secs: open.terms.clock_secs,
                deadline,
                remind_at: deadline - clock_ms / 4,
                now_ms: now,
                engine_level: None,
            },
        )
        .await?;
        store::load_match(&mut **tx, match_id)
            .await?
            .ok_or_else(|| InternalError::Inconsistent(format!("match {match_id} vanished")).into())
    }

    /// Who moves first, as the terms say, the challenger playing `challenger_side`: drawn by lot when the
    /// terms leave it to chance.
    fn first_player(&self, first: FirstMover, challenger_side: Player) -> Player {
        match first {
            FirstMover::Challenger => challenger_side,
            FirstMover::Challenged => challenger_side.other(),
            FirstMover::Random if self.coin() => Player::South,
            FirstMover::Random => Player::North,
        }
    }

    /// Closes an open challenge whose time is up, with its public notice, within `tx`; returns the notice.
    pub(super) async fn expire(
        &self,
        tx: &mut WriteTx,
        open: &ChallengeRow,
        now: i64,
    ) -> Result<Reply, CoreError> {
        store::close_challenge(tx, open.id, ChallengeState::Expired, now).await?;
        let mut notice = Reply::public(match &open.challenged {
            Some((_, challenged)) => Text::message(
                "challenge-expired",
                [
                    ("challenger", Arg::player(&open.challenger_name)),
                    ("challenged", Arg::player(challenged)),
                ],
            ),
            None => Text::message(
                "challenge-open-expired",
                [("challenger", Arg::player(&open.challenger_name))],
            ),
        });
        self.store_challenge_notice(tx, open.place, open.challenger, &mut notice)
            .await?;
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
        let (allowed, who) = match (how, &open.challenged) {
            (ChallengeState::Declined, None) => {
                return Err(ChallengeRefusal::OpenNotDeclined.into())
            }
            (ChallengeState::Declined, Some((challenged, name))) => {
                (*challenged, ChallengeRefusal::NotChallenged(name.clone()))
            }
            _ => (
                open.challenger,
                ChallengeRefusal::NotChallenger(open.challenger_name.clone()),
            ),
        };
        if req.user.id != allowed {
            return Err(who.into());
        }
        let challenged_name = open.challenged.as_ref().map(|(_, name)| name.as_str());
        if open.expires_at <= now && !self.paused(open.place, now) {
            self.expire(&mut tx, &open, now).await?;
            tx.commit().await.map_err(store::StoreError::from)?;
            return Err(ChallengeRefusal::ChallengeExpired.into());
        }
        store::close_challenge(&mut tx, open.id, how, now).await?;
        let text = match (how, challenged_name) {
            (_, None) => Text::message(
                "challenge-open-withdrawn",
                [("challenger", Arg::player(&open.challenger_name))],
            ),
            (ChallengeState::Declined, Some(challenged)) => Text::message(
                "challenge-declined",
                [
                    ("challenged", Arg::player(challenged)),
                    ("challenger", Arg::player(&open.challenger_name)),
                ],
            ),
            (_, Some(challenged)) => Text::message(
                "challenge-withdrawn",
                [
                    ("challenger", Arg::player(&open.challenger_name)),
                    ("challenged", Arg::player(challenged)),
                ],
            ),
        };
        let mut reply = Reply::public(text);
        let post_place = PostPlace::channel(open.place);
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
        let settings = self.settings_of(req.place).await?;
        if !settings.allowed_channels.is_empty()
            && !settings.allowed_channels.contains(&req.place.channel())
        {
            return Err(ChallengeRefusal::ChannelNotAllowed.into());
        }
        Ok(options.terms.with_defaults(TermsDefaults {
            target: settings.default_target,
            clock_secs: settings.default_clock_secs,
        }))
    }
}

/// A challenge pings its opponent, so how often one person can be pinged is bounded, counted across every
/// place (each channel, DM and group DM): one open challenge per pair, none again for a while after the
/// last one to them was declined, withdrawn or left to expire, and at most [`MAX_OPEN_CHALLENGES`] open
/// per challenger (see [`within_challenge_bound`]).
async fn not_again_so_soon(
    tx: &mut WriteTx,
    req: &Request,
    opponent: &UserRef,
    now: i64,
) -> Result<(), CoreError> {
    let pair = (req.user.id, opponent.id);
    if let Some(until) = store::open_challenge_between(&mut **tx, pair, now).await? {
        return Err(ChallengeRefusal::PairChallenged {
            name: opponent.name.clone(),
            until,
        }
        .into());
    }
    let closed = store::last_turned_down(&mut **tx, req.user.id, opponent.id, now).await?;
    if let Some(until) = closed.map(|closed| closed + REPEAT_CHALLENGE_AFTER_MS) {
        if now < until {
            let name = opponent.name.clone();
            return Err(ChallengeRefusal::ChallengeTooSoon { name, until }.into());
        }
    }
    within_challenge_bound(tx, req, now).await
}

/// A challenger may have at most [`MAX_OPEN_CHALLENGES`] challenges open at once, in all places together
/// (a challenge open to anyone counts too: it calls a channel).
async fn within_challenge_bound(
    tx: &mut WriteTx,
    req: &Request,
    now: i64,
) -> Result<(), CoreError> {
    let open = store::open_challenges_of(&mut **tx, req.user.id, now).await?;
    match open.first() {
        Some(&until) if open.len() >= MAX_OPEN_CHALLENGES => {
            Err(ChallengeRefusal::TooManyChallenges {
                open: open.len(),
                until,
            }
            .into())
        }
        _ => Ok(()),
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
    req.user.note_in(tx, req, now).await?;
    opponent.note_in(tx, req, now).await?;
    let pair = (req.user.id, opponent.id);
    if store::active_match_of_pair(&mut **tx, req.place, pair)
        .await?
        .is_some()
    {
        let names = (req.user.name.clone(), opponent.name.clone());
        return Err(ChallengeRefusal::PairInChannel(names.0, names.1).into());
    }
    channel_free(tx, req, now).await
}

/// Checks that the request's channel holds no open challenge; returns the id of one that has expired but
/// is not closed yet (for the caller to close, or to leave to the clock).
async fn channel_free(
    tx: &mut WriteTx,
    req: &Request,
    now: i64,
) -> Result<Option<ChallengeId>, CoreError> {
    match store::find_open_challenge(&mut **tx, req.place).await? {
        Some(open) if open.expires_at > now => Err(ChallengeRefusal::ChallengeOpen {
            challenger: open.challenger_name,
            challenged: open.challenged.map(|(_, name)| name),
        }
        .into()),
        Some(expired) => Ok(Some(expired.id)),
        None => Ok(None),
    }
}

/// Who an accepted challenge is to: a challenge open to anyone names its taker once accepted.
fn challenged_of(c: &ChallengeRow) -> Result<UserId, CoreError> {
    c.challenged.as_ref().map(|(id, _)| *id).ok_or_else(|| {
        InternalError::Inconsistent(format!("challenge {} has nobody to play", c.id)).into()
    })
}

/// The open challenge in the request's channel; a button for another challenge is stale.
async fn open_challenge(
    tx: &mut WriteTx,
    req: &Request,
    expected: Option<ChallengeId>,
) -> Result<ChallengeRow, CoreError> {
    let open = store::find_open_challenge(&mut **tx, req.place).await?;
    match open {
        None if expected.is_some() => Err(MatchRefusal::Stale.into()),
        None => Err(ChallengeRefusal::NoChallenge.into()),
        Some(c) if expected.is_some_and(|id| id != c.id) => Err(MatchRefusal::Stale.into()),
        Some(c) => Ok(c),
    }
}

/// The side the challenger played the last time these two met in this server.
async fn last_meeting(tx: &mut WriteTx, c: &ChallengeRow) -> Result<Option<Player>, CoreError> {
    let challenged = challenged_of(c)?;
    let south = store::last_meeting_south(tx, c.place.server(), c.challenger, challenged).await?;
    Ok(south.map(|s| {
        if s == c.challenger {
            Player::South
        } else {
            Player::North
        }
    }))
}

/// A challenge to a person, or to anyone, is refused in the bot's DM: nobody but its challenger is there
/// to answer it (a member's menu can be opened on a name mentioned there).
fn only_us_here(req: &Request) -> Result<(), ChallengeRefusal> {
    match req.place {
        Place::BotDm { .. } => Err(ChallengeRefusal::OnlyUsHere),
        _ => Ok(()),
    }
}

/// Who moves first, in a challenge's words: `challenged` is `None` for a challenge open to anyone.
fn first_words(first: FirstMover, challenger: &str, challenged: Option<&str>) -> Text {
    match (first, challenged) {
        (FirstMover::Challenger, _) => {
            Text::message("first-player", [("name", Arg::player(challenger))])
        }
        (FirstMover::Challenged, Some(name)) => {
            Text::message("first-player", [("name", Arg::player(name))])
        }
        (FirstMover::Challenged, None) => Text::message("first-taker", []),
        (FirstMover::Random, _) => Text::message("first-random", []),
    }
}

/// The round limits a draft's button goes through, in turn (none: the usual).
const DRAFT_ROUNDS: [Option<u8>; 4] = [None, Some(1), Some(3), Some(5)];
/// The clocks a draft's button goes through after the place's default: an hour (a live game), a day, three
/// days (a game across a busy week).
const DRAFT_CLOCKS: [u32; 3] = [3_600, 86_400, 3 * 86_400];
/// Who moves first, in turn.
const DRAFT_FIRST: [FirstMover; 3] = [
    FirstMover::Random,
    FirstMover::Challenger,
    FirstMover::Challenged,
];

/// The value after `now` in `cycle`, round and round; the first for a value not in it (a term typed in
/// the console).
fn next_of<T: PartialEq + Copy>(cycle: &[T], now: T) -> T {
    match cycle.iter().position(|v| *v == now) {
        Some(at) => cycle[(at + 1) % cycle.len()],
        None => cycle[0],
    }
}

/// A draft's buttons: one per term, each labelled with the term as it is and carrying the draft with
/// the term's next value, then Send with the draft as it is. Each id differs from the others (a term's
/// next value is never its value), as Discord wants of one message's buttons.
fn draft_buttons(draft: ChallengeDraft, default_clock: u32, opponent: &str) -> Vec<Action> {
    let clocks: Vec<u32> = std::iter::once(default_clock)
        .chain(DRAFT_CLOCKS.into_iter().filter(|c| *c != default_clock))
        .collect();
    let rounds = match draft.rounds {
        Some(rounds) => Text::message("button-draft-rounds", [("rounds", Arg::number(rounds))]),
        None => Text::message("button-draft-no-round-limit", []),
    };
    let clock = Arg::Text(text::duration(draft.clock_secs));
    let first = match draft.first {
        FirstMover::Random => Text::message("button-draft-first-random", []),
        FirstMover::Challenger => Text::message("button-draft-first-me", []),
        FirstMover::Challenged => {
            Text::message("button-draft-first-them", [("name", Arg::player(opponent))])
        }
    };
    let changed = |draft| ActionId::ChallengeDraft { draft };
    let rounds_next = ChallengeDraft {
        rounds: next_of(&DRAFT_ROUNDS, draft.rounds),
        ..draft
    };
    let clock_next = ChallengeDraft {
        clock_secs: next_of(&clocks, draft.clock_secs),
        ..draft
    };
    let first_next = ChallengeDraft {
        first: next_of(&DRAFT_FIRST, draft.first),
        ..draft
    };
    vec![
        Action::new(changed(rounds_next), rounds),
        Action::new(
            changed(clock_next),
            Text::message("button-draft-clock", [("clock", clock)]),
        ),
        Action::new(changed(first_next), first),
        Action::new(
            ActionId::ChallengeSend { draft },
            Text::message("button-draft-send", []),
        ),
    ]
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
        let level = match options.level {
            Some(level) => level,
            // A first match against the computer is a beginner's; after that, where the player was.
            None => store::last_computer_level(self.store.reader(), req.user.id)
                .await?
                .unwrap_or(DEFAULT_LEVEL),
        };
        let terms = self.new_match_terms(req, options).await?;
        // The challenger plays South.
        let first = self.first_player(terms.first, Player::South);
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
                place: *place,
                channel_name: &req.names.channel,
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
                ("level", super::matches::level_words(level)),
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
