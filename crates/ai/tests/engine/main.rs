//! The engine suite of the ai crate (`cargo test --test engine` at the root runs this one and those of the
//! rules, the computer player, the record format and the pictures).

#[allow(dead_code)] // shared with the rules crate's suite
#[path = "../../../game/tests/engine/common.rs"]
mod common;

mod ai;
mod endings_and_duels;
mod same_tree;
