//! `robotstxt lint`: the library's diagnostics, compiler-style, as JSON
//! Lines, as GitHub workflow commands or as SARIF, with exit status 1 when
//! a finding is an error. A robots.txt URL whose fetch decides for every
//! URL (a 404, a 503, a timeout) is a finding too.

use std::ops::Range;

use robots_matcher::tools::line_diff::LineDiff;
use robots_matcher::tools::lint::{apply_fixes, Code, Diagnostic, Severity};
use robots_matcher::tools::reference;
use robots_matcher::{ParseOptions, Robots};
use serde::Serialize;
use serde_json::json;

use crate::cli::{LintArgs, LintFormat};
use crate::error::{io_reason, note, CliError};
use crate::formats::{colour_stdout, paint, workflow_command, Colour};
use crate::input::{stdin_at_most_once, Source};
use crate::output::{Output, Status};
use crate::robots_file::read_robots;
use crate::text::{count, printable};
use crate::verdict_text::outcome_reason;

const COMMAND: &str = "lint";

/// The code of the finding that fetching a robots.txt URL decides for
/// every URL instead of its rules.
const FETCH_CODE: &str = "fetch-outcome";

/// Where SARIF readers learn what the tool is.
const INFORMATION_URI: &str = "https://www.rfc-editor.org/rfc/rfc9309";

/// One finding, in every format's terms; also the JSON Lines record.
#[derive(Serialize)]
struct Finding<'a> {
    file: &'a str,
    /// 0 for a finding about the whole file.
    line: u32,
    column: Option<usize>,
    end: Option<usize>,
    #[serde(serialize_with = "severity_name")]
    severity: Severity,
    code: &'static str,
    /// The finding's code before `unsupported-directive` replaced it
    /// (`crawl-delay-ignored`, `noindex-unsupported`): kept for one release
    /// so that JSON consumers can move; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    alias: Option<&'static str>,
    message: String,
    /// Byte offsets into the file.
    span: Span,
}

#[derive(Serialize)]
struct Span {
    start: usize,
    end: usize,
}

pub fn run(args: LintArgs) -> Result<Status, CliError> {
    let format = match (args.format, args.json) {
        (Some(format), _) => format,
        (None, true) => LintFormat::Json,
        (None, false) => LintFormat::Text,
    };
    if args.files.is_empty() {
        return Err(CliError::usage(
            Some(COMMAND),
            "missing FILE: the robots.txt file to lint ('-' for stdin)",
        ));
    }
    let sources = args
        .files
        .iter()
        .map(|arg| Source::robots_from_arg(arg))
        .collect::<Result<Vec<_>, _>>()?;
    stdin_at_most_once(&sources.iter().collect::<Vec<_>>(), COMMAND)?;
    if args.fix && !args.dry_run {
        // Refused before anything is read or fetched.
        if let Some(source) = sources.iter().find(|s| !matches!(s, Source::File(_))) {
            return Err(CliError::usage(
                Some(COMMAND),
                format!("--fix writes the fixed file back, and {} is not a file; add --dry-run to see the fixes", source.name()),
            ));
        }
    }
    let options = args.read.parse_options();
    // Read everything first: an unreadable file stops the run before any
    // output, instead of halfway through.
    let mut files = sources
        .iter()
        .map(|source| read_robots(source, &args.http, &options).map(|read| (source, read)))
        .collect::<Result<Vec<_>, _>>()?;

    let mut out = Output::new();
    if args.fix {
        for (source, read) in &mut files {
            fix(&mut out, source, &mut read.bytes, &options, args.dry_run)?;
        }
    }

    let mut findings = Vec::new();
    for (source, read) in &files {
        let decided = read
            .outcome
            .and_then(|outcome| outcome.fixed_verdict().map(|verdict| (outcome, verdict)));
        if let Some((outcome, verdict)) = decided {
            findings.push(Finding {
                file: source.name(),
                line: 0,
                column: None,
                end: None,
                // Everything disallowed is an outage for crawlers; everything
                // allowed may be intended.
                severity: if verdict.allowed {
                    Severity::Warning
                } else {
                    Severity::Error
                },
                code: FETCH_CODE,
                alias: None,
                message: format!("{}.", outcome_reason(outcome)),
                span: Span { start: 0, end: 0 },
            });
            continue;
        }
        let robots = Robots::parse_with(&read.bytes, &options);
        for diagnostic in &robots.diagnostics() {
            let columns = columns(&read.bytes, &robots, diagnostic);
            findings.push(Finding {
                file: source.name(),
                line: diagnostic.line,
                column: columns.as_ref().map(|c| c.start),
                end: columns.as_ref().map(|c| c.end),
                severity: diagnostic.severity,
                code: diagnostic.code.as_str(),
                alias: diagnostic.former_code,
                message: diagnostic.message.clone(),
                span: Span {
                    start: diagnostic.span.start,
                    end: diagnostic.span.end,
                },
            });
        }
    }
    let mut tally = [0usize; 3];
    for finding in &findings {
        tally[severity_index(finding.severity)] += 1;
    }

    match format {
        LintFormat::Text => {
            let colour = colour_stdout();
            for finding in &findings {
                out.line(&text_line(finding, colour))?;
            }
            let [errors, warnings, infos] = tally;
            out.line(&format!(
                "{}, {}, {}",
                count(errors, "error", "errors"),
                count(warnings, "warning", "warnings"),
                count(infos, "info", "infos")
            ))?;
        }
        LintFormat::Json => {
            for finding in &findings {
                out.json(finding)?;
            }
        }
        LintFormat::Github => {
            for finding in &findings {
                out.line(&github_line(finding))?;
            }
        }
        LintFormat::Sarif => out.json(&sarif(&findings))?,
    }
    out.flush()?;
    Ok(if tally[0] > 0 {
        Status::Findings
    } else {
        Status::Success
    })
}

/// Why a file with a finding of `code` is not the text of a robots.txt,
/// if that finding says so.
fn not_text(code: Code) -> Option<&'static str> {
    match code {
        Code::NulByte => Some("it holds NUL bytes, so it may not be a text file"),
        Code::Utf16 => Some("it is encoded as UTF-16; save it as UTF-8 first"),
        Code::HtmlDocument => Some("it is an HTML page, not a robots.txt"),
        _ => None,
    }
}

/// Applies the fixes of `bytes`' findings: prints them as a diff of lines
/// (`-` the line before, `+` after, each with its line number), then
/// writes the file unless `dry_run`. `bytes` becomes the fixed text, which
/// is then linted.
fn fix(
    out: &mut Output,
    source: &Source,
    bytes: &mut Vec<u8>,
    options: &ParseOptions,
    dry_run: bool,
) -> Result<(), CliError> {
    let diagnostics = Robots::parse_with(bytes, options).diagnostics();
    // Fixes rewrite lines of text: in bytes that are not a robots.txt's
    // text they would only damage the file (random bytes got 126
    // `missing-colon` fixes written into them).
    if let Some(why) = diagnostics.iter().find_map(|d| not_text(d.code)) {
        note(&format!(
            "{}: not fixed: {why}; fix it by hand",
            printable(source.name())
        ));
        return Ok(());
    }
    let fixes: Vec<&str> = diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref().map(|f| f.title.as_str()))
        .collect();
    let fixed = apply_fixes(bytes, &diagnostics);
    if fixed == *bytes {
        return Ok(());
    }
    let name = source.name();
    let (old, new) = (
        String::from_utf8_lossy(bytes),
        String::from_utf8_lossy(&fixed),
    );
    out.line(&format!("--- {}", printable(name)))?;
    out.line(&format!("+++ {} (fixed)", printable(name)))?;
    let diff = LineDiff::new(&old, &new);
    let (old_lines, new_lines): (Vec<&str>, Vec<&str>) =
        (old.split('\n').collect(), new.split('\n').collect());
    let (mut i, mut j) = (1u32, 1u32);
    while i as usize <= old_lines.len() || j as usize <= new_lines.len() {
        if diff.before_changed(i) {
            out.line(&format!("-{i}: {}", printable(old_lines[i as usize - 1])))?;
            i += 1;
        } else if diff.after_changed(j) {
            out.line(&format!("+{j}: {}", printable(new_lines[j as usize - 1])))?;
            j += 1;
        } else {
            i += 1;
            j += 1;
        }
    }
    let what = count(fixes.len(), "fix", "fixes");
    // The titles quote the file's text: escaped like every other output.
    let (name, fixes) = (printable(name), printable(&fixes.join("; ")).into_owned());
    if dry_run {
        note(&format!("{name}: {what} not written (--dry-run): {fixes}"));
    } else {
        let Source::File(path) = source else {
            return Ok(());
        };
        std::fs::write(path, &fixed).map_err(|error| {
            CliError::Input(format!("cannot write {name}: {}", io_reason(&error)))
        })?;
        note(&format!("{name}: {what} written: {fixes}"));
    }
    *bytes = fixed;
    Ok(())
}

/// `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE`, errors and warnings
/// coloured when `colour`.
fn text_line(finding: &Finding, colour: bool) -> String {
    let place = match finding.column {
        Some(column) => format!("{}:{}:{column}", finding.file, finding.line),
        None => finding.file.to_string(),
    };
    let severity = finding.severity.as_str();
    let severity = match finding.severity {
        Severity::Error if colour => paint(severity, Colour::Red),
        Severity::Warning if colour => paint(severity, Colour::Yellow),
        _ => severity.to_string(),
    };
    format!(
        "{}: {severity}[{}]: {}",
        printable(&place),
        finding.code,
        printable(&finding.message)
    )
}

/// `::warning file=F,line=L,col=C,endColumn=E,title=CODE::message`; info
/// findings are notices.
fn github_line(finding: &Finding) -> String {
    let level = match finding.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    };
    let mut properties = vec![("file", finding.file.to_string())];
    if let (Some(column), Some(end)) = (finding.column, finding.end) {
        properties.push(("line", finding.line.to_string()));
        properties.push(("col", column.to_string()));
        if end > column {
            properties.push(("endColumn", end.to_string()));
        }
    }
    properties.push(("title", finding.code.to_string()));
    workflow_command(level, &properties, &finding.message)
}

/// The findings as one SARIF 2.1.0 log: one run of this tool, one rule per
/// code found (described by the library), one result per finding.
fn sarif(findings: &[Finding]) -> serde_json::Value {
    let mut codes: Vec<&str> = findings.iter().map(|f| f.code).collect();
    codes.sort_unstable();
    codes.dedup();
    let rules: Vec<serde_json::Value> = codes
        .iter()
        .map(|&id| {
            let code = Code::ALL.iter().find(|code| code.as_str() == id);
            let description = code.map_or(
                "How fetching robots.txt ended decides for every URL.",
                |code| code.description(),
            );
            // Where the behaviour is written down (the fetch finding: the
            // RFC's access results).
            let reference = code.map_or(reference::ACCESS_RESULTS, |code| code.reference());
            json!({"id": id, "shortDescription": {"text": description}, "helpUri": reference.url})
        })
        .collect();
    let results: Vec<serde_json::Value> = findings
        .iter()
        .map(|finding| {
            let mut location = json!({"artifactLocation": {"uri": finding.file}});
            if let (Some(column), Some(end)) = (finding.column, finding.end) {
                location["region"] = json!({
                    "startLine": finding.line,
                    "startColumn": column,
                    "endColumn": end.max(column),
                });
            }
            json!({
                "ruleId": finding.code,
                "level": match finding.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                    Severity::Info => "note",
                },
                "message": {"text": finding.message},
                "locations": [{"physicalLocation": location}],
            })
        })
        .collect();
    json!({
        "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "robotstxt",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": INFORMATION_URI,
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

fn severity_index(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Info => 2,
    }
}

fn severity_name<S: serde::Serializer>(severity: &Severity, out: S) -> Result<S::Ok, S::Error> {
    out.serialize_str(severity.as_str())
}

/// The 1-based columns (in characters) where a finding starts and just past
/// where it ends, both within its line; `None` for whole-file findings.
fn columns(bytes: &[u8], robots: &Robots, diagnostic: &Diagnostic) -> Option<Range<usize>> {
    if diagnostic.line == 0 {
        return None;
    }
    let Some(line) = robots.line(diagnostic.line) else {
        return Some(1..1);
    };
    // Spans may start before the line (a BOM) or run past it (a file cut
    // by the size limit): keep the part on this line.
    let within = |offset: usize| offset.clamp(line.span.start, line.span.end);
    let start = within(diagnostic.span.start);
    let end = within(diagnostic.span.end).max(start);
    let chars = |range: Range<usize>| {
        bytes
            .get(range)
            .map_or(0, |slice| String::from_utf8_lossy(slice).chars().count())
    };
    let column = chars(line.span.start..start) + 1;
    Some(column..column + chars(start..end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns_of(text: &[u8]) -> Vec<(u32, Option<Range<usize>>)> {
        let robots = Robots::parse(text);
        robots
            .diagnostics()
            .iter()
            .map(|d| (d.line, columns(text, &robots, d)))
            .collect()
    }

    #[test]
    fn columns_count_characters_from_one() {
        // The pattern-start finding points at 'é' after "Disallow: ".
        let found = columns_of("User-agent: *\nDisallow: é\n".as_bytes());
        assert_eq!(found, vec![(2, Some(11..12))]);
    }

    #[test]
    fn whole_file_findings_have_no_columns() {
        let found = columns_of(b"<html><body>Not found</body></html>\n");
        assert!(found
            .iter()
            .any(|(line, columns)| *line == 0 && columns.is_none()));
    }

    #[test]
    fn a_bom_points_at_the_first_column() {
        let found = columns_of(b"\xEF\xBB\xBFUser-agent: *\nAllow: /\n");
        assert_eq!(found, vec![(1, Some(1..1))]);
    }
}
