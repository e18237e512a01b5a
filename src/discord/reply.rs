//! Turning answers into Discord messages: pictures become attachments carrying their alt text, house
//! buttons go five to a row with ids that name the match and the turn, and deadlines become relative
//! timestamps that every reader sees in their own time zone.

use poise::serenity_prelude as serenity;

use super::buttons::{Action, ButtonId, Subject};
use crate::game::{ByPlayer, Player, Position, Rules};
use crate::render::{self, MatchView, Picture};

/// Discord's limit of buttons in one action row.
pub const BUTTONS_PER_ROW: usize = 5;

/// A picture as an attachment; its description is the alt text screen readers speak.
pub fn attachment(picture: &Picture, filename: &str) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(picture.bytes.clone(), filename)
        .description(picture.description.clone())
}

/// One button per house the player to move may play, five to a row, in the order given. `houses` are
/// the labels people see (1–12).
pub fn house_buttons(match_id: i64, turn: u32, houses: &[u8]) -> Vec<serenity::CreateActionRow> {
    houses
        .chunks(BUTTONS_PER_ROW)
        .map(|row| {
            let buttons = row
                .iter()
                .map(|&label| {
                    let id = ButtonId {
                        subject: Subject::Match(match_id),
                        turn,
                        action: Action::House(label),
                    };
                    serenity::CreateButton::new(id.to_string())
                        .label(label.to_string())
                        .style(serenity::ButtonStyle::Secondary)
                })
                .collect();
            serenity::CreateActionRow::Buttons(buttons)
        })
        .collect()
}

/// A Discord timestamp shown relative to now ("in 3 hours").
pub fn relative_time(unix_seconds: i64) -> String {
    format!("<t:{unix_seconds}:R>")
}

/// The opening board with its numbered houses, for `/rules`.
pub fn opening_board() -> Picture {
    let position = Position::opening(Player::South, Rules::default());
    render::board_png(&MatchView {
        names: ByPlayer::new("South", "North"),
        round: 1,
        position: &position,
        last_move: None,
        round_summary: None,
        result: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(rows: &[serenity::CreateActionRow]) -> Vec<Vec<String>> {
        let json = serde_json::to_value(rows).unwrap();
        json.as_array()
            .unwrap()
            .iter()
            .map(|row| {
                row["components"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b["custom_id"].as_str().unwrap().to_owned())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn house_buttons_go_five_to_a_row_and_name_match_and_turn() {
        let rows = house_buttons(42, 7, &[1, 2, 3, 4, 5, 6, 12]);
        let rows = ids(&rows);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].len(), 5);
        assert_eq!(rows[1], ["nn:m42:7:h6", "nn:m42:7:h12"]);
        assert!(
            house_buttons(1, 0, &[]).is_empty(),
            "no legal house, no row"
        );
    }

    #[test]
    fn deadlines_are_relative_timestamps() {
        assert_eq!(relative_time(1_767_225_600), "<t:1767225600:R>");
    }

    #[test]
    fn the_opening_board_is_a_described_png() {
        let picture = opening_board();
        assert!(picture.bytes.starts_with(b"\x89PNG"));
        assert!(!picture.description.is_empty());
    }
}
