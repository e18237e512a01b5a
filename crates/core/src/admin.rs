//! `admin`: stop the match in a channel, or change the server's settings. Only for members who may manage
//! the server (the front end says who).

use super::error::{CoreError, InternalError};
use super::message::Arg;
use super::outbox::{PostPlace, Via};
use super::vocabulary::{
    AdminCommand, AdminRefusal, LanguageChoice, MatchRef, MatchRefusal, Request, SettingsChange,
    WebChange,
};
use super::web;
use super::{Core, Language, Reply, Text};
use namnam_model::{MatchId, ServerId};
use namnam_store::{self as store, MatchRow, ServerSettings, StoreError};

impl Core {
    pub(super) async fn admin(
        &self,
        req: &Request,
        command: &AdminCommand,
    ) -> Result<Reply, CoreError> {
        if !req.can_manage {
            return Err(AdminRefusal::NotAdmin.into());
        }
        match command {
            AdminCommand::Abort { match_id } => self.abort(req, *match_id).await,
            AdminCommand::Settings(change) => self.settings(req, change).await,
            AdminCommand::Season(change) => self.season(req, change).await,
        }
    }

    async fn abort(&self, req: &Request, number: Option<MatchId>) -> Result<Reply, CoreError> {
        let row = self.active_match(req, MatchRef::typed(number)).await?;
        let mut tx = self.store.begin().await?;
        if !store::abort_match(&mut tx, row.id, row.version, self.now()).await? {
            return Err(MatchRefusal::Stale.into());
        }
        let mut reply = Reply::public(Text::message(
            "admin-aborted",
            [
                ("admin", Arg::player(&req.user.name)),
                ("id", Arg::number(row.id)),
                ("south", Arg::player(&row.names.south)),
                ("north", Arg::player(&row.names.north)),
            ],
        ));
        self.store_post(&mut tx, PostPlace::of_match(&row), &mut reply, Via::Answer)
            .await?;
        // A tournament game stopped: scored by the houses, and the tournament moves on.
        let stopped = MatchRow {
            state: store::MatchState::Aborted,
            ..row
        };
        let mut also = self.tournament_match_over(&mut tx, &stopped).await?;
        tx.commit().await.map_err(StoreError::from)?;
        self.metrics
            .count_match_ended(super::metrics::Ending::Aborted);
        if !self.config.outbox {
            self.draw_notices(&mut also).await;
            reply.follows.also = also;
        }
        Ok(reply)
    }

    async fn settings(&self, req: &Request, change: &SettingsChange) -> Result<Reply, CoreError> {
        let server = req.server()?;
        let mut settings = store::server_settings(self.store.reader(), server).await?;
        if *change != SettingsChange::default() {
            if let Some(channels) = &change.channels {
                settings.allowed_channels = channels.clone();
            }
            let allowed = &mut settings.allowed_channels;
            if let Some(channel) = change.allow {
                if !allowed.contains(&channel) {
                    allowed.push(channel);
                }
            }
            if let Some(channel) = change.disallow {
                if !allowed.contains(&channel) {
                    return Err(AdminRefusal::NotAllowedAnyway(channel).into());
                }
                // No channel left would mean every channel: the opposite of what was asked.
                if allowed.len() == 1 {
                    return Err(AdminRefusal::LastAllowedChannel(channel).into());
                }
                allowed.retain(|&c| c != channel);
            }
            if let Some(clock) = change.clock_secs {
                settings.default_clock_secs = clock;
            }
            settings.default_target = change.target.applied_to(settings.default_target);
            if let Some(thread) = change.thread_per_match {
                settings.thread_per_match = thread;
            }
            settings.daily_puzzle_channel = change
                .daily_puzzle
                .applied_to(settings.daily_puzzle_channel);
            match change.language {
                Some(LanguageChoice::Fixed(language)) => {
                    settings.language = Some(language.code().to_owned());
                }
                Some(LanguageChoice::AsDiscordSays) => {
                    settings.language = Some(store::AS_DISCORD_SAYS.to_owned());
                }
                None => {}
            }
            let mut tx = self.store.begin().await?;
            store::ensure_server(&mut tx, server, req.server_name(), self.now()).await?;
            store::update_settings(&mut tx, server, &settings).await?;
            let web = match change.web {
                Some(web) => Some(self.change_web_page(&mut tx, server, web).await?),
                None => None,
            };
            tx.commit().await.map_err(StoreError::from)?;
            if let Some(Some(token)) = web {
                // Only the admin sees it: whoever has the link sees the server's page.
                let base = self.config.web_url.as_deref();
                let id = match base {
                    Some(_) => "web-page-link",
                    None => "web-page-path",
                };
                let link = Text::message(id, [("link", web::link_words(base, &token))]);
                let settings = describe_settings(&settings, self.config.default_language, true);
                return Ok(Reply::private(Text::lines([settings, link])));
            }
        }
        let web_on = store::web_token(self.store.reader(), server)
            .await?
            .is_some();
        Ok(Reply::private(describe_settings(
            &settings,
            self.config.default_language,
            web_on,
        )))
    }

    /// Turns the server's web page on (keeping its link when it has one), gives it a new link, or turns it
    /// off, within `tx`; the page's token when it is on.
    async fn change_web_page(
        &self,
        tx: &mut namnam_store::WriteTx,
        server: ServerId,
        change: WebChange,
    ) -> Result<Option<String>, CoreError> {
        let token = match (change, store::web_token(&mut **tx, server).await?) {
            (WebChange::Off, _) => None,
            (WebChange::On, Some(token)) => Some(token),
            (WebChange::On | WebChange::NewLink, _) => Some(
                web::new_token()
                    .map_err(|e| InternalError::Inconsistent(format!("no random bits: {e}")))?,
            ),
        };
        store::set_web_token(tx, server, token.as_deref()).await?;
        Ok(token)
    }
}

/// The language of what everyone sees in a server with settings `s`.
pub(super) fn server_language(s: &ServerSettings, default: Language) -> Language {
    let code = match s.language.as_deref() {
        Some(store::AS_DISCORD_SAYS) => s.discord_language.as_deref(),
        code => code,
    };
    code.and_then(Language::of_code).unwrap_or(default)
}

fn describe_settings(s: &ServerSettings, default: Language, web_on: bool) -> Text {
    let channels = match s.allowed_channels.is_empty() {
        true => Text::message("settings-every-channel", []),
        false => Text::list(
            s.allowed_channels
                .iter()
                .map(|channel| Text::new().channel(channel.0, None)),
            ", ",
        ),
    };
    let target = match s.default_target {
        Some(t) => Text::message("settings-target", [("houses", Arg::number(t))]),
        None => Text::message("settings-no-target", []),
    };
    let name = Arg::words(server_language(s, default).name());
    let language = match s.language.as_deref() {
        Some(store::AS_DISCORD_SAYS) => {
            Text::message("settings-language-discord", [("language", name)])
        }
        _ => Text::message("settings-language", [("language", name)]),
    };
    let thread = match s.thread_per_match {
        true => Text::message("settings-yes", []),
        false => Text::message("settings-no", []),
    };
    let daily = match s.daily_puzzle_channel {
        Some(channel) => Text::message(
            "settings-daily-puzzle",
            [("channel", Arg::channel(channel.0, None))],
        ),
        None => Text::message("settings-no-daily-puzzle", []),
    };
    Text::message(
        "settings",
        [
            ("channels", Arg::Text(channels)),
            ("daily", Arg::Text(daily)),
            (
                "clock",
                Arg::Text(super::text::duration(s.default_clock_secs)),
            ),
            ("target", Arg::Text(target)),
            ("thread", Arg::Text(thread)),
            ("language", Arg::Text(language)),
            (
                "web",
                Arg::Text(match web_on {
                    true => Text::message("settings-web-on", []),
                    false => Text::message("settings-web-off", []),
                }),
            ),
        ],
    )
}
