//! Draws a [`Scene`] into a pixmap with tiny-skia (anti-aliased shapes) and the embedded font.
//!
//! ```text
//!  ┌──────────────────────────────────────────────────┐
//!  │ Round 2                       sowing: 1 → 12 ↺   │
//!  │ (North)  owns 5 houses                 ▶ to move │
//!  │ ┌────┐ [12][11][10][ 9][ 8][ 7] ┌────┐           │
//!  │ │ N  │ [ 1][ 2][ 3][ 4][ 5][ 6] │ S  │  stores   │
//!  │ (South)  owns 7 houses                           │
//!  │ ┌ status: what happened ─────────── next ┐       │
//!  │ └ status: what comes next ──────── round ┘       │
//!  └──────────────────────────────────────────────────┘
//! ```
//! North sits on top as the players sit; each store is at its owner's right hand.

use super::palette::{on_strong, strong, tint, Rgb, BAND, CARD, INK, MUTED, RIM, SEED, WHITE};
use super::scene::{Scene, Span};
use super::text::{self, Align};
use super::words::{number, say, Language};
use namnam_game::{ByPlayer, House, Player, Territory};
use std::cell::RefCell;
use tiny_skia::{FillRule, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

/// The picture's size in pixels.
pub const WIDTH: u32 = 840;
pub const HEIGHT: u32 = 500;

const HOUSE: f32 = 92.0;
const HOUSE_STEP: f32 = 102.0;
const HOUSES_X: f32 = 124.0;
const NORTH_ROW_Y: f32 = 122.0;
const SOUTH_ROW_Y: f32 = 228.0;
const STORE_W: f32 = 88.0;
const STORE_H: f32 = SOUTH_ROW_Y + HOUSE - NORTH_ROW_Y;
pub(super) const NORTH_STORE_X: f32 = 24.0;
pub(super) const SOUTH_STORE_X: f32 = 738.0;
pub(super) const NORTH_BAR_Y: f32 = 66.0;
pub(super) const SOUTH_BAR_Y: f32 = 334.0;
const BAR_H: f32 = 40.0;
pub(super) const BAND_Y: f32 = 386.0;
const BAND_H: f32 = HEIGHT as f32 - 14.0 - BAND_Y;
/// Seeds drawn as dots in a house; above this the number alone tells.
pub const MAX_DOTS: u8 = 24;

/// The top-left corner of `house` as it sits: North's row (12 … 7) on top, South's (1 … 6) below.
pub fn house_origin(house: House) -> (f32, f32) {
    let i = house.index();
    if i < 6 {
        (HOUSES_X + i as f32 * HOUSE_STEP, SOUTH_ROW_Y)
    } else {
        (HOUSES_X + (11 - i) as f32 * HOUSE_STEP, NORTH_ROW_Y)
    }
}

/// `house`'s box as `[left, top, width, height]` in pixels (its ring and tag, when marked, reach a little
/// beyond it).
pub fn house_rect(house: House) -> [u32; 4] {
    let (x, y) = house_origin(house);
    [x as u32, y as u32, HOUSE as u32, HOUSE as u32]
}

/// The centre of `house`, which seeds, numbers and badges always leave showing the owner's tint.
pub fn house_centre(house: House) -> (u32, u32) {
    let (x, y) = house_origin(house);
    ((x + HOUSE / 2.0) as u32, (y + HOUSE / 2.0) as u32)
}

/// Draws the whole scene and hands the pixels to `with`. The pixmap is kept per thread and drawn over
/// completely each time: allocating 1.7 MB afresh cost more in page faults than some of the drawing.
pub fn scene<T>(scene: &Scene, with: impl FnOnce(&Pixmap) -> T) -> T {
    thread_local! {
        static PIXMAP: RefCell<Option<Pixmap>> = const { RefCell::new(None) };
    }
    PIXMAP.with(|cell| {
        let mut slot = cell.borrow_mut();
        let pm =
            slot.get_or_insert_with(|| Pixmap::new(WIDTH, HEIGHT).expect("a non-empty picture"));
        draw_scene(pm, scene);
        with(pm)
    })
}

/// The card over the whole pixmap, and the rim around its rounded corners: no pixel is transparent.
pub(super) fn card(pm: &mut Pixmap) {
    let (w, h) = (pm.width() as f32, pm.height() as f32);
    pm.fill(CARD.skia());
    let mut rim = PathBuilder::new();
    rim.push_rect(tiny_skia::Rect::from_xywh(0.0, 0.0, w, h).expect("a size"));
    let rim = rim.finish().expect("a rectangle");
    let card = rounded(3.0, 3.0, w - 6.0, h - 6.0, 22.0);
    let mut both = PathBuilder::new();
    both.push_path(&rim);
    both.push_path(&card);
    let frame = both.finish().expect("two closed shapes");
    pm.fill_path(
        &frame,
        &paint(RIM),
        FillRule::EvenOdd,
        Transform::identity(),
        None,
    );
}

fn draw_scene(pm: &mut Pixmap, scene: &Scene) {
    background(pm);
    heading(pm, scene.language, scene.heading);
    for (player, y) in [(Player::North, NORTH_BAR_Y), (Player::South, SOUTH_BAR_Y)] {
        name_bar(pm, scene, player, y);
        turn_marker(pm, scene, player, y);
    }
    store(pm, scene, Player::North, NORTH_STORE_X);
    store(pm, scene, Player::South, SOUTH_STORE_X);
    for h in House::all() {
        house(pm, scene, h);
    }
    for ring in &scene.rings {
        house_ring(pm, ring.house, &ring.tag);
    }
    for h in House::all() {
        badges(pm, scene, h);
    }
    status(pm, scene);
}

/// What every board has under its pieces: the card with its rim, and the empty status band.
pub(super) fn background(pm: &mut Pixmap) {
    card(pm);
    fill(
        pm,
        &rounded(16.0, BAND_Y, WIDTH as f32 - 32.0, BAND_H, 16.0),
        BAND,
    );
}

/// "Round N" and the sowing direction, along the top.
pub(super) fn heading(pm: &mut Pixmap, language: Language, heading: crate::Heading) {
    text::draw(
        pm,
        &match heading {
            crate::Heading::Round(round) => {
                say(language, "picture-round", &[("round", number(round))])
            }
            crate::Heading::Puzzle => say(language, "picture-heading-puzzle", &[]),
            crate::Heading::Lesson => say(language, "picture-heading-lesson", &[]),
        },
        28.0,
        50.0,
        28.0,
        INK,
        Align::Left,
    );
    text::draw(
        pm,
        &say(language, "picture-sowing", &[]),
        WIDTH as f32 - 28.0,
        46.0,
        19.0,
        MUTED,
        Align::Right,
    );
}

pub(super) fn paint(colour: Rgb) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(colour.skia());
    p.anti_alias = true;
    p
}

pub(super) fn fill(pm: &mut Pixmap, path: &Path, colour: Rgb) {
    pm.fill_path(
        path,
        &paint(colour),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
}

/// A fill whose edge a stroke will cover: no anti-aliasing needed, and much faster.
fn fill_under_stroke(pm: &mut Pixmap, path: &Path, colour: Rgb) {
    let mut p = paint(colour);
    p.anti_alias = false;
    pm.fill_path(path, &p, FillRule::Winding, Transform::identity(), None);
}

pub(super) fn stroke(pm: &mut Pixmap, path: &Path, colour: Rgb, width: f32) {
    let s = Stroke {
        width,
        ..Stroke::default()
    };
    pm.stroke_path(path, &paint(colour), &s, Transform::identity(), None);
}

/// A rounded rectangle (tiny-skia has no builder for one).
pub(super) fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Path {
    let r = r.min(w / 2.0).min(h / 2.0);
    // The control-point distance that makes a quarter circle from a cubic.
    let k = r * 0.552_284_8;
    let (x1, y1) = (x + w, y + h);
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x1 - r, y);
    pb.cubic_to(x1 - r + k, y, x1, y + r - k, x1, y + r);
    pb.line_to(x1, y1 - r);
    pb.cubic_to(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1);
    pb.line_to(x + r, y1);
    pb.cubic_to(x + r - k, y1, x, y1 - r + k, x, y1 - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish().expect("a rounded rectangle has an area")
}

pub(super) fn circle(pm: &mut Pixmap, x: f32, y: f32, r: f32, colour: Rgb) {
    if let Some(path) = PathBuilder::from_circle(x, y, r) {
        fill(pm, &path, colour);
    }
}

/// A pill with `label` centred in it, `size` px text; returns its width.
fn pill(
    pm: &mut Pixmap,
    x: f32,
    y: f32,
    h: f32,
    label: &str,
    size: f32,
    (bg, fg): (Rgb, Rgb),
) -> f32 {
    let w = text::width(label, size) + h * 0.7;
    fill(pm, &rounded(x, y, w, h, h / 2.0), bg);
    text::draw(
        pm,
        label,
        x + w / 2.0,
        y + h / 2.0 + size * 0.36,
        size,
        fg,
        Align::Centre,
    );
    w
}

/// `player`'s name as the board draws it: what the fonts have of it, or the side's name when they have
/// nothing of it (a name all in a script the host has no font for), so that no pill is empty. The
/// description keeps the name as written.
fn shown_name(scene: &Scene, player: Player) -> String {
    text::drawable(scene.names.get(player)).unwrap_or_else(|| {
        let side = match player {
            Player::South => "picture-south",
            Player::North => "picture-north",
        };
        say(scene.language, side, &[])
    })
}

/// A player's name pill and their house count.
pub(super) fn name_bar(pm: &mut Pixmap, scene: &Scene, player: Player, y: f32) {
    let name = text::truncate(&shown_name(scene, player), 24.0, 300.0);
    let w = pill(
        pm,
        28.0,
        y,
        BAR_H,
        &name,
        24.0,
        (strong(player), on_strong(player)),
    );
    text::draw(
        pm,
        &say(
            scene.language,
            "picture-owns-houses",
            &[("count", number(scene.territory.houses_of(player)))],
        ),
        28.0 + w + 14.0,
        y + 28.0,
        21.0,
        INK,
        Align::Left,
    );
}

/// The message of the turn marker's label on `player`'s bar, if it is their turn.
pub(super) fn turn_label(scene: &Scene, player: Player) -> Option<&'static str> {
    // On an emptied board the marker names who opens the next round.
    (scene.turn == Some(player)).then_some(if scene.board == [0; 12] {
        "picture-starts-next"
    } else {
        "picture-to-move"
    })
}

/// The black "▶ to move" marker at the right end of `player`'s bar, when it is their turn.
pub(super) fn turn_marker(pm: &mut Pixmap, scene: &Scene, player: Player, y: f32) {
    if let Some(id) = turn_label(scene, player) {
        let label = &say(scene.language, id, &[]);
        let size = 21.0;
        let lw = text::width(label, size) + BAR_H * 0.7;
        pill(
            pm,
            WIDTH as f32 - 28.0 - lw,
            y,
            BAR_H,
            label,
            size,
            (INK, WHITE),
        );
    }
}

/// Centres of up to `n` dots in `cols` columns, filled from the bottom row up, each row centred.
fn pile(
    n: usize,
    cols: usize,
    pitch_x: f32,
    pitch_y: f32,
    cx: f32,
    bottom: f32,
) -> impl Iterator<Item = (f32, f32)> {
    (0..n).map(move |i| {
        let row = i / cols;
        let in_row = (n - row * cols).min(cols);
        let col = i % cols;
        let x = cx + (col as f32 - (in_row as f32 - 1.0) / 2.0) * pitch_x;
        (x, bottom - row as f32 * pitch_y)
    })
}

/// Where a house's seeds lie: rows of six from the bottom up, left-aligned so that they count like
/// a tally. A house with a capture badge keeps its bottom-right corner free (four seeds fewer fit).
fn seed_spots(seeds: u8, badge: bool) -> impl Iterator<Item = (f32, f32)> {
    let row_len = move |row: usize| if badge && row < 2 { 4 } else { 6 };
    let mut spots = Vec::with_capacity(MAX_DOTS as usize);
    let mut row = 0;
    while spots.len() < seeds as usize && row < 4 {
        for col in 0..row_len(row) {
            if spots.len() == seeds as usize {
                break;
            }
            spots.push((14.0 + col as f32 * 12.8, HOUSE - 14.0 - row as f32 * 12.0));
        }
        row += 1;
    }
    spots.into_iter()
}

pub(super) fn house(pm: &mut Pixmap, scene: &Scene, h: House) {
    let owner = scene.territory.owner(h);
    let (x, y) = house_origin(h);
    let shape = rounded(x + 2.0, y + 2.0, HOUSE - 4.0, HOUSE - 4.0, 16.0);
    fill_under_stroke(pm, &shape, tint(owner));
    stroke(pm, &shape, strong(owner), 4.0);
    // The label in a small white chip (top left), the count large (top right): two numbers that do not
    // look alike.
    let label = h.label().to_string();
    let lw = text::width(&label, 18.0).max(12.0) + 10.0;
    fill(pm, &rounded(x + 7.0, y + 7.0, lw, 25.0, 12.5), WHITE);
    text::draw(
        pm,
        &label,
        x + 7.0 + lw / 2.0,
        y + 26.5,
        18.0,
        MUTED,
        Align::Centre,
    );
    let seeds = scene.board[h.index()];
    text::draw(
        pm,
        &seeds.to_string(),
        x + HOUSE - 10.0,
        y + 34.0,
        30.0,
        INK,
        Align::Right,
    );
    let badge = scene.captured[h.index()] != ByPlayer::new(0, 0);
    for (dx, dy) in seed_spots(seeds, badge) {
        circle(pm, x + dx, y + dy, 5.0, SEED);
    }
}

pub(super) fn store(pm: &mut Pixmap, scene: &Scene, player: Player, x: f32) {
    let y = NORTH_ROW_Y;
    let shape = rounded(x + 2.0, y + 2.0, STORE_W - 4.0, STORE_H - 4.0, 18.0);
    fill_under_stroke(pm, &shape, tint(player));
    stroke(pm, &shape, strong(player), 4.0);
    let cx = x + STORE_W / 2.0;
    let word = say(scene.language, "picture-store", &[]);
    text::draw(pm, &word, cx, y + 26.0, 16.0, MUTED, Align::Centre);
    let seeds = scene.stores.get(player);
    text::draw(
        pm,
        &seeds.to_string(),
        cx,
        y + 62.0,
        34.0,
        INK,
        Align::Centre,
    );
    for (dx, dy) in pile(
        seeds.min(48) as usize,
        6,
        12.0,
        11.5,
        cx,
        y + STORE_H - 14.0,
    ) {
        circle(pm, dx, dy, 4.5, SEED);
    }
}

/// The ring of a move's mark, with its tag on the ring's outer edge (above North's row, below South's).
pub(super) fn house_ring(pm: &mut Pixmap, h: House, tag: &str) {
    let (x, y) = house_origin(h);
    // The ring's outer edge stays within RING_REACH of the house, inside the house's tile.
    let ring = rounded(x - 3.0, y - 3.0, HOUSE + 6.0, HOUSE + 6.0, 19.0);
    stroke(pm, &ring, INK, 4.0);
    // Tags of neighbouring houses must not touch: none is wider than its house.
    let natural = text::width(tag, 16.0);
    let size = if natural > HOUSE - 18.0 {
        16.0 * (HOUSE - 18.0) / natural
    } else {
        16.0
    };
    let w = text::width(tag, size) + 14.0;
    let tag_y = if h.index() < 6 {
        y + HOUSE - 9.0
    } else {
        y - 15.0
    };
    let tx = x + HOUSE / 2.0 - w / 2.0;
    fill(pm, &rounded(tx, tag_y, w, 22.0, 11.0), INK);
    text::draw(
        pm,
        tag,
        x + HOUSE / 2.0,
        tag_y + 16.5,
        size,
        WHITE,
        Align::Centre,
    );
}

/// "+4" badges in the capturer's colour on every house the move captured from.
pub(super) fn badges(pm: &mut Pixmap, scene: &Scene, h: House) {
    let (x, y) = house_origin(h);
    let mut bx = x + HOUSE - 22.0;
    for p in Player::BOTH {
        let seeds = scene.captured[h.index()].get(p);
        if seeds == 0 {
            continue;
        }
        let by = y + HOUSE - 21.0;
        let label = format!("+{seeds}");
        let r = 17.0_f32.max(text::width(&label, 17.0) / 2.0 + 5.0);
        circle(pm, bx, by, r + 2.5, WHITE);
        circle(pm, bx, by, r, strong(p));
        text::draw(pm, &label, bx, by + 6.0, 17.0, on_strong(p), Align::Centre);
        bx -= 2.0 * r + 6.0;
    }
}

/// The band at the bottom: what happened, what comes next, and next round's territory when known.
fn status(pm: &mut Pixmap, scene: &Scene) {
    match scene.territory_map {
        Some(_) => status_with_map(pm, scene),
        None => {
            for i in 0..2 {
                status_line(pm, scene, i);
            }
        }
    }
}

/// The status lines' baselines and sizes.
const LINES: [(f32, f32); 2] = [(BAND_Y + 38.0, 24.0), (BAND_Y + 80.0, 21.0)];

/// Status line `i` (0 or 1) of a scene without a territory map.
pub(super) fn status_line(pm: &mut Pixmap, scene: &Scene, i: usize) {
    let (baseline, size) = LINES[i];
    let max_w = WIDTH as f32 - 64.0;
    line(pm, scene, &scene.lines[i], 32.0, baseline, size, max_w);
}

/// Both status lines and the small territory map at their right.
pub(super) fn status_with_map(pm: &mut Pixmap, scene: &Scene) {
    let mut right = WIDTH as f32 - 32.0;
    if let Some((territory, caption)) = scene.territory_map {
        let caption = caption.words(scene.language);
        right = territory_strip(pm, territory, &caption, right, BAND_Y + 10.0) - 16.0;
    }
    let max_w = right - 32.0;
    for (spans, (baseline, size)) in scene.lines.iter().zip(LINES) {
        line(pm, scene, spans, 32.0, baseline, size, max_w);
    }
}

/// A line of spans at (`x`, `baseline`), shrunk to fit `max_w`.
fn line(
    pm: &mut Pixmap,
    scene: &Scene,
    spans: &[Span],
    x: f32,
    baseline: f32,
    size: f32,
    max_w: f32,
) {
    let pad = 8.0;
    let names = Player::BOTH.map(|p| text::truncate(&shown_name(scene, p), size, 220.0));
    // The text shrinks to fit; the pills' padding does not, so it is taken off the room first.
    let padding: f32 =
        spans.iter().filter(|s| matches!(s, Span::Name(_))).count() as f32 * 2.0 * pad;
    let natural: f32 = spans
        .iter()
        .map(|s| match s {
            Span::Text(t) => text::width(t, size),
            Span::Name(p) => text::width(&names[p.index()], size),
        })
        .sum();
    let size = if natural + padding > max_w {
        (size * (max_w - padding) / natural).max(12.0)
    } else {
        size
    };
    let mut caret = x;
    for s in spans {
        match s {
            Span::Text(t) => {
                text::draw(pm, t, caret, baseline, size, INK, Align::Left);
                caret += text::width(t, size);
            }
            Span::Name(p) => {
                let name = &names[p.index()];
                let w = text::width(name, size) + 2.0 * pad;
                let h = size * 1.35;
                fill(
                    pm,
                    &rounded(caret, baseline - size * 1.02, w, h, h / 2.0),
                    strong(*p),
                );
                text::draw(
                    pm,
                    name,
                    caret + pad,
                    baseline,
                    size,
                    on_strong(*p),
                    Align::Left,
                );
                caret += w;
            }
        }
    }
}

/// A small map of next round's houses (two rows of six, as the board sits), right-aligned at `right`;
/// returns its left edge.
fn territory_strip(
    pm: &mut Pixmap,
    territory: Territory,
    caption: &str,
    right: f32,
    top: f32,
) -> f32 {
    let (cell, gap) = (20.0, 4.0);
    let w = 6.0 * cell + 5.0 * gap;
    let left = right - w;
    text::draw(
        pm,
        caption,
        left + w / 2.0,
        top + 14.0,
        15.0,
        MUTED,
        Align::Centre,
    );
    for h in House::all() {
        let i = h.index();
        let (col, row) = if i < 6 { (i, 1) } else { (11 - i, 0) };
        let x = left + col as f32 * (cell + gap);
        let y = top + 24.0 + row as f32 * (cell + gap);
        let owner = territory.owner(h);
        let r = rounded(x, y, cell, cell, 5.0);
        fill(pm, &r, strong(owner));
    }
    left
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_sit_as_the_players_do() {
        let at = |label| house_origin(House::from_label(label).unwrap());
        assert!(at(1).0 < at(6).0 && at(1).1 == SOUTH_ROW_Y);
        assert!(at(12).0 < at(7).0 && at(12).1 == NORTH_ROW_Y);
        assert_eq!(at(12).0, at(1).0, "house 12 faces house 1");
    }
}
