//! The reader as a whole: formats told apart, every line accounted for.

use super::*;

/// A request as the tests compare it.
#[derive(Debug, PartialEq, Eq)]
struct Seen {
    line: u64,
    time: Option<String>,
    ip: Option<String>,
    target: String,
    status: Option<u16>,
    agent: String,
}

fn read_in_chunks(bytes: &[u8], size: usize) -> (Vec<Seen>, LogSummary) {
    let mut seen = Vec::new();
    let mut visit = |r: &LogRequest<'_>| {
        seen.push(Seen {
            line: r.line,
            time: r.time.map(|t| t.to_string()),
            ip: r.ip.map(|ip| ip.to_string()),
            target: r.target.to_string(),
            status: r.status,
            agent: r.user_agent.to_string(),
        })
    };
    let mut reader = LogReader::new("test.log");
    for chunk in bytes.chunks(size.max(1)) {
        reader.feed(chunk, &mut visit);
    }
    let summary = reader.finish(&mut visit).clone();
    (seen, summary)
}

fn read(bytes: &[u8]) -> (Vec<Seen>, LogSummary) {
    let whole = read_in_chunks(bytes, bytes.len());
    for size in [1, 7, 4096] {
        let (seen, summary) = read_in_chunks(bytes, size);
        assert_eq!(seen.len(), whole.0.len(), "chunks of {size}: {summary:?}");
        assert_eq!(seen, whole.0, "chunks of {size}");
        assert_eq!(summary, whole.1, "chunks of {size}");
    }
    whole
}

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

#[test]
fn combined_logs_are_detected_and_read() {
    let log = format!(
        "66.249.66.1 - - [02/May/2024:10:00:00 +0000] \"GET /private/a HTTP/1.1\" 200 512 \"-\" \"{GOOGLEBOT}\"\n\
         2001:db8::7 - - [02/May/2024:10:00:01 +0000] \"HEAD /b?x=1 HTTP/1.1\" 304 0 \"https://example.com/\" \"curl/8.5.0\"\n"
    );
    let (seen, summary) = read(log.as_bytes());
    assert_eq!(summary.format, Some(LogFormat::Combined));
    assert_eq!((summary.lines, summary.requests), (2, 2));
    assert_eq!(
        seen[0],
        Seen {
            line: 1,
            time: Some("2024-05-02T10:00:00Z".into()),
            ip: Some("66.249.66.1".into()),
            target: "/private/a".into(),
            status: Some(200),
            agent: GOOGLEBOT.into(),
        }
    );
    assert_eq!(seen[1].ip.as_deref(), Some("2001:db8::7"));
    assert_eq!(seen[1].target, "/b?x=1");
}

#[test]
fn common_logs_have_no_user_agent() {
    // Apache's documented Common Log Format line.
    let (seen, summary) = read(
        b"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /apache_pb.gif HTTP/1.0\" 200 2326\n",
    );
    assert_eq!(summary.format, Some(LogFormat::Common));
    assert_eq!(seen[0].agent, "");
    assert_eq!(seen[0].time.as_deref(), Some("2000-10-10T20:55:36Z"));
}

#[test]
fn cloudflare_json_lines_read_with_every_timestamp_format() {
    // Logpush lines in the shape of Cloudflare's documentation: the
    // logshare README's `EdgeStartTimestamp` in nanoseconds, and RFC 3339
    // as in IBM/Juniper's JSA sample of a Cloudflare HTTP log event.
    let log = br#"{"ClientIP":"192.0.2.1","ClientRequestHost":"example.com","ClientRequestMethod":"GET","ClientRequestURI":"/a","ClientRequestUserAgent":"CCBot/2.0 (https://commoncrawl.org/faq/)","EdgeResponseStatus":200,"EdgeStartTimestamp":1526810289280000000,"RayID":"41ddf1740f67442d"}
{"ClientIP":"10.0.0.1","ClientRequestHost":"host.domain.test","ClientRequestMethod":"GET","ClientRequestURI":"/cdn-cgi/images/cf-iconcloud.png","EdgeEndTimestamp":"2020-10-13T19:49:36Z","EdgeResponseStatus":200,"EdgeStartTimestamp":"2020-10-13T19:49:36Z","ClientRequestUserAgent":"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.75 Safari/537.36"}
{"ClientIP":"192.0.2.2","ClientRequestURI":"/b","EdgeStartTimestamp":1526810289,"EdgeResponseStatus":"404"}
"#;
    let (seen, summary) = read(log);
    assert_eq!(summary.format, Some(LogFormat::JsonLines));
    assert_eq!(summary.requests, 3);
    assert_eq!(seen[0].time.as_deref(), Some("2018-05-20T09:58:09Z"));
    assert_eq!(seen[0].agent, "CCBot/2.0 (https://commoncrawl.org/faq/)");
    assert_eq!(seen[1].time.as_deref(), Some("2020-10-13T19:49:36Z"));
    assert_eq!(seen[1].target, "/cdn-cgi/images/cf-iconcloud.png");
    assert_eq!(
        (seen[2].time.as_deref(), seen[2].status),
        (Some("2018-05-20T09:58:09Z"), Some(404))
    );
}

#[test]
fn common_json_names_and_request_lines_read() {
    // WordPress VIP's documented edge log record (docs.wpvip.com/logs/http-request-edge/),
    // cut to its request fields: a CLF-style `timestamp`, `request_url`.
    let log = br#"{"client_site_id":"000","request_url":"/","timestamp":"19/May/2020:17:03:58 +0000","request_type":"GET","remote_addr":"127.0.0.1","http_host":"example.com","http_user_agent":"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36","status":"200"}
{"time":"2024-05-02T10:00:00+02:00","ip":"192.0.2.3","request":"GET /from-request-line?q HTTP/2.0","status":301,"user_agent":"x"}
{"time":"2024-05-02T10:00:00Z","path":"/p","query":"a=1","user_agent":"-"}
{"time":"2024-05-02T10:00:00Z","request":"-"}
"#;
    let (seen, summary) = read(log);
    assert_eq!(summary.requests, 3);
    assert_eq!(seen[0].time.as_deref(), Some("2020-05-19T17:03:58Z"));
    assert_eq!(seen[0].ip.as_deref(), Some("127.0.0.1"));
    assert_eq!(seen[1].target, "/from-request-line?q");
    assert_eq!(seen[1].time.as_deref(), Some("2024-05-02T08:00:00Z"));
    assert_eq!(seen[2].target, "/p?a=1");
    assert_eq!(seen[2].agent, "");
    assert_eq!(summary.without_request.count, 1);
    assert_eq!(summary.without_request.first[0].line, 4);
}

#[test]
fn w3c_logs_read_with_their_fields_lines() {
    // An IIS log as published in OSSEC's log samples (H-Sphere on IIS 6.0),
    // a second #Fields: line as IIS writes after a restart.
    let log = b"#Software: H-Sphere log plugin\r\n\
#Date: 2007-03-03 01:17:39\r\n\
#Fields: date time c-ip cs-username s-sitename s-computername s-ip s-port cs-method cs-uri-stem cs-uri-query sc-status sc-win32-status sc-bytes cs-bytes time-taken cs-version cs(User-Agent) cs(Cookie) cs(Referer)\r\n\
2007-03-03 10:23:40 24.252.248.163 - W3SVC3 SERVER55 192.168.1.15 80 GET /images/9a.jpg - 200 0 32022 324 47 HTTP/1.1 Mozilla/4.0+(compatible;+MSIE+6.0;+Windows+NT+5.1;+SV1;+.NET+CLR+1.1.4322) - http://www.yahoo.com/\r\n\
#Fields: date time c-ip cs-method cs-uri-stem cs-uri-query sc-status cs(User-Agent)\r\n\
2007-03-03 10:24:00 157.55.39.1 GET /search q=robots 200 Mozilla/5.0+(compatible;+bingbot/2.0;++http://www.bing.com/bingbot.htm)\r\n";
    let (seen, summary) = read(log);
    assert_eq!(summary.format, Some(LogFormat::W3c));
    assert_eq!((summary.requests, summary.skipped), (2, 4));
    assert_eq!(seen[0].time.as_deref(), Some("2007-03-03T10:23:40Z"));
    assert_eq!(seen[0].target, "/images/9a.jpg");
    assert_eq!(
        seen[0].agent,
        "Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1; SV1; .NET CLR 1.1.4322)"
    );
    assert_eq!(seen[1].target, "/search?q=robots");
    assert!(seen[1].agent.contains("bingbot/2.0; +http"));
}

#[test]
fn csv_logs_read_by_their_header() {
    let log = b"time;ip;url;status;user_agent\n\
2024-05-02T10:00:00Z;192.0.2.1;/a;200;\"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)\"\n\
2024-05-02T10:00:05Z;192.0.2.1;;200;x\n";
    let (seen, summary) = read(log);
    assert_eq!(summary.format, Some(LogFormat::Csv));
    assert_eq!(seen.len(), 1);
    assert!(seen[0].agent.contains("GPTBot/1.2"));
    assert_eq!(summary.unreadable.count, 1);
    assert!(summary.unreadable.first[0]
        .message
        .contains("no request URI"));
}

#[test]
fn unreadable_lines_are_counted_and_shown_with_their_numbers() {
    let mut log = format!(
        "66.249.66.1 - - [02/May/2024:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 1 \"-\" \"{GOOGLEBOT}\"\n"
    )
    .into_bytes();
    log.extend_from_slice(b"garbage that is no log line\n");
    log.extend_from_slice(b"\x00\x01\x02\xff\xfe binary\n");
    log.extend(std::iter::repeat_n(b'x', 1024 * 1024));
    log.push(b'\n');
    log.extend_from_slice(
        b"66.249.66.1 - - [02/May/2024:10:00:01 +0000] \"GET /b HTTP/1.1\" 200 1 \"-\" \"x\"\n",
    );
    let (seen, summary) = read(&log);
    assert_eq!(seen.iter().map(|s| s.line).collect::<Vec<_>>(), [1, 5]);
    assert_eq!(summary.unreadable.count, 3);
    let notes = &summary.unreadable.first;
    assert_eq!(notes.iter().map(|n| n.line).collect::<Vec<_>>(), [2, 3, 4]);
    assert!(
        notes[0]
            .message
            .starts_with("not a Combined Log Format line"),
        "{}",
        notes[0].message
    );
    assert_eq!(notes[1].message, "binary data, not a line of text");
    assert_eq!(notes[1].text, "\\x00\\x01\\x02\u{fffd}\u{fffd} binary");
    assert_eq!(
        notes[2].message,
        "1048576 bytes long, over the 65536 bytes a line is read up to"
    );
    assert!(notes[2].text.ends_with('…') && notes[2].text.len() < 200);
    assert_eq!(summary.not_utf8.count, 1);
}

#[test]
fn times_out_of_order_or_unreadable_are_noted_and_the_lines_kept() {
    let line = |time: &str, path: &str| {
        format!("192.0.2.1 - - [{time}] \"GET {path} HTTP/1.1\" 200 1 \"-\" \"x\"\n")
    };
    let log = [
        line("02/May/2024:10:00:00 +0000", "/1"),
        line("02/May/2024:12:00:00 +0000", "/2"),
        line("02/May/2024:11:00:00 +0000", "/3"),
        line("02/Foo/2024:11:00:00 +0000", "/4"),
        line("02/May/2024:12:00:30 +0000", "/5"),
    ]
    .concat();
    let (seen, summary) = read(log.as_bytes());
    assert_eq!(seen.len(), 5);
    assert_eq!(seen[3].time, None);
    assert_eq!(summary.out_of_order.count, 1);
    assert_eq!(summary.out_of_order.first[0].line, 3);
    assert_eq!(
        summary.out_of_order.first[0].message,
        "60 min earlier than line 2 (2024-05-02T12:00:00Z); judged by its own time"
    );
    assert_eq!(summary.unreadable_times.count, 1);
    assert_eq!(summary.unreadable_times.first[0].line, 4);
    assert_eq!(
        summary.unreadable_times.first[0].text,
        "02/Foo/2024:11:00:00 +0000"
    );
}

#[test]
fn another_kind_of_file_reads_no_request_and_says_so() {
    let robots =
        b"User-agent: *\nDisallow: /private\n\n# a comment\nSitemap: https://example.com/s.xml\n";
    let (seen, summary) = read(robots);
    assert!(seen.is_empty());
    assert_eq!(summary.format, None);
    assert_eq!(summary.unreadable.count, 3);
    assert!(summary.unreadable.first[0]
        .message
        .starts_with("not a line of a log format read here"));
    assert_eq!(summary.skipped, 2);
}

#[test]
fn gzip_logs_are_read_as_they_come() {
    use std::io::Write;
    let text: String = (0..3000)
        .map(|i| format!("192.0.2.1 - - [02/May/2024:10:00:00 +0000] \"GET /{i} HTTP/1.1\" 200 1 \"-\" \"x\"\n"))
        .collect();
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text.as_bytes()).unwrap();
    let packed = encoder.finish().unwrap();
    let (seen, summary) = read(&packed);
    assert_eq!(seen.len(), 3000);
    assert!(summary.compressed);
    assert_eq!(summary.decompressed_bytes, text.len() as u64);
    assert_eq!(summary.bytes, packed.len() as u64);
    let (cut, summary) = read(&packed[..packed.len() - 20]);
    assert!(cut.len() > 2900 && cut.len() < 3000, "{}", cut.len());
    assert!(summary.stopped.unwrap().contains("ends early"));
}

#[test]
fn a_given_format_is_not_detected() {
    let mut reader = LogReader::new("x").with_format(LogFormat::JsonLines);
    let mut count = 0;
    reader.feed(
        b"192.0.2.1 - - [02/May/2024:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1\n{\"url\":\"/a\"}\n",
        &mut |_| count += 1,
    );
    let summary = reader.finish(&mut |_| count += 1);
    assert_eq!(count, 1);
    assert_eq!(summary.unreadable.count, 1);
    assert!(summary.unreadable.first[0]
        .message
        .starts_with("not a JSON object"));
    assert_eq!("W3C".parse::<LogFormat>(), Ok(LogFormat::W3c));
    assert_eq!("ndjson".parse::<LogFormat>(), Ok(LogFormat::JsonLines));
    assert!("apache"
        .parse::<LogFormat>()
        .unwrap_err()
        .to_string()
        .contains("give combined, common, json, w3c or csv"));
}

#[test]
fn durations_read_as_people_say_them() {
    assert_eq!(duration(5), "5 s");
    assert_eq!(duration(600), "10 min");
    assert_eq!(duration(3 * HOUR + 300), "3 h 5 min");
    assert_eq!(duration(3 * DAY), "3 days");
}

#[test]
fn numbers_that_are_not_times_are_shown_without_a_float_formatter() {
    assert_eq!(super::number_text(-5.0), "-5");
    assert_eq!(super::number_text(-1.5), "-1.…");
    assert_eq!(super::number_text(-0.5), "-0.…");
    assert_eq!(super::number_text(1e30), "a number of more than 18 digits");
}
