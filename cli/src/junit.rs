//! JUnit XML, the test report CI systems show natively: one `testsuites`
//! root holding one `testsuite` of `testcase`s, each failing one with a
//! `failure`. The shape is that of Jenkins' xUnit plugin schema
//! (junit-10.xsd), which `tests/junit.rs` validates the output against.
//! Cases are written as they come, so a report of a million cases is
//! never held in memory.

use crate::error::CliError;
use crate::output::Output;
use crate::text::printable;

/// The suite's head: what it is and how many of its cases fail.
pub struct Suite<'a> {
    /// The run's and the suite's name.
    pub name: &'a str,
    /// The file the cases come from, when there is one.
    pub file: Option<&'a str>,
    /// How many cases follow, and how many of them fail.
    pub tests: usize,
    pub failures: usize,
    /// Facts about the run (`name`, `value`), shown by most CI systems.
    pub properties: Vec<(&'a str, String)>,
}

/// One test case.
pub struct Case<'a> {
    pub name: &'a str,
    pub classname: &'a str,
    /// The failure's message, type and text, when it failed.
    pub failure: Option<Failure<'a>>,
}

/// Why a case failed.
pub struct Failure<'a> {
    /// One line: what was expected and what happened.
    pub message: &'a str,
    /// A word classifying it.
    pub kind: &'a str,
    /// The details (the deciding rule).
    pub text: &'a str,
}

/// Writes the XML declaration, the root and the suite's opening tag with
/// its properties.
pub fn start(out: &mut Output, suite: &Suite) -> Result<(), CliError> {
    out.line(r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    let counts = format!(
        r#"tests="{}" failures="{}" errors="0""#,
        suite.tests, suite.failures
    );
    out.line(&format!(
        r#"<testsuites name="{}" {counts}>"#,
        attribute(suite.name)
    ))?;
    let file = suite
        .file
        .map(|file| format!(r#" file="{}""#, attribute(file)))
        .unwrap_or_default();
    out.line(&format!(
        r#"  <testsuite name="{}" {counts} skipped="0"{file}>"#,
        attribute(suite.name)
    ))?;
    if !suite.properties.is_empty() {
        out.line("    <properties>")?;
        for (name, value) in &suite.properties {
            out.line(&format!(
                r#"      <property name="{}" value="{}"/>"#,
                attribute(name),
                attribute(value)
            ))?;
        }
        out.line("    </properties>")?;
    }
    Ok(())
}

/// Writes one case.
pub fn case(out: &mut Output, case: &Case) -> Result<(), CliError> {
    let head = format!(
        r#"    <testcase name="{}" classname="{}""#,
        attribute(case.name),
        attribute(case.classname)
    );
    match &case.failure {
        None => out.line(&format!("{head}/>")),
        Some(failure) => {
            out.line(&format!("{head}>"))?;
            out.line(&format!(
                r#"      <failure message="{}" type="{}">{}</failure>"#,
                attribute(failure.message),
                attribute(failure.kind),
                text(failure.text)
            ))?;
            out.line("    </testcase>")
        }
    }
}

/// Closes the suite and the root.
pub fn end(out: &mut Output) -> Result<(), CliError> {
    out.line("  </testsuite>")?;
    out.line("</testsuites>")
}

/// `value` as an attribute value: markup escaped, and line ends and tabs
/// as references (a parser would turn them into spaces).
fn attribute(value: &str) -> String {
    escape(value, true)
}

/// `value` as element text.
fn text(value: &str) -> String {
    escape(value, false)
}

/// Escapes markup; characters XML 1.0 cannot carry at all (control
/// characters, U+FFFE, U+FFFF) are written out as `\u{..}` text, as the
/// terminal output writes them.
fn escape(value: &str, in_attribute: bool) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if in_attribute => out.push_str("&quot;"),
            '\n' if in_attribute => out.push_str("&#10;"),
            '\t' if in_attribute => out.push_str("&#9;"),
            '\r' => out.push_str("&#13;"),
            '\n' | '\t' => out.push(c),
            '\u{fffe}' | '\u{ffff}' => out.extend(c.escape_unicode()),
            c if c.is_control() => out.push_str(&printable(c.encode_utf8(&mut [0; 4]))),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_unrepresentable_characters_are_escaped() {
        assert_eq!(attribute(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
        assert_eq!(attribute("x\ny\tz"), "x&#10;y&#9;z");
        assert_eq!(text("x\ny\r"), "x\ny&#13;");
        assert_eq!(text("bell\u{7}"), "bell\\u{7}");
        assert_eq!(text("\u{ffff}"), "\\u{ffff}");
        assert_eq!(text("café"), "café");
    }
}
