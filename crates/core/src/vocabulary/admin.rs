//! A server's admins: `admin abort`, `admin settings`, `admin season`.

use super::input::{bad, parse_channel, parse_clock, parse_target, yes_no, Options, Wanted};
use super::{Change, Resolver, UserError};
use crate::message::{Arg, CommandLine, Language, Text};
use namnam_model::{ChannelId, MatchId};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdminCommand {
    /// Stop the match in this channel (`match:N` when it has several), unrated.
    Abort { match_id: Option<MatchId> },
    /// Show (when empty) or change the server's settings.
    Settings(SettingsChange),
    /// End the season and start the next (unless `start` is false), and set how seasons go.
    Season(SeasonChange),
}

/// Changes to a server's settings; `None` (or [`Change::Keep`]) leaves a setting as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// Empty: every channel.
    pub channels: Option<Vec<ChannelId>>,
    /// One channel more where matches may be played (applied after `channels`).
    pub allow: Option<ChannelId>,
    /// One channel fewer where matches may be played.
    pub disallow: Option<ChannelId>,
    pub clock_secs: Option<u32>,
    /// The server's default target; cleared: no target.
    pub target: Change<u8>,
    pub thread_per_match: Option<bool>,
    /// The language of what everyone sees in the server.
    pub language: Option<LanguageChoice>,
    /// The server's web page: on, a new link (the old one stops), or off.
    pub web: Option<WebChange>,
    /// The channel of the daily puzzle; cleared: none.
    pub daily_puzzle: Change<ChannelId>,
}

/// What an admin does with the server's web page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebChange {
    /// On (a page under a new link, or the same link when it is on already).
    On,
    /// A new link: the old one stops at once.
    NewLink,
    /// Off: every page of the server is gone (404).
    Off,
}

/// A server's choice of language for what everyone sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageChoice {
    /// Always this one.
    Fixed(Language),
    /// The one Discord reports for the server (a Community server's setting; English for the others).
    AsDiscordSays,
}

impl LanguageChoice {
    /// `en`, `fr`, or `discord`, as the console and the settings write it.
    pub fn of_code(code: &str) -> Option<LanguageChoice> {
        match code {
            "discord" => Some(LanguageChoice::AsDiscordSays),
            code => Language::of_code(code).map(LanguageChoice::Fixed),
        }
    }
}

/// `admin season`: a new season now, where its news goes, whether seasons change monthly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonChange {
    /// Start a new season now (`start:no` changes only the options).
    pub start: bool,
    /// The channel where season news is posted.
    pub news: Option<ChannelId>,
    /// A new season on the first of each month (UTC).
    pub monthly: Option<bool>,
}

impl AdminCommand {
    pub(super) fn parse(
        words: &[&str],
        opts: &mut Options<'_>,
        resolver: &dyn Resolver,
    ) -> Result<AdminCommand, UserError> {
        let sub = words.first().copied().or_else(|| opts.take("action"));
        Ok(match sub {
            Some("abort") => AdminCommand::Abort {
                match_id: opts.optional_match_number()?,
            },
            Some("settings") => AdminCommand::Settings(SettingsChange::parse(opts, resolver)?),
            Some("season") => AdminCommand::Season(SeasonChange {
                start: opts.parse("start", yes_no, Wanted::YesNo)?.unwrap_or(true),
                news: opts
                    .take("news")
                    .map(|c| parse_channel(c, resolver))
                    .transpose()?,
                monthly: opts.parse("monthly", yes_no, Wanted::YesNo)?,
            }),
            _ => return Err(bad("admin", Wanted::AdminCommand).into()),
        })
    }
}

impl SettingsChange {
    fn parse(opts: &mut Options<'_>, resolver: &dyn Resolver) -> Result<SettingsChange, UserError> {
        let channel = |opts: &mut Options<'_>, name| {
            opts.take(name)
                .map(|c| parse_channel(c, resolver))
                .transpose()
        };
        Ok(SettingsChange {
            channels: match (opts.take("channels"), opts.take("every-channel")) {
                (Some(list), _) => Some(parse_channels(list, resolver)?),
                // As Discord's command says it.
                (None, Some(every)) => match yes_no(every) {
                    Some(true) => Some(Vec::new()),
                    Some(false) => None,
                    None => return Err(bad("every-channel", Wanted::YesNo).into()),
                },
                (None, None) => None,
            },
            allow: channel(opts, "allow")?,
            disallow: channel(opts, "disallow")?,
            clock_secs: opts.parse("clock", parse_clock, Wanted::Clock)?,
            target: opts
                .parse("target", parse_target, Wanted::Target)?
                .map_or(Change::Keep, Change::of_option),
            thread_per_match: opts.parse("thread", yes_no, Wanted::YesNo)?,
            language: opts.parse("language", LanguageChoice::of_code, Wanted::Language)?,
            web: opts.parse(
                "web",
                |v| match v {
                    "yes" | "on" => Some(WebChange::On),
                    "new-link" | "new_link" => Some(WebChange::NewLink),
                    "no" | "off" => Some(WebChange::Off),
                    _ => None,
                },
                Wanted::Web,
            )?,
            daily_puzzle: match opts.take("daily-puzzle") {
                None => Change::Keep,
                Some("off" | "no" | "none") => Change::Clear,
                Some(c) => Change::Set(parse_channel(c, resolver)?),
            },
        })
    }
}

fn parse_channels(list: &str, resolver: &dyn Resolver) -> Result<Vec<ChannelId>, UserError> {
    if list == "all" || list == "any" {
        return Ok(Vec::new());
    }
    Ok(list
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| parse_channel(c, resolver))
        .collect::<Result<_, _>>()?)
}

/// An admin's command refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdminRefusal {
    NotAdmin,
    /// `admin season` again within a minute of the last: the season it would end has just begun.
    SeasonJustStarted(u32),
    /// `admin settings disallow:` names a channel that is not on the list.
    NotAllowedAnyway(ChannelId),
    /// `admin settings disallow:` names the only channel on the list.
    LastAllowedChannel(ChannelId),
}

impl AdminRefusal {
    /// The refusal in the player's words (`errors.ftl`).
    pub fn text(&self) -> Text {
        use Arg as A;
        match self {
            AdminRefusal::NotAdmin => {
                Text::message("error-not-admin", [("admin", A::command("admin"))])
            }
            AdminRefusal::SeasonJustStarted(season) => Text::message(
                "error-season-just-started",
                [("season", A::number(*season))],
            ),
            AdminRefusal::NotAllowedAnyway(channel) => Text::message(
                "error-not-allowed-anyway",
                [
                    ("channel", A::channel(channel.0, None)),
                    ("settings", A::subcommand("admin", "settings")),
                ],
            ),
            AdminRefusal::LastAllowedChannel(channel) => Text::message(
                "error-last-allowed-channel",
                [
                    ("channel", A::channel(channel.0, None)),
                    (
                        "all",
                        A::command_line(
                            CommandLine::sub("admin", "settings").with("every-channel", "yes"),
                        ),
                    ),
                ],
            ),
        }
    }
}
