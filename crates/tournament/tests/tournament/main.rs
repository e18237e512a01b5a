//! The pairing of the tournament suite: round robin by Berger tables, Swiss by a maximum-weight matching.
//! (The standings picture is tested in the render crate, whole tournaments through the fake Discord in the
//! `namnam` package.)

mod pairing;
