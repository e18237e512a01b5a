//! A tournament's standings as a PNG: the table, and the round's pairings under it.
//!
//! ```text
//!  ┌────────────────────────────────────────────────┐
//!  │ Winter cup — standings after round 3 of 5      │
//!  │ Swiss · 9 players · 24h clock                  │
//!  │  #  Player               Points  Buchholz Games│
//!  │ ▌1  alice                    3       7.5     3 │  ← the leader, tinted
//!  │  2  bob                    2.5       8       3 │
//!  │ ░3= carol (withdrawn)        2       6.5     3░│  ← every other row banded
//!  │ Round 4 pairings                               │
//!  │ alice – bob            dave – erin             │  ← two columns when many
//!  └────────────────────────────────────────────────┘
//! ```
//!
//! Everything arrives formatted (ranks, points, tie-breaks): the tournament code owns the numbers, this
//! module only lays them out. Same card, font and colours as the rating chart.

use super::draw::{card, fill, rounded};
use super::palette::{strong, tint, Rgb, BAND, CARD, INK, MUTED};
use super::text::{self, Align};
use super::words::{number, say, Arg, Language};
use super::{clip, encode_png, Picture, MAX_DESCRIPTION};
use namnam_game::Player;
use serde::{Deserialize, Serialize};
use tiny_skia::Pixmap;

/// What the standings picture shows, every value already formatted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsTable {
    /// "Winter cup — standings after round 3 of 5" (any Unicode)
    pub title: String,
    /// A line under the title: "Swiss · 9 players · 24h clock" or "Final standings: alice wins"
    pub subtitle: String,
    /// The tie-break columns' headings, in order, e.g. ["Buchholz", "SB"] or ["SB"]
    pub tiebreaks: Vec<String>,
    pub lines: Vec<StandingsLine>,
    /// The round's pairings under the table, one per line ("alice – bob", "carol: bye"); may be empty
    pub pairings_title: String,
    pub pairings: Vec<String>,
}

/// One player's row of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsLine {
    /// "1", or "3=" for a shared rank
    pub rank: String,
    pub name: String,
    /// "2.5"
    pub points: String,
    /// one per tie-break column, already formatted ("7.5")
    pub tiebreaks: Vec<String>,
    pub played: u32,
    /// withdrawn players are drawn greyed with "(withdrawn)"
    pub withdrawn: bool,
}

const WIDTH: u32 = 640;
const MARGIN: f32 = 24.0;
/// The row bands reach a little past the text on both sides.
const BAND_PAD: f32 = 8.0;
const RIGHT: f32 = WIDTH as f32 - MARGIN;
const TITLE_SIZE: f32 = 24.0;
const SUBTITLE_SIZE: f32 = 15.0;
const HEADING_SIZE: f32 = 14.0;
const ROW_SIZE: f32 = 16.0;
const NOTE_SIZE: f32 = 13.0;
/// About 12 px on a phone, where Discord shows the picture some 400 px wide: still a comfortable row.
const ROW_H: f32 = 26.0;
const HEADINGS_BASELINE: f32 = 104.0;
const TABLE_TOP: f32 = 114.0;
const PAIRINGS_SIZE: f32 = 15.0;
const PAIRING_H: f32 = 23.0;
/// More pairings than this go into two columns, so that 32 of them take 16 lines, not 32.
const ONE_COLUMN_PAIRINGS: usize = 8;
const BOTTOM: f32 = 22.0;
/// Rows and pairings drawn at most (a tournament has up to 64 players and 32 pairings); past that a last
/// line says how many more, and the pixmap stays a sane size whatever the caller passes.
const MAX_ROWS: usize = 64;
const MAX_PAIRINGS: usize = 32;
const RANK_W: f32 = 44.0;
/// The player column keeps at least this much when tie-break columns crowd it.
const MIN_NAME_W: f32 = 180.0;
const NUMBER_GAP: f32 = 16.0;
const MIN_NUMBER_W: f32 = 44.0;

/// The mark after a withdrawn player's name, with its space.
fn withdrawn(language: Language) -> String {
    format!(" {}", say(language, "picture-standings-withdrawn", &[]))
}

/// "… and 40 more"
fn more(language: Language, count: usize) -> String {
    say(
        language,
        "picture-standings-more",
        &[("count", number(count as i64))],
    )
}

/// The standings as a PNG, 640 px wide and as tall as its rows and pairings need (opaque RGB), with a
/// description that names every player's rank and points, then the pairings. The table arrives formatted
/// in `language` (it is stored with the post, which keeps its language beside it); the picture's own words
/// (the headings, the notes, the description's) are in it too.
pub fn standings_png(table: &StandingsTable, language: Language) -> Picture {
    let layout = Layout::of(table, language);
    let mut pm = Pixmap::new(WIDTH, layout.height).expect("a non-empty picture");
    draw_table(&mut pm, table, &layout, language);
    Picture {
        bytes: encode_png(&pm),
        description: clip(describe(table, language)),
        width: WIDTH,
        height: layout.height,
    }
}

/// Where everything goes: the columns' right edges and the section heights.
struct Layout {
    /// The right edge of each number column: points, each tie-break, games played.
    number_right: Vec<f32>,
    number_w: Vec<f32>,
    /// The widest fraction (".25") and whole part ("12") in each number column: the numbers line up on
    /// their decimal point, as one block centred under the heading.
    fraction_w: Vec<f32>,
    whole_w: Vec<f32>,
    name_left: f32,
    name_right: f32,
    has_pairings: bool,
    pairings_top: f32,
    pairing_lines: usize,
    pairing_columns: usize,
    height: u32,
}

impl Layout {
    fn of(table: &StandingsTable, language: Language) -> Layout {
        let mut number_w: Vec<f32> = headings(table, language)
            .iter()
            .map(|heading| text::width(heading, HEADING_SIZE))
            .collect();
        // Numbers line up on their decimal point: the widest whole part and the widest fraction make
        // the column.
        let mut whole_w = vec![0.0f32; number_w.len()];
        let mut fraction_w = vec![0.0f32; number_w.len()];
        for line in table.lines.iter().take(MAX_ROWS) {
            for (c, cell) in cells(table, line).iter().enumerate() {
                let (whole, fraction) = split_decimal(cell);
                whole_w[c] = whole_w[c].max(text::width(whole, ROW_SIZE));
                fraction_w[c] = fraction_w[c].max(text::width(fraction, ROW_SIZE));
            }
        }
        for (c, w) in number_w.iter_mut().enumerate() {
            *w = (w.max(whole_w[c] + fraction_w[c]) + NUMBER_GAP).max(MIN_NUMBER_W);
        }
        // Too many or too wide tie-breaks: share what is left after the player column's minimum among them
        // (points and games keep theirs), and their headings are shortened to fit.
        let name_left = MARGIN + RANK_W;
        let room = RIGHT - name_left - MIN_NAME_W;
        let total: f32 = number_w.iter().sum();
        if total > room && number_w.len() > 2 {
            let fixed = number_w[0] + number_w[number_w.len() - 1];
            let ties = number_w.len() - 2;
            let each = ((room - fixed) / ties as f32).max(MIN_NUMBER_W);
            for w in &mut number_w[1..=ties] {
                *w = w.min(each);
            }
        }
        let mut number_right = Vec::with_capacity(number_w.len());
        let mut right = RIGHT;
        for w in number_w.iter().rev() {
            number_right.push(right);
            right -= w;
        }
        number_right.reverse();
        let name_right = right - NUMBER_GAP;

        // An empty table still draws one row, saying so; a cut one, one more saying how many are left out.
        let rows = table.lines.len().clamp(1, MAX_ROWS + 1);
        let table_bottom = TABLE_TOP + rows as f32 * ROW_H;
        let pairings = table.pairings.len().min(MAX_PAIRINGS + 1);
        let pairing_columns = if pairings > ONE_COLUMN_PAIRINGS { 2 } else { 1 };
        let pairing_lines = pairings.div_ceil(pairing_columns);
        let has_pairings = pairings > 0 || !table.pairings_title.is_empty();
        let pairings_top = table_bottom + 20.0;
        let bottom = if has_pairings {
            pairings_top + 26.0 + pairing_lines as f32 * PAIRING_H
        } else {
            table_bottom
        };
        Layout {
            number_right,
            number_w,
            fraction_w,
            whole_w,
            name_left,
            name_right,
            has_pairings,
            pairings_top,
            pairing_lines,
            pairing_columns,
            height: (bottom + BOTTOM).ceil() as u32,
        }
    }
}

impl Layout {
    /// The middle of number column `c`'s text, between the gap on its left and its right edge.
    fn column_centre(&self, c: usize) -> f32 {
        self.number_right[c] - (self.number_w[c] - NUMBER_GAP) / 2.0
    }
}

/// The number columns' headings: points, the tie-breaks, games played.
fn headings(table: &StandingsTable, language: Language) -> Vec<String> {
    let mut headings = vec![say(language, "picture-standings-points", &[])];
    headings.extend(table.tiebreaks.iter().cloned());
    headings.push(say(language, "picture-standings-games", &[]));
    headings
}

/// A line's number cells under [`headings`]: as many tie-breaks as the table has columns (a missing one
/// blank, an extra one left out), then games played.
fn cells(table: &StandingsTable, line: &StandingsLine) -> Vec<String> {
    let mut cells = vec![line.points.clone()];
    cells.extend(
        (0..table.tiebreaks.len()).map(|i| line.tiebreaks.get(i).cloned().unwrap_or_default()),
    );
    cells.push(line.played.to_string());
    cells
}

/// A leader is ranked first, alone ("1") or shared ("1=").
fn leads(line: &StandingsLine) -> bool {
    line.rank.trim().trim_end_matches('=') == "1"
}

fn draw_table(pm: &mut Pixmap, table: &StandingsTable, layout: &Layout, language: Language) {
    card(pm);
    let title = text::truncate(&table.title, TITLE_SIZE, RIGHT - MARGIN);
    text::draw(pm, &title, MARGIN, 42.0, TITLE_SIZE, INK, Align::Left);
    let subtitle = text::truncate(&table.subtitle, SUBTITLE_SIZE, RIGHT - MARGIN);
    text::draw(
        pm,
        &subtitle,
        MARGIN,
        66.0,
        SUBTITLE_SIZE,
        MUTED,
        Align::Left,
    );

    text::draw(
        pm,
        &say(language, "picture-standings-rank", &[]),
        MARGIN,
        HEADINGS_BASELINE,
        HEADING_SIZE,
        MUTED,
        Align::Left,
    );
    text::draw(
        pm,
        &say(language, "picture-standings-player", &[]),
        layout.name_left,
        HEADINGS_BASELINE,
        HEADING_SIZE,
        MUTED,
        Align::Left,
    );
    for (i, heading) in headings(table, language).iter().enumerate() {
        let fitted = text::truncate(heading, HEADING_SIZE, layout.number_w[i] - 6.0);
        text::draw(
            pm,
            &fitted,
            layout.column_centre(i),
            HEADINGS_BASELINE,
            HEADING_SIZE,
            MUTED,
            Align::Centre,
        );
    }

    if table.lines.is_empty() {
        row_band(pm, 0, BAND);
        note_row(pm, 0, &say(language, "picture-standings-empty", &[]));
    }
    let withdrawn = withdrawn(language);
    for (i, line) in table.lines.iter().take(MAX_ROWS).enumerate() {
        draw_row(pm, table, layout, i, line, &withdrawn);
    }
    if table.lines.len() > MAX_ROWS {
        let rest = table.lines.len() - MAX_ROWS;
        note_row(pm, MAX_ROWS, &more(language, rest));
    }

    if layout.has_pairings {
        draw_pairings(pm, table, layout, language);
    }
}

fn row_top(i: usize) -> f32 {
    TABLE_TOP + i as f32 * ROW_H
}

fn row_band(pm: &mut Pixmap, i: usize, colour: Rgb) {
    fill(
        pm,
        &rounded(
            MARGIN - BAND_PAD,
            row_top(i),
            RIGHT - MARGIN + 2.0 * BAND_PAD,
            ROW_H,
            6.0,
        ),
        colour,
    );
}

fn note_row(pm: &mut Pixmap, i: usize, note: &str) {
    let baseline = row_top(i) + 18.0;
    text::draw(
        pm,
        note,
        MARGIN + RANK_W,
        baseline,
        NOTE_SIZE,
        MUTED,
        Align::Left,
    );
}

fn draw_row(
    pm: &mut Pixmap,
    table: &StandingsTable,
    layout: &Layout,
    i: usize,
    line: &StandingsLine,
    withdrawn: &str,
) {
    let leader = leads(line) && !line.withdrawn;
    if leader {
        // The leader's row in South's light tint with a strong bar at its start; the rank says it too,
        // so nothing rests on the colour alone.
        row_band(pm, i, tint(Player::South));
        fill(
            pm,
            &rounded(MARGIN - BAND_PAD, row_top(i), 5.0, ROW_H, 2.5),
            strong(Player::South),
        );
    } else if i % 2 == 1 {
        row_band(pm, i, BAND);
    }
    let colour = if line.withdrawn {
        MUTED.blend(CARD, 0.15)
    } else {
        INK
    };
    let baseline = row_top(i) + 18.5;

    let rank = text::truncate(&line.rank, ROW_SIZE, RANK_W - 4.0);
    text::draw(pm, &rank, MARGIN, baseline, ROW_SIZE, colour, Align::Left);

    let room = layout.name_right - layout.name_left;
    if line.withdrawn {
        let note_w = text::width(withdrawn, NOTE_SIZE);
        let name = text::truncate(&line.name, ROW_SIZE, (room - note_w).max(room / 2.0));
        text::draw(
            pm,
            &name,
            layout.name_left,
            baseline,
            ROW_SIZE,
            colour,
            Align::Left,
        );
        let after = layout.name_left + text::width(&name, ROW_SIZE);
        text::draw(
            pm,
            withdrawn,
            after,
            baseline,
            NOTE_SIZE,
            colour,
            Align::Left,
        );
    } else {
        let name = text::truncate(&line.name, ROW_SIZE, room);
        text::draw(
            pm,
            &name,
            layout.name_left,
            baseline,
            ROW_SIZE,
            colour,
            Align::Left,
        );
    }

    for (c, cell) in cells(table, line).iter().enumerate() {
        let room = layout.number_w[c] - 6.0;
        let right = layout.number_right[c];
        let block = layout.whole_w[c] + layout.fraction_w[c];
        let whole_right = layout.column_centre(c) + block / 2.0 - layout.fraction_w[c];
        let x = whole_right - text::width(split_decimal(cell).0, ROW_SIZE);
        if x >= right - room {
            text::draw(pm, cell, x, baseline, ROW_SIZE, colour, Align::Left);
        } else {
            // Wider than its squeezed column: shortened, and right-aligned as a plain label.
            let fitted = text::truncate(cell, ROW_SIZE, room);
            text::draw(pm, &fitted, right, baseline, ROW_SIZE, colour, Align::Right);
        }
    }
}

/// "7.25" as ("7", ".25"); a cell without a decimal point is all whole part.
fn split_decimal(cell: &str) -> (&str, &str) {
    cell.split_at(cell.find('.').unwrap_or(cell.len()))
}

/// The pairings under the table: one column when few, else two, read down the first column then the
/// second.
fn draw_pairings(pm: &mut Pixmap, table: &StandingsTable, layout: &Layout, language: Language) {
    let top = layout.pairings_top;
    let heading = text::truncate(&table.pairings_title, 18.0, RIGHT - MARGIN);
    text::draw(pm, &heading, MARGIN, top + 18.0, 18.0, INK, Align::Left);
    let column_w = (RIGHT - MARGIN) / layout.pairing_columns as f32;
    let mut shown: Vec<String> = table.pairings.iter().take(MAX_PAIRINGS).cloned().collect();
    if table.pairings.len() > MAX_PAIRINGS {
        shown.push(more(language, table.pairings.len() - MAX_PAIRINGS));
    }
    for (k, pairing) in shown.iter().enumerate() {
        let (column, line) = (k / layout.pairing_lines, k % layout.pairing_lines);
        let x = MARGIN + column as f32 * column_w;
        let baseline = top + 26.0 + line as f32 * PAIRING_H + 17.0;
        let fitted = text::truncate(pairing, PAIRINGS_SIZE, column_w - 16.0);
        text::draw(pm, &fitted, x, baseline, PAIRINGS_SIZE, INK, Align::Left);
    }
}

/// "Winter cup — standings after round 3 of 5. Swiss · 9 players. 1 alice 3 points, 2 bob 2.5, 3= carol
/// 2 (withdrawn), …. Round 4 pairings: alice – bob; carol: bye."
///
/// Both lists are cut at a whole entry with "… and 40 more" rather than mid-word by [`clip`]. The
/// table comes first and gets what the pairings leave, but always at least half of the limit, so that a
/// long list of pairings cannot push the leaders out.
fn describe(table: &StandingsTable, language: Language) -> String {
    let mut head = table.title.trim().to_string();
    if !table.subtitle.trim().is_empty() {
        head.push_str(". ");
        head.push_str(table.subtitle.trim());
    }
    head.push_str(". ");

    let entries: Vec<String> = table
        .lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let text = |t: &str| Arg::Text(t.to_owned());
            let (rank, name) = (("rank", text(&line.rank)), ("name", text(&line.name)));
            // The unit once, on the leader: 64 times " points" would cost a third of the limit. Whole
            // points choose the unit's plural form; "2.5" is written as it comes.
            let entry = match (i, line.points.parse::<i64>()) {
                (0, Ok(points)) => say(
                    language,
                    "picture-about-leader",
                    &[rank, name, ("count", number(points))],
                ),
                (0, Err(_)) => say(
                    language,
                    "picture-about-leader-part",
                    &[rank, name, ("points", text(&line.points))],
                ),
                _ => say(
                    language,
                    "picture-about-entry",
                    &[rank, name, ("points", text(&line.points))],
                ),
            };
            if line.withdrawn {
                say(
                    language,
                    "picture-about-withdrawn",
                    &[("entry", Arg::Text(entry))],
                )
            } else {
                entry
            }
        })
        .collect();
    let pairings_head = if table.pairings.is_empty() {
        String::new()
    } else {
        let title = match table.pairings_title.trim() {
            "" => say(language, "picture-standings-pairings", &[]),
            title => title.to_owned(),
        };
        let head = say(
            language,
            "picture-about-pairings",
            &[("title", Arg::Text(title))],
        );
        format!(" {head} ")
    };
    let pairings_len = pairings_head.chars().count()
        + table
            .pairings
            .iter()
            .map(|p| p.chars().count() + 2)
            .sum::<usize>();

    let left = MAX_DESCRIPTION.saturating_sub(head.chars().count());
    let standings = if entries.is_empty() {
        say(language, "picture-about-no-players", &[])
    } else {
        within(
            &entries,
            ", ",
            left.saturating_sub(pairings_len).max(left / 2),
            language,
        )
    };
    let mut d = head + &standings;
    if !table.pairings.is_empty() {
        let left =
            MAX_DESCRIPTION.saturating_sub(d.chars().count() + pairings_head.chars().count());
        d.push_str(&pairings_head);
        d.push_str(&within(&table.pairings, "; ", left, language));
    }
    d
}

/// `entries` joined by `sep` and ended with a full stop, in at most `budget` characters if it can: the
/// first entry always, then as many as fit with room left for "… and N more.".
fn within(entries: &[String], sep: &str, budget: usize, language: Language) -> String {
    let mut out = String::new();
    for (i, entry) in entries.iter().enumerate() {
        let sep = if i == 0 { "" } else { sep };
        let more = format!("{sep}{}.", more(language, entries.len() - i));
        let needed = out.chars().count() + sep.chars().count() + entry.chars().count();
        let last = i + 1 == entries.len();
        let reserve = if last { 1 } else { more.chars().count() };
        if i > 0 && needed + reserve > budget {
            out.push_str(&more);
            return out;
        }
        out.push_str(sep);
        out.push_str(entry);
    }
    out.push('.');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(rank: &str, name: &str, points: &str) -> StandingsLine {
        StandingsLine {
            rank: rank.into(),
            name: name.into(),
            points: points.into(),
            tiebreaks: vec!["7.5".into()],
            played: 3,
            withdrawn: false,
        }
    }

    fn table(lines: Vec<StandingsLine>, pairings: Vec<String>) -> StandingsTable {
        StandingsTable {
            title: "Cup — standings after round 3 of 5".into(),
            subtitle: "Swiss · 9 players".into(),
            tiebreaks: vec!["Buchholz".into()],
            lines,
            pairings_title: "Round 4 pairings".into(),
            pairings,
        }
    }

    #[test]
    fn leaders_are_ranked_first_alone_or_shared() {
        assert!(leads(&line("1", "a", "3")));
        assert!(leads(&line("1=", "a", "3")));
        assert!(!leads(&line("10", "a", "3")));
        assert!(!leads(&line("11=", "a", "3")));
    }

    #[test]
    fn a_long_table_gives_up_its_tail_not_the_pairings() {
        let lines = (1..=64)
            .map(|i| line(&i.to_string(), &format!("player number {i}"), "1.5"))
            .collect();
        let d = describe(&table(lines, vec!["zed – yan".into()]), Language::English);
        assert!(d.chars().count() <= MAX_DESCRIPTION, "{d}");
        assert!(d.contains("1 player number 1 1.5 points"), "{d}");
        assert!(d.contains("more."), "{d}");
        assert!(d.ends_with("Round 4 pairings: zed – yan."), "{d}");
    }

    #[test]
    fn lists_are_cut_at_a_whole_entry() {
        let names: Vec<String> = ["ama", "kofi", "kwame", "esi"].map(String::from).into();
        assert_eq!(
            within(&names, ", ", 100, Language::English),
            "ama, kofi, kwame, esi."
        );
        assert_eq!(
            within(&names, ", ", 27, Language::English),
            "ama, kofi, … and 2 more."
        );
        assert_eq!(
            within(&names, ", ", 3, Language::English),
            "ama, … and 3 more."
        );
    }

    #[test]
    fn numbers_split_at_the_decimal_point() {
        assert_eq!(split_decimal("7.25"), ("7", ".25"));
        assert_eq!(split_decimal("12"), ("12", ""));
        assert_eq!(split_decimal(""), ("", ""));
    }

    #[test]
    fn missing_tie_breaks_are_blank_cells() {
        let mut short = line("2", "b", "2");
        short.tiebreaks.clear();
        let t = table(vec![short.clone()], vec![]);
        assert_eq!(cells(&t, &short), vec!["2", "", "3"]);
    }

    #[test]
    fn the_height_is_capped() {
        let many = (0..500).map(|i| line(&i.to_string(), "x", "0")).collect();
        let pairings = (0..500).map(|i| format!("p{i}")).collect();
        let layout = Layout::of(&table(many, pairings), Language::English);
        let full = Layout::of(
            &table(
                (0..65).map(|i| line(&i.to_string(), "x", "0")).collect(),
                (0..33).map(|i| format!("p{i}")).collect(),
            ),
            Language::English,
        );
        assert_eq!(layout.height, full.height);
    }
}
