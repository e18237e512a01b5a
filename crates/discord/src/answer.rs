//! Answering one interaction (a slash command or a button) with the core's reply, and everything that
//! follows from it: the move's animation, a match's own thread, the computer's answer.
//!
//! The core validates and commits first, which takes milliseconds; its reply is then the interaction's
//! first response, so a refusal is seen at once and privately. Discord drops an interaction that has no
//! first response 3 seconds after it was *created* (the gateway may deliver it late), so if the core has not
//! answered [`DEFER_AFTER_MS`] after that, the response is deferred and the reply follows.
//!
//! Once the core has committed, nothing here says that nothing changed. A public reply comes back from the
//! core already stored in the outbox, held for this answer: when Discord takes it, the post is marked
//! delivered; when Discord refuses or the token died, it is released and the poster shows it in the channel
//! (and the player is told privately, if the token still allows, that their move was recorded).
//!
//! A pressed board is answered by updating that message (its buttons go, which needs no channel
//! permission), and the new board follows as a follow-up, which pings the player to move.

use namnam_model::{ChannelId, MessageId, PostId, Reach};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::Builder as _;

use super::errors::{self, retrying, Failure, ALREADY_ACKNOWLEDGED, MAX_FOLLOW_UPS};
use super::metrics::{DiscordMetrics, Route};
use super::reply::{Mentions, Outgoing};
use super::texts::say;
use super::{CommandError, Data};
use namnam_core::reply::Pressed;
use namnam_core::{
    cause_chain, AdminCommand, Answerer, Arg, Capacity, Command, Core, Kept, Language, Outcome,
    Reply, Request, Shown, Text,
};

/// How long after the interaction's creation the core may take before the response is deferred (Discord
/// allows 3 s for the first response; the rest is for the response's own trip).
const DEFER_AFTER_MS: i64 = 2000;

/// How long an interaction's token takes follow-ups and edits.
const TOKEN_LIFE_MS: i64 = 15 * 60 * 1000;

/// How long before its token dies an answer stops sending follow-ups: a request begun just before the 15
/// minutes must not reach Discord after them (what it would have shown waits for the next answer).
const TOKEN_MARGIN_MS: i64 = 30 * 1000;

/// How many follow-ups an interaction takes where only a user installed the app: "Apps are limited to 5
/// followup messages per interaction if it was initiated from a user-installed app and isn't installed in
/// the server" (Discord's developer docs, receiving-and-responding, "Create Followup Message").
pub const USER_INSTALL_FOLLOW_UPS: u32 = 5;

/// Told privately when a move was stored but its board could not be sent as the answer (a message of
/// `discord.ftl`).
pub const MOVE_RECORDED: &str = "discord-move-recorded";

/// Told privately when anything else was stored but could not be shown as the answer.
pub const DONE_RECORDED: &str = "discord-done-recorded";

/// In place of a "thinking…" placeholder that no answer replaced (a message of `discord.ftl`).
pub const ANSWER_LOST: &str = "discord-answer-lost";

/// The same two where the bot may only answer: what was kept follows the next answer there.
pub const MOVE_KEPT_HERE: &str = "discord-move-kept-here";
pub const DONE_KEPT_HERE: &str = "discord-done-kept-here";

/// Where the interaction's token stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TokenState {
    /// No first response yet.
    Fresh,
    /// Answered (or deferred): follow-ups work for 15 minutes.
    Responded,
    /// Too late or refused for good: nothing more can be sent with it.
    Dead,
}

/// Told to admins where the bot lacks Read Message History.
pub const NO_HISTORY: &str = "discord-no-history";

/// The interaction being answered.
pub struct Target {
    pub id: serenity::InteractionId,
    pub token: String,
    pub channel: serenity::ChannelId,
    /// For a button: the message it is on.
    pub source: Option<serenity::MessageId>,
    /// How replies mention commands.
    pub mentions: Mentions,
    /// The bot's permissions in the channel, as Discord sent them with the interaction.
    pub app_permissions: Option<serenity::Permissions>,
    /// The asker's language, as their Discord client says: what is told to them alone is in it.
    pub language: Language,
    /// Every request about this interaction goes through it.
    calls: Arc<DiscordMetrics>,
    /// The core, whose clock times the first response.
    core: Arc<Core>,
    state: Mutex<TokenState>,
    /// How many follow-ups Discord takes for it, if it limits them.
    follow_up_limit: Option<u32>,
    /// Follow-ups tried so far (one whose answer was lost may have been taken: counted all the same).
    follow_ups: AtomicU32,
    /// For a button: the outbox's post its message shows (named by the picture's file name), proof that
    /// this post was shown; nothing for a message no post made (`/board`'s answer, say), even if it shows
    /// the same board as a post.
    pressed_post: Option<PostId>,
}

impl Target {
    pub fn of_command(interaction: &serenity::CommandInteraction, data: &Data) -> Self {
        Self::new(
            interaction.id,
            &interaction.token,
            interaction.channel_id,
            None,
            data,
        )
        .with_permissions(interaction.app_permissions)
        .speaking(&interaction.locale)
        .limited(&interaction.authorizing_integration_owners)
    }

    pub fn of_button(press: &serenity::ComponentInteraction, data: &Data) -> Self {
        Self::new(
            press.id,
            &press.token,
            press.channel_id,
            Some(press.message.id),
            data,
        )
        .with_permissions(press.app_permissions)
        .speaking(&press.locale)
        .limited(&press.authorizing_integration_owners)
        .pressed_on(&press.message)
    }

    /// The post the pressed message shows, if its picture names one.
    fn pressed_on(mut self, message: &serenity::Message) -> Self {
        self.pressed_post = message
            .attachments
            .iter()
            .find_map(|file| super::reply::board_of_file_name(&file.filename)?.post);
        self
    }

    /// Where only a user installed the app, the interaction takes at most 5 follow-ups.
    fn limited(mut self, owners: &serenity::AuthorizingIntegrationOwners) -> Self {
        self.follow_up_limit =
            super::asking::user_installed_only(owners).then_some(USER_INSTALL_FOLLOW_UPS);
        self
    }

    /// How many more follow-ups Discord takes (`None`: no limit).
    fn follow_ups_left(&self) -> Option<u32> {
        let sent = self.follow_ups.load(Ordering::Relaxed);
        self.follow_up_limit.map(|limit| limit.saturating_sub(sent))
    }

    fn with_permissions(mut self, permissions: Option<serenity::Permissions>) -> Self {
        self.app_permissions = permissions;
        self
    }

    fn speaking(mut self, locale: &str) -> Self {
        self.language = Language::of_locale(locale);
        self
    }

    fn new(
        id: serenity::InteractionId,
        token: &str,
        channel: serenity::ChannelId,
        source: Option<serenity::MessageId>,
        data: &Data,
    ) -> Self {
        Self {
            id,
            token: token.to_owned(),
            channel,
            source,
            mentions: data.mentions.clone(),
            app_permissions: None,
            language: Language::default(),
            calls: data.metrics.clone(),
            core: data.core.clone(),
            state: Mutex::new(TokenState::Fresh),
            follow_up_limit: None,
            follow_ups: AtomicU32::new(0),
            pressed_post: None,
        }
    }

    /// `reply` as a message on this interaction.
    fn outgoing(&self, reply: &Reply, ping: bool) -> Outgoing {
        Outgoing::of(reply, ping, &self.mentions)
    }

    fn state(&self) -> TokenState {
        *self
            .state
            .lock()
            .expect("the token state lock is never poisoned")
    }

    fn set_state(&self, state: TokenState) {
        *self
            .state
            .lock()
            .expect("the token state lock is never poisoned") = state;
    }

    /// Whether the interaction has had its first response (further messages are follow-ups).
    pub fn responded(&self) -> bool {
        self.state() == TokenState::Responded
    }

    /// When Discord created the interaction, in milliseconds since the Unix epoch.
    fn created_ms(&self) -> i64 {
        super::ids::snowflake_ms(self.id.get())
    }

    /// A private message to the one who asked, in their language: the first response, or a follow-up
    /// after it. Nothing if the token is dead.
    pub async fn tell_privately(
        &self,
        http: &serenity::Http,
        text: impl Into<Text>,
    ) -> serenity::Result<()> {
        let mut reply = Reply::private(text);
        reply.language = self.language;
        let reply = self.outgoing(&reply, false);
        match self.state() {
            TokenState::Fresh => self.respond(http, reply.response()).await,
            TokenState::Responded => self.follow_up(http, reply.followup()).await.map(drop),
            TokenState::Dead => Ok(()),
        }
    }

    /// Notes a failure that killed the token.
    fn check<T>(&self, result: &serenity::Result<T>) {
        if let Err(error) = result {
            if Failure::of(error).token_dead() {
                self.set_state(TokenState::Dead);
            }
        }
    }

    /// The first response. Tried again when Discord answers 5xx or not at all: a retry that Discord calls
    /// "already acknowledged" means an earlier try got through.
    async fn respond(
        &self,
        http: &serenity::Http,
        response: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        self.respond_with(|| {
            self.calls.call(
                Route::Answer,
                response.clone().execute(http, (self.id, &self.token)),
            )
        })
        .await
    }

    /// Updates the pressed message so that its buttons go (type 7). Written out, because serenity's
    /// builder always sends an attachment list, and an empty one would remove the board's picture.
    async fn retire_buttons(&self, http: &serenity::Http) -> serenity::Result<()> {
        let update = serde_json::json!({"type": 7, "data": {"components": []}});
        self.respond_with(|| {
            self.calls.call(
                Route::Answer,
                http.create_interaction_response(self.id, &self.token, &update, Vec::new()),
            )
        })
        .await
    }

    async fn respond_with<F, Fut>(&self, send: F) -> serenity::Result<()>
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = serenity::Result<()>>,
    {
        let sent = retrying(Failure::retryable, |tries| {
            let sending = send();
            async move {
                match sending.await {
                    Err(error)
                        if tries > 1
                            && Failure::of(&error).code() == Some(ALREADY_ACKNOWLEDGED) =>
                    {
                        Ok(())
                    }
                    result => result,
                }
            }
        })
        .await;
        self.check(&sent);
        sent?;
        if self.state() == TokenState::Fresh {
            self.calls
                .first_response(self.core.now_ms() - self.created_ms());
        }
        self.set_state(TokenState::Responded);
        Ok(())
    }

    /// A follow-up message, sent once: it has no nonce, and a 5xx or a lost answer does not say whether
    /// Discord showed it, so the caller hands a failed one to the outbox, which looks before posting. (A
    /// 429 is waited out and sent again by serenity's limiter: Discord did not take it.)
    async fn follow_up(
        &self,
        http: &serenity::Http,
        message: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        if self.follow_ups_left() == Some(0) {
            // Never a sixth: what it would have carried waits for the next answer there.
            return Err(serenity::Error::Other("follow-ups-spent"));
        }
        self.follow_ups.fetch_add(1, Ordering::Relaxed);
        let sent = self
            .calls
            .call(Route::FollowUp, message.execute(http, (None, &self.token)))
            .await;
        if let (Err(error), Some(limit)) = (&sent, self.follow_up_limit) {
            if Failure::of(error).code() == Some(MAX_FOLLOW_UPS) {
                self.follow_ups.store(limit, Ordering::Relaxed);
            }
        }
        self.check(&sent);
        sent
    }

    /// The interaction's own message (`@original`).
    async fn original(&self, http: &serenity::Http) -> serenity::Result<serenity::Message> {
        let got = retrying(Failure::retryable, |_| {
            self.calls.call(
                Route::FollowUp,
                http.get_original_interaction_response(&self.token),
            )
        })
        .await;
        self.check(&got);
        got
    }

    /// Edits the interaction's own message (`@original`): safe to repeat.
    async fn edit_original(
        &self,
        http: &serenity::Http,
        edit: serenity::EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        let edited = retrying(Failure::retryable, |_| {
            self.calls
                .call(Route::FollowUp, edit.clone().execute(http, &self.token))
        })
        .await;
        self.check(&edited);
        edited
    }
}

/// What a failed attempt to show a reply says: a refusal (any 4xx) says for sure that nothing was shown,
/// and so does a 429, with which Discord turns a request away before doing it ("the API will return a
/// HTTP 429 response code … Your application should rely on the `Retry-After` header … to determine when
/// to retry the request": Discord's developer docs, topics/rate-limits, "Exceeding A Rate Limit"). Only a
/// 5xx or no answer at all leaves it open (a 5xx may come after the fact).
fn shown_of(result: serenity::Result<Option<serenity::MessageId>>, what: &str) -> Shown {
    match result {
        Ok(message) => Shown::Yes(message.map(|m| MessageId(m.get()))),
        Err(error) => {
            tracing::warn!(error = %errors::summary(&error), "could not send {what}");
            Shown::No {
                maybe: Failure::of(&error).maybe_done(),
            }
        }
    }
}

/// Hands `request` to the core, which answers the interaction through it (see [`Core::answer`]); says
/// whether the core did it, refused it or failed.
pub async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    target: &Target,
    request: Request,
) -> Result<Outcome, CommandError> {
    let answering = Answering {
        http: ctx.http.as_ref(),
        data,
        target,
        settings: matches!(request.command, Command::Admin(AdminCommand::Settings(_))),
        deferred: AtomicBool::new(false),
        placeholder: AtomicBool::new(false),
        answers_only: request.place.reach() == Reach::AnswersOnly,
    };
    let reply = data.core.answer(&request, &answering).await;
    answering.finish().await;
    Ok(reply.outcome)
}

/// One interaction's answer, as the core's [`Answerer`]: the messages Discord allows for it.
struct Answering<'a> {
    http: &'a serenity::Http,
    data: &'a Data,
    target: &'a Target,
    /// `/admin settings`, where admins are told what the bot lacks in the channel.
    settings: bool,
    /// The first response was deferred while the core worked: the reply follows it.
    deferred: AtomicBool,
    /// A command's deferral put Discord's "thinking…" message in the channel: it stays until something
    /// has replaced it (the reply as a follow-up shown, or an edit of it), so that nobody is left with
    /// nothing.
    placeholder: AtomicBool,
    /// The bot may only answer where it was asked: nothing is posted there by itself.
    answers_only: bool,
}

impl Answerer for Answering<'_> {
    async fn wait_for<F>(&self, handling: F) -> Reply
    where
        F: std::future::Future<Output = Reply> + Send,
    {
        let (core, target) = (&self.data.core, self.target);
        let budget = DEFER_AFTER_MS - (core.now_ms() - target.created_ms());
        let budget = Duration::from_millis(budget.clamp(0, DEFER_AFTER_MS) as u64);
        tokio::pin!(handling);
        if !budget.is_zero() {
            tokio::select! {
                reply = &mut handling => return reply,
                () = tokio::time::sleep(budget) => {}
            }
        }
        // Past the budget, or past it already when the gateway delivered the interaction (then it is
        // deferred at once, not raced against the core's first steps): the core goes on while Discord is
        // asked to wait, since it may hold the database's write lock.
        let ((), reply) = tokio::join!(defer(self.http, target), &mut handling);
        self.deferred.store(true, Ordering::Relaxed);
        self.placeholder
            .store(target.source.is_none(), Ordering::Relaxed);
        reply
    }

    async fn show(&self, reply: &mut Reply) -> Shown {
        let (http, target) = (self.http, self.target);
        if let Some(permissions) = target.app_permissions {
            self.data.history.note(target.channel, permissions);
            if self.settings && !permissions.read_message_history() {
                // The admins are the ones who can grant it, and `/admin settings` is where they look.
                reply.text = std::mem::take(&mut reply.text)
                    .words("\n")
                    .then_message(NO_HISTORY, []);
            }
        }
        if let Some(board) = &reply.board.state {
            // The interaction's span (see `logging`) names its match once the core has found it.
            tracing::Span::current().record("match_id", board.match_id.0);
        }
        if target.state() == TokenState::Dead {
            Shown::No { maybe: false }
        } else if self.deferred.load(Ordering::Relaxed) {
            self.after_deferral(reply).await
        } else if let Some(thread) = reply.follows.open_thread.clone() {
            open_thread(self.data, http, target, reply, &thread).await
        } else if reply.buttons.pressed == Pressed::Replaced && target.source.is_some() {
            // A replay steps in place, without the animation of the move it steps to.
            reply.board.pending_animation = None;
            let sent = target
                .respond(http, target.outgoing(reply, false).update())
                .await;
            shown_of(sent.map(|()| None), "a pressed message's update")
        } else if reply.buttons.pressed == Pressed::Retired && target.source.is_some() {
            update_then_follow(http, target, reply).await
        } else {
            let sent = target
                .respond(http, target.outgoing(reply, true).response())
                .await;
            shown_of(sent.map(|()| None), "an answer")
        }
    }

    /// The first response is out with the board; a long move's animation follows by editing it. Its text
    /// (mention included: an edit notifies nobody again) and buttons stay as they are.
    async fn add_animation(&self, reply: &Reply) {
        let edit = self.target.outgoing(reply, true).pictures_edit();
        if let Err(error) = self.target.edit_original(self.http, edit).await {
            // The board is out already; the computer's turn must not wait on this.
            tracing::warn!(error = %errors::summary(&error), "could not add a move's animation");
        }
    }

    /// Follow-ups through the token until it expires, 15 minutes after the interaction was made, and
    /// where only a user installed the app, as many as are left of 5; none before the first response, or
    /// once Discord refused the token.
    fn capacity(&self) -> Capacity {
        match self.target.responded() {
            true => Capacity {
                until_ms: Some(self.target.created_ms() + TOKEN_LIFE_MS - TOKEN_MARGIN_MS),
                follow_ups: self.target.follow_ups_left(),
            },
            false => Capacity::SPENT,
        }
    }

    fn pressed_post(&self) -> Option<PostId> {
        self.target.pressed_post
    }

    async fn follow(&self, reply: &mut Reply) -> Shown {
        let sent = self
            .target
            .follow_up(self.http, self.target.outgoing(reply, true).followup())
            .await;
        shown_of(sent.map(|m| Some(m.id)), "a follow-up")
    }

    async fn tell(&self, text: Text) {
        if let Err(error) = self.target.tell_privately(self.http, text).await {
            tracing::warn!(error = %errors::summary(&error), "could not add a private word");
        }
    }

    async fn kept(&self, what: Kept) {
        let told = match (what, self.answers_only) {
            (Kept::Move, false) => MOVE_RECORDED,
            (Kept::Change, false) => DONE_RECORDED,
            (Kept::Move, true) => MOVE_KEPT_HERE,
            (Kept::Change, true) => DONE_KEPT_HERE,
        };
        // Where "thinking…" still stands for the answer Discord did not take, the word takes its place.
        if self.replace_placeholder(told).await {
            return;
        }
        let _ = self
            .target
            .tell_privately(self.http, Text::message(told, []))
            .await;
    }

    fn wake_poster(&self) {
        self.data.poster.wake();
    }
}

/// Defers the first response: "thinking…" for a command, nothing visible for a button (its message is
/// updated later).
async fn defer(http: &serenity::Http, target: &Target) {
    let response = match target.source.is_some() {
        true => serenity::CreateInteractionResponse::Acknowledge,
        false => serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new(),
        ),
    };
    if let Err(error) = target.respond(http, response).await {
        tracing::warn!(error = %errors::summary(&error), "could not defer an answer");
        if !Failure::of(&error).retryable() {
            target.set_state(TokenState::Dead);
        }
    }
}

impl Answering<'_> {
    /// The reply after a deferred first response: the pressed message loses its buttons, and the reply
    /// goes as a follow-up (which can ping, and can be private). A command's "thinking…" placeholder is
    /// removed once the follow-up is shown; if Discord refused the follow-up for sure, a public reply
    /// takes the placeholder's place by an edit instead (without its ping: an edit notifies nobody);
    /// otherwise the placeholder stays for a word ([`Self::kept`], [`Self::finish`]).
    async fn after_deferral(&self, reply: &mut Reply) -> Shown {
        let (http, target) = (self.http, self.target);
        if !target.responded() {
            // The deferral got no answer: the token may or may not work.
            target.set_state(TokenState::Responded);
        }
        if reply.buttons.pressed == Pressed::Replaced && target.source.is_some() {
            let edit = target.outgoing(reply, false).replacing_edit();
            let edited = target.edit_original(http, edit).await;
            return shown_of(edited.map(|m| Some(m.id)), "a pressed message's update");
        }
        if target.source.is_some() && reply.buttons.pressed == Pressed::Retired {
            let edit = serenity::EditInteractionResponse::new().components(Vec::new());
            if let Err(error) = target.edit_original(http, edit).await {
                tracing::debug!(error = %errors::summary(&error), "could not retire old buttons");
            }
        }
        reply.render_animation().await;
        let sent = target
            .follow_up(http, target.outgoing(reply, true).followup())
            .await;
        let shown = shown_of(sent.map(|m| Some(m.id)), "a deferred answer");
        if !self.placeholder.load(Ordering::Relaxed) {
            return shown;
        }
        match shown {
            Shown::Yes(_) => self.remove_placeholder().await,
            Shown::No { maybe: false } if !reply.is_private() && self.token_takes_edits() => {
                let edit = target.outgoing(reply, false).replacing_edit();
                match target.edit_original(http, edit).await {
                    Ok(message) => {
                        self.placeholder.store(false, Ordering::Relaxed);
                        return Shown::Yes(Some(MessageId(message.id.get())));
                    }
                    Err(error) => {
                        tracing::warn!(error = %errors::summary(&error),
                            "could not show a deferred answer in its placeholder either");
                    }
                }
            }
            // It may have been shown (a public reply is then looked for, or shown again, by the outbox):
            // a word replaces the placeholder rather than a second copy.
            Shown::No { .. } => {}
        }
        shown
    }

    /// Removes the "thinking…" placeholder, now that the answer shows below it.
    async fn remove_placeholder(&self) {
        let target = self.target;
        let removed = retrying(Failure::retryable, |_| {
            target.calls.call(
                Route::FollowUp,
                self.http
                    .delete_original_interaction_response(&target.token),
            )
        })
        .await;
        if let Err(error) = removed {
            tracing::debug!(error = %errors::summary(&error), "could not remove the placeholder");
        }
        self.placeholder.store(false, Ordering::Relaxed);
    }

    /// Whether the interaction's token still takes an edit of its message (as far as follow-ups: until 30
    /// s before its 15 minutes end).
    fn token_takes_edits(&self) -> bool {
        let until = self.target.created_ms() + TOKEN_LIFE_MS - TOKEN_MARGIN_MS;
        self.target.state() == TokenState::Responded && self.data.core.now_ms() < until
    }

    /// Puts the message `told` (of `discord.ftl`, in the asker's language) in place of a "thinking…"
    /// placeholder still standing; true when it did.
    async fn replace_placeholder(&self, told: &'static str) -> bool {
        if !self.placeholder.load(Ordering::Relaxed) || !self.token_takes_edits() {
            return false;
        }
        let target = self.target;
        let mut word = Reply::public(Text::message(told, []));
        word.language = target.language;
        let edit = target.outgoing(&word, false).replacing_edit();
        match target.edit_original(self.http, edit).await {
            Ok(_) => {
                self.placeholder.store(false, Ordering::Relaxed);
                true
            }
            Err(error) => {
                tracing::warn!(error = %errors::summary(&error), "could not replace the placeholder");
                false
            }
        }
    }

    /// At the end of the answer: a "thinking…" placeholder that nothing replaced (the reply was private,
    /// or may have been shown, and no other word took its place) says that the answer may not have come.
    async fn finish(&self) {
        self.replace_placeholder(ANSWER_LOST).await;
    }
}

/// A pressed board: the message is updated (its buttons go, the picture stays), then the new board follows
/// as a follow-up that pings the player to move.
async fn update_then_follow(http: &serenity::Http, target: &Target, reply: &mut Reply) -> Shown {
    if let Err(error) = target.retire_buttons(http).await {
        return shown_of(Err(error), "a button's update");
    }
    reply.render_animation().await;
    let sent = target
        .follow_up(http, target.outgoing(reply, true).followup())
        .await;
    shown_of(sent.map(|m| Some(m.id)), "a new board")
}

/// The server wants a thread per match: the answer says where the match went, the thread starts from
/// it, the match moves into it, and the board is posted there. Without the permission to make threads,
/// the match stays in the channel.
async fn open_thread(
    data: &Data,
    http: &serenity::Http,
    target: &Target,
    reply: &mut Reply,
    name: &str,
) -> Shown {
    // The thread's name is made of the players' names: it shows as they wrote them.
    let announcement = reply.text.first_line().words("\n").then_message(
        "discord-thread-announcement",
        [("thread", Arg::player(name))],
    );
    let mut announcement = Reply::public(announcement);
    // What everyone sees is in the reply's language (the server's), not the asker's.
    announcement.language = reply.language;
    let announcement = target.outgoing(&announcement, false);
    // The thread starts from the message that announces it: the pressed challenge, updated to say so (its
    // buttons go), or the answer to `/accept`.
    let started = match target.source {
        Some(source) => {
            let update = serenity::CreateInteractionResponseMessage::new()
                .content(announcement.content)
                .components(Vec::new());
            let sent = target
                .respond(
                    http,
                    serenity::CreateInteractionResponse::UpdateMessage(update),
                )
                .await;
            sent.map(|()| source)
        }
        None => match target.respond(http, announcement.response()).await {
            Ok(()) => target.original(http).await.map(|m| m.id),
            Err(error) => Err(error),
        },
    };
    let started = match started {
        Ok(message) => message,
        Err(error) if target.responded() => {
            return board_in_channel(http, data, target, reply, error).await
        }
        Err(error) => return shown_of(Err(error), "a match's announcement"),
    };
    // Tried again while Discord does not answer; a thread that a lost answer made already is the one
    // with the message's id, as every thread started from a message is.
    let made = retrying(Failure::retryable, |_| async move {
        let thread = serenity::CreateThread::new(name)
            .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
        let made = target
            .channel
            .create_thread_from_message(http, started, thread);
        match target.calls.call(Route::Thread, made).await {
            Ok(thread) => Ok(thread.id),
            Err(error) if Failure::of(&error).code() == Some(errors::THREAD_EXISTS) => {
                Ok(serenity::ChannelId::new(started.get()))
            }
            Err(error) => Err(error),
        }
    })
    .await;
    let thread = match made {
        Ok(thread) => thread,
        Err(error) => return board_in_channel(http, data, target, reply, error).await,
    };
    let Some(board) = &reply.board.state else {
        return Shown::Yes(None);
    };
    if let Err(error) = data
        .core
        .move_match_to_thread(board.match_id, ChannelId(thread.get()), name)
        .await
    {
        tracing::error!(error = %cause_chain(&error), match_id = %board.match_id,
            "could not move a match into its thread");
        let sent = target
            .follow_up(http, target.outgoing(reply, true).followup())
            .await;
        return shown_of(sent.map(|m| Some(m.id)), "a board");
    }
    reply.render_animation().await;
    let message = target
        .outgoing(reply, true)
        .channel_message()
        .nonce(serenity::Nonce::String(super::poster::nonce(
            reply.follows.post,
        )))
        .enforce_nonce(true);
    let sent = target
        .calls
        .call(Route::ChannelMessage, thread.send_message(http, message))
        .await;
    if let Err(error) = &sent {
        data.warn_once(thread, error);
    }
    shown_of(sent.map(|m| Some(m.id)), "a board in its thread")
}

/// No thread could be made: the board follows in the channel, with a word on why.
async fn board_in_channel(
    http: &serenity::Http,
    data: &Data,
    target: &Target,
    reply: &mut Reply,
    error: serenity::Error,
) -> Shown {
    let first = data.warn_once(target.channel, &error);
    let mut board = target.outgoing(reply, true);
    if errors::missing_permission(&error) {
        let word = say(reply.language, errors::NO_THREADS);
        board.content = super::reply::fit(format!("{}\n{word}", board.content));
    }
    let sent = target.follow_up(http, board.followup()).await;
    let shown = shown_of(sent.map(|m| Some(m.id)), "a board");
    if first {
        // Said once, privately, to whoever asked: an admin may want to fix it.
        let _ = target
            .tell_privately(http, Text::message(errors::MISSING_PERMISSION, []))
            .await;
    }
    shown
}
