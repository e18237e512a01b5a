//! Making and playing matches: challenge, answer, move, look, resign, draw, take back. Each command turns its options
//! into the core's vocabulary and hands it over ([`serve`]); the core decides everything.

use namnam_core::{ChallengeCommand, MatchCommand, MatchRef, PlayCommand};
use namnam_model::{MatchId, UserId};
use poise::serenity_prelude as serenity;

use super::{serve, Clock, CommandError, Context, Endgame, First, YesNo};
use crate::asking;
use crate::texts::say_with;
use namnam_ai::Level;
use namnam_core::{ChallengeOptions, Change, Command, TermsOptions};
use namnam_game::House;
use namnam_words::Arg;

/// Challenge someone to a match of Nam-nam in this channel (or me, to play the computer)
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)] // one argument per slash option
pub async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    endgame: Option<Endgame>,
    chain: Option<YesNo>,
    first: Option<First>,
    #[min = 7]
    #[max = 12]
    target: Option<u8>,
    #[min = 1]
    #[max = 99]
    rounds: Option<u8>,
    clock: Option<Clock>,
    #[min = 1]
    #[max = 6]
    level: Option<u8>,
) -> Result<(), CommandError> {
    let poise::Context::Application(app) = ctx else {
        return Err(CommandError::Said("discord-use-slash-command"));
    };
    let options = ChallengeOptions {
        terms: TermsOptions {
            endgame: endgame.map(Into::into),
            chain: chain.map(Into::into),
            first: first.map(Into::into),
            target: target.map_or(Change::Keep, Change::Set),
            round_limit: rounds,
            clock_secs: clock.map(Clock::seconds),
        },
        // Discord keeps the number within 1–6 (`min`/`max`); anything else is refused like a typed level.
        level: level
            .map(|l| Level::new(i64::from(l)))
            .transpose()
            .map_err(|_| CommandError::Said("discord-level-range"))?,
    };
    let command = match opponent {
        Some(opponent) => {
            let member = app.interaction.data.resolved.members.get(&opponent.id);
            let opponent = asking::opponent(&opponent, member, ctx.data().me);
            ChallengeCommand::Challenge { opponent, options }
        }
        // Open to anyone who sees it: the first to accept plays.
        None => ChallengeCommand::Open { options },
    };
    serve(ctx, Command::Challenges(command)).await
}

/// Challenge this member here: the member's menu (Apps → Challenge to Nam-nam), answered with a private
/// draft on the place's usual terms whose buttons change them and send the challenge. Refused where
/// Discord says the member cannot see this channel (a server's, where their permissions come with the
/// interaction); in a DM between players or a group DM whoever Discord offers the menu on is there (the
/// core refuses a challenge to a person in the bot's own DM, where nobody could answer it).
#[poise::command(
    context_menu_command = "Challenge to Nam-nam",
    rename = "challenge-menu"
)]
pub async fn challenge_menu(ctx: Context<'_>, member: serenity::User) -> Result<(), CommandError> {
    let poise::Context::Application(app) = ctx else {
        return Err(CommandError::Said("discord-use-slash-command"));
    };
    let resolved = app.interaction.data.resolved.members.get(&member.id);
    if app.interaction.guild_id.is_some() && !asking::sees_channel(resolved) {
        return Err(CommandError::Said("discord-menu-unseen"));
    }
    let opponent = asking::opponent(&member, resolved, ctx.data().me);
    serve(
        ctx,
        Command::Challenges(ChallengeCommand::FromMenu {
            opponent,
            // A menu asks nothing: its draft starts on the place's usual terms.
            terms: TermsOptions::default(),
        }),
    )
    .await
}

/// Accept the challenge open for you in this channel
#[poise::command(slash_command)]
pub async fn accept(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Challenges(ChallengeCommand::Accept { challenge: None }),
    )
    .await
}

/// Decline the challenge open for you in this channel
#[poise::command(slash_command)]
pub async fn decline(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Challenges(ChallengeCommand::Decline { challenge: None }),
    )
    .await
}

/// Withdraw your open challenge in this channel
#[poise::command(slash_command)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Challenges(ChallengeCommand::Cancel { challenge: None }),
    )
    .await
}

/// Play a house in this channel's match
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 12]
    #[autocomplete = "legal_houses"]
    house: u8,
    #[rename = "match"]
    #[autocomplete = "your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    // Discord enforces the range; a client that does not is answered like a typed command.
    let house = House::from_label(i64::from(house)).map_err(|_| {
        let house = Arg::Number(i64::from(house));
        CommandError::user(say_with(
            super::language(ctx),
            "discord-no-such-house",
            &[("house", house)],
        ))
    })?;
    serve(
        ctx,
        Command::Play(PlayCommand::Move {
            house,
            at: MatchRef::typed(match_id.map(MatchId)),
        }),
    )
    .await
}

/// The choices offered while typing `/move house:`: the legal houses of the player to move, with their
/// seeds — none for anyone else.
async fn legal_houses(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let mut choices = serenity::CreateAutocompleteResponse::new();
    let Some((app, place)) = super::autocomplete_place(ctx) else {
        return choices;
    };
    let user = UserId(ctx.author().id.get());
    // The match chosen already, if the player gave `match` before `house`.
    let number = app
        .interaction
        .data
        .options()
        .iter()
        .find(|o| o.name == "match")
        .and_then(|o| match o.value {
            serenity::ResolvedValue::Integer(n) => Some(n),
            _ => None,
        });
    let houses = match ctx
        .data()
        .core
        .legal_houses(&place, user, number.map(MatchId))
        .await
    {
        Ok(houses) => houses,
        Err(error) => {
            tracing::error!(error = %namnam_core::cause_chain(&error), "autocomplete failed");
            Vec::new()
        }
    };
    let language = super::language(ctx);
    for (house, seeds) in houses {
        let label = house.to_string();
        if label.starts_with(partial.trim()) {
            let args = [
                ("house", Arg::Number(i64::from(house.label()))),
                ("count", Arg::Number(i64::from(seeds))),
            ];
            let name = say_with(language, "discord-house-choice", &args);
            choices = choices.add_int_choice(name, i64::from(house.label()));
        }
    }
    choices
}

/// The choices offered while typing a command's `match:` option: the player's live matches in this channel.
pub(super) async fn your_matches(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let mut choices = serenity::CreateAutocompleteResponse::new();
    let Some((_, place)) = super::autocomplete_place(ctx) else {
        return choices;
    };
    let user = UserId(ctx.author().id.get());
    let matches = match ctx.data().core.matches_here(&place, user).await {
        Ok(matches) => matches,
        Err(error) => {
            tracing::error!(error = %namnam_core::cause_chain(&error), "autocomplete failed");
            Vec::new()
        }
    };
    let partial = partial.trim().trim_start_matches('#');
    // Discord shows at most 25 choices.
    let language = super::language(ctx);
    for (id, label) in matches.into_iter().take(25) {
        let label = label.plain_in(language);
        if id.to_string().starts_with(partial) || label.contains(partial) {
            choices = choices.add_int_choice(super::choice_name(label), id.0);
        }
    }
    choices
}

/// Show this channel's match board again
#[poise::command(slash_command)]
pub async fn board(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Matches(MatchCommand::Board {
            match_id: match_id.map(MatchId),
        }),
    )
    .await
}

/// Resign this channel's match (asks for confirmation)
#[poise::command(slash_command)]
pub async fn resign(
    ctx: Context<'_>,
    confirm: Option<YesNo>,
    #[rename = "match"]
    #[autocomplete = "your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Play(PlayCommand::Resign {
            confirmed: confirm.is_some_and(bool::from),
            at: MatchRef::typed(match_id.map(MatchId)),
        }),
    )
    .await
}

/// Offer a draw, or accept your opponent's offer
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    let command = Command::Play(PlayCommand::Draw {
        at: MatchRef::typed(match_id.map(MatchId)),
    });
    serve(ctx, command).await
}

/// Ask to take back your last move (before your opponent moves), or accept your opponent's request
#[poise::command(slash_command)]
pub async fn takeback(
    ctx: Context<'_>,
    decline: Option<YesNo>,
    #[rename = "match"]
    #[autocomplete = "your_matches"]
    match_id: Option<i64>,
) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Play(PlayCommand::Takeback {
            decline: decline.is_some_and(bool::from),
            at: MatchRef::typed(match_id.map(MatchId)),
        }),
    )
    .await
}

/// Play your last opponent in this channel again, on the same terms
#[poise::command(slash_command)]
pub async fn rematch(ctx: Context<'_>) -> Result<(), CommandError> {
    serve(
        ctx,
        Command::Challenges(ChallengeCommand::Rematch {
            match_id: None,
            level: None,
        }),
    )
    .await
}
