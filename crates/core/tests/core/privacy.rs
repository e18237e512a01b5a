//! Private places stay private: a match played anywhere but a channel of a server that invited the bot (a
//! group DM, a DM between players, the bot's DM, a channel of a server where only players installed the
//! app) is shown, and can be acted on, only by its players or from its own channel. Everyone else gets
//! exactly the answer a number that names no match gets — so match numbers, which count up, tell a
//! stranger nothing, not even that a match exists.
//!
//! Each command that takes a match number and each button that names a match is tried by strangers in
//! three places (their own DM with the bot, another group DM, another channel of the same guest server),
//! and the answer is compared with the one the same request gets on an empty database of the same backend.

use crate::common::*;
use namnam_core::vocabulary::actions::{ActionId, ReplayStep};
use namnam_core::{CoreError, Place, Reply, Request, UserError};
use namnam_model::{ChannelId, MatchId, ServerId};

/// A server where only players installed the app: the bot is no member of it.
const GUEST: ServerId = ServerId(4242);

/// Where a request is made.
#[derive(Clone, Copy, Debug)]
enum At {
    /// A group DM (or a DM between players), by its name.
    Group(&'static str),
    /// A channel of [`GUEST`], by its name.
    Guest(&'static str),
    /// The asker's own DM with the bot.
    OwnDm,
}

fn at(h: &Harness, where_: At, user: &str, line: &str) -> Request {
    let mut request = h.request("general", user, line);
    request.place = match where_ {
        At::Group(name) => Place::PrivateChannel {
            channel: channel_id(name),
        },
        At::Guest(name) => Place::GuestChannel {
            server: GUEST,
            channel: channel_id(name),
        },
        At::OwnDm => Place::BotDm {
            channel: ChannelId::of_name(&format!("dm-{user}")),
        },
    };
    request.names.server = None;
    request.names.channel = format!("{where_:?}");
    request
}

async fn ok(h: &Harness, request: Request) -> Reply {
    let line = format!("{:?}", request.command);
    match h.core.try_handle(&request).await {
        Ok(reply) => reply,
        Err(e) => panic!("{}: `{line}` was refused: {e}", request.user.name),
    }
}

/// What `request` gets: the reply's words, or the refusal.
async fn answer(h: &Harness, request: &Request) -> Result<String, UserError> {
    match h.core.try_handle(request).await {
        Ok(reply) => Ok(reply.text.plain()),
        Err(CoreError::User(e)) => Err(e),
        Err(CoreError::Internal(e)) => panic!("{:?} failed inside: {e:?}", request.command),
    }
}

/// alice challenges bob `where_`, bob accepts, alice sows her first legal house: the reply.
async fn started(h: &Harness, where_: At) -> Reply {
    ok(
        h,
        at(
            h,
            where_,
            "alice",
            "challenge opponent:bob first:challenger",
        ),
    )
    .await;
    let started = ok(h, at(h, where_, "bob", "accept")).await;
    let house = legal_houses(&started)[0];
    ok(h, at(h, where_, "alice", &format!("move house:{house}"))).await
}

/// The match a reply shows.
fn match_of(reply: &Reply) -> MatchId {
    reply.board.state.as_ref().expect("a board").match_id
}

/// Every command that takes a match number, for match `id`.
fn commands(id: MatchId) -> Vec<String> {
    [
        "board",
        "history",
        "move house:1",
        "resign confirm:yes",
        "draw",
        "takeback",
        "export",
        "replay",
        "analyse",
        "rematch",
        "admin abort",
    ]
    .iter()
    .map(|command| format!("{command} match:{}", id.0))
    .collect()
}

/// Every button that names match `id`: those of its last board (`board`), and the ones a finished
/// match's messages carry.
fn buttons(id: MatchId, board: &Reply) -> Vec<ActionId> {
    let mut ids: Vec<ActionId> = board.buttons.actions.iter().map(|a| a.id).collect();
    ids.extend([
        ActionId::Draw { match_id: id },
        ActionId::Resign { match_id: id },
        ActionId::ResignConfirmed { match_id: id },
        ActionId::Takeback {
            match_id: id,
            turn: 2,
        },
        ActionId::TakebackDecline {
            match_id: id,
            turn: 2,
        },
        ActionId::Rematch { match_id: id },
        ActionId::RematchAt {
            match_id: id,
            level: namnam_ai::Level::new(2).unwrap(),
        },
        ActionId::Analyse { match_id: id },
        ActionId::Replay {
            match_id: id,
            ply: 1,
            step: ReplayStep::Open,
            owner: None,
        },
        ActionId::Replay {
            match_id: id,
            ply: 1,
            step: ReplayStep::Back,
            owner: Some(namnam_model::UserId::of_name("alice")),
        },
    ]);
    ids
}

async fn a_private_match_answers_strangers_as_a_number_that_does_not_exist(backend: Backend) {
    let h = Harness::new(backend).await;
    // The same requests on an empty database: the answer a number that names nothing gets.
    let empty = Harness::new(backend).await;

    // alice and bob: a finished match in their group DM, then a live one there, and a live one in a
    // guest server's channel.
    let group = At::Group("alice-and-bob");
    let finished = started(&h, group).await;
    let finished_id = match_of(&finished);
    ok(&h, at(&h, group, "bob", "resign confirm:yes")).await;
    let live = started(&h, group).await;
    let guest = started(&h, At::Guest("back-room")).await;

    // Strangers: carol from her DM with the bot and from her own group DM, dave from another channel of
    // the guest server (a member of it, no player), an admin of that server from there too.
    let strangers = [
        ("carol", At::OwnDm),
        ("carol", At::Group("carol-and-erin")),
        ("dave", At::Guest("lobby")),
        ("admin-guest", At::Guest("lobby")),
    ];
    let mut tried = 0;
    for (board, id) in [
        (&finished, finished_id),
        (&live, match_of(&live)),
        (&guest, match_of(&guest)),
    ] {
        for (who, from) in strangers {
            let mut requests: Vec<Request> = commands(id)
                .iter()
                .map(|line| at(&h, from, who, line))
                .collect();
            for button in buttons(id, board) {
                let mut request = at(&h, from, who, "board");
                request.command = button.command();
                requests.push(request);
            }
            for request in requests {
                let seen = answer(&h, &request).await;
                let nothing = answer(&empty, &request).await;
                assert!(
                    nothing.is_err(),
                    "{:?} on an empty database: {nothing:?}",
                    request.command
                );
                assert_eq!(
                    seen, nothing,
                    "{who} {from:?}: {:?} of match {} must be answered as for no match",
                    request.command, id.0
                );
                tried += 1;
            }
        }
    }
    assert!(tried > 100, "{tried} requests tried");

    // The words never say "in this server" where there is none.
    let refusal = answer(&h, &at(&h, At::OwnDm, "carol", "board match:1"))
        .await
        .unwrap_err();
    let words = refusal.text().plain();
    assert!(!words.contains("server"), "{words}");

    // Nothing was changed by them: the live matches are still live, no analysis was queued.
    for id in [match_of(&live), match_of(&guest)] {
        let row = namnam_store::load_match(h.core.store().reader(), id)
            .await
            .unwrap()
            .unwrap();
        assert!(row.state.is_active(), "match {} still live", id.0);
    }
    assert!(
        namnam_store::analysis_of(h.core.store().reader(), finished_id)
            .await
            .unwrap()
            .is_none(),
        "a stranger queued no analysis"
    );
}

async fn a_private_match_is_shown_to_its_players_anywhere_and_in_its_own_channel(backend: Backend) {
    let h = Harness::new(backend).await;
    let group = At::Group("alice-and-bob");
    let finished = started(&h, group).await;
    let id = match_of(&finished);
    ok(&h, at(&h, group, "bob", "resign confirm:yes")).await;

    // A player, from their own DM with the bot: the record, a replay, the analysis.
    for line in ["export", "replay", "analyse"] {
        ok(
            &h,
            at(&h, At::OwnDm, "alice", &format!("{line} match:{}", id.0)),
        )
        .await;
    }
    // Elsewhere, `board` tells a player where their match is, as in a server.
    let board = answer(
        &h,
        &at(&h, At::OwnDm, "bob", &format!("board match:{}", id.0)),
    )
    .await;
    assert!(
        matches!(
            board,
            Err(UserError::Match(
                namnam_core::MatchRefusal::MatchElsewhere { .. }
            ))
        ),
        "{board:?}"
    );
    // Anyone in its own channel sees it: carol, added to the group DM later.
    ok(&h, at(&h, group, "carol", &format!("board match:{}", id.0))).await;
    ok(
        &h,
        at(&h, group, "carol", &format!("replay match:{}", id.0)),
    )
    .await;

    // A server's match keeps the server's rule: anyone in the server, from any channel.
    let live = h
        .start_match("general", "dave", "erin", "first:challenger")
        .await;
    let server_match = match_of(&live);
    h.ok_in(
        "general",
        "frank",
        &format!("board match:{}", server_match.0),
    )
    .await;
    let elsewhere = h
        .refused_in(
            "elsewhere",
            "frank",
            &format!("history match:{}", server_match.0),
        )
        .await;
    assert!(
        matches!(
            elsewhere,
            UserError::Match(namnam_core::MatchRefusal::MatchElsewhere { .. })
        ),
        "{elsewhere:?}"
    );
}

on_both_backends!(
    a_private_match_answers_strangers_as_a_number_that_does_not_exist,
    a_private_match_is_shown_to_its_players_anywhere_and_in_its_own_channel,
);
