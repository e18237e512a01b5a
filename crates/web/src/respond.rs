//! Answers in HTML: the words of a page in its language, and the error pages.

use askama::Template;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use namnam_core::Language;
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
