//! The engine suite: the pure layers below the database, one module each — the rules of docs/rules.md,
//! perft against an independent implementation, the sowing against a plain reference, property tests
//! under every option, the record format of whole matches, the computer player's search, and the pictures.
//!
//! One test binary for all of them: each binary links the whole crate, so fewer binaries build faster.

mod common;

mod ai;
mod perft;
mod properties;
mod record;
mod render;
mod rules;
mod sowing_reference;
