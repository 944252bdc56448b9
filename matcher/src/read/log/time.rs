//! Times in access logs: one value ([`Timestamp`], whole seconds since
//! 1970 in UTC) read from the ways servers write them: Apache's and
//! nginx's `10/Oct/2000:13:55:36 -0700`, RFC 3339 (`2000-10-10T20:55:36Z`,
//! Cloudflare's `rfc3339`), W3C's `2000-10-10 20:55:36` (UTC, IIS) and
//! Unix time in seconds, milliseconds, microseconds or nanoseconds
//! (Cloudflare's `unix` and `unixnano`).
//!
//! Written by hand rather than with a date crate: every format here is
//! fixed-width or nearly, a log has a time on every line (a million a
//! second is the target), and a civil-date conversion is a dozen lines;
//! a general format-string parser measured several times slower.

use std::fmt;

/// A moment, in whole seconds since 1970-01-01T00:00:00Z. Fractions of a
/// second are dropped: hours and the 24-hour cache window are what
/// replaying logs needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(i64);

/// Seconds in an hour.
pub const HOUR: i64 = 3600;
/// Seconds in a day.
pub const DAY: i64 = 24 * HOUR;

/// The first and last second a timestamp may hold: years 1 to 9999, what
/// RFC 3339 can write.
const MIN_SECONDS: i64 = -62_135_596_800;
const MAX_SECONDS: i64 = 253_402_300_799;

/// Why a time could not be read: the text, for a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeError(String);

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a time: write it as RFC 3339 (2024-05-01T12:00:00Z, or with an offset such as +02:00), \
             a date (2024-05-01, midnight UTC), 01/May/2024:12:00:00 +0000, or Unix seconds",
            self.0
        )
    }
}

impl std::error::Error for TimeError {}

impl Timestamp {
    /// The moment `seconds` after 1970-01-01T00:00:00Z, when it is within
    /// years 1 to 9999.
    pub fn from_unix(seconds: i64) -> Option<Timestamp> {
        (MIN_SECONDS..=MAX_SECONDS)
            .contains(&seconds)
            .then_some(Timestamp(seconds))
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    pub fn unix(self) -> i64 {
        self.0
    }

    /// The start of this moment's hour (UTC).
    pub fn hour(self) -> Timestamp {
        Timestamp(self.0 - self.0.rem_euclid(HOUR))
    }

    /// This moment plus `seconds` (saturating at the ends of the range).
    pub fn plus(self, seconds: i64) -> Timestamp {
        Timestamp(
            self.0
                .saturating_add(seconds)
                .clamp(MIN_SECONDS, MAX_SECONDS),
        )
    }

    /// Reads any of the forms in the module's doc: RFC 3339 (a missing
    /// offset is UTC, a date alone is its midnight), the log form of
    /// Apache and nginx (with or without its brackets), W3C's date and
    /// time, or a Unix time (its unit told by its size).
    pub fn parse(text: &str) -> Result<Timestamp, TimeError> {
        let trimmed = text.trim();
        let trimmed = trimmed
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(trimmed);
        let bytes = trimmed.as_bytes();
        let parsed = match bytes {
            [b'0'..=b'9', b'0'..=b'9', b'/', ..] => parse_clf(bytes),
            [b'0'..=b'9', b'0'..=b'9', b'0'..=b'9', b'0'..=b'9', b'-', ..] => parse_iso(bytes),
            _ => parse_unix_text(trimmed),
        };
        parsed.ok_or_else(|| TimeError(text.to_string()))
    }

    /// A Unix time whose unit is told by its size: seconds up to 10^11
    /// (the year 5138), then milliseconds, microseconds, nanoseconds.
    pub fn from_unix_any(value: f64) -> Option<Timestamp> {
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        let seconds = if value < 1e11 {
            value
        } else if value < 1e14 {
            value / 1e3
        } else if value < 1e17 {
            value / 1e6
        } else {
            value / 1e9
        };
        Timestamp::from_unix(seconds as i64)
    }
}

impl std::str::FromStr for Timestamp {
    type Err = TimeError;

    /// [`Timestamp::parse`].
    fn from_str(text: &str) -> Result<Timestamp, TimeError> {
        Timestamp::parse(text)
    }
}

impl fmt::Display for Timestamp {
    /// RFC 3339 in UTC: `2000-10-10T20:55:36Z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.0.div_euclid(DAY);
        let second = self.0.rem_euclid(DAY);
        let (year, month, day) = civil_from_days(days);
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
            second / HOUR,
            second % HOUR / 60,
            second % 60
        )
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Timestamp {
    /// As RFC 3339 in UTC, the form [`Timestamp::parse`] reads back.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// `10/Oct/2000:13:55:36 -0700` (Apache's `%t` and nginx's `$time_local`,
/// without the brackets); the offset may be missing (UTC).
pub(super) fn parse_clf(b: &[u8]) -> Option<Timestamp> {
    if b.len() < 20 || b[2] != b'/' || b[6] != b'/' || b[11] != b':' {
        return None;
    }
    let day = digits(&b[0..2])?;
    let month = month_of(&b[3..6])?;
    let year = digits(&b[7..11])?;
    let (hour, minute, second) = clock(&b[12..20])?;
    let offset = match b[20..].trim_ascii() {
        [] => 0,
        [sign @ (b'+' | b'-'), rest @ ..] if rest.len() == 4 => {
            let minutes = digits(&rest[..2])? * 60 + digits(&rest[2..])?;
            if *sign == b'-' {
                -minutes
            } else {
                minutes
            }
        }
        _ => return None,
    };
    from_civil(year, month, day, hour, minute, second, offset)
}

/// RFC 3339 and its relatives: `2000-10-10`, `2000-10-10T20:55:36`,
/// `2000-10-10 20:55:36` (W3C), with optional fractions of a second and
/// `Z` or an offset (`+02:00`, `+0200`); no offset is UTC.
pub(super) fn parse_iso(b: &[u8]) -> Option<Timestamp> {
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = digits(&b[5..7])?;
    let day = digits(&b[8..10])?;
    if b.len() == 10 {
        return from_civil(year, month, day, 0, 0, 0, 0);
    }
    if !matches!(b[10], b'T' | b't' | b' ') || b.len() < 16 {
        return None;
    }
    let (hour, minute, mut rest) = (digits(&b[11..13])?, digits_after(b, 13)?, &b[16..]);
    let mut second = 0;
    if let [b':', s1, s2, tail @ ..] = rest {
        second = digits(&[*s1, *s2])?;
        rest = tail;
    }
    if let [b'.' | b',', tail @ ..] = rest {
        let fraction = tail.iter().take_while(|b| b.is_ascii_digit()).count();
        if fraction == 0 {
            return None;
        }
        rest = &tail[fraction..];
    }
    let offset = match rest {
        [] | [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, tail @ ..] => {
            let hours = digits(&[*h1, *h2])?;
            let minutes = match tail {
                [b':', m1, m2] | [m1, m2] => digits(&[*m1, *m2])?,
                [] => 0,
                _ => return None,
            };
            let total = hours * 60 + minutes;
            if *sign == b'-' {
                -total
            } else {
                total
            }
        }
        _ => return None,
    };
    from_civil(year, month, day, hour, minute, second, offset)
}

/// Two digits after a `:` at `at` (the minutes of `HH:MM`).
fn digits_after(b: &[u8], at: usize) -> Option<i64> {
    match b.get(at..at + 3)? {
        [b':', rest @ ..] => digits(rest),
        _ => None,
    }
}

/// A Unix time written as text: digits, optionally with a fraction.
fn parse_unix_text(text: &str) -> Option<Timestamp> {
    let valid = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && text.bytes().filter(|&b| b == b'.').count() <= 1
        && text.as_bytes()[0].is_ascii_digit();
    if !valid {
        return None;
    }
    // The whole part decides (the unit is told by its size, and times are
    // kept to the second), read digit by digit: `str::parse::<f64>` would
    // link the standard library's float parser and its 10 KB table into
    // the app's log worker (measured 2026-11-26).
    let whole = text.split('.').next().unwrap_or(text);
    let value = whole.bytes().try_fold(0u128, |n, b| {
        n.checked_mul(10)?.checked_add(u128::from(b - b'0'))
    })?;
    Timestamp::from_unix_any(value as f64)
}

/// `HH:MM:SS`.
fn clock(b: &[u8]) -> Option<(i64, i64, i64)> {
    if b.len() != 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    Some((digits(&b[0..2])?, digits(&b[3..5])?, digits(&b[6..8])?))
}

/// The value of a run of ASCII digits (at most 4).
fn digits(b: &[u8]) -> Option<i64> {
    if b.is_empty() || b.len() > 4 {
        return None;
    }
    b.iter().try_fold(0i64, |value, &d| {
        d.is_ascii_digit().then(|| value * 10 + i64::from(d - b'0'))
    })
}

/// The month of an English abbreviation (`Jan` .. `Dec`, any case).
fn month_of(b: &[u8]) -> Option<i64> {
    const MONTHS: [&[u8; 3]; 12] = [
        b"jan", b"feb", b"mar", b"apr", b"may", b"jun", b"jul", b"aug", b"sep", b"oct", b"nov",
        b"dec",
    ];
    let lower = [
        b[0].to_ascii_lowercase(),
        b[1].to_ascii_lowercase(),
        b[2].to_ascii_lowercase(),
    ];
    MONTHS
        .iter()
        .position(|m| **m == lower)
        .map(|i| i as i64 + 1)
}

/// The moment of a civil date and time at `offset` minutes east of UTC,
/// when every part is in its range (a leap second reads as the next
/// second).
fn from_civil(
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    offset: i64,
) -> Option<Timestamp> {
    let valid = (1..=9999).contains(&year)
        && (1..=12).contains(&month)
        && day >= 1
        && day <= days_in_month(year, month)
        && hour < 24
        && minute < 60
        && second <= 60
        && offset.abs() < 24 * 60;
    if !valid {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let seconds = days * DAY + hour * HOUR + minute * 60 + second - offset * 60;
    Timestamp::from_unix(seconds)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date of a day counted from 1970-01-01 (Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> i64 {
        Timestamp::parse(text).unwrap().unix()
    }

    #[test]
    fn apache_and_nginx_times_read_with_their_offset() {
        // Apache's documentation's example (mod_log_config, Common Log
        // Format): 13:55:36 at -0700 is 20:55:36 UTC.
        assert_eq!(at("[10/Oct/2000:13:55:36 -0700]"), 971_211_336);
        assert_eq!(at("10/Oct/2000:20:55:36 +0000"), 971_211_336);
        assert_eq!(at("10/oct/2000:22:55:36 +0200"), 971_211_336);
        assert_eq!(
            Timestamp::parse("10/Oct/2000:13:55:36 -0700")
                .unwrap()
                .to_string(),
            "2000-10-10T20:55:36Z"
        );
    }

    #[test]
    fn rfc3339_w3c_and_dates_read() {
        assert_eq!(at("2000-10-10T20:55:36Z"), 971_211_336);
        assert_eq!(at("2000-10-10T20:55:36.123456789Z"), 971_211_336);
        assert_eq!(at("2000-10-10T22:55:36+02:00"), 971_211_336);
        assert_eq!(at("2000-10-10T22:55:36+0200"), 971_211_336);
        assert_eq!(at("2000-10-10 20:55:36"), 971_211_336);
        assert_eq!(at("2000-10-10T20:55"), 971_211_300);
        assert_eq!(at("2000-10-10"), 971_136_000);
        assert_eq!(at("1970-01-01T00:00:00Z"), 0);
        assert_eq!(at("2024-02-29T00:00:00Z"), 1_709_164_800);
    }

    #[test]
    fn unix_times_read_in_every_unit() {
        assert_eq!(at("971211336"), 971_211_336);
        assert_eq!(at("971211336.5"), 971_211_336);
        assert_eq!(at("971211336000"), 971_211_336);
        assert_eq!(at("971211336000000"), 971_211_336);
        assert_eq!(at("971211336000000000"), 971_211_336);
    }

    #[test]
    fn malformed_times_are_errors_not_guesses() {
        for bad in [
            "",
            "yesterday",
            "2000-13-01",
            "2000-02-30",
            "2001-02-29T00:00:00Z",
            "2000-10-10T25:00:00Z",
            "2000-10-10T20:55:36+2",
            "2000-10-10X20:55:36",
            "10/Foo/2000:13:55:36 -0700",
            "10/Oct/2000:13:55:36 -07",
            "1.2.3",
            "-5",
            "٣٣٣",
        ] {
            let error = Timestamp::parse(bad).unwrap_err().to_string();
            assert!(error.contains("is not a time"), "{bad}: {error}");
        }
    }

    #[test]
    fn hours_and_display_round_trip_over_the_range() {
        for seconds in [
            MIN_SECONDS,
            -1,
            0,
            951_782_400, // 2000-02-29
            1_709_164_799,
            MAX_SECONDS,
        ] {
            let t = Timestamp::from_unix(seconds).unwrap();
            assert_eq!(Timestamp::parse(&t.to_string()).unwrap(), t, "{t}");
            assert_eq!(t.hour().unix() % HOUR, 0);
            assert!(t.hour() <= t && t.unix() - t.hour().unix() < HOUR);
        }
        assert_eq!(Timestamp::from_unix(MAX_SECONDS + 1), None);
        assert_eq!(
            Timestamp::from_unix(MAX_SECONDS).unwrap().plus(DAY).unix(),
            MAX_SECONDS
        );
    }
}
