//! Pictures of the game: the board as a PNG after every move, and a move's laps as an animated GIF.
//!
//! Pure: positions and moves in, bytes out, no I/O. The only input is [`crate::game`]; the Discord layer
//! turns a [`Picture`] into an attachment (its `description` is the attachment's alt text).
//!
//! ```
//! use namnam::game::{ByPlayer, Player, Position, Rules};
//! use namnam::render::{board_png, MatchView};
//!
//! let position = Position::opening(Player::South, Rules::default());
//! let view = MatchView {
//!     names: ByPlayer::new("Ama", "Kofi"),
//!     round: 1,
//!     position: &position,
//!     last_move: None,
//!     round_summary: None,
//!     result: None,
//! };
//! let picture = board_png(&view);
//! assert!(picture.bytes.starts_with(b"\x89PNG"));
//! assert!(picture.description.contains("Ama"));
//! ```

mod animation;
mod draw;
mod palette;
mod scene;
mod text;

use crate::game::{ByPlayer, MatchResult, MoveRecord, Position, RoundSummary};

pub use animation::{MAX_BYTES, MAX_MIDDLE_FRAMES};
pub use draw::{house_centre, house_rect, HEIGHT, MAX_DOTS, WIDTH};
pub use palette::{on_strong, strong, tint, GifPalette, Rgb};
pub use text::FONT_BYTES;

/// A board in the match around it: what one picture shows.
#[derive(Clone, Copy, Debug)]
pub struct MatchView<'a> {
    /// Display names, South first.
    pub names: ByPlayer<&'a str>,
    /// The round number shown.
    pub round: u32,
    /// The board to draw.
    pub position: &'a Position,
    /// The move that led here. Its start house, end house, captures and laps are marked only when
    /// `position` is that move's `after` position (same territory and board); otherwise they are left out,
    /// for example when `position` is already the next round's opening.
    pub last_move: Option<&'a MoveRecord>,
    /// Set when the last move ended a round: a banner with the round's winner and next round's territory.
    pub round_summary: Option<&'a RoundSummary>,
    /// Set when the match is over: a banner with the winner.
    pub result: Option<MatchResult>,
}

/// An encoded picture with its text for screen readers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub bytes: Vec<u8>,
    pub description: String,
    pub width: u32,
    pub height: u32,
}

/// The board as a PNG ([`WIDTH`] × [`HEIGHT`], opaque RGB) with its description.
pub fn board_png(view: &MatchView) -> Picture {
    let scene = scene::from_view(view);
    Picture {
        bytes: draw::scene(&scene, encode_png),
        description: scene::describe(&scene),
        width: WIDTH,
        height: HEIGHT,
    }
}

/// An animated GIF of `record`, lap by lap and capture by capture, from `record.before` to the board of
/// `view` (normally `record.after`, or the next round's opening with the round's summary).
pub fn move_gif(view: &MatchView, record: &MoveRecord) -> Picture {
    animation::move_gif(view, record)
}

/// PNG encoding, chosen for speed and size together: RGB without alpha (the card is opaque), the fast
/// deflate and the Paeth filter — about 1 ms and 110 KB for a busy board, where `Up` is as fast but near
/// 150 KB and the default zlib level takes 25 ms (`docs/pictures.md` has the measurements).
fn encode_png(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    thread_local! {
        static RGB: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    RGB.with(|cell| {
        let mut rgb = cell.borrow_mut();
        rgb.resize((pixmap.width() * pixmap.height() * 3) as usize, 0);
        for (out, p) in rgb.chunks_exact_mut(3).zip(pixmap.data().chunks_exact(4)) {
            out.copy_from_slice(&p[..3]);
        }
        let mut bytes = Vec::with_capacity(160 * 1024);
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Paeth)
            .write_image(
                &rgb,
                pixmap.width(),
                pixmap.height(),
                image::ExtendedColorType::Rgb8,
            )
            .expect("encoding a PNG into memory cannot fail");
        bytes
    })
}
