//! The pictures' words, from the `pictures` area of the language resources (`namnam-words`).
//!
//! A status line draws each player's name in a pill of their colour, wherever the language puts the name.
//! So a line is formatted with a [`marker`] in each name's place (a private-use character that no resource
//! holds), then cut at the markers (`scene::line`); the names themselves never pass through Fluent.

use namnam_game::Player;
pub use namnam_words::{Arg, Language};

/// Stands for a player's name inside a formatted line: one private-use character each.
pub fn marker(player: Player) -> char {
    match player {
        Player::South => '\u{E000}',
        Player::North => '\u{E001}',
    }
}

/// The player a marker stands for.
pub fn of_marker(c: char) -> Option<Player> {
    Player::BOTH.into_iter().find(|&p| marker(p) == c)
}

/// Message `id` of the pictures' words in `language`.
pub fn say(language: Language, id: &str, args: &[(&str, Arg)]) -> String {
    namnam_words::message(language, id, args)
}

/// A number as an argument.
pub fn number(n: impl Into<i64>) -> Arg {
    Arg::Number(n.into())
}
