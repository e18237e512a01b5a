//! Text: measuring, fitting and drawing straight into the pixmap, each character from the first font
//! that has it ([`super::fonts`]): the embedded DejaVu Sans Bold, the embedded colour emoji, then the
//! host's fonts; a character none has is left out.

use super::fonts::{self, face, invisible};
use super::palette::Rgb;
use ab_glyph::{Font, GlyphId, PxScale, ScaleFont};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use tiny_skia::Pixmap;

/// Where a line of text sits relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// Characters drawn as emoji even without U+FE0F after them (Unicode's `Emoji_Presentation`; above
/// U+1F000 nearly all are): the text font has some of them as plain symbols, the smileys among them.
fn emoji_presentation(c: char) -> bool {
    c >= '\u{1F000}'
        || matches!(c,
        '⌚' | '⌛' | '⏩'..='⏬' | '⏰' | '⏳' | '◽' | '◾' | '☔' | '☕' | '♈'..='♓' | '♿' | '⚓'
        | '⚡' | '⚪' | '⚫' | '⚽' | '⚾' | '⛄' | '⛅' | '⛎' | '⛔' | '⛪' | '⛲' | '⛳' | '⛵' | '⛺'
        | '⛽' | '✅' | '✊' | '✋' | '✨' | '❌' | '❎' | '❓'..='❕' | '❗' | '➕'..='➗' | '➰' | '➿'
        | '⬛' | '⬜' | '⭐' | '⭕')
}

/// Each character of `text` with the face (by number) and glyph that draw it, or `None` for a character
/// that is invisible or that no font has.
fn lookup(text: &str) -> impl Iterator<Item = (char, Option<(usize, GlyphId)>)> + '_ {
    let mut chars = text.chars().peekable();
    std::iter::from_fn(move || {
        let c = chars.next()?;
        if invisible(c) {
            return Some((c, None));
        }
        let as_emoji = emoji_presentation(c) || chars.peek() == Some(&'\u{FE0F}');
        let id = face(1).font.glyph_id(c);
        if as_emoji && id.0 != 0 {
            return Some((c, Some((1, id))));
        }
        Some((c, fonts::glyph(c)))
    })
}

/// The glyphs of `text`, each with the face (by number) that draws it.
fn glyphs(text: &str) -> impl Iterator<Item = (usize, GlyphId)> + '_ {
    lookup(text).filter_map(|(_, g)| g)
}

/// Which font draws each character of `text`, or `None` where it is left out.
pub fn fonts_of(text: &str) -> Vec<(char, Option<&'static str>)> {
    lookup(text)
        .map(|(c, g)| (c, g.map(|(f, _)| face(f).source.as_str())))
        .collect()
}

/// The size to ask of face `f` for text of `size`. ab_glyph's size is from ascent to descent, which
/// fonts set far apart (a CJK font's span is a quarter more of its em than DejaVu's): at the size that
/// gives the text font's em, every face's characters come out as large as the text's.
fn face_size(f: usize, size: f32) -> f32 {
    if f == 0 {
        return size;
    }
    let span = |f: usize| {
        let font = &face(f).font;
        (font.ascent_unscaled() - font.descent_unscaled()) / font.units_per_em().unwrap_or(1000.0)
    };
    size * span(f) / span(0)
}

/// Face `f` scaled for text of `size`.
fn scaled(f: usize, size: f32) -> ab_glyph::PxScaleFont<&'static ab_glyph::FontRef<'static>> {
    face(f).font.as_scaled(PxScale::from(face_size(f, size)))
}

/// Advances of `text`'s glyphs at `size`, kerned within a face.
fn advances(text: &str, size: f32) -> impl Iterator<Item = (usize, GlyphId, f32, f32)> + '_ {
    let mut previous: Option<(usize, GlyphId)> = None;
    glyphs(text).map(move |(f, id)| {
        let font = scaled(f, size);
        let kern = match previous {
            Some((pf, p)) if pf == f => font.kern(p, id),
            _ => 0.0,
        };
        previous = Some((f, id));
        (f, id, kern, font.h_advance(id))
    })
}

/// `text` as it can be drawn, left to right: without the characters that no font has, with the spaces
/// they leave collapsed and trimmed ("🇬🇭 Ghana 🇯🇵" draws as "Ghana"), and right-to-left scripts
/// (Hebrew, Arabic) put in visual order by the Unicode bidirectional algorithm; `None` when nothing of
/// it can be drawn. Invisible characters stay, since they decide how their neighbour is drawn (U+FE0F
/// asks for emoji).
pub fn drawable(text: &str) -> Option<String> {
    let kept: String = lookup(text)
        .filter(|&(c, g)| g.is_some() || c.is_whitespace() || invisible(c))
        .map(|(c, _)| c)
        .collect();
    let kept = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    if kept.chars().all(invisible) {
        return None;
    }
    let bidi = unicode_bidi::ParagraphBidiInfo::new(&kept, None);
    if !bidi.has_rtl() {
        return Some(kept);
    }
    Some(bidi.reorder_line(0..kept.len()).into_owned())
}

/// The width of `text` at `size` pixels.
pub fn width(text: &str, size: f32) -> f32 {
    advances(text, size).map(|(_, _, k, a)| k + a).sum()
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

/// A glyph rasterised once for a size and a quarter-pixel offset, then reused: the same few digits and
/// words appear on every board, and outlining them again each time was a third of the drawing. An outline
/// glyph is a coverage mask drawn in the text's colour; a colour glyph carries its own (premultiplied)
/// colours.
struct Mask {
    left: i32,
    top: i32,
    width: usize,
    coverage: Vec<u8>,
    colours: Option<Vec<[u8; 3]>>,
}

type MaskKey = (u16, u16, u32, u8, u8);

/// Masks kept per thread before the cache starts afresh (names can bring any character).
const CACHE_LIMIT: usize = 4096;

thread_local! {
    static MASKS: RefCell<HashMap<MaskKey, Rc<Mask>>> = RefCell::new(HashMap::new());
}

fn mask(f: usize, id: GlyphId, size: f32, fx: u8, fy: u8) -> Rc<Mask> {
    let key = (f as u16, id.0, size.to_bits(), fx, fy);
    if let Some(m) = MASKS.with(|c| c.borrow().get(&key).cloned()) {
        return m;
    }
    let m = Rc::new(if face(f).colour {
        colour_mask(f, id, size).unwrap_or_else(empty_mask)
    } else {
        outline_mask(f, id, size, fx, fy)
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

fn empty_mask() -> Mask {
    Mask {
        left: 0,
        top: 0,
        width: 0,
        coverage: Vec::new(),
        colours: None,
    }
}

fn outline_mask(f: usize, id: GlyphId, size: f32, fx: u8, fy: u8) -> Mask {
    let glyph = id.with_scale_and_position(
        PxScale::from(face_size(f, size)),
        ab_glyph::point(fx as f32 / 4.0, fy as f32 / 4.0),
    );
    let Some(outline) = face(f).font.outline_glyph(glyph) else {
        return empty_mask();
    };
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
        colours: None,
    }
}

/// A colour glyph (a PNG in the font) scaled to `size` by averaging the pixels it covers.
fn colour_mask(f: usize, id: GlyphId, size: f32) -> Option<Mask> {
    let font = &face(f).font;
    let image = font.glyph_raster_image2(id, u16::MAX)?;
    if !matches!(image.format, ab_glyph::GlyphImageFormat::Png) {
        return None;
    }
    let mut decoder = png::Decoder::new(std::io::Cursor::new(image.data));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().ok()?;
    let mut rgba = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut rgba).ok()?;
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return None;
    }
    let (sw, sh) = (info.width as usize, info.height as usize);
    // Pixels per em at `size`, over the strike's.
    let em = scaled(f, size).h_scale_factor() * font.units_per_em()?;
    let scale = em / image.pixels_per_em as f32;
    let (tw, th) = (
        ((sw as f32 * scale).round() as usize).max(1),
        ((sh as f32 * scale).round() as usize).max(1),
    );
    let (kx, ky) = (sw as f32 / tw as f32, sh as f32 / th as f32);
    let mut coverage = vec![0u8; tw * th];
    let mut colours = vec![[0u8; 3]; tw * th];
    for ty in 0..th {
        let (y0, y1) = (ty as f32 * ky, (ty + 1) as f32 * ky);
        for tx in 0..tw {
            let (x0, x1) = (tx as f32 * kx, (tx + 1) as f32 * kx);
            let mut sum = [0f32; 4];
            let mut area = 0.0;
            for sy in y0.floor() as usize..(y1.ceil() as usize).min(sh) {
                let wy = (y1.min(sy as f32 + 1.0) - y0.max(sy as f32)).max(0.0);
                for sx in x0.floor() as usize..(x1.ceil() as usize).min(sw) {
                    let wx = (x1.min(sx as f32 + 1.0) - x0.max(sx as f32)).max(0.0);
                    let p = &rgba[(sy * sw + sx) * 4..][..4];
                    let (w, a) = (wx * wy, p[3] as f32 / 255.0);
                    for k in 0..3 {
                        sum[k] += w * a * p[k] as f32;
                    }
                    sum[3] += w * p[3] as f32;
                    area += w;
                }
            }
            let i = ty * tw + tx;
            coverage[i] = (sum[3] / area).round().min(255.0) as u8;
            colours[i] = [0, 1, 2].map(|k| (sum[k] / area).round().min(255.0) as u8);
        }
    }
    Some(Mask {
        left: (image.origin.x * scale).round() as i32,
        // The image's origin is its bottom-left corner, above the baseline.
        top: -((image.origin.y + sh as f32) * scale).round() as i32,
        width: tw,
        coverage,
        colours: Some(colours),
    })
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
    let start = match align {
        Align::Left => x,
        Align::Centre => x - width(text, size) / 2.0,
        Align::Right => x - width(text, size),
    };
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    let data = pixmap.data_mut();
    let quarter = |v: f32| ((v - v.floor()) * 4.0).round() as i32;
    let mut caret = start;
    for (f, id, kern, advance) in advances(text, size) {
        caret += kern;
        // Snap to a quarter pixel so that masks can be shared; a quarter that rounds up moves on a pixel.
        let (qx, qy) = (quarter(caret), quarter(baseline));
        let ox = caret.floor() as i32 + qx / 4;
        let oy = baseline.floor() as i32 + qy / 4;
        let m = mask(f, id, size, (qx % 4) as u8, (qy % 4) as u8);
        caret += advance;
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
                match &m.colours {
                    None => {
                        let mix = |d: u8, s: u8| {
                            ((d as u32 * (255 - a) + s as u32 * a + 127) / 255) as u8
                        };
                        data[i] = mix(data[i], colour.0);
                        data[i + 1] = mix(data[i + 1], colour.1);
                        data[i + 2] = mix(data[i + 2], colour.2);
                    }
                    Some(colours) => {
                        let s = colours[row * m.width + col];
                        for k in 0..3 {
                            let d = data[i + k] as u32;
                            data[i + k] =
                                (s[k] as u32 + (d * (255 - a) + 127) / 255).min(255) as u8;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::drawable;

    #[test]
    fn drawable_leaves_out_what_no_font_has_and_the_spaces_it_leaves() {
        assert_eq!(drawable("Ama").as_deref(), Some("Ama"));
        assert_eq!(
            drawable("\u{10FFFD} Kofi  \u{10FFFD}").as_deref(),
            Some("Kofi")
        );
        assert_eq!(drawable("\u{10FFFD}\u{10FFFD}"), None);
        assert_eq!(drawable("\u{200B}\u{200D}"), None);
        assert_eq!(drawable("  "), None);
        // U+FE0F stays: it makes the heart an emoji.
        assert_eq!(drawable("❤\u{FE0F}").as_deref(), Some("❤\u{FE0F}"));
    }

    #[test]
    fn right_to_left_names_are_put_in_visual_order() {
        // Hebrew alef bet, then gimel dalet: drawn from the right.
        assert_eq!(
            drawable("\u{5D0}\u{5D1} \u{5D2}\u{5D3}").as_deref(),
            Some("\u{5D3}\u{5D2} \u{5D1}\u{5D0}")
        );
        // A Latin name with an Arabic word: the paragraph is left to right, the Arabic run reversed.
        assert_eq!(
            drawable("Ama \u{633}\u{644}\u{627}\u{645}").as_deref(),
            Some("Ama \u{645}\u{627}\u{644}\u{633}")
        );
    }
}
