//! Access logs: the requests a server wrote down, read from the formats
//! people have. A [`LogReader`] takes a log in chunks of bytes (never the
//! whole file at once), gzip-compressed or not, tells its format from its
//! first lines, and hands each request to the caller as a [`LogRequest`];
//! memory stays at one line and a window of decompressed bytes, whatever
//! the log's size.
//!
//! Formats ([`LogFormat`]): the Combined and Common Log Formats (Apache,
//! nginx's default), JSON lines (Cloudflare Logpush and the usual key
//! names), the W3C extended format (IIS, CloudFront) and CSV with a
//! header. Nothing is dropped silently: lines that cannot be read, lines
//! without a request, times that do not read, lines out of time order and
//! bytes that are not UTF-8 are counted in the [`LogSummary`], with the
//! first few and their line numbers.
//!
//! ```
//! use robots_matcher::read::log::{LogFormat, LogReader};
//!
//! let log = br#"66.249.66.1 - - [02/May/2024:10:00:00 +0000] "GET /private/a HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
//! not a log line
//! "#;
//! let mut reader = LogReader::new("access.log");
//! let mut paths = Vec::new();
//! for chunk in log.chunks(50) {
//!     reader.feed(chunk, &mut |request| paths.push(request.target.to_string()));
//! }
//! let summary = reader.finish(&mut |request| paths.push(request.target.to_string()));
//! assert_eq!(paths, ["/private/a"]);
//! assert_eq!(summary.format, Some(LogFormat::Combined));
//! assert_eq!(summary.unreadable.count, 1);
//! assert_eq!(summary.unreadable.first[0].line, 2);
//! ```

mod clf;
mod input;
mod json;
mod names;
mod request;
mod table;
mod time;

use std::borrow::Cow;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

pub use input::{MAX_DECOMPRESSED_BYTES, MAX_LINE_BYTES};
pub use request::client_ip;
pub use time::{TimeError, Timestamp, DAY, HOUR};

use input::{Input, Line, Stop, EXCERPT_BYTES};
use names::{Columns, Fact, Found, Value};
use request::{request_line, RequestLine};

/// The formats read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LogFormat {
    /// The Combined Log Format: Common plus the quoted referer and user
    /// agent (Apache's `combined`, nginx's default).
    Combined,
    /// The Common Log Format (no user agent).
    Common,
    /// One JSON object a line.
    JsonLines,
    /// The W3C extended log format (`#Fields:`; IIS, CloudFront).
    W3c,
    /// CSV (or tab- or semicolon-separated) with a header row.
    Csv,
}

impl LogFormat {
    /// Every format, in the order detection tries them.
    pub const ALL: [LogFormat; 5] = [
        LogFormat::Combined,
        LogFormat::Common,
        LogFormat::JsonLines,
        LogFormat::W3c,
        LogFormat::Csv,
    ];

    /// The short name: `combined`, `common`, `json`, `w3c`, `csv`.
    pub fn name(self) -> &'static str {
        match self {
            LogFormat::Combined => "combined",
            LogFormat::Common => "common",
            LogFormat::JsonLines => "json",
            LogFormat::W3c => "w3c",
            LogFormat::Csv => "csv",
        }
    }

    /// What people call it, for a sentence.
    pub fn label(self) -> &'static str {
        match self {
            LogFormat::Combined => "Combined Log Format (Apache, nginx)",
            LogFormat::Common => "Common Log Format",
            LogFormat::JsonLines => "JSON lines",
            LogFormat::W3c => "W3C extended log format (IIS, CloudFront)",
            LogFormat::Csv => "CSV with a header row",
        }
    }
}

impl fmt::Display for LogFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for LogFormat {
    /// As its short name ([`LogFormat::name`]).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// Why a format's name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogFormatError(String);

impl fmt::Display for LogFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a log format: give combined, common, json, w3c or csv",
            self.0
        )
    }
}

impl std::error::Error for LogFormatError {}

impl FromStr for LogFormat {
    type Err = LogFormatError;

    fn from_str(name: &str) -> Result<LogFormat, LogFormatError> {
        let lower = name.trim().to_ascii_lowercase();
        LogFormat::ALL
            .into_iter()
            .find(|format| format.name() == lower)
            .or((lower == "jsonl" || lower == "ndjson").then_some(LogFormat::JsonLines))
            .ok_or_else(|| LogFormatError(name.to_string()))
    }
}

/// One request, as the log wrote it. Borrowed from the line where it can
/// be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRequest<'a> {
    /// Its line in the log (1-based, after decompression).
    pub line: u64,
    /// When it was made; `None` when the line has no time or its time does
    /// not read (the summary counts those).
    pub time: Option<Timestamp>,
    /// The client's address, when the log has one and it is an address.
    pub ip: Option<IpAddr>,
    /// The method (`GET`), when logged.
    pub method: Option<Cow<'a, str>>,
    /// What was requested: a path with its query (`/a?b=1`), or the full
    /// URL when the log has it (or the client sent one).
    pub target: Cow<'a, str>,
    /// The host asked for, when logged.
    pub host: Option<Cow<'a, str>>,
    /// The response's status, when logged.
    pub status: Option<u16>,
    /// The User-Agent header; empty when none was sent or logged.
    pub user_agent: Cow<'a, str>,
}

/// A line worth a message, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineNote {
    /// Its line (1-based).
    pub line: u64,
    /// What is wrong with it, in a sentence for a webmaster.
    pub message: String,
    /// The start of the line (or of the value concerned), control
    /// characters escaped, cut to 120 bytes.
    pub text: String,
}

/// Lines of one kind: how many, and the first few.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineNotes {
    /// How many lines.
    pub count: u64,
    /// The first [`LineNotes::SHOWN`] of them.
    pub first: Vec<LineNote>,
}

impl LineNotes {
    /// How many lines of a kind are kept to be shown.
    pub const SHOWN: usize = 5;

    fn add(&mut self, line: u64, message: impl FnOnce() -> String, text: impl FnOnce() -> String) {
        self.count += 1;
        if self.first.len() < LineNotes::SHOWN {
            self.first.push(LineNote {
                line,
                message: message(),
                text: text(),
            });
        }
    }
}

/// What reading a log found: its format, how much it held, and every
/// line that could not be read or was read with a caveat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LogSummary {
    /// The log's name as given (a file name).
    pub name: String,
    /// The format detected (or given), once a line told it.
    pub format: Option<LogFormat>,
    /// Whether it was gzip-compressed.
    pub compressed: bool,
    /// Bytes read.
    pub bytes: u64,
    /// Bytes after decompression.
    pub decompressed_bytes: u64,
    /// Lines read.
    pub lines: u64,
    /// Requests read (every one went to the caller).
    pub requests: u64,
    /// Blank lines, comments, a CSV header and W3C directives.
    pub skipped: u64,
    /// Lines that could not be read: not in the log's format, binary, or
    /// longer than [`MAX_LINE_BYTES`]. Nothing of them was used.
    pub unreadable: LineNotes,
    /// Log lines without an HTTP request (`"-"`, or a TLS handshake sent
    /// to the HTTP port): read, nothing to judge.
    pub without_request: LineNotes,
    /// Requests whose time did not read; the rest of each line was.
    pub unreadable_times: LineNotes,
    /// Requests whose line has no time at all (a CSV without a time
    /// column).
    pub without_time: u64,
    /// Requests earlier than a line before them (logs merged from several
    /// servers, or written when a request ended): each keeps its own time.
    pub out_of_order: LineNotes,
    /// Lines with bytes that are not UTF-8, read with U+FFFD in their
    /// place.
    pub not_utf8: LineNotes,
    /// Why reading stopped before the end, if it did (a broken or cut
    /// gzip stream, the decompression limit, an archive format not read).
    pub stopped: Option<String>,
}

/// How the reader reads lines: undecided until a line tells the format.
#[derive(Clone, Debug)]
enum Reading {
    Undecided,
    Clf {
        combined: bool,
    },
    Json,
    /// W3C: the columns of the last `#Fields:` directive.
    W3c(Option<Columns>),
    /// CSV: the header's separator and columns, once read.
    Csv(Option<(u8, Columns)>),
}

/// Reads one log, chunk by chunk. See the [module docs](self).
pub struct LogReader {
    input: Input,
    lines: Lines,
}

/// The line reader's state, apart from the input so that both can be
/// borrowed at once.
struct Lines {
    reading: Reading,
    summary: LogSummary,
    /// The latest time seen, and its line.
    latest: Option<(Timestamp, u64)>,
}

impl LogReader {
    /// A reader for a log called `name`, its format told by its lines.
    pub fn new(name: impl Into<String>) -> LogReader {
        LogReader {
            input: Input::new(MAX_DECOMPRESSED_BYTES),
            lines: Lines {
                reading: Reading::Undecided,
                summary: LogSummary {
                    name: name.into(),
                    ..LogSummary::default()
                },
                latest: None,
            },
        }
    }

    /// Reads the log as `format` instead of detecting it.
    pub fn with_format(mut self, format: LogFormat) -> LogReader {
        self.lines.reading = match format {
            LogFormat::Combined => Reading::Clf { combined: true },
            LogFormat::Common => Reading::Clf { combined: false },
            LogFormat::JsonLines => Reading::Json,
            LogFormat::W3c => Reading::W3c(None),
            LogFormat::Csv => Reading::Csv(None),
        };
        self.lines.summary.format = Some(format);
        self
    }

    /// Stops decompressing a gzip-compressed log after `bytes` (default
    /// [`MAX_DECOMPRESSED_BYTES`]).
    pub fn with_decompression_limit(mut self, bytes: u64) -> LogReader {
        self.input = Input::new(bytes);
        self
    }

    /// Reads the next chunk of the log (any size, split anywhere), giving
    /// every request its lines complete to `visit`. (Callbacks here and
    /// in the replay are `dyn`: generic, the reader was compiled once per
    /// caller, which cost the app's log worker about 25 KB of
    /// WebAssembly; one indirect call a line costs nothing measurable.)
    pub fn feed(&mut self, chunk: &[u8], visit: &mut dyn FnMut(&LogRequest<'_>)) {
        let lines = &mut self.lines;
        self.input.feed(chunk, &mut |line| lines.line(line, visit));
        self.lines.note_stop(&self.input);
    }

    /// Reads the end of the log (a last line without a line break; a gzip
    /// stream's end) and gives what it read.
    pub fn finish(&mut self, visit: &mut dyn FnMut(&LogRequest<'_>)) -> &LogSummary {
        let lines = &mut self.lines;
        self.input.finish(&mut |line| lines.line(line, visit));
        self.lines.note_stop(&self.input);
        &self.lines.summary
    }

    /// What has been read so far.
    pub fn summary(&self) -> &LogSummary {
        &self.lines.summary
    }

    /// Reads a whole log held in memory.
    pub fn read_all(
        name: impl Into<String>,
        bytes: &[u8],
        visit: &mut dyn FnMut(&LogRequest<'_>),
    ) -> LogSummary {
        let mut reader = LogReader::new(name);
        reader.feed(bytes, visit);
        reader.finish(visit).clone()
    }
}

/// What a structured line (JSON, CSV, W3C) gave, before the checks a
/// request's time gets.
struct Fields<'a> {
    time: TimeField<'a>,
    ip: Option<IpAddr>,
    method: Option<Cow<'a, str>>,
    target: Cow<'a, str>,
    host: Option<Cow<'a, str>>,
    status: Option<u16>,
    user_agent: Cow<'a, str>,
}

/// A request's time as found.
enum TimeField<'a> {
    Read(Timestamp),
    Unreadable(Cow<'a, str>),
    Missing,
}

impl Lines {
    fn line(&mut self, line: Line<'_>, visit: &mut dyn FnMut(&LogRequest<'_>)) {
        self.summary.lines += 1;
        let number = self.summary.lines;
        let bytes = match line {
            Line::TooLong { bytes, start } => {
                self.summary.unreadable.add(
                    number,
                    || {
                        format!("{bytes} bytes long, over the {MAX_LINE_BYTES} bytes a line is read up to")
                    },
                    || excerpt(start).trim_end_matches('…').to_string() + "…",
                );
                return;
            }
            Line::Whole(bytes) => bytes,
        };
        if bytes.trim_ascii().is_empty() {
            self.summary.skipped += 1;
            return;
        }
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => {
                self.summary.not_utf8.add(
                    number,
                    || "bytes that are not UTF-8, read as U+FFFD".to_string(),
                    || excerpt(bytes),
                );
                String::from_utf8_lossy(bytes)
            }
        };
        if let Err(reason) = self.text(&text, number, visit) {
            let binary = bytes
                .iter()
                .any(|&b| b == 0 || (b < 0x20 && b != b'\t') || b == 0x7f);
            self.summary.unreadable.add(
                number,
                || match binary {
                    true => "binary data, not a line of text".to_string(),
                    false => reason,
                },
                || excerpt(bytes),
            );
        }
    }

    /// Reads a line of text in the log's format (deciding it first if
    /// needed); the error says why the line is not a log line.
    fn text(
        &mut self,
        text: &str,
        number: u64,
        visit: &mut dyn FnMut(&LogRequest<'_>),
    ) -> Result<(), String> {
        if let Reading::Undecided = self.reading {
            match detect(text) {
                Some(reading) => {
                    self.summary.format = Some(format_of(&reading));
                    self.reading = reading;
                }
                None if text.starts_with('#') => {
                    self.summary.skipped += 1;
                    return Ok(());
                }
                None => {
                    return Err(
                        "not a line of a log format read here (Combined or Common Log Format, \
                                JSON lines, W3C extended, CSV with a header)"
                            .to_string(),
                    )
                }
            }
        }
        match &mut self.reading {
            Reading::Undecided => Ok(()),
            Reading::Clf { combined } => {
                let format = if *combined { "Combined" } else { "Common" };
                let line = clf::parse(text)
                    .map_err(|reason| format!("not a {format} Log Format line: {reason}"))?;
                let (method, target) = match line.request {
                    RequestLine::Http { method, target } => (method, target),
                    RequestLine::Empty | RequestLine::NotHttp => {
                        self.summary.without_request.add(
                            number,
                            || match line.request {
                                RequestLine::Empty => "no request (\"-\"): the connection closed before one came".to_string(),
                                _ => "not an HTTP request (a TLS handshake on the HTTP port, or junk)".to_string(),
                            },
                            || excerpt(text.as_bytes()),
                        );
                        return Ok(());
                    }
                };
                let time = match line.time {
                    (_, Some(time)) => TimeField::Read(time),
                    (written, None) => TimeField::Unreadable(Cow::Borrowed(written)),
                };
                self.request(
                    number,
                    Fields {
                        time,
                        ip: client_ip(line.client),
                        method: Some(method),
                        target,
                        host: line.vhost.map(|host| Cow::Borrowed(without_port(host))),
                        status: line.status,
                        user_agent: line.user_agent.unwrap_or_default(),
                    },
                    visit,
                );
                Ok(())
            }
            Reading::Json => {
                let found = json::parse(text)?;
                self.structured(number, found, text, visit)
            }
            Reading::W3c(columns) => {
                if text.starts_with('#') {
                    if let Some(named) = table::w3c_directive(text) {
                        *columns = Some(named);
                    }
                    self.summary.skipped += 1;
                    return Ok(());
                }
                let columns = columns.as_ref().ok_or_else(|| {
                    "a W3C log line before any #Fields: line naming its columns".to_string()
                })?;
                let found = table::w3c_row(text, columns);
                self.structured(number, found, text, visit)
            }
            Reading::Csv(header) => match header {
                None => {
                    *header = Some(table::csv_header(text).ok_or_else(|| {
                        "not a CSV header naming a request column (url, path, uri, ClientRequestURI, request)".to_string()
                    })?);
                    self.summary.skipped += 1;
                    Ok(())
                }
                Some((delimiter, columns)) => {
                    let found = table::csv_row(text, *delimiter, columns);
                    self.structured(number, found, text, visit)
                }
            },
        }
    }

    /// A structured line's facts as a request.
    fn structured(
        &mut self,
        number: u64,
        mut found: Found<Value<'_>>,
        text: &str,
        visit: &mut dyn FnMut(&LogRequest<'_>),
    ) -> Result<(), String> {
        let (method, target) = match target_of(&mut found) {
            Some(Ok(pair)) => pair,
            Some(Err(())) => {
                self.summary.without_request.add(
                    number,
                    || "no HTTP request in the request field".to_string(),
                    || excerpt(text.as_bytes()),
                );
                return Ok(());
            }
            None => return Err(
                "no request URI (a url, path, uri, request_uri, ClientRequestURI or request field)"
                    .to_string(),
            ),
        };
        let fields = Fields {
            time: time_of(&mut found),
            ip: text_of(&mut found, Fact::Ip).and_then(|ip| client_ip(&ip)),
            method: method.or_else(|| text_of(&mut found, Fact::Method)),
            target,
            host: text_of(&mut found, Fact::Host),
            status: match found.take(Fact::Status) {
                Some(Value::Number(n)) if n.fract() == 0.0 && (100.0..=999.0).contains(&n) => {
                    Some(n as u16)
                }
                Some(Value::Text(text)) => clf::status_code(&text),
                _ => None,
            },
            user_agent: text_of(&mut found, Fact::UserAgent)
                .filter(|agent| agent != "-")
                .unwrap_or_default(),
        };
        self.request(number, fields, visit);
        Ok(())
    }

    /// Checks a request's time, counts it, and gives it to `visit`.
    fn request(&mut self, number: u64, fields: Fields<'_>, visit: &mut dyn FnMut(&LogRequest<'_>)) {
        let time = match fields.time {
            TimeField::Read(time) => Some(time),
            TimeField::Unreadable(written) => {
                self.summary.unreadable_times.add(
                    number,
                    || {
                        "a time that does not read; the request is judged as of the line before it"
                            .to_string()
                    },
                    || excerpt(written.as_bytes()),
                );
                None
            }
            TimeField::Missing => {
                self.summary.without_time += 1;
                None
            }
        };
        if let Some(time) = time {
            match self.latest {
                Some((latest, line)) if time < latest => self.summary.out_of_order.add(
                    number,
                    || {
                        format!(
                            "{} earlier than line {line} ({latest}); judged by its own time",
                            duration(latest.unix() - time.unix())
                        )
                    },
                    || time.to_string(),
                ),
                _ => self.latest = Some((time, number)),
            }
        }
        self.summary.requests += 1;
        visit(&LogRequest {
            line: number,
            time,
            ip: fields.ip,
            method: fields.method,
            target: fields.target,
            host: fields.host,
            status: fields.status,
            user_agent: fields.user_agent,
        });
    }

    /// Says why the input stopped, once.
    fn note_stop(&mut self, input: &Input) {
        self.summary.bytes = input.bytes;
        self.summary.decompressed_bytes = input.decompressed;
        self.summary.compressed = input.compressed;
        if self.summary.stopped.is_some() {
            return;
        }
        self.summary.stopped = input.stop.as_ref().map(|stop| match stop {
            Stop::Corrupt(reason) => format!(
                "the gzip data is corrupt after {} decompressed bytes ({reason}); the lines before were read",
                input.decompressed
            ),
            Stop::Limit(limit) => format!(
                "decompressing stopped at {limit} bytes, the most read from one .gz file; the lines before were read"
            ),
            Stop::Truncated => "the gzip data ends early (the file was cut short); the lines before were read".to_string(),
            Stop::Trailing => "the file goes on after its gzip data with bytes that start no gzip member; they were not read".to_string(),
            Stop::Archive(kind) => format!(
                "the file is {kind}, which is not read: decompress it first (only gzip is read as it comes)"
            ),
        });
    }
}

/// The format a line starts, if it tells one: a W3C directive, a JSON
/// object, a Common or Combined line, or a CSV header naming a request
/// column.
fn detect(line: &str) -> Option<Reading> {
    if line.starts_with('#') {
        return table::is_w3c_directive(line).then_some(Reading::W3c(None));
    }
    if line.trim_start().starts_with('{') {
        return Some(Reading::Json);
    }
    if let Ok(parsed) = clf::parse(line) {
        return Some(Reading::Clf {
            combined: parsed.user_agent.is_some(),
        });
    }
    table::csv_header(line).map(|_| Reading::Csv(None))
}

fn format_of(reading: &Reading) -> LogFormat {
    match reading {
        Reading::Clf { combined: true } | Reading::Undecided => LogFormat::Combined,
        Reading::Clf { combined: false } => LogFormat::Common,
        Reading::Json => LogFormat::JsonLines,
        Reading::W3c(_) => LogFormat::W3c,
        Reading::Csv(_) => LogFormat::Csv,
    }
}

/// The method (from a request line) and target of a structured line:
/// its target field, else its path and query, else its request line.
/// `None` when it has none of them, an error when its request line is not
/// an HTTP request.
#[allow(clippy::type_complexity)]
fn target_of<'a>(
    found: &mut Found<Value<'a>>,
) -> Option<Result<(Option<Cow<'a, str>>, Cow<'a, str>), ()>> {
    if let Some(target) = text_of(found, Fact::Target) {
        return Some(Ok((None, target)));
    }
    if let Some(path) = text_of(found, Fact::Path) {
        let target = match text_of(found, Fact::Query) {
            Some(query) if query.starts_with('?') => Cow::Owned(format!("{path}{query}")),
            Some(query) => Cow::Owned(format!("{path}?{query}")),
            None => path,
        };
        return Some(Ok((None, target)));
    }
    let line = match found.take(Fact::RequestLine)? {
        Value::Text(text) => text,
        Value::Number(_) | Value::Other => Cow::Borrowed(""),
    };
    Some(match request_line(line) {
        RequestLine::Http { method, target } => Ok((Some(method), target)),
        RequestLine::Empty | RequestLine::NotHttp => Err(()),
    })
}

/// A fact's text, when non-empty and not `-`.
fn text_of<'a>(found: &mut Found<Value<'a>>, fact: Fact) -> Option<Cow<'a, str>> {
    match found.take(fact)? {
        Value::Text(text) if !text.trim().is_empty() && text.trim() != "-" => Some(text),
        _ => None,
    }
}

/// A number that is not a time (negative, or too large), as a note shows
/// it: whole numbers in full, others to their integer part. Written with
/// integers: an `f64`'s `Display` would link the standard library's float
/// formatting (about 5 KB) into the app's log worker for this note only.
fn number_text(n: f64) -> String {
    if n.is_finite() && n.abs() < 1e18 {
        let whole = n.trunc() as i64;
        if n.fract() == 0.0 {
            whole.to_string()
        } else {
            let sign = if n < 0.0 && whole == 0 { "-" } else { "" };
            format!("{sign}{whole}.…")
        }
    } else {
        "a number of more than 18 digits".to_string()
    }
}

/// A structured line's time: one field (a text in any form
/// [`Timestamp::parse`] reads, or a Unix time as a number), or W3C's date
/// and time of day.
fn time_of<'a>(found: &mut Found<Value<'a>>) -> TimeField<'a> {
    match found.take(Fact::Time) {
        Some(Value::Number(n)) => {
            return match Timestamp::from_unix_any(n) {
                Some(time) => TimeField::Read(time),
                None => TimeField::Unreadable(Cow::Owned(number_text(n))),
            }
        }
        Some(Value::Text(text)) if !text.trim().is_empty() && text != "-" => {
            return match Timestamp::parse(&text) {
                Ok(time) => TimeField::Read(time),
                Err(_) => TimeField::Unreadable(text),
            }
        }
        _ => {}
    }
    match (text_of(found, Fact::Date), text_of(found, Fact::TimeOfDay)) {
        (Some(date), Some(clock)) => {
            let joined = format!("{} {}", date.trim(), clock.trim());
            match Timestamp::parse(&joined) {
                Ok(time) => TimeField::Read(time),
                Err(_) => TimeField::Unreadable(Cow::Owned(joined)),
            }
        }
        (Some(date), None) => match Timestamp::parse(&date) {
            Ok(time) => TimeField::Read(time),
            Err(_) => TimeField::Unreadable(date),
        },
        _ => TimeField::Missing,
    }
}

/// A host without its `:port`.
fn without_port(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !name.contains(':') => {
            name
        }
        _ => host,
    }
}

/// The start of a line for a message: UTF-8 (invalid bytes as U+FFFD),
/// control characters escaped (`\x16`), at most 120 bytes of it.
fn excerpt(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(EXCERPT_BYTES)];
    let mut text = String::new();
    for c in String::from_utf8_lossy(cut).chars() {
        if c.is_control() {
            text.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            text.push(c);
        }
    }
    if bytes.len() > EXCERPT_BYTES {
        text.push('…');
    }
    text
}

/// A number of seconds as people say it: `40 s`, `3 min`, `2 h 5 min`,
/// `3 days`.
fn duration(seconds: i64) -> String {
    match seconds {
        ..=119 => format!("{seconds} s"),
        120..=7199 => format!("{} min", seconds / 60),
        7200..=172_799 => format!("{} h {} min", seconds / HOUR, seconds % HOUR / 60),
        _ => format!("{} days", seconds / DAY),
    }
}

#[cfg(test)]
mod tests;
