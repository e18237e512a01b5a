//! Time for the core: an injectable clock (the tests move it by hand, nothing sleeps), and the durations and
//! dates players read and write.

pub use namnam_clock::{Clock, ManualClock, SystemClock};

const UNITS: [(char, u32); 4] = [('d', 86_400), ('h', 3_600), ('m', 60), ('s', 1)];

/// Parses a duration such as `24h`, `90m`, `1d12h` or `2d 6h` into seconds.
pub fn parse_duration(text: &str) -> Option<u32> {
    let mut total: u64 = 0;
    let mut number: Option<u64> = None;
    for c in text.trim().chars() {
        if let Some(d) = c.to_digit(10) {
            // Checked: a number of any length is refused, never wrapped or a panic.
            number = Some(
                number
                    .unwrap_or(0)
                    .checked_mul(10)?
                    .checked_add(u64::from(d))?,
            );
        } else if c.is_whitespace() {
            continue;
        } else {
            let unit = UNITS.iter().find(|(u, _)| *u == c.to_ascii_lowercase())?.1;
            total = total.checked_add(number.take()?.checked_mul(u64::from(unit))?)?;
        }
    }
    if number.is_some() || total == 0 {
        return None;
    }
    u32::try_from(total).ok()
}

/// `secs` in its units, largest first, those that are not zero: (1, 'd'), (2, 'h').
fn duration_parts(secs: u32) -> impl Iterator<Item = (u32, char)> {
    UNITS
        .iter()
        .scan(secs, |left, &(unit, size)| {
            let n = *left / size;
            *left %= size;
            Some((n, unit))
        })
        .filter(|&(n, _)| n > 0)
}

/// `1d 2h`, `5m`, `24h`: the largest units, at most two of them.
pub fn format_duration(secs: u32) -> String {
    let parts: Vec<String> = duration_parts(secs)
        .take(2)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect();
    if parts.is_empty() {
        "0s".into()
    } else {
        parts.join(" ")
    }
}

/// `1d1h1m1s`: every unit, in one word, as [`parse_duration`] reads it back to the second.
pub fn duration_word(secs: u32) -> String {
    duration_parts(secs)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect()
}

/// The first moment of the UTC month that `ms` falls in, in milliseconds since the Unix epoch.
pub fn month_start_utc(ms: i64) -> i64 {
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let first = at
        .date()
        .replace_day(1)
        .expect("every month has a first day");
    first.midnight().assume_utc().unix_timestamp() * 1000
}

/// `2026-11-29 14:05 UTC`.
pub fn format_utc(ms: i64) -> String {
    static FORMAT: std::sync::LazyLock<Vec<time::format_description::BorrowedFormatItem<'static>>> =
        std::sync::LazyLock::new(|| {
            time::format_description::parse_borrowed::<1>(
                "[year]-[month]-[day] [hour]:[minute] UTC",
            )
            .expect("a valid format description")
        });
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .ok()
        .and_then(|moment| moment.format(&FORMAT).ok())
        // Beyond the years 9999: no clock of ours gets there.
        .unwrap_or_else(|| format!("{ms} ms"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_and_print() {
        assert_eq!(parse_duration("24h"), Some(86_400));
        assert_eq!(parse_duration("5m"), Some(300));
        assert_eq!(parse_duration("1d12h"), Some(129_600));
        assert_eq!(parse_duration("2d 6h"), Some(194_400));
        assert_eq!(parse_duration("7D"), Some(604_800));
        for bad in ["", "24", "h", "5x", "0m", "m5"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
        assert_eq!(format_duration(86_400), "1d");
        assert_eq!(format_duration(129_600), "1d 12h");
        assert_eq!(format_duration(300), "5m");
        assert_eq!(duration_word(90_061), "1d1h1m1s");
        assert_eq!(parse_duration(&duration_word(90_061)), Some(90_061));
    }

    #[test]
    fn dates_are_utc() {
        assert_eq!(format_utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_utc(1_709_210_096_000), "2024-02-29 12:34 UTC");
        assert_eq!(format_utc(1_798_761_599_000), "2026-12-31 23:59 UTC");
    }
}
