//! Reading inputs: robots.txt files and URL lists, from a path or from
//! stdin (`-`), always as raw bytes first.

use std::io::Read;

use crate::error::{io_reason, CliError};

/// Where an input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(String),
}

impl Source {
    /// `-` is stdin; anything else is a path.
    pub fn from_arg(arg: &str) -> Source {
        if arg == "-" {
            Source::Stdin
        } else {
            Source::File(arg.to_string())
        }
    }

    /// The name shown in messages and in `lint` output.
    pub fn name(&self) -> &str {
        match self {
            Source::Stdin => "<stdin>",
            Source::File(path) => path,
        }
    }

    /// All bytes of the input, unchanged: robots.txt may hold any bytes
    /// (a BOM, UTF-16, NUL) and the matcher decides what they mean.
    pub fn read_bytes(&self) -> Result<Vec<u8>, CliError> {
        let result = match self {
            Source::Stdin => {
                let mut bytes = Vec::new();
                std::io::stdin()
                    .lock()
                    .read_to_end(&mut bytes)
                    .map(|_| bytes)
            }
            Source::File(path) => std::fs::read(path),
        };
        result.map_err(|error| {
            CliError::Input(format!(
                "cannot read '{}': {}",
                self.name(),
                io_reason(&error)
            ))
        })
    }

    /// A list of URLs, one per line; blank lines and lines starting with `#`
    /// are skipped, surrounding whitespace (and a Windows `\r`) is removed.
    pub fn read_url_list(&self) -> Result<Vec<String>, CliError> {
        let bytes = self.read_bytes()?;
        parse_url_list(&bytes).map_err(|line| {
            CliError::Input(format!(
                "line {line} of '{}' is not valid UTF-8; save the URL list as UTF-8 text",
                self.name()
            ))
        })
    }
}

/// The URLs of a list, or the 1-based number of a line that is not UTF-8.
fn parse_url_list(bytes: &[u8]) -> Result<Vec<String>, usize> {
    // Editors on Windows like to start UTF-8 files with a byte order mark.
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut urls = Vec::new();
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = std::str::from_utf8(line).map_err(|_| index + 1)?.trim();
        if !line.is_empty() && !line.starts_with('#') {
            urls.push(line.to_string());
        }
    }
    Ok(urls)
}

/// Fails when more than one input would be read from stdin, which can only
/// be read once.
pub fn stdin_at_most_once(sources: &[&Source], command: &'static str) -> Result<(), CliError> {
    if sources.iter().filter(|s| ***s == Source::Stdin).count() > 1 {
        return Err(CliError::usage(
            Some(command),
            "only one input can be read from stdin ('-'); give the others as files",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_lists_skip_blanks_comments_and_whitespace() {
        let list = b"\xEF\xBB\xBF# pages\r\nhttps://a.example/x\r\n\n   \n  /b  \n#c\n";
        assert_eq!(
            parse_url_list(list).unwrap(),
            vec!["https://a.example/x".to_string(), "/b".to_string()]
        );
    }

    #[test]
    fn url_lists_report_the_line_that_is_not_utf8() {
        assert_eq!(parse_url_list(b"/a\n/b\xFF\n"), Err(2));
    }

    #[test]
    fn missing_files_are_input_errors_with_a_plain_reason() {
        let error = Source::File("/nonexistent/robots.txt".into())
            .read_bytes()
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot read '/nonexistent/robots.txt': no such file"
        );
    }
}
