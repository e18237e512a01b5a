//! Which language each reader reads: the server's choice (or Discord's for the server) for what everyone
//! sees, and each player's latest interaction for their DMs. A request notes both, writing only when one
//! changed: a process remembers what it noted, so that reading a board stays a read.

use super::error::CoreError;
use super::known_languages::Noted;
use super::message::Language;
use super::vocabulary::Request;
use super::Core;
use namnam_model::UserId;
use namnam_store::{self as store, StoreError};

impl Core {
    /// The language of what everyone sees in a server whose choice (or Discord's for it) is `code`, as
    /// `store::server_language` reads it: that one, else the front end's default.
    pub(super) fn public_language(&self, code: Option<String>) -> Language {
        code.as_deref()
            .and_then(Language::of_code)
            .unwrap_or(self.config.default_language)
    }

    /// Notes the asker's language and the one Discord reports for the server, when either changed.
    pub(super) async fn note_languages(&self, req: &Request) -> Result<(), CoreError> {
        let noted = &self.languages;
        let player =
            (!Noted::is_known(&noted.players, req.user.id, req.language)).then_some(req.language);
        // Only a server has a language of its own.
        let server = req.place.server().and_then(|server| {
            req.server_locale
                .filter(|&l| !Noted::is_known(&noted.servers, server, l))
                .map(|l| (server, l))
        });
        if player.is_none() && server.is_none() {
            return Ok(());
        }
        let now = self.now();
        let mut tx = self.store.begin().await?;
        // Recorded first, so that there is something to note the language on.
        let player = match player {
            Some(l) => {
                let user = &req.user;
                user.note_in(&mut tx, req, now).await?;
                store::note_player_language(&mut tx, user.id, l.code())
                    .await?
                    .then_some(l)
            }
            None => None,
        };
        let server = match server {
            Some((server, l)) => {
                store::ensure_server(&mut tx, server, req.server_name(), now).await?;
                store::note_discord_language(&mut tx, server, l.code())
                    .await?
                    .then_some((server, l))
            }
            None => None,
        };
        tx.commit().await.map_err(StoreError::from)?;
        if let Some(l) = player {
            Noted::remember(&noted.players, req.user.id, l);
        }
        if let Some((server, l)) = server {
            Noted::remember(&noted.servers, server, l);
        }
        Ok(())
    }

    /// The language of a DM to `player`: their latest interaction's, else the server's.
    pub(super) async fn dm_language(
        &self,
        db: &mut namnam_store::WriteTx,
        player: UserId,
        server: Language,
    ) -> Result<Language, CoreError> {
        Ok(store::player_language(&mut **db, player)
            .await?
            .as_deref()
            .and_then(Language::of_code)
            .unwrap_or(server))
    }
}
