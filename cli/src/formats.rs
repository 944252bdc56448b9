//! Small writers for the machine formats the CLI prints besides JSON:
//! CSV fields, GitHub Actions workflow commands, and the colours of text
//! output on a terminal.

use std::io::IsTerminal;

/// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line
/// break, with quotes doubled.
pub fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A GitHub Actions workflow command: `::LEVEL key=value,...::message`,
/// with the escapes the runner decodes, so a message or file name cannot
/// end the command early or start another one.
pub fn workflow_command(level: &str, properties: &[(&str, String)], message: &str) -> String {
    let escape_data = |text: &str| {
        text.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let escape_property = |text: &str| escape_data(text).replace(':', "%3A").replace(',', "%2C");
    let properties: Vec<String> = properties
        .iter()
        .map(|(key, value)| format!("{key}={}", escape_property(value)))
        .collect();
    let separator = if properties.is_empty() { "" } else { " " };
    format!(
        "::{level}{separator}{}::{}",
        properties.join(","),
        escape_data(message)
    )
}

/// Whether text output may be coloured: only on a terminal, and never when
/// `NO_COLOR` is set (to anything but an empty value; no-color.org).
pub fn colour_stdout() -> bool {
    std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}

/// `text` in green (allowed) or red (disallowed), as ANSI escapes.
pub fn paint_verdict(text: &str, allowed: bool) -> String {
    let colour = if allowed { 32 } else { 31 };
    format!("\u{1b}[{colour}m{text}\u{1b}[0m")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("/a"), "/a");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }

    #[test]
    fn workflow_commands_escape_what_the_runner_reads() {
        assert_eq!(
            workflow_command(
                "warning",
                &[("file", "a,b:c.txt".into()), ("line", "3".into())],
                "50% done\nnext"
            ),
            "::warning file=a%2Cb%3Ac.txt,line=3::50%25 done%0Anext"
        );
        assert_eq!(workflow_command("notice", &[], "x"), "::notice::x");
    }

    #[test]
    fn verdicts_are_painted_green_or_red() {
        assert_eq!(paint_verdict("allowed", true), "\u{1b}[32mallowed\u{1b}[0m");
        assert!(paint_verdict("disallowed", false).starts_with("\u{1b}[31m"));
    }
}
