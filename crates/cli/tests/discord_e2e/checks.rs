//! What the bot sent, read and checked: the registered commands, interaction callbacks, messages and their
//! buttons, pings, and boards against the stored match.

use namnam_model::MatchId;
use std::collections::BTreeMap;

use serde_json::{json, Value};

use namnam_core::ActionId;
use namnam_render as render;
use namnam_store::{MatchRow, Store};

use crate::support::fake_discord::{Message, State};

/// The registered commands by name.
fn commands_by_name(commands: &[Value]) -> BTreeMap<String, Value> {
    commands
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_owned(), c.clone()))
        .collect()
}

fn option<'a>(command: &'a Value, name: &str) -> &'a Value {
    command["options"]
        .as_array()
        .and_then(|options| options.iter().find(|o| o["name"] == name))
        .unwrap_or_else(|| panic!("/{} has no option {name}", command["name"]))
}

fn choice_names(option: &Value) -> Vec<String> {
    option["choices"]
        .as_array()
        .map(|choices| {
            choices
                .iter()
                .map(|c| c["name"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The bounds of a numeric option (serenity sends them as floats).
fn range(option: &Value) -> (f64, f64) {
    (
        option["min_value"].as_f64().unwrap(),
        option["max_value"].as_f64().unwrap(),
    )
}

/// The member menu's one command: "Challenge to Nam-nam", named in French too (poise registers only the
/// English), offered wherever a challenge is (globally); a menu has no description.
fn assert_menus(menus: &[Value]) {
    let names: Vec<&str> = menus.iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Challenge to Nam-nam"]);
    let menu = &menus[0];
    assert_eq!(menu["name_localizations"]["fr"], "Défier au Nam-nam");
    assert!(
        menu["description"].as_str().unwrap_or_default().is_empty(),
        "{menu}"
    );
    assert!(
        menu["options"].as_array().map_or(true, Vec::is_empty),
        "{menu}"
    );
    // Left out of a development server's registration.
    if menu.get("contexts").is_some() {
        assert_eq!(menu["contexts"], json!([0, 1, 2]), "{menu}");
        assert_eq!(menu["integration_types"], json!([0, 1]), "{menu}");
    }
}

/// Asserts that the registered command set is complete and well described.
pub fn assert_command_set(commands: &[Value]) {
    // The member menu's commands (user commands, type 2) apart from the slash commands.
    let (menus, slash): (Vec<Value>, Vec<Value>) =
        commands.iter().cloned().partition(|c| c["type"] == 2);
    assert_menus(&menus);
    let by_name = commands_by_name(&slash);
    let expected = [
        "accept",
        "admin",
        "analyse",
        "board",
        "cancel",
        "challenge",
        "decline",
        "draw",
        "export",
        "help",
        "history",
        "leaderboard",
        "learn",
        "matches",
        "move",
        "notify",
        "puzzle",
        "rematch",
        "replay",
        "resign",
        "rules",
        "stats",
        "takeback",
        "tournament",
    ];
    assert_eq!(
        by_name.keys().map(String::as_str).collect::<Vec<_>>(),
        expected
    );
    fn described(value: &Value, path: &str) {
        let description = value["description"].as_str().unwrap_or_default();
        assert!(
            !description.is_empty() && description.chars().count() <= 100,
            "{path} needs a description of 1–100 characters, has {description:?}"
        );
        for option in value["options"].as_array().into_iter().flatten() {
            described(option, &format!("{path} {}", option["name"]));
        }
    }
    for (name, command) in &by_name {
        assert_eq!(command["type"], 1, "/{name} is a slash command");
        described(command, &format!("/{name}"));
    }
    let notify: Vec<&str> = by_name["notify"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(notify, ["on", "off"], "/notify on and /notify off");
    let challenge = &by_name["challenge"];
    assert_eq!(option(challenge, "opponent")["type"], 6, "a user option");
    // Left out, the challenge is open to anyone who sees it.
    assert_ne!(option(challenge, "opponent")["required"], true);
    assert_eq!(
        choice_names(option(challenge, "endgame")),
        ["capturer", "starter"]
    );
    assert_eq!(choice_names(option(challenge, "chain")), ["yes", "no"]);
    assert_eq!(
        choice_names(option(challenge, "first")),
        ["challenger", "challenged", "random"]
    );
    assert_eq!(
        choice_names(option(challenge, "clock")),
        ["5m", "15m", "1h", "6h", "24h", "3d", "7d"]
    );
    let target = option(challenge, "target");
    assert_eq!(target["type"], 4, "an integer");
    assert_eq!(range(target), (7.0, 12.0));
    assert_eq!(range(option(challenge, "rounds")), (1.0, 99.0));
    let house = option(&by_name["move"], "house");
    assert_eq!(house["type"], 4, "an integer");
    assert_eq!(house["autocomplete"], true);
    assert_eq!(range(house), (1.0, 12.0));
    let learn = &by_name["learn"];
    assert_eq!(range(option(learn, "stage")), (1.0, 13.0), "/learn stage:");
    assert_eq!(range(option(learn, "house")), (1.0, 12.0), "/learn house:");
    // The commands on a match take an optional `match:`, offered by autocomplete, for a channel where the
    // player has several.
    for name in ["move", "board", "resign", "draw", "takeback", "history"] {
        let number = option(&by_name[name], "match");
        assert_eq!(number["type"], 4, "/{name} match: an integer");
        assert_ne!(number["required"], true, "/{name} match: optional");
        assert_eq!(number["autocomplete"], true, "/{name} match: offered");
    }
    let tournament: Vec<&str> = by_name["tournament"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        tournament,
        [
            "create",
            "join",
            "leave",
            "start",
            "standings",
            "pairings",
            "withdraw",
            "cancel"
        ]
    );
    // The commands that look back name a match as the bot shows it, and replay a move from 0.
    for name in ["export", "replay", "analyse"] {
        let number = option(&by_name[name], "match");
        assert_eq!(number["type"], 4, "/{name} match: an integer");
        assert_eq!(number["required"], true);
        assert_eq!(number["min_value"].as_f64(), Some(1.0));
    }
    assert_eq!(
        option(&by_name["replay"], "move")["min_value"].as_f64(),
        Some(0.0)
    );
    assert_eq!(
        choice_names(option(&by_name["replay"], "public")),
        ["yes", "no"]
    );
    let admin = &by_name["admin"];
    assert_eq!(admin["default_member_permissions"], "32", "Manage Server");
    let subcommands: Vec<&str> = admin["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(subcommands, ["abort", "settings", "season"]);
    let season = option(admin, "season");
    // Every channel option is a CHANNEL option, of text channels: Discord offers only the server's own.
    assert_eq!(option(season, "news")["type"], 7, "a channel option");
    assert_eq!(option(season, "news")["channel_types"], json!([0, 5]));
    for name in ["allow", "disallow"] {
        let channel = option(option(admin, "settings"), name);
        assert_eq!(channel["type"], 7, "{name}: a channel option");
        assert_eq!(channel["channel_types"], json!([0, 5, 15]), "{name}");
    }
    assert_eq!(choice_names(option(season, "monthly")), ["yes", "no"]);
    // Poise sends a choice option as an integer (the choice's index) with named choices.
    assert_eq!(option(option(admin, "settings"), "threads")["type"], 4);
    assert_eq!(
        choice_names(option(option(admin, "settings"), "threads")),
        ["yes", "no"]
    );
    // The default target can be set back to none as easily as to a number.
    let targets = choice_names(option(option(admin, "settings"), "target"));
    assert_eq!(targets.len(), 6, "{targets:?}");
    assert!(targets[0].starts_with("none"), "{targets:?}");
    assert_eq!(targets[4], "10 houses");
    // Every word obeys Discord's rules (the fake refuses a registration that breaks one; checked again
    // here on what it stored), and a French client sees every command, option and choice in French.
    let spec = crate::support::fake_discord::OpenApi::load(std::path::Path::new(
        crate::support::fake_discord::openapi::VENDORED,
    ));
    let rules = crate::support::fake_discord::commands::check(commands, &spec.locales());
    assert!(rules.is_empty(), "{rules:#?}");
    let lacking = crate::support::fake_discord::commands::untranslated(commands, "fr");
    assert!(lacking.is_empty(), "{lacking:#?}");
    assert_eq!(by_name["move"]["name_localizations"]["fr"], "coup");
    assert_eq!(
        option(&by_name["move"], "house")["name_localizations"]["fr"],
        "case"
    );
    assert_eq!(
        option(challenge, "chain")["choices"][0]["name_localizations"]["fr"],
        "oui"
    );
}

/// The callback of an interaction must be an ephemeral message (type 4, flag 64); returns its text.
pub fn ephemeral_text(callback: &Value) -> String {
    assert_eq!(callback["type"], 4, "a message: {callback}");
    let flags = callback["data"]["flags"].as_u64().unwrap_or(0);
    assert_eq!(flags & 64, 64, "ephemeral: {callback}");
    callback["data"]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The callback of an interaction must be a public message (type 4, not ephemeral).
pub fn assert_public(callback: &Value) {
    assert_eq!(callback["type"], 4, "a message: {callback}");
    let flags = callback["data"]["flags"].as_u64().unwrap_or(0);
    assert_eq!(flags & 64, 0, "public: {callback}");
}

/// The custom ids of a message's buttons, all rows together.
pub fn button_ids(message: &Message) -> Vec<String> {
    message.button_rows().concat()
}

/// The ids of the house buttons.
pub fn house_ids(message: &Message) -> Vec<String> {
    button_ids(message)
        .into_iter()
        .filter(|id| matches!(id.parse(), Ok(ActionId::Move { .. })))
        .collect()
}

/// The match whose board `message` shows, named by its house buttons.
pub fn board_match(message: &Message) -> MatchId {
    match house_ids(message)[0].parse() {
        Ok(ActionId::Move { match_id, .. }) => match_id,
        other => panic!("not a house button: {other:?}"),
    }
}

/// The user a message pings first (`<@id> …`).
pub fn pinged(message: &Message) -> Option<u64> {
    let rest = message.content().strip_prefix("<@")?;
    rest.split('>').next()?.parse().ok()
}

/// A message pings exactly `user`, and nobody else can be notified by it.
pub fn assert_pings_only(message: &Message, user: u64) {
    assert_eq!(pinged(message), Some(user), "{}", message.content());
    let allowed = message
        .allowed_mentions
        .clone()
        .expect("allowed mentions set");
    assert_eq!(allowed["users"], json!([user.to_string()]), "{allowed}");
    assert!(
        allowed["parse"].as_array().map_or(true, |p| p.is_empty()),
        "{allowed}"
    );
}

/// The board message shows the stored match: a real PNG of the board (its alt text lists the seeds of
/// every house), and while the match goes on, a button for each legal house and a ping for the player to
/// move.
pub fn assert_board_shows(message: &Message, row: &MatchRow) {
    let png = message
        .files
        .iter()
        .find(|f| f.filename.ends_with(".png"))
        .expect("a board picture");
    let decoded = image::load_from_memory_with_format(&png.bytes, image::ImageFormat::Png)
        .expect("a valid PNG");
    assert_eq!(
        (decoded.width(), decoded.height()),
        (render::WIDTH, render::HEIGHT)
    );
    let seeds: Vec<String> = row
        .game
        .position()
        .board()
        .iter()
        .map(u8::to_string)
        .collect();
    let description = png.description.clone().unwrap_or_default();
    assert!(
        description.contains(&format!("Seeds in houses 1 to 12: {}.", seeds.join(", "))),
        "the picture shows the stored board {seeds:?}: {description}"
    );
    if let Some(to_move) = row.game.to_move() {
        let turn = row.turns + 1;
        let expected: Vec<String> = row
            .game
            .position()
            .legal_moves()
            .iter()
            .map(|h| format!("nn:{}:{turn}:{}", row.id, h.label()))
            .collect();
        assert_eq!(house_ids(message), expected, "one button per legal house");
        assert_pings_only(message, row.players.get(to_move).0);
        assert!(
            message.content().contains(":R>"),
            "a relative deadline: {}",
            message.content()
        );
    } else {
        assert!(
            house_ids(message).is_empty(),
            "no house buttons once the match is over"
        );
    }
}

/// The newest message the bot posted in `channel` by itself (not an interaction's answer) that contains
/// `text`.
pub fn posted(state: &State, channel: u64, text: &str) -> Option<Message> {
    state
        .messages
        .values()
        .rev()
        .find(|m| m.channel_id == channel && !m.ephemeral && m.content().contains(text))
        .cloned()
}

/// The match as the bot stored it.
pub async fn stored_match(store: &Store, id: MatchId) -> MatchRow {
    namnam_store::load_match(store.reader(), id)
        .await
        .unwrap()
        .expect("the match is stored")
}
