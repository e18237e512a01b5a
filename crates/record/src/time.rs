//! The two kinds of time a record carries: the moment a match began (`2026-12-01T10:15:00Z`) and lengths of
//! time (the move clock, the time a move took: `1d`, `3m5s`, `0.25s`).

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;
use std::time::Duration;

use time::format_description::BorrowedFormatItem;
use time::{OffsetDateTime, PrimitiveDateTime};

/// A moment in UTC to the second, written `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339 without fractions or offsets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    unix_secs: i64,
}

/// The first and last second a four-digit year can write: 0000-01-01 and 9999-12-31.
const FIRST_SECOND: i64 = -62_167_219_200;
const LAST_SECOND: i64 = 253_402_300_799;

impl Timestamp {
    /// The moment `unix_secs` seconds after 1970-01-01T00:00:00Z; `None` outside the years 0000–9999.
    pub fn from_unix_secs(unix_secs: i64) -> Option<Timestamp> {
        (FIRST_SECOND..=LAST_SECOND)
            .contains(&unix_secs)
            .then_some(Timestamp { unix_secs })
    }

    /// The moment `unix_ms` milliseconds after the epoch, cut to the second.
    pub fn from_unix_ms(unix_ms: i64) -> Option<Timestamp> {
        Timestamp::from_unix_secs(unix_ms.div_euclid(1000))
    }

    pub fn unix_secs(self) -> i64 {
        self.unix_secs
    }
}

/// `2026-12-01T10:15:00Z`: RFC 3339 in UTC, to the second, with nothing optional.
fn date_format() -> &'static [BorrowedFormatItem<'static>] {
    static FORMAT: LazyLock<Vec<BorrowedFormatItem<'static>>> = LazyLock::new(|| {
        time::format_description::parse_borrowed::<1>(
            "[year]-[month]-[day]T[hour]:[minute]:[second]Z",
        )
        .expect("a valid format description")
    });
    &FORMAT
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moment = OffsetDateTime::from_unix_timestamp(self.unix_secs).map_err(|_| fmt::Error)?;
        let text = moment.format(date_format()).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

impl FromStr for Timestamp {
    type Err = String;

    fn from_str(s: &str) -> Result<Timestamp, String> {
        let bad = || format!("{s:?} is not a date like 2026-12-01T10:15:00Z");
        // Exactly this shape: no sign, no fraction, no offset but `Z` (the calendar is `time`'s to check).
        let shape = b"dddd-dd-ddTdd:dd:ddZ";
        let b = s.as_bytes();
        if b.len() != shape.len()
            || !b.iter().zip(shape).all(|(&c, &want)| match want {
                b'd' => c.is_ascii_digit(),
                _ => c == want,
            })
        {
            return Err(bad());
        }
        let moment = PrimitiveDateTime::parse(s, date_format()).map_err(|_| bad())?;
        Timestamp::from_unix_secs(moment.assume_utc().unix_timestamp()).ok_or_else(bad)
    }
}

/// The longest length of time a record writes: a hundred years is more than any clock needs, and keeps every
/// sum of components far from overflowing.
const LONGEST_MS: u128 = 100 * 366 * 86_400_000;

/// Writes `d` to the millisecond: days, hours, minutes and seconds, each only when not zero (`1d`, `2h30m`,
/// `1m5.25s`), and `0s` for nothing.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms == 0 {
        return "0s".into();
    }
    let mut out = String::new();
    let (days, rest) = (ms / 86_400_000, ms % 86_400_000);
    let (hours, rest) = (rest / 3_600_000, rest % 3_600_000);
    let (minutes, rest) = (rest / 60_000, rest % 60_000);
    let (secs, millis) = (rest / 1000, rest % 1000);
    for (value, unit) in [(days, "d"), (hours, "h"), (minutes, "m")] {
        if value > 0 {
            out.push_str(&format!("{value}{unit}"));
        }
    }
    match (secs, millis) {
        (0, 0) => {}
        (s, 0) => out.push_str(&format!("{s}s")),
        (s, ms) => {
            let fraction = format!("{ms:03}");
            out.push_str(&format!("{s}.{}s", fraction.trim_end_matches('0')));
        }
    }
    out
}

/// Reads a length of time as [`format_duration`] writes it, also with zero components (`0m30s`): numbers,
/// each followed by its unit, the units in the order `d`, `h`, `m`, `s`, each at most once; only seconds may
/// have a fraction, of up to three digits.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let bad = |why: &str| format!("{s:?} is not a length of time like 1d, 2h30m or 12.5s: {why}");
    if s.is_empty() {
        return Err(bad("it is empty"));
    }
    const UNITS: [(char, u128); 4] = [
        ('d', 86_400_000),
        ('h', 3_600_000),
        ('m', 60_000),
        ('s', 1000),
    ];
    let mut total: u128 = 0;
    let mut next_unit = 0;
    let mut rest = s;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .ok_or_else(|| bad("a number has no unit"))?;
        let (number, tail) = rest.split_at(digits);
        let unit = tail.chars().next().expect("found above");
        let Some(index) = UNITS.iter().position(|&(u, _)| u == unit) else {
            return Err(bad(&format!("{unit:?} is not a unit (d, h, m, s)")));
        };
        if index < next_unit {
            return Err(bad("units go d, h, m, s, each once"));
        }
        next_unit = index + 1;
        let (whole, fraction) = match number.split_once('.') {
            Some((whole, fraction)) if unit == 's' => (whole, fraction),
            Some(_) => return Err(bad("only seconds may have a fraction")),
            None => (number, ""),
        };
        if whole.is_empty()
            || whole.len() > 12
            || fraction.len() > 3
            || number.ends_with('.')
            || !fraction.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad(&format!("{number:?} is not a number of {unit}")));
        }
        let whole: u128 = whole.parse().map_err(|_| bad("a number is not whole"))?;
        let millis: u128 = if fraction.is_empty() {
            0
        } else {
            format!("{fraction:0<3}").parse().expect("digits")
        };
        total += whole * UNITS[index].1 + millis;
        if total > LONGEST_MS {
            return Err(bad("it is longer than a hundred years"));
        }
        rest = &tail[unit.len_utf8()..];
    }
    Ok(Duration::from_millis(total as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_written_and_read_in_utc() {
        // 2026-01-01 00:00 UTC, the core suite's start.
        let t = Timestamp::from_unix_ms(1_767_225_600_000).unwrap();
        assert_eq!(t.to_string(), "2026-01-01T00:00:00Z");
        assert_eq!("2026-01-01T00:00:00Z".parse::<Timestamp>(), Ok(t));
        let leap: Timestamp = "2024-02-29T23:59:59Z".parse().unwrap();
        assert_eq!(leap.to_string(), "2024-02-29T23:59:59Z");
        for bad in [
            "2023-02-29T00:00:00Z",
            "2026-12-01 10:15:00Z",
            "2026-12-01T10:15:00",
            "2026-13-01T10:15:00Z",
            "2026-12-01T24:00:00Z",
        ] {
            assert!(bad.parse::<Timestamp>().is_err(), "{bad}");
        }
        for secs in [FIRST_SECOND, -1, 0, 951_782_400, LAST_SECOND] {
            let t = Timestamp::from_unix_secs(secs).unwrap();
            assert_eq!(t.to_string().parse::<Timestamp>(), Ok(t), "{secs}");
        }
    }

    #[test]
    fn durations_round_trip_to_the_millisecond() {
        let ms = Duration::from_millis;
        assert_eq!(format_duration(ms(0)), "0s");
        assert_eq!(format_duration(ms(86_400_000)), "1d");
        assert_eq!(format_duration(ms(65_250)), "1m5.25s");
        assert_eq!(format_duration(ms(9_000_007)), "2h30m0.007s");
        for n in [0, 1, 999, 1000, 61_001, 86_399_999, 604_800_000] {
            assert_eq!(parse_duration(&format_duration(ms(n))), Ok(ms(n)), "{n}");
        }
        assert_eq!(parse_duration("0m30s"), Ok(ms(30_000)));
        assert_eq!(parse_duration("24h"), Ok(ms(86_400_000)));
        for bad in [
            "", "5", "s", "1m1h", "1.5m", "1.s", "1.2345s", "3x", "1s1s", "-1s",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
