//! `/admin`: for members who may manage the server. Discord hides it from everyone else (the command's
//! default member permissions) and the bot checks again (a server can change who sees a command).

use poise::serenity_prelude as serenity;

use super::{not_yet, Clock, CommandError, Context, YesNo};

/// Server admin: abort a match, change the server's settings
#[poise::command(
    slash_command,
    guild_only,
    subcommands("abort", "settings"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn admin(_ctx: Context<'_>) -> Result<(), CommandError> {
    // Discord never invokes a command that has subcommands by itself.
    Ok(())
}

/// Abort this channel's match; it is not rated
#[poise::command(slash_command, guild_only, required_permissions = "MANAGE_GUILD")]
pub async fn abort(ctx: Context<'_>) -> Result<(), CommandError> {
    not_yet(ctx).await
}

/// Change this server's settings (only the options you give)
#[poise::command(slash_command, guild_only, required_permissions = "MANAGE_GUILD")]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "A channel whose permission to host matches you change"] channel: Option<
        serenity::GuildChannel,
    >,
    #[description = "Whether that channel may host matches"] allowed: Option<YesNo>,
    #[description = "The clock of new challenges when none is given"] clock: Option<Clock>,
    #[description = "The target of new challenges when none is given"]
    #[min = 7]
    #[max = 12]
    target: Option<u8>,
    #[description = "Give each match its own thread"] threads: Option<YesNo>,
) -> Result<(), CommandError> {
    let _ = (channel, allowed, clock, target, threads);
    not_yet(ctx).await
}
