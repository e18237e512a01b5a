//! A server's web page (`namnam web`), as the bot knows it: off until an admin turns it on, then under an
//! unguessable token, at the address the operator gives (`NAMNAM_WEB_URL`). The page's paths are made here,
//! where the bot links to them and the web server serves them.

use super::message::{Arg, Text};
use super::reply::Link;
use namnam_model::{MatchId, TournamentId};

/// A new token for a server's page: 256 random bits from the operating system, as 64 hex digits.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `token` could be one [`new_token`] made: a path that is not one is refused before any query.
pub fn is_token(token: &str) -> bool {
    token.len() == 64
        && token
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A page of a server's site, by what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The server's leaderboard, live matches and tournaments.
    Server,
    /// A player's chart, record and recent matches.
    Player(u64),
    /// A match, stepped move by move once it is over.
    Match(MatchId),
    /// A tournament's standings and rounds.
    Tournament(TournamentId),
}

impl Page {
    /// The page's path under the web server's address: `/s/TOKEN/`, `/s/TOKEN/players/ID`…
    pub fn path(self, token: &str) -> String {
        match self {
            Page::Server => format!("/s/{token}/"),
            Page::Player(id) => format!("/s/{token}/players/{id}"),
            Page::Match(id) => format!("/s/{token}/matches/{id}"),
            Page::Tournament(id) => format!("/s/{token}/tournaments/{id}"),
        }
    }

    /// The page's full address under `base` (`https://namnam.example`).
    pub fn url(self, base: &str, token: &str) -> String {
        format!("{}{}", base.trim_end_matches('/'), self.path(token))
    }

    /// The button that opens the page.
    pub fn link(self, base: &str, token: &str) -> Link {
        let label = match self {
            Page::Server => Text::message("link-server-page", []),
            Page::Player(_) => Text::message("link-player-page", []),
            Page::Match(_) => Text::message("link-match-page", []),
            Page::Tournament(_) => Text::message("link-tournament-page", []),
        };
        Link {
            label,
            url: self.url(base, token),
        }
    }
}

impl super::Core {
    /// The button to `page` of a server whose page's token is `token` (as `store::web_token` reads it),
    /// when it has a page and the bot knows the web server's address.
    pub(super) fn web_link(&self, token: Option<String>, page: Page) -> Option<Link> {
        let base = self.config.web_url.as_deref()?;
        Some(page.link(base, &token?))
    }
}

/// The words that give an admin a page's link.
pub(super) fn link_words(base: Option<&str>, token: &str) -> Arg {
    match base {
        Some(base) => Arg::words(Page::Server.url(base, token)),
        None => Arg::words(Page::Server.path(token)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_recognised() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_ne!(a, b);
        assert!(is_token(&a) && is_token(&b));
        assert!(!is_token("../etc/passwd") && !is_token(&a[1..]) && !is_token(&a.to_uppercase()));
    }

    #[test]
    fn pages_live_under_the_token() {
        let token = "ab".repeat(32);
        assert_eq!(
            Page::Match(MatchId(12)).url("https://n.example/", &token),
            format!("https://n.example/s/{token}/matches/12")
        );
        assert_eq!(Page::Server.path(&token), format!("/s/{token}/"));
    }
}
