//! The core's messages as parts, so that each front end shows them its own way: the console as plain
//! text, Discord with clickable commands, timestamps in each reader's time zone and names escaped for its
//! markdown. The core never formats for one front end, and no front end rewrites the core's words.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::clock::format_utc;
pub use namnam_words::Language;

/// One piece of a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// The core's own words, shown as they are.
    Words(String),
    /// A command a player can use, maybe with options to give it (`resign confirm:yes`).
    Command(CommandLine),
    /// A person's name, as they chose it: a front end with markup shows it as written.
    Player(String),
    /// Other text someone wrote (a tournament's name), shown as written like a name.
    Quoted(String),
    /// A channel of the server, by its id, and its name when the core knows it.
    Channel { id: u64, name: Option<String> },
    /// A link that opens a channel of a server from anywhere (a DM): its board is the newest message.
    Jump {
        /// `None`: a channel outside any server (a DM).
        server: Option<u64>,
        channel: u64,
        name: Option<String>,
    },
    /// A moment, in milliseconds since the Unix epoch.
    Time(i64),
    /// A number and the thing counted, in the singular or the plural as the number needs.
    Count { n: i64, one: String, many: String },
    /// A message of the language resources (`namnam_words`), by its id, with its arguments: the words
    /// are the reader's language's, and a translator may put the arguments where the language wants them.
    Message {
        id: String,
        args: Vec<(String, Arg)>,
    },
}

/// A command as a reply names it: the command, its subcommand (`admin settings`), and options to give it
/// (`confirm:yes`), each a value of its own, so that a front end shows it its own way (Discord: a mention
/// of the command a reader clicks, the options after it as code) without taking a string apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredCommand", into = "StoredCommand")]
pub struct CommandLine {
    pub command: String,
    pub sub: Option<String>,
    pub options: Vec<(String, String)>,
}

impl CommandLine {
    /// A command without a subcommand (`board`).
    pub fn new(command: &str) -> CommandLine {
        CommandLine {
            command: command.to_owned(),
            sub: None,
            options: Vec::new(),
        }
    }

    /// A subcommand (`tournament join`).
    pub fn sub(command: &str, sub: &str) -> CommandLine {
        CommandLine {
            sub: Some(sub.to_owned()),
            ..CommandLine::new(command)
        }
    }

    /// With an option to give it (`confirm:yes`).
    pub fn with(mut self, option: &str, value: impl fmt::Display) -> CommandLine {
        self.options.push((option.to_owned(), value.to_string()));
        self
    }

    /// The command and its subcommand, as typed: `admin settings`.
    pub fn name(&self) -> String {
        match &self.sub {
            Some(sub) => format!("{} {sub}", self.command),
            None => self.command.clone(),
        }
    }

    /// The options, as typed: `confirm:yes match:3`.
    pub fn options_typed(&self) -> String {
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(o, v)| format!("{o}:{v}"))
            .collect();
        options.join(" ")
    }
}

/// A [`CommandLine`] as the outbox keeps it in a stored reply: `{"name": "admin settings", "options":
/// "every-channel:yes"}`, the form replies were stored in before a command line had parts, so that posts
/// stored then are still read.
#[derive(Serialize, Deserialize)]
struct StoredCommand {
    name: String,
    options: String,
}

impl From<StoredCommand> for CommandLine {
    fn from(stored: StoredCommand) -> CommandLine {
        let mut words = stored.name.split_whitespace();
        let mut line = CommandLine::new(words.next().unwrap_or_default());
        line.sub = words.next().map(str::to_owned);
        for option in stored.options.split_whitespace() {
            if let Some((name, value)) = option.split_once(':') {
                line = line.with(name, value);
            }
        }
        line
    }
}

impl From<CommandLine> for StoredCommand {
    fn from(line: CommandLine) -> StoredCommand {
        StoredCommand {
            name: line.name(),
            options: line.options_typed(),
        }
    }
}

/// An argument of a [`Part::Message`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// A number: it also chooses the plural form.
    Number(i64),
    /// Parts, shown as the front end shows them (a name escaped, a command clickable).
    Text(Text),
}

impl Arg {
    pub fn player(name: impl Into<String>) -> Arg {
        Arg::Text(Text::new().player(name))
    }

    pub fn quoted(text: impl Into<String>) -> Arg {
        Arg::Text(Text::new().quoted(text))
    }

    /// A command without options (`board`).
    pub fn command(name: &str) -> Arg {
        Arg::Text(Text::new().command(name))
    }

    /// A subcommand without options (`tournament join`).
    pub fn subcommand(name: &str, sub: &str) -> Arg {
        Arg::Text(Text::new().command_line(CommandLine::sub(name, sub)))
    }

    /// A command with its options, or any command line.
    pub fn command_line(line: CommandLine) -> Arg {
        Arg::Text(Text::new().command_line(line))
    }

    pub fn channel(id: u64, name: Option<&str>) -> Arg {
        Arg::Text(Text::new().channel(id, name))
    }

    pub fn time(ms: i64) -> Arg {
        Arg::Text(Text::new().time(ms))
    }

    /// The core's own words that are not to be translated (an option's name, a house's label).
    pub fn words(words: impl Into<String>) -> Arg {
        Arg::Text(Text::new().words(words))
    }

    pub fn number(n: impl Into<i64>) -> Arg {
        Arg::Number(n.into())
    }
}

impl Part {
    /// The part as plain text (the console's form, and the one logs and tests read).
    pub fn plain(&self) -> String {
        match self {
            Part::Words(words) => words.clone(),
            Part::Command(line) if line.options.is_empty() => format!("`{}`", line.name()),
            Part::Command(line) => format!("`{} {}`", line.name(), line.options_typed()),
            Part::Player(name) | Part::Quoted(name) => shown_plain(name),
            Part::Channel {
                name: Some(name), ..
            } => format!("#{name}"),
            Part::Channel { id, name: None }
            | Part::Jump {
                channel: id,
                name: None,
                ..
            } => {
                format!("channel {id}")
            }
            Part::Jump {
                name: Some(name), ..
            } => format!("#{name}"),
            Part::Time(ms) => format_utc(*ms),
            // `1 move`, `2 moves`: the same in every front end.
            Part::Count { n, one, many } => format!("{n} {}", if *n == 1 { one } else { many }),
            Part::Message { .. } => self.plain_in(Language::English),
        }
    }

    /// The part as plain text in `language`.
    pub fn plain_in(&self, language: Language) -> String {
        match self {
            Part::Message { id, args } => plain_message(language, id, args),
            part => part.plain(),
        }
    }
}

/// Message `id` in `language`, each text argument shown by `show`.
pub fn format_message(
    language: Language,
    id: &str,
    args: &[(String, Arg)],
    show: &dyn Fn(&Text) -> String,
) -> String {
    let shown: Vec<(&str, namnam_words::Arg)> = args
        .iter()
        .map(|(name, arg)| {
            let arg = match arg {
                Arg::Number(n) => namnam_words::Arg::Number(*n),
                Arg::Text(text) => namnam_words::Arg::Text(show(text)),
            };
            (name.as_str(), arg)
        })
        .collect();
    namnam_words::message(language, id, &shown)
}

/// Message `id` as plain text: without the `**…**` that marks strong words for front ends with markup
/// (Discord's bold), which a console would print as stars. Only the message's own words lose them: each
/// text argument (a name, a tournament's name) is put in after, as it was written.
fn plain_message(language: Language, id: &str, args: &[(String, Arg)]) -> String {
    // A private-use character per text argument holds its place while the marks are dropped.
    const FIRST_HOLE: u32 = 0xF0000;
    let mut holes: Vec<String> = Vec::new();
    let held: Vec<(&str, namnam_words::Arg)> = args
        .iter()
        .map(|(name, arg)| {
            let arg = match arg {
                Arg::Number(n) => namnam_words::Arg::Number(*n),
                // The core's own words stay in: a message may choose its form by them (`$side`).
                Arg::Text(text) if text.is_words() => {
                    namnam_words::Arg::Text(text.plain_in(language))
                }
                Arg::Text(text) => {
                    let hole = char::from_u32(FIRST_HOLE + holes.len() as u32)
                        .expect("a private-use character");
                    holes.push(text.plain_in(language));
                    namnam_words::Arg::Text(hole.to_string())
                }
            };
            (name.as_str(), arg)
        })
        .collect();
    let words = namnam_words::message(language, id, &held).replace("**", "");
    let mut shown = String::with_capacity(words.len());
    for c in words.chars() {
        match (c as u32)
            .checked_sub(FIRST_HOLE)
            .and_then(|i| holes.get(i as usize))
        {
            Some(text) => shown.push_str(text),
            None => shown.push(c),
        }
    }
    shown
}

/// Whether `c` changes the direction of the text around it (the bidi controls: marks, embeddings,
/// overrides and isolates), which would let a name reverse the rest of a line.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` is a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko…, and their
/// presentation forms), whose direction would otherwise pull the text around a name along with it.
pub fn is_right_to_left(c: char) -> bool {
    matches!(c, '\u{0590}'..='\u{08FF}' | '\u{FB1D}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}' | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}')
}

/// A name (or other text someone wrote) made safe to place inside a line of a front end that shows
/// Unicode as it is (Discord, a web page): its control characters (line breaks, terminal escapes) shown as
/// `\u{1b}`, and, when it holds right-to-left letters or bidi controls (U+202E and its kind), the whole
/// isolated between U+2068 and U+2069 with its own isolates balanced (a stray U+2069 dropped, those it
/// opens closed), so that it cannot reverse the rest of the line. Anything else is left as written: a
/// front end escapes its own markup (Discord's markdown, HTML) as well.
pub fn shown_isolated(name: &str) -> String {
    let mut shown = String::with_capacity(name.len() + 8);
    let mut open_isolates = 0usize;
    let mut needs_isolate = false;
    for c in name.chars() {
        match c {
            // Isolates that open (LRI, RLI, FSI), and their end (PDI): one ending past what the name
            // opened would end the isolate put around the name.
            '\u{2066}'..='\u{2068}' => {
                open_isolates += 1;
                shown.push(c);
            }
            '\u{2069}' if open_isolates == 0 => {}
            '\u{2069}' => {
                open_isolates -= 1;
                shown.push(c);
            }
            c if c.is_control() => shown.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => shown.push(c),
        }
        needs_isolate |= is_bidi_control(c) || is_right_to_left(c);
    }
    if !needs_isolate {
        return shown;
    }
    shown.push_str(&"\u{2069}".repeat(open_isolates));
    format!("\u{2068}{shown}\u{2069}")
}

/// `text` with its control characters (escapes that a terminal obeys, line breaks, bidi controls) shown
/// escaped, `\u{1b}`, so that a name someone chose can neither command a terminal nor reach past itself.
pub fn shown_plain(text: &str) -> String {
    if !text.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return text.to_owned();
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() || is_bidi_control(c) {
            shown.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            shown.push(c);
        }
    }
    shown
}

/// A message: parts in order. Build it with the chained methods:
///
/// ```
/// use namnam_core::Text;
/// let text = Text::new().player("alice").words(" to move; ").command("board").words(" shows it.");
/// assert_eq!(text.plain(), "alice to move; `board` shows it.");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Text {
    parts: Vec<Part>,
}

impl Text {
    pub fn new() -> Text {
        Text::default()
    }

    /// The text with the channels it names only by id named by `name_of` where it knows them: for a front
    /// end that shows a channel by its name and knows names the core did not store (the console, whose
    /// channels are the names typed).
    pub fn naming_channels(&self, name_of: &dyn Fn(u64) -> Option<String>) -> Text {
        let parts = self
            .parts
            .iter()
            .map(|part| match part {
                Part::Channel { id, name: None } => Part::Channel {
                    id: *id,
                    name: name_of(*id),
                },
                Part::Jump {
                    server,
                    channel,
                    name: None,
                } => Part::Jump {
                    server: *server,
                    channel: *channel,
                    name: name_of(*channel),
                },
                Part::Message { id, args } => Part::Message {
                    id: id.clone(),
                    args: args
                        .iter()
                        .map(|(name, arg)| {
                            let arg = match arg {
                                Arg::Text(text) => Arg::Text(text.naming_channels(name_of)),
                                Arg::Number(n) => Arg::Number(*n),
                            };
                            (name.clone(), arg)
                        })
                        .collect(),
                },
                part => part.clone(),
            })
            .collect();
        Text { parts }
    }

    /// Whether the text is only the core's own words (no name, command or message in it).
    pub fn is_words(&self) -> bool {
        self.parts.iter().all(|p| matches!(p, Part::Words(_)))
    }

    /// The core's own words.
    pub fn words(mut self, words: impl Into<String>) -> Text {
        let words = words.into();
        if words.is_empty() {
            return self;
        }
        // Neighbouring words join, so that a message is the fewest parts.
        match self.parts.last_mut() {
            Some(Part::Words(last)) => last.push_str(&words),
            _ => self.parts.push(Part::Words(words)),
        }
        self
    }

    /// A command without options (`board`).
    pub fn command(self, name: &str) -> Text {
        self.command_line(CommandLine::new(name))
    }

    /// A command line: a command, maybe a subcommand, maybe options (`resign confirm:yes`).
    pub fn command_line(mut self, line: CommandLine) -> Text {
        self.parts.push(Part::Command(line));
        self
    }

    /// A person's name.
    pub fn player(mut self, name: impl Into<String>) -> Text {
        self.parts.push(Part::Player(name.into()));
        self
    }

    /// Text someone wrote, other than their name (a tournament's name).
    pub fn quoted(mut self, text: impl Into<String>) -> Text {
        self.parts.push(Part::Quoted(text.into()));
        self
    }

    /// Text someone wrote, in bold (a tournament's name in its news).
    pub fn quoted_bold(self, text: impl Into<String>) -> Text {
        self.words("**").quoted(text).words("**")
    }

    /// A channel of the server.
    pub fn channel(mut self, id: u64, name: Option<&str>) -> Text {
        self.parts.push(Part::Channel {
            id,
            name: name.map(str::to_owned),
        });
        self
    }

    /// A link to a channel (of a server, or a DM with `None`) that works from anywhere.
    pub fn jump(mut self, server: Option<u64>, channel: u64, name: Option<&str>) -> Text {
        self.parts.push(Part::Jump {
            server,
            channel,
            name: name.map(str::to_owned),
        });
        self
    }

    /// Message `id` of the language resources with its arguments.
    pub fn message<const N: usize>(id: &str, args: [(&str, Arg); N]) -> Text {
        Text::new().then_message(id, args)
    }

    /// This text, then message `id` with its arguments.
    pub fn then_message<const N: usize>(mut self, id: &str, args: [(&str, Arg); N]) -> Text {
        debug_assert!(namnam_words::has_message(id), "no message {id}");
        self.parts.push(Part::Message {
            id: id.to_owned(),
            args: args
                .into_iter()
                .map(|(name, arg)| (name.to_owned(), arg))
                .collect(),
        });
        self
    }

    /// A moment (milliseconds since the Unix epoch).
    pub fn time(mut self, ms: i64) -> Text {
        self.parts.push(Part::Time(ms));
        self
    }

    /// `n` things: `one` thing or `many` things.
    pub fn count(mut self, n: impl Into<i64>, one: &str, many: &str) -> Text {
        self.parts.push(Part::Count {
            n: n.into(),
            one: one.to_owned(),
            many: many.to_owned(),
        });
        self
    }

    /// Another message after this one.
    pub fn then(mut self, other: Text) -> Text {
        for part in other.parts {
            self = match part {
                Part::Words(words) => self.words(words),
                part => {
                    self.parts.push(part);
                    self
                }
            };
        }
        self
    }

    /// Messages joined by `between` (`, `).
    pub fn list(items: impl IntoIterator<Item = Text>, between: &str) -> Text {
        let mut text = Text::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                text = text.words(between);
            }
            text = text.then(item);
        }
        text
    }

    /// Clauses of one sentence, each language's way (`clause-separator`: "; ", in French " ; ").
    pub fn clauses(items: impl IntoIterator<Item = Text>) -> Text {
        let mut text = Text::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                text = text.then_message("clause-separator", []);
            }
            text = text.then(item);
        }
        text
    }

    /// Messages one per line.
    pub fn lines(lines: impl IntoIterator<Item = Text>) -> Text {
        Text::list(lines, "\n")
    }

    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Every part, those in messages' arguments too, in order.
    pub fn every_part(&self) -> Vec<&Part> {
        let mut all = Vec::new();
        for part in &self.parts {
            all.push(part);
            if let Part::Message { args, .. } = part {
                for (_, arg) in args {
                    if let Arg::Text(text) = arg {
                        all.extend(text.every_part());
                    }
                }
            }
        }
        all
    }

    /// Whether message `id` of the language resources is in it, at any depth: what a test asks of a reply
    /// rather than matching its English words.
    pub fn has_message(&self, id: &str) -> bool {
        self.every_part()
            .into_iter()
            .any(|part| matches!(part, Part::Message { id: found, .. } if found == id))
    }

    /// The people named in the message.
    pub fn players(&self) -> impl Iterator<Item = &str> {
        self.every_part().into_iter().filter_map(|p| match p {
            Part::Player(name) => Some(name.as_str()),
            _ => None,
        })
    }

    /// The first line only (a message's headline).
    pub fn first_line(&self) -> Text {
        let mut text = Text::new();
        for part in &self.parts {
            match part {
                Part::Words(words) => {
                    if let Some((before, _)) = words.split_once('\n') {
                        return text.words(before);
                    }
                    text = text.words(words.clone());
                }
                part => text.parts.push(part.clone()),
            }
        }
        text
    }

    /// The message as plain text (in English).
    pub fn plain(&self) -> String {
        self.plain_in(Language::English)
    }

    /// The message as plain text in `language`.
    pub fn plain_in(&self, language: Language) -> String {
        self.parts.iter().map(|p| p.plain_in(language)).collect()
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plain())
    }
}

impl From<&str> for Text {
    fn from(words: &str) -> Text {
        Text::new().words(words)
    }
}

impl From<String> for Text {
    fn from(words: String) -> Text {
        Text::new().words(words)
    }
}

/// A stored message reads back from its parts, or from the plain string that stored posts held before
/// messages had parts.
impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Stored {
            Parts(Vec<Part>),
            Plain(String),
        }
        Ok(match Stored::deserialize(deserializer)? {
            Stored::Parts(parts) => Text { parts },
            Stored::Plain(words) => Text::from(words),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        let text = |n| Text::new().count(n, "game", "games").plain();
        assert_eq!(text(1), "1 game");
        assert_eq!(text(0), "0 games");
        assert_eq!(text(2), "2 games");
    }

    #[test]
    fn plain_text_drops_the_words_marks_of_strong_but_not_a_names_stars() {
        let joined = Text::message(
            "error-already-joined",
            [("tournament", Arg::quoted("**Cup**"))],
        );
        assert_eq!(joined.plain(), "You are in **Cup** already.");
        let right = Text::message("puzzle-right", [("move", Arg::words("house 3"))]);
        assert_eq!(right.plain(), "Right: house 3.");
        assert_eq!(
            right.plain_in(Language::French).matches('*').count(),
            0,
            "{}",
            right.plain_in(Language::French)
        );
        // The core's words still choose a message's form.
        let daily = Text::message(
            "daily-puzzle-today",
            [
                ("date", Arg::words("2026-12-04")),
                ("side", Arg::words("south")),
                ("difficulty", Arg::number(1)),
            ],
        );
        assert!(!daily.plain().contains('*'), "{}", daily.plain());
        assert!(daily.plain().contains("South to move"), "{}", daily.plain());
    }

    #[test]
    fn words_join_and_lines_split() {
        let text = Text::lines([
            Text::new().player("al").words(" moved").words("."),
            Text::from("Next line."),
        ]);
        assert_eq!(text.parts().len(), 2, "{text:?}");
        assert_eq!(text.plain(), "al moved.\nNext line.");
        assert_eq!(text.first_line().plain(), "al moved.");
        assert_eq!(text.players().collect::<Vec<_>>(), ["al"]);
    }

    #[test]
    fn names_show_their_control_characters_escaped() {
        let text = Text::new()
            .player("\u{1b}[2Jeve")
            .words(" joined ")
            .quoted("cup\u{202e}lla");
        assert_eq!(text.plain(), "\\u{1b}[2Jeve joined cup\\u{202e}lla");
        assert_eq!(shown_plain("Zoë 🌱"), "Zoë 🌱");
    }

    #[test]
    fn isolated_names_cannot_reverse_the_line_or_close_their_isolate() {
        // U+202E (right-to-left override) would reverse the rest of the line.
        assert_eq!(
            shown_isolated("eve\u{202e}gnp.exe"),
            "\u{2068}eve\u{202e}gnp.exe\u{2069}"
        );
        // A stray end of isolate is dropped, an opened one is closed inside.
        assert_eq!(
            shown_isolated("\u{2069}\u{202e}x\u{2067}y"),
            "\u{2068}\u{202e}x\u{2067}y\u{2069}\u{2069}"
        );
        assert_eq!(shown_isolated("سلمى"), "\u{2068}سلمى\u{2069}");
        // Left as written otherwise, markup too: each front end escapes its own.
        assert_eq!(shown_isolated("Zoë <b>*"), "Zoë <b>*");
        assert_eq!(shown_isolated("a\u{1b}[2J\nb"), r"a\u{1b}[2J\u{a}b");
    }

    #[test]
    fn stored_messages_read_back_in_either_form() {
        let text = Text::new()
            .words("by ")
            .time(0)
            .command_line(CommandLine::new("resign").with("confirm", "yes"));
        let json = serde_json::to_string(&text).unwrap();
        assert_eq!(serde_json::from_str::<Text>(&json).unwrap(), text);
        let old: Text = serde_json::from_str("\"alice to move.\"").unwrap();
        assert_eq!(old, Text::from("alice to move."));
        assert_eq!(text.plain(), "by 1970-01-01 00:00 UTC`resign confirm:yes`");
    }

    #[test]
    fn a_command_line_keeps_its_parts_and_reads_the_form_stored_before_it_had_them() {
        let line = CommandLine::sub("admin", "settings").with("every-channel", "yes");
        let text = Text::new().command_line(line.clone());
        let json = serde_json::to_string(&text).unwrap();
        assert!(
            json.contains(r#"{"command":{"name":"admin settings","options":"every-channel:yes"}}"#),
            "{json}"
        );
        let back: Text = serde_json::from_str(&json).unwrap();
        assert_eq!(back, text);
        // A post stored by the version before, with a command of two options.
        let old = r#"[{"command":{"name":"leaderboard","options":"season:3 page:2"}}]"#;
        let old: Text = serde_json::from_str(old).unwrap();
        assert_eq!(
            old.every_part().first().copied(),
            Some(&Part::Command(
                CommandLine::new("leaderboard")
                    .with("season", 3)
                    .with("page", 2)
            ))
        );
        assert_eq!(text.plain(), "`admin settings every-channel:yes`");
    }
}
