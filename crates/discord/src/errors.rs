//! What can go wrong while answering someone, split the way the player sees it: a [`CommandError::User`]
//! or [`CommandError::Said`] is shown to them privately in plain words, in their language; everything
//! else is logged with its cause chain and the player sees only a short apology. A database or HTTP
//! message never reaches a player.

use poise::serenity_prelude as serenity;

use crate::texts::say;
use namnam_core::Language;

/// The error type of every command and button handler.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// Something the player can fix or should know, already in their language; shown to them as it is,
    /// privately.
    #[error("{0}")]
    User(String),
    /// The same, as one of the Discord layer's messages (`discord.ftl`, by its id): said in the language
    /// of whoever it is shown to, which the place that fails may not know.
    #[error("{0}")]
    Said(&'static str),
    /// The bot is shutting down and takes no new work.
    #[error("the bot is restarting")]
    ShuttingDown,
    /// Discord refused or failed a request.
    #[error("Discord request failed")]
    Discord(#[source] Box<serenity::Error>),
}

impl CommandError {
    pub fn user(message: impl Into<String>) -> Self {
        Self::User(message.into())
    }

    /// Whether the player made it (and it is not worth logging as a failure).
    pub fn is_players(&self) -> bool {
        matches!(self, Self::User(_) | Self::Said(_))
    }

    /// What the player is told, in `language` (theirs, as their Discord client says).
    pub fn for_player(&self, language: Language) -> String {
        match self {
            Self::User(message) => message.clone(),
            Self::Said(id) => say(language, id),
            Self::ShuttingDown => say(language, "discord-restarting"),
            Self::Discord(error) if missing_permission(error) => say(language, MISSING_PERMISSION),
            Self::Discord(_) => say(language, APOLOGY),
        }
    }
}

/// The apology for an internal error (a message of `discord.ftl`).
pub const APOLOGY: &str = "discord-apology";

/// Told (once, privately) to a player whose channel does not let the bot post.
pub const MISSING_PERMISSION: &str = "discord-missing-permission";

/// Added to a match's board when the server wants a thread per match but the bot cannot make one.
pub const NO_THREADS: &str = "discord-no-threads";

/// Discord's codes for "Missing Access" and "Missing Permissions".
pub const MISSING_ACCESS: isize = 50001;
pub const MISSING_PERMISSIONS: isize = 50013;
/// "Unknown Channel": deleted, or never seen.
pub const UNKNOWN_CHANNEL: isize = 10003;
/// "Unknown Webhook": an interaction token that is no longer valid.
pub const UNKNOWN_WEBHOOK: isize = 10015;
/// "Unknown interaction": its first response came too late (3 s), or it was answered elsewhere.
pub const UNKNOWN_INTERACTION: isize = 10062;
/// "Interaction has already been acknowledged".
pub const ALREADY_ACKNOWLEDGED: isize = 40060;
/// "Invalid Webhook Token": an interaction token older than 15 minutes.
pub const INVALID_WEBHOOK_TOKEN: isize = 50027;
/// "Thread is archived" (an edit there).
pub const THREAD_ARCHIVED: isize = 50083;
/// Cannot send messages to this user: their privacy settings (or a block) refuse DMs from the bot.
pub const CANNOT_DM: isize = 50007;
/// "Cannot send messages to this user due to having no mutual guilds": a player who met the bot only
/// through the app they installed.
pub const NO_MUTUAL_GUILDS: isize = 50278;
/// "This interaction has hit the maximum number of follow up messages" (5, where only a user installed
/// the app).
pub const MAX_FOLLOW_UPS: isize = 40094;
/// "Thread is locked".
pub const THREAD_LOCKED: isize = 160005;
/// "A thread has already been created for this message".
pub const THREAD_EXISTS: isize = 160004;

/// What a failed Discord request means for the one who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Discord answered with this status and JSON error code: it did not do it, and will not if asked
    /// again the same way.
    Refused { status: u16, code: isize },
    /// Discord answered 5xx (or a 429 got through the limiter): it did not do it, and may if asked again.
    Busy { status: u16 },
    /// No answer (a dropped connection, a timeout): it may or may not have been done.
    NoAnswer,
    /// Serenity would not send it (a message too long, say): asking again the same way cannot help.
    NotSent,
}

impl Failure {
    pub fn of(error: &serenity::Error) -> Failure {
        match error {
            serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
                let status = response.status_code.as_u16();
                if status >= 500 || status == 429 {
                    Failure::Busy { status }
                } else {
                    Failure::Refused {
                        status,
                        code: response.error.code,
                    }
                }
            }
            serenity::Error::Http(serenity::HttpError::Request(_)) | serenity::Error::Io(_) => {
                Failure::NoAnswer
            }
            _ => Failure::NotSent,
        }
    }

    /// Whether asking again may help.
    pub fn retryable(self) -> bool {
        matches!(self, Failure::Busy { .. } | Failure::NoAnswer)
    }

    /// Whether Discord may have done it all the same: it did not answer, or answered 5xx (which may come
    /// after the fact). A 429 turns the request away before it is done (topics/rate-limits, "Exceeding A
    /// Rate Limit": the request is to be retried), and any other 4xx refuses it.
    pub fn maybe_done(self) -> bool {
        match self {
            Failure::Busy { status } => status != 429,
            Failure::NoAnswer => true,
            Failure::Refused { .. } | Failure::NotSent => false,
        }
    }

    /// Whether this interaction token can no longer be used.
    pub fn token_dead(self) -> bool {
        matches!(
            self,
            Failure::Refused {
                code: UNKNOWN_INTERACTION | UNKNOWN_WEBHOOK | INVALID_WEBHOOK_TOKEN,
                ..
            }
        )
    }

    pub fn code(self) -> Option<isize> {
        match self {
            Failure::Refused { code, .. } => Some(code),
            _ => None,
        }
    }
}

/// How often a request is tried when Discord answers 5xx or not at all (and trying again is safe).
const TRIES: u32 = 4;

/// The pause before the first retry; it doubles with each.
const FIRST_PAUSE: std::time::Duration = std::time::Duration::from_millis(100);

/// Makes a request (`attempt` gets the try's number, from 1) until it succeeds or fails in a way that
/// `again` does not retry, `TRIES` times at most, with a doubling pause between tries.
pub async fn retrying<T, F, Fut>(
    again: impl Fn(Failure) -> bool,
    mut attempt: F,
) -> serenity::Result<T>
where
    F: FnMut(u32) -> Fut,
    Fut: std::future::Future<Output = serenity::Result<T>>,
{
    let mut pause = FIRST_PAUSE;
    let mut tries = 1;
    loop {
        match attempt(tries).await {
            Err(error) if tries < TRIES && again(Failure::of(&error)) => {
                tracing::debug!(error = %summary(&error), tries, "retrying a request");
                tokio::time::sleep(pause).await;
                pause *= 2;
                tries += 1;
            }
            result => return result,
        }
    }
}

/// A failed request in a few words, for the log: never its URL, which may hold an interaction token.
pub fn summary(error: &serenity::Error) -> String {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => format!(
            "{} {} (code {})",
            response.status_code.as_u16(),
            response.error.message,
            response.error.code
        ),
        serenity::Error::Http(serenity::HttpError::Request(request)) => {
            let what = if request.is_timeout() {
                "timed out"
            } else if request.is_connect() {
                "could not connect"
            } else {
                "the connection failed"
            };
            format!("no answer: {what}")
        }
        other => {
            // Serenity's other errors name no URL; the log's redaction is a second guard all the same.
            format!("{other}")
        }
    }
}

/// Whether Discord refused a request because the bot lacks a permission in that channel.
pub fn missing_permission(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.as_u16() == 403
                && matches!(response.error.code, MISSING_ACCESS | MISSING_PERMISSIONS)
        }
        _ => false,
    }
}

/// Whether Discord answered 401: the token is wrong or was reset.
pub fn unauthorized(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 401
    )
}

impl From<serenity::Error> for CommandError {
    fn from(error: serenity::Error) -> Self {
        // Boxed: serenity's error is large, and these travel through every handler's `Result`.
        Self::Discord(Box::new(error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_5xx_or_no_answer_may_have_been_done() {
        assert!(Failure::Busy { status: 500 }.maybe_done());
        assert!(Failure::Busy { status: 503 }.maybe_done());
        assert!(Failure::NoAnswer.maybe_done());
        assert!(!Failure::Busy { status: 429 }.maybe_done());
        assert!(!Failure::Refused {
            status: 403,
            code: MISSING_ACCESS
        }
        .maybe_done());
        assert!(!Failure::Refused {
            status: 400,
            code: MAX_FOLLOW_UPS
        }
        .maybe_done());
        assert!(!Failure::NotSent.maybe_done());
    }

    #[test]
    fn a_refusal_is_in_the_players_language() {
        let refused = CommandError::Said("discord-server-only");
        assert_eq!(
            refused.for_player(Language::French),
            "Cette commande appartient à un serveur qui m'a invité : demande-la dans l'un de ses salons."
        );
        assert_eq!(
            CommandError::ShuttingDown.for_player(Language::English),
            "I'm restarting: try again in a minute."
        );
    }
}
