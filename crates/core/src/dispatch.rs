//! The dispatcher: a request in, its reply out. It makes the core with the hooks that follow a change to a
//! match, and sends each command to the feature that owns it.

use namnam_model::ServerId;
use std::sync::Arc;

use super::clock::Clock;
use super::context::{CoreConfig, MatchHook};
use super::error::{apology, cause_chain, CoreError};
use super::reply::{Outcome, Pressed};
use super::vocabulary::{
    ChallengeCommand, Command, InfoCommand, InputRefusal, MatchCommand, PlayCommand, PuzzleCommand,
    RecordCommand, Request,
};
use super::{lessons, notify, ratings, text, tournaments, Core, Language, Reply};
use namnam_store::{self as store, Store, StoreError};

impl Core {
    /// A core on `store`, with the hooks every change to a match goes through: the ratings, the turn DMs,
    /// the tournaments and the lessons (in that order).
    pub fn new(store: Store, clock: Arc<dyn Clock>, config: CoreConfig) -> Core {
        let hooks: Vec<Box<dyn MatchHook>> = vec![
            Box::new(ratings::RatingsHook),
            Box::new(notify::TurnDmHook),
            Box::new(tournaments::TournamentHook),
            Box::new(lessons::LessonsHook),
        ];
        Core::assemble(store, clock, config, hooks)
    }

    /// Opens the database at `url` (creating and migrating it) with the default configuration.
    pub async fn open(url: &str, clock: Arc<dyn Clock>) -> Result<Core, StoreError> {
        Ok(Core::new(
            Store::open(url).await?,
            clock,
            CoreConfig::default(),
        ))
    }

    /// Answers a request. Never fails: a refusal becomes a private reply in the player's words, an internal
    /// error is logged and becomes a private apology.
    pub async fn handle(&self, request: &Request) -> Reply {
        let timed = super::metrics::Timed::start();
        if let Err(e) = self.note_languages(request).await {
            // The answer matters more than the language of later DMs.
            tracing::warn!(error = %cause_chain(&e), "could not note a language");
        }
        let word = match request.command {
            // Turning DMs on or off answers a refused DM by itself.
            Command::Info(InfoCommand::Notify { on: Some(_) }) => None,
            _ => self.refusal_word(request).await,
        };
        let mut reply = match self.try_handle(request).await {
            Ok(reply) => reply,
            Err(e) => error_reply(e, request),
        };
        // What only the asker sees is in their language; what everyone sees, in the server's (set when
        // a change was stored; looked up here for the rest).
        let drawn_in = reply.language;
        if reply.is_private() {
            reply.language = request.language;
        } else {
            reply.language = match request.place.server() {
                Some(server) => self.server_language(server).await,
                // Outside any server, the people there read the asker's language.
                None => request.language,
            };
        }
        // The board or standings were drawn in the language the reply had then: drawn again in the one
        // settled here, so that the picture speaks as its message does.
        if reply.language != drawn_in && reply.board.picture.is_some() {
            if let Err(e) = self.draw_pictures(&mut reply).await {
                tracing::error!(error = %cause_chain(&e), "drawing a picture in the reply's language failed");
            }
        }
        if let Some(word) = word {
            reply.add_aside(word);
        }
        if retires_pressed(&request.command, &reply) {
            reply.buttons.pressed = Pressed::Retired;
        }
        self.metrics.time_request(timed);
        reply
    }

    /// Answers a request, or says why not.
    pub async fn try_handle(&self, req: &Request) -> Result<Reply, CoreError> {
        if req.command.is_costly() {
            self.budget
                .spend(req.user.id)
                .map_err(|until| InputRefusal::Busy { until })?;
        }
        match &req.command {
            Command::Challenges(command) => self.challenges(req, command).await,
            Command::Matches(command) => self.matches_command(req, command).await,
            Command::Play(command) => self.play(req, command).await,
            Command::Records(command) => self.records(req, command).await,
            Command::Info(command) => self.info(req, command).await,
            Command::Admin(admin) => self.admin(req, admin).await,
            Command::Tournament(command) => self.tournament(req, command).await,
            Command::Puzzle(command) => self.puzzles(req, *command).await,
            Command::Lesson(command) => self.lesson(req, *command).await,
        }
    }

    async fn challenges(
        &self,
        req: &Request,
        command: &ChallengeCommand,
    ) -> Result<Reply, CoreError> {
        match command {
            ChallengeCommand::Challenge { opponent, options } => {
                self.challenge(req, opponent, options).await
            }
            ChallengeCommand::FromMenu { opponent, terms } => {
                self.challenge_from_menu(req, opponent, terms).await
            }
            ChallengeCommand::Draft { draft } => self.challenge_draft(req, *draft).await,
            ChallengeCommand::SendDraft { draft } => self.send_draft(req, *draft).await,
            ChallengeCommand::Open { options } => self.challenge_anyone(req, options).await,
            ChallengeCommand::Accept { challenge } => self.accept(req, *challenge).await,
            ChallengeCommand::Decline { challenge } => self.decline(req, *challenge).await,
            ChallengeCommand::Cancel { challenge } => self.cancel(req, *challenge).await,
            ChallengeCommand::Rematch { match_id, level } => {
                self.rematch(req, *match_id, *level).await
            }
        }
    }

    async fn matches_command(
        &self,
        req: &Request,
        command: &MatchCommand,
    ) -> Result<Reply, CoreError> {
        match command {
            MatchCommand::Board { match_id } => self.board(req, *match_id).await,
            MatchCommand::List => self.matches(req).await,
            MatchCommand::History { match_id } => self.history(req, *match_id).await,
        }
    }

    async fn play(&self, req: &Request, command: &PlayCommand) -> Result<Reply, CoreError> {
        match *command {
            PlayCommand::Move { house, at } => self.play_move(req, house, at).await,
            PlayCommand::Resign { confirmed, at } => self.resign(req, confirmed, at).await,
            PlayCommand::Draw { at } => self.draw(req, at).await,
            PlayCommand::Takeback { decline, at } => self.takeback(req, decline, at).await,
        }
    }

    async fn records(&self, req: &Request, command: &RecordCommand) -> Result<Reply, CoreError> {
        match *command {
            RecordCommand::Export { match_id } => self.export(req, match_id).await,
            RecordCommand::Replay {
                match_id,
                ply,
                from,
            } => self.replay(req, match_id, ply, from).await,
            RecordCommand::Analyse { match_id } => self.analyse(req, match_id).await,
        }
    }

    async fn puzzles(&self, req: &Request, command: PuzzleCommand) -> Result<Reply, CoreError> {
        match command {
            PuzzleCommand::Play => self.show_puzzle(req).await,
            PuzzleCommand::Answer { house, attempt } => {
                self.answer_puzzle(req, house, attempt).await
            }
            PuzzleCommand::Stats => self.puzzle_stats(req).await,
            PuzzleCommand::Daily { day } => self.daily(req, day).await,
        }
    }

    async fn info(&self, req: &Request, command: &InfoCommand) -> Result<Reply, CoreError> {
        match command {
            InfoCommand::Rules => Ok(Reply::private(text::rules())),
            InfoCommand::Help => Ok(Reply::private(text::help())),
            InfoCommand::Leaderboard { page, season } => {
                self.leaderboard(req, *page, *season).await
            }
            InfoCommand::Stats { player } => self.stats(req, player.as_ref()).await,
            InfoCommand::Notify { on } => self.notify(req, *on).await,
        }
    }
}

impl Core {
    /// The language of what everyone sees in `server`; the default if it cannot be read.
    pub(super) async fn server_language(&self, server: ServerId) -> Language {
        match store::server_language(self.store.reader(), server)
            .await
            .map(|code| self.public_language(code))
        {
            Ok(language) => language,
            Err(error) => {
                tracing::warn!(error = %cause_chain(&error), %server, "could not read a server's language");
                self.config.default_language
            }
        }
    }
}

/// The reply for a failed request.
pub fn error_reply(e: CoreError, request: &Request) -> Reply {
    match e {
        CoreError::User(e) => Reply {
            outcome: Outcome::Refused,
            ..Reply::private(e.text())
        },
        CoreError::Internal(e) => {
            tracing::error!(
                error = %cause_chain(&e),
                place = ?request.place,
                user = %request.user.id,
                command = ?request.command,
                "request failed"
            );
            Reply {
                outcome: Outcome::Failed,
                ..Reply::private(apology())
            }
        }
    }
}

/// Whether a reply makes the buttons that were pressed useless: a new board (after a move, an accepted
/// challenge or takeback, a resignation…), an answered challenge or a declined takeback. A draw offer and
/// a takeback request leave the board's buttons; so does a board shown again.
fn retires_pressed(command: &Command, reply: &Reply) -> bool {
    let answered = matches!(
        command,
        Command::Challenges(ChallengeCommand::Accept { .. })
            | Command::Challenges(ChallengeCommand::Decline { .. })
            | Command::Challenges(ChallengeCommand::Cancel { .. })
            | Command::Play(PlayCommand::Takeback { decline: true, .. })
    );
    !reply.is_private()
        && (reply.board.state.is_some() || answered)
        && !matches!(command, Command::Matches(MatchCommand::Board { .. }))
}
