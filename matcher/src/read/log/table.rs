//! Logs in columns: CSV with a header row (comma, tab or semicolon
//! separated, read by the URL reader's CSV field splitter), and the W3C
//! extended log format (IIS, CloudFront), whose `#Fields:` directive
//! names the columns of the lines after it.

use std::borrow::Cow;

use super::names::{Columns, Fact, Found, Value};
use crate::read::csv::{csv_fields, delimiter_of};

/// Every fact a row may give.
const FACTS: [Fact; 12] = [
    Fact::Time,
    Fact::Date,
    Fact::TimeOfDay,
    Fact::Ip,
    Fact::Method,
    Fact::Target,
    Fact::Path,
    Fact::Query,
    Fact::RequestLine,
    Fact::Host,
    Fact::Status,
    Fact::UserAgent,
];

/// A CSV header row: its separator and what its columns hold, when it
/// names a request's target (else it is not a log's header).
pub(super) fn csv_header(line: &str) -> Option<(u8, Columns)> {
    let delimiter = delimiter_of(line);
    let (names, _) = csv_fields(line, delimiter);
    let columns = Columns::of(names.iter().map(String::as_str), false);
    (names.len() >= 2 && columns.has_target()).then_some((delimiter, columns))
}

/// The facts of a CSV row.
pub(super) fn csv_row(line: &str, delimiter: u8, columns: &Columns) -> Found<Value<'static>> {
    let (fields, _) = csv_fields(line, delimiter);
    gather(columns, |column| {
        fields
            .get(column)
            .map(|field| Cow::Owned(field.trim().to_string()))
    })
}

/// The columns a W3C `#Fields:` directive names, or `None` when the line
/// is another directive.
pub(super) fn w3c_directive(line: &str) -> Option<Columns> {
    let (name, value) = line.split_once(':')?;
    name.eq_ignore_ascii_case("#Fields")
        .then(|| Columns::of(value.split_ascii_whitespace(), true))
}

/// Whether a line is one of the W3C format's directives (`#Version:`,
/// `#Fields:`, ...), which start such a log.
pub(super) fn is_w3c_directive(line: &str) -> bool {
    const DIRECTIVES: [&str; 7] = [
        "#Version:",
        "#Fields:",
        "#Software:",
        "#Date:",
        "#Start-Date:",
        "#End-Date:",
        "#Remark:",
    ];
    DIRECTIVES.iter().any(|directive| {
        line.get(..directive.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(directive))
    })
}

/// The facts of a W3C line: fields separated by spaces (IIS) or tabs
/// (CloudFront); `-` is an empty field. IIS writes the user agent's
/// spaces as `+`, CloudFront percent-encodes it; both are undone.
pub(super) fn w3c_row<'a>(line: &'a str, columns: &Columns) -> Found<Value<'a>> {
    let tabs = line.contains('\t');
    let fields: Vec<&str> = if tabs {
        line.split('\t').collect()
    } else {
        line.split_ascii_whitespace().collect()
    };
    let mut found = gather(columns, |column| {
        fields.get(column).map(|field| Cow::Borrowed(field.trim()))
    });
    if let Some(Value::Text(agent)) = found.take(Fact::UserAgent) {
        let decoded = percent_decoded(&agent);
        let agent = match decoded {
            Cow::Borrowed(_) if !tabs && agent.contains('+') => Cow::Owned(iis_spaces(&agent)),
            Cow::Borrowed(_) => agent,
            Cow::Owned(text) => Cow::Owned(text),
        };
        found.offer(Fact::UserAgent, 0, Value::Text(agent));
    }
    found
}

/// IIS's user agent with its spaces back: IIS writes each space as `+`
/// and leaves a `+` as it is, so the `+` after a space-`+` was a `+`
/// (`;++http` was `; +http`).
fn iis_spaces(agent: &str) -> String {
    let mut out = String::with_capacity(agent.len());
    let mut after_space = false;
    for c in agent.chars() {
        if c == '+' && !after_space {
            out.push(' ');
            after_space = true;
        } else {
            out.push(c);
            after_space = false;
        }
    }
    out
}

/// The facts the columns give, each from the field `field` returns for
/// its column; `-` and empty fields give nothing.
fn gather<'a>(
    columns: &Columns,
    mut field: impl FnMut(usize) -> Option<Cow<'a, str>>,
) -> Found<Value<'a>> {
    let mut found = Found::new();
    for fact in FACTS {
        let text = columns.get(fact).and_then(&mut field);
        if let Some(text) = text.filter(|text| !text.is_empty() && text != "-") {
            found.offer(fact, 0, Value::Text(text));
        }
    }
    found
}

/// `%XX` escapes undone (invalid ones kept as written); borrowed when
/// there are none.
fn percent_decoded(text: &str) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escape = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|pair| std::str::from_utf8(pair).ok())
            .and_then(|pair| u8::from_str_radix(pair, 16).ok());
        match escape {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(found: &mut Found<Value<'_>>, fact: Fact) -> Option<String> {
        match found.take(fact) {
            Some(Value::Text(text)) => Some(text.into_owned()),
            _ => None,
        }
    }

    #[test]
    fn iis_lines_read_by_their_fields_directive() {
        // The W3C extended format as IIS 8.5+ writes it by default
        // (learn.microsoft.com/iis/manage/provisioning-and-managing-iis/configure-logging-in-iis,
        // "W3C" fields), with a Bingbot request.
        assert!(is_w3c_directive(
            "#Software: Microsoft Internet Information Services 10.0"
        ));
        let columns = w3c_directive(
            "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken",
        )
        .unwrap();
        let mut found = w3c_row(
            "2024-05-02 10:00:00 10.0.0.4 GET /private/report.aspx id=7 443 - 157.55.39.1 Mozilla/5.0+(compatible;+bingbot/2.0;++http://www.bing.com/bingbot.htm) - 200 0 0 15",
            &columns,
        );
        assert_eq!(text(&mut found, Fact::Date).unwrap(), "2024-05-02");
        assert_eq!(text(&mut found, Fact::TimeOfDay).unwrap(), "10:00:00");
        assert_eq!(
            text(&mut found, Fact::Path).unwrap(),
            "/private/report.aspx"
        );
        assert_eq!(text(&mut found, Fact::Query).unwrap(), "id=7");
        assert_eq!(text(&mut found, Fact::Ip).unwrap(), "157.55.39.1");
        assert_eq!(
            text(&mut found, Fact::UserAgent).unwrap(),
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"
        );
        assert_eq!(text(&mut found, Fact::Status).unwrap(), "200");
        assert!(w3c_directive("#Version: 1.0").is_none());
    }

    #[test]
    fn cloudfront_lines_split_on_tabs_and_decode_the_agent() {
        // Amazon CloudFront standard logs (docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/standard-logs-reference.html):
        // tab-separated, user agent percent-encoded.
        let columns = w3c_directive("#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query").unwrap();
        let line = "2019-12-04\t21:02:31\tLAX1\t392\t192.0.2.100\tGET\td111111abcdef8.cloudfront.net\t/index.html\t200\t-\tMozilla/5.0%20(Windows%20NT%2010.0;%20Win64;%20x64)\t-";
        let mut found = w3c_row(line, &columns);
        assert_eq!(
            text(&mut found, Fact::UserAgent).unwrap(),
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"
        );
        assert_eq!(
            text(&mut found, Fact::Host).unwrap(),
            "d111111abcdef8.cloudfront.net"
        );
        assert_eq!(text(&mut found, Fact::Query), None);
    }

    #[test]
    fn csv_headers_name_the_columns() {
        let (delimiter, columns) = csv_header("time,ip,path,status,user_agent").unwrap();
        assert_eq!(delimiter, b',');
        let mut found = csv_row(
            "2024-05-02T10:00:00Z,192.0.2.1,\"/a,b\",200,\"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)\"",
            delimiter,
            &columns,
        );
        assert_eq!(text(&mut found, Fact::Path).unwrap(), "/a,b");
        assert!(text(&mut found, Fact::UserAgent)
            .unwrap()
            .contains("GPTBot/1.2"));
        assert!(csv_header("ClientIP;ClientRequestURI").is_some());
        assert!(csv_header("name,email").is_none());
        assert!(csv_header("url").is_none());
    }
}
