//! The log report as markup, written in the log worker: the page's panel
//! sets it as the content of three containers (the head, the chart, the
//! body) and answers clicks and changes on them through the `data-action`
//! of the element (one listener), so the page's wasm carries no typed view
//! per row or cell: the first load has no room for them (measured: the
//! same report as Leptos views cost the page's wasm about 33 KB gzipped).
//!
//! Everything from the log (user agents, URLs, file names) is escaped
//! ([`escape`]): a log is hostile input. The hooks are the issue's:
//! `logs-crawler` rows with `data-crawler`, `data-requests`,
//! `data-disallowed`, `data-unverified`.

use std::fmt::Write;

use super::logs::{fixed, Bar, CrawlerRow, LogsView, Rendered};

/// What a click or change on the report asks (its element's
/// `data-action`).
pub mod action {
    /// Export CSV (`data-csv="true"`) or JSON lines.
    pub const EXPORT: &str = "export";
    /// Show the timeline of the select's value.
    pub const TIMELINE: &str = "timeline";
    /// Show a violation: `data-side` (`after`, `before`), `data-spec`,
    /// `data-url`, `data-line`.
    pub const SAMPLE: &str = "sample";
    /// Open a ranges file for `data-crawler`.
    pub const RANGES: &str = "ranges";
}

/// `text` with `&`, `<`, `>`, `"` and `'` escaped, for text and quoted
/// attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The report of `view`; `ranges` are the ranges files given, (token,
/// file name); `before` names the version that is the editor's "version
/// before" (a sample judged by it shows in that editor).
pub fn render(view: &LogsView, ranges: &[(String, String)], before: &str) -> Rendered {
    Rendered {
        lines: view.lines,
        head: head(view),
        timeline: timeline_html(&view.timeline),
        body: body(view, ranges, before),
    }
}

fn head(v: &LogsView) -> String {
    let mut h = String::from("<ul class=\"logs-files\">");
    for e in &v.errors {
        let _ = write!(
            h,
            "<li class=\"message message-error\" data-testid=\"logs-file-error\">{}</li>",
            escape(e)
        );
    }
    for l in &v.logs {
        let _ = write!(
            h,
            "<li data-testid=\"logs-file\"><strong>{}</strong>: {}; {} lines, {} requests. {}<ul class=\"logs-lines\">",
            escape(&l.name),
            escape(&l.format),
            l.lines,
            l.requests,
            escape(&l.problems.join("; "))
        );
        for line in &l.first_lines {
            let _ = write!(h, "<li><code>{}</code></li>", escape(line));
        }
        h.push_str("</ul></li>");
    }
    let known = v.crawlers.iter().filter(|c| c.known).count();
    let versions: Vec<String> = v
        .versions
        .iter()
        .map(|x| format!("{} ({}; {} requests judged)", x.name, x.since, x.requests))
        .collect();
    let _ = write!(
        h,
        "</ul><p>{} lines, {} requests: {} known crawlers, browsers {} (not judged). Versions: {}.</p>",
        v.lines,
        v.requests,
        known,
        v.browsers,
        escape(&versions.join(", "))
    );
    for n in &v.notes {
        let _ = write!(h, "<p class=\"muted\">{}</p>", escape(n));
    }
    h.push_str("<div class=\"logs-actions\"><button type=\"button\" data-action=\"export\" data-csv=\"true\" data-testid=\"logs-export-csv\">Export CSV</button> <button type=\"button\" data-action=\"export\" data-csv=\"false\" data-testid=\"logs-export-json\">Export JSON lines</button></div>");
    h.push_str("<label class=\"logs-field\">Requests per hour by verdict, for <select data-action=\"timeline\" data-testid=\"logs-timeline-crawler\"><option value=\"\">every crawler</option>");
    for c in &v.crawlers {
        let t = escape(&c.token);
        let _ = write!(h, "<option value=\"{t}\">{t}</option>");
    }
    h.push_str("</select></label>");
    h
}

/// The chart's size in SVG units (its coordinates are written with
/// [`fixed`], not the standard library's float formatting).
const WIDTH: u32 = 720;
const HEIGHT: u32 = 160;

/// The timeline as an SVG of stacked bars (allowed, violations, cached,
/// unverified from the bottom), each part titled, with a table of the same
/// numbers for screen readers and for reading.
pub fn timeline_html(bars: &[Bar]) -> String {
    let max = bars.iter().map(Bar::total).max().unwrap_or(0).max(1) as f64;
    let width = f64::from(WIDTH) / bars.len().max(1) as f64;
    let per = bars.first().map_or(1, |b| b.hours);
    let mut h = format!(
        "<figure class=\"logs-timeline\" data-testid=\"logs-timeline\"><svg viewBox=\"0 0 {WIDTH} {HEIGHT}\" class=\"logs-chart\" role=\"img\" aria-label=\"{} bars of {per} hour(s): allowed (green), violations (red), cached (amber), unverified (grey); the table below has the numbers\">",
        bars.len()
    );
    for (i, bar) in bars.iter().enumerate() {
        let mut y = f64::from(HEIGHT);
        for (class, n) in bar.parts() {
            if n == 0 {
                continue;
            }
            let height = n as f64 / max * f64::from(HEIGHT);
            y -= height;
            let _ = write!(
                h,
                "<rect class=\"bar-{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}: {n} {class}</title></rect>",
                fixed(i as f64 * width, 2),
                fixed(y, 2),
                fixed((width - 1.0).max(0.5), 2),
                fixed(height, 2),
                escape(&bar.start)
            );
        }
    }
    let _ = write!(
        h,
        "</svg><details><summary>The chart as a table (bars of {per} hour(s))</summary><table><thead><tr><th scope=\"col\">from</th><th scope=\"col\">allowed</th><th scope=\"col\">violations</th><th scope=\"col\">cached</th><th scope=\"col\">unverified</th></tr></thead><tbody>"
    );
    for b in bars.iter().filter(|b| b.total() > 0) {
        let _ = write!(
            h,
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&b.start),
            b.allowed,
            b.violations,
            b.cached,
            b.unverified
        );
    }
    h.push_str("</tbody></table></details></figure>");
    h
}

fn body(v: &LogsView, ranges: &[(String, String)], before: &str) -> String {
    let mut h = String::from("<table class=\"logs-table\"><caption>Per crawler, judged by the version live at each request's time</caption><thead><tr><th scope=\"col\">crawler</th><th scope=\"col\">requests</th><th scope=\"col\">disallowed</th><th scope=\"col\">violations</th><th scope=\"col\">cached</th><th scope=\"col\">unverified</th><th scope=\"col\">obeyed</th><th scope=\"col\">robots.txt fetches</th><th scope=\"col\">first seen</th><th scope=\"col\">last seen</th></tr></thead><tbody>");
    for c in &v.crawlers {
        crawler_rows(&mut h, v, c, before);
    }
    h.push_str("</tbody></table><h3>Violations by deciding rule</h3><ul>");
    for r in &v.rules {
        let version = v.version_name(r.version);
        let _ = write!(
            h,
            "<li data-testid=\"logs-rule\">{} line {}: {}: {} violations ({})</li>",
            escape(version),
            r.line,
            escape(&r.rule),
            r.violations,
            escape(&r.crawlers)
        );
    }
    h.push_str("</ul><h3>Who is who: IP ranges</h3><p class=\"muted\">Open an operator's published ranges (JSON like Google's googlebot.json) beside its crawler to check each claim. This page makes no request: download the file from the address given. Claims from outside the ranges are counted as unverified, apart from violations.</p><ul>");
    for c in v.crawlers.iter().filter(|c| c.known) {
        let t = escape(&c.token);
        let source = if c.ranges_source.is_empty() {
            " (its operator publishes no list we know of)".to_string()
        } else {
            format!(" (published at {})", escape(&c.ranges_source))
        };
        let given = ranges
            .iter()
            .find(|(token, _)| token.eq_ignore_ascii_case(&c.token))
            .map(|(_, file)| format!(" Checked against {}.", escape(file)))
            .unwrap_or_default();
        let _ = write!(
            h,
            "<li><label>{t}{source} <input type=\"file\" accept=\".json,application/json\" data-action=\"ranges\" data-crawler=\"{t}\" data-testid=\"logs-ranges-input\"></label>{given}</li>"
        );
    }
    h.push_str("</ul>");
    h
}

fn crawler_rows(h: &mut String, v: &LogsView, c: &CrawlerRow, before: &str) {
    let t = escape(&c.token);
    let unverified = if c.ranges_given {
        c.unverified.to_string()
    } else {
        "-".to_string()
    };
    let _ = write!(
        h,
        "<tr data-testid=\"logs-crawler\" data-crawler=\"{t}\" data-requests=\"{}\" data-disallowed=\"{}\" data-unverified=\"{}\"><th scope=\"row\">{t}{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{unverified}</td><td>{}</td><td>{} {}",
        c.requests,
        c.disallowed,
        c.unverified,
        if c.known { "" } else { " <span class=\"muted\">(not a preset)</span>" },
        c.requests,
        c.disallowed,
        c.violations,
        c.cached,
        escape(&c.obeyed),
        c.robots_fetches,
        escape(&c.fetch_statuses)
    );
    for change in &c.fetch_changes {
        let _ = write!(h, "<div class=\"logs-change\">{}</div>", escape(change));
    }
    let _ = write!(
        h,
        "</td><td>{}</td><td>{}</td></tr>",
        escape(&c.first_seen),
        escape(&c.last_seen)
    );
    if c.samples.is_empty() {
        return;
    }
    h.push_str("<tr class=\"logs-samples\"><td colspan=\"10\">");
    for s in &c.samples {
        let version = v.version_name(s.version);
        let side = if version == before { "before" } else { "after" };
        let _ = write!(
            h,
            "<button type=\"button\" class=\"button-quiet\" data-action=\"sample\" data-testid=\"logs-violation\" data-side=\"{side}\" data-spec=\"{}\" data-url=\"{}\" data-line=\"{}\">{} {} {}: robots.txt line {} ({}), log {}</button>",
            escape(&c.spec),
            escape(&s.url),
            s.line,
            escape(&s.time),
            escape(&s.ip),
            escape(&s.url),
            s.line,
            escape(version),
            escape(&s.place)
        );
    }
    h.push_str("</td></tr>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view_model::logs::{LogsView, SampleRow, VersionRow};

    #[test]
    fn what_the_log_says_is_escaped_and_the_hooks_are_there() {
        let view = LogsView {
            lines: 3,
            versions: vec![
                VersionRow {
                    name: "version before".into(),
                    ..Default::default()
                },
                VersionRow {
                    name: "editor".into(),
                    ..Default::default()
                },
            ],
            crawlers: vec![CrawlerRow {
                token: "<img src=x>".into(),
                spec: "Evil\"Bot".into(),
                requests: 2,
                disallowed: 1,
                samples: vec![SampleRow {
                    url: "/a?\"><script>".into(),
                    line: 2,
                    version: 0,
                    ..Default::default()
                }],
                ..Default::default()
            }],
            timeline: vec![Bar {
                start: "2024-05-01T00:00:00Z".into(),
                hours: 1,
                allowed: 1,
                violations: 1,
                ..Default::default()
            }],
            ..Default::default()
        };
        let r = render(&view, &[], "version before");
        assert!(!r.body.contains("<img") && !r.body.contains("<script"));
        assert!(!r.head.contains("<img"));
        assert!(r.body.contains("data-crawler=\"&lt;img src=x&gt;\" data-requests=\"2\" data-disallowed=\"1\" data-unverified=\"0\""));
        assert!(r
            .body
            .contains("data-side=\"before\" data-spec=\"Evil&quot;Bot\""));
        assert_eq!(r.timeline.matches("<rect").count(), 2);
        assert!(r.timeline.contains("<td>1</td><td>1</td>"));
        assert_eq!(r.lines, 3);
    }
}
