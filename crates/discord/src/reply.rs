//! Turning the core's plain [`Reply`] into a Discord message: pictures become attachments carrying their
//! alt text, actions become buttons (houses five to a row, then the other actions), the text's parts
//! become Discord's own (commands a reader can click, moments in each reader's time zone, names escaped so
//! that they show as written), and only the player to move is pinged.
//!
//! One [`Outgoing`] message converts into each builder the bot sends with (an interaction response, a
//! follow-up, a channel message, an edit), so that every path sends the same thing.

use namnam_model::{CommandId, MatchId, PostId};
use poise::serenity_prelude as serenity;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, RwLock};

use namnam_core::message::format_message;
use namnam_core::pictures::Picture;
use namnam_core::reply::Link;
use namnam_core::{Action, ActionId, BoardState, ChallengeAnswer, Language, Part, Reply, Text};

/// Discord's limit of buttons in one action row.
pub const BUTTONS_PER_ROW: usize = 5;
/// Discord's limit of action rows in one message.
const MAX_ROWS: usize = 5;
/// Discord's limit on a message's text, in characters.
const MAX_CONTENT: usize = 2000;

/// The file names of the pictures (Discord shows them under the picture on some clients).
pub const BOARD_FILE: &str = "nam-nam-board.png";
pub const MOVE_FILE: &str = "nam-nam-move.gif";

/// The board's file name: the match and the version it shows, and the outbox's post it belongs to when
/// it has one (`nam-nam-12-v34-p56.png`; `nam-nam-12-v34.png` for a board no post carries, such as
/// `/board`'s), so that each board can be told apart from the others, by people who save it and by the
/// bot itself. A press on a message names that message only: the post in its picture's name is the one
/// post it proves was shown; another message showing the same board (the same match and version) is
/// another name, and proves nothing about that post's words.
pub fn board_file(board: Option<&BoardState>, post: Option<PostId>) -> String {
    match board {
        Some(b) => board_file_name(b.match_id, b.version, post),
        None => BOARD_FILE.to_owned(),
    }
}

/// The file name of the board of `match_id` at `version`, carried by `post` if any.
pub fn board_file_name(match_id: MatchId, version: i64, post: Option<PostId>) -> String {
    match post {
        Some(post) => format!("nam-nam-{match_id}-v{version}-p{post}.png"),
        None => format!("nam-nam-{match_id}-v{version}.png"),
    }
}

/// What a board's file name says ([`board_file_name`]'s inverse).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardFile {
    pub match_id: MatchId,
    pub version: i64,
    /// The post whose message carries the picture, if a post does.
    pub post: Option<PostId>,
}

impl BoardFile {
    /// Whether it shows the board of `match_id` at `version`, whichever message carries it.
    pub fn shows(&self, match_id: MatchId, version: i64) -> bool {
        self.match_id == match_id && self.version == version
    }
}

/// What a board's file name says; `None` for any other file.
pub fn board_of_file_name(name: &str) -> Option<BoardFile> {
    let (match_id, rest) = name
        .strip_prefix("nam-nam-")?
        .strip_suffix(".png")?
        .split_once("-v")?;
    let (version, post) = match rest.split_once("-p") {
        Some((version, post)) => (version, Some(PostId(digits(post)?))),
        None => (rest, None),
    };
    Some(BoardFile {
        match_id: MatchId(digits(match_id)?),
        version: digits(version)?,
        post,
    })
}

/// A number written in plain digits (no sign, nothing else), as the bot writes them in file names.
fn digits(text: &str) -> Option<i64> {
    match !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        true => text.parse().ok(),
        false => None,
    }
}

/// Whether a file is the board of `match_id` at `version`, whichever message carries it.
pub fn is_board_file(name: &str, match_id: MatchId, version: i64) -> bool {
    board_of_file_name(name).is_some_and(|file| file.shows(match_id, version))
}

/// The file name of an animation after the first ([`Board::more_animations`](namnam_core::Board::more_animations)): `nam-nam-move-2.gif`, …
pub fn more_move_file(index: usize) -> String {
    format!("nam-nam-move-{}.gif", index + 2)
}

/// A message ready to send, whichever way it is sent.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub content: String,
    pub files: Vec<serenity::CreateAttachment>,
    pub components: Vec<serenity::CreateActionRow>,
    /// The users this message pings (the player to move); nobody else can be pinged by it.
    pub pinged: Vec<serenity::UserId>,
    pub ephemeral: bool,
}

impl Outgoing {
    /// The message for `reply`. `ping` puts a mention of the player to move first: only worth it in a new
    /// message, since Discord does not notify anyone of a mention added by an edit.
    pub fn of(reply: &Reply, ping: bool, mentions: &Mentions) -> Self {
        let pinged: Vec<serenity::UserId> = match ping && !reply.is_private() {
            true => reply
                .notify()
                .iter()
                .map(|id| serenity::UserId::new(id.0))
                .collect(),
            false => Vec::new(),
        };
        let mut content = mentions.render_in(&reply.text, reply.language);
        if !pinged.is_empty() {
            let mentions: Vec<String> = pinged.iter().map(|id| format!("<@{id}>")).collect();
            content = format!("{} {content}", mentions.join(" "));
        }
        let mut files = Vec::new();
        if let Some(picture) = &reply.board.picture {
            let name = board_file(reply.board.state.as_ref(), reply.follows.post);
            files.push(attachment(picture, &name));
        }
        if let Some(animation) = &reply.board.animation {
            files.push(attachment(animation, MOVE_FILE));
        }
        for (i, animation) in reply.board.more_animations.iter().enumerate() {
            files.push(attachment(animation, &more_move_file(i)));
        }
        if let Some(file) = &reply.file {
            files.push(
                serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.as_str())
                    .description(file.description.clone()),
            );
        }
        Self {
            content: fit(content),
            files,
            components: buttons(&reply.buttons.actions, &reply.buttons.links, reply.language),
            pinged,
            ephemeral: reply.is_private(),
        }
    }

    /// Only the pinged users may be notified: never `@everyone`, roles or anyone named in passing.
    pub fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new().users(self.pinged.clone())
    }

    /// The first answer to an interaction.
    pub fn response(self) -> serenity::CreateInteractionResponse {
        let mentions = self.allowed_mentions();
        let message = serenity::CreateInteractionResponseMessage::new()
            .content(self.content)
            .add_files(self.files)
            .components(self.components)
            .ephemeral(self.ephemeral)
            .allowed_mentions(mentions);
        serenity::CreateInteractionResponse::Message(message)
    }

    /// The first answer to a pressed button that takes the place of its message (a replay's step): the
    /// message's text, pictures and buttons are all replaced. A private message stays private.
    pub fn update(self) -> serenity::CreateInteractionResponse {
        let mentions = self.allowed_mentions();
        let message = serenity::CreateInteractionResponseMessage::new()
            .content(self.content)
            .files(self.files)
            .components(self.components)
            .allowed_mentions(mentions);
        serenity::CreateInteractionResponse::UpdateMessage(message)
    }

    /// [`update`](Self::update) after the press was acknowledged: the same, as an edit of its message.
    pub fn replacing_edit(self) -> serenity::EditInteractionResponse {
        let mentions = self.allowed_mentions();
        let mut edit = serenity::EditInteractionResponse::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(mentions)
            .clear_attachments();
        for file in self.files {
            edit = edit.new_attachment(file);
        }
        edit
    }

    /// A further message on an interaction (its token lasts 15 minutes).
    pub fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mentions = self.allowed_mentions();
        serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .add_files(self.files)
            .components(self.components)
            .ephemeral(self.ephemeral)
            .allowed_mentions(mentions)
    }

    /// A message posted in a channel by the bot itself (clock notices, a match's thread).
    pub fn channel_message(self) -> serenity::CreateMessage {
        let mentions = self.allowed_mentions();
        serenity::CreateMessage::new()
            .content(self.content)
            .add_files(self.files)
            .components(self.components)
            .allowed_mentions(mentions)
    }

    /// Adds the move's animation to a message already sent: only its files change (every picture is
    /// uploaded again, since an edit that names new files drops the ones it does not list). Its text and
    /// buttons stay as they are now: the next move may have taken the buttons away already.
    pub fn pictures_edit(self) -> serenity::EditInteractionResponse {
        let mut edit = serenity::EditInteractionResponse::new();
        for file in self.files {
            edit = edit.new_attachment(file);
        }
        edit
    }
}

/// A picture as an attachment; its description is the alt text screen readers speak.
pub fn attachment(picture: &Picture, filename: &str) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(picture.bytes.clone(), filename)
        .description(picture.description.clone())
}

/// The core's actions as buttons: the houses first, five to a row (as a phone shows them), then the other
/// actions on their own row, then the links to web pages. Each action's id is the core's action id, which
/// names the match and the move it was drawn for: it still works after a restart, and an old one is
/// refused as out of date.
pub fn buttons(
    actions: &[Action],
    links: &[Link],
    language: Language,
) -> Vec<serenity::CreateActionRow> {
    let (houses, others): (Vec<&Action>, Vec<&Action>) = actions
        .iter()
        .partition(|a| matches!(a.id, ActionId::Move { .. } | ActionId::PuzzleAnswer { .. }));
    let button = |action: &Action| {
        let (label, style) = match action.id {
            ActionId::Move { house, .. } | ActionId::PuzzleAnswer { house, .. } => {
                (house.to_string(), serenity::ButtonStyle::Primary)
            }
            ActionId::Challenge {
                answer: ChallengeAnswer::Accept,
                ..
            }
            | ActionId::ChallengeSend { .. } => (
                action.label.plain_in(language),
                serenity::ButtonStyle::Success,
            ),
            ActionId::Challenge {
                answer: ChallengeAnswer::Decline,
                ..
            }
            | ActionId::TakebackDecline { .. }
            | ActionId::Resign { .. }
            | ActionId::ResignConfirmed { .. } => (
                action.label.plain_in(language),
                serenity::ButtonStyle::Danger,
            ),
            _ => (
                action.label.plain_in(language),
                serenity::ButtonStyle::Secondary,
            ),
        };
        serenity::CreateButton::new(action.id.to_string())
            .label(label)
            .style(style)
            .disabled(action.disabled)
    };
    let link = |link: &Link| {
        serenity::CreateButton::new_link(link.url.clone()).label(link.label.plain_in(language))
    };
    houses
        .chunks(BUTTONS_PER_ROW)
        .chain(others.chunks(BUTTONS_PER_ROW))
        .map(|row| serenity::CreateActionRow::Buttons(row.iter().map(|a| button(a)).collect()))
        .chain(
            links
                .chunks(BUTTONS_PER_ROW)
                .map(|row| serenity::CreateActionRow::Buttons(row.iter().map(link).collect())),
        )
        .take(MAX_ROWS)
        .collect()
}

/// The ids Discord gave the registered commands, by name, so that a reply can mention a command that a
/// reader clicks to use (`</board:123>`). Until they are known (before the registration), commands show as
/// `` `/board` ``.
#[derive(Clone, Debug, Default)]
pub struct Mentions(Arc<RwLock<HashMap<String, u64>>>);

impl Mentions {
    pub fn set(&self, ids: &BTreeMap<String, CommandId>) {
        let ids = ids.iter().map(|(name, id)| (name.clone(), id.0)).collect();
        *self.0.write().expect("the mentions lock is never poisoned") = ids;
    }

    fn id(&self, command: &str) -> Option<u64> {
        let ids = self.0.read().expect("the mentions lock is never poisoned");
        ids.get(command).copied()
    }

    /// The core's text as Discord shows it, in English.
    pub fn render(&self, text: &Text) -> String {
        self.render_in(text, Language::English)
    }

    /// The core's text as Discord shows it, in `language`.
    pub fn render_in(&self, text: &Text, language: Language) -> String {
        text.parts()
            .iter()
            .map(|part| self.part(part, language))
            .collect()
    }

    fn part(&self, part: &Part, language: Language) -> String {
        match part {
            // Each argument is shown as Discord shows its parts (a name escaped, a command clickable),
            // then placed where the language puts it.
            Part::Message { id, args } => {
                format_message(language, id, args, &|text| self.render_in(text, language))
            }
            Part::Words(words) => words.clone(),
            Part::Command(line) => {
                // A mention names the command (a subcommand after its parent: `</admin settings:id>`),
                // never its options, which follow it as code.
                let (name, options) = (line.name(), line.options_typed());
                match (self.id(&line.command), options.is_empty()) {
                    (Some(id), true) => format!("</{name}:{id}>"),
                    (Some(id), false) => format!("</{name}:{id}> `{options}`"),
                    (None, true) => format!("`/{name}`"),
                    (None, false) => format!("`/{name} {options}`"),
                }
            }
            Part::Player(name) | Part::Quoted(name) => shown_as_written(name),
            Part::Channel { id, .. } => format!("<#{id}>"),
            Part::Jump {
                server: Some(server),
                channel,
                ..
            } => format!("https://discord.com/channels/{server}/{channel}"),
            // Discord's path for a channel outside any server.
            Part::Jump {
                server: None,
                channel,
                ..
            } => format!("https://discord.com/channels/@me/{channel}"),
            Part::Time(ms) => {
                let seconds = ms.div_euclid(1000);
                format!("<t:{seconds}:f> ({})", relative_time(seconds))
            }
            Part::Count { .. } => part.plain(),
        }
    }
}

/// The characters that mean something in Discord's markdown (formatting, links, mentions, emoji, headings,
/// lists); each is shown as itself when a backslash comes first.
const MARKUP: &[char] = &[
    '\\', '*', '_', '~', '`', '|', '>', '<', '[', ']', '(', ')', '#', '-', '@', ':',
];

/// A name (or other text someone wrote) as Discord should show it: as written, whatever it holds. Its
/// markup is escaped, then the core's isolation ([`namnam_core::message::shown_isolated`], which the web
/// pages use too) shows its control characters (line breaks, terminal escapes) as `\u{1b}` and isolates a
/// name that holds right-to-left letters or bidi controls (U+2068 … U+2069) with its own isolates
/// balanced, so that it cannot reverse the rest of the line.
pub fn shown_as_written(name: &str) -> String {
    let mut escaped = String::with_capacity(name.len() + 8);
    for c in name.chars() {
        if MARKUP.contains(&c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    namnam_core::message::shown_isolated(&escaped)
}

/// The custom ids of a message's buttons, in order.
pub fn custom_ids(message: &serenity::Message) -> Vec<&str> {
    message
        .components
        .iter()
        .flat_map(|row| row.components.iter())
        .filter_map(|component| match component {
            serenity::ActionRowComponent::Button(serenity::Button {
                data: serenity::ButtonKind::NonLink { custom_id, .. },
                ..
            }) => Some(custom_id.as_str()),
            _ => None,
        })
        .collect()
}

/// A Discord timestamp shown relative to now ("in 3 hours").
pub fn relative_time(unix_seconds: i64) -> String {
    format!("<t:{unix_seconds}:R>")
}

/// Cuts a text to Discord's limit, marking the cut.
pub fn fit(text: String) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_CONTENT - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use namnam_core::pictures::opening_board;

    fn action(id: &str, label: &str) -> Action {
        Action::new(id.parse().unwrap(), Text::from(label))
    }

    fn ids(rows: &[serenity::CreateActionRow]) -> Vec<Vec<String>> {
        let json = serde_json::to_value(rows).unwrap();
        json.as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row["components"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["custom_id"].as_str().unwrap().to_owned())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_board_file_name_says_its_match_version_and_post() {
        let name = board_file_name(MatchId(12), 34, Some(PostId(56)));
        assert_eq!(name, "nam-nam-12-v34-p56.png");
        let file = board_of_file_name(&name).unwrap();
        assert_eq!(file.post, Some(PostId(56)));
        assert!(file.shows(MatchId(12), 34));
        let unposted = board_of_file_name(&board_file_name(MatchId(12), 34, None)).unwrap();
        assert_eq!(unposted.post, None);
        assert!(unposted.shows(MatchId(12), 34));
        for other in [
            BOARD_FILE,
            "nam-nam-12-v.png",
            "nam-nam-x-v3.png",
            "nam-nam-move-2.gif",
            "nam-nam-12-v34-p.png",
            "nam-nam-12-v34-p+5.png",
            "nam-nam-12-v-3.png",
        ] {
            assert_eq!(board_of_file_name(other), None, "{other}");
        }
    }

    #[test]
    fn houses_go_five_to_a_row_then_the_other_actions() {
        let mut actions: Vec<Action> = [1, 2, 3, 4, 5, 6, 12]
            .iter()
            .map(|h| action(&format!("nn:42:7:{h}"), &format!("House {h}")))
            .collect();
        actions.push(action("nn:42:draw", "Offer a draw"));
        actions.push(action("nn:42:resign", "Resign"));
        let rows = ids(&buttons(&actions, &[], Language::English));
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].len(), 5);
        assert_eq!(rows[1], ["nn:42:7:6", "nn:42:7:12"]);
        assert_eq!(rows[2], ["nn:42:draw", "nn:42:resign"]);
        assert!(
            buttons(&[], &[], Language::English).is_empty(),
            "no action, no row"
        );
    }

    #[test]
    fn parts_become_discords_own() {
        let text = Text::new()
            .player("bob")
            .words(" to move, by ")
            .time(1_767_225_600_000)
            .words(". Resign with ")
            .command_line(namnam_core::CommandLine::new("resign").with("confirm", "yes"))
            .words("; ")
            .command("board")
            .words(" shows it, in ")
            .channel(9, Some("general"))
            .words("; ")
            .count(1, "game", "games")
            .words(".");
        let mentions = Mentions::default();
        assert_eq!(
            mentions.render(&text),
            "bob to move, by <t:1767225600:f> (<t:1767225600:R>). Resign with `/resign confirm:yes`; \
             `/board` shows it, in <#9>; 1 game."
        );
        // Once the commands are registered, they are mentions a reader clicks.
        let ids = [("board", 11), ("resign", 12), ("admin", 13)]
            .map(|(name, id)| (name.to_owned(), CommandId(id)));
        mentions.set(&ids.into_iter().collect());
        let shown = mentions.render(&text);
        assert!(
            shown.contains("Resign with </resign:12> `confirm:yes`; </board:11> shows it"),
            "{shown}"
        );
        let sub = Text::new().command_line(namnam_core::CommandLine::sub("admin", "settings"));
        assert_eq!(mentions.render(&sub), "</admin settings:13>");
    }

    #[test]
    fn only_the_player_to_move_is_pinged_and_only_in_a_new_message() {
        let mut reply = Reply::public("alice to move.");
        reply.ping(vec![namnam_model::UserId(7)]);
        let pinged = Outgoing::of(&reply, true, &Mentions::default());
        assert!(pinged.content.starts_with("<@7> "), "{}", pinged.content);
        let mentions = serde_json::to_value(pinged.allowed_mentions()).unwrap();
        assert_eq!(mentions["users"], serde_json::json!(["7"]));
        assert!(mentions["parse"].as_array().map_or(true, |p| p.is_empty()));
        let edited = Outgoing::of(&reply, false, &Mentions::default());
        assert!(!edited.content.contains("<@"));
        reply.make_private();
        assert!(Outgoing::of(&reply, true, &Mentions::default())
            .pinged
            .is_empty());
    }

    #[test]
    fn names_show_as_written_and_nothing_else_changes() {
        let text = Text::new()
            .player("**boss**")
            .words(" plays ")
            .player("[free](https://x.y)")
            .words("; **")
            .command("board")
            .words("** shows it. ")
            .player("ann")
            .words(" to move.");
        let reply = Reply::public(text);
        let content = Outgoing::of(&reply, false, &Mentions::default()).content;
        assert_eq!(
            content,
            r"\*\*boss\*\* plays \[free\]\(https\://x.y\); **`/board`** shows it. ann to move."
        );
        assert_eq!(
            shown_as_written("<@123> @everyone"),
            r"\<\@123\> \@everyone"
        );
    }

    #[test]
    fn right_to_left_names_are_isolated_and_cannot_close_the_isolate() {
        // U+202E (right-to-left override) would reverse the rest of the line.
        assert_eq!(
            shown_as_written("eve\u{202e}gnp.exe"),
            "\u{2068}eve\u{202e}gnp.exe\u{2069}"
        );
        // A stray end of isolate is dropped, an opened one is closed inside.
        assert_eq!(
            shown_as_written("\u{2069}\u{202e}x\u{2067}y"),
            "\u{2068}\u{202e}x\u{2067}y\u{2069}\u{2069}"
        );
        assert_eq!(shown_as_written("سلمى"), "\u{2068}سلمى\u{2069}");
        assert_eq!(shown_as_written("Zoë"), "Zoë");
        assert_eq!(shown_as_written("a\u{1b}[2J\nb"), r"a\u{1b}\[2J\u{a}b");
    }

    #[test]
    fn long_texts_are_cut_to_discords_limit() {
        let text = fit("x".repeat(2500));
        assert_eq!(text.chars().count(), MAX_CONTENT);
    }

    #[test]
    fn the_opening_board_is_a_described_png() {
        let picture = opening_board();
        assert!(picture.bytes.starts_with(b"\x89PNG"));
        assert!(!picture.description.is_empty());
    }
}
