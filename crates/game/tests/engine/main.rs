//! The engine suite of the rules crate: the rules of docs/rules.md, perft against an independent
//! implementation, the sowing against a plain reference and property tests under every option. The computer
//! player's search, the record format and the pictures have an `engine` suite of their own in their crates
//! (`cargo test --test engine` at the root runs the four).

mod common;

mod perft;
mod properties;
mod rules;
mod sowing_reference;
