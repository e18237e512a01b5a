//! The slash commands' words from the language resources (`commands.ftl`, see docs/translating.md): each
//! command's, subcommand's and option's description, and in every other language its name, description
//! and choices as Discord's `*_localizations`, so that a French client shows `/coup case:`.
//!
//! The English names stay in the code, where the handlers, the core's replies (`</board:id>`) and the
//! options read back (`match`) name them; Discord always sends a command by its English name whatever
//! the reader's language, so nothing else changes with a translation. A command is
//! `command-<name>`, a subcommand `command-<command>-<subcommand>`, an option `<its command's id>-<option>`;
//! a choice is found by its English name among the `choice-…` messages.

use std::borrow::Cow;

use namnam_core::Language;
use namnam_words::find;

use super::Command;

/// The resources' area of the slash commands.
const AREA: &str = "commands";

/// The Discord locale that shows `language`'s words, for each language but English: English is each
/// command's own, which Discord shows every other locale.
pub fn discord_locale(language: Language) -> Option<&'static str> {
    match language {
        Language::English => None,
        Language::French => Some("fr"),
    }
}

/// Puts the resources' words on `commands` (their subcommands and options too); answers what the
/// resources lack, which the tests forbid (a command then keeps what the code gives it, and a reader in
/// that language sees the English).
pub fn localise(commands: &mut [Command]) -> Vec<String> {
    let choices = namnam_words::ids_with_prefix(AREA, "choice-");
    let mut missing = Vec::new();
    for command in commands {
        match command.slash_action {
            Some(_) => command_words(command, "command", &choices, &mut missing),
            None => menu_words(command, &mut missing),
        }
    }
    missing
}

/// A menu command's words (a member's Apps menu): `menu-<name>` is the name the menu shows, in English
/// the code's, in every other language its own (which `registration` sets by hand: poise leaves a menu
/// command's localised names out). A menu command has no description.
fn menu_words(command: &mut Command, missing: &mut Vec<String>) {
    let id = format!("menu-{}", command.name);
    let name = command
        .context_menu_name
        .as_deref()
        .unwrap_or(&command.name)
        .to_owned();
    match find(Language::English, &id, None) {
        Some(english) if english == name => {}
        Some(english) => missing.push(format!("{id}: English {english:?}, the code says {name:?}")),
        None => missing.push(format!("{id} (en)")),
    }
    let mut names = Vec::new();
    for language in Language::ALL {
        let Some(locale) = discord_locale(language) else {
            continue;
        };
        match find(language, &id, None) {
            Some(name) => names.push((Cow::Borrowed(locale), Cow::Owned(name))),
            None => missing.push(format!("{id} ({language})")),
        }
    }
    command.name_localizations = Cow::Owned(names);
}

/// A name's or a description's localisations.
type Localisations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// The words of message `id` (a name and its `.description`): the English description, and every other
/// language's name and description. `name` is the code's name, which the English must repeat: a
/// translator reads the English file as the list of what to translate.
fn words(
    id: &str,
    name: &str,
    missing: &mut Vec<String>,
) -> (Option<String>, Localisations, Localisations) {
    match find(Language::English, id, None) {
        Some(english) if english == name => {}
        Some(english) => missing.push(format!("{id}: English {english:?}, the code says {name:?}")),
        None => missing.push(format!("{id} (en)")),
    }
    let description = find(Language::English, id, Some("description"));
    if description.is_none() {
        missing.push(format!("{id}.description (en)"));
    }
    let (mut names, mut descriptions) = (Vec::new(), Vec::new());
    for language in Language::ALL {
        let Some(locale) = discord_locale(language) else {
            continue;
        };
        match find(language, id, None) {
            Some(name) => names.push((Cow::Borrowed(locale), Cow::Owned(name))),
            None => missing.push(format!("{id} ({language})")),
        }
        match find(language, id, Some("description")) {
            Some(said) => descriptions.push((Cow::Borrowed(locale), Cow::Owned(said))),
            None => missing.push(format!("{id}.description ({language})")),
        }
    }
    (description, Cow::Owned(names), Cow::Owned(descriptions))
}

fn command_words(
    command: &mut Command,
    parent: &str,
    choices: &[(String, String)],
    missing: &mut Vec<String>,
) {
    let id = format!("{parent}-{}", command.name);
    let (description, names, descriptions) = words(&id, &command.name, missing);
    if let Some(description) = description {
        command.description = Some(description.into());
    }
    // Replaced, not added to: the same commands may be localised again.
    command.name_localizations = names;
    command.description_localizations = descriptions;
    for parameter in &mut command.parameters {
        let id = format!("{id}-{}", parameter.name);
        let (description, names, descriptions) = words(&id, &parameter.name, missing);
        if let Some(description) = description {
            parameter.description = Some(description.into());
        }
        parameter.name_localizations = names;
        parameter.description_localizations = descriptions;
        for choice in parameter.choices.to_mut() {
            let Some((choice_id, _)) = choices.iter().find(|(_, english)| *english == choice.name)
            else {
                missing.push(format!("{id}: a choice-… message for {:?}", choice.name));
                continue;
            };
            let mut localised = Vec::new();
            for language in Language::ALL {
                let Some(locale) = discord_locale(language) else {
                    continue;
                };
                match find(language, choice_id, None) {
                    Some(name) => localised.push((Cow::Borrowed(locale), Cow::Owned(name))),
                    None => missing.push(format!("{choice_id} ({language})")),
                }
            }
            choice.localizations = Cow::Owned(localised);
        }
    }
    for subcommand in &mut command.subcommands {
        command_words(subcommand, &id, choices, missing);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_option_and_choice_has_its_words_in_every_language() {
        let mut commands = super::super::all_unlocalised();
        assert_eq!(localise(&mut commands), Vec::<String>::new());
    }

    #[test]
    fn a_missing_word_is_reported() {
        let mut commands = super::super::all_unlocalised();
        commands[0].name = "no-such-command".into();
        let missing = localise(&mut commands);
        assert!(
            missing.contains(&"command-no-such-command (fr)".to_owned()),
            "{missing:?}"
        );
    }
}
