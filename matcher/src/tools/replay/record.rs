//! One judged request written down: the CLI's `logs --format json|csv`
//! and the app's export of judged requests write this record, so both
//! name the same facts the same way. Its verdict part is the library's
//! [`VerdictRecord`] (allowed, line, rule, verdict, category, url, path,
//! agent, mode), between the request's facts and the replay's.
//!
//! JSON keys, in order: `time`, `ip`, `crawler`, `status`, the verdict
//! record's keys, `cached`, `verified`, `robots_txt`, `version`,
//! `fetch_status`, `method`, `host`, `user_agent`, `log`, `log_line`. CSV
//! has the same columns.

use std::net::IpAddr;

use crate::read::log::Timestamp;
use crate::tools::record::{push_csv, VerdictRecord, RECORD_FIELDS};

/// The columns before the verdict record's.
const BEFORE: [&str; 4] = ["time", "ip", "crawler", "status"];

/// The columns after it.
const AFTER: [&str; 10] = [
    "cached",
    "verified",
    "robots_txt",
    "version",
    "fetch_status",
    "method",
    "host",
    "user_agent",
    "log",
    "log_line",
];

/// A judged request.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReplayRecord<'a> {
    /// When it was made (RFC 3339, UTC), or null when its line had no time
    /// that reads (it was judged as of the line before).
    pub time: Option<Timestamp>,
    /// The client's address.
    pub ip: Option<IpAddr>,
    /// The robots.txt token of the crawler it claims to be (or its
    /// group's name for an unknown client).
    pub crawler: &'a str,
    /// The response's status.
    pub status: Option<u16>,
    /// The verdict of the version live at its time, and its deciding line.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub verdict: VerdictRecord<'a>,
    /// Disallowed (or allowed) by the version live at its time, but within
    /// the cache window after a change whose previous version decided
    /// otherwise: not a violation.
    pub cached: bool,
    /// Whether its address is inside the crawler's published ranges; null
    /// when no ranges were given for it, or the line has no address.
    pub verified: Option<bool>,
    /// Whether it fetched robots.txt itself.
    pub robots_txt: bool,
    /// The name of the version it was judged by.
    pub version: &'a str,
    /// How the crawler's last robots.txt fetch before it ended (`503`),
    /// when the log shows one: the fetch policy applied it.
    pub fetch_status: Option<String>,
    /// The request's method.
    pub method: Option<&'a str>,
    /// The host asked for.
    pub host: Option<&'a str>,
    /// The user agent as sent.
    pub user_agent: &'a str,
    /// The log it came from.
    pub log: &'a str,
    /// Its line there.
    pub log_line: u64,
}

impl ReplayRecord<'_> {
    /// The CSV header: the record's keys in order, ending in CRLF.
    pub fn csv_header() -> String {
        let mut header = BEFORE
            .iter()
            .chain(RECORD_FIELDS.iter())
            .chain(AFTER.iter())
            .copied()
            .collect::<Vec<_>>()
            .join(",");
        header.push_str("\r\n");
        header
    }

    /// Appends this record as one CSV row matching
    /// [`ReplayRecord::csv_header`] (quoted as RFC 4180 asks, CRLF at the
    /// end); the verdict's columns are written by [`VerdictRecord`].
    pub fn write_csv(&self, out: &mut String) {
        let optional = |value: Option<String>| value.unwrap_or_default();
        for field in [
            optional(self.time.map(|t| t.to_string())),
            optional(self.ip.map(|ip| ip.to_string())),
            self.crawler.to_string(),
            optional(self.status.map(|s| s.to_string())),
        ] {
            push_csv(out, &field);
            out.push(',');
        }
        let mut verdict = String::new();
        self.verdict.write_csv(false, &mut verdict);
        out.push_str(verdict.trim_end_matches("\r\n"));
        for field in [
            self.cached.to_string(),
            optional(self.verified.map(|v| v.to_string())),
            self.robots_txt.to_string(),
            self.version.to_string(),
            optional(self.fetch_status.clone()),
            self.method.unwrap_or_default().to_string(),
            self.host.unwrap_or_default().to_string(),
            self.user_agent.to_string(),
            self.log.to_string(),
            self.log_line.to_string(),
        ] {
            out.push(',');
            push_csv(out, &field);
        }
        out.push_str("\r\n");
    }
}
