//! The one door from the core to the pictures: every board picture and move animation the core sends comes
//! from here, through the renderer ([`namnam_render`]). Pictures are slow next to a transaction, so they are
//! drawn only after the change is committed, on the blocking threads. The board PNG comes with the reply;
//! a move's GIF (for two laps or more) is a [`PendingAnimation`] that the front end renders when the reply
//! with the board has gone out ([`Reply::render_animation`](super::Reply::render_animation)), so the move
//! path stays fast. Every picture is drawn in the language of the reply or post it goes with.

use super::error::InternalError;
use super::message::Language;
use namnam_game::{Match, MatchMove, MoveRecord, Position};
use namnam_model::Names;
use namnam_render::Heading;
pub use namnam_render::{MatchView, Picture, RatingChart, RatingPoint};

/// The board of `game` (after `played`, if a move was just played) as a PNG, its words in `language`.
pub async fn board(
    game: &Match,
    names: &Names,
    played: Option<&MatchMove>,
    language: Language,
) -> Result<Picture, InternalError> {
    noted_board(game, names, played, None, language).await
}

/// [`board`] with `note` written under it (a replay's word on the move shown, in `language` too).
pub async fn noted_board(
    game: &Match,
    names: &Names,
    played: Option<&MatchMove>,
    note: Option<String>,
    language: Language,
) -> Result<Picture, InternalError> {
    let (game, names, played) = (game.clone(), names.clone(), played.cloned());
    let picture = tokio::task::spawn_blocking(move || {
        let view = MatchView {
            note: note.as_deref(),
            ..view(&game, &names, played.as_ref(), language)
        };
        namnam_render::board_png(&view)
    })
    .await?;
    Ok(picture)
}

/// A player's rating chart (see [`namnam_render::rating_chart`]).
pub async fn rating_chart(
    name: String,
    points: Vec<RatingPoint>,
    caption: String,
    language: Language,
) -> Result<Picture, InternalError> {
    let picture = tokio::task::spawn_blocking(move || {
        namnam_render::rating_chart(&RatingChart {
            language,
            name: &name,
            points: &points,
            caption: &caption,
        })
    })
    .await?;
    Ok(picture)
}

/// A tournament's standings (see [`namnam_render::standings_png`]).
pub async fn standings(
    table: namnam_render::StandingsTable,
    language: Language,
) -> Result<Picture, InternalError> {
    let picture =
        tokio::task::spawn_blocking(move || namnam_render::standings_png(&table, language)).await?;
    Ok(picture)
}

fn view<'a>(
    game: &'a Match,
    names: &'a Names,
    played: Option<&'a MatchMove>,
    language: Language,
) -> MatchView<'a> {
    MatchView {
        language,
        names: names.as_refs(),
        heading: namnam_render::Heading::Round(game.round()),
        position: game.position(),
        last_move: played.map(|m| &m.record),
        round_summary: played.and_then(|m| m.round_summary.as_ref()),
        result: game.result(),
        note: None,
    }
}

/// A move's animation, still to be drawn.
#[derive(Clone, Debug)]
pub struct PendingAnimation {
    game: Match,
    names: Names,
    played: MatchMove,
}

impl PendingAnimation {
    /// The animation of `played` (which led to `game`), if it took two laps or more.
    pub fn of(game: &Match, names: &Names, played: &MatchMove) -> Option<PendingAnimation> {
        (played.record.laps() >= 2).then(|| PendingAnimation {
            game: game.clone(),
            names: names.clone(),
            played: played.clone(),
        })
    }

    /// Draws the GIF, its words in `language` (the reply's: it may be settled after the animation was
    /// queued).
    pub async fn render(self, language: Language) -> Result<Picture, InternalError> {
        let picture = tokio::task::spawn_blocking(move || {
            let mut view = view(&self.game, &self.names, Some(&self.played), language);
            // The move's own round: after a round's last move the match is already in the next one.
            view.heading = namnam_render::Heading::Round(self.played.round);
            namnam_render::move_gif(&view, &self.played.record)
        })
        .await?;
        Ok(picture)
    }
}

/// A puzzle's position (its sides named South and North, as the puzzle's words name them), in `language`.
pub async fn puzzle_board(
    position: Position,
    language: Language,
) -> Result<Picture, InternalError> {
    staged_board(position, language, Heading::Puzzle).await
}

/// A puzzle's move as an animation (however many laps: the answer shows what a move does), in
/// `language`. Drawn at once, not pending: a puzzle's answer is private, and stored nowhere.
pub async fn puzzle_move(record: MoveRecord, language: Language) -> Result<Picture, InternalError> {
    staged_move(record, language, Heading::Puzzle).await
}

/// A lesson's position, as a puzzle's is drawn but headed as a lesson.
pub async fn lesson_board(
    position: Position,
    language: Language,
) -> Result<Picture, InternalError> {
    staged_board(position, language, Heading::Lesson).await
}

/// A lesson's move as an animation, as a puzzle's.
pub async fn lesson_move(record: MoveRecord, language: Language) -> Result<Picture, InternalError> {
    staged_move(record, language, Heading::Lesson).await
}

/// A position outside any match (a puzzle's, a lesson's), its sides named South and North.
async fn staged_board(
    position: Position,
    language: Language,
    heading: Heading,
) -> Result<Picture, InternalError> {
    let picture = tokio::task::spawn_blocking(move || {
        let (south, north) = side_names(language);
        namnam_render::board_png(&staged_view(
            &position, None, &south, &north, language, heading,
        ))
    })
    .await?;
    Ok(picture)
}

/// A move outside any match, as an animation.
async fn staged_move(
    record: MoveRecord,
    language: Language,
    heading: Heading,
) -> Result<Picture, InternalError> {
    let picture = tokio::task::spawn_blocking(move || {
        let (south, north) = side_names(language);
        let view = staged_view(
            &record.after,
            Some(&record),
            &south,
            &north,
            language,
            heading,
        );
        namnam_render::move_gif(&view, &record)
    })
    .await?;
    Ok(picture)
}

fn side_names(language: Language) -> (String, String) {
    let side = |id| namnam_words::message(language, id, &[]);
    (side("picture-south"), side("picture-north"))
}

fn staged_view<'a>(
    position: &'a Position,
    last_move: Option<&'a MoveRecord>,
    south: &'a str,
    north: &'a str,
    language: Language,
    heading: Heading,
) -> MatchView<'a> {
    MatchView {
        language,
        names: namnam_game::ByPlayer::new(south, north),
        heading,
        position,
        last_move,
        round_summary: None,
        result: None,
        note: None,
    }
}

/// The opening board with its numbered houses, for `/rules`, in English.
pub fn opening_board() -> Picture {
    opening_board_in(Language::English)
}

/// The opening board with its numbered houses, for `/rules`, in `language` (the sides' names too).
pub fn opening_board_in(language: Language) -> Picture {
    let position =
        namnam_game::Position::opening(namnam_game::Player::South, namnam_game::Rules::default());
    let side = |id| namnam_words::message(language, id, &[]);
    let (south, north) = (side("picture-south"), side("picture-north"));
    namnam_render::board_png(&MatchView {
        language,
        names: namnam_game::ByPlayer::new(&south, &north),
        heading: namnam_render::Heading::Round(1),
        position: &position,
        last_move: None,
        round_summary: None,
        result: None,
        note: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_game::rng::SeededRng;
    use namnam_game::MatchOptions;

    /// A move of two laps or more that ends round 1, from seeded random play.
    fn a_round_ending_animated_move() -> (Match, MatchMove) {
        for seed in 0.. {
            let mut game = Match::new(MatchOptions::default());
            let mut rng = SeededRng::new(seed);
            while game.round() == 1 && !game.is_over() {
                let moves = game.position().legal_moves();
                let played = game.play(moves.get(rng.below(moves.len()))).unwrap();
                if played.round_summary.is_some() {
                    if played.record.laps() >= 2 {
                        return (game, played);
                    }
                    break;
                }
            }
        }
        unreachable!("some seed ends a round with a move of two laps")
    }

    #[tokio::test]
    async fn a_puzzle_picture_names_no_round_the_position_may_not_have_been_in() {
        // 8 houses to 4: a position of a later round, which the picture once headed "Round 1".
        let position = Position::from_parts(
            8,
            [0, 3, 5, 1, 0, 2, 4, 0, 1, 0, 2, 0],
            [18, 12],
            namnam_game::Player::South,
            namnam_game::Player::South,
            namnam_game::Rules::default(),
        )
        .unwrap();
        for (language, about, task) in [
            (Language::English, "Nam-nam puzzle board.", "Find the move"),
            (Language::French, "Plateau d'un problème", "Trouvez le coup"),
        ] {
            let picture = puzzle_board(position, language).await.unwrap();
            let d = &picture.description;
            assert!(d.starts_with(about), "{d}");
            assert!(d.contains(task), "{d}");
            assert!(!d.contains("round") && !d.contains("manche"), "{d}");
        }
    }

    #[tokio::test]
    async fn the_animation_of_a_rounds_last_move_is_headed_with_that_round() {
        let (game, played) = a_round_ending_animated_move();
        assert_eq!(game.round(), 2, "the match is in the next round already");
        let names = Names {
            south: "alice".into(),
            north: "bob".into(),
        };
        let gif = PendingAnimation::of(&game, &names, &played)
            .expect("two laps: animated")
            .render(Language::English)
            .await
            .unwrap();
        assert!(gif.description.contains("round 1."), "{}", gif.description);
        assert!(!gif.description.contains("round 2."), "{}", gif.description);
    }
}
