//! Writing a record as text: the header in a fixed order, then each round and its moves.

use super::time::format_duration;
use super::{Record, RecordedMove, FORMAT_VERSION};
use namnam_game::{ByPlayer, Endgame, Player};
use std::fmt::Write;

impl Record {
    /// The record as text, which [`Record::parse`] reads back to an equal record.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut line = |text: String| {
            out.push_str(&text);
            out.push('\n');
        };
        let options = &self.options;
        line(format!("namnam-record {FORMAT_VERSION}"));
        line(format!("south {}", quoted(&self.south)));
        line(format!("north {}", quoted(&self.north)));
        if let Some(server) = &self.server {
            line(format!("server {}", quoted(server)));
        }
        if let Some(channel) = &self.channel {
            line(format!("channel {}", quoted(channel)));
        }
        if let Some(number) = self.match_number {
            line(format!("match {number}"));
        }
        if let Some(date) = self.date {
            line(format!("date {date}"));
        }
        let endgame = match options.rules().endgame {
            Endgame::Capturer => "capturer",
            Endgame::Starter => "starter",
        };
        line(format!("endgame {endgame}"));
        line(format!("chain {}", yes_no(options.rules().chain)));
        line(format!("first {}", options.first()));
        line(format!("target {}", number_or_none(options.target())));
        line(format!(
            "round-limit {}",
            number_or_none(options.round_limit())
        ));
        if let Some(clock) = self.clock {
            line(format!("clock {}", format_duration(clock)));
        }
        line(format!("result {}", self.outcome));
        for (key, value) in &self.extra {
            line(format!("{key} {value}").trim_end().to_owned());
        }
        for (i, round) in self.rounds.iter().enumerate() {
            line(String::new());
            line(format!(
                "round {} territory {} starter {}",
                i + 1,
                round.territory.south_houses(),
                round.starter
            ));
            for (j, mv) in round.moves.iter().enumerate() {
                line(move_line(j + 1, mv));
            }
        }
        out
    }
}

/// `12 north 7 laps=3 captures=south:4,north:8 clock=1m5s "a comment"`.
fn move_line(number: usize, mv: &RecordedMove) -> String {
    let mut s = format!("{number} {} {}", mv.mover, mv.house.label());
    if let Some(laps) = mv.laps {
        let _ = write!(s, " laps={laps}");
    }
    if let Some(captures) = mv.captures {
        let _ = write!(s, " captures={}", captures_text(captures));
    }
    if let Some(clock) = mv.clock {
        let _ = write!(s, " clock={}", format_duration(clock));
    }
    if let Some(comment) = &mv.comment {
        let _ = write!(s, " {}", quoted(comment));
    }
    s
}

/// `none`, `south:4`, `north:8` or `south:4,north:8`: the players who captured, South first.
pub(super) fn captures_text(seeds: ByPlayer<u8>) -> String {
    let parts: Vec<String> = Player::BOTH
        .into_iter()
        .filter(|&p| seeds.get(p) > 0)
        .map(|p| format!("{p}:{}", seeds.get(p)))
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(",")
    }
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn number_or_none(n: Option<u8>) -> String {
    n.map_or_else(|| "none".into(), |n| n.to_string())
}

/// `s` between double quotes, with `\` and `"` escaped, and every control character written as an escape
/// (`\n`, `\t`, `\u{7f}`), so that the string stays on one line; bidi controls too (`\u{202e}`).
pub(super) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            // Bidi controls too (docs/security.md): U+202E in a name would reverse the rest of the line
            // in an editor or a terminal showing the file.
            c if c.is_control() || is_bidi_control(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The characters that change the direction of the text around them: marks, embeddings, overrides and
/// isolates (the same set as the bot core's `message::is_bidi_control`).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}
