//! The pictures of the tournament suite: the standings picture. (The pairing is tested in the tournament
//! crate, whole tournaments through the fake Discord in the `namnam` package.)

mod standings_picture;
