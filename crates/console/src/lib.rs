//! `namnam console`: a local front end over the bot core, for people without Discord and for scripts.
//!
//! Each input line is `[place] user command [word …] [name:value …]`, for example
//! `alice challenge opponent:bob first:challenger`, `bob accept`, `#games alice move house:3`. The place is
//! a channel of the server called `console` (`#general` unless the line names one), or, to play where the
//! bot may only answer, `guest#name` (a channel of a server the bot is not a member of), `private#name` (a
//! DM between players or a group DM), or `dm` (the bot's own DM with the user). Replies are printed; pictures
//! are written to a folder when one is given. Blank lines and lines starting with `# ` are skipped. The move
//! clock runs in the background: its reminders and timeouts are printed as they come. `namnam` is the
//! computer: `alice challenge opponent:namnam level:5` starts a match at once, and the computer's moves are
//! printed after the player's.

use namnam_core::message::{shown_plain, Arg, Language};
use namnam_core::{
    cause_chain, spawn_analyst, spawn_poster, spawn_sweeper, text, Answerer, Capacity, Command,
    Core, Delivered, Kept, Notice, Place, PlaceNames, Post, PosterBell, Reply, Request, Resolver,
    Shown, Text, UserRef, COMPUTER_NAME,
};
use namnam_model::{ChannelId, PlaceKind, PostTo, Reach, ServerId, UserId};
use std::collections::HashMap;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::mpsc;

/// The console's one server.
pub const SERVER: ServerId = ServerId(1);
pub const SERVER_NAME: &str = "console";

/// The server of `guest#` places: one the bot is not a member of.
pub const GUEST_SERVER: ServerId = ServerId(2);
pub const GUEST_SERVER_NAME: &str = "elsewhere";

/// Follow-ups an answer may send where the bot may only answer, as Discord allows an app that only a
/// player installed.
pub const ANSWER_FOLLOW_UPS: u32 = 5;
pub const DEFAULT_CHANNEL: &str = "general";

/// How long the console's poster may take, once its input has ended, to print what is due.
const POSTER_GRACE: Duration = Duration::from_secs(30);

/// How long the console waits, once its input has ended, for the analyses it asked for.
const ANALYSIS_PATIENCE: Duration = Duration::from_secs(300);

/// How the console runs.
#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    /// Where pictures are written; `None`: not written.
    pub images: Option<PathBuf>,
    /// Who may use `admin`; empty: everybody.
    pub admins: Vec<String>,
    /// How often the move clock is checked.
    pub sweep_every: Duration,
    /// Print `> ` before reading each line (when a person types).
    pub prompt: bool,
    /// Print each input line before its reply (when the input is piped).
    pub echo: bool,
    /// The language of every word printed (`--lang`); the commands keep their names.
    pub language: Language,
    /// The core keeps an outbox (`CoreConfig::outbox`): what it posts by itself is printed by its poster,
    /// and where the bot may only answer, it waits for the next answer there.
    pub outbox: bool,
}

impl Default for ConsoleOptions {
    fn default() -> Self {
        ConsoleOptions {
            images: None,
            admins: Vec::new(),
            sweep_every: Duration::from_secs(5),
            prompt: false,
            echo: false,
            language: Language::English,
            outbox: false,
        }
    }
}

/// A stable id for a console user's name: see [`UserId::of_name`].
pub fn console_user(name: &str) -> UserId {
    UserId::of_name(name)
}

/// Console names: a user is whoever is named, a channel is `#name`.
struct Names {
    /// Every channel named so far, by a line's `#channel` or an option's (`daily-puzzle:#puzzles`): the
    /// core keeps only their ids, which the console shows by these names.
    channels: Mutex<HashMap<ChannelId, String>>,
    /// How each place is printed (`#games`, `private#lounge`, `dm alice`), by its channel.
    labels: Mutex<HashMap<ChannelId, String>>,
    /// Every user named so far, for the DMs the poster delivers.
    users: Mutex<HashMap<UserId, String>>,
}

impl Names {
    fn channels(&self) -> MutexGuard<'_, HashMap<ChannelId, String>> {
        // A panic while holding it would have ended the console already.
        self.channels.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn name_of(&self, id: ChannelId) -> Option<String> {
        self.channels().get(&id).cloned()
    }

    fn remember(&self, name: &str) -> ChannelId {
        let id = ChannelId::of_name(name);
        self.channels().insert(id, name.to_owned());
        id
    }

    /// The place a line names, remembered with its label.
    fn place(&self, line: &Line<'_>) -> (Place, PlaceNames) {
        let (channel, label) = match line.kind {
            PlaceKind::ServerChannel => (line.channel.to_owned(), format!("#{}", line.channel)),
            PlaceKind::GuestChannel => {
                let label = format!("guest#{}", line.channel);
                (label.clone(), label)
            }
            PlaceKind::PrivateChannel => {
                let label = format!("private#{}", line.channel);
                (label.clone(), label)
            }
            PlaceKind::BotDm => (format!("dm-{}", line.user), format!("dm {}", line.user)),
        };
        let id = self.remember(&channel);
        self.labels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id, label);
        let place = match line.kind {
            PlaceKind::ServerChannel => Place::ServerChannel {
                server: SERVER,
                channel: id,
            },
            PlaceKind::GuestChannel => Place::GuestChannel {
                server: GUEST_SERVER,
                channel: id,
            },
            PlaceKind::PrivateChannel => Place::PrivateChannel { channel: id },
            PlaceKind::BotDm => Place::BotDm { channel: id },
        };
        let server = match line.kind {
            PlaceKind::ServerChannel => Some(SERVER_NAME.to_owned()),
            PlaceKind::GuestChannel => Some(GUEST_SERVER_NAME.to_owned()),
            PlaceKind::BotDm | PlaceKind::PrivateChannel => None,
        };
        (place, PlaceNames { server, channel })
    }

    /// A user's name, as named so far.
    fn user_name(&self, id: UserId) -> String {
        let users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        users.get(&id).cloned().unwrap_or_else(|| id.to_string())
    }

    /// How the place of channel `id` is printed.
    fn label_of(&self, id: ChannelId) -> String {
        let labels = self.labels.lock().unwrap_or_else(|e| e.into_inner());
        match (labels.get(&id), self.name_of(id)) {
            (Some(label), _) => label.clone(),
            (None, Some(name)) => format!("#{name}"),
            (None, None) => format!("#{id}"),
        }
    }
}

impl Resolver for Names {
    fn user(&self, name: &str) -> Option<UserRef> {
        let name = name.trim_start_matches('@');
        if name.eq_ignore_ascii_case(COMPUTER_NAME) {
            return Some(UserRef::computer());
        }
        let user = valid_name(name).then(|| UserRef::human(console_user(name), name))?;
        let mut users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        users.insert(user.id, name.to_owned());
        Some(user)
    }
    fn channel(&self, name: &str) -> Option<ChannelId> {
        let name = name.trim_start_matches('#');
        valid_name(name).then(|| self.remember(name))
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.')
}

/// A parsed input line.
#[derive(Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The kind of place it is typed in, and its channel's name (empty for the bot's DM).
    pub kind: PlaceKind,
    pub channel: &'a str,
    pub user: &'a str,
    pub command: &'a str,
    pub words: Vec<&'a str>,
    pub options: Vec<(&'a str, &'a str)>,
}

/// Splits `[#channel] user command [word …] [name:value …]`; `None` for a line to skip.
pub fn parse_line(line: &str) -> Option<Result<Line<'_>, Text>> {
    let line = line.trim();
    if line.is_empty() || line == "#" || line.starts_with("# ") {
        return None;
    }
    let mut tokens = line.split_whitespace().peekable();
    let (kind, channel) = match tokens.peek().map(|t| place_of(t)) {
        Some(Some(place)) => {
            tokens.next();
            place
        }
        _ => (PlaceKind::ServerChannel, DEFAULT_CHANNEL),
    };
    let (Some(user), Some(command)) = (tokens.next(), tokens.next()) else {
        return Some(Err(Text::message("console-line-shape", [])));
    };
    let channel_ok = valid_name(channel) || kind == PlaceKind::BotDm;
    if !valid_name(user) || !channel_ok {
        return Some(Err(Text::message(
            "console-bad-name",
            [
                ("user", Arg::player(user)),
                ("channel", Arg::player(channel)),
            ],
        )));
    }
    let (mut words, mut options) = (Vec::new(), Vec::new());
    while let Some(t) = tokens.next() {
        match t.split_once(':') {
            // `house: 3`, as people type it after Discord's own option boxes: the value is the next word.
            Some((name, "")) if tokens.peek().is_some_and(|next| !next.contains(':')) => {
                options.push((name, tokens.next().unwrap_or_default()))
            }
            Some((name, value)) => options.push((name, value)),
            None => words.push(t),
        }
    }
    Some(Ok(Line {
        kind,
        channel,
        user,
        command,
        words,
        options,
    }))
}

/// The place a line's first word names, if it names one: `#name`, `guest#name`, `private#name`, `dm`.
fn place_of(word: &str) -> Option<(PlaceKind, &str)> {
    if word == "dm" {
        return Some((PlaceKind::BotDm, ""));
    }
    let (kind, name) = word.split_once('#')?;
    let kind = match kind {
        "" => PlaceKind::ServerChannel,
        "guest" => PlaceKind::GuestChannel,
        "private" => PlaceKind::PrivateChannel,
        _ => return None,
    };
    Some((kind, name))
}

/// Runs the console until `input` ends: reads lines, prints replies (and the clock's notices) to `out`.
pub async fn run<R, W>(
    core: Arc<Core>,
    input: R,
    out: &mut W,
    options: ConsoleOptions,
) -> io::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: Write + Send,
{
    let printer = Printer::new(options.images.clone(), options.language, core.clone())?;
    let screen = Mutex::new(Screen {
        printer,
        out,
        failed: None,
    });
    let names = Names {
        channels: Mutex::new(HashMap::new()),
        labels: Mutex::new(HashMap::new()),
        users: Mutex::new(HashMap::new()),
    };
    names.remember(DEFAULT_CHANNEL);
    let (notice_tx, mut notices) = mpsc::unbounded_channel::<Notice>();
    let analyst = spawn_analyst(core.clone(), notice_tx.clone());
    let sweeper = spawn_sweeper(core.clone(), options.sweep_every, notice_tx);
    // With an outbox, the core's poster prints what it stores to post by itself; the clock's notices only
    // wake it.
    let (post_tx, mut posts) = mpsc::unbounded_channel::<Posted>();
    let bell = PosterBell::default();
    let poster = options.outbox.then(|| {
        let postman = Postman {
            core: core.clone(),
            posts: post_tx,
        };
        spawn_poster(core.clone(), postman, bell.clone())
    });
    // Lines are read as bytes: one that is not UTF-8 is answered and skipped, where reading it as text
    // would end the console. A partly read line stays in `line` while a notice is printed.
    let mut input = input;
    let mut line = Vec::new();
    loop {
        if options.prompt {
            lock(&screen).prompt()?;
        }
        let read = tokio::select! {
            biased;
            Some(posted) = posts.recv() => {
                lock(&screen).posted(&names, &posted);
                continue;
            }
            Some(notice) = notices.recv() => {
                if options.outbox {
                    bell.wake();
                    continue;
                }
                let mut screen = lock(&screen);
                if options.prompt { writeln!(screen.out)?; }
                screen.notice(&names, &notice);
                screen.result()?;
                continue;
            }
            read = input.read_until(b'\n', &mut line) => read?,
        };
        if read == 0 && line.is_empty() {
            break;
        }
        let bytes = std::mem::take(&mut line);
        let text = match String::from_utf8(trim_end_of_line(bytes)) {
            Ok(text) => text,
            Err(error) => {
                // Its bytes counted from 1.
                let at = error.utf8_error().valid_up_to() + 1;
                let mut screen = lock(&screen);
                if options.echo {
                    let seen = String::from_utf8_lossy(error.as_bytes()).into_owned();
                    writeln!(screen.out, "> {}", shown_plain(seen.trim()))?;
                }
                let at = Arg::number(i64::try_from(at).unwrap_or(i64::MAX));
                screen.say(Text::message(UNREADABLE_LINE, [("at", at)]).plain_in(options.language));
                screen.result()?;
                continue;
            }
        };
        if options.echo {
            writeln!(lock(&screen).out, "> {}", shown_plain(text.trim()))?;
        }
        answer_line(&core, &screen, &names, &options, &bell, &text).await;
        lock(&screen).result()?;
    }
    // A script that ends with `analyse` wants the verdict: the analyses it asked for are waited for.
    let patience = tokio::time::Instant::now() + ANALYSIS_PATIENCE;
    while core.analyses_waiting().await.unwrap_or(0) > 0 {
        match tokio::time::timeout_at(patience, notices.recv()).await {
            Ok(Some(notice)) => lock(&screen).notice(&names, &notice),
            Ok(None) | Err(_) => break,
        }
    }
    sweeper.abort();
    analyst.abort();
    if let Some(poster) = poster {
        // What is due now is printed before the console ends.
        bell.wake();
        poster.drain(POSTER_GRACE).await;
        while let Ok(posted) = posts.try_recv() {
            lock(&screen).posted(&names, &posted);
        }
    }
    let mut screen = lock(&screen);
    screen.result()?;
    screen.out.flush()
}

/// Told for a line that is not UTF-8 text (a message of `console.ftl`).
const UNREADABLE_LINE: &str = "console-unreadable-line";

/// A line without its `\n` or `\r\n`.
fn trim_end_of_line(mut line: Vec<u8>) -> Vec<u8> {
    if line.last() == Some(&b'\n') {
        line.pop();
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    line
}

/// Answers one input line: a line the console cannot read, or a command the core refuses to parse, is
/// answered here; the rest goes to the core, which answers through the console's [`Answerer`].
async fn answer_line<W: Write + Send>(
    core: &Core,
    screen: &Mutex<Screen<'_, W>>,
    names: &Names,
    options: &ConsoleOptions,
    bell: &PosterBell,
    line: &str,
) {
    let parsed = match parse_line(line) {
        None => return,
        Some(Err(e)) => return lock(screen).say(e.plain_in(options.language)),
        Some(Ok(parsed)) => parsed,
    };
    let (place, place_names) = names.place(&parsed);
    let label = names.label_of(place.channel());
    let command = match Command::parse(parsed.command, &parsed.words, &parsed.options, names) {
        Ok(c) => c,
        Err(e) => {
            let refusal = Reply::private(e.text());
            return lock(screen).print(names, &label, &refusal, Some(parsed.user));
        }
    };
    let user = names.user(parsed.user).expect("checked by parse_line");
    let can_manage = options.admins.is_empty()
        || options
            .admins
            .iter()
            .any(|a| a.eq_ignore_ascii_case(parsed.user));
    let request = Request {
        place,
        names: place_names,
        user,
        can_manage,
        language: options.language,
        // The console's one server reports no language of its own.
        server_locale: None,
        command,
    };
    // Where the bot may only answer, an answer carries a few follow-ups, as on Discord.
    let follow_ups = match (options.outbox, place.reach()) {
        (true, Reach::AnswersOnly) => Some(ANSWER_FOLLOW_UPS),
        _ => None,
    };
    let answering = Answering {
        screen,
        names,
        label: &label,
        user: parsed.user,
        follow_ups: Mutex::new(follow_ups),
        bell,
    };
    core.answer(&request, &answering).await;
}

/// What the console prints on, shared by the line being answered and the clock's notices.
struct Screen<'o, W> {
    printer: Printer,
    out: &'o mut W,
    /// The first failure to print: the console stops with it.
    failed: Option<io::Error>,
}

fn lock<'s, 'o, W>(screen: &'s Mutex<Screen<'o, W>>) -> MutexGuard<'s, Screen<'o, W>> {
    // A panic while holding it would have ended the console already.
    screen.lock().unwrap_or_else(|e| e.into_inner())
}

impl<W: Write> Screen<'_, W> {
    fn keep(&mut self, result: io::Result<()>) {
        if let (Err(e), None) = (result, &self.failed) {
            self.failed = Some(e);
        }
    }

    fn result(&mut self) -> io::Result<()> {
        self.failed.take().map_or(Ok(()), Err)
    }

    fn prompt(&mut self) -> io::Result<()> {
        write!(self.out, "> ")?;
        self.out.flush()
    }

    fn say(&mut self, line: String) {
        let said = writeln!(self.out, "{line}\n");
        self.keep(said);
    }

    fn print(&mut self, names: &Names, channel: &str, reply: &Reply, user: Option<&str>) {
        let printed = self.printer.print(self.out, names, channel, reply, user);
        self.keep(printed);
        let also = self.printer.also(self.out, names, reply);
        self.keep(also);
    }

    fn notice(&mut self, names: &Names, notice: &Notice) {
        let printed = self.printer.notice(self.out, names, notice);
        self.keep(printed);
    }

    /// Prints what the poster delivered: in its place's channel, or a player's DMs.
    fn posted(&mut self, names: &Names, posted: &Posted) {
        let label = match posted.to {
            PostTo::Channel { channel, .. } => names.label_of(channel),
            PostTo::Dm(user) => {
                let name = names.user_name(user);
                let to = Text::message("console-dm-to", [("user", Arg::player(name.as_str()))]);
                to.plain_in(self.printer.language)
            }
        };
        self.print(names, &label, &posted.reply, None);
    }
}

/// A post the poster delivered, for the console's loop to print.
struct Posted {
    to: PostTo,
    reply: Reply,
}

/// The console's transport for the core's poster: it hands each post to the console's loop to print.
struct Postman {
    core: Arc<Core>,
    posts: mpsc::UnboundedSender<Posted>,
}

impl namnam_core::Postman for Postman {
    async fn deliver(&self, post: &mut Post) -> Delivered {
        if let Err(error) = self.core.draw_post(post).await {
            tracing::error!(error = %cause_chain(&error), post = %post.id, "could not draw a post");
            return Delivered::LATER;
        }
        post.reply.render_animation().await;
        let posted = Posted {
            to: post.to,
            reply: post.reply.clone(),
        };
        match self.posts.send(posted) {
            Ok(()) => Delivered::Shown(None),
            // The console is ending: the post waits for the next run.
            Err(_) => Delivered::LATER,
        }
    }
}

/// One line's answer, as the core's [`Answerer`]: everything is printed in the line's place, at once.
struct Answering<'a, 'o, W> {
    screen: &'a Mutex<Screen<'o, W>>,
    names: &'a Names,
    /// How the place is printed.
    label: &'a str,
    user: &'a str,
    /// Follow-ups left; `None`: no limit.
    follow_ups: Mutex<Option<u32>>,
    bell: &'a PosterBell,
}

impl<W: Write + Send> Answerer for Answering<'_, '_, W> {
    async fn show(&self, reply: &mut Reply) -> Shown {
        // A console has no message to edit: the animation is written with the board.
        reply.render_animation().await;
        lock(self.screen).print(self.names, self.label, reply, Some(self.user));
        Shown::Yes(None)
    }

    async fn add_animation(&self, _reply: &Reply) {}

    fn capacity(&self) -> Capacity {
        Capacity {
            until_ms: None,
            follow_ups: *self.follow_ups.lock().unwrap_or_else(|e| e.into_inner()),
        }
    }

    async fn follow(&self, reply: &mut Reply) -> Shown {
        {
            let mut left = self.follow_ups.lock().unwrap_or_else(|e| e.into_inner());
            match *left {
                Some(0) => return Shown::No { maybe: false },
                Some(n) => *left = Some(n - 1),
                None => {}
            }
        }
        lock(self.screen).print(self.names, self.label, reply, None);
        Shown::Yes(None)
    }

    async fn tell(&self, text: Text) {
        let aside = Reply::private(text);
        lock(self.screen).print(self.names, self.label, &aside, Some(self.user));
    }

    /// Printing does not fail but with the console itself.
    async fn kept(&self, _what: Kept) {}

    fn wake_poster(&self) {
        self.bell.wake();
    }
}

/// Prints replies and writes their pictures.
struct Printer {
    images: Option<PathBuf>,
    written: usize,
    language: Language,
    /// The core, for its clock: a deadline is printed with the time left.
    core: Arc<Core>,
}

impl Printer {
    fn new(images: Option<PathBuf>, language: Language, core: Arc<Core>) -> io::Result<Printer> {
        let mut written = 0;
        if let Some(dir) = &images {
            std::fs::create_dir_all(dir)?;
            written = std::fs::read_dir(dir)?.count();
        }
        Ok(Printer {
            images,
            written,
            language,
            core,
        })
    }

    /// Prints a notice the core sent by itself (the clock, an analysis), in its channel.
    fn notice<W: Write>(&mut self, out: &mut W, names: &Names, notice: &Notice) -> io::Result<()> {
        let label = names.label_of(notice.place.channel());
        self.print(out, names, &label, &notice.reply, None)?;
        self.also(out, names, &notice.reply)
    }

    /// Prints what a change posted elsewhere (a tournament's next round), each in its channel.
    fn also<W: Write>(&mut self, out: &mut W, names: &Names, reply: &Reply) -> io::Result<()> {
        for notice in &reply.follows.also {
            self.notice(out, names, notice)?;
        }
        Ok(())
    }

    /// Prints a reply in the place printed as `label`; `user` asked for it (a private reply names them).
    fn print<W: Write>(
        &mut self,
        out: &mut W,
        names: &Names,
        label: &str,
        reply: &Reply,
        user: Option<&str>,
    ) -> io::Result<()> {
        match (reply.is_private(), user) {
            (true, Some(user)) => {
                let only = Text::message("console-only-sees", [("user", Arg::player(user))]);
                writeln!(out, "[{label}] {}", only.plain_in(self.language))?
            }
            _ => writeln!(out, "[{label}]")?,
        }
        let text = reply
            .text
            .naming_channels(&|id| names.name_of(ChannelId(id)));
        writeln!(out, "{}", text.plain_in(self.language))?;
        // Discord shows a deadline as "in 23 hours" by itself; a console says the time left in words.
        if let Some(deadline) = reply.board.deadline_ms {
            let left = text::format_span(deadline - self.core.now_ms());
            let left = Text::message("console-time-left", [("left", Arg::Text(left))]);
            writeln!(out, "{}", left.plain_in(self.language))?;
        }
        if let Some(board) = &reply.board.state {
            let board = text::board_text(&board.position, &board.names, self.language);
            writeln!(out, "{board}")?;
        } else if let Some(position) = &reply.board.position {
            // A puzzle: its sides are South and North, no player's.
            writeln!(out, "{}", text::puzzle_board_text(position, self.language))?;
        } else if let Some(scene) = &reply.board.scene {
            // A replay: the board as it stood then.
            writeln!(
                out,
                "{}",
                text::board_text(scene.game.position(), &scene.names, self.language)
            )?;
        }
        // The text board above says what the picture shows; the pictures themselves go to `--images`.
        if let Some(dir) = &self.images {
            let pictures = [
                (reply.board.picture.as_ref(), "png"),
                (reply.board.animation.as_ref(), "gif"),
            ]
            .into_iter()
            .chain(reply.board.more_animations.iter().map(|a| (Some(a), "gif")));
            for (picture, ext) in pictures {
                let Some(picture) = picture else { continue };
                self.written += 1;
                let match_part = reply
                    .board
                    .state
                    .as_ref()
                    .map_or(String::new(), |b| format!("-match{}", b.match_id));
                let path = dir.join(format!("{:04}{match_part}.{ext}", self.written));
                std::fs::write(&path, &picture.bytes)?;
                let what = match ext {
                    "gif" => "console-animation",
                    _ => "console-picture",
                };
                let path = Arg::words(path.display().to_string());
                writeln!(
                    out,
                    "{}",
                    Text::message(what, [("path", path)]).plain_in(self.language)
                )?;
            }
        }
        if let Some(file) = &reply.file {
            // A record is text: shown here, and kept beside the pictures when they are written.
            writeln!(out, "--- {} ---", file.name)?;
            // A record holds names as their owners wrote them: its control characters are shown
            // escaped, its lines as they are.
            let shown: Vec<String> = String::from_utf8_lossy(&file.bytes)
                .split('\n')
                .map(shown_plain)
                .collect();
            out.write_all(shown.join("\n").as_bytes())?;
            let end = Text::message(
                "console-file-end",
                [("name", Arg::words(file.name.as_str()))],
            );
            writeln!(out, "--- {} ---", end.plain_in(self.language))?;
            if let Some(dir) = &self.images {
                let path = dir.join(&file.name);
                std::fs::write(&path, &file.bytes)?;
                let path = Arg::words(path.display().to_string());
                let file = Text::message("console-file", [("path", path)]);
                writeln!(out, "{}", file.plain_in(self.language))?;
            }
        }
        if let Some(thread) = &reply.follows.open_thread {
            let thread = Text::message("console-thread", [("name", Arg::quoted(thread.as_str()))]);
            writeln!(out, "{}", thread.plain_in(self.language))?;
        }
        // What can be typed next: a button that goes nowhere is left out, and two that go to the same
        // place (a replay's ▶ at the end of a round and its "next round") are said once.
        // A match's buttons are for its players: someone else looking at its board is not told to move.
        let asker = user.and_then(|name| names.user(name)).map(|u| u.id);
        let onlooker = match (&reply.board.state, asker) {
            (Some(board), Some(asker)) => {
                ![board.players.south, board.players.north].contains(&asker)
            }
            _ => false,
        };
        let mut moves: Vec<String> = Vec::new();
        for line in reply
            .buttons
            .actions
            .iter()
            .filter(|a| !a.disabled)
            .filter(|a| !(onlooker && a.id.is_for_the_players()))
            .map(|a| a.id.command_line_naming(&|id| names.user_name(id)))
        {
            if !moves.contains(&line) {
                moves.push(line);
            }
        }
        if !moves.is_empty() {
            let next = Text::message("console-next", [("moves", Arg::words(moves.join(" | ")))]);
            writeln!(out, "{}", next.plain_in(self.language))?;
        }
        for link in &reply.buttons.links {
            let link = Text::message(
                "console-link",
                [
                    ("label", Arg::Text(link.label.clone())),
                    ("url", Arg::words(link.url.as_str())),
                ],
            );
            writeln!(out, "{}", link.plain_in(self.language))?;
        }
        // The console has no DMs: they are printed where they were sent from, addressed.
        for dm in &reply.follows.direct {
            let text = dm.text.plain_in(self.language);
            let to = Text::message("console-dm-to", [("user", Arg::player(dm.name.as_str()))]);
            writeln!(out, "[{}] {text}", to.plain_in(self.language))?;
        }
        writeln!(out)
    }
}
