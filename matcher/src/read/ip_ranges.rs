//! The IP ranges operators publish for their crawlers, in the shape of
//! Google's `googlebot.json` (which Bing, OpenAI, Perplexity and others
//! use too):
//!
//! ```json
//! {"creationTime": "2024-05-01T23:00:00.000000", "prefixes": [
//!   {"ipv4Prefix": "66.249.64.0/27"}, {"ipv6Prefix": "2001:4860:4801:10::/64"}]}
//! ```
//!
//! [`IpRanges::contains`] tells whether an address is inside: a request
//! that claims a crawler from outside its operator's ranges is not that
//! crawler. Ranges are merged and sorted once, so a lookup is a binary
//! search, whatever the file's size.

use std::fmt;
use std::net::IpAddr;

use crate::read::json::{JsonError, Kind, Reader};

/// The ranges of one file: IPv4 and IPv6, each sorted and merged.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IpRanges {
    v4: Vec<(u32, u32)>,
    v6: Vec<(u128, u128)>,
    /// How many prefixes the file listed.
    pub prefixes: usize,
    /// The file's `creationTime`, when it has one.
    pub created: Option<String>,
}

/// Why a file is not an IP-range file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IpRangesError {
    /// The bytes are not JSON of the expected shape.
    NotJson {
        /// Where the JSON goes wrong, and how, from the JSON reader.
        reason: String,
    },
    /// A prefix that is not an address with a prefix length.
    BadPrefix {
        /// Its place in the `prefixes` list (from 1).
        index: usize,
        /// The prefix as written.
        text: String,
    },
    /// The list is empty: nothing could ever be verified.
    Empty,
}

impl fmt::Display for IpRangesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IpRangesError::NotJson { reason } => write!(
                f,
                "not an IP-range file: expected JSON like Google's googlebot.json, \
                 {{\"prefixes\": [{{\"ipv4Prefix\": \"66.249.64.0/27\"}}, ...]}} ({reason})"
            ),
            IpRangesError::BadPrefix { index, text } => write!(
                f,
                "prefix {index} of the list, '{text}', is not an IPv4 or IPv6 address with a prefix length (66.249.64.0/27)"
            ),
            IpRangesError::Empty => f.write_str("the file lists no prefixes, so no address could be verified"),
        }
    }
}

impl std::error::Error for IpRangesError {}

/// What the file must be, for messages.
const FILE: &str = "an object with a \"prefixes\" list";

/// What each of its prefixes must be.
const PREFIX: &str = "an object with an \"ipv4Prefix\" or \"ipv6Prefix\"";

/// A file as read: its `creationTime`, and each prefix's `ipv4Prefix`
/// and `ipv6Prefix`.
type RangesFile = (Option<String>, Vec<[Option<String>; 2]>);

/// Reads the file's shape (`{"creationTime": …, "prefixes": [{"ipv4Prefix":
/// …, "ipv6Prefix": …}]}`; other keys are skipped).
fn read_file(text: &str) -> Result<RangesFile, JsonError> {
    let mut reader = Reader::new(text);
    let (mut created, mut prefixes) = (None, None);
    reader.object(FILE, &mut |reader, key| match &*key {
        "creationTime" => once(reader, &mut created, "creationTime", optional_text),
        "prefixes" => once(reader, &mut prefixes, "prefixes", |reader| {
            let mut list = Vec::new();
            reader.list("a list", &mut |reader| {
                let mut prefix = [None, None];
                let [v4, v6] = &mut prefix;
                reader.object(PREFIX, &mut |reader, key| match &*key {
                    "ipv4Prefix" => once(reader, v4, "ipv4Prefix", optional_text),
                    "ipv6Prefix" => once(reader, v6, "ipv6Prefix", optional_text),
                    _ => reader.skip(),
                })?;
                list.push(prefix.map(Option::flatten));
                Ok(())
            })?;
            Ok(list)
        }),
        _ => reader.skip(),
    })?;
    let Some(prefixes) = prefixes else {
        return Err(reader.error("missing field `prefixes`"));
    };
    reader.end()?;
    Ok((created.flatten(), prefixes))
}

/// Reads a field's value into `slot` with `read`; an error when the
/// object named the field before.
fn once<'a, T>(
    reader: &mut Reader<'a>,
    slot: &mut Option<T>,
    name: &str,
    read: impl FnOnce(&mut Reader<'a>) -> Result<T, JsonError>,
) -> Result<(), JsonError> {
    if slot.is_some() {
        return Err(reader.error(format!("duplicate field `{name}`")));
    }
    *slot = Some(read(reader)?);
    Ok(())
}

/// A string or `null`.
fn optional_text(reader: &mut Reader<'_>) -> Result<Option<String>, JsonError> {
    if reader.null()? {
        return Ok(None);
    }
    match reader.peek()? {
        Kind::Text => Ok(Some(reader.string()?.into_owned())),
        _ => Err(reader.unexpected("a string")),
    }
}

impl IpRanges {
    /// Reads a file in the `googlebot.json` shape.
    pub fn parse(bytes: &[u8]) -> Result<IpRanges, IpRangesError> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let text = std::str::from_utf8(bytes).map_err(|error| IpRangesError::NotJson {
            reason: format!(
                "bytes that are not UTF-8 at byte {}",
                error.valid_up_to() + 1
            ),
        })?;
        let (created, prefixes) = read_file(text).map_err(|error| {
            let (line, column) = error.line_column(text);
            IpRangesError::NotJson {
                reason: format!("{} at line {line} column {column}", error.reason),
            }
        })?;
        let mut ranges = IpRanges {
            created,
            ..IpRanges::default()
        };
        for (index, prefix) in prefixes.iter().enumerate() {
            for text in prefix.iter().flatten() {
                ranges.add(text).ok_or_else(|| IpRangesError::BadPrefix {
                    index: index + 1,
                    text: text.clone(),
                })?;
            }
        }
        if ranges.prefixes == 0 {
            return Err(IpRangesError::Empty);
        }
        ranges.v4 = merged(std::mem::take(&mut ranges.v4));
        ranges.v6 = merged(std::mem::take(&mut ranges.v6));
        Ok(ranges)
    }

    /// Adds one prefix (`66.249.64.0/27`, `2001:db8::/32`, or an address
    /// alone); `None` when it does not read. Host bits are ignored.
    fn add(&mut self, text: &str) -> Option<()> {
        let (address, length) = match text.trim().split_once('/') {
            Some((address, length)) => (address, Some(length.parse::<u32>().ok()?)),
            None => (text.trim(), None),
        };
        match address.parse::<IpAddr>().ok()? {
            IpAddr::V4(ip) => {
                let length = length.unwrap_or(32);
                let mask = u32::MAX.checked_shl(32 - length.min(32)).unwrap_or(0);
                (length <= 32).then_some(())?;
                let start = u32::from(ip) & mask;
                self.v4.push((start, start | !mask));
            }
            IpAddr::V6(ip) => {
                let length = length.unwrap_or(128);
                let mask = u128::MAX.checked_shl(128 - length.min(128)).unwrap_or(0);
                (length <= 128).then_some(())?;
                let start = u128::from(ip) & mask;
                self.v6.push((start, start | !mask));
            }
        }
        self.prefixes += 1;
        Some(())
    }

    /// Whether `ip` is inside one of the ranges. An IPv4 address written
    /// as IPv6 (`::ffff:66.249.66.1`) is looked up as IPv4.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match ip {
            IpAddr::V4(ip) => inside(&self.v4, u32::from(ip)),
            IpAddr::V6(ip) => match ip.to_ipv4_mapped() {
                Some(v4) => inside(&self.v4, u32::from(v4)),
                None => inside(&self.v6, u128::from(ip)),
            },
        }
    }
}

/// Ranges sorted by start, overlapping and adjacent ones joined.
fn merged<T: Copy + Ord + num::Successor>(mut ranges: Vec<(T, T)>) -> Vec<(T, T)> {
    // The crate's one sort (`crate::sort`), not an instantiation of its own.
    crate::sort::sort_by(&mut ranges, |a, b| a.cmp(b));
    let mut out: Vec<(T, T)> = Vec::with_capacity(ranges.len());
    for (start, end) in ranges {
        match out.last_mut() {
            Some(last) if last.1.successor().is_none_or(|next| start <= next) => {
                last.1 = last.1.max(end);
            }
            _ => out.push((start, end)),
        }
    }
    out
}

/// Whether `value` is in one of the sorted, disjoint `ranges`.
fn inside<T: Copy + Ord>(ranges: &[(T, T)], value: T) -> bool {
    let after = ranges.partition_point(|&(start, _)| start <= value);
    after > 0 && value <= ranges[after - 1].1
}

mod num {
    /// The next value, for joining adjacent ranges.
    pub trait Successor: Sized {
        fn successor(self) -> Option<Self>;
    }

    impl Successor for u32 {
        fn successor(self) -> Option<u32> {
            self.checked_add(1)
        }
    }

    impl Successor for u128 {
        fn successor(self) -> Option<u128> {
            self.checked_add(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranges(prefixes: &[&str]) -> IpRanges {
        let list: Vec<String> = prefixes
            .iter()
            .map(|p| {
                let key = if p.contains(':') {
                    "ipv6Prefix"
                } else {
                    "ipv4Prefix"
                };
                format!("{{\"{key}\":\"{p}\"}}")
            })
            .collect();
        IpRanges::parse(format!("{{\"prefixes\":[{}]}}", list.join(",")).as_bytes()).unwrap()
    }

    fn has(ranges: &IpRanges, ip: &str) -> bool {
        ranges.contains(ip.parse().unwrap())
    }

    #[test]
    fn googlebot_json_reads() {
        // The start of Google's https://developers.google.com/static/search/apis/ipranges/googlebot.json
        // as published (its shape and first prefixes).
        let file = br#"{
  "creationTime": "2024-05-01T23:00:46.000000",
  "prefixes": [
    {
      "ipv6Prefix": "2001:4860:4801:10::/64"
    },
    {
      "ipv4Prefix": "66.249.64.0/27"
    },
    {
      "ipv4Prefix": "66.249.64.32/27"
    }
  ]
}"#;
        let ranges = IpRanges::parse(file).unwrap();
        assert_eq!(ranges.prefixes, 3);
        assert_eq!(
            ranges.created.as_deref(),
            Some("2024-05-01T23:00:46.000000")
        );
        // Two adjacent /27s are one range.
        assert_eq!(ranges.v4, [(0x42F9_4000, 0x42F9_403F)]);
        assert!(has(&ranges, "66.249.64.1"));
        assert!(has(&ranges, "2001:4860:4801:10::1"));
        assert!(!has(&ranges, "66.249.66.1"));
    }

    #[test]
    fn ipv4_edges_are_exact() {
        let ranges = ranges(&["66.249.64.0/27", "192.0.2.7", "10.1.2.3/8"]);
        assert!(has(&ranges, "66.249.64.0"));
        assert!(has(&ranges, "66.249.64.31"));
        assert!(!has(&ranges, "66.249.63.255"));
        assert!(!has(&ranges, "66.249.64.32"));
        assert!(has(&ranges, "192.0.2.7"));
        assert!(!has(&ranges, "192.0.2.6") && !has(&ranges, "192.0.2.8"));
        // Host bits in a prefix are ignored: 10.1.2.3/8 is 10.0.0.0/8.
        assert!(has(&ranges, "10.0.0.0") && has(&ranges, "10.255.255.255"));
        assert!(!has(&ranges, "11.0.0.0") && !has(&ranges, "9.255.255.255"));
        // An IPv4 address written as IPv6 is the IPv4 address.
        assert!(has(&ranges, "::ffff:66.249.64.5"));
        assert!(!has(&ranges, "2001:db8::1"));
        let everything = ranges_of_all();
        assert!(has(&everything, "0.0.0.0") && has(&everything, "255.255.255.255"));
        assert!(
            has(&everything, "::") && has(&everything, "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")
        );
    }

    fn ranges_of_all() -> IpRanges {
        ranges(&["0.0.0.0/0", "::/0", "10.0.0.0/8"])
    }

    #[test]
    fn ipv6_edges_are_exact() {
        let ranges = ranges(&["2001:4860:4801:10::/64", "2001:db8::1/128"]);
        assert!(has(&ranges, "2001:4860:4801:10::"));
        assert!(has(&ranges, "2001:4860:4801:10:ffff:ffff:ffff:ffff"));
        assert!(!has(&ranges, "2001:4860:4801:f:ffff:ffff:ffff:ffff"));
        assert!(!has(&ranges, "2001:4860:4801:11::"));
        assert!(has(&ranges, "2001:db8::1"));
        assert!(!has(&ranges, "2001:db8::2"));
        assert!(!has(&ranges, "66.249.64.1"));
    }

    #[test]
    fn files_of_another_shape_are_messages() {
        let error = |bytes: &[u8]| IpRanges::parse(bytes).unwrap_err().to_string();
        let text = error(b"66.249.64.0/27\n");
        assert!(text.starts_with("not an IP-range file"), "{text}");
        assert!(
            text.contains("expected an object with a \"prefixes\" list"),
            "{text}"
        );
        assert!(
            error(br#"{"prefixes": [1]}"#).contains("expected an object with an \"ipv4Prefix\"")
        );
        assert!(error(b"<html>").starts_with("not an IP-range file"));
        assert!(error(br#"{"items": []}"#).contains("missing field `prefixes`"));
        assert_eq!(
            error(br#"{"prefixes": [{"ipv4Prefix": "66.249.64.0/33"}]}"#),
            "prefix 1 of the list, '66.249.64.0/33', is not an IPv4 or IPv6 address with a prefix length (66.249.64.0/27)"
        );
        assert!(error(br#"{"prefixes": [{"ipv4Prefix": "a.b.c.d/8"}]}"#).contains("'a.b.c.d/8'"));
        assert!(error(br#"{"prefixes": [{"ipv6Prefix": "::/129"}]}"#).contains("'::/129'"));
        assert!(error(br#"{"prefixes": []}"#).contains("no prefixes"));
        assert!(error(br#"{"prefixes": [{"other": 1}]}"#).contains("no prefixes"));
    }
}
