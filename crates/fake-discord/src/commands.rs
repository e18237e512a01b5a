//! Discord's rules for the words of registered slash commands, which its OpenAPI description cannot say
//! (it types a localisation as any string under any key): a name matches `^[-_\p{L}\p{N}]{1,32}$` and
//! is lowercase, in every locale; a description and a choice's name are 1–100 characters; a
//! localisation's key is one of Discord's locales (the description's `AvailableLocalesEnum`); and no
//! two neighbours (top-level commands, or the options of one command) show the same name to a reader of
//! any locale. Discord refuses a registration that breaks one, and so does the fake.
//!
//! [`untranslated`] is the bot's own rule, not Discord's: every command, option and choice carries a
//! locale's words.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

static NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[-_\p{L}\p{N}]{1,32}$").expect("a valid pattern"));

/// Option types that hold options of their own: a subcommand (1) and a subcommand group (2).
fn holds_options(option: &Value) -> bool {
    matches!(option["type"].as_u64(), Some(1) | Some(2))
}

/// What breaks Discord's rules in `commands` (a registration's body), one line each; `locales` are the
/// locale codes Discord knows.
pub fn check(commands: &[Value], locales: &[String]) -> Vec<String> {
    let mut broken = Vec::new();
    siblings(commands, "", locales, &mut broken);
    installs(commands, &mut broken);
    for command in commands {
        // Only slash commands (type 1, the default) have these rules; a menu command's name is free text
        // (mixed case, spaces) of 1–32 characters in every locale (application-commands, "Application
        // Command Naming").
        let name = command["name"].as_str().unwrap_or_default();
        match command["type"].as_u64().unwrap_or(1) {
            1 => check_one(command, &format!("/{name}"), locales, &mut broken),
            _ => {
                let path = format!("menu {name:?}");
                check_length(Some(name), 32, &path, &mut broken);
                for (locale, name) in
                    localisations(command, "name_localizations", &path, locales, &mut broken)
                {
                    check_length(Some(&name), 32, &format!("{path} ({locale})"), &mut broken);
                }
            }
        }
    }
    broken
}

/// Where commands may be used: `integration_types` lists installation contexts (0 guild, 1 user) and
/// `contexts` interaction contexts (0 guild, 1 bot DM, 2 private channel), each once
/// (application-commands, "Contexts"); an app has at most 15 user commands (context menus of type 2:
/// "we have increased the limit to 15 per type", change-log, "Updates to Context Menu Commands").
fn installs(commands: &[Value], broken: &mut Vec<String>) {
    for command in commands {
        let path = format!("/{}", command["name"].as_str().unwrap_or_default());
        for (field, most) in [("integration_types", 1), ("contexts", 2)] {
            let Some(values) = command.get(field).filter(|v| !v.is_null()) else {
                continue;
            };
            let values: Vec<Option<u64>> = values
                .as_array()
                .map(|a| a.iter().map(Value::as_u64).collect())
                .unwrap_or_else(|| vec![None]);
            let mut seen = Vec::new();
            for value in values {
                match value {
                    Some(v) if v <= most && !seen.contains(&v) => seen.push(v),
                    _ => broken.push(format!("{path}: {field} holds {value:?}")),
                }
            }
        }
    }
    let user_commands = commands
        .iter()
        .filter(|c| c["type"].as_u64() == Some(2))
        .count();
    if user_commands > 15 {
        broken.push(format!("{user_commands} user commands, not at most 15"));
    }
}

fn check_one(item: &Value, path: &str, locales: &[String], broken: &mut Vec<String>) {
    check_name(item["name"].as_str().unwrap_or_default(), path, broken);
    check_description(item["description"].as_str(), path, broken);
    for (locale, name) in localisations(item, "name_localizations", path, locales, broken) {
        check_name(&name, &format!("{path} ({locale})"), broken);
    }
    for (locale, description) in
        localisations(item, "description_localizations", path, locales, broken)
    {
        check_description(Some(&description), &format!("{path} ({locale})"), broken);
    }
    let options = item["options"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    siblings(options, path, locales, broken);
    for option in options {
        let path = format!("{path} {}", option["name"].as_str().unwrap_or_default());
        check_one(option, &path, locales, broken);
        for choice in option["choices"].as_array().into_iter().flatten() {
            let path = format!("{path} choice {}", choice["name"]);
            check_length(choice["name"].as_str(), 100, &path, broken);
            for (locale, name) in
                localisations(choice, "name_localizations", &path, locales, broken)
            {
                check_length(Some(&name), 100, &format!("{path} ({locale})"), broken);
            }
        }
    }
}

fn check_name(name: &str, path: &str, broken: &mut Vec<String>) {
    if !NAME.is_match(name) {
        broken.push(format!(
            "{path}: the name {name:?} must match ^[-_\\p{{L}}\\p{{N}}]{{1,32}}$"
        ));
    } else if name.to_lowercase() != name {
        broken.push(format!("{path}: the name {name:?} must be lowercase"));
    }
}

fn check_description(description: Option<&str>, path: &str, broken: &mut Vec<String>) {
    check_length(description, 100, &format!("{path}'s description"), broken);
}

fn check_length(text: Option<&str>, most: usize, path: &str, broken: &mut Vec<String>) {
    let length = text.map_or(0, |t| t.chars().count());
    if !(1..=most).contains(&length) {
        broken.push(format!("{path}: {length} characters, not 1–{most}"));
    }
}

/// A localisations object's entries; a key that is not a Discord locale, or a value that is not a
/// string, is broken.
fn localisations(
    item: &Value,
    field: &str,
    path: &str,
    locales: &[String],
    broken: &mut Vec<String>,
) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (locale, value) in item[field].as_object().into_iter().flatten() {
        if !locales.contains(locale) {
            broken.push(format!(
                "{path}: {field} has {locale:?}, not a Discord locale"
            ));
        }
        match value.as_str() {
            Some(text) => found.push((locale.clone(), text.to_owned())),
            None => broken.push(format!("{path}: {field}[{locale}] is not a string")),
        }
    }
    found
}

/// Neighbours show different names: in Discord's default, and in each locale (where a neighbour with
/// no localisation shows its default name).
fn siblings(items: &[Value], path: &str, locales: &[String], broken: &mut Vec<String>) {
    let shown = |item: &Value, locale: Option<&str>| -> String {
        locale
            .and_then(|l| item["name_localizations"][l].as_str())
            .or_else(|| item["name"].as_str())
            .unwrap_or_default()
            .to_owned()
    };
    for locale in std::iter::once(None).chain(locales.iter().map(|l| Some(l.as_str()))) {
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for item in items {
            *seen.entry(shown(item, locale)).or_default() += 1;
        }
        for (name, count) in seen.into_iter().filter(|(_, count)| *count > 1) {
            let place = if path.is_empty() {
                "the commands"
            } else {
                path
            };
            let locale = locale.unwrap_or("default");
            broken.push(format!("{place}: {count} named {name:?} ({locale})"));
        }
    }
}

/// What lacks `locale`'s words: each command, subcommand and option without a name and a description
/// in it, each choice without a name in it, and each menu command without a name in it (a menu has no
/// description).
pub fn untranslated(commands: &[Value], locale: &str) -> Vec<String> {
    fn walk(item: &Value, path: &str, locale: &str, lacking: &mut Vec<String>) {
        for field in ["name_localizations", "description_localizations"] {
            if item[field][locale].as_str().is_none() {
                lacking.push(format!("{path}: {field}"));
            }
        }
        for option in item["options"].as_array().into_iter().flatten() {
            let path = format!("{path} {}", option["name"].as_str().unwrap_or_default());
            walk(option, &path, locale, lacking);
            if !holds_options(option) {
                for choice in option["choices"].as_array().into_iter().flatten() {
                    if choice["name_localizations"][locale].as_str().is_none() {
                        lacking.push(format!("{path} choice {}", choice["name"]));
                    }
                }
            }
        }
    }
    let mut lacking = Vec::new();
    for command in commands {
        let path = format!("/{}", command["name"].as_str().unwrap_or_default());
        // A menu command (type 2 or 3) has a name only.
        if command["type"].as_u64().is_some_and(|kind| kind > 1) {
            if command["name_localizations"][locale].as_str().is_none() {
                lacking.push(format!("{path}: name_localizations"));
            }
            continue;
        }
        walk(command, &path, locale, &mut lacking);
    }
    lacking
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn locales() -> Vec<String> {
        crate::OpenApi::load(std::path::Path::new(crate::openapi::VENDORED)).locales()
    }

    fn good() -> Value {
        json!({
            "name": "move", "description": "Play a house",
            "name_localizations": {"fr": "coup"},
            "description_localizations": {"fr": "Jouer une case"},
            "options": [{
                "type": 4, "name": "house", "description": "The house",
                "name_localizations": {"fr": "case"},
                "description_localizations": {"fr": "La case"},
                "choices": [{"name": "one", "value": 1, "name_localizations": {"fr": "une"}}],
            }, {
                "type": 4, "name": "match", "description": "The match",
                "name_localizations": {"fr": "partie"},
                "description_localizations": {"fr": "La partie"},
            }],
        })
    }

    #[test]
    fn the_locales_are_discords() {
        let locales = locales();
        assert!(locales.len() > 25, "{locales:?}");
        for locale in ["fr", "en-US", "pt-BR", "zh-TW"] {
            assert!(locales.iter().any(|l| l == locale), "{locale}");
        }
        assert!(!locales.iter().any(|l| l == "fr-FR"));
    }

    #[test]
    fn well_formed_words_pass() {
        assert_eq!(check(&[good()], &locales()), Vec::<String>::new());
        assert_eq!(untranslated(&[good()], "fr"), Vec::<String>::new());
    }

    #[test]
    fn each_broken_rule_is_caught() {
        let broken = |change: &dyn Fn(&mut Value)| {
            let mut command = good();
            change(&mut command);
            check(&[command], &locales())
        };
        let uppercase = broken(&|c| c["name_localizations"]["fr"] = json!("Coup"));
        assert!(uppercase[0].contains("lowercase"), "{uppercase:?}");
        let long = broken(&|c| c["options"][0]["name_localizations"]["fr"] = json!("c".repeat(33)));
        assert!(long[0].contains("must match"), "{long:?}");
        let space = broken(&|c| c["name_localizations"]["fr"] = json!("un coup"));
        assert!(space[0].contains("must match"), "{space:?}");
        let empty = broken(&|c| c["description_localizations"]["fr"] = json!(""));
        assert!(empty[0].contains("0 characters"), "{empty:?}");
        let wordy = broken(&|c| c["description_localizations"]["fr"] = json!("d".repeat(101)));
        assert!(wordy[0].contains("101 characters"), "{wordy:?}");
        let choice = broken(&|c| {
            c["options"][0]["choices"][0]["name_localizations"]["fr"] = json!("x".repeat(101))
        });
        assert!(choice[0].contains("choice"), "{choice:?}");
        let locale = broken(&|c| c["name_localizations"]["fr-FR"] = json!("coup"));
        assert!(locale[0].contains("not a Discord locale"), "{locale:?}");
        let twins = broken(&|c| c["options"][1]["name_localizations"]["fr"] = json!("case"));
        assert!(twins[0].contains("2 named \"case\" (fr)"), "{twins:?}");
        let default = broken(&|c| c["name"] = json!("Move"));
        assert!(default[0].contains("lowercase"), "{default:?}");
    }

    #[test]
    fn where_commands_may_be_used_is_checked() {
        let mut command = good();
        command["integration_types"] = json!([0, 1]);
        command["contexts"] = json!([0, 1, 2]);
        assert_eq!(check(&[command.clone()], &locales()), Vec::<String>::new());
        command["contexts"] = json!([0, 3]);
        command["integration_types"] = json!([1, 1]);
        let broken = check(&[command], &locales());
        assert_eq!(broken.len(), 2, "{broken:?}");
        let menus: Vec<Value> = (0..16)
            .map(|n| json!({"type": 2, "name": format!("Menu {n}")}))
            .collect();
        let broken = check(&menus, &locales());
        assert!(
            broken.iter().any(|b| b.contains("16 user commands")),
            "{broken:?}"
        );
    }

    #[test]
    fn a_menu_commands_names_are_free_text_of_at_most_32_characters() {
        let menu = json!({"type": 2, "name": "Challenge to Nam-nam",
            "name_localizations": {"fr": "Défier au Nam-nam"}});
        assert_eq!(
            check(std::slice::from_ref(&menu), &locales()),
            Vec::<String>::new()
        );
        assert_eq!(
            untranslated(std::slice::from_ref(&menu), "fr"),
            Vec::<String>::new()
        );
        let mut long = menu.clone();
        long["name_localizations"]["fr"] = json!("d".repeat(33));
        let broken = check(&[long], &locales());
        assert!(broken[0].contains("33 characters"), "{broken:?}");
        let mut bare = menu;
        bare["name_localizations"] = json!({});
        assert_eq!(
            untranslated(&[bare], "fr"),
            ["/Challenge to Nam-nam: name_localizations"]
        );
    }

    #[test]
    fn missing_words_are_listed() {
        let mut command = good();
        command["options"][1]["name_localizations"] = json!({});
        command["options"][0]["choices"][0]["name_localizations"] = json!({});
        let lacking = untranslated(&[command], "fr");
        assert_eq!(
            lacking,
            [
                "/move house choice \"one\"",
                "/move match: name_localizations"
            ]
        );
    }
}
