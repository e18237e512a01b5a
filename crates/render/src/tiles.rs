//! The board picture as tiles, each drawn, quantised and compressed once and then reused.
//!
//! ```text
//!  ┌──────────────── heading (round) ─────────────────┐   0
//!  │ north name bar                  │ turn marker    │  60
//!  │ store │ h12 │ h11 │ h10 │ h9 │ h8 │ h7 │ store  │ 107
//!  │       │ h1  │ h2  │ h3  │ h4 │ h5 │ h6 │        │ 221
//!  │ south name bar                  │ turn marker    │ 334
//!  │ status band: top, line 1, gap, line 2, bottom    │ 386
//!  └──────────────────────────────────────────────────┘ 500
//! ```
//!
//! Every piece of the board lies inside one tile (a house's ring and tag inside its house's), so a tile
//! depends only on what its [`Key`] says: a house on its owner, seeds, captures and rings, a name bar on the
//! name and the houses owned, and so on. A move changes a few houses and the status lines; everything else
//! comes from the cache. A tile keeps its palette indices and, row by row, the deflate bits of those
//! indices ([`super::deflate`]), so a board's PNG is tile rows laid end to end.

use super::deflate::{self, Bits, Code, Counts, Token};
use super::draw::{self, HEIGHT, NORTH_BAR_Y, SOUTH_BAR_Y, WIDTH};
use super::palette::GifPalette;
use super::scene::{MapCaption, Scene, Span};
use super::words::Language;
use namnam_game::{ByPlayer, House, Player, Territory};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::Pixmap;

/// A place on the board picture, and what is drawn there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    Heading,
    NameBar(Player),
    TurnMarker(Player),
    Store(Player),
    House(House),
    /// The status band when it shows a territory map: drawn whole.
    Status,
    /// The status band without a map, in strips: the lines, and the empty band around them.
    StatusLine(u8),
    Band(u8),
}

/// Left, top, width, height.
type Rect = (u32, u32, u32, u32);

const SPLIT_X: u32 = 600;
const HOUSE_ROWS: [(u32, u32); 2] = [(107, 221), (221, 334)];
const FIRST_HOUSE_X: u32 = 119;
/// Status band strips without a map: (top, bottom) of the empty band, line 1, the gap, line 2, the bottom.
const STRIPS: [(u32, u32); 5] = [(386, 398), (398, 434), (434, 443), (443, 475), (475, 500)];

fn rect(place: Place) -> Rect {
    let bar = |player| match player {
        Player::North => (60, 107),
        Player::South => (334, 386),
    };
    match place {
        Place::Heading => (0, 0, WIDTH, 60),
        Place::NameBar(p) => {
            let (top, bottom) = bar(p);
            (0, top, SPLIT_X, bottom - top)
        }
        Place::TurnMarker(p) => {
            let (top, bottom) = bar(p);
            (SPLIT_X, top, WIDTH - SPLIT_X, bottom - top)
        }
        Place::Store(Player::North) => (0, 107, FIRST_HOUSE_X, 334 - 107),
        Place::Store(Player::South) => (FIRST_HOUSE_X + 612, 107, WIDTH - 731, 334 - 107),
        Place::House(h) => {
            let (x, _) = draw::house_origin(h);
            let (top, bottom) = HOUSE_ROWS[usize::from(h.index() < 6)];
            (x as u32 - 5, top, 102, bottom - top)
        }
        Place::Status => (0, 386, WIDTH, HEIGHT - 386),
        Place::StatusLine(i) => strip(STRIPS[1 + 2 * i as usize]),
        Place::Band(i) => strip(STRIPS[2 * i as usize]),
    }
}

fn strip((top, bottom): (u32, u32)) -> Rect {
    (0, top, WIDTH, bottom - top)
}

/// The rows of the picture, each with the tiles across it from left to right.
fn layout(scene: &Scene) -> Vec<(u32, u32, Vec<Place>)> {
    let bar = |p| vec![Place::NameBar(p), Place::TurnMarker(p)];
    let houses = |labels: [i64; 6]| {
        labels
            .map(|l| Place::House(House::from_label(l).expect("a label")))
            .to_vec()
    };
    let mut north = vec![Place::Store(Player::North)];
    north.extend(houses([12, 11, 10, 9, 8, 7]));
    north.push(Place::Store(Player::South));
    let mut south = vec![Place::Store(Player::North)];
    south.extend(houses([1, 2, 3, 4, 5, 6]));
    south.push(Place::Store(Player::South));
    let mut rows = vec![
        (0, 60, vec![Place::Heading]),
        (60, 107, bar(Player::North)),
        (107, 221, north),
        (221, 334, south),
        (334, 386, bar(Player::South)),
    ];
    if scene.territory_map.is_some() {
        rows.push((386, HEIGHT, vec![Place::Status]));
    } else {
        for (i, &(top, bottom)) in STRIPS.iter().enumerate() {
            let place = if i % 2 == 1 {
                Place::StatusLine((i / 2) as u8)
            } else {
                Place::Band((i / 2) as u8)
            };
            rows.push((top, bottom, vec![place]));
        }
    }
    rows
}

/// Everything a tile's pixels depend on: two tiles with equal keys are drawn the same. A tile with words
/// on it keys on the language, so that a French board and an English one never share it; a tile without
/// words (a house with no tag, the empty band) is shared by every language.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Heading(Language, crate::Heading),
    NameBar(Language, Player, String, u8),
    /// The marker's message id, when it is the player's turn.
    TurnMarker(Language, Player, Option<&'static str>),
    Store(Language, Player, u8),
    House {
        /// Only for a house with tags on its ring.
        language: Option<Language>,
        house: House,
        owner: Player,
        seeds: u8,
        captured: ByPlayer<u8>,
        tags: Vec<String>,
    },
    Status {
        language: Language,
        lines: [Vec<Span>; 2],
        names: [String; 2],
        map: Option<(Territory, MapCaption)>,
    },
    StatusLine(Language, u8, Vec<Span>, [String; 2]),
    Band(u8),
}

fn key(scene: &Scene, place: Place) -> Key {
    let names = || Player::BOTH.map(|p| scene.names.get(p).to_string());
    let language = scene.language;
    match place {
        Place::Heading => Key::Heading(language, scene.heading),
        Place::NameBar(p) => Key::NameBar(
            language,
            p,
            scene.names.get(p).to_string(),
            scene.territory.houses_of(p),
        ),
        Place::TurnMarker(p) => Key::TurnMarker(language, p, draw::turn_label(scene, p)),
        Place::Store(p) => Key::Store(language, p, scene.stores.get(p)),
        Place::House(h) => {
            let tags: Vec<String> = scene
                .rings
                .iter()
                .filter(|r| r.house == h)
                .map(|r| r.tag.clone())
                .collect();
            Key::House {
                language: (!tags.is_empty()).then_some(language),
                house: h,
                owner: scene.territory.owner(h),
                seeds: scene.board[h.index()],
                captured: scene.captured[h.index()],
                tags,
            }
        }
        Place::Status => Key::Status {
            language,
            lines: scene.lines.clone(),
            names: names(),
            map: scene.territory_map,
        },
        Place::StatusLine(i) => {
            Key::StatusLine(language, i, scene.lines[i as usize].clone(), names())
        }
        Place::Band(i) => Key::Band(i),
    }
}

/// Draws what lies in `place`; the pixmap holds the background there.
fn draw_place(pm: &mut Pixmap, scene: &Scene, place: Place) {
    let bar_y = |p| match p {
        Player::North => NORTH_BAR_Y,
        Player::South => SOUTH_BAR_Y,
    };
    match place {
        Place::Heading => draw::heading(pm, scene.language, scene.heading),
        Place::NameBar(p) => draw::name_bar(pm, scene, p, bar_y(p)),
        Place::TurnMarker(p) => draw::turn_marker(pm, scene, p, bar_y(p)),
        Place::Store(p) => {
            let x = match p {
                Player::North => draw::NORTH_STORE_X,
                Player::South => draw::SOUTH_STORE_X,
            };
            draw::store(pm, scene, p, x)
        }
        Place::House(h) => {
            draw::house(pm, scene, h);
            for ring in scene.rings.iter().filter(|r| r.house == h) {
                draw::house_ring(pm, h, &ring.tag);
            }
            draw::badges(pm, scene, h);
        }
        Place::Status => draw::status_with_map(pm, scene),
        Place::StatusLine(i) => draw::status_line(pm, scene, i as usize),
        Place::Band(_) => {}
    }
}

/// One tile: its palette indices (row by row) and each row's deflate bits with their Adler-32.
pub struct Tile {
    rect: Rect,
    indices: Vec<u8>,
    bits: Bits,
    /// Per row: where its bits start (a multiple of 64), how many, and the Adler-32 of its indices.
    rows: Vec<(u32, u32, u32)>,
}

impl Tile {
    fn bytes(&self) -> usize {
        self.indices.len() + self.bits.bit_len() / 8 + self.rows.len() * 12 + 64
    }
}

/// The card and the empty band, drawn once.
fn background() -> &'static Pixmap {
    static BACKGROUND: OnceLock<Pixmap> = OnceLock::new();
    BACKGROUND.get_or_init(|| {
        let mut pm = Pixmap::new(WIDTH, HEIGHT).expect("a non-empty picture");
        draw::background(&mut pm);
        pm
    })
}

/// The pixels of `place` in `scene`, as palette indices.
fn draw_indices(scene: &Scene, place: Place) -> Vec<u8> {
    thread_local! {
        static CANVAS: RefCell<Option<Pixmap>> = const { RefCell::new(None) };
    }
    let (x, y, w, h) = rect(place);
    let row = |y: u32| (y * WIDTH + x) as usize * 4..(y * WIDTH + x + w) as usize * 4;
    CANVAS.with(|cell| {
        let mut slot = cell.borrow_mut();
        let pm = slot.get_or_insert_with(|| background().clone());
        // Only this tile's rectangle is read back, so only it needs the background again: whatever
        // an earlier tile drew elsewhere stays outside.
        let bg = background().data();
        for yy in y..y + h {
            pm.data_mut()[row(yy)].copy_from_slice(&bg[row(yy)]);
        }
        draw_place(pm, scene, place);
        let palette = GifPalette::get();
        let data = pm.data();
        let mut indices = Vec::with_capacity((w * h) as usize);
        for yy in y..y + h {
            indices.extend(
                data[row(yy)]
                    .chunks_exact(4)
                    .map(|p| palette.index_of(p[0], p[1], p[2])),
            );
        }
        indices
    })
}

/// The distance back to the same column a row above, in the PNG's rows (a filter byte, then the pixels).
const ROW_DISTANCE: usize = WIDTH as usize + 1;

fn parse_tile(indices: &[u8], w: usize, mut emit: impl FnMut(usize, Token)) {
    for r in 0..indices.len() / w {
        deflate::parse_row(indices, w, r, r > 0, ROW_DISTANCE, |t| emit(r, t));
    }
}

fn make_tile(scene: &Scene, place: Place) -> Tile {
    let rect = rect(place);
    let indices = draw_indices(scene, place);
    let w = rect.2 as usize;
    let code = code();
    let mut bits = Bits::default();
    let mut rows = Vec::with_capacity(rect.3 as usize);
    let mut current = usize::MAX;
    let mut start = 0;
    parse_tile(&indices, w, |r, token| {
        if r != current {
            if current != usize::MAX {
                rows.push((start as u32, (bits.bit_len() - start) as u32, 0));
                bits.align();
            }
            current = r;
            start = bits.bit_len();
        }
        code.write(&mut bits, token);
    });
    rows.push((start as u32, (bits.bit_len() - start) as u32, 0));
    for (r, row) in rows.iter_mut().enumerate() {
        row.2 = simd_adler32::adler32(&&indices[r * w..(r + 1) * w]);
    }
    Tile {
        rect,
        indices,
        bits,
        rows,
    }
}

/// The Huffman code of every board: trained on the tiles of an opening and of a busy mid-round board.
fn code() -> &'static Code {
    static CODE: OnceLock<Code> = OnceLock::new();
    CODE.get_or_init(|| {
        let mut counts = Counts::default();
        crate::scene::with_samples(|scene| {
            for (_, _, places) in layout(scene) {
                for place in places {
                    let indices = draw_indices(scene, place);
                    parse_tile(&indices, rect(place).2 as usize, |_, t| counts.add(t));
                }
            }
        });
        Code::train(&counts)
    })
}

/// Bytes of tiles kept before a cache starts afresh. Houses, stores and name bars come back move after
/// move (a few thousand of them for a thousand live matches); status lines mostly do not, so they have a
/// smaller cache of their own, and filling it never costs the houses.
const LASTING_BYTES: usize = 96 << 20;
const PASSING_BYTES: usize = 16 << 20;

#[derive(Default)]
struct Cache {
    tiles: HashMap<Key, Arc<Tile>>,
    bytes: usize,
}

fn caches() -> &'static [Mutex<Cache>; 2] {
    static CACHES: OnceLock<[Mutex<Cache>; 2]> = OnceLock::new();
    CACHES.get_or_init(Default::default)
}

/// The cache for `key` (0 lasting, 1 passing) and its budget.
fn cache_of(key: &Key) -> (&'static Mutex<Cache>, usize) {
    match key {
        Key::Status { .. } | Key::StatusLine(..) => (&caches()[1], PASSING_BYTES),
        _ => (&caches()[0], LASTING_BYTES),
    }
}

/// Bytes kept in both caches.
pub fn cache_bytes() -> usize {
    caches()
        .iter()
        .map(|c| c.lock().unwrap_or_else(|e| e.into_inner()).bytes)
        .sum()
}

/// Forgets the cached status lines, or every tile (for benchmarks).
pub fn clear_cache(lines_only: bool) {
    for c in &caches()[usize::from(lines_only)..] {
        let mut c = c.lock().unwrap_or_else(|e| e.into_inner());
        c.tiles.clear();
        c.bytes = 0;
    }
}

fn tile(scene: &Scene, place: Place) -> Arc<Tile> {
    let key = key(scene, place);
    let (cache, budget) = cache_of(&key);
    if let Some(t) = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .tiles
        .get(&key)
    {
        return t.clone();
    }
    // Drawn outside the lock: two threads may draw the same tile once each, never wait on each other.
    let t = Arc::new(make_tile(scene, place));
    let mut c = cache.lock().unwrap_or_else(|e| e.into_inner());
    if c.bytes + t.bytes() > budget {
        c.tiles.clear();
        c.bytes = 0;
    }
    c.bytes += t.bytes();
    // Another thread may have drawn the same tile meanwhile: count it once.
    if let Some(old) = c.tiles.insert(key, t.clone()) {
        c.bytes -= old.bytes();
    }
    t
}

/// The tiles of `scene`, row band by row band.
fn tiles(scene: &Scene) -> Vec<(u32, u32, Vec<Arc<Tile>>)> {
    layout(scene)
        .into_iter()
        .map(|(top, bottom, places)| {
            let row: Vec<Arc<Tile>> = places.into_iter().map(|p| tile(scene, p)).collect();
            (top, bottom, row)
        })
        .collect()
}

/// Adler-32 of two pieces from theirs (zlib's `adler32_combine`).
fn adler_combine(a1: u32, a2: u32, len2: usize) -> u32 {
    const BASE: u32 = 65521;
    let rem = (len2 % BASE as usize) as u32;
    let mut sum1 = a1 & 0xffff;
    let mut sum2 = (rem * sum1) % BASE;
    sum1 += (a2 & 0xffff) + BASE - 1;
    sum2 += ((a1 >> 16) & 0xffff) + ((a2 >> 16) & 0xffff) + BASE - rem;
    if sum1 >= BASE {
        sum1 -= BASE;
    }
    if sum1 >= BASE {
        sum1 -= BASE;
    }
    if sum2 >= BASE << 1 {
        sum2 -= BASE << 1;
    }
    if sum2 >= BASE {
        sum2 -= BASE;
    }
    sum1 | (sum2 << 16)
}

/// The board of `scene` as an 8-bit indexed PNG with the GIF palette.
pub fn png(scene: &Scene) -> Vec<u8> {
    let code = code();
    let mut body = Bits::default();
    let mut adler = 1u32;
    // The Adler-32 of a row's filter byte, 0 ("none").
    const FILTER_ADLER: u32 = 0x0001_0001;
    for (top, bottom, row) in tiles(scene) {
        for y in top..bottom {
            code.write(&mut body, Token::Literal(0));
            adler = adler_combine(adler, FILTER_ADLER, 1);
            for t in &row {
                let (start, len, a) = t.rows[(y - t.rect.1) as usize];
                body.append(&t.bits, start as usize, len as usize);
                adler = adler_combine(adler, a, t.rect.2 as usize);
            }
        }
    }
    let zlib = code.zlib(&body, adler);
    deflate::png(WIDTH, HEIGHT, &GifPalette::get().rgb_bytes(), &zlib)
}

/// The board of `scene` as palette indices, row by row (a GIF frame).
pub fn indices(scene: &Scene) -> Vec<u8> {
    let mut out = vec![0u8; (WIDTH * HEIGHT) as usize];
    for (_, _, row) in tiles(scene) {
        for t in row {
            let (x, y, w, h) = t.rect;
            for r in 0..h {
                let at = ((y + r) * WIDTH + x) as usize;
                out[at..at + w as usize]
                    .copy_from_slice(&t.indices[(r * w) as usize..((r + 1) * w) as usize]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_covers_every_pixel_once() {
        crate::scene::with_samples(|scene| {
            let mut covered = vec![0u8; (WIDTH * HEIGHT) as usize];
            let mut next_top = 0;
            for (top, bottom, places) in layout(scene) {
                assert_eq!(top, next_top);
                next_top = bottom;
                let mut next_x = 0;
                for p in places {
                    let (x, y, w, h) = rect(p);
                    assert_eq!(x, next_x, "{p:?}");
                    assert!(y <= top && bottom <= y + h, "{p:?}");
                    next_x = x + w;
                    for yy in top..bottom {
                        for xx in x..x + w {
                            covered[(yy * WIDTH + xx) as usize] += 1;
                        }
                    }
                }
                assert_eq!(next_x, WIDTH);
            }
            assert_eq!(next_top, HEIGHT);
            assert!(covered.iter().all(|&c| c == 1));
        });
    }

    #[test]
    fn adler_combine_agrees_with_adler_of_the_whole() {
        let data: Vec<u8> = (0..5000u32).map(|i| (i * 7 % 253) as u8).collect();
        let (a, b) = data.split_at(1234);
        let whole = simd_adler32::adler32(&data.as_slice());
        let combined = adler_combine(
            simd_adler32::adler32(&a),
            simd_adler32::adler32(&b),
            b.len(),
        );
        assert_eq!(combined, whole);
    }
}
