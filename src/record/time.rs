//! The two kinds of time a record carries: the moment a match began (`2026-12-01T10:15:00Z`) and lengths of
//! time (the move clock, the time a move took: `1d`, `3m5s`, `0.25s`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

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

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (days, secs) = (
            self.unix_secs.div_euclid(86_400),
            self.unix_secs.rem_euclid(86_400),
        );
        let (y, m, d) = civil_from_days(days);
        write!(
            f,
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
            secs / 3600,
            secs % 3600 / 60,
            secs % 60
        )
    }
}

impl FromStr for Timestamp {
    type Err = String;

    fn from_str(s: &str) -> Result<Timestamp, String> {
        let bad = || format!("{s:?} is not a date like 2026-12-01T10:15:00Z");
        let b = s.as_bytes();
        let shape = b"dddd-dd-ddTdd:dd:ddZ";
        if b.len() != shape.len()
            || !b.iter().zip(shape).all(|(&c, &want)| match want {
                b'd' => c.is_ascii_digit(),
                _ => c == want,
            })
        {
            return Err(bad());
        }
        let num = |range: std::ops::Range<usize>| -> i64 {
            s[range].parse().expect("checked to be digits")
        };
        let (y, m, d) = (num(0..4), num(5..7), num(8..10));
        let (hh, mm, ss) = (num(11..13), num(14..16), num(17..19));
        let month_days = match m {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) => 29,
            2 => 28,
            _ => return Err(bad()),
        };
        if !(1..=month_days).contains(&d) || hh > 23 || mm > 59 || ss > 59 {
            return Err(bad());
        }
        let secs = days_from_civil(y, m as u32, d as u32) * 86_400 + hh * 3600 + mm * 60 + ss;
        Timestamp::from_unix_secs(secs).ok_or_else(bad)
    }
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The inverse of [`civil_from_days`], also Hinnant's.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from(if m > 2 { m - 3 } else { m + 9 });
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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
