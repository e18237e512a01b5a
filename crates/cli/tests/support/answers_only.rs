//! What a place where the bot may only answer (a group DM, a server the bot is not in) lets it do, checked
//! from the fake's record of every request: nothing asked of the channel itself (a channel POST there is
//! refused, 403 50001), at most 5 follow-ups per interaction and never a sixth tried (40094), and no
//! interaction's token used past its 15 minutes (401 50027). The end-to-end and faults suites share it.

use std::collections::BTreeMap;

use super::fake_discord::{Interaction, State, TOKEN_LIFETIME_MS, USER_INSTALL_FOLLOWUPS};

/// What the bot asked of Discord in one such place.
pub struct Answered {
    /// Each request about one of the place's interactions, in order: which interaction (numbered in the
    /// order they were made, a press or a command), how old its token was, the route and the status.
    pub lines: Vec<String>,
    /// The same requests counted by method and route template.
    pub by_route: BTreeMap<String, usize>,
    /// How many interactions were made there.
    pub interactions: usize,
    /// The most follow-ups one of them took.
    pub most_follow_ups: usize,
    /// The oldest token used, in milliseconds after its interaction was made.
    pub oldest_token_ms: i64,
}

/// The place's interactions, in the order they were made.
fn interactions_in(state: &State, channel: u64) -> Vec<(&String, &Interaction)> {
    let mut tokens: Vec<(&String, &Interaction)> = state
        .interactions
        .iter()
        .filter(|(_, i)| i.channel_id == channel)
        .collect();
    tokens.sort_by_key(|(_, i)| i.id);
    tokens
}

/// Panics unless the bot only answered in `channel` (called `label` in the messages); returns what it
/// asked there.
pub fn assert_only_answered(state: &State, channel: u64, label: &str) -> Answered {
    let tokens = interactions_in(state, channel);
    assert!(!tokens.is_empty(), "interactions in {label}");
    for (_, interaction) in &tokens {
        assert!(
            interaction.followups.len() <= USER_INSTALL_FOLLOWUPS,
            "{} follow-ups of one interaction in {label}",
            interaction.followups.len()
        );
        assert_eq!(
            interaction.refused_followups, 0,
            "a sixth follow-up tried in {label}"
        );
    }
    let on_channel = format!("/channels/{channel}");
    let mut answered = Answered {
        lines: Vec::new(),
        by_route: BTreeMap::new(),
        interactions: tokens.len(),
        most_follow_ups: tokens
            .iter()
            .map(|(_, i)| i.followups.len())
            .max()
            .unwrap_or(0),
        oldest_token_ms: 0,
    };
    for request in &state.requests {
        assert!(
            !request.path.starts_with(&on_channel),
            "the bot asked {} {} in {label}, where it may only answer",
            request.method,
            request.path
        );
        let Some(n) = tokens
            .iter()
            .position(|(token, _)| request.path.contains(token.as_str()))
        else {
            continue;
        };
        let age_ms = request.at_ms - tokens[n].1.created_ms;
        assert!(
            request.status != 401 && age_ms < TOKEN_LIFETIME_MS,
            "{} got {} {age_ms} ms after its interaction in {label}: a token used past its life",
            request.template,
            request.status
        );
        answered.oldest_token_ms = answered.oldest_token_ms.max(age_ms);
        let what = match tokens[n].1.source_message {
            Some(_) => "press",
            None => "command",
        };
        answered.lines.push(format!(
            "interaction {n} ({what}) +{} s: {} → {}",
            age_ms / 1000,
            request.template,
            request.status
        ));
        *answered
            .by_route
            .entry(request.template.clone())
            .or_default() += 1;
    }
    answered
}
