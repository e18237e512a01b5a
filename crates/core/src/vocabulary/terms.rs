//! A match's terms as typed: the options of every command that sets up matches (`challenge`, `tournament
//! create`), parsed here once, and made into [`Terms`] once, with the server's defaults.

use super::input::{
    parse_clock, parse_endgame, parse_rounds, parse_target, yes_no, Options, Wanted,
};
use super::{Change, InputRefusal};
use namnam_game::{Endgame, Rules};
use namnam_model::{FirstMover, Terms};

/// The terms given with a command; what is not given takes the server's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TermsOptions {
    pub endgame: Option<Endgame>,
    pub chain: Option<bool>,
    /// Who moves first; not an option of a tournament (its South moves first).
    pub first: Option<FirstMover>,
    /// The target; cleared: no target.
    pub target: Change<u8>,
    pub round_limit: Option<u8>,
    pub clock_secs: Option<u32>,
}

/// Which command takes the terms: they name the round limit differently (a tournament's `rounds` are its
/// own), and only a challenge says who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TermsOf {
    Challenge,
    Tournament,
}

/// What a server gives a match when its command leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermsDefaults {
    pub target: Option<u8>,
    pub clock_secs: u32,
}

/// Who moves first, as typed: `challenger` (or `me`), `challenged` (or `opponent`), `random`.
pub(super) fn parse_first(v: &str) -> Option<FirstMover> {
    match v {
        "challenger" | "me" => Some(FirstMover::Challenger),
        "challenged" | "opponent" => Some(FirstMover::Challenged),
        "random" => Some(FirstMover::Random),
        _ => None,
    }
}

impl TermsOptions {
    /// Takes the terms' options from `opts`, each checked as it is taken.
    pub(super) fn parse(opts: &mut Options<'_>, of: TermsOf) -> Result<TermsOptions, InputRefusal> {
        let round_limit = match of {
            TermsOf::Challenge => "rounds",
            TermsOf::Tournament => "match_rounds",
        };
        // Taken in the order the commands always took them: the first one wrong is the one told.
        let endgame = opts.parse("endgame", parse_endgame, Wanted::Endgame)?;
        let chain = opts.parse("chain", yes_no, Wanted::YesNo)?;
        let first = match of {
            TermsOf::Challenge => opts.parse("first", parse_first, Wanted::FirstMover)?,
            TermsOf::Tournament => None,
        };
        Ok(TermsOptions {
            endgame,
            chain,
            first,
            target: match opts.parse("target", parse_target, Wanted::Target)? {
                None => Change::Keep,
                Some(target) => Change::of_option(target),
            },
            round_limit: opts.parse(round_limit, parse_rounds, Wanted::MatchRounds)?,
            clock_secs: opts.parse("clock", parse_clock, Wanted::Clock)?,
        })
    }

    /// The terms: what was given, the server's defaults for the rest (the capturer takes the last seeds,
    /// no chain captures, the first mover drawn by lot).
    pub fn with_defaults(&self, defaults: TermsDefaults) -> Terms {
        Terms {
            rules: Rules {
                endgame: self.endgame.unwrap_or_default(),
                chain: self.chain.unwrap_or(false),
            },
            target: self.target.applied_to(defaults.target),
            round_limit: self.round_limit,
            clock_secs: self.clock_secs.unwrap_or(defaults.clock_secs),
            first: self.first.unwrap_or(FirstMover::Random),
        }
    }

    /// Every one of `terms`, given (a rematch repeats a match's terms whatever the server's defaults are
    /// now).
    pub fn all_of(terms: &Terms) -> TermsOptions {
        TermsOptions {
            endgame: Some(terms.rules.endgame),
            chain: Some(terms.rules.chain),
            first: Some(terms.first),
            target: Change::of_option(terms.target),
            round_limit: terms.round_limit,
            clock_secs: Some(terms.clock_secs),
        }
    }
}
