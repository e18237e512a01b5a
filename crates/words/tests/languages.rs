//! Languages kept whole: every message of every area exists in every language with the same arguments,
//! and formats without an error for sample arguments (counts 0, 1, 2 and 21, a long name, a name with
//! markup).

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{self, Entry, Expression, InlineExpression, PatternElement};
use namnam_words::{message, resource, Arg, Language, AREAS};

/// Each message's variables, by id.
fn messages(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let parsed =
        fluent_syntax::parser::parse(text).unwrap_or_else(|(_, errors)| panic!("{errors:?}"));
    parsed
        .body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(m) => {
                let mut variables = BTreeSet::new();
                if let Some(pattern) = &m.value {
                    collect(pattern, &mut variables);
                }
                Some((m.id.name.to_owned(), variables))
            }
            _ => None,
        })
        .collect()
}

fn collect(pattern: &ast::Pattern<&str>, variables: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, variables);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, variables: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, variables),
        Expression::Select { selector, variants } => {
            inline_variables(selector, variables);
            for variant in variants {
                collect(&variant.value, variables);
            }
        }
    }
}

fn inline_variables(inline: &InlineExpression<&str>, variables: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            variables.insert(id.name.to_owned());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, variables),
        // A term's or a function's arguments (`{ -wins(count: $won) }`) pass the message's variables on.
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        }
        | InlineExpression::FunctionReference { arguments, .. } => {
            for argument in arguments
                .positional
                .iter()
                .chain(arguments.named.iter().map(|named| &named.value))
            {
                inline_variables(argument, variables);
            }
        }
        _ => {}
    }
}

#[test]
fn every_message_is_in_every_language_with_the_same_arguments() {
    for area in AREAS {
        let english = messages(resource(Language::English, area).expect("English has every area"));
        assert!(!english.is_empty(), "{area}: no messages");
        for language in Language::ALL {
            let other = messages(
                resource(language, area).unwrap_or_else(|| panic!("{language} has no {area}")),
            );
            let missing: Vec<&String> = english
                .keys()
                .filter(|id| !other.contains_key(*id))
                .collect();
            let extra: Vec<&String> = other
                .keys()
                .filter(|id| !english.contains_key(*id))
                .collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{language} {area}: missing {missing:?}, extra {extra:?}"
            );
            for (id, variables) in &english {
                assert_eq!(&other[id], variables, "{language} {area}: {id}'s arguments");
            }
        }
    }
}

#[test]
fn every_message_formats_for_sample_arguments() {
    let names = [
        "alice",
        "Kwabena Ofori-Atta the Third of Kumasi",
        r"\*\*boss\*\* \@everyone",
    ];
    for area in AREAS {
        let english = messages(resource(Language::English, area).unwrap());
        for language in Language::ALL {
            for (id, variables) in &english {
                for n in [0, 1, 2, 21] {
                    for name in names {
                        let args: Vec<(&str, Arg)> = variables
                            .iter()
                            .map(|v| match v.as_str() {
                                "count" | "id" | "house" | "round" | "season" | "asked"
                                | "current" | "joined" | "limit" => (v.as_str(), Arg::Number(n)),
                                _ => (v.as_str(), Arg::Text(name.to_owned())),
                            })
                            .collect();
                        let said = message(language, id, &args);
                        assert!(!said.is_empty() && said != *id, "{language} {id}");
                        // Every argument given comes out where the message puts it, unchanged.
                        for (_, arg) in &args {
                            if let Arg::Text(text) = arg {
                                assert!(said.contains(text.as_str()), "{language} {id}: {said}");
                            }
                        }
                        assert!(!said.contains("{$"), "{language} {id}: {said}");
                    }
                }
            }
        }
    }
}

/// Each message's attributes (a slash command's `.description`), by id.
fn attributes(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let parsed =
        fluent_syntax::parser::parse(text).unwrap_or_else(|(_, errors)| panic!("{errors:?}"));
    parsed
        .body
        .iter()
        .filter_map(|entry| match entry {
            Entry::Message(m) => Some((
                m.id.name.to_owned(),
                m.attributes.iter().map(|a| a.id.name.to_owned()).collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn every_attribute_is_in_every_language_and_formats() {
    for area in AREAS {
        let english = attributes(resource(Language::English, area).unwrap());
        for language in Language::ALL {
            let other = attributes(resource(language, area).unwrap());
            for (id, names) in &english {
                assert_eq!(&other[id], names, "{language} {area}: {id}'s attributes");
                for name in names {
                    let said = namnam_words::find(language, id, Some(name));
                    assert!(
                        said.is_some_and(|s| !s.trim().is_empty()),
                        "{language} {id}.{name}"
                    );
                }
            }
        }
    }
}
