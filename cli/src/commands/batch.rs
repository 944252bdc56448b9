//! `robotstxt batch`: JSON Lines requests on stdin, one JSON line answer per
//! request, for conformance suites and other programs.

use std::io::{self, BufRead, BufReader};

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::{DecodePaddingMode, Engine};
use robots_matcher::tools::record::VerdictRecord;
use robots_matcher::{
    AgentMatching, CheckOptions, Crawler, FetchOutcome, FetchedRobots, Mode, ParseOptions, Robots,
};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::cli::BatchArgs;
use crate::crawler::crawler_from_specs;
use crate::error::{io_reason, CliError};
use crate::input::size_in_mib;
use crate::output::{Output, Status};
use crate::settings::parse_mode;

/// Standard base64; padding may be left out, as some encoders do.
const BASE64: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
);

/// The answer to a line that is not a usable request.
#[derive(Serialize)]
struct Failure {
    error: String,
}

/// One request, read and checked.
struct Request {
    robots: Vec<u8>,
    parse: ParseOptions,
    crawler: Crawler,
    url: String,
    check: CheckOptions,
}

pub fn run(args: BatchArgs) -> Result<Status, CliError> {
    if let Some(stray) = args.stray.first() {
        return Err(CliError::usage(
            Some("batch"),
            format!("unexpected argument '{stray}': batch reads its requests from stdin"),
        ));
    }
    let defaults = Defaults {
        mode: args.read.mode.unwrap_or_default(),
        no_size_limit: args.read.no_size_limit,
    };
    let mut input = BufReader::with_capacity(64 * 1024, io::stdin().lock());
    let mut out = Output::new();
    let mut cache = RobotsCache::default();
    let mut line = Vec::new();
    let mut number = 0usize;
    let stdin_error =
        |e: io::Error| CliError::Input(format!("cannot read stdin: {}", io_reason(&e)));
    loop {
        let read = read_line(&mut input, &mut line, MAX_LINE_BYTES).map_err(stdin_error)?;
        if read == LineRead::End {
            break;
        }
        number += 1;
        if read == LineRead::TooLong {
            // Answered at once: the line's end may be long in coming.
            out.json(&Failure {
                error: format!(
                    "line {number}: the request is over {}, the most batch reads in one line; it was skipped",
                    size_in_mib(MAX_LINE_BYTES)
                ),
            })?;
            out.flush()?;
            skip_line(&mut input).map_err(stdin_error)?;
        } else if !is_blank(&line) {
            match read_request(&line, &defaults) {
                Ok(request) => {
                    let agent = request.crawler.spec();
                    // A request gives robots.txt's text: read as fetched.
                    let fetched = FetchedRobots::new(
                        cache.get(request.robots, request.parse),
                        FetchOutcome::FETCHED,
                    );
                    let matcher = fetched.matcher_with(&request.crawler, &request.check);
                    let verdict = matcher.check(&request.url);
                    // The record's first five keys (allowed, line, rule,
                    // verdict, category) are the stable contract.
                    out.json(&VerdictRecord::new(
                        &matcher,
                        &verdict,
                        &request.url,
                        &agent,
                    ))?
                }
                Err(message) => out.json(&Failure {
                    error: format!("line {number}: {message}"),
                })?,
            }
        }
        // Flushing only when no further input is waiting keeps interactive
        // use responsive without a write per line on large inputs.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(Status::Success)
}

/// The longest request line read: room for a robots.txt of
/// `--no-size-limit`'s 32 MiB in base64 (43 MiB) or as JSON text with a
/// few escapes. A longer line is answered with an error and skipped
/// without being kept.
const MAX_LINE_BYTES: usize = 64 * 1024 * 1024;

/// How reading a line ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineRead {
    /// A line is in the buffer (its `\n` included, if it had one).
    Line,
    /// The line is longer than the most kept: nothing of it is kept, and
    /// the rest of it is still to be skipped ([`skip_line`]).
    TooLong,
    /// No more input.
    End,
}

/// Reads the next line of `input` into `line`, keeping at most `max`
/// bytes of it (its line end aside). A longer line is known as soon as it
/// passes `max`, so it can be answered before its end arrives, if ever.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<LineRead> {
    line.clear();
    loop {
        let available = fill(input)?;
        if available.is_empty() {
            return Ok(if line.is_empty() {
                LineRead::End
            } else {
                LineRead::Line
            });
        }
        let (taken, ended) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (available.len(), false),
        };
        if line.len() + taken - usize::from(ended) > max {
            line.clear();
            return Ok(LineRead::TooLong);
        }
        line.extend_from_slice(&available[..taken]);
        input.consume(taken);
        if ended {
            return Ok(LineRead::Line);
        }
    }
}

/// What `input` has buffered, read when nothing is (empty at the end); a
/// read interrupted by a signal is tried again.
fn fill(input: &mut impl BufRead) -> io::Result<&[u8]> {
    while let Err(error) = input.fill_buf() {
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
    input.fill_buf()
}

/// Reads and drops the rest of the current line, its line end included,
/// a buffer at a time.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let available = fill(input)?;
        if available.is_empty() {
            return Ok(());
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let all = available.len();
                input.consume(all);
            }
        }
    }
}

/// What a request gets when it does not say.
struct Defaults {
    mode: Mode,
    no_size_limit: bool,
}

/// Empty, or only JSON whitespace.
fn is_blank(line: &[u8]) -> bool {
    line.iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// Reads one request line; the error is a message for the sender.
fn read_request(line: &[u8], defaults: &Defaults) -> Result<Request, String> {
    let value: Value = serde_json::from_slice(line).map_err(json_error)?;
    let Value::Object(mut fields) = value else {
        return Err(
            "a request must be a JSON object like {\"robots\": \"...\", \"agent\": \"Googlebot\", \"url\": \"/\"}"
                .to_string(),
        );
    };
    let robots = take_robots(&mut fields)?;
    let crawler = take_crawler(&mut fields)?;
    let url = match fields.remove("url") {
        Some(Value::String(url)) => url,
        Some(_) => return Err("\"url\" must be a string".to_string()),
        None => return Err("missing \"url\": the URL to check".to_string()),
    };
    let raw_url = match optional(&mut fields, "raw_url") {
        None => false,
        Some(Value::Bool(raw)) => raw,
        Some(_) => return Err("\"raw_url\" must be true or false".to_string()),
    };
    let mode = match optional(&mut fields, "mode") {
        None => defaults.mode,
        Some(Value::String(name)) => parse_mode(&name)?,
        Some(_) => return Err("\"mode\" must be \"google\" or \"rfc9309\"".to_string()),
    };
    Ok(Request {
        robots,
        parse: ParseOptions::new(mode, !defaults.no_size_limit),
        crawler,
        url,
        check: CheckOptions {
            raw_url,
            agent_matching: AgentMatching::Exact,
        },
    })
}

/// An optional field; `null` counts as absent.
fn optional(fields: &mut Map<String, Value>, key: &str) -> Option<Value> {
    fields.remove(key).filter(|v| !v.is_null())
}

fn take_robots(fields: &mut Map<String, Value>) -> Result<Vec<u8>, String> {
    match (fields.remove("robots"), fields.remove("robots_b64")) {
        (Some(Value::String(text)), None) => Ok(text.into_bytes()),
        (Some(_), None) => Err("\"robots\" must be a string (the robots.txt text)".to_string()),
        (None, Some(Value::String(encoded))) => BASE64
            .decode(encoded.trim())
            .map_err(|e| format!("\"robots_b64\" is not valid standard base64: {e}")),
        (None, Some(_)) => {
            Err("\"robots_b64\" must be a string (base64 of the robots.txt bytes)".to_string())
        }
        (Some(_), Some(_)) => Err("give either \"robots\" or \"robots_b64\", not both".to_string()),
        (None, None) => Err(
            "missing \"robots\" (the robots.txt text) or \"robots_b64\" (its bytes in base64)"
                .to_string(),
        ),
    }
}

fn take_crawler(fields: &mut Map<String, Value>) -> Result<Crawler, String> {
    let specs = match (fields.remove("agent"), fields.remove("agents")) {
        (Some(Value::String(spec)), None) => vec![spec],
        (Some(_), None) => return Err("\"agent\" must be a string, like \"Googlebot\"".to_string()),
        (None, Some(Value::Array(list))) => list
            .into_iter()
            .map(|item| match item {
                Value::String(spec) => Ok(spec),
                _ => Err("\"agents\" must be a list of strings, like [\"Googlebot-Image\", \"Googlebot\"]".to_string()),
            })
            .collect::<Result<Vec<_>, _>>()?,
        (None, Some(_)) => {
            return Err("\"agents\" must be a list of strings, like [\"Googlebot-Image\", \"Googlebot\"]".to_string())
        }
        (Some(_), Some(_)) => return Err("give either \"agent\" or \"agents\", not both".to_string()),
        (None, None) => {
            return Err(
                "missing \"agent\" (a crawler such as \"Googlebot\") or \"agents\" (a list of them)".to_string(),
            )
        }
    };
    // An empty agent is a valid request to Google's library: it names no
    // group (GoogleOnly_SystemTest in robots_test.cc), so it is answered
    // like any crawler no group names. Empty entries of a list are such
    // agents too; they add nothing to the crawler.
    let named: Vec<String> = specs
        .into_iter()
        .filter(|spec| !spec.trim().is_empty())
        .collect();
    if named.is_empty() {
        return Ok(Crawler::new(""));
    }
    crawler_from_specs(&named)
}

/// serde_json's message without its "at line 1 column N" (there is only
/// one line), with the column kept.
fn json_error(error: serde_json::Error) -> String {
    let text = error.to_string();
    let reason = text
        .rfind(" at line ")
        .map_or(text.as_str(), |cut| &text[..cut]);
    if error.column() > 0 {
        format!("not valid JSON: {reason} (column {})", error.column())
    } else {
        format!("not valid JSON: {reason}")
    }
}

/// The last robots.txt parsed: conformance suites send the same file many
/// times in a row, and parsing a large file dominates the cost of a request.
#[derive(Default)]
struct RobotsCache {
    cached: Option<Cached>,
    /// How many times a file was actually parsed.
    parses: usize,
}

struct Cached {
    bytes: Vec<u8>,
    options: ParseOptions,
    robots: Robots,
}

impl RobotsCache {
    /// The parsed file for `bytes`, parsing only when it differs from the
    /// previous request's.
    fn get(&mut self, bytes: Vec<u8>, options: ParseOptions) -> &Robots {
        let current = match self.cached.take() {
            Some(cached) if cached.options == options && cached.bytes == bytes => cached,
            previous => {
                // Free the old file before parsing the new one.
                drop(previous);
                self.parses += 1;
                Cached {
                    robots: Robots::parse_with(&bytes, &options),
                    bytes,
                    options,
                }
            }
        };
        &self.cached.insert(current).robots
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn defaults() -> Defaults {
        Defaults {
            mode: Mode::Google,
            no_size_limit: false,
        }
    }

    fn error_of(line: &str) -> String {
        match read_request(line.as_bytes(), &defaults()) {
            Ok(_) => panic!("{line} was accepted"),
            Err(message) => message,
        }
    }

    #[test]
    fn the_cache_parses_a_repeated_file_once() {
        let mut cache = RobotsCache::default();
        let google = ParseOptions::new(Mode::Google, true);
        let rfc = ParseOptions::new(Mode::Rfc9309, true);
        let file = b"User-agent: *\nDisallow: /x\n".to_vec();
        for _ in 0..3 {
            assert_eq!(cache.get(file.clone(), google).rules().len(), 1);
        }
        assert_eq!(cache.parses, 1);
        cache.get(file.clone(), rfc);
        assert_eq!(cache.parses, 2);
        cache.get(b"User-agent: *\n".to_vec(), rfc);
        cache.get(file, rfc);
        assert_eq!(cache.parses, 4);
    }

    #[test]
    fn requests_read_every_field() {
        let line = br#"{"robots_b64":"VXNlci1hZ2VudDogKgpEaXNhbGxvdzogLw","agents":["A","B>!*"],"url":"/x","raw_url":true,"mode":"rfc9309","extra":1}"#;
        let request = read_request(line, &defaults()).unwrap();
        assert_eq!(request.robots, b"User-agent: *\nDisallow: /");
        assert_eq!(request.crawler.spec(), "A>B>!*");
        assert_eq!(request.url, "/x");
        assert!(request.check.raw_url);
        assert_eq!(request.parse.mode, Mode::Rfc9309);
    }

    #[test]
    fn null_optional_fields_are_defaults() {
        let line = br#"{"robots":"","agent":"A","url":"/","raw_url":null,"mode":null}"#;
        let request = read_request(line, &defaults()).unwrap();
        assert!(!request.check.raw_url);
        assert_eq!(request.parse.mode, Mode::Google);
    }

    #[test]
    fn empty_agents_are_answered_like_google() {
        // Google's GoogleOnly_SystemTest: an empty user-agent matches no
        // group, so a file that only disallows for FooBot allows it.
        for agents in [
            r#""agent":"""#,
            r#""agent":" ""#,
            r#""agents":[]"#,
            r#""agents":["",""]"#,
        ] {
            let line =
                format!(r#"{{"robots":"user-agent: FooBot\ndisallow: /\n",{agents},"url":"/x"}}"#);
            let request = read_request(line.as_bytes(), &defaults()).unwrap();
            let robots = Robots::parse(&request.robots);
            let verdict = robots.check(&request.crawler, &request.url);
            assert!(verdict.allowed, "{agents}");
            assert_eq!(verdict.line, 0, "{agents}");
        }
        let line = r#"{"robots":"","agents":["","Googlebot"],"url":"/"}"#;
        let request = read_request(line.as_bytes(), &defaults()).unwrap();
        assert_eq!(request.crawler.spec(), "Googlebot");
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        assert!(error_of("{").starts_with("not valid JSON: EOF while parsing an object (column 1)"));
        assert!(error_of("[1]").contains("must be a JSON object"));
        assert!(error_of(r#"{"agent":"A","url":"/"}"#).starts_with("missing \"robots\""));
        assert!(error_of(r#"{"robots":"","url":"/"}"#).starts_with("missing \"agent\""));
        assert!(error_of(r#"{"robots":"","agent":"A"}"#).starts_with("missing \"url\""));
        assert!(error_of(r#"{"robots":"","agents":[1],"url":"/"}"#).contains("list of strings"));
        assert!(error_of(r#"{"robots_b64":"@@","agent":"A","url":"/"}"#)
            .contains("not valid standard base64"));
        assert!(
            error_of(r#"{"robots":"","agent":"A","url":"/","raw_url":"yes"}"#)
                .contains("true or false")
        );
        assert!(
            error_of(r#"{"robots":"","agent":"A","url":"/","mode":"bing"}"#)
                .contains("unknown mode 'bing'")
        );
    }

    #[test]
    fn lines_are_read_up_to_the_most_kept() {
        // A small buffer, so that lines arrive in several pieces.
        let text: &[u8] = b"{\"a\":1}\n0123456789abcdef\nshort\nlast";
        let mut input = BufReader::with_capacity(4, text);
        let mut line = Vec::new();
        let mut read = |input: &mut BufReader<&[u8]>| {
            let how = read_line(input, &mut line, 10).unwrap();
            (how, String::from_utf8(line.clone()).unwrap())
        };
        assert_eq!(
            read(&mut input),
            (LineRead::Line, "{\"a\":1}\n".to_string())
        );
        assert_eq!(read(&mut input), (LineRead::TooLong, String::new()));
        skip_line(&mut input).unwrap();
        assert_eq!(read(&mut input), (LineRead::Line, "short\n".to_string()));
        assert_eq!(read(&mut input), (LineRead::Line, "last".to_string()));
        assert_eq!(read(&mut input), (LineRead::End, String::new()));
        // Exactly the most kept, with or without its line end.
        let mut input = BufReader::with_capacity(3, b"0123456789\n0123456789".as_slice());
        assert_eq!(
            read(&mut input),
            (LineRead::Line, "0123456789\n".to_string())
        );
        assert_eq!(read(&mut input), (LineRead::Line, "0123456789".to_string()));
    }

    #[test]
    fn an_endless_line_is_answered_before_its_end_and_dropped_as_it_comes() {
        // 100 MB without a line end, read with a 1 KB cap: it is known to
        // be too long after about 1 KB, and skipping it keeps nothing.
        let mut input = BufReader::new(io::repeat(b'a').take(100_000_000));
        let mut line = Vec::new();
        assert_eq!(
            read_line(&mut input, &mut line, 1000).unwrap(),
            LineRead::TooLong
        );
        assert!(line.capacity() < 100_000, "{}", line.capacity());
        skip_line(&mut input).unwrap();
        assert_eq!(
            read_line(&mut input, &mut line, 1000).unwrap(),
            LineRead::End
        );
    }

    #[test]
    fn blank_lines_are_json_whitespace_only() {
        assert!(is_blank(b" \t\r\n"));
        assert!(!is_blank(b"\x0c\n"));
    }
}
