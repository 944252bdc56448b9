//! `robotstxt lint`: the library's diagnostics, compiler-style or as JSON
//! Lines, with exit status 1 when a finding is an error.

use std::ops::Range;

use robots_matcher::{Diagnostic, Robots, Severity};
use serde::Serialize;

use crate::args::{Arg, Args};
use crate::error::CliError;
use crate::help;
use crate::input::{stdin_at_most_once, Source};
use crate::output::{print_help, Output, Status};
use crate::settings::{SharedFlags, JSON, MODE, NO_SIZE_LIMIT};
use crate::text::{count, printable};

const COMMAND: &str = "lint";
const SHARED: &[&str] = &[MODE, NO_SIZE_LIMIT, JSON];
const OWN: &[&str] = &["--help"];

/// One JSON Lines record.
#[derive(Serialize)]
struct Finding<'a> {
    file: &'a str,
    /// 0 for a finding about the whole file.
    line: u32,
    column: Option<usize>,
    end: Option<usize>,
    severity: &'static str,
    code: &'static str,
    message: &'a str,
    /// Byte offsets into the file.
    span: Span,
}

#[derive(Serialize)]
struct Span {
    start: usize,
    end: usize,
}

pub fn run(mut args: Args) -> Result<Status, CliError> {
    let mut shared = SharedFlags::default();
    let mut sources = Vec::new();
    while let Some(arg) = args.next_arg()? {
        match arg {
            Arg::Positional(file) => sources.push(Source::from_arg(&file)),
            Arg::Flag { name, inline } => match name.as_str() {
                "-h" | "--help" => return print_help(help::LINT),
                _ => {
                    if !shared.take(&mut args, &name, inline, SHARED)? {
                        return Err(args.unknown_flag(&name, &[OWN, SHARED].concat()));
                    }
                }
            },
        }
    }
    let json = shared.json;
    if sources.is_empty() {
        return Err(args.error("missing FILE: the robots.txt file to lint ('-' for stdin)"));
    }
    stdin_at_most_once(&sources.iter().collect::<Vec<_>>(), COMMAND)?;
    // Read everything first: an unreadable file stops the run before any
    // output, instead of halfway through.
    let files = sources
        .iter()
        .map(|source| source.read_bytes().map(|bytes| (source, bytes)))
        .collect::<Result<Vec<_>, _>>()?;

    let options = shared.parse_options();
    let mut out = Output::new();
    let mut tally = [0usize; 3];
    for (source, bytes) in &files {
        let robots = Robots::parse_with(bytes, &options);
        for diagnostic in robots.diagnostics() {
            tally[severity_index(diagnostic.severity)] += 1;
            let columns = columns(bytes, &robots, diagnostic);
            if json {
                out.json(&Finding {
                    file: source.name(),
                    line: diagnostic.line,
                    column: columns.as_ref().map(|c| c.start),
                    end: columns.as_ref().map(|c| c.end),
                    severity: diagnostic.severity.as_str(),
                    code: diagnostic.code.as_str(),
                    message: &diagnostic.message,
                    span: Span {
                        start: diagnostic.span.start,
                        end: diagnostic.span.end,
                    },
                })?;
            } else {
                let place = match columns {
                    Some(c) => format!("{}:{}:{}", source.name(), diagnostic.line, c.start),
                    None => source.name().to_string(),
                };
                out.line(&format!(
                    "{}: {}[{}]: {}",
                    printable(&place),
                    diagnostic.severity,
                    diagnostic.code,
                    printable(&diagnostic.message)
                ))?;
            }
        }
    }
    let [errors, warnings, infos] = tally;
    if !json {
        out.line(&format!(
            "{}, {}, {}",
            count(errors, "error", "errors"),
            count(warnings, "warning", "warnings"),
            count(infos, "info", "infos")
        ))?;
    }
    out.flush()?;
    Ok(if errors > 0 {
        Status::Findings
    } else {
        Status::Success
    })
}

fn severity_index(severity: Severity) -> usize {
    match severity {
        Severity::Error => 0,
        Severity::Warning => 1,
        Severity::Info => 2,
    }
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
