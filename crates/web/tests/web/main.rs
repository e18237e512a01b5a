//! `namnam web` over real HTTP on the loopback, on a database made by the real core (a SQLite file, and
//! PostgreSQL where it is installed): what is served before and after `web:yes`, the pages, the pictures,
//! the record, the headers, the methods and the budget; and the same pages in a real browser (Chromium),
//! where they are also photographed for docs/ (an ignored test).

use namnam_testkit::postgres;

#[allow(unused_macros, dead_code)] // the core suite's helpers: this suite uses part of them
#[macro_use]
#[path = "../../../core/tests/core/common.rs"]
mod common;

mod browser;
mod connections;
mod health;
mod pages;
