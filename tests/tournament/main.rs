//! The tournament test binary: pairing here; the tournament's end-to-end tests join it as modules.

mod pairing;
