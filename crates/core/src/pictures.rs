//! The one door from the core to the pictures: every board picture and move animation the core sends comes
//! from here, through the renderer ([`namnam_render`]). Pictures are slow next to a transaction, so they are
//! drawn only after the change is committed, on the blocking threads. The board PNG comes with the reply;
//! a move's GIF (for two laps or more) is a [`PendingAnimation`] that the front end renders when the reply
//! with the board has gone out ([`Reply::render_animation`](super::Reply::render_animation)), so the move
//! path stays fast.

use super::error::InternalError;
use namnam_game::{Match, MatchMove};
pub use namnam_render::{MatchView, Picture, RatingChart, RatingPoint};
use namnam_store::Names;

/// The board of `game` (after `played`, if a move was just played) as a PNG.
pub async fn board(
    game: &Match,
    names: &Names,
    played: Option<&MatchMove>,
) -> Result<Picture, InternalError> {
    noted_board(game, names, played, None).await
}

/// [`board`] with `note` written under it (a replay's word on the move shown).
pub async fn noted_board(
    game: &Match,
    names: &Names,
    played: Option<&MatchMove>,
    note: Option<String>,
) -> Result<Picture, InternalError> {
    let (game, names, played) = (game.clone(), names.clone(), played.cloned());
    let picture = tokio::task::spawn_blocking(move || {
        let view = MatchView {
            note: note.as_deref(),
            ..view(&game, &names, played.as_ref())
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
) -> Result<Picture, InternalError> {
    let picture = tokio::task::spawn_blocking(move || {
        namnam_render::rating_chart(&RatingChart {
            name: &name,
            points: &points,
            caption: &caption,
        })
    })
    .await?;
    Ok(picture)
}

/// A tournament's standings (see [`namnam_render::standings_png`]).
pub async fn standings(table: namnam_render::StandingsTable) -> Result<Picture, InternalError> {
    let picture = tokio::task::spawn_blocking(move || namnam_render::standings_png(&table)).await?;
    Ok(picture)
}

fn view<'a>(game: &'a Match, names: &'a Names, played: Option<&'a MatchMove>) -> MatchView<'a> {
    MatchView {
        names: names.as_refs(),
        round: game.round(),
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

    /// Draws the GIF.
    pub async fn render(self) -> Result<Picture, InternalError> {
        let picture = tokio::task::spawn_blocking(move || {
            let view = view(&self.game, &self.names, Some(&self.played));
            namnam_render::move_gif(&view, &self.played.record)
        })
        .await?;
        Ok(picture)
    }
}

/// The opening board with its numbered houses, for `/rules`.
pub fn opening_board() -> Picture {
    let position =
        namnam_game::Position::opening(namnam_game::Player::South, namnam_game::Rules::default());
    namnam_render::board_png(&MatchView {
        names: namnam_game::ByPlayer::new("South", "North"),
        round: 1,
        position: &position,
        last_move: None,
        round_summary: None,
        result: None,
        note: None,
    })
}
