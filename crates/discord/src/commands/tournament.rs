//! `/tournament`: round robin and Swiss tournaments. Each subcommand only turns its options into the core's
//! vocabulary; the tournament itself (pairings, rounds, standings) lives in the core.

use namnam_model::{Format, TournamentId};
use poise::serenity_prelude as serenity;

use super::admin::DefaultTarget;
use super::{serve, Clock, CommandError, Context, Endgame, YesNo};
use namnam_core::{Change, Command, StartAt, TermsOptions, TournamentCommand, TournamentSpec};

/// Tournaments: create one, join, start, standings, pairings, withdraw, cancel
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create",
        "join",
        "leave",
        "start",
        "standings",
        "pairings",
        "withdraw",
        "cancel"
    ),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), CommandError> {
    // Discord never invokes a command that has subcommands by itself.
    Ok(())
}

/// How a tournament pairs its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Pairing {
    #[name = "Swiss: a set number of rounds, equal scores meet"]
    Swiss,
    #[name = "round robin: everyone meets everyone once"]
    RoundRobin,
}

/// Create a tournament in this channel: players join with a button
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)] // one argument per slash option
pub async fn create(
    ctx: Context<'_>,
    #[max_length = 60] name: String,
    format: Option<Pairing>,
    #[min = 1]
    #[max = 32]
    rounds: Option<u32>,
    target: Option<DefaultTarget>,
    #[min = 1]
    #[max = 99]
    match_rounds: Option<u8>,
    clock: Option<Clock>,
    endgame: Option<Endgame>,
    chain: Option<YesNo>,
    #[min = 1]
    #[max = 60]
    round_days: Option<u32>,
    start: Option<String>,
    #[min = 2]
    #[max = 128]
    limit: Option<u32>,
) -> Result<(), CommandError> {
    let start = match start.as_deref() {
        None => None,
        Some(text) => {
            Some(StartAt::parse(text).ok_or(CommandError::Said("discord-start-unreadable"))?)
        }
    };
    let spec = TournamentSpec {
        name,
        format: match format {
            Some(Pairing::RoundRobin) => Format::RoundRobin,
            _ => Format::Swiss,
        },
        rounds,
        terms: TermsOptions {
            endgame: endgame.map(Into::into),
            chain: chain.map(Into::into),
            first: None,
            target: target.map_or(Change::Keep, |t| Change::of_option(t.houses())),
            round_limit: match_rounds,
            clock_secs: clock.map(Clock::seconds),
        },
        round_days,
        start,
        limit,
    };
    serve(ctx, Command::Tournament(TournamentCommand::Create(spec))).await
}

/// The choices offered while typing `tournament:`: the server's tournaments in sign-up or running.
async fn live_tournaments(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let mut choices = serenity::CreateAutocompleteResponse::new();
    let Some((_, place)) = super::autocomplete_place(ctx) else {
        return choices;
    };
    let language = super::language(ctx);
    let listed = match ctx.data().core.tournaments_here(&place, language).await {
        Ok(listed) => listed,
        Err(error) => {
            tracing::error!(error = %namnam_core::cause_chain(&error), "autocomplete failed");
            Vec::new()
        }
    };
    let partial = partial.trim().trim_start_matches('#').to_lowercase();
    for (id, label) in listed.into_iter().take(25) {
        if id.to_string().starts_with(&partial) || label.to_lowercase().contains(&partial) {
            choices = choices.add_int_choice(super::choice_name(label), id.0);
        }
    }
    choices
}

/// The subcommands that only name a tournament (their descriptions are `commands.ftl`'s, as every command's).
macro_rules! tournament_subcommand {
    ($name:ident, $variant:ident) => {
        #[poise::command(slash_command, guild_only)]
        pub async fn $name(
            ctx: Context<'_>,
            #[rename = "tournament"]
            #[autocomplete = "live_tournaments"]
            id: Option<i64>,
        ) -> Result<(), CommandError> {
            serve(
                ctx,
                Command::Tournament(TournamentCommand::$variant(id.map(TournamentId))),
            )
            .await
        }
    };
}

tournament_subcommand!(join, Join);
tournament_subcommand!(leave, Leave);
tournament_subcommand!(start, Start);
tournament_subcommand!(standings, Standings);
tournament_subcommand!(pairings, Pairings);
tournament_subcommand!(withdraw, Withdraw);
tournament_subcommand!(cancel, Cancel);
