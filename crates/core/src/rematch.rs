//! `rematch`: a finished match played again on the same terms. Against a person it opens a challenge to the
//! other player (through `challenge`, with all its checks; accepting it swaps sides as any rematch does);
//! against the computer the new match starts at once, at the same level (or the one asked for: the button
//! after a win asks for the next).

use super::error::CoreError;
use super::matches::shown_to;
use super::vocabulary::{
    ChallengeOptions, ChallengeRefusal, MatchRefusal, Request, TermsOptions, UserRef,
};
use super::{Core, Reply};
use namnam_ai::Level;
use namnam_model::{FirstMover, MatchId, PlayerKind, Terms};
use namnam_store::{self as store, MatchRow, MatchState};

impl Core {
    pub(super) async fn rematch(
        &self,
        req: &Request,
        match_id: Option<MatchId>,
        level: Option<Level>,
    ) -> Result<Reply, CoreError> {
        let reader = self.store.reader();
        let place = &req.place;
        let row = match match_id {
            Some(id) => store::load_match(reader, id)
                .await?
                // A match the asker may not see is as one that does not exist.
                .filter(|row| shown_to(row, req))
                .ok_or(ChallengeRefusal::NothingToRematch)?,
            None => store::last_finished_match_of(reader, *place, req.user.id)
                .await?
                .ok_or(ChallengeRefusal::NothingToRematch)?,
        };
        let side = row.side_of(req.user.id).ok_or_else(|| {
            MatchRefusal::NotAPlayer(row.names.south.clone(), row.names.north.clone())
        })?;
        match row.state {
            MatchState::Finished => {}
            MatchState::Active { .. } => return Err(ChallengeRefusal::RematchActive(row.id).into()),
            MatchState::Aborted => return Err(ChallengeRefusal::RematchAborted(row.id).into()),
        }
        let other = side.other();
        let computer = row.computer.filter(|seat| seat.side == other);
        let opponent = UserRef {
            id: row.players.get(other),
            name: row.names.get(other).to_owned(),
            // The row has the name as played; the account's stays as stored.
            account_name: None,
            kind: match computer {
                Some(_) => PlayerKind::Engine,
                None => PlayerKind::Human,
            },
        };
        // A match against the computer had no challenge: its first mover is drawn by lot again.
        let first = store::first_mover_of_match(reader, row.id)
            .await?
            .unwrap_or(FirstMover::Random);
        if level.is_some() && computer.is_none() {
            return Err(ChallengeRefusal::LevelForPeople.into());
        }
        let options = same_terms(
            &row,
            first,
            computer.map(|seat| level.unwrap_or(seat.level)),
        );
        self.challenge(req, &opponent, &options).await
    }
}

/// The options that repeat `row`'s terms.
fn same_terms(row: &MatchRow, first: FirstMover, level: Option<Level>) -> ChallengeOptions {
    let terms = Terms::of_match(row.game.options(), row.clock_secs, first);
    ChallengeOptions {
        terms: TermsOptions::all_of(&terms),
        level,
    }
}
