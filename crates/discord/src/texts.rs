//! The Discord layer's own words (`discord.ftl`): the `/help` text, and what a player is told when a
//! command cannot be done. (The rules in brief are the core's, shared with the console:
//! [`namnam_core::text::rules`].)

use namnam_core::Language;

/// One of the Discord layer's messages (`discord.ftl`), without arguments, in `language`.
pub fn say(language: Language, id: &str) -> String {
    namnam_words::message(language, id, &[])
}

/// One of the Discord layer's messages with its arguments, in `language`.
pub fn say_with(language: Language, id: &str, args: &[(&str, namnam_words::Arg)]) -> String {
    namnam_words::message(language, id, args)
}

/// The answer to `/help`, naming the commands as `language`'s clients show them.
pub fn help(language: Language) -> String {
    say(language, "discord-help")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_fit_in_one_discord_message() {
        let mut texts: Vec<String> = Language::ALL
            .map(|l| namnam_core::text::rules().plain_in(l))
            .to_vec();
        texts.extend(Language::ALL.map(help));
        for text in texts {
            assert!(
                text.chars().count() <= 2000,
                "{} characters",
                text.chars().count()
            );
        }
    }

    #[test]
    fn help_names_every_command_family_as_each_language_shows_it() {
        for language in Language::ALL {
            let help = help(language);
            for command in [
                "challenge",
                "accept",
                "move",
                "board",
                "resign",
                "takeback",
                "leaderboard",
                "replay",
                "analyse",
                "export",
                "notify",
                "tournament",
                "admin",
                "rules",
            ] {
                let shown = namnam_words::find(language, &format!("command-{command}"), None)
                    .expect("every command has its name in every language");
                assert!(
                    help.contains(&format!("`/{shown}")),
                    "{language}: /{shown} missing from /help"
                );
            }
        }
        assert!(help(Language::English).contains("`/move house:3`"));
        assert!(help(Language::French).contains("`/coup case:3`"));
    }

    /// Every `"discord-…"` id the code names (a [`crate::CommandError::Said`], say) is a message: a
    /// misspelt one would show the player its id.
    #[test]
    fn every_message_the_code_names_exists() {
        let mut sources = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        let mut named = 0;
        while let Some(path) = sources.pop() {
            if path.is_dir() {
                sources.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (at, _) in text.match_indices("\"discord-") {
                let id: String = text[at + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if id.ends_with('-') {
                    // This test's own pattern, and prose that names the prefix.
                    continue;
                }
                assert!(namnam_words::has_message(&id), "{}: {id}", path.display());
                named += 1;
            }
        }
        assert!(named > 15, "{named} ids found");
    }
}
