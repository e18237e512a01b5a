//! A player's rating over their rated games, as a small PNG for `/stats`.
//!
//! ```text
//!  ┌────────────────────────────────────────────────┐
//!  │ Ama: rating                                    │
//!  │ 12 games: 8 won, 0 drawn, 4 lost · …           │
//!  │      ╭──────────────────────────────────╮      │
//!  │ 1600 │────────────────────────────────╱●  1612 │
//!  │ 1550 │─────────╱╲──╱╲────╱╲──────╱╲╱────│      │
//!  │ 1500 │──╱╲──╱───────────────────────────│      │
//!  │      ╰──────────────────────────────────╯      │
//!  │ game  0             5            10   12       │
//!  └────────────────────────────────────────────────┘
//! ```
//!
//! The x axis counts games, not days: rated games come in bursts (an evening of five, then a quiet month),
//! and on a time axis a burst is a vertical smear while the quiet month is a long flat line. By game, every
//! result gets the same width.

use super::draw::{self, card, circle, fill, rounded};
use super::palette::{strong, BAND, INK, MUTED, WHITE};
use super::text::{self, Align};
use super::words::{number, say, Arg, Language};
use super::{clip, encode_png, Picture};
use namnam_game::Player;
use tiny_skia::{LineCap, LineJoin, PathBuilder, Pixmap, Stroke, Transform};

/// One point of a rating history: the rating after a rated match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    /// When the match ended (milliseconds since the Unix epoch). The chart places points by game number,
    /// so this does not move them.
    pub at_ms: i64,
    pub rating: f64,
}

/// What the chart shows.
#[derive(Clone, Copy, Debug)]
pub struct RatingChart<'a> {
    /// The language of the chart's words and description.
    pub language: Language,
    /// The player's display name (any Unicode; shortened with "…" to fit the title).
    pub name: &'a str,
    /// Oldest first. The first point is the rating before the first rated game (1500 normally), so `n`
    /// points make `n - 1` games; a single point is a player with no rated game yet.
    pub points: &'a [RatingPoint],
    /// A line under the title, such as "12 games: 7 won, 1 drawn, 4 lost · longest streak 4 wins".
    pub caption: &'a str,
}

/// The chart's size in pixels.
pub const CHART_WIDTH: u32 = 640;
pub const CHART_HEIGHT: u32 = 320;

const MARGIN: f32 = 24.0;
/// The plot area: room on the left for the rating labels, on the right for the last rating beside its dot.
const PLOT_LEFT: f32 = 70.0;
const PLOT_RIGHT: f32 = CHART_WIDTH as f32 - 64.0;
const PLOT_TOP: f32 = 86.0;
const PLOT_BOTTOM: f32 = CHART_HEIGHT as f32 - 48.0;
/// Inside the plot's box, so that the line's ends and the dot do not sit on its edge.
const INSET: f32 = 10.0;
/// The smallest rating span shown: a few points' wobble should not fill the whole height.
const MIN_SPAN: f64 = 100.0;
const TITLE_SIZE: f32 = 24.0;
const CAPTION_SIZE: f32 = 15.0;
const LABEL_SIZE: f32 = 14.0;
const LINE_WIDTH: f32 = 3.0;

/// The chart as a PNG ([`CHART_WIDTH`] × [`CHART_HEIGHT`], opaque RGB) with its description. Points
/// whose rating is not a finite number are left out.
pub fn rating_chart(chart: &RatingChart) -> Picture {
    let ratings: Vec<f64> = chart
        .points
        .iter()
        .map(|p| p.rating)
        .filter(|r| r.is_finite())
        .collect();
    // A fresh pixmap each time: unlike the board, a chart is asked for now and then, not after every move.
    let mut pm = Pixmap::new(CHART_WIDTH, CHART_HEIGHT).expect("a non-empty picture");
    draw_chart(&mut pm, chart, &ratings);
    Picture {
        bytes: encode_png(&pm),
        description: clip(describe(chart, &ratings)),
        width: CHART_WIDTH,
        height: CHART_HEIGHT,
    }
}

fn describe(chart: &RatingChart, ratings: &[f64]) -> String {
    let name = ("name", Arg::Text(chart.name.to_owned()));
    let rating = |r: f64| Arg::Text(whole(r));
    let mut d = match ratings {
        [] => say(chart.language, "picture-about-chart-none", &[name]),
        [only] => say(
            chart.language,
            "picture-about-chart-one",
            &[name, ("rating", rating(*only))],
        ),
        [first, .., last] => {
            let (low, high) = range(ratings);
            say(
                chart.language,
                "picture-about-chart",
                &[
                    name,
                    ("count", number(ratings.len() as i64 - 1)),
                    ("first", rating(*first)),
                    ("last", rating(*last)),
                    ("high", rating(high)),
                    ("low", rating(low)),
                ],
            )
        }
    };
    if !chart.caption.is_empty() {
        d.push(' ');
        d.push_str(chart.caption);
    }
    d
}

/// A rating as it is shown: a whole number (and "0", never "-0", for a rounded-off sliver below zero).
fn whole(rating: f64) -> String {
    format!("{:.0}", rating.round() + 0.0)
}

fn range(ratings: &[f64]) -> (f64, f64) {
    ratings
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &r| {
            (lo.min(r), hi.max(r))
        })
}

/// The ratings the plot's height covers: the data's range widened to [`MIN_SPAN`] about its middle, then
/// padded a tenth each way so that neither the highest nor the lowest point sits on the edge.
fn y_range(ratings: &[f64]) -> (f64, f64) {
    let (mut lo, mut hi) = if ratings.is_empty() {
        (1500.0, 1500.0)
    } else {
        range(ratings)
    };
    if hi - lo < MIN_SPAN {
        let mid = (lo + hi) / 2.0;
        (lo, hi) = (mid - MIN_SPAN / 2.0, mid + MIN_SPAN / 2.0);
    }
    let pad = (hi - lo) / 10.0;
    (lo - pad, hi + pad)
}

/// The smallest step of 1, 2, 2.5 or 5 times a power of ten that cuts `span` into at most `parts`.
fn nice_step(span: f64, parts: f64, quarter: bool) -> f64 {
    let raw = (span / parts).max(1.0);
    let magnitude = 10f64.powf(raw.log10().floor());
    let factors: &[f64] = if quarter {
        &[1.0, 2.0, 2.5, 5.0, 10.0]
    } else {
        &[1.0, 2.0, 5.0, 10.0]
    };
    factors
        .iter()
        .map(|f| f * magnitude)
        .find(|&step| step >= raw)
        .unwrap_or(10.0 * magnitude)
}

/// The game numbers labelled under the plot: round multiples from 0, and the last game, dropping a
/// multiple that would crowd it.
fn game_labels(games: usize, x_of: impl Fn(f64) -> f32) -> Vec<usize> {
    if games == 0 {
        return vec![0];
    }
    let step = (nice_step(games as f64, 5.0, false) as usize).max(1);
    let mut labels: Vec<usize> = (0..=games).step_by(step).collect();
    if labels.last() != Some(&games) {
        let last = *labels.last().expect("0 is always there");
        if x_of(games as f64) - x_of(last as f64) < 36.0 && last != 0 {
            labels.pop();
        }
        labels.push(games);
    }
    labels
}

fn draw_chart(pm: &mut Pixmap, chart: &RatingChart, ratings: &[f64]) {
    card(pm);
    let width = CHART_WIDTH as f32;

    // The title's own words take their room first; the name is shortened to what is left.
    let title_of = |name: &str| {
        say(
            chart.language,
            "picture-chart-title",
            &[("name", Arg::Text(name.to_owned()))],
        )
    };
    let name_room = width - 2.0 * MARGIN - text::width(&title_of(""), TITLE_SIZE);
    let title = title_of(&text::truncate(chart.name, TITLE_SIZE, name_room));
    text::draw(pm, &title, MARGIN, 42.0, TITLE_SIZE, INK, Align::Left);
    let caption = text::truncate(chart.caption, CAPTION_SIZE, width - 2.0 * MARGIN);
    text::draw(pm, &caption, MARGIN, 66.0, CAPTION_SIZE, MUTED, Align::Left);

    fill(
        pm,
        &rounded(
            PLOT_LEFT,
            PLOT_TOP,
            PLOT_RIGHT - PLOT_LEFT,
            PLOT_BOTTOM - PLOT_TOP,
            10.0,
        ),
        BAND,
    );

    let (lo, hi) = y_range(ratings);
    let y_of = |rating: f64| {
        let t = ((rating - lo) / (hi - lo)) as f32;
        PLOT_BOTTOM - INSET - t * (PLOT_BOTTOM - PLOT_TOP - 2.0 * INSET)
    };
    let games = ratings.len().saturating_sub(1);
    // With no game yet the axis still runs 0 … 1, and the one point sits at game 0.
    let x_span = games.max(1) as f64;
    let x_of = |game: f64| {
        PLOT_LEFT + INSET + (game / x_span) as f32 * (PLOT_RIGHT - PLOT_LEFT - 2.0 * INSET)
    };

    // Grid lines at round ratings, faint enough that the line stays the thing to look at.
    let grid = BAND.blend(MUTED, 0.3);
    let step = nice_step(hi - lo, 5.0, true);
    // Levels as whole multiples of the step, not a running sum that drifts off the round numbers.
    for k in (lo / step).ceil() as i64..=(hi / step).floor() as i64 {
        let level = k as f64 * step;
        let y = y_of(level);
        if let Some(r) = tiny_skia::Rect::from_xywh(PLOT_LEFT, y - 0.5, PLOT_RIGHT - PLOT_LEFT, 1.0)
        {
            let mut p = draw::paint(grid);
            p.anti_alias = false;
            pm.fill_rect(r, &p, Transform::identity(), None);
        }
        text::draw(
            pm,
            &whole(level),
            PLOT_LEFT - 8.0,
            y + 5.0,
            LABEL_SIZE,
            MUTED,
            Align::Right,
        );
    }

    let label_y = PLOT_BOTTOM + 22.0;
    text::draw(
        pm,
        &say(chart.language, "picture-chart-game", &[]),
        PLOT_LEFT - 8.0,
        label_y,
        LABEL_SIZE,
        MUTED,
        Align::Right,
    );
    for game in game_labels(games, x_of) {
        text::draw(
            pm,
            &game.to_string(),
            x_of(game as f64),
            label_y,
            LABEL_SIZE,
            MUTED,
            Align::Centre,
        );
    }

    let colour = strong(Player::South);
    let columns = (PLOT_RIGHT - PLOT_LEFT) as usize;
    let shown = decimate(ratings, columns);
    if shown.len() >= 2 {
        let mut pb = PathBuilder::new();
        for (i, &(game, rating)) in shown.iter().enumerate() {
            let (x, y) = (x_of(game as f64), y_of(rating));
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        if let Some(path) = pb.finish() {
            let s = Stroke {
                width: LINE_WIDTH,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            pm.stroke_path(&path, &draw::paint(colour), &s, Transform::identity(), None);
        }
    } else {
        text::draw(
            pm,
            &say(chart.language, "picture-chart-empty", &[]),
            (PLOT_LEFT + PLOT_RIGHT) / 2.0,
            (PLOT_TOP + PLOT_BOTTOM) / 2.0 - 18.0,
            LABEL_SIZE,
            MUTED,
            Align::Centre,
        );
    }

    if let Some(&last) = ratings.last() {
        let (x, y) = (x_of(games as f64), y_of(last));
        circle(pm, x, y, 8.0, WHITE);
        circle(pm, x, y, 5.5, colour);
        last_label(pm, &whole(last), x + 12.0, y + 6.0);
    }
}

/// The last rating beside its dot, kept on the card when it is wider than the room on the right.
fn last_label(pm: &mut Pixmap, label: &str, x: f32, baseline: f32) {
    let size = 17.0;
    let x = x.min(CHART_WIDTH as f32 - 10.0 - text::width(label, size));
    text::draw(pm, label, x, baseline, size, INK, Align::Left);
}

/// The points to draw as `(game, rating)`: all of them when there are no more than two a pixel column,
/// otherwise, for each column, its first, lowest, highest and last point in the order they came. That
/// draws the same picture as every point would (every peak and dip stays) from a few per column.
fn decimate(ratings: &[f64], columns: usize) -> Vec<(usize, f64)> {
    let columns = columns.max(1);
    if ratings.len() <= 2 * columns {
        return ratings.iter().copied().enumerate().collect();
    }
    let games = (ratings.len() - 1) as f64;
    let column_of = |game: usize| ((game as f64 / games) * (columns - 1) as f64).round() as usize;
    let mut shown = Vec::with_capacity(4 * columns);
    let mut start = 0;
    while start < ratings.len() {
        let column = column_of(start);
        let mut end = start + 1;
        while end < ratings.len() && column_of(end) == column {
            end += 1;
        }
        let bucket = &ratings[start..end];
        let (mut low, mut high) = (0, 0);
        for (i, &r) in bucket.iter().enumerate() {
            if r < bucket[low] {
                low = i;
            }
            if r > bucket[high] {
                high = i;
            }
        }
        let mut picks = [0, low.min(high), low.max(high), bucket.len() - 1];
        picks.sort_unstable();
        let mut previous = None;
        for i in picks {
            if previous != Some(i) {
                shown.push((start + i, bucket[i]));
                previous = Some(i);
            }
        }
        start = end;
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_is_at_least_the_minimum_span_and_padded() {
        let (lo, hi) = y_range(&[1500.0]);
        assert!(lo < 1450.0 && hi > 1550.0, "{lo} … {hi}");
        assert!((hi + lo) / 2.0 == 1500.0);
        let (lo, hi) = y_range(&[1400.0, 1800.0]);
        assert!(lo < 1400.0 && hi > 1800.0 && hi - lo < 500.0, "{lo} … {hi}");
    }

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(120.0, 5.0, true), 25.0);
        assert_eq!(nice_step(480.0, 5.0, true), 100.0);
        assert_eq!(nice_step(12.0, 5.0, false), 5.0);
        assert_eq!(nice_step(2000.0, 5.0, false), 500.0);
        assert_eq!(nice_step(3.0, 5.0, false), 1.0);
    }

    #[test]
    fn ratings_show_as_whole_numbers() {
        assert_eq!(whole(1611.6), "1612");
        assert_eq!(whole(-0.2), "0");
        assert_eq!(whole(-12.5), "-13");
    }

    #[test]
    fn game_labels_start_at_zero_and_end_at_the_last_game() {
        let x = |g: f64| (g * 10.0) as f32;
        assert_eq!(game_labels(0, x), vec![0]);
        assert_eq!(game_labels(12, x), vec![0, 5, 12]);
        assert_eq!(game_labels(15, x), vec![0, 5, 10, 15]);
        assert_eq!(game_labels(2000, x), vec![0, 500, 1000, 1500, 2000]);
    }

    #[test]
    fn decimation_keeps_the_ends_and_the_extremes() {
        let ratings: Vec<f64> = (0..2001)
            .map(|i| 1500.0 + (i as f64 / 7.0).sin() * 80.0 + if i == 1234 { 300.0 } else { 0.0 })
            .collect();
        let shown = decimate(&ratings, 500);
        assert!(shown.len() < ratings.len() && shown.len() <= 4 * 500);
        assert_eq!(shown.first(), Some(&(0, ratings[0])));
        assert_eq!(shown.last(), Some(&(2000, ratings[2000])));
        assert!(shown.contains(&(1234, ratings[1234])), "the spike stays");
        assert!(shown.windows(2).all(|w| w[0].0 < w[1].0), "in order");
        let few = [1500.0, 1510.0, 1490.0];
        assert_eq!(decimate(&few, 500).len(), 3);
    }
}
