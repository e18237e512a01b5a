//! Reading a record's text: the syntax of docs/record-format.md, line by line. Whether the moves are legal
//! is the replay's question ([`Record::play_through`]); here a line is only checked for what it says alone.

use std::collections::hash_map::{Entry, HashMap};

use super::time::parse_duration;
use super::{Outcome, Record, RecordError, RecordedMove, RecordedRound, FORMAT_VERSION};
use namnam_game::{
    ByPlayer, Endgame, House, MatchEnd, MatchOptions, MatchResult, Player, Rules, Territory,
};

/// The header keys a record must have.
const REQUIRED: [&str; 8] = [
    "south",
    "north",
    "endgame",
    "chain",
    "first",
    "target",
    "round-limit",
    "result",
];

/// The most lines a header may have: the thirteen keys of this version and room for many more. A file
/// of more is refused before its keys are compared (docs/record-format.md, "What a reader checks").
pub const MAX_HEADER_LINES: usize = 100;

/// The most characters a name or a place (`south`, `north`, `server`, `channel`) may have: Discord's
/// longest, a server's or a channel's name, is 100. A longer one is refused as soon as it is read past
/// the bound, so that a small file cannot make a reader (or what shows its names) work for long.
pub const MAX_NAME_CHARS: usize = 100;

/// The most characters a free text may have: a move's comment, an unknown header line's value.
pub const MAX_TEXT_CHARS: usize = 1000;

/// The header keys this version knows; any other is kept in [`Record::extra`].
const KNOWN: [&str; 13] = [
    "south",
    "north",
    "server",
    "channel",
    "match",
    "date",
    "endgame",
    "chain",
    "first",
    "target",
    "round-limit",
    "clock",
    "result",
];

impl Record {
    /// Reads a record. Only the syntax is checked, and what a line says by itself (a house is 1–12, a
    /// resignation has a winner); [`Record::replay`] checks the moves.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text
            .split('\n')
            .enumerate()
            .map(|(i, line)| (i + 1, line.strip_suffix('\r').unwrap_or(line)))
            .filter(|(_, line)| {
                let line = line.trim();
                !line.is_empty() && !line.starts_with('#')
            });
        let last_line = text.split('\n').count();

        let (first_line, version) = lines.next().ok_or_else(|| RecordError::Line {
            line: last_line,
            reason: "the file is empty: a record begins with `namnam-record 1`".into(),
        })?;
        check_version(version).map_err(|reason| RecordError::Line {
            line: first_line,
            reason,
        })?;

        let mut header = Header::default();
        let mut rounds: Vec<RecordedRound> = Vec::new();
        let mut record: Option<Record> = None;
        for (number, line) in lines {
            let fail = |reason: String| RecordError::Line {
                line: number,
                reason,
            };
            let (key, value) = split_key(line);
            if key == "round" {
                if record.is_none() {
                    record = Some(header.finish().map_err(fail)?);
                }
                rounds.push(round_line(value, rounds.len() + 1).map_err(fail)?);
            } else if key.starts_with(|c: char| c.is_ascii_digit()) {
                let Some(round) = rounds.last_mut() else {
                    return Err(fail("a move before the first `round` line".into()));
                };
                let mv = move_line(line, round.moves.len() + 1).map_err(fail)?;
                round.moves.push(mv);
            } else if record.is_some() {
                return Err(fail(format!(
                    "`{key}` is a header line: the header comes before the first round"
                )));
            } else {
                header.read(number, key, value).map_err(fail)?;
            }
        }
        let mut record = match record {
            Some(record) => record,
            None => header.finish().map_err(|reason| RecordError::Line {
                line: last_line,
                reason,
            })?,
        };
        record.rounds = rounds;
        Ok(record)
    }
}

fn check_version(line: &str) -> Result<(), String> {
    let mut words = line.split_whitespace();
    let (Some("namnam-record"), Some(version), None) = (words.next(), words.next(), words.next())
    else {
        return Err("a record begins with the line `namnam-record 1`".into());
    };
    match version.parse::<u32>() {
        Ok(FORMAT_VERSION) => Ok(()),
        Ok(other) => Err(format!(
            "this is version {other} of the record format; this program reads version {FORMAT_VERSION}"
        )),
        Err(_) => Err(format!("{version:?} is not a format version")),
    }
}

/// A line's first word and the rest, trimmed.
fn split_key(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((key, rest)) => (key, rest.trim()),
        None => (line, ""),
    }
}

/// The header read so far: each key's value, and the line it came from.
#[derive(Default)]
struct Header {
    /// Each key read, with its line: a set, so that a header's keys are checked in time linear in its
    /// lines (a list's scan made 100,000 lines take half a minute).
    seen: HashMap<Key, usize>,
    south: Option<String>,
    north: Option<String>,
    server: Option<String>,
    channel: Option<String>,
    match_number: Option<i64>,
    date: Option<super::Timestamp>,
    endgame: Option<Endgame>,
    chain: Option<bool>,
    first: Option<Player>,
    target: Option<Option<u8>>,
    round_limit: Option<Option<u8>>,
    clock: Option<std::time::Duration>,
    outcome: Option<Outcome>,
    extra: Vec<(String, String)>,
}

impl Header {
    fn read(&mut self, line: usize, key: &str, value: &str) -> Result<(), String> {
        if !key.starts_with(|c: char| c.is_ascii_lowercase())
            || !key
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(format!(
                "{key:?} is not a header key (lower-case letters, digits and `-`, from a letter)"
            ));
        }
        if self.seen.len() >= MAX_HEADER_LINES {
            return Err(format!(
                "the header has more than {MAX_HEADER_LINES} lines (a record's header is a few lines)"
            ));
        }
        match self.seen.entry(Key(key.to_owned())) {
            Entry::Occupied(first) => {
                return Err(format!(
                    "a second `{key}` line (the first is line {})",
                    first.get()
                ))
            }
            Entry::Vacant(slot) => {
                slot.insert(line);
            }
        }
        if !KNOWN.contains(&key) {
            if value.chars().nth(MAX_TEXT_CHARS).is_some() {
                return Err(format!(
                    "`{key}` is longer than {MAX_TEXT_CHARS} characters"
                ));
            }
            self.extra.push((key.to_owned(), value.to_owned()));
            return Ok(());
        }
        if value.is_empty() {
            return Err(format!("`{key}` has no value"));
        }
        match key {
            "south" => self.south = Some(whole_string(value, MAX_NAME_CHARS)?),
            "north" => self.north = Some(whole_string(value, MAX_NAME_CHARS)?),
            "server" => self.server = Some(whole_string(value, MAX_NAME_CHARS)?),
            "channel" => self.channel = Some(whole_string(value, MAX_NAME_CHARS)?),
            "match" => {
                self.match_number =
                    Some(number::<i64>(value).filter(|&n| n >= 1).ok_or_else(|| {
                        format!("the match number must be 1 or more, not {value:?}")
                    })?)
            }
            "date" => self.date = Some(value.parse()?),
            "endgame" => {
                self.endgame = Some(match value {
                    "capturer" => Endgame::Capturer,
                    "starter" => Endgame::Starter,
                    _ => return Err(format!("the endgame is capturer or starter, not {value:?}")),
                })
            }
            "chain" => {
                self.chain = Some(match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(format!("chain is yes or no, not {value:?}")),
                })
            }
            "first" => self.first = Some(player(value)?),
            "target" => {
                self.target = Some(optional_in(
                    value,
                    MatchOptions::TARGET_RANGE,
                    "the target",
                )?)
            }
            "round-limit" => {
                self.round_limit = Some(optional_in(
                    value,
                    MatchOptions::ROUNDS_RANGE,
                    "the round limit",
                )?)
            }
            "clock" => self.clock = Some(parse_duration(value)?),
            "result" => self.outcome = Some(outcome(value)?),
            _ => unreachable!("every known key is read above"),
        }
        Ok(())
    }

    /// The record the header describes, without rounds; the reason if a required line is missing.
    fn finish(&mut self) -> Result<Record, String> {
        if let Some(missing) = REQUIRED
            .iter()
            .find(|key| !self.seen.contains_key(&Key((**key).to_owned())))
        {
            return Err(format!("the header has no `{missing}` line"));
        }
        let rules = Rules {
            endgame: self.endgame.expect("required"),
            chain: self.chain.expect("required"),
        };
        let options = MatchOptions::new(
            rules,
            self.first.expect("required"),
            self.target.expect("required"),
            self.round_limit.expect("required"),
        )
        .expect("the ranges are checked as the lines are read");
        Ok(Record {
            south: self.south.take().expect("required"),
            north: self.north.take().expect("required"),
            server: self.server.take(),
            channel: self.channel.take(),
            match_number: self.match_number,
            date: self.date,
            options,
            clock: self.clock,
            outcome: self.outcome.expect("required"),
            rounds: Vec::new(),
            extra: std::mem::take(&mut self.extra),
        })
    }
}

/// A header key. Its comparisons are counted in tests, to show that reading a header compares a number of
/// keys linear in its lines.
#[derive(Debug, Clone, Eq)]
struct Key(String);

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        #[cfg(test)]
        tests::COMPARISONS.with(|n| n.set(n.get() + 1));
        self.0 == other.0
    }
}

/// `round 2 territory 7 starter north`, after the word `round`.
fn round_line(rest: &str, expected: usize) -> Result<RecordedRound, String> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [n, "territory", k, "starter", starter] = words[..] else {
        return Err("a round line reads `round N territory K starter south|north`".into());
    };
    if number::<usize>(n) != Some(expected) {
        return Err(format!("round {n} where round {expected} comes next"));
    }
    let territory = number::<u8>(k)
        .and_then(|k| Territory::new(k).ok())
        .ok_or_else(|| format!("a territory is 0 to 12 of South's houses, not {k:?}"))?;
    Ok(RecordedRound {
        territory,
        starter: player(starter)?,
        moves: Vec::new(),
    })
}

/// `3 south 7 laps=2 captures=north:4 clock=12s "a comment"`.
fn move_line(line: &str, expected: usize) -> Result<RecordedMove, String> {
    let (fields, comment) = match line.find('"') {
        Some(at) => {
            let (comment, rest) = string(&line[at..], MAX_TEXT_CHARS)?;
            if !rest.trim().is_empty() {
                return Err("nothing may follow a move's comment".into());
            }
            (&line[..at], Some(comment))
        }
        None => (line, None),
    };
    let mut words = fields.split_whitespace();
    let (Some(n), Some(mover), Some(house)) = (words.next(), words.next(), words.next()) else {
        return Err("a move line reads `M south|north HOUSE`, then annotations".into());
    };
    if number::<usize>(n) != Some(expected) {
        return Err(format!("move {n} where move {expected} comes next"));
    }
    let house = number::<i64>(house)
        .ok_or_else(|| format!("{house:?} is not a house number (1 to 12)"))
        .and_then(|label| House::from_label(label).map_err(|e| e.to_string()))?;
    let mut mv = RecordedMove {
        mover: player(mover)?,
        house,
        laps: None,
        captures: None,
        clock: None,
        comment,
    };
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            return Err(format!(
                "{word:?} is not an annotation (laps=N, captures=…, clock=…)"
            ));
        };
        let twice = || format!("a second `{key}` annotation");
        match key {
            "laps" if mv.laps.is_some() => return Err(twice()),
            "laps" => {
                mv.laps = Some(
                    number::<u32>(value)
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| format!("laps must be 1 or more, not {value:?}"))?,
                )
            }
            "captures" if mv.captures.is_some() => return Err(twice()),
            "captures" => mv.captures = Some(captures(value)?),
            "clock" if mv.clock.is_some() => return Err(twice()),
            "clock" => mv.clock = Some(parse_duration(value)?),
            _ => {
                return Err(format!(
                    "`{key}` is not an annotation (laps, captures, clock)"
                ))
            }
        }
    }
    Ok(mv)
}

/// `none`, or `player:seeds` for one or both players.
fn captures(value: &str) -> Result<ByPlayer<u8>, String> {
    let mut seeds = ByPlayer::new(0, 0);
    if value == "none" {
        return Ok(seeds);
    }
    let mut seen = Vec::new();
    for part in value.split(',') {
        let bad = || format!("captures are `none` or like south:4,north:8, not {value:?}");
        let (who, n) = part.split_once(':').ok_or_else(bad)?;
        let who = player(who)?;
        if seen.contains(&who) {
            return Err(format!("captures name {who} twice"));
        }
        seen.push(who);
        *seeds.get_mut(who) = number::<u8>(n)
            .filter(|&n| n <= namnam_game::TOTAL_SEEDS)
            .ok_or_else(bad)?;
    }
    Ok(seeds)
}

fn outcome(value: &str) -> Result<Outcome, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let (winner, reason) = match words[..] {
        ["in-progress"] => return Ok(Outcome::InProgress),
        ["aborted"] => return Ok(Outcome::Aborted),
        [who, reason] => (who, reason),
        _ => return Err(result_help(value)),
    };
    let winner = match winner {
        "south" => Some(Player::South),
        "north" => Some(Player::North),
        "draw" => None,
        _ => return Err(result_help(value)),
    };
    let reason = match reason {
        "whole-board" => MatchEnd::WholeBoard,
        "target" => MatchEnd::Target,
        "round-limit" => MatchEnd::RoundLimit,
        "resignation" => MatchEnd::Resignation,
        "timeout" => MatchEnd::Timeout,
        "agreement" => MatchEnd::Agreement,
        "adjudicated" => MatchEnd::Adjudicated,
        _ => return Err(result_help(value)),
    };
    match (winner, reason) {
        (
            None,
            MatchEnd::WholeBoard | MatchEnd::Target | MatchEnd::Resignation | MatchEnd::Timeout,
        ) => Err(format!(
            "a match that ends by {reason_name} has a winner, not a draw",
            reason_name = super::end_name(reason)
        )),
        (Some(_), MatchEnd::Agreement) => Err("an agreement ends a match in a draw".into()),
        _ => Ok(Outcome::Finished(MatchResult { winner, reason })),
    }
}

fn result_help(value: &str) -> String {
    format!(
        "the result is `in-progress`, `aborted`, or south|north|draw and how it ended \
         (whole-board, target, round-limit, resignation, timeout, agreement, adjudicated), not {value:?}"
    )
}

fn player(word: &str) -> Result<Player, String> {
    match word {
        "south" => Ok(Player::South),
        "north" => Ok(Player::North),
        _ => Err(format!("a player is south or north, not {word:?}")),
    }
}

/// A number in plain decimal digits.
fn number<T: std::str::FromStr>(word: &str) -> Option<T> {
    word.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| word.parse().ok())
        .flatten()
}

/// `none`, or a number in `range`.
fn optional_in(
    value: &str,
    range: std::ops::RangeInclusive<u8>,
    what: &str,
) -> Result<Option<u8>, String> {
    if value == "none" {
        return Ok(None);
    }
    match number::<u8>(value).filter(|n| range.contains(n)) {
        Some(n) => Ok(Some(n)),
        None => Err(format!(
            "{what} is {}–{} or none, not {value:?}",
            range.start(),
            range.end()
        )),
    }
}

/// A value that is one quoted string of at most `limit` characters and nothing else.
fn whole_string(value: &str, limit: usize) -> Result<String, String> {
    let (s, rest) = string(value, limit)?;
    if rest.trim().is_empty() {
        Ok(s)
    } else {
        Err("nothing may follow the closing quote".into())
    }
}

/// A quoted string of at most `limit` characters at the start of `s`, and what follows its closing
/// quote. A longer one is refused on its first character past the bound, without reading the rest.
fn string(s: &str, limit: usize) -> Result<(String, &str), String> {
    let Some(body) = s.strip_prefix('"') else {
        return Err("a name or comment is written between double quotes".into());
    };
    let mut out = String::new();
    let mut read = 0;
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        if c != '"' {
            read += 1;
            if read > limit {
                return Err(format!(
                    "a name is at most {MAX_NAME_CHARS} characters and a comment {MAX_TEXT_CHARS}: \
                     this one is longer than {limit}"
                ));
            }
        }
        match c {
            '"' => return Ok((out, &body[i + 1..])),
            '\\' => match chars.next().map(|(_, c)| c) {
                Some('"') => out.push('"'),
                Some('\\') => out.push('\\'),
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('u') => {
                    let rest = &body[i + 2..];
                    let code = rest
                        .strip_prefix('{')
                        .and_then(|r| r.split_once('}'))
                        .map(|(hex, _)| hex)
                        .filter(|hex| {
                            (1..=6).contains(&hex.len())
                                && hex.bytes().all(|b| b.is_ascii_hexdigit())
                        });
                    let c = code
                        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                        .and_then(char::from_u32)
                        .ok_or("`\\u` is followed by a character's hexadecimal code in braces, like \\u{7f}")?;
                    out.push(c);
                    let skip = code.expect("read above").len() + 2;
                    for _ in 0..skip {
                        chars.next();
                    }
                }
                _ => {
                    return Err(
                        "a backslash in a string starts \\\", \\\\, \\n, \\t or \\u{…}".into(),
                    )
                }
            },
            c if c.is_control() => {
                return Err(format!(
                    "a string may not hold the control character U+{:04X} (write \\u{{{:x}}})",
                    c as u32, c as u32
                ))
            }
            c => out.push(c),
        }
    }
    Err("a string has no closing quote".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// How many times two header keys were compared on this thread.
        pub(super) static COMPARISONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// A record whose header has `lines` lines: the required ones, then unknown keys.
    fn with_header_lines(lines: usize) -> String {
        let mut text = "namnam-record 1\nsouth \"a\"\nnorth \"b\"\nendgame capturer\nchain yes\n\
            first south\ntarget none\nround-limit none\nresult in-progress\n"
            .to_owned();
        for i in 8..lines {
            text.push_str(&format!("x-field-{i} {i}\n"));
        }
        text
    }

    /// The key comparisons of parsing `text`.
    fn comparisons(text: &str) -> usize {
        COMPARISONS.with(|n| n.set(0));
        let _ = Record::parse(text);
        COMPARISONS.with(|n| n.get())
    }

    #[test]
    fn a_header_at_the_bound_is_read_with_comparisons_linear_in_its_lines() {
        let full = with_header_lines(MAX_HEADER_LINES);
        assert!(Record::parse(&full).is_ok());
        let half = comparisons(&with_header_lines(MAX_HEADER_LINES / 2));
        let all = comparisons(&full);
        // A scan of the keys read before would make about n²/2 comparisons: 4,950 for 100 lines.
        assert!(
            all <= 2 * MAX_HEADER_LINES,
            "{all} comparisons for {MAX_HEADER_LINES} lines"
        );
        assert!(
            all <= 2 * half + 16,
            "{half} for half the lines, {all} for all"
        );
    }

    #[test]
    fn a_header_past_the_bound_is_refused_on_its_first_line_too_many() {
        let err = Record::parse(&with_header_lines(MAX_HEADER_LINES + 1)).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "line {}: the header has more than {MAX_HEADER_LINES} lines (a record's header is a few lines)",
                MAX_HEADER_LINES + 2
            )
        );
        // A duplicate key is still named with its first line.
        let twice = with_header_lines(10) + "x-field-9 again\n";
        assert!(Record::parse(&twice)
            .unwrap_err()
            .to_string()
            .contains("a second `x-field-9` line (the first is line 11)"));
    }

    #[test]
    fn strings_read_back_what_the_writer_escapes() {
        for s in [
            "",
            "alice",
            "Ó \"q\" \\ tab\there\nnew\u{7f}\u{1}",
            "\u{1F600}",
            "eve\u{202e}gnp.exe \u{2066}x\u{2069} \u{200f}",
        ] {
            let quoted = super::super::write::quoted(s);
            assert_eq!(
                string(&quoted, MAX_TEXT_CHARS),
                Ok((s.to_owned(), "")),
                "{quoted}"
            );
            assert!(
                !quoted.contains(['\u{202e}', '\u{2066}', '\u{2069}', '\u{200f}']),
                "bidi controls are written as escapes: {quoted:?}"
            );
        }
        assert!(string("\"open", MAX_TEXT_CHARS).is_err());
        assert!(string("\"bad \\q\"", MAX_TEXT_CHARS).is_err());
        assert!(string("\"bad \\u{110000}\"", MAX_TEXT_CHARS).is_err());
        assert!(string("bare", MAX_TEXT_CHARS).is_err());
    }

    /// A record whose south player is `name`, as the writer writes it, with a move commented `comment`.
    fn named(name: &str, comment: &str) -> String {
        let quoted = super::super::write::quoted;
        with_header_lines(8).replace("south \"a\"", &format!("south {}", quoted(name)))
            + &format!(
                "round 1 territory 6 starter south\n1 south 3 {}\n",
                quoted(comment)
            )
    }

    #[test]
    fn names_and_comments_past_their_bound_are_refused_on_the_first_character_too_many() {
        // At the bound, counted in characters as read back (an escaped bidi control is one).
        let name: String = "\u{202e}é".repeat(MAX_NAME_CHARS / 2);
        let comment = "c".repeat(MAX_TEXT_CHARS);
        let record = Record::parse(&named(&name, &comment)).expect("at the bounds");
        assert_eq!(record.south, name);
        // Past it: refused, naming the line, before the rest of the string is read.
        let long = format!("{name}x");
        let refused = Record::parse(&named(&long, "")).unwrap_err().to_string();
        assert!(
            refused.contains("line 2") && refused.contains("100"),
            "{refused}"
        );
        let refused = Record::parse(&named("a", &format!("{comment}c"))).unwrap_err();
        assert!(refused.to_string().contains("1000"), "{refused}");
        let extra = with_header_lines(8) + &format!("x-note {}\n", "n".repeat(MAX_TEXT_CHARS + 1));
        assert!(Record::parse(&extra).is_err());
        // A 50 MB name is refused on its 101st character: the string's reading stops there.
        let huge = format!("\"{}\"", "a".repeat(50 << 20));
        let refused = string(&huge, MAX_NAME_CHARS).unwrap_err();
        assert!(refused.contains("longer than 100"), "{refused}");
    }

    #[test]
    fn results_name_a_possible_ending() {
        assert_eq!(outcome("in-progress"), Ok(Outcome::InProgress));
        assert!(outcome("draw resignation").is_err());
        assert!(outcome("south agreement").is_err());
        assert!(outcome("draw whole-board").is_err());
        assert!(outcome("draw round-limit").is_ok());
        assert!(outcome("east target").is_err());
    }

    #[test]
    fn captures_are_none_or_per_player() {
        assert_eq!(captures("none"), Ok(ByPlayer::new(0, 0)));
        assert_eq!(captures("north:8,south:4"), Ok(ByPlayer::new(4, 8)));
        assert!(captures("south:4,south:4").is_err());
        assert!(captures("south:49").is_err());
        assert!(captures("").is_err());
    }
}
