//! The board's colours, and the fixed GIF palette built from them.
//!
//! The two players are Okabe–Ito blue (South) and orange (North): the pair stays distinct for the common
//! kinds of colour blindness, and the two differ in lightness too (dark blue, light orange), so they stay
//! apart even in grey. Everything sits on an opaque paper-coloured card with a dark rim, which reads the
//! same on Discord's dark and light themes.
//!
//! GIF frames use one global palette: every base colour plus blends between the colours that touch on the
//! board (anti-aliased edges of text, dots and shapes), and a coarse colour cube for the emoji in names. A 32×32×32 lookup table maps any drawn pixel to
//! its nearest palette entry, so no frame is ever quantised.

use namnam_game::Player;
use std::sync::OnceLock;

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    /// `self` covered by `top` at opacity `t` (0–1).
    pub fn blend(self, top: Rgb, t: f32) -> Rgb {
        let mix = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgb(mix(self.0, top.0), mix(self.1, top.1), mix(self.2, top.2))
    }

    pub fn skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, 255)
    }
}

/// The card everything is drawn on.
pub const CARD: Rgb = Rgb::hex(0xF6F1E7);
/// The card's rim, and the band behind the status lines.
pub const RIM: Rgb = Rgb::hex(0x3B362F);
pub const BAND: Rgb = Rgb::hex(0xE9E1D2);
/// Text and the rings that mark the last move.
pub const INK: Rgb = Rgb::hex(0x1E1B18);
/// Secondary text (house labels, captions).
pub const MUTED: Rgb = Rgb::hex(0x5F584E);
pub const WHITE: Rgb = Rgb::hex(0xFFFFFF);
/// Seeds.
pub const SEED: Rgb = Rgb::hex(0x4B3526);

const BLUE: Rgb = Rgb::hex(0x0072B2);
const ORANGE: Rgb = Rgb::hex(0xE69F00);
const BLUE_TINT: Rgb = Rgb::hex(0xC6DFEE);
const ORANGE_TINT: Rgb = Rgb::hex(0xF8E0AC);

/// A player's strong colour: house rims, name pills, capture badges, the territory strip.
pub fn strong(player: Player) -> Rgb {
    match player {
        Player::South => BLUE,
        Player::North => ORANGE,
    }
}

/// The light tint that fills a player's houses and store.
pub fn tint(player: Player) -> Rgb {
    match player {
        Player::South => BLUE_TINT,
        Player::North => ORANGE_TINT,
    }
}

/// Text drawn on a player's strong colour: white on blue, ink on orange (both above 4.5:1 contrast).
pub fn on_strong(player: Player) -> Rgb {
    match player {
        Player::South => WHITE,
        Player::North => INK,
    }
}

/// Every colour the board is drawn with.
const BASE: [Rgb; 13] = [
    CARD,
    RIM,
    BAND,
    INK,
    MUTED,
    WHITE,
    SEED,
    BLUE,
    ORANGE,
    BLUE_TINT,
    ORANGE_TINT,
    Rgb::hex(0x000000),
    Rgb::hex(0x808080),
];

/// Colours drawn on top of others (text, dots, rims, badges)…
const FOREGROUNDS: [Rgb; 7] = [INK, MUTED, WHITE, SEED, BLUE, ORANGE, RIM];
/// …and what they are drawn on.
const BACKGROUNDS: [Rgb; 8] = [CARD, BAND, BLUE_TINT, ORANGE_TINT, BLUE, ORANGE, INK, WHITE];
/// Blend steps between each foreground and background.
const STEPS: [f32; 3] = [0.25, 0.5, 0.75];

/// The GIF palette and its lookup table.
pub struct GifPalette {
    colours: Vec<Rgb>,
    /// Nearest palette index for every colour reduced to 5 bits a channel.
    lookup: Vec<u8>,
}

impl GifPalette {
    /// The palette, built once.
    pub fn get() -> &'static GifPalette {
        static PALETTE: OnceLock<GifPalette> = OnceLock::new();
        PALETTE.get_or_init(GifPalette::build)
    }

    fn build() -> GifPalette {
        let mut colours: Vec<Rgb> = BASE.to_vec();
        for fg in FOREGROUNDS {
            for bg in BACKGROUNDS {
                for t in STEPS {
                    let c = bg.blend(fg, t);
                    if !colours.contains(&c) {
                        colours.push(c);
                    }
                }
            }
        }
        // A coarse colour cube for what is not the board's own colours: the emoji in names.
        for r in [0, 64, 128, 192, 255] {
            for g in [0, 64, 128, 192, 255] {
                for b in [0, 85, 170, 255] {
                    let c = Rgb(r, g, b);
                    if !colours.contains(&c) {
                        colours.push(c);
                    }
                }
            }
        }
        // One more entry, never drawn, marks the pixels a frame leaves as they were.
        colours.push(Rgb(255, 0, 255));
        assert!(colours.len() <= 256, "a GIF palette holds 256 colours");
        let mut lookup = vec![0u8; 32 * 32 * 32];
        for (key, slot) in lookup.iter_mut().enumerate() {
            // The centre of the 8×8×8 cell this key stands for.
            let centre = |bits: usize| ((bits & 31) << 3 | 4) as i32;
            let (r, g, b) = (centre(key >> 10), centre(key >> 5), centre(key));
            *slot = nearest(&colours[..colours.len() - 1], r, g, b);
        }
        GifPalette { colours, lookup }
    }

    /// The palette as `r, g, b, r, g, b, …` for the GIF header.
    pub fn rgb_bytes(&self) -> Vec<u8> {
        self.colours.iter().flat_map(|c| [c.0, c.1, c.2]).collect()
    }

    /// The index GIF frames use for "unchanged" (transparent); no drawn pixel maps to it.
    pub fn transparent(&self) -> u8 {
        (self.colours.len() - 1) as u8
    }

    pub fn len(&self) -> usize {
        self.colours.len()
    }

    pub fn is_empty(&self) -> bool {
        self.colours.is_empty()
    }

    pub fn colour(&self, index: u8) -> Rgb {
        self.colours[index as usize]
    }

    /// The palette index for an opaque drawn pixel.
    #[inline(always)]
    pub fn index_of(&self, r: u8, g: u8, b: u8) -> u8 {
        let key = (r as usize >> 3) << 10 | (g as usize >> 3) << 5 | b as usize >> 3;
        self.lookup[key]
    }
}

fn nearest(colours: &[Rgb], r: i32, g: i32, b: i32) -> u8 {
    let distance = |c: &Rgb| {
        let (dr, dg, db) = (c.0 as i32 - r, c.1 as i32 - g, c.2 as i32 - b);
        // Weighted for the eye: green differences show most, blue least.
        3 * dr * dr + 4 * dg * dg + 2 * db * db
    };
    colours
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| distance(c))
        .map(|(i, _)| i as u8)
        .expect("the palette is not empty")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_colours_map_to_themselves() {
        let p = GifPalette::get();
        for c in BASE {
            let got = p.colour(p.index_of(c.0, c.1, c.2));
            let close = |a: u8, b: u8| a.abs_diff(b) <= 8;
            assert!(
                close(got.0, c.0) && close(got.1, c.1) && close(got.2, c.2),
                "{c:?} → {got:?}"
            );
        }
        assert!(p.len() <= 256);
    }
}
