//! Text with the embedded font (DejaVu Sans Bold, `assets/`, Bitstream Vera licence): measuring, fitting
//! and drawing straight into the pixmap. No system font is ever read.

use super::palette::Rgb;
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;
use tiny_skia::Pixmap;

/// The font file, compiled into the binary.
pub static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_BYTES).expect("the embedded font parses"))
}

/// Where a line of text sits relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// The width of `text` at `size` pixels.
pub fn width(text: &str, size: f32) -> f32 {
    let font = font().as_scaled(PxScale::from(size));
    let mut w = 0.0;
    let mut previous = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = previous {
            w += font.kern(p, id);
        }
        w += font.h_advance(id);
        previous = Some(id);
    }
    w
}

/// `text` shortened with an ellipsis until it fits `max_width` at `size`.
pub fn truncate(text: &str, size: f32, max_width: f32) -> String {
    if width(text, size) <= max_width {
        return text.to_string();
    }
    // No name of more than 64 characters fits a line: start there, not at a pasted novel.
    let mut chars: Vec<char> = text.chars().take(64).collect();
    while !chars.is_empty() {
        chars.pop();
        let s: String = chars.iter().collect::<String>() + "…";
        if width(&s, size) <= max_width {
            return s;
        }
    }
    "…".to_string()
}

/// A glyph's coverage, rasterised once for a size and a quarter-pixel offset, then reused: the same few
/// digits and words appear on every board, and outlining them again each time was a third of the drawing.
struct Mask {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
}

type MaskKey = (u16, u32, u8, u8);

/// Masks kept per thread before the cache starts afresh (names can bring any character).
const CACHE_LIMIT: usize = 4096;

thread_local! {
    static MASKS: RefCell<HashMap<MaskKey, Rc<Mask>>> = RefCell::new(HashMap::new());
}

fn mask(id: GlyphId, size: f32, fx: u8, fy: u8) -> Rc<Mask> {
    let key = (id.0, size.to_bits(), fx, fy);
    if let Some(m) = MASKS.with(|c| c.borrow().get(&key).cloned()) {
        return m;
    }
    let glyph = id.with_scale_and_position(
        PxScale::from(size),
        ab_glyph::point(fx as f32 / 4.0, fy as f32 / 4.0),
    );
    let m = Rc::new(match font().outline_glyph(glyph) {
        Some(outline) => {
            let b = outline.px_bounds();
            let width = b.width() as usize;
            let mut coverage = vec![0u8; width * b.height() as usize];
            outline.draw(|x, y, c| {
                coverage[y as usize * width + x as usize] = (c.min(1.0) * 255.0 + 0.5) as u8;
            });
            Mask {
                left: b.min.x as i32,
                top: b.min.y as i32,
                width,
                coverage,
            }
        }
        None => Mask {
            left: 0,
            top: 0,
            width: 0,
            coverage: Vec::new(),
        },
    });
    MASKS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_LIMIT {
            c.clear();
        }
        c.insert(key, m.clone());
    });
    m
}

/// Draws one line of `text` with its baseline's anchor at (`x`, `baseline`).
pub fn draw(
    pixmap: &mut Pixmap,
    text: &str,
    x: f32,
    baseline: f32,
    size: f32,
    colour: Rgb,
    align: Align,
) {
    let font = font().as_scaled(PxScale::from(size));
    let start = match align {
        Align::Left => x,
        Align::Centre => x - width(text, size) / 2.0,
        Align::Right => x - width(text, size),
    };
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    let data = pixmap.data_mut();
    let quarter = |v: f32| ((v - v.floor()) * 4.0).round() as i32;
    let mut caret = start;
    let mut previous = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = previous {
            caret += font.kern(p, id);
        }
        // Snap to a quarter pixel so that masks can be shared; a quarter that rounds up moves on a pixel.
        let (qx, qy) = (quarter(caret), quarter(baseline));
        let ox = caret.floor() as i32 + qx / 4;
        let oy = baseline.floor() as i32 + qy / 4;
        let m = mask(id, size, (qx % 4) as u8, (qy % 4) as u8);
        caret += font.h_advance(id);
        previous = Some(id);
        for (row, line) in m.coverage.chunks_exact(m.width.max(1)).enumerate() {
            let py = oy + m.top + row as i32;
            if py < 0 || py >= h {
                continue;
            }
            for (col, &a) in line.iter().enumerate() {
                let px = ox + m.left + col as i32;
                if a == 0 || px < 0 || px >= w {
                    continue;
                }
                let i = (py * w + px) as usize * 4;
                // The card is opaque, so blending the colour channels is the whole story.
                let a = a as u32;
                let mix = |d: u8, s: u8| ((d as u32 * (255 - a) + s as u32 * a + 127) / 255) as u8;
                data[i] = mix(data[i], colour.0);
                data[i + 1] = mix(data[i + 1], colour.1);
                data[i + 2] = mix(data[i + 2], colour.2);
            }
        }
    }
}
