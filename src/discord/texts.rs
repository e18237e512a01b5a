//! The fixed texts the bot shows: a short summary of the rules, in the project's own words (the full
//! rules are RULES.md), and the list of commands.

/// The answer to `/rules`: short enough for one Discord message (2000 characters).
pub const RULES: &str = "\
**Nam-nam**, the roaming Oware of Ghana, in brief:
• 12 houses in a ring, 4 seeds each, numbered 1–12. You own a **territory**: at first your own row of six.
• **A move**: lift all seeds of a house you own and sow them one by one, anticlockwise. If your last seed \
lands in a non-empty house, lift that house and sow on (a new **lap**); the move ends when the last seed \
lands in an empty house.
• **Fours**: a house that reaches exactly four seeds during the sowing goes to its owner; reached by your \
last seed, it is yours wherever it is, and the move ends.
• If your opponent has no seeds, you must give them some. Four seeds or fewer left after a capture end the round.
• **Next round**: every four seeds you won buy you one house. Own more houses than your opponent to win the \
round; own them all (or reach the agreed target, or lead after the round limit) to win the match.
• The move clock is part of the match: let it run out and you lose.";

/// The answer to `/help`.
pub const HELP: &str = "\
**Playing Nam-nam here**
`/challenge opponent:@someone` — invite someone (options: endgame, chain, first, target, rounds, clock)
`/accept`, `/decline`, `/cancel` — answer or withdraw the open challenge in this channel
`/move house:3` — play a house (start typing: only your legal houses are offered); or press a house button
`/board` — show the board again · `/resign` · `/draw` — offer or accept a draw
`/matches` — your matches here · `/history` — the moves of this channel's match
`/leaderboard` · `/stats` — ratings on this server
`/rules` — the rules in brief · `/admin` — abort a match, server settings (Manage Server)
No Discord at hand? `namnam console` plays the same game in a terminal.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_fit_in_one_discord_message() {
        for text in [RULES, HELP] {
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
            "/leaderboard",
            "/admin",
        ] {
            assert!(HELP.contains(command), "{command} missing from /help");
        }
    }
}
