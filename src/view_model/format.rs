//! Numbers, sizes and names as the page shows them.

use std::ops::Range;

use robots_matcher::read::url_list::Rejected;
use robots_matcher::{AgentName, Category, CrawlDelay, Group};

/// A byte count for people: `812 B`, `12.4 KB`, `5.0 MB` (powers of 1000,
/// the way browsers and file managers show sizes).
pub fn format_size(bytes: usize) -> String {
    let bytes = bytes as u64;
    let (unit, name) = match bytes {
        0..1000 => return format!("{bytes} B"),
        1000..1_000_000 => (1000, "KB"),
        _ => (1_000_000, "MB"),
    };
    // Tenths of the unit, rounded half up.
    let tenths = (bytes * 10 + unit / 2) / unit;
    format!("{}.{} {name}", tenths / 10, tenths % 10)
}

/// A count with thousands separators: `100,000`.
pub fn format_count(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A count in a few characters, for the editor's gutter: `7`, `999`,
/// `1.2k`, `35k`, `1.2M`.
pub fn format_short_count(count: usize) -> String {
    match count {
        0..1000 => count.to_string(),
        1000..10_000 => format!("{}.{}k", count / 1000, count % 1000 / 100),
        10_000..1_000_000 => format!("{}k", count / 1000),
        _ => format!("{}.{}M", count / 1_000_000, count % 1_000_000 / 100_000),
    }
}

/// "1 URL", "3 URLs", "100,000 URLs".
pub fn plural(count: usize, one: &str, many: &str) -> String {
    format!(
        "{} {}",
        format_count(count),
        if count == 1 { one } else { many }
    )
}

/// `lines 5–14` or `line 5`.
pub fn line_range_label(lines: &Range<u32>) -> String {
    if lines.start == lines.end {
        format!("line {}", lines.start)
    } else {
        format!("lines {}–{}", lines.start, lines.end)
    }
}

/// A Crawl-delay for people: `10 s`, `0.5 s`, `fast (not a number)`.
pub fn format_crawl_delay(delay: &CrawlDelay) -> String {
    match delay.whole_seconds {
        Some(seconds) => format!("{seconds} s"),
        None if delay.is_number => format!("{} s", delay.value.trim()),
        None => format!("{} (not a number)", delay.value),
    }
}

/// The User-agent values of a group, as written, comma-separated.
pub fn group_names(group: &Group) -> String {
    let names: Vec<&str> = group
        .agents
        .iter()
        .map(|agent| match &agent.name {
            AgentName::Global => "*",
            _ => agent.value.as_str(),
        })
        .collect();
    names.join(", ")
}

/// `allowed` or `disallowed`.
pub fn verdict_str(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

/// `explicit` or `implicit` (or the fetch outcome).
pub fn category_label(category: Category) -> &'static str {
    match category {
        Category::AllowedExplicit | Category::DisallowedExplicit => "explicit",
        Category::AllowedImplicit => "implicit",
        Category::Unavailable => "robots.txt unavailable",
        Category::Unreachable => "robots.txt unreachable",
    }
}

/// `Skipped 2 lines that are not a URL or a path (paths start with /):
/// line 3 (hello), line 7 (Address).`: what a URL list left out, the first
/// few by line; `None` when it left nothing out.
pub fn skipped_lines_note(rejected: &[Rejected]) -> Option<String> {
    const SHOWN: usize = 3;
    if rejected.is_empty() {
        return None;
    }
    let mut shown: Vec<String> = rejected
        .iter()
        .take(SHOWN)
        .map(|r| format!("line {} ({})", r.line, r.text))
        .collect();
    if rejected.len() > SHOWN {
        shown.push(format!("{} more", format_count(rejected.len() - SHOWN)));
    }
    Some(format!(
        "Skipped {} that {} not a URL or a path (paths start with /): {}.",
        plural(rejected.len(), "line", "lines"),
        if rejected.len() == 1 { "is" } else { "are" },
        shown.join(", ")
    ))
}

/// `L12  Disallow: /private`: a rule as rows and explanations name it.
pub fn rule_label(line: u32, text: &str) -> String {
    format!("L{line}  {text}")
}

/// `part` of `whole` as a whole percentage, never rounded to 0% or 100%
/// when it is neither: `<1%`, `67%`, `>99%`.
pub fn percent(part: usize, whole: usize) -> String {
    let (part, whole) = (part as u64, whole.max(1) as u64);
    let rounded = (part * 200 + whole) / (whole * 2);
    match rounded {
        0 if part > 0 => "<1%".to_string(),
        100 if part < whole => ">99%".to_string(),
        _ => format!("{rounded}%"),
    }
}

/// The scheme, host and port of an absolute URL
/// (`https://www.example.com`); none for a path.
pub fn url_origin(url: &str) -> Option<&str> {
    let host = url.find("://")? + 3;
    let end = url[host..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| host + i);
    Some(&url[..end])
}

/// The origin all of `urls` share, if every one is an absolute URL on the
/// same origin: shown once, so each URL can be shown as its path.
pub fn shared_origin<'a>(mut urls: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let first = url_origin(urls.next()?)?;
    urls.all(|url| url_origin(url) == Some(first))
        .then_some(first)
}

/// A URL as shown under its shared origin: the path and query (`/` for the
/// origin itself); the whole URL when it is not on `origin`.
pub fn url_under<'a>(url: &'a str, origin: Option<&str>) -> &'a str {
    match origin.and_then(|origin| url.strip_prefix(origin)) {
        Some("") => "/",
        Some(rest) if rest.starts_with(['/', '?', '#']) => rest,
        _ => url,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_round_to_none_or_all() {
        assert_eq!(percent(2, 3), "67%");
        assert_eq!(percent(0, 3), "0%");
        assert_eq!(percent(3, 3), "100%");
        assert_eq!(percent(1, 100_000), "<1%");
        assert_eq!(percent(99_999, 100_000), ">99%");
        assert_eq!(percent(1, 2), "50%");
    }

    #[test]
    fn urls_on_one_origin_show_their_paths() {
        let urls = [
            "https://www.example.com/",
            "https://www.example.com/a?b=1",
            "https://www.example.com",
        ];
        let origin = shared_origin(urls.into_iter());
        assert_eq!(origin, Some("https://www.example.com"));
        assert_eq!(url_under(urls[1], origin), "/a?b=1");
        assert_eq!(url_under(urls[2], origin), "/");
        // Another port or host is another origin: nothing is shared.
        assert_eq!(
            shared_origin(["https://a.example/", "https://a.example:8080/"].into_iter()),
            None
        );
        assert_eq!(shared_origin(["/a", "/b"].into_iter()), None);
        assert_eq!(shared_origin(std::iter::empty()), None);
        // A longer host that starts like the origin keeps its whole URL.
        assert_eq!(
            url_under(
                "https://www.example.com.evil/x",
                Some("https://www.example.com")
            ),
            "https://www.example.com.evil/x"
        );
    }

    #[test]
    fn sizes_and_counts_read_well() {
        assert_eq!(format_size(0), "0 B");
        assert_eq!(format_size(999), "999 B");
        assert_eq!(format_size(1000), "1.0 KB");
        assert_eq!(format_size(12_449), "12.4 KB");
        assert_eq!(format_size(512_000), "512.0 KB");
        assert_eq!(format_size(5_000_000), "5.0 MB");
        assert_eq!(format_count(0), "0");
        assert_eq!(format_count(999), "999");
        assert_eq!(format_count(1000), "1,000");
        assert_eq!(format_count(300_000), "300,000");
        assert_eq!(format_count(1_234_567), "1,234,567");
        assert_eq!(plural(1, "URL", "URLs"), "1 URL");
        assert_eq!(plural(20_000, "URL", "URLs"), "20,000 URLs");
        for (count, short) in [
            (7, "7"),
            (999, "999"),
            (1250, "1.2k"),
            (35_000, "35k"),
            (1_250_000, "1.2M"),
        ] {
            assert_eq!(format_short_count(count), short);
        }
    }

    #[test]
    fn crawl_delays_show_their_value() {
        let delay = |v: &str| format_crawl_delay(&CrawlDelay::new(1, v.to_string()));
        assert_eq!(delay("10"), "10 s");
        assert_eq!(delay(" 0.5 "), "0.5 s");
        assert_eq!(delay("fast"), "fast (not a number)");
    }

    #[test]
    fn skipped_lines_are_listed_by_line() {
        let rejected: Vec<Rejected> = (1..=5)
            .map(|line| Rejected {
                line,
                text: format!("word {line}"),
            })
            .collect();
        assert_eq!(skipped_lines_note(&[]), None);
        assert_eq!(
            skipped_lines_note(&rejected[..1]).unwrap(),
            "Skipped 1 line that is not a URL or a path (paths start with /): line 1 (word 1)."
        );
        assert_eq!(
            skipped_lines_note(&rejected).unwrap(),
            "Skipped 5 lines that are not a URL or a path (paths start with /): line 1 (word 1), line 2 (word 2), line 3 (word 3), 2 more."
        );
    }

    #[test]
    fn labels() {
        assert_eq!(line_range_label(&(4..4)), "line 4");
        assert_eq!(line_range_label(&(7..9)), "lines 7–9");
        assert_eq!(rule_label(3, "Disallow: /x"), "L3  Disallow: /x");
        assert_eq!(category_label(Category::AllowedImplicit), "implicit");
        assert_eq!(verdict_str(false), "disallowed");
    }
}
