//! Lessons (`learn`): the path of stages (`stages.rs`: [`path`]), shown privately one stage at a time — a
//! staged position with one task, the player's own house buttons, the animation of what their move did, a
//! hint after a wrong try — and a first match against the computer at its beginner's level to end it. A stage is passed when
//! the engine says the move met its task (one row per stage passed, the first time); the match stage when
//! such a match is won (`LessonsHook`, in the match's own transaction).

pub use super::stages::{path, Stage, StageId, Task, FIRST_MATCH};

use super::context::{Aftermath, HookFuture, MatchChange, MatchHook};
use super::error::CoreError;
use super::explanations::move_words;
use super::message::{Arg, Text};
use super::pictures;
use super::reply::{Action, Pressed, Reply};
use super::vocabulary::actions::ActionId;
use super::vocabulary::{ChallengeOptions, LessonCommand, Request, TermsOptions};
use super::Core;
use namnam_ai::Level;
use namnam_game::House;
use namnam_model::{FirstMover, UserId};
use namnam_store::{self as store, StoreError, WriteTx};

impl Core {
    pub(super) async fn lesson(
        &self,
        req: &Request,
        command: LessonCommand,
    ) -> Result<Reply, CoreError> {
        match command {
            LessonCommand::Show { stage } => self.show_lesson(req, stage).await,
            LessonCommand::Try { stage, house } => self.try_lesson(req, stage, house).await,
            LessonCommand::Match => self.first_lesson_match(req).await,
        }
    }

    /// The stages `player` has passed (those of a path since changed are left out).
    async fn stages_passed(&self, player: UserId) -> Result<Vec<StageId>, CoreError> {
        let keys = store::lessons_passed(self.store.reader(), player).await?;
        Ok(keys.iter().filter_map(|k| StageId::from_key(k)).collect())
    }

    /// A stage with its explanation, its task and where the player is on the path; with no stage named,
    /// the first one not passed, under the list of every stage.
    async fn show_lesson(&self, req: &Request, stage: Option<StageId>) -> Result<Reply, CoreError> {
        let passed = self.stages_passed(req.user.id).await?;
        let mut lines = Vec::new();
        if stage.is_none() {
            lines.push(overview(&passed));
        }
        let stage = stage.unwrap_or_else(|| current(&passed));
        let key = stage.key();
        lines.push(heading(stage));
        lines.push(Text::message(&format!("lesson-{key}-explain"), []));
        lines.push(Text::message(
            "lesson-task",
            [(
                "task",
                Arg::Text(Text::message(&format!("lesson-{key}-task"), [])),
            )],
        ));
        let mut reply = Reply::private(Text::lines(lines));
        reply.language = req.language;
        // A lesson's own buttons step it in place, as a replay's do.
        reply.buttons.pressed = Pressed::Replaced;
        self.stage_board(&mut reply, stage).await?;
        Ok(reply)
    }

    /// The stage's position and house buttons (or, for the match, its button), and a way to the stages
    /// around it.
    async fn stage_board(&self, reply: &mut Reply, stage: StageId) -> Result<(), CoreError> {
        let mut actions = Vec::new();
        match stage.stage().position {
            Some(position) => {
                actions.extend(house_buttons(stage));
                reply.board.position = Some(position);
                if self.config.pictures {
                    reply.board.picture =
                        Some(pictures::lesson_board(position, reply.language).await?);
                }
            }
            None => actions.push(Action::new(
                ActionId::LessonMatch,
                Text::message("button-lesson-match", []),
            )),
        }
        actions.extend(around(stage));
        reply.buttons.actions = actions;
        Ok(())
    }

    /// Plays `house` in a stage (the player's current one when none is named) and says whether it met the
    /// task: passed (recorded the first time), or not yet, with a hint; either way with the move's
    /// animation. A move the rules refuse is answered with the rule, the hint and the same buttons.
    async fn try_lesson(
        &self,
        req: &Request,
        stage: Option<StageId>,
        house: House,
    ) -> Result<Reply, CoreError> {
        let stage = match stage {
            Some(stage) => stage,
            None => current(&self.stages_passed(req.user.id).await?),
        };
        let Some(position) = stage.stage().position else {
            // The match stage has no move to play here.
            return self.show_lesson(req, Some(stage)).await;
        };
        let key = stage.key();
        let hint = Text::message(&format!("lesson-{key}-hint"), []);
        let record = match position.play(house) {
            Ok(record) => record,
            Err(why) => {
                let refused = super::vocabulary::play::illegal_text(house, why, &north(req));
                let mut reply = Reply::private(Text::lines([heading(stage), refused, hint]));
                reply.language = req.language;
                reply.buttons.pressed = Pressed::Replaced;
                self.stage_board(&mut reply, stage).await?;
                return Ok(reply);
            }
        };
        let met = stage.stage().task.met_by(&record);
        let verdict = match met {
            true => "lesson-passed",
            false => "lesson-not-yet",
        };
        let mut lines = vec![
            heading(stage),
            Text::message(verdict, [("move", Arg::Text(move_words(&record)))]),
        ];
        let mut actions = Vec::new();
        if met {
            let now = self.now();
            let mut tx = self.store.begin().await?;
            req.user.note_in(&mut tx, req, now).await?;
            store::pass_lesson(&mut tx, req.user.id, key, now).await?;
            tx.commit().await.map_err(StoreError::from)?;
            lines.push(Text::message(&format!("lesson-{key}-done"), []));
            if let Some(next) = stage.next() {
                actions.push(Action::new(
                    ActionId::LessonOpen { stage: next },
                    Text::message("button-lesson-next", []),
                ));
            }
            actions.push(Action::new(
                ActionId::LessonOpen { stage },
                Text::message("button-lesson-again", []),
            ));
        } else {
            lines.push(hint);
            actions.push(Action::new(
                ActionId::LessonOpen { stage },
                Text::message("button-lesson-retry", []),
            ));
        }
        let mut reply = Reply::private(Text::lines(lines));
        reply.language = req.language;
        reply.buttons.pressed = Pressed::Replaced;
        reply.buttons.actions = actions;
        if self.config.pictures {
            reply.board.animation = Some(pictures::lesson_move(record, reply.language).await?);
        }
        Ok(reply)
    }

    /// The path's last stage: a one-round match against the computer at its beginner's level, where the
    /// player asked, the player moving first (as in every lesson).
    async fn first_lesson_match(&self, req: &Request) -> Result<Reply, CoreError> {
        let options = ChallengeOptions {
            terms: TermsOptions {
                round_limit: Some(1),
                first: Some(FirstMover::Challenger),
                ..TermsOptions::default()
            },
            level: Some(Level::WEAKEST),
        };
        let computer = self.config.computer.clone();
        self.challenge(req, &computer, &options).await
    }

    /// The lessons a player has passed, for their stats: `None` before the first.
    pub(super) async fn lessons_line(&self, player: UserId) -> Result<Option<Text>, CoreError> {
        let passed = self.stages_passed(player).await?;
        Ok((!passed.is_empty()).then(|| {
            Text::message(
                "lesson-stats",
                [
                    ("passed", Arg::number(passed.len() as i64)),
                    ("count", Arg::number(path().len() as i64)),
                    ("learn", Arg::command("learn")),
                ],
            )
        }))
    }
}

/// The first stage not passed, else the last.
fn current(passed: &[StageId]) -> StageId {
    let mut all = StageId::all();
    all.find(|s| !passed.contains(s))
        .or_else(|| StageId::all().last())
        .unwrap_or_else(StageId::first)
}

/// "Lesson 3 of 13: Fours on your own side".
fn heading(stage: StageId) -> Text {
    Text::message(
        "lesson-heading",
        [
            ("number", Arg::number(stage.number())),
            ("count", Arg::number(path().len() as i64)),
            ("title", Arg::Text(title(stage))),
        ],
    )
}

fn title(stage: StageId) -> Text {
    Text::message(&format!("lesson-{}-title", stage.key()), [])
}

/// Every stage, each marked passed or not, and how many are passed.
fn overview(passed: &[StageId]) -> Text {
    let stages = Text::list(
        StageId::all().map(|stage| {
            let mark = match passed.contains(&stage) {
                true => "lesson-list-passed",
                false => "lesson-list-open",
            };
            Text::message(
                mark,
                [
                    ("number", Arg::number(stage.number())),
                    ("title", Arg::Text(title(stage))),
                ],
            )
        }),
        "\n",
    );
    Text::message(
        "lesson-overview",
        [
            ("passed", Arg::number(passed.len() as i64)),
            ("count", Arg::number(path().len() as i64)),
            ("stages", Arg::Text(stages)),
            ("learn", Arg::command("learn")),
        ],
    )
}

/// A button per house of the player's with seeds, the ones the rules would refuse too: trying one is
/// part of learning why (feeding).
fn house_buttons(stage: StageId) -> Vec<Action> {
    stage
        .stage()
        .houses()
        .into_iter()
        .map(|house| {
            Action::new(
                ActionId::LessonTry { stage, house },
                Text::message("button-house", [("house", Arg::number(house.label()))]),
            )
        })
        .collect()
}

/// The previous and next stages, where there are.
fn around(stage: StageId) -> Vec<Action> {
    let previous = StageId::from_number(stage.number() - 1).map(|s| (s, "button-lesson-previous"));
    let next = stage.next().map(|s| (s, "button-lesson-skip"));
    previous
        .into_iter()
        .chain(next)
        .map(|(s, label)| Action::new(ActionId::LessonOpen { stage: s }, Text::message(label, [])))
        .collect()
}

/// The other side's name in a lesson, as the rules' words name it ("North has no seeds").
fn north(req: &Request) -> String {
    namnam_words::message(req.language, "picture-north", &[])
}

/// A match won against the computer passes the path's last stage, in the match's transaction, and its
/// reply says so (the first time only).
pub(super) struct LessonsHook;

impl MatchHook for LessonsHook {
    fn before_reply<'a>(
        &'a self,
        core: &'a Core,
        tx: &'a mut WriteTx,
        change: &'a MatchChange<'a>,
        aftermath: &'a mut Aftermath,
    ) -> HookFuture<'a> {
        Box::pin(async move {
            let row = change.row;
            let (Some(result), Some(seat)) = (row.game.result(), row.computer) else {
                return Ok(());
            };
            let person = seat.side.other();
            if result.winner == Some(person) && change.played.is_some() {
                let player = row.players.get(person);
                aftermath.first_win =
                    store::pass_lesson(tx, player, FIRST_MATCH, core.now()).await?;
            }
            Ok(())
        })
    }
}
