//! The engine's JSON-lines protocol (rules.md §8): one request in, one answer out, for tests and other
//! programs.

use namnam_ai::{self as ai, Level, NoMove};
use namnam_game::{House, IllegalMove, MoveEvent, Position, RawPosition, Territory};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case")]
enum Request {
    Legal {
        position: RawPosition,
    },
    Play {
        position: RawPosition,
        house: i64,
    },
    NextRound {
        territory: i64,
        stores: Vec<i64>,
    },
    Best {
        position: RawPosition,
        level: i64,
        seed: u64,
    },
}

/// A request the protocol cannot carry out: answered `bad-request`.
struct BadRequest(String);

fn bad(message: impl Into<String>) -> BadRequest {
    BadRequest(message.into())
}

/// Answers one line of the protocol. Never fails: a malformed line gets a `bad-request` answer.
pub fn answer_line(line: &str) -> Value {
    match answer(line) {
        Ok(v) => v,
        Err(BadRequest(message)) => {
            json!({"ok": false, "error": "bad-request", "message": message})
        }
    }
}

/// The answer to a line that is not UTF-8 text: `bad-request`, saying where it stops being text (its
/// bytes counted from 1).
pub fn unreadable_line(error: std::str::Utf8Error) -> Value {
    let message = format!(
        "the line is not UTF-8 text (an invalid byte at byte {})",
        error.valid_up_to() + 1
    );
    json!({"ok": false, "error": "bad-request", "message": message})
}

fn position(raw: RawPosition) -> Result<Position, BadRequest> {
    Position::try_from(raw).map_err(|e| bad(e.to_string()))
}

fn answer(line: &str) -> Result<Value, BadRequest> {
    let request: Request = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
    Ok(match request {
        Request::Legal { position: raw } => {
            let p = position(raw)?;
            let moves: Vec<usize> = p.legal_moves().iter().map(House::index).collect();
            json!({"ok": true, "moves": moves})
        }
        Request::Play {
            position: raw,
            house,
        } => {
            let p = position(raw)?;
            let house = usize::try_from(house)
                .ok()
                .and_then(House::new)
                .ok_or_else(|| bad(format!("house must be 0–11, not {house}")))?;
            match p.play(house) {
                Ok(record) => play_answer(&record),
                Err(e) => illegal(e),
            }
        }
        Request::NextRound { territory, stores } => {
            if !(1..=11).contains(&territory) {
                return Err(bad(format!("territory must be 1–11, not {territory}")));
            }
            let [s, n] = stores[..] else {
                return Err(bad("stores must have 2 entries"));
            };
            let (s, n) = (u8::try_from(s), u8::try_from(n));
            let next = match (s, n) {
                (Ok(s), Ok(n)) => Territory::from_stores([s, n].into()),
                _ => None,
            }
            .ok_or_else(|| bad("stores must be two counts that add up to 48"))?;
            json!({"ok": true, "territory": next.south_houses()})
        }
        Request::Best {
            position: raw,
            level,
            seed,
        } => {
            let p = position(raw)?;
            let level = Level::new(level).map_err(|e| bad(e.to_string()))?;
            match ai::choose_move(&p, level, seed) {
                Ok(r) => json!({"ok": true, "house": r.house.index(), "nodes": r.nodes}),
                Err(e) => no_move(e),
            }
        }
    })
}

fn illegal(e: IllegalMove) -> Value {
    json!({"ok": false, "error": e.code(), "message": e.to_string()})
}

/// A position the search cannot answer: the round is over, or the player to move is stuck.
fn no_move(e: NoMove) -> Value {
    let code = match e {
        NoMove::RoundOver => "round-over",
        NoMove::Stuck => "no-legal-move",
    };
    json!({"ok": false, "error": code, "message": e.to_string()})
}

fn play_answer(record: &namnam_game::MoveRecord) -> Value {
    let captures: Vec<Value> = record
        .captures()
        .map(|c| {
            let houses: Vec<usize> = c.houses.iter().map(|h| h.index()).collect();
            json!({"player": c.player, "houses": houses, "seeds": c.seeds})
        })
        .collect();
    let passes: Vec<_> = record.passes().collect();
    let end = record.round_end();
    let laps = record
        .events
        .iter()
        .filter(|e| matches!(e, MoveEvent::Lap { .. }))
        .count();
    json!({
        "ok": true,
        "position": record.after.to_raw(),
        "laps": laps,
        "captures": captures,
        "passes": passes,
        "round_over": end.is_some(),
        "end_reason": end.map(|r| r.name()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPENING: &str = r#"{"territory": 6, "board": [4,4,4,4,4,4,4,4,4,4,4,4], "stores": [0, 0],
        "to_move": "south", "starter": "south", "since_capture": 0,
        "rules": {"endgame": "capturer", "chain": false}}"#;

    #[test]
    fn legal_lists_ascending_indices() {
        let a = answer_line(&format!(r#"{{"op":"legal","position":{OPENING}}}"#));
        assert_eq!(a, json!({"ok": true, "moves": [0, 1, 2, 3, 4, 5]}));
    }

    #[test]
    fn malformed_lines_are_bad_requests() {
        for line in [
            "not json",
            r#"{"op":"dance"}"#,
            r#"{"op":"legal"}"#,
            &format!(r#"{{"op":"play","position":{OPENING},"house":12}}"#),
            &format!(r#"{{"op":"play","position":{OPENING},"house":-1}}"#),
            &OPENING.replace("\"territory\": 6", "\"territory\": 12"),
            r#"{"op":"next-round","territory":6,"stores":[20,20]}"#,
        ] {
            let a = answer_line(line);
            assert_eq!(a["ok"], json!(false), "{line}");
            assert_eq!(a["error"], json!("bad-request"), "{line}");
        }
    }

    #[test]
    fn play_reports_the_move() {
        let a = answer_line(&format!(
            r#"{{"op":"play","position":{OPENING},"house":0}}"#
        ));
        assert_eq!(a["ok"], json!(true));
        assert_eq!(a["laps"], json!(5));
        assert_eq!(
            a["position"]["board"],
            json!([2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6])
        );
        assert_eq!(a["position"]["to_move"], json!("north"));
        assert_eq!(a["round_over"], json!(false));
        assert_eq!(a["end_reason"], Value::Null);
        let wrong = answer_line(&format!(
            r#"{{"op":"play","position":{OPENING},"house":7}}"#
        ));
        assert_eq!(wrong["error"], json!("not-owner"));
    }

    #[test]
    fn best_answers_a_legal_house_and_its_nodes() {
        let a = answer_line(&format!(
            r#"{{"op":"best","position":{OPENING},"level":2,"seed":5}}"#
        ));
        assert_eq!(a["ok"], json!(true), "{a}");
        let house = a["house"].as_u64().unwrap();
        assert!(house < 6, "South owns houses 0–5: {a}");
        let nodes = a["nodes"].as_u64().unwrap();
        assert!(nodes > 0 && nodes <= Level::new(2).unwrap().nodes(), "{a}");
        let again = answer_line(&format!(
            r#"{{"op":"best","position":{OPENING},"level":2,"seed":5}}"#
        ));
        assert_eq!(a, again);
    }

    #[test]
    fn best_refuses_bad_levels_and_positions_without_a_move() {
        for level in [0, 7, -1] {
            let a = answer_line(&format!(
                r#"{{"op":"best","position":{OPENING},"level":{level},"seed":1}}"#
            ));
            assert_eq!(a["error"], json!("bad-request"), "{a}");
        }
        let over = OPENING
            .replace("[4,4,4,4,4,4,4,4,4,4,4,4]", "[0,0,0,0,0,0,0,0,0,0,0,0]")
            .replace("[0, 0]", "[30, 18]");
        let a = answer_line(&format!(
            r#"{{"op":"best","position":{over},"level":3,"seed":1}}"#
        ));
        assert_eq!(a["error"], json!("round-over"), "{a}");
        // South must feed North, and no move of its single seed can: stuck.
        let stuck = OPENING
            .replace("[4,4,4,4,4,4,4,4,4,4,4,4]", "[1,0,0,0,0,0,0,0,0,0,0,0]")
            .replace("[0, 0]", "[24, 23]");
        let a = answer_line(&format!(
            r#"{{"op":"best","position":{stuck},"level":3,"seed":1}}"#
        ));
        assert_eq!(a["error"], json!("no-legal-move"), "{a}");
    }

    #[test]
    fn next_round_depends_on_the_stores() {
        let a = answer_line(r#"{"op":"next-round","territory":6,"stores":[27,21]}"#);
        assert_eq!(a, json!({"ok": true, "territory": 7}));
    }
}
