//! What the columns and keys of structured logs (JSON lines, CSV, W3C
//! extended) are called, and which of a request's facts each names.
//!
//! One table for every structured format, so a CSV export and a JSON
//! log with the same names read alike. Names are compared ignoring ASCII
//! case; where several names of one fact appear, the one earlier in this
//! table wins (Cloudflare's `ClientRequestURI` over a generic `path`).

use std::borrow::Cow;

/// A value a column or key held.
#[derive(Debug, PartialEq)]
pub(super) enum Value<'a> {
    Text(Cow<'a, str>),
    Number(f64),
    /// JSON's `null`, a boolean, an array or an object: nothing to read.
    Other,
}

/// A fact of a request that a column or key may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fact {
    Time,
    /// The date part of a time split in two (W3C's `date`).
    Date,
    /// The time-of-day part (W3C's `time`).
    TimeOfDay,
    Ip,
    Method,
    /// The request target: a path with its query, or a full URL.
    Target,
    /// A path whose query is elsewhere ([`Fact::Query`]).
    Path,
    Query,
    /// A whole request line, `GET /x HTTP/1.1` (nginx's `$request`).
    RequestLine,
    Host,
    Status,
    UserAgent,
}

/// Every name, by fact, in order of preference within a fact. Sources:
/// Cloudflare Logpush's HTTP requests dataset (`ClientRequestURI`,
/// `ClientRequestUserAgent`, `ClientIP`, `EdgeStartTimestamp`,
/// `EdgeResponseStatus`, `ClientRequestHost`, `ClientRequestMethod`,
/// `ClientRequestPath`, `ClientRequestQuery`); the W3C extended log
/// format's identifiers as IIS and CloudFront write them (`date`, `time`,
/// `c-ip`, `cs-method`, `cs-uri-stem`, `cs-uri-query`, `cs(User-Agent)`,
/// `cs-host`, `cs(Host)`, `sc-status`); nginx's variable names as JSON
/// `log_format`s use them (`remote_addr`, `time_iso8601`, `time_local`,
/// `request`, `request_uri`, `status`, `http_user_agent`, `http_host`);
/// Google Cloud's `LogEntry.httpRequest` (`requestUrl`, `requestMethod`,
/// `remoteIp`, `userAgent`, `status`); and the plain names of hand-made
/// exports (`time`, `ip`, `path`, `status`, `user_agent`).
const NAMES: &[(&str, Fact)] = &[
    ("EdgeStartTimestamp", Fact::Time),
    ("time", Fact::Time),
    ("timestamp", Fact::Time),
    ("@timestamp", Fact::Time),
    ("time_iso8601", Fact::Time),
    ("time_local", Fact::Time),
    ("datetime", Fact::Time),
    ("ts", Fact::Time),
    ("EdgeEndTimestamp", Fact::Time),
    ("date", Fact::Date),
    ("ClientIP", Fact::Ip),
    ("c-ip", Fact::Ip),
    ("ip", Fact::Ip),
    ("client_ip", Fact::Ip),
    ("clientip", Fact::Ip),
    ("remote_addr", Fact::Ip),
    ("remote_ip", Fact::Ip),
    ("remoteip", Fact::Ip),
    ("client", Fact::Ip),
    ("ClientRequestMethod", Fact::Method),
    ("requestMethod", Fact::Method),
    ("cs-method", Fact::Method),
    ("method", Fact::Method),
    ("request_method", Fact::Method),
    ("ClientRequestURI", Fact::Target),
    ("request_uri", Fact::Target),
    ("request_url", Fact::Target),
    ("uri", Fact::Target),
    ("url", Fact::Target),
    ("requestUrl", Fact::Target),
    ("ClientRequestPath", Fact::Path),
    ("cs-uri-stem", Fact::Path),
    ("path", Fact::Path),
    ("ClientRequestQuery", Fact::Query),
    ("cs-uri-query", Fact::Query),
    ("query", Fact::Query),
    ("query_string", Fact::Query),
    ("request", Fact::RequestLine),
    ("ClientRequestHost", Fact::Host),
    ("cs-host", Fact::Host),
    ("cs(Host)", Fact::Host),
    ("host", Fact::Host),
    ("http_host", Fact::Host),
    ("hostname", Fact::Host),
    ("EdgeResponseStatus", Fact::Status),
    ("sc-status", Fact::Status),
    ("status", Fact::Status),
    ("status_code", Fact::Status),
    ("response_status", Fact::Status),
    ("OriginResponseStatus", Fact::Status),
    ("ClientRequestUserAgent", Fact::UserAgent),
    ("cs(User-Agent)", Fact::UserAgent),
    ("user_agent", Fact::UserAgent),
    ("useragent", Fact::UserAgent),
    ("user-agent", Fact::UserAgent),
    ("http_user_agent", Fact::UserAgent),
    ("ua", Fact::UserAgent),
    ("agent", Fact::UserAgent),
];

/// W3C's `time` is the time of day beside a `date`; elsewhere `time` is a
/// whole time.
pub(super) fn fact_of(name: &str, w3c: bool) -> Option<(Fact, usize)> {
    let name = name.trim();
    if w3c && name.eq_ignore_ascii_case("time") {
        return Some((Fact::TimeOfDay, 0));
    }
    NAMES
        .iter()
        .position(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|i| (NAMES[i].1, i))
}

/// Which column (or key) gives each fact, chosen from names by
/// preference: built from a CSV header or a W3C `#Fields:` line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Columns {
    slots: [Option<(usize, usize)>; FACTS],
}

/// How many facts there are.
const FACTS: usize = 12;

fn slot(fact: Fact) -> usize {
    fact as usize
}

impl Columns {
    /// The columns of `names`, in order.
    pub(super) fn of<'n>(names: impl IntoIterator<Item = &'n str>, w3c: bool) -> Columns {
        let mut columns = Columns::default();
        for (column, name) in names.into_iter().enumerate() {
            if let Some((fact, rank)) = fact_of(name, w3c) {
                let current = &mut columns.slots[slot(fact)];
                if current.is_none_or(|(_, best)| rank < best) {
                    *current = Some((column, rank));
                }
            }
        }
        columns
    }

    /// The column holding `fact`.
    pub(super) fn get(&self, fact: Fact) -> Option<usize> {
        self.slots[slot(fact)].map(|(column, _)| column)
    }

    /// Whether the columns say where a request's target is: a target, a
    /// path or a request line.
    pub(super) fn has_target(&self) -> bool {
        [Fact::Target, Fact::Path, Fact::RequestLine]
            .into_iter()
            .any(|fact| self.get(fact).is_some())
    }
}

/// Facts gathered from one structured line, preferring the better name
/// when several give one fact.
#[derive(Debug, Default)]
pub(super) struct Found<T> {
    slots: [Option<(T, usize)>; FACTS],
}

impl<T> Found<T> {
    pub(super) fn new() -> Found<T> {
        Found {
            slots: std::array::from_fn(|_| None),
        }
    }

    /// Keeps `value` for `fact` unless a better-ranked name gave it.
    pub(super) fn offer(&mut self, fact: Fact, rank: usize, value: T) {
        let current = &mut self.slots[slot(fact)];
        if current.as_ref().is_none_or(|(_, best)| rank < *best) {
            *current = Some((value, rank));
        }
    }

    pub(super) fn take(&mut self, fact: Fact) -> Option<T> {
        self.slots[slot(fact)].take().map(|(value, _)| value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_ignoring_case_and_preferred_in_order() {
        assert_eq!(fact_of("clientrequesturi", false).unwrap().0, Fact::Target);
        assert_eq!(fact_of("CS(USER-AGENT)", true).unwrap().0, Fact::UserAgent);
        assert_eq!(fact_of("time", true).unwrap().0, Fact::TimeOfDay);
        assert_eq!(fact_of("time", false).unwrap().0, Fact::Time);
        assert_eq!(fact_of("referer", false), None);
        let columns = Columns::of(["path", "ClientRequestURI", "ua", "x"], false);
        assert_eq!(columns.get(Fact::Target), Some(1));
        assert_eq!(columns.get(Fact::Path), Some(0));
        assert_eq!(columns.get(Fact::UserAgent), Some(2));
        assert!(columns.has_target());
        assert!(!Columns::of(["a", "b"], false).has_target());
    }

    #[test]
    fn every_fact_has_a_slot() {
        assert_eq!(slot(Fact::UserAgent) + 1, FACTS);
        let mut found = Found::new();
        found.offer(Fact::Ip, 9, "later");
        found.offer(Fact::Ip, 2, "better");
        found.offer(Fact::Ip, 5, "worse");
        assert_eq!(found.take(Fact::Ip), Some("better"));
        assert_eq!(found.take(Fact::Ip), None);
    }
}
