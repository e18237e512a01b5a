//! Which font draws a character: the embedded text font (DejaVu Sans Bold), then the embedded colour
//! emoji (Noto Color Emoji, every emoji of one code point, its bitmaps scaled to 32 px per em), then the
//! fonts installed on the host (`/usr/share/fonts`, `/usr/local/share/fonts`), bold faces first. A
//! character that none of them has is left out: names are drawn as written where a font allows, and never
//! with a box.
//!
//! Host fonts are looked at only for a character the embedded two lack: the first time, every font file
//! is read once to note which characters it has; a file is then kept in memory only when a character
//! needs it.

use ab_glyph::{Font, FontRef, GlyphId};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// The text font, compiled into the binary.
pub static FONT_BYTES: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");
/// The emoji font, compiled into the binary (`assets/make-emoji-subset.py` makes it).
pub static EMOJI_BYTES: &[u8] = include_bytes!("../assets/NotoColorEmoji-names.ttf");

/// A font that draws some characters.
pub struct Face {
    pub font: FontRef<'static>,
    /// Colour bitmaps (the emoji), not outlines.
    pub colour: bool,
    /// Where it came from, for tests and the notes.
    pub source: String,
}

/// The faces, by number: 0 is the text font, 1 the emoji, then host fonts as they are found.
struct Faces {
    faces: Vec<&'static Face>,
    /// Characters already looked up on the host: the face and glyph, or `None` when no font has it.
    found: HashMap<char, Option<(usize, GlyphId)>>,
    /// Host font files not loaded yet with the characters they have, best last; `None` until a
    /// character first needs them.
    unread: Option<Vec<HostFile>>,
}

/// A host font file and the code points its faces have, as sorted ranges.
struct HostFile {
    path: PathBuf,
    ranges: Vec<(u32, u32)>,
}

impl HostFile {
    fn has(&self, c: char) -> bool {
        let c = c as u32;
        let i = self.ranges.partition_point(|&(_, end)| end < c);
        self.ranges.get(i).is_some_and(|&(start, _)| start <= c)
    }
}

fn faces() -> &'static Mutex<Faces> {
    static FACES: OnceLock<Mutex<Faces>> = OnceLock::new();
    FACES.get_or_init(|| {
        let embedded = |bytes: &'static [u8], colour, source: &str| -> &'static Face {
            Box::leak(Box::new(Face {
                font: FontRef::try_from_slice(bytes).expect("an embedded font parses"),
                colour,
                source: source.to_string(),
            }))
        };
        Mutex::new(Faces {
            faces: vec![
                embedded(FONT_BYTES, false, "DejaVu Sans Bold (embedded)"),
                embedded(EMOJI_BYTES, true, "Noto Color Emoji (embedded)"),
            ],
            found: HashMap::new(),
            unread: None,
        })
    })
}

/// The embedded text font and emoji font, without taking the lock.
fn embedded() -> &'static [&'static Face; 2] {
    static EMBEDDED: OnceLock<[&'static Face; 2]> = OnceLock::new();
    EMBEDDED.get_or_init(|| {
        let f = faces().lock().unwrap_or_else(|e| e.into_inner());
        [f.faces[0], f.faces[1]]
    })
}

/// The face numbered `index` (as [`glyph`] returns it).
pub fn face(index: usize) -> &'static Face {
    if index < 2 {
        return embedded()[index];
    }
    faces().lock().unwrap_or_else(|e| e.into_inner()).faces[index]
}

/// Characters drawn as nothing: joiners, variation selectors, skin-tone modifiers and tags only change
/// the emoji next to them in fonts that shape sequences, which this renderer does not.
pub fn invisible(c: char) -> bool {
    matches!(c,
        '\u{200B}'..='\u{200F}' | '\u{FE00}'..='\u{FE0F}' | '\u{20E3}' | '\u{1F3FB}'..='\u{1F3FF}'
        | '\u{E0000}'..='\u{E007F}')
}

/// The face (by number) and glyph that draw `c`, or `None` to leave it out.
pub fn glyph(c: char) -> Option<(usize, GlyphId)> {
    if invisible(c) {
        return None;
    }
    for (i, face) in embedded().iter().enumerate() {
        let id = face.font.glyph_id(c);
        if id.0 != 0 {
            return Some((i, id));
        }
    }
    if c.is_control() || c.is_whitespace() {
        return None;
    }
    host_glyph(c)
}

fn host_glyph(c: char) -> Option<(usize, GlyphId)> {
    let mut f = faces().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = f.found.get(&c) {
        return *found;
    }
    let mut found = f.faces[2..].iter().enumerate().find_map(|(i, face)| {
        let id = face.font.glyph_id(c);
        (id.0 != 0).then_some((i + 2, id))
    });
    if found.is_none() {
        let unread = f.unread.get_or_insert_with(host_font_files);
        // The best file that has the character (they are kept best last), loaded and kept from now on.
        if let Some(at) = unread.iter().rposition(|file| file.has(c)) {
            let file = unread.remove(at);
            if let Some(face) = read_face(&file.path, c) {
                f.faces.push(Box::leak(Box::new(face)));
                let index = f.faces.len() - 1;
                found = Some((index, f.faces[index].font.glyph_id(c)));
            }
        }
    }
    f.found.insert(c, found);
    found
}

/// The font files on the host with the characters each has, best last: bold faces, then the rest.
fn host_font_files() -> Vec<HostFile> {
    let mut paths = Vec::new();
    let mut dirs: Vec<PathBuf> = ["/usr/share/fonts", "/usr/local/share/fonts"]
        .iter()
        .map(PathBuf::from)
        .collect();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| {
                let e = e.to_ascii_lowercase();
                e == "ttf" || e == "otf" || e == "ttc"
            }) {
                paths.push(path);
            }
        }
    }
    let bold = |p: &PathBuf| p.to_string_lossy().contains("Bold");
    paths.sort_by(|a, b| (bold(a), b).cmp(&(bold(b), a)));
    paths
        .into_iter()
        .filter_map(|path| {
            let ranges = coverage(&path)?;
            Some(HostFile { path, ranges })
        })
        .collect()
}

/// The code points that some face of the font file at `path` has, as sorted ranges.
fn coverage(path: &PathBuf) -> Option<Vec<(u32, u32)>> {
    if std::fs::metadata(path).ok()?.len() > MAX_FONT_FILE {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    Some(coverage_of(&bytes))
}

/// The code points that some face of the font file `bytes` has, as sorted ranges.
fn coverage_of(bytes: &[u8]) -> Vec<(u32, u32)> {
    // Every code point of every Unicode cmap subtable that maps to a glyph. Not ab_glyph's
    // `codepoint_ids`: it gives each glyph once, so of two characters drawn alike it drops one.
    let mut points: Vec<u32> = Vec::new();
    for face in (0..64).map_while(|i| ttf_parser::Face::parse(bytes, i).ok()) {
        let Some(cmap) = face.tables().cmap else {
            continue;
        };
        for subtable in cmap.subtables.into_iter().filter(|s| s.is_unicode()) {
            subtable.codepoints(|c| {
                if subtable.glyph_index(c).is_some_and(|g| g.0 != 0) {
                    points.push(c);
                }
            });
        }
    }
    points.sort_unstable();
    points.dedup();
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for p in points {
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == p => *end = p,
            _ => ranges.push((p, p)),
        }
    }
    ranges
}

/// Biggest host font file read (the CJK collections are about 20 MB).
const MAX_FONT_FILE: u64 = 64 << 20;

/// The face in `path` (any face of a collection) that has `c`.
fn read_face(path: &PathBuf, c: char) -> Option<Face> {
    let bytes = std::fs::read(path).ok()?;
    // A collection (.ttc) holds several faces; a plain font file is face 0 and has no face 1.
    let index = (0..64)
        .map_while(|i| {
            FontRef::try_from_slice_and_index(&bytes, i)
                .ok()
                .map(|f| (i, f))
        })
        .find(|(_, f)| f.glyph_id(c).0 != 0)?
        .0;
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let font = FontRef::try_from_slice_and_index(bytes, index).ok()?;
    Some(Face {
        font,
        colour: false,
        source: format!("{} (host)", path.display()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_file_has_the_code_points_of_its_ranges() {
        let file = HostFile {
            path: PathBuf::new(),
            ranges: vec![(0x41, 0x5A), (0x4E00, 0x9FFF)],
        };
        assert!(file.has('A') && file.has('Z') && file.has('小'));
        assert!(!file.has('a') && !file.has('@') && !file.has('🎲'));
    }

    /// Every character a face draws is in its file's coverage, also those that share a glyph with
    /// another (ab_glyph's own list gives each glyph once, and so had no 小 in Noto CJK).
    #[test]
    fn coverage_has_every_character_a_face_draws() {
        let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc";
        let host = std::fs::read(cjk).ok();
        let files = [Some(FONT_BYTES), Some(EMOJI_BYTES), host.as_deref()];
        for bytes in files.into_iter().flatten() {
            let file = HostFile {
                path: PathBuf::new(),
                ranges: coverage_of(bytes),
            };
            let font = FontRef::try_from_slice(bytes).expect("a font");
            let missing: Vec<char> = (0..=0x3FFFF)
                .filter_map(char::from_u32)
                .filter(|&c| font.glyph_id(c).0 != 0 && !file.has(c))
                .collect();
            assert!(missing.is_empty(), "not in the coverage: {missing:?}");
        }
        if let Some(bytes) = &host {
            let file = HostFile {
                path: PathBuf::new(),
                ranges: coverage_of(bytes),
            };
            assert!(file.has('小') && file.has('\u{2F29}'));
        }
    }

    #[test]
    fn text_emoji_and_nothing() {
        assert_eq!(glyph('A').map(|g| g.0), Some(0));
        assert_eq!(glyph('🎲').map(|g| g.0), Some(1));
        assert_eq!(glyph('✨').map(|g| g.0), Some(1));
        assert_eq!(glyph('\u{FE0F}'), None);
        assert_eq!(glyph('\u{200D}'), None);
    }
}
