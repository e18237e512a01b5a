//! End-to-end tests of the Discord front end: the real serenity client, through poise, against a fake
//! Discord on 127.0.0.1 (the `fake-discord` crate). Every REST request the bot makes is checked
//! against Discord's OpenAPI description (`crates/fake-discord/data/discord-api-spec/`).
//!
//! The fixture comes first ([`fixture`]: the fake, the bots run against it, and what a player does), then
//! what the tests build and check ([`payload`]: what Discord sends the bot; [`checks`]: what the bot sent),
//! then one module per scenario.

#[path = "../support/mod.rs"]
mod support;

mod fixture;

mod checks;
mod payload;

mod abuse;
mod computer_and_threads;
mod daily_puzzle;
mod deferred;
mod endings;
mod everywhere;
mod gateway;
mod languages;
mod learn;
mod looking_back;
mod member_menu;
mod open_challenges;
mod operators;
mod outages;
mod puzzles;
mod registration;
mod seasons_and_dms;
mod startup;
mod takeback;
mod two_processes;
mod user_install;
mod web_pages;
mod whole_match;
