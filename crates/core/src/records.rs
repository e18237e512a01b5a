//! Looking back at a match: `export` (its record as a file), `replay` (step through it with buttons that
//! carry everything they need, so that they work after a restart) and `analyse` (the computer's verdict on
//! every move, searched in the background and kept).
//!
//! Who may look: a finished (or stopped) match of this server is anyone's to see here; a match still being
//! played only its players', since the channel shows it anyway. The analysis waits for the end of the
//! match: the computer's opinion of a live position would be advice to one player.

use super::buttons::replay_action;
use super::history::{replay_to, stored_house};
use super::search_permits::Share;
use super::searching::LiveSearch;
use super::vocabulary::{MatchRefusal, RecordRefusal, ReplayFrom, Request};
use namnam_model::{MatchId, UserId};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use super::error::{cause_chain, CoreError, InternalError};
use super::explanations::{mistake_lines, mistake_why_words};
use super::message::{Arg, CommandLine};
use super::outbox::{PostPlace, Via};
use super::pictures;
use super::reply::{Action, Buttons, Document, Pressed, Scene};
use super::vocabulary::actions::{ActionId, ReplayStep};
use super::{text, Core, Language, Notice, Reply, Text};
use namnam_ai::analysis::{self, Cost, JudgedMove};
use namnam_game::{Match, MatchMove, Player, Position};
use namnam_store::{self as store, MatchRow, MatchState, MoveRow, NewAnalysis, StoreError};

/// How long a process may work on one analysis before another may take it over: longer than any analysis.
const ANALYSIS_CLAIM_MS: i64 = 10 * 60 * 1000;

/// How often a waiting analysis looks again whether the live searches are done.
const YIELD_EVERY: Duration = Duration::from_millis(10);

/// How often the analyst looks for queued work without being rung (another process may have queued it).
const ANALYST_EVERY: Duration = Duration::from_secs(30);

/// The analyses one person may have waiting at once (each takes about a second of a core a move).
pub const MAX_ANALYSES_QUEUED_PER_PLAYER: u64 = 2;

/// The analyses waiting at once, for everyone together: a queue of a few minutes' work at most, so that
/// an answer that says "queued" means soon.
pub const MAX_ANALYSES_QUEUED: u64 = 20;

/// The mistakes reported for each player.
pub const MISTAKES_SHOWN: usize = 3;

impl Core {
    /// The match `match_id` if `req`'s user may look at it here.
    async fn match_to_look_at(
        &self,
        req: &Request,
        match_id: MatchId,
    ) -> Result<MatchRow, CoreError> {
        let row = self.visible_match(req, match_id).await?;
        if row.state.is_active() && row.side_of(req.user.id).is_none() {
            return Err(RecordRefusal::LiveMatchOfOthers(match_id).into());
        }
        Ok(row)
    }

    /// `export match:N`: the match's record, as a file only the asker sees.
    pub(super) async fn export(
        &self,
        req: &Request,
        match_id: MatchId,
    ) -> Result<Reply, CoreError> {
        self.match_to_look_at(req, match_id).await?;
        let record = store::load_record(self.store.reader(), match_id)
            .await?
            .ok_or_else(|| MatchRefusal::no_such_match(match_id, req))?;
        let mut reply = Reply::private(Text::message(
            "export",
            [
                ("id", Arg::number(match_id)),
                ("extension", Arg::words(namnam_record::EXTENSION)),
                (
                    "replay",
                    Arg::command_line(CommandLine::new("replay").with("match", match_id)),
                ),
            ],
        ));
        reply.file = Some(Document {
            name: record.file_name(),
            bytes: record.to_text().into_bytes(),
            // A private answer: the asker's language.
            description: Text::message("export-description", [("id", Arg::number(match_id))])
                .plain_in(req.language),
        });
        Ok(reply)
    }

    /// `replay match:N`, and a replay's buttons: the match after move `ply`, with the move that led there
    /// and what the computer's analysis said of it.
    pub(super) async fn replay(
        &self,
        req: &Request,
        match_id: MatchId,
        ply: u32,
        from: ReplayFrom,
    ) -> Result<Reply, CoreError> {
        let row = self.match_to_look_at(req, match_id).await?;
        let moves = store::match_moves(self.store.reader(), match_id).await?;
        // An old ⏭ of a match that went on since, or a move number typed too large: the last move.
        let ply = ply.min(moves.len() as u32);
        let (game, played) = replay_to(&row, &moves, ply)?;
        let verdict = match store::analysis_of(self.store.reader(), match_id).await? {
            Some(analysis) => analysis.verdict,
            None => None,
        };
        // Who sees it, and whether it takes the place of the pressed replay.
        let (public, pressed, owner) = match from {
            ReplayFrom::Command { public } => {
                (public, Pressed::Kept, public.then_some(req.user.id))
            }
            ReplayFrom::Button { owner: None } => (false, Pressed::Replaced, None),
            ReplayFrom::Button { owner: Some(owner) } if owner == req.user.id => {
                (true, Pressed::Replaced, Some(owner))
            }
            ReplayFrom::Button { .. } | ReplayFrom::Open => (false, Pressed::Kept, None),
        };
        let (lines, mistake) = replay_words(&row, &moves, ply, played.as_ref(), verdict.as_deref());
        let mut reply = Reply {
            text: Text::lines(lines),
            buttons: Buttons {
                actions: replay_buttons(match_id, ply, &moves, owner),
                links: Vec::new(),
                pressed,
            },
            ..Reply::default()
        };
        if !public {
            reply.make_private();
        }
        // The language the reply will be shown in, settled before its board is drawn: a redraw would lose
        // the note.
        reply.language = match (public, req.place.server()) {
            (true, Some(server)) => {
                self.public_language(store::server_language(self.store.reader(), server).await?)
            }
            // Outside any server, everyone there reads the asker's language.
            _ => req.language,
        };
        if self.config.pictures {
            let note = mistake.map(|m| picture_note(&row, &m).plain_in(reply.language));
            let played = played.as_ref();
            reply.board.picture =
                Some(pictures::noted_board(&game, &row.names, played, note, reply.language).await?);
        }
        reply.board.scene = Some(Scene {
            game,
            names: row.names.clone(),
            played,
        });
        Ok(reply)
    }

    /// `analyse match:N`: the verdict when there is one, else the analysis is queued (once per match) and
    /// its verdict posted here when done.
    pub(super) async fn analyse(
        &self,
        req: &Request,
        match_id: MatchId,
    ) -> Result<Reply, CoreError> {
        let row = self.match_to_look_at(req, match_id).await?;
        if row.state.is_active() {
            return Err(RecordRefusal::AnalyseLive(match_id).into());
        }
        if row.moves_played == 0 {
            return Err(RecordRefusal::NothingToAnalyse(match_id).into());
        }
        match store::analysis_of(self.store.reader(), match_id).await? {
            Some(done) if done.verdict.is_some() => {
                let verdict = done.verdict.unwrap_or_default();
                let moves = store::match_moves(self.store.reader(), match_id).await?;
                return Ok(verdict_reply(&row, &moves, &verdict, true));
            }
            Some(queued) if !queued.failed => {
                return Err(RecordRefusal::AnalysisQueued(match_id).into())
            }
            // Never asked for, or failed last time: queued (again).
            _ => {}
        }
        let mut tx = self.store.begin().await?;
        // Bounded in the database, so that the bounds hold for all processes together (checked in the
        // transaction that queues: on SQLite writers take turns, so they hold exactly; on PostgreSQL two
        // requests at the same moment may each pass, by one each).
        let (all, theirs) = store::analyses_queued_for(&mut *tx, req.user.id).await?;
        if theirs >= MAX_ANALYSES_QUEUED_PER_PLAYER {
            return Err(RecordRefusal::YourAnalysesWaiting(theirs).into());
        }
        if all >= MAX_ANALYSES_QUEUED {
            return Err(RecordRefusal::AnalysesFull(all).into());
        }
        let queued = store::queue_analysis(
            &mut tx,
            &NewAnalysis {
                match_id,
                place: req.place,
                requested_by: req.user.id,
                by_poster: self.config.outbox,
                nodes: self.config.analysis_nodes,
                now_ms: self.now(),
            },
        )
        .await?;
        tx.commit().await.map_err(StoreError::from)?;
        if !queued {
            // Asked for twice at once: the other request queued it.
            return Err(RecordRefusal::AnalysisQueued(match_id).into());
        }
        self.analyses.notify_one();
        Ok(Reply::private(Text::message(
            "analysis-queued",
            [
                ("moves", Arg::number(row.moves_played)),
                ("id", Arg::number(match_id)),
            ],
        )))
    }

    /// Does the oldest queued analysis nobody else is doing, among those asked for through a front end of
    /// this kind (with the outbox or without), and returns its verdict's notice (stored in the outbox with
    /// the verdict, when the front end uses one). `None`: nothing was queued.
    pub async fn analyse_next(&self) -> Result<Option<Notice>, CoreError> {
        let now = self.now();
        let process = &self.config.process;
        let mut tx = self.store.begin().await?;
        let claimed = store::claim_analysis(
            &mut tx,
            process,
            self.config.outbox,
            now,
            now + ANALYSIS_CLAIM_MS,
        )
        .await?;
        tx.commit().await.map_err(StoreError::from)?;
        let Some(job) = claimed else {
            return Ok(None);
        };
        let (row, moves, verdict) = match self.judge_match(job.match_id, job.nodes).await {
            Ok(Judged::Done(row, moves, verdict)) => (*row, moves, verdict),
            Ok(Judged::NotOver) => {
                let mut tx = self.store.begin().await?;
                store::drop_analysis(&mut tx, job.match_id).await?;
                tx.commit().await.map_err(StoreError::from)?;
                return Ok(None);
            }
            // Another process took it over: that one finishes it.
            Ok(Judged::ClaimLost) => return Ok(None),
            Err(error) => {
                // Not tried again by itself, so that it does not stand in front of the others; asking
                // again queues it again.
                let mut tx = self.store.begin().await?;
                store::fail_analysis(&mut tx, job.match_id, process).await?;
                tx.commit().await.map_err(StoreError::from)?;
                return Err(error);
            }
        };
        let mut tx = self.store.begin().await?;
        if !store::finish_analysis(&mut tx, job.match_id, process, &verdict, self.now()).await? {
            // Taken over by another process after this one's claim ran out: that one posts it.
            tx.rollback().await.map_err(StoreError::from)?;
            return Ok(None);
        }
        let mut reply = verdict_reply(&row, &moves, &verdict, false);
        let place = PostPlace {
            match_id: Some(row.id),
            ..PostPlace::channel(job.place)
        };
        self.store_post(&mut tx, place, &mut reply, Via::Poster)
            .await?;
        tx.commit().await.map_err(StoreError::from)?;
        self.metrics.count_analysis();
        tracing::info!(match_id = %row.id, moves = verdict.len(), "analysed a match");
        Ok(Some(Notice {
            place: job.place,
            reply,
        }))
    }

    /// Judges every move of a finished match, each position searched with `nodes` nodes, keeping this
    /// process's claim on the analysis alive meanwhile.
    async fn judge_match(&self, match_id: MatchId, nodes: u64) -> Result<Judged, CoreError> {
        let Some(row) = store::load_match(self.store.reader(), match_id).await? else {
            return Ok(Judged::NotOver);
        };
        if row.state.is_active() {
            return Ok(Judged::NotOver);
        }
        let mut claimed_at = self.now();
        let moves = store::match_moves(self.store.reader(), match_id).await?;
        let mut game = Match::new(*row.game.options());
        let mut judged = Vec::with_capacity(moves.len());
        let mut before = Vec::with_capacity(moves.len());
        for (i, mv) in moves.iter().enumerate() {
            let ply = i as u32 + 1;
            let house = stored_house(&row, mv)?;
            self.wait_for_live_searches().await;
            // Live turns may keep the analysis waiting for long: its claim is renewed as it goes.
            if self.now() - claimed_at >= ANALYSIS_CLAIM_MS / 4 {
                claimed_at = self.now();
                let mut tx = self.store.begin().await?;
                let kept = store::extend_analysis_claim(
                    &mut tx,
                    match_id,
                    &self.config.process,
                    claimed_at + ANALYSIS_CLAIM_MS,
                )
                .await?;
                tx.commit().await.map_err(StoreError::from)?;
                if !kept {
                    return Ok(Judged::ClaimLost);
                }
            }
            let judgement = {
                // The analyst works one analysis at a time, in the background share: never more than
                // one permit, whoever asked.
                let _permit = self.search_permits.acquire(Share::Background).await;
                let before = game.clone();
                tokio::task::spawn_blocking(move || analysis::judge(&before, house, nodes))
                    .await
                    .map_err(InternalError::from)?
            }
            .map_err(|e| {
                InternalError::Inconsistent(format!("match {match_id}, move {ply}: {e}"))
            })?;
            judged.push(JudgedMove {
                ply,
                round: mv.round,
                move_in_round: move_in_round(&moves, ply),
                judgement,
                why: None,
            });
            before.push(*game.position());
            game.play(house).map_err(|e| {
                InternalError::Inconsistent(format!("match {match_id}, move {ply}: {e}"))
            })?;
        }
        self.explain_mistakes(&row, &mut judged, &before).await?;
        Ok(Judged::Done(Box::new(row), moves, judged))
    }

    /// Works out why each mistake the verdict reports was one (`before`: the position each move was
    /// played in), under a search permit, and keeps it with the move.
    async fn explain_mistakes(
        &self,
        row: &MatchRow,
        judged: &mut [JudgedMove],
        before: &[Position],
    ) -> Result<(), CoreError> {
        for player in [Player::South, Player::North] {
            for mistake in reported(judged, row, player) {
                let index = mistake.ply as usize - 1;
                let position = before[index];
                self.wait_for_live_searches().await;
                // The analyst works one analysis at a time, in the background share: never more than
                // one permit, whoever asked.
                let _permit = self.search_permits.acquire(Share::Background).await;
                let why = tokio::task::spawn_blocking(move || mistake_lines(&position, &mistake))
                    .await
                    .map_err(InternalError::from)?;
                judged[index].why = Some(why);
            }
        }
        Ok(())
    }

    /// How many analyses of this kind of front end wait to be done (one that ends with its input waits
    /// for them).
    pub async fn analyses_waiting(&self) -> Result<u64, CoreError> {
        Ok(store::queued_analyses(self.store.reader(), self.config.outbox).await?)
    }

    /// Waits while a live computer search runs or waits: the players' turns come first.
    async fn wait_for_live_searches(&self) {
        while LiveSearch::any(&self.live_searches) {
            tokio::time::sleep(YIELD_EVERY).await;
        }
    }
}

/// How judging a match ended.
enum Judged {
    /// The match, its moves and each move judged.
    Done(Box<MatchRow>, Vec<MoveRow>, Vec<JudgedMove>),
    /// The match is gone, or not over: nothing to analyse.
    NotOver,
    /// This process's claim ran out and another process took the analysis over.
    ClaimLost,
}

/// Runs the analyses one at a time, as they are queued (and those left queued by a restart), sending each
/// verdict's notice to `out`; with none to do, mines the finished matches of servers with a daily puzzle
/// ([`Core::mine_next`]). Stops when `out` is closed.
pub fn spawn_analyst(core: Arc<Core>, out: mpsc::UnboundedSender<Notice>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match core.analyse_next().await {
                Ok(Some(notice)) => {
                    if out.send(notice).is_err() {
                        return;
                    }
                    continue;
                }
                // Nothing to analyse: the time goes to the servers' daily puzzles, a match at a time.
                Ok(None) => match core.mine_next().await {
                    Ok(true) => continue,
                    Ok(false) => {}
                    Err(e) => tracing::error!(error = %cause_chain(&e), "mining a match failed"),
                },
                Err(e) => tracing::error!(error = %cause_chain(&e), "an analysis failed"),
            }
            if out.is_closed() {
                return;
            }
            let _ = tokio::time::timeout(ANALYST_EVERY, core.analyses.notified()).await;
        }
    })
}

/// The number of move `ply` within its round, from 1.
fn move_in_round(moves: &[MoveRow], ply: u32) -> u32 {
    let round = moves[ply as usize - 1].round;
    moves[..ply as usize]
        .iter()
        .rev()
        .take_while(|m| m.round == round)
        .count() as u32
}

/// The move after which the round of move `ply + 1` is over (or the last move).
fn end_of_round_after(moves: &[MoveRow], ply: u32) -> u32 {
    let Some(next) = moves.get(ply as usize) else {
        return ply;
    };
    let in_round = moves[ply as usize..]
        .iter()
        .take_while(|m| m.round == next.round)
        .count();
    ply + in_round as u32
}

/// `Replay of match #42: Ama (South) against Kofi (North); Ama won (target reached).`
fn replay_headline(row: &MatchRow) -> Text {
    let names = &row.names;
    let how = match (row.state, row.game.result()) {
        (_, Some(result)) => text::describe_result(&result, names),
        (MatchState::Aborted, None) => Text::message("replay-stopped", []),
        _ => Text::message("replay-live", []),
    };
    Text::message(
        "replay-headline",
        [
            ("id", Arg::number(row.id)),
            ("south", Arg::player(&names.south)),
            ("north", Arg::player(&names.north)),
            ("how", Arg::Text(how)),
        ],
    )
}

/// The replay's buttons at `ply`: ⏮ ◀ ▶ ⏭ and the end of the round, those that would go nowhere shown
/// but not pressable.
fn replay_buttons(
    match_id: MatchId,
    ply: u32,
    moves: &[MoveRow],
    owner: Option<UserId>,
) -> Vec<Action> {
    let last = moves.len() as u32;
    let round_end = end_of_round_after(moves, ply);
    let targets = [
        (ReplayStep::First, 0, Text::from("⏮")),
        (ReplayStep::Back, ply.saturating_sub(1), Text::from("◀")),
        (ReplayStep::Forward, (ply + 1).min(last), Text::from("▶")),
        (ReplayStep::Last, last, Text::from("⏭")),
        (
            ReplayStep::NextRound,
            round_end,
            Text::message("button-next-round", []),
        ),
    ];
    targets
        .into_iter()
        .map(|(step, target, label)| Action {
            // "Next round" in the last round would only be ⏭ again.
            disabled: target == ply || (step == ReplayStep::NextRound && round_end == last),
            ..Action::new(
                ActionId::Replay {
                    match_id,
                    ply: target,
                    step,
                    owner,
                },
                label,
            )
        })
        .collect()
}

/// The mistakes the verdict reports for `player` ([`analysis::reported_mistakes`]): those that changed
/// the outcome most, never a won match's slips that came back.
fn reported(verdict: &[JudgedMove], row: &MatchRow, player: Player) -> Vec<JudgedMove> {
    let won = row.game.result().and_then(|r| r.winner) == Some(player);
    analysis::reported_mistakes(verdict, player, won, MISTAKES_SHOWN)
}

/// The move `ply` if the analysis reports it among its mover's mistakes.
fn reported_mistake(
    verdict: &[JudgedMove],
    row: &MatchRow,
    ply: u32,
    played: &MatchMove,
) -> Option<JudgedMove> {
    reported(verdict, row, played.record.mover)
        .into_iter()
        .find(|m| m.ply == ply)
}

/// Why a reported mistake was one, in words, from the position it was played in (none for an analysis
/// made before mistakes had their lines).
fn why_words(row: &MatchRow, moves: &[MoveRow], judged: &JudgedMove) -> Vec<Text> {
    let Some(why) = &judged.why else {
        return Vec::new();
    };
    match replay_to(row, moves, judged.ply - 1) {
        Ok((game, _)) => mistake_why_words(game.position(), why, &row.names),
        Err(_) => Vec::new(),
    }
}

/// The line under a replay's picture on a reported mistake: `Mistake: house 9 was better (about 2 houses)`.
/// (The picture's font has no ⚠.)
fn picture_note(row: &MatchRow, judged: &JudgedMove) -> Text {
    let j = &judged.judgement;
    let cost = match j.cost_read() {
        Cost::Houses(n) => Text::message("cost-about-houses", [("houses", Arg::number(n))]),
        Cost::Seeds(n) => Text::message("cost-about-seeds", [("seeds", Arg::number(n))]),
        _ => cost_words(row, judged),
    };
    Text::message(
        "replay-picture-mistake",
        [
            ("best", Arg::number(j.best.label())),
            ("cost", Arg::Text(cost)),
        ],
    )
}

/// What a mistake cost: "it gave away about 2 houses for the next round", as the match `row` bears it out:
/// a match the mover did not lose was lost against best play only (the opponent missed it), and houses
/// given away in a match's last round are given away at its end, not for a next one.
fn cost_words(row: &MatchRow, judged: &JudgedMove) -> Text {
    let mover = judged.judgement.mover;
    let lost_it = row
        .game
        .result()
        .is_some_and(|r| r.winner == Some(mover.other()));
    let last_round = row
        .game
        .options()
        .round_limit()
        .is_some_and(|limit| judged.round >= u32::from(limit));
    match judged.judgement.cost_read() {
        Cost::WonTurnedLost if !lost_it => Text::message("cost-won-turned-lost-unpunished", []),
        Cost::WonTurnedLost => Text::message("cost-won-turned-lost", []),
        Cost::WinSlipped => Text::message("cost-win-slipped", []),
        Cost::MatchLost if !lost_it => Text::message("cost-match-lost-unpunished", []),
        Cost::MatchLost => Text::message("cost-match-lost", []),
        Cost::Houses(n) if last_round => {
            Text::message("cost-houses-last-round", [("houses", Arg::number(n))])
        }
        Cost::Houses(n) => Text::message("cost-houses", [("houses", Arg::number(n))]),
        Cost::Seeds(n) => Text::message("cost-seeds", [("seeds", Arg::number(n))]),
    }
}

/// `⚠ A mistake, says the computer: house 9 was better; house 3 gave away about 2 houses for the next round.`
fn mistake_line(row: &MatchRow, judged: &JudgedMove) -> Text {
    let j = &judged.judgement;
    Text::message(
        "replay-mistake",
        [
            ("best", Arg::number(j.best.label())),
            ("played", Arg::number(j.played.label())),
            ("cost", Arg::Text(cost_words(row, judged))),
        ],
    )
}

/// What a replay says of a match after its first `ply` moves: the headline, the move that led there (with
/// `played`, as [`replay_to`] gives it), the round's end, and the computer's word on the move when its
/// `verdict` reports a mistake there (returned too, for the picture's note). The Discord replay's words
/// and the web page's.
pub fn replay_words(
    row: &MatchRow,
    moves: &[MoveRow],
    ply: u32,
    played: Option<&MatchMove>,
    verdict: Option<&[JudgedMove]>,
) -> (Vec<Text>, Option<JudgedMove>) {
    let mistake =
        played.and_then(|played| verdict.and_then(|v| reported_mistake(v, row, ply, played)));
    let mut lines = vec![replay_headline(row)];
    match played {
        None => lines.push(Text::message(
            "replay-before",
            [("moves", Arg::number(moves.len() as i64))],
        )),
        Some(played) => {
            let mv = &moves[ply as usize - 1];
            lines.push(Text::message(
                match mistake {
                    Some(_) => "replay-move-mistake",
                    None => "replay-move",
                },
                [
                    ("ply", Arg::number(ply)),
                    ("moves", Arg::number(moves.len() as i64)),
                    ("round", Arg::number(mv.round)),
                    ("in_round", Arg::number(move_in_round(moves, ply))),
                    (
                        "move",
                        Arg::Text(text::describe_move(&played.record, &row.names)),
                    ),
                ],
            ));
            if let Some(summary) = &played.round_summary {
                lines.push(text::describe_round(
                    summary,
                    &row.names,
                    ply < moves.len() as u32,
                ));
            }
            if let Some(judged) = &mistake {
                lines.push(Text::list(
                    std::iter::once(mistake_line(row, judged)).chain(why_words(row, moves, judged)),
                    " ",
                ));
            }
        }
    }
    (lines, mistake)
}

/// The computer's verdict on a finished match (its `moves`, for the lines that show why): a heading, then
/// each player's mistakes that changed the outcome most.
pub fn verdict_words(row: &MatchRow, moves: &[MoveRow], verdict: &[JudgedMove]) -> Vec<Text> {
    verdict_lines(row, moves, verdict, Detail::ALL)
}

/// How much of the mistakes' whys a verdict holds: the whys of its first `whys` mistakes (in the order
/// told), the first `punished` of them with the line of the move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Detail {
    whys: usize,
    punished: usize,
}

impl Detail {
    const ALL: Detail = Detail {
        whys: usize::MAX,
        punished: usize::MAX,
    };
}

/// The most that fits in one message (Discord's limit, the tightest of the front ends), in every language.
const VERDICT_CHARS: usize = 2000;

/// The verdict as one message: every why if it fits in [`VERDICT_CHARS`], else the last mistakes' played
/// lines left out one by one, then their whys (long names and lines of captures can make six mistakes'
/// whys too long; the heading and the mistakes themselves always stay).
fn verdict_message(row: &MatchRow, moves: &[MoveRow], verdict: &[JudgedMove]) -> Vec<Text> {
    let told = 2 * MISTAKES_SHOWN;
    let whole = |punished| Detail {
        whys: told,
        punished,
    };
    let shorter = |whys| Detail { whys, punished: 0 };
    let tries = (0..=told)
        .rev()
        .map(whole)
        .chain((0..told).rev().map(shorter));
    fitting(tries.map(|detail| verdict_lines(row, moves, verdict, detail)))
}

/// The first of `tries` whose text fits in [`VERDICT_CHARS`] in every language, else the last.
fn fitting(tries: impl Iterator<Item = Vec<Text>>) -> Vec<Text> {
    let fits = |lines: &Vec<Text>| {
        let text = Text::lines(lines.clone());
        Language::ALL
            .iter()
            .all(|&language| text.plain_in(language).chars().count() <= VERDICT_CHARS)
    };
    let mut last = Vec::new();
    for lines in tries {
        if fits(&lines) {
            return lines;
        }
        last = lines;
    }
    last
}

/// The verdict's lines with `detail` of the whys.
fn verdict_lines(
    row: &MatchRow,
    moves: &[MoveRow],
    verdict: &[JudgedMove],
    detail: Detail,
) -> Vec<Text> {
    let names = &row.names;
    let (mut whys_left, mut punished_left) = (detail.whys, detail.punished);
    let mut lines = vec![Text::message(
        "analysis-heading",
        [
            ("id", Arg::number(row.id)),
            ("south", Arg::player(&names.south)),
            ("north", Arg::player(&names.north)),
            ("moves", Arg::number(verdict.len() as i64)),
        ],
    )];
    for player in [Player::South, Player::North] {
        let mistakes = reported(verdict, row, player);
        let name = ("player", Arg::player(names.get(player)));
        if mistakes.is_empty() {
            lines.push(Text::message("analysis-no-mistake", [name]));
            continue;
        }
        lines.push(Text::message("analysis-mistakes", [name]));
        for m in mistakes {
            let j = &m.judgement;
            let told = Text::message(
                "analysis-mistake",
                [
                    ("ply", Arg::number(m.ply)),
                    ("round", Arg::number(m.round)),
                    ("in_round", Arg::number(m.move_in_round)),
                    ("played", Arg::number(j.played.label())),
                    ("best", Arg::number(j.best.label())),
                    ("cost", Arg::Text(cost_words(row, &m))),
                ],
            );
            let mut why = match whys_left {
                0 => Vec::new(),
                _ => why_words(row, moves, &m),
            };
            whys_left = whys_left.saturating_sub(1);
            if punished_left == 0 {
                why.truncate(1);
            }
            punished_left = punished_left.saturating_sub(1);
            lines.push(Text::list(std::iter::once(told).chain(why), " "));
        }
    }
    lines
}

/// The analysis's verdict: each player's mistakes that changed the outcome most, and a button to replay the match with them.
fn verdict_reply(
    row: &MatchRow,
    moves: &[MoveRow],
    verdict: &[JudgedMove],
    private: bool,
) -> Reply {
    let lines = verdict_message(row, moves, verdict);
    let mut reply = Reply::public(Text::lines(lines));
    if private {
        reply.make_private();
    }
    reply.buttons.actions = vec![replay_action(row.id)];
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdict_keeps_the_first_try_that_fits_in_one_message() {
        let long = |n: usize| vec![Text::from("x".repeat(n))];
        // The whole verdict fits: it is the one kept.
        assert_eq!(fitting([long(10), long(5)].into_iter()), long(10));
        // Too long with every why: the next try that fits.
        let tries = [long(VERDICT_CHARS + 1), long(VERDICT_CHARS), long(3)];
        assert_eq!(fitting(tries.into_iter()), long(VERDICT_CHARS));
        // Nothing fits: the shortest asked for, the last (the front end cuts it).
        let tries = [long(VERDICT_CHARS + 9), long(VERDICT_CHARS + 2)];
        assert_eq!(fitting(tries.into_iter()), long(VERDICT_CHARS + 2));
    }
}
