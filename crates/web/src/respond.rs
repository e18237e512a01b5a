//! Answers in HTML: the words of a page in its language, and the error pages.

use askama::Template;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use namnam_core::message::{format_message, is_bidi_control, shown_isolated, shown_plain, Part};
use namnam_core::{Language, Text};
use namnam_words::{message, Arg};

pub(crate) fn say(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    message(language, id, args)
}

pub(crate) fn n(number: impl Into<i64>) -> Arg {
    Arg::Number(number.into())
}

pub(crate) fn t(text: impl Into<String>) -> Arg {
    Arg::Text(text.into())
}

/// Text someone wrote (a name, a tournament's or a server's name) as a page shows it: its control characters
/// as `\u{1b}`, and isolated (U+2068 … U+2069) when it holds right-to-left letters or bidi controls, as
/// Discord shows it ([`shown_isolated`]); askama escapes its HTML.
pub(crate) fn written(text: &str) -> String {
    shown_isolated(text)
}

/// Text someone wrote, as an argument of the page's words.
pub(crate) fn tw(text: &str) -> Arg {
    Arg::Text(written(text))
}

/// One of the core's messages in `language`, each name in it isolated as [`written`].
pub(crate) fn shown_in(text: &Text, language: Language) -> String {
    text.parts()
        .iter()
        .map(|part| match part {
            Part::Player(name) | Part::Quoted(name) => written(name),
            Part::Message { id, args } => {
                format_message(language, id, args, &|text| shown_in(text, language))
            }
            part => part.plain_in(language),
        })
        .collect()
}

/// A line made elsewhere from names (a picture's description, a tournament's pairing), with each of
/// `names` isolated as [`written`] where it occurs, as written or as the core's plain text shows it
/// ([`shown_plain`]); any other control or bidi character left in the line is shown escaped.
pub(crate) fn with_names_isolated(line: &str, names: &[&str]) -> String {
    let mut patterns: Vec<(String, String)> = names
        .iter()
        .filter(|name| !name.is_empty())
        .flat_map(|name| {
            let isolated = written(name);
            [
                (name.to_string(), isolated.clone()),
                (shown_plain(name), isolated),
            ]
        })
        // A name that shows as written needs no replacing.
        .filter(|(pattern, isolated)| pattern != isolated)
        .collect();
    // The longest first: one name may hold another.
    patterns.sort_by_key(|(pattern, _)| std::cmp::Reverse(pattern.len()));
    let mut shown = String::with_capacity(line.len() + 8);
    let mut rest = line;
    'line: while let Some(c) = rest.chars().next() {
        for (pattern, isolated) in &patterns {
            if let Some(after) = rest.strip_prefix(pattern.as_str()) {
                shown.push_str(isolated);
                rest = after;
                continue 'line;
            }
        }
        if c.is_control() || is_bidi_control(c) {
            shown.push_str(&shown_plain(c.encode_utf8(&mut [0; 4])));
        } else {
            shown.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    shown
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    lang: &'static str,
    title: String,
    text: String,
}

/// An error's page, in English: who asks is not known to be any server's reader.
pub(crate) fn error_page(status: StatusCode, title: &str, text: &str) -> Response {
    let language = Language::English;
    let page = ErrorPage {
        lang: language.code(),
        title: say(language, title, &[]),
        text: say(language, text, &[]),
    };
    let mut response = html(page.render().unwrap_or_default());
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A one-line answer in plain text.
pub(crate) fn plain_error(status: StatusCode, id: &str) -> Response {
    (status, say(Language::English, id, &[])).into_response()
}

fn html(body: String) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_a_made_line_are_isolated_and_nothing_else_changes() {
        let names = ["eve\u{202e}x", "سلمى", "bob"];
        assert_eq!(
            with_names_isolated("eve\u{202e}x to move, سلمى waits, bob too", &names),
            "\u{2068}eve\u{202e}x\u{2069} to move, \u{2068}سلمى\u{2069} waits, bob too"
        );
        // As the core's plain text wrote it.
        assert_eq!(
            with_names_isolated("eve\\u{202e}x – bob", &names),
            "\u{2068}eve\u{202e}x\u{2069} – bob"
        );
        // What is left of a name cut short is escaped.
        assert_eq!(
            with_names_isolated("a\u{1b}b\u{202e}", &names),
            "a\\u{1b}b\\u{202e}"
        );
    }
}
