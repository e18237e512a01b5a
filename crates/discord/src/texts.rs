//! The `/help` text: the slash commands and buttons. (The rules in brief are the core's, shared with the
//! console: [`namnam_core::text::rules`].)

/// The answer to `/help`.
pub const HELP: &str = "\
**Playing Nam-nam here**
`/challenge opponent:@someone` — invite someone (options: endgame, chain, first, target, rounds, clock)
`/challenge opponent:@Namnam level:1` — play me, the computer: level 1 (gentle) to 5 (strongest)
`/accept`, `/decline`, `/cancel` — answer or withdraw the open challenge in this channel (or use its buttons)
`/move house:3` — play a house (start typing: only your legal houses are offered); or press a house button
`/board` — show the board again · `/resign` · `/draw` — offer or accept a draw · `/rematch` — play again
`/takeback` — ask to take back your last move before your opponent moves, or accept their request (`decline:yes` declines)
`/matches` — your matches here · `/history` — the moves of this channel's match
`/replay match:12` — step through a match (options: move, public) · `/analyse match:12` — the computer's verdict on a match that is over · `/export match:12` — its record as a file
`/leaderboard` · `/stats` — ratings on this server and your chart (`season:3`: an ended season's standings)
`/notify on` — a DM when it becomes your turn, unless you are at the board · `/notify off`
`/tournament create` — a Swiss or round-robin tournament here; `join`, `start`, `standings`, `pairings`, `withdraw`
Several matches of yours in one channel? Add `match:` to a command (your matches are offered as you type)
`/rules` — the rules in brief · `/admin` — abort a match, server settings, a new season (Manage Server)
No Discord at hand? `namnam console` plays the same game in a terminal.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_fit_in_one_discord_message() {
        let rules = namnam_core::Language::ALL.map(|l| namnam_core::text::rules().plain_in(l));
        for text in rules.iter().map(String::as_str).chain([HELP]) {
            assert!(
                text.chars().count() <= 2000,
                "{} characters",
                text.chars().count()
            );
        }
    }

    #[test]
    fn help_names_every_command_family() {
        for command in [
            "/challenge",
            "/accept",
            "/move",
            "/board",
            "/resign",
            "/takeback",
            "/leaderboard",
            "/replay",
            "/analyse",
            "/export",
            "/notify",
            "/tournament",
            "/admin",
        ] {
            assert!(HELP.contains(command), "{command} missing from /help");
        }
    }
}
