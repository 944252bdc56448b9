//! Small writers for the machine formats the CLI prints besides JSON and
//! CSV (both the library's record writes): GitHub Actions workflow
//! commands, and the colours of text output on a terminal.

use std::io::IsTerminal;

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

/// The colours text output uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Allowed.
    Green,
    /// Disallowed, errors.
    Red,
    /// Warnings.
    Yellow,
}

/// `text` in `colour`, as ANSI escapes.
pub fn paint(text: &str, colour: Colour) -> String {
    let code = match colour {
        Colour::Red => 31,
        Colour::Green => 32,
        Colour::Yellow => 33,
    };
    format!("\u{1b}[{code}m{text}\u{1b}[0m")
}

/// A table's `line` whose first cell is `first`, that cell painted green
/// when `good` and red otherwise (the verdict or result column of the
/// text tables on a terminal).
pub fn first_cell_painted(line: &str, first: &str, good: bool) -> String {
    let colour = if good { Colour::Green } else { Colour::Red };
    format!(
        "{}{}",
        paint(first, colour),
        line.get(first.len()..).unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn colours_are_ansi_escapes() {
        assert_eq!(
            paint("allowed", Colour::Green),
            "\u{1b}[32mallowed\u{1b}[0m"
        );
        assert!(paint("disallowed", Colour::Red).starts_with("\u{1b}[31m"));
        assert!(paint("warning", Colour::Yellow).starts_with("\u{1b}[33m"));
    }
}
