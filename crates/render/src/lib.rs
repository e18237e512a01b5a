//! Pictures of the game: the board as a PNG after every move, a move's laps as an animated GIF, and a
//! player's rating history as a small chart ([`rating_chart`]).
//!
//! Pure: positions, moves and ratings in, bytes out. The one I/O is reading the host's font files, once,
//! for a character of a name that the embedded fonts lack. The inputs are [`namnam_game`]'s, and every
//! word drawn or described comes from the `pictures` area of [`namnam_words`], in the [`Language`] each
//! input names; the Discord layer turns a [`Picture`] into an attachment (its `description` is the
//! attachment's alt text).
//!
//! ```
//! use namnam_game::{ByPlayer, Player, Position, Rules};
//! use namnam_render::{board_png, Language, MatchView};
//!
//! let position = Position::opening(Player::South, Rules::default());
//! let view = MatchView {
//!     language: Language::English,
//!     names: ByPlayer::new("Ama", "Kofi"),
//!     heading: namnam_render::Heading::Round(1),
//!     position: &position,
//!     last_move: None,
//!     round_summary: None,
//!     result: None,
//!     note: None,
//! };
//! let picture = board_png(&view);
//! assert!(picture.bytes.starts_with(b"\x89PNG"));
//! assert!(picture.description.contains("Ama"));
//! ```

mod animation;
mod chart;
mod deflate;
mod draw;
mod fonts;
mod lzw;
mod palette;
mod scene;
mod standings;
mod text;
mod tiles;
mod view;
mod words;

use namnam_game::MoveRecord;

pub use animation::{MAX_BYTES, MAX_MIDDLE_FRAMES};
pub use chart::{rating_chart, RatingChart, RatingPoint, CHART_HEIGHT, CHART_WIDTH};
pub use draw::{house_centre, house_rect, HEIGHT, MAX_DOTS, WIDTH};
pub use fonts::{EMOJI_BYTES, FONT_BYTES};
pub use palette::{on_strong, strong, tint, GifPalette, Rgb};
pub use standings::{standings_png, StandingsLine, StandingsTable};
use view::clip;
pub use view::{Heading, MatchView, Picture, MAX_DESCRIPTION, STALL_SHOWN_FROM};
pub use words::Language;

/// The board as a PNG ([`WIDTH`] × [`HEIGHT`], 8-bit indexed with the GIF palette) with its description.
/// Put together from tiles drawn and compressed once (`tiles.rs`): a move redraws only what
/// it changed.
pub fn board_png(view: &MatchView) -> Picture {
    let scene = scene::from_view(view);
    Picture {
        bytes: tiles::png(&scene),
        description: clip(scene::describe(&scene)),
        width: WIDTH,
        height: HEIGHT,
    }
}

/// The board PNG as it was made before the tiles: the whole board drawn, then `reference` picks the
/// encoding: the full-colour PNG of the first renderer, or the indexed PNG through zlib. Kept for the
/// benchmark's before-and-after, and for tests that compare the two.
#[doc(hidden)]
pub fn board_png_untiled(view: &MatchView, full_colour: bool) -> Picture {
    let scene = scene::from_view(view);
    let encode = if full_colour {
        encode_png
    } else {
        encode_indexed_png
    };
    Picture {
        bytes: draw::scene(&scene, encode),
        description: clip(scene::describe(&scene)),
        width: WIDTH,
        height: HEIGHT,
    }
}

/// Which font draws each character of `text` in a picture (the embedded text font, the embedded emoji,
/// or a host font's file), or `None` where no font has it and it is left out (for tests and
/// `namnam render`).
pub fn fonts_of(text: &str) -> Vec<(char, Option<&'static str>)> {
    text::fonts_of(text)
}

/// Forgets the cached status lines (`lines_only`) or every cached tile, so that the next board draws
/// them again (for benchmarks).
#[doc(hidden)]
pub fn clear_tile_cache(lines_only: bool) {
    tiles::clear_cache(lines_only);
}

/// Bytes of tiles kept in memory (an operator's gauge).
pub fn tile_cache_bytes() -> usize {
    tiles::cache_bytes()
}

/// The board of [`board_png`] as drawn, before encoding: [`WIDTH`] × [`HEIGHT`] RGBA pixels, row by row.
/// For tests that compare the encoded picture with what was drawn.
#[doc(hidden)]
pub fn board_rgba(view: &MatchView) -> Vec<u8> {
    draw::scene(&scene::from_view(view), |pm| pm.data().to_vec())
}

/// An animated GIF of `record`, lap by lap and capture by capture, from `record.before` to the board of
/// `view` (normally `record.after`, or the next round's opening with the round's summary).
pub fn move_gif(view: &MatchView, record: &MoveRecord) -> Picture {
    let mut picture = animation::move_gif(view, record, tiles::indices);
    picture.description = clip(picture.description);
    picture
}

/// [`move_gif`] with every frame drawn whole, as before the tiles (for the benchmark's before-and-after).
#[doc(hidden)]
pub fn move_gif_untiled(view: &MatchView, record: &MoveRecord) -> Picture {
    let palette = GifPalette::get();
    let frame = |scene: &scene::Scene| {
        draw::scene(scene, |pm| {
            pm.data()
                .chunks_exact(4)
                .map(|p| palette.index_of(p[0], p[1], p[2]))
                .collect()
        })
    };
    let mut picture = animation::move_gif(view, record, frame);
    picture.description = clip(picture.description);
    picture
}

/// The board as an 8-bit indexed PNG: every drawn pixel mapped through the GIF palette's lookup table
/// (the same colours the move animation shows), then zlib level 1 on unfiltered rows: the filters
/// predict neighbouring values, which means little for palette indices, and the long runs of one index
/// deflate well; the faster `fdeflate` mode is tuned for filtered RGB and leaves this picture above 40 KB
/// (`docs/measurements/pictures-indexed.md` has the figures).
fn encode_indexed_png(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    let palette = GifPalette::get();
    let indices: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .map(|p| palette.index_of(p[0], p[1], p[2]))
        .collect();
    let mut bytes = Vec::with_capacity(48 * 1024);
    let mut encoder = png::Encoder::new(&mut bytes, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.rgb_bytes());
    encoder.set_deflate_compression(png::DeflateCompression::Level(1));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder
        .write_header()
        .expect("writing a PNG header into memory cannot fail");
    writer
        .write_image_data(&indices)
        .expect("encoding a PNG into memory cannot fail");
    writer
        .finish()
        .expect("finishing a PNG in memory cannot fail");
    bytes
}

/// PNG encoding (the rating chart, and the first board renderer), chosen for speed and size together: the fast deflate with the Paeth filter — about 1 ms
/// and 120 KB for a busy board, where `Up` is a little faster but near 150 KB and the default zlib level
/// takes 25 ms (`docs/pictures.md` has the measurements). The pixmap's RGBA goes in as it is: every
/// pixel is opaque, the constant alpha costs almost nothing after filtering, and copying out RGB took
/// longer than the bytes it saved.
fn encode_png(pixmap: &tiny_skia::Pixmap) -> Vec<u8> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let mut bytes = Vec::with_capacity(160 * 1024);
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Paeth)
        .write_image(
            pixmap.data(),
            pixmap.width(),
            pixmap.height(),
            image::ExtendedColorType::Rgba8,
        )
        .expect("encoding a PNG into memory cannot fail");
    bytes
}
