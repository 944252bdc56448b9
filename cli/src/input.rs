//! Reading inputs: robots.txt files and URL lists, from a path or from
//! stdin (`-`), always as raw bytes first, and never more of them than
//! will be used: an endless input (`/dev/zero`, a stream into stdin) costs
//! what is kept, not what it sends.

use std::io::{self, Read};

use robots_matcher::read::url_list::{ListFormat, UrlList, UrlListError};

use crate::error::{io_reason, warn, CliError};
use crate::fetch::{is_url, robots_url};
use crate::text::{count, printable};

/// Where an input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(String),
    /// A robots.txt URL, fetched like a crawler does.
    Url(String),
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

    /// A robots.txt source: also an http(s) URL, of the file itself or
    /// of a page on its site.
    pub fn robots_from_arg(arg: &str) -> Result<Source, CliError> {
        if is_url(arg) {
            robots_url(arg).map(Source::Url).map_err(CliError::Input)
        } else if has_other_scheme(arg) && !std::path::Path::new(arg).exists() {
            Err(CliError::Input(format!(
                "cannot fetch '{}': robotstxt fetches only http:// and https:// URLs",
                printable(arg)
            )))
        } else {
            Ok(Source::from_arg(arg))
        }
    }

    /// The name shown in messages and in `lint` output.
    pub fn name(&self) -> &str {
        match self {
            Source::Stdin => "<stdin>",
            Source::File(path) | Source::Url(path) => path,
        }
    }

    /// The input's first `keep` bytes and, when it goes on, one more (so
    /// the caller can tell it was cut), unchanged: robots.txt may hold any
    /// bytes (a BOM, UTF-16, NUL) and the matcher decides what they mean.
    /// Nothing past that is read.
    pub fn read_bytes(&self, keep: usize) -> Result<Vec<u8>, CliError> {
        let result = match self {
            Source::Stdin => read_at_most(io::stdin().lock(), keep, 0),
            Source::File(path) => std::fs::File::open(path).and_then(|file| {
                // The size, when the file has one, spares regrowing.
                let size = file.metadata().map_or(0, |m| m.len());
                read_at_most(file, keep, size)
            }),
            Source::Url(_) => {
                return Err(CliError::Input(format!(
                    "cannot read '{}' as a list: give a file or '-'",
                    self.name()
                )))
            }
        };
        result.map_err(|error| {
            CliError::Input(format!(
                "cannot read '{}': {}",
                printable(self.name()),
                io_reason(&error)
            ))
        })
    }

    /// The URLs to check from a list: the library's one URL-list reader
    /// (a URL per line, a CSV table or a sitemap; blank lines and `#`
    /// comments skipped), with a warning for each line that is not a URL,
    /// which is not checked. A list over [`MAX_URL_LIST_BYTES`] is refused
    /// before it is read further.
    pub fn read_url_list(&self) -> Result<UrlList, CliError> {
        let bytes = self.read_bytes(MAX_URL_LIST_BYTES)?;
        if bytes.len() > MAX_URL_LIST_BYTES {
            return Err(CliError::Input(format!(
                "cannot read '{}': it is over {}, the most robotstxt reads as a URL list (about 7 million URLs); split it",
                printable(self.name()),
                size_in_mib(MAX_URL_LIST_BYTES)
            )));
        }
        let list = url_list(self.name(), &bytes)?;
        for warning in url_list_warnings(self.name(), &list) {
            warn(&warning);
        }
        Ok(list)
    }
}

/// The most bytes of a robots.txt read with `--no-size-limit` (without
/// it, Google's 500 KiB): 64 times Google's limit, and about 600 MB of
/// memory once parsed and diagnosed. What goes on past it is cut, with a
/// warning.
pub const MAX_ROBOTS_BYTES: usize = 32 * 1024 * 1024;

/// The most bytes of a URL list (`--urls`): a larger list is refused.
pub const MAX_URL_LIST_BYTES: usize = 256 * 1024 * 1024;

/// `bytes` in MiB, for messages: `32 MiB`.
pub fn size_in_mib(bytes: usize) -> String {
    format!("{} MiB", bytes / (1024 * 1024))
}

/// Reads `reader` up to `keep` bytes and one more, if there is one.
/// `size` (0 when unknown) is how much the input says it holds.
fn read_at_most(reader: impl Read, keep: usize, size: u64) -> io::Result<Vec<u8>> {
    let limit = keep as u64 + 1;
    let mut bytes = Vec::with_capacity(size.min(limit) as usize);
    reader.take(limit).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Whether `arg` starts like a URL of a scheme (RFC 3986: a letter, then
/// letters, digits, `+`, `-`, `.`), such as `ftp://` or `file://`.
fn has_other_scheme(arg: &str) -> bool {
    arg.split_once("://").is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

/// The URLs to check or compare: those of the list, when one was given,
/// then the command line's. An argument is read by the same rule as a
/// list's line (the library's URL-list reader decides): one that is
/// neither a URL nor a path (`private/x`, `hello world`) is skipped with
/// the warning a list's line gets, instead of being checked as some other
/// path.
pub fn urls_to_check<'a>(list: &'a Option<UrlList>, arguments: &'a [String]) -> Vec<&'a str> {
    let arguments = arguments.iter().filter(|argument| {
        let url = is_url_argument(argument);
        if !url {
            warn(&format!(
                "argument '{}' is not a URL or a path (paths start with /); skipped",
                printable(argument)
            ));
        }
        url
    });
    list.iter()
        .flat_map(|list| list.iter())
        .chain(arguments.map(String::as_str))
        .collect()
}

/// Whether a command-line argument names a URL to check, as a line of a
/// URL list would (trimmed, then the library's test).
fn is_url_argument(argument: &str) -> bool {
    robots_matcher::read::url_list::is_url(argument.trim())
}

/// `bytes` read as a URL list named `name` (a `.csv` or `.tsv` name is
/// read as a table); the error is the one-line message for the user.
fn url_list(name: &str, bytes: &[u8]) -> Result<UrlList, CliError> {
    UrlList::read_file(name, bytes).map_err(|error| {
        CliError::Input(match error {
            UrlListError::NotUtf8 { line } => format!(
                "line {line} of '{name}' is not valid UTF-8; save the URL list as UTF-8 text"
            ),
            UrlListError::Compressed => format!(
                "cannot read '{name}': it is gzip-compressed; decompress it first (gunzip) and give the result to --urls"
            ),
        })
    })
}

/// What the user should know about a list read from `name`: each line
/// skipped because it is not a URL, and a sitemap index, which names
/// sitemaps rather than pages.
fn url_list_warnings(name: &str, list: &UrlList) -> Vec<String> {
    /// Skipped lines warned about one by one; a file in the wrong format
    /// would otherwise print a warning per line.
    const LISTED: usize = 10;
    let name = printable(name);
    let mut warnings: Vec<String> = list
        .rejected
        .iter()
        .take(LISTED)
        .map(|rejected| {
            format!(
                "{name} line {}: '{}' is not a URL or a path (paths start with /); skipped",
                rejected.line,
                printable(&rejected.text)
            )
        })
        .collect();
    if list.rejected.len() > LISTED {
        warnings.push(format!(
            "{name}: {} more {} not URLs and {} skipped too",
            list.rejected.len() - LISTED,
            if list.rejected.len() - LISTED == 1 {
                "line is"
            } else {
                "lines are"
            },
            if list.rejected.len() - LISTED == 1 {
                "was"
            } else {
                "were"
            }
        ));
    }
    if list.format == ListFormat::SitemapIndex {
        warnings.push(format!(
            "{name} is a sitemap index: it names {}, not pages; give one of them to --urls",
            count(list.sitemaps.len(), "sitemap", "sitemaps")
        ));
    }
    warnings
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

    fn urls(list: &UrlList) -> Vec<&str> {
        list.iter().collect()
    }

    #[test]
    fn url_lists_skip_blanks_comments_and_whitespace() {
        let list = url_list(
            "urls.txt",
            b"\xEF\xBB\xBF# pages\r\nhttps://a.example/x\r\n\n   \n  /b  \n#c\n",
        )
        .unwrap();
        assert_eq!(urls(&list), vec!["https://a.example/x", "/b"]);
        assert!(url_list_warnings("urls.txt", &list).is_empty());
    }

    #[test]
    fn lines_that_are_not_urls_are_skipped_with_a_warning() {
        let list = url_list("urls.txt", b"/a\n# note\nhello world\n/b\n").unwrap();
        assert_eq!(urls(&list), vec!["/a", "/b"]);
        assert_eq!(
            url_list_warnings("urls.txt", &list),
            vec!["urls.txt line 3: 'hello world' is not a URL or a path (paths start with /); skipped"]
        );
    }

    #[test]
    fn many_skipped_lines_are_summed_up() {
        let text: String = (0..25).map(|i| format!("word{i}\n")).collect();
        let list = url_list("urls.txt", text.as_bytes()).unwrap();
        let warnings = url_list_warnings("urls.txt", &list);
        assert_eq!(warnings.len(), 11);
        assert_eq!(
            warnings[10],
            "urls.txt: 15 more lines are not URLs and were skipped too"
        );
    }

    #[test]
    fn sitemaps_are_read_for_their_locs() {
        let xml = b"<?xml version=\"1.0\"?>\n<urlset><url><loc>https://a.example/x</loc></url></urlset>\n";
        assert_eq!(
            urls(&url_list("sitemap.xml", xml).unwrap()),
            vec!["https://a.example/x"]
        );
        let index =
            b"<sitemapindex><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>";
        let list = url_list("index.xml", index).unwrap();
        assert!(list.is_empty());
        assert!(url_list_warnings("index.xml", &list)[0].contains("sitemap index"));
    }

    #[test]
    fn url_lists_report_the_line_that_is_not_utf8() {
        let error = url_list("u.txt", b"/a\n/b\xFF\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2 of 'u.txt' is not valid UTF-8; save the URL list as UTF-8 text"
        );
    }

    #[test]
    fn compressed_url_lists_are_input_errors() {
        let error = url_list("sitemap.xml.gz", &[0x1f, 0x8b, 8, 0]).unwrap_err();
        assert!(matches!(error, CliError::Input(_)));
        assert!(error.to_string().contains("gzip-compressed"), "{error}");
    }

    #[test]
    fn other_schemes_are_not_fetched_nor_taken_for_files() {
        for arg in ["ftp://example.com/robots.txt", "file:///etc/passwd"] {
            let error = Source::robots_from_arg(arg).unwrap_err().to_string();
            assert!(
                error.contains("fetches only http:// and https://"),
                "{error}"
            );
        }
        assert_eq!(
            Source::robots_from_arg("robots.txt").unwrap(),
            Source::File("robots.txt".into())
        );
        assert!(!has_other_scheme("1x://a"));
        assert!(!has_other_scheme("dir/a://b"));
    }

    #[test]
    fn arguments_are_read_like_list_lines() {
        let arguments: Vec<String> = [
            "/a",
            " /b ",
            "private/x",
            "hello world",
            "=x",
            "",
            "example.com/c",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        assert_eq!(
            urls_to_check(&None, &arguments),
            vec!["/a", " /b ", "example.com/c"]
        );
        let list = url_list("u.txt", b"/first\n").unwrap();
        assert_eq!(
            urls_to_check(&Some(list), &arguments[..1]),
            vec!["/first", "/a"]
        );
    }

    #[test]
    fn reads_stop_one_byte_past_what_is_kept() {
        let endless = std::io::repeat(b'x');
        assert_eq!(read_at_most(endless, 10, 0).unwrap().len(), 11);
        assert_eq!(read_at_most(&b"abc"[..], 10, 3).unwrap(), b"abc");
        let bytes = Source::File("/dev/zero".into()).read_bytes(1000).unwrap();
        assert_eq!(bytes.len(), 1001);
    }

    #[test]
    fn missing_files_are_input_errors_with_a_plain_reason() {
        let error = Source::File("/nonexistent/robots.txt".into())
            .read_bytes(10)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot read '/nonexistent/robots.txt': no such file"
        );
    }
}
