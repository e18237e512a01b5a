//! Namnam: Nam-nam, the Ghanaian roaming variant of Oware, for Discord and the console.
//!
//! The layers point one way: [`game`] (the rules) → render → store → bot core → front ends. Beside them:
//! the engine [`protocol`], the [`record`] format of whole matches, [`selfplay`] and the search's [`speed`]
//! measurement.

pub mod ai;
pub mod bot;
pub mod console;
pub mod discord;
pub mod game;
pub mod protocol;
pub mod record;
pub mod render;
pub mod rng;
pub mod selfplay;
pub mod speed;
pub mod store;
pub mod tournament;
