//! Every word a player reads, in each language the bot speaks: Project Fluent resources (`locales/<code>/
//! <area>.ftl`, see docs/translating.md) and their formatting.
//!
//! A message is an id with named arguments; a translator may reorder the arguments, and plural forms follow
//! each language's rules (CLDR: French says "0 graine", English "0 seeds"). Arguments arrive already shown
//! the way the front end shows them (a name escaped for Discord's markdown, say), so nothing here knows a
//! front end.
//!
//! ```
//! use namnam_words::{message, Arg, Language};
//! let said = message(Language::French, "test-seeds", &[("count", Arg::Number(0))]);
//! assert_eq!(said, "0 graine");
//! let said = message(Language::English, "test-seeds", &[("count", Arg::Number(0))]);
//! assert_eq!(said, "0 seeds");
//! ```

use std::fmt;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    #[default]
    English,
    French,
}

impl Language {
    /// Every language, English (the default) first.
    pub const ALL: [Language; 2] = [Language::English, Language::French];

    /// The language's code, as the resources' folders and the settings name it (`en`, `fr`).
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
        }
    }

    /// The language's own name for itself.
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "Français",
        }
    }

    /// The language of a code (`fr`), or of a locale as Discord sends it (`fr`, `en-US`, `en-GB`); `None`
    /// for a language the bot does not speak.
    pub fn of_code(code: &str) -> Option<Language> {
        let primary = code.split(['-', '_']).next().unwrap_or_default();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The language for a Discord locale: the locale's own when the bot speaks it, else English.
    pub fn of_locale(locale: &str) -> Language {
        Language::of_code(locale).unwrap_or_default()
    }

    fn resources(self) -> &'static [&'static str] {
        match self {
            Language::English => &EN,
            Language::French => &FR,
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Each language's resources, one file an area.
macro_rules! resources {
    ($code:literal: $($area:literal),* $(,)?) => {
        [$(include_str!(concat!("../locales/", $code, "/", $area, ".ftl"))),*]
    };
}

/// The areas, in every language: the same files.
pub const AREAS: [&str; 16] = [
    "common",
    "errors",
    "match",
    "challenges",
    "tournaments",
    "info",
    "records",
    "puzzles",
    "notices",
    "console",
    "pictures",
    "commands",
    "discord",
    "web",
    "daily",
    "lessons",
];
const EN: [&str; 16] = resources!("en": "common", "errors", "match", "challenges", "tournaments", "info", "records", "puzzles", "notices", "console", "pictures", "commands", "discord", "web", "daily", "lessons");
const FR: [&str; 16] = resources!("fr": "common", "errors", "match", "challenges", "tournaments", "info", "records", "puzzles", "notices", "console", "pictures", "commands", "discord", "web", "daily", "lessons");

/// The text of `area`'s resource in `language`, for the tests that keep languages whole.
pub fn resource(language: Language, area: &str) -> Option<&'static str> {
    let at = AREAS.iter().position(|a| *a == area)?;
    language.resources().get(at).copied()
}

/// One language's messages.
struct Bundle(FluentBundle<FluentResource>);

fn bundle(language: Language) -> Bundle {
    let id: LanguageIdentifier = language.code().parse().expect("a valid language code");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // The arguments come isolated already where they need it (a name with right-to-left letters): Fluent's
    // own isolation would wrap every number and command in invisible marks too.
    bundle.set_use_isolating(false);
    for text in language.resources() {
        let resource = FluentResource::try_new((*text).to_owned()).unwrap_or_else(|(_, errors)| {
            panic!("{language}: a resource does not parse: {errors:?}")
        });
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("{language}: a message is defined twice: {errors:?}"));
    }
    Bundle(bundle)
}

static BUNDLES: LazyLock<[Bundle; 2]> =
    LazyLock::new(|| [bundle(Language::English), bundle(Language::French)]);

/// An argument of a message, as the front end shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Shown as it is.
    Text(String),
    /// A number: shown in the language's way, and choosing the plural form.
    Number(i64),
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_owned())
    }
}

/// The largest whole number an `f64` holds exactly, 2^53 − 1.
const MAX_EXACT: u64 = (1 << 53) - 1;

/// Whether `id` is a message of the resources.
pub fn has_message(id: &str) -> bool {
    BUNDLES[0].0.has_message(id)
}

/// Message `id` in `language` with its arguments. An id missing from a language (which the tests forbid)
/// falls back to English, then to the id itself, so that a player never sees nothing.
pub fn message(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, arg) in args {
        match arg {
            Arg::Text(text) => fluent_args.set(*name, FluentValue::from(text.as_str())),
            Arg::Number(n) if n.unsigned_abs() > MAX_EXACT => {
                // Fluent holds numbers as `f64`, which rounds past 2^53 − 1 (a platform id such as
                // 9223372036854775807 would be shown as 9223372036854776000): such a number is handed over
                // as its digits, exact (its plural form is then the default one).
                fluent_args.set(*name, FluentValue::from(n.to_string()))
            }
            Arg::Number(n) => fluent_args.set(*name, FluentValue::from(*n)),
        }
    }
    for language in [language, Language::English] {
        let bundle = &BUNDLES[language as usize].0;
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            continue;
        };
        let mut errors = Vec::new();
        let said = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        return said.into_owned();
    }
    id.to_owned()
}

/// Message `id`'s value in `language`, or its attribute `attribute` (a slash command's `.description`),
/// formatted without arguments; `None` when `language` lacks it. Unlike [`message`] nothing falls back
/// to English: the slash commands' localisations leave out what a language does not have, and Discord
/// then shows the English.
pub fn find(language: Language, id: &str, attribute: Option<&str>) -> Option<String> {
    let bundle = &BUNDLES[language as usize].0;
    let found = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(name) => found.get_attribute(name)?.value(),
        None => found.value()?,
    };
    let mut errors = Vec::new();
    let said = bundle.format_pattern(pattern, None, &mut errors);
    errors.is_empty().then(|| said.into_owned())
}

/// The ids of the messages of `area`'s resource in English whose id starts with `prefix`, with their
/// values: how the slash commands find a choice's words by the English name Discord shows.
pub fn ids_with_prefix(area: &str, prefix: &str) -> Vec<(String, String)> {
    let Some(text) = resource(Language::English, area) else {
        return Vec::new();
    };
    let Ok(parsed) = FluentResource::try_new(text.to_owned()) else {
        return Vec::new();
    };
    parsed
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name),
            _ => None,
        })
        .filter(|id| id.starts_with(prefix))
        .filter_map(|id| Some((id.to_owned(), find(Language::English, id, None)?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_choose_a_language() {
        assert_eq!(Language::of_locale("fr"), Language::French);
        assert_eq!(Language::of_locale("en-US"), Language::English);
        assert_eq!(Language::of_locale("en-GB"), Language::English);
        assert_eq!(Language::of_locale("pt-BR"), Language::English);
        assert_eq!(Language::of_code("pt-BR"), None);
    }

    #[test]
    fn plurals_follow_each_languages_rules() {
        let seeds = |language, n| message(language, "test-seeds", &[("count", Arg::Number(n))]);
        assert_eq!(seeds(Language::English, 1), "1 seed");
        assert_eq!(seeds(Language::English, 2), "2 seeds");
        assert_eq!(seeds(Language::French, 1), "1 graine");
        assert_eq!(seeds(Language::French, 0), "0 graine");
        assert_eq!(seeds(Language::French, 21), "21 graines");
    }

    #[test]
    fn every_number_is_shown_exactly() {
        let seeds = |language, n| message(language, "test-seeds", &[("count", Arg::Number(n))]);
        assert_eq!(
            seeds(Language::English, 9_223_372_036_854_775_807),
            "9223372036854775807 seeds"
        );
        assert_eq!(
            seeds(Language::French, -9_223_372_036_854_775_808),
            "-9223372036854775808 graines"
        );
        assert_eq!(
            seeds(Language::English, 9_007_199_254_740_993),
            "9007199254740993 seeds"
        );
        assert_eq!(
            seeds(Language::English, 9_007_199_254_740_991),
            "9007199254740991 seeds"
        );
    }

    #[test]
    fn find_reads_values_and_attributes_without_falling_back() {
        assert_eq!(
            find(Language::French, "command-move", None).as_deref(),
            Some("coup")
        );
        assert!(find(Language::French, "command-move", Some("description")).is_some());
        assert_eq!(
            find(Language::French, "command-move", Some("nothing")),
            None
        );
        assert_eq!(find(Language::French, "no-such-message", None), None);
        let choices = ids_with_prefix("commands", "choice-");
        assert!(choices.contains(&("choice-yes".to_owned(), "yes".to_owned())));
    }

    #[test]
    fn a_missing_message_falls_back_to_its_id() {
        assert_eq!(
            message(Language::French, "no-such-message", &[]),
            "no-such-message"
        );
    }
}
