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

#[cfg(test)]
mod tests {
    use super::*;

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
