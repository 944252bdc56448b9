//! Reading inputs: robots.txt files and URL lists, from a path or from
//! stdin (`-`), always as raw bytes first.

use std::io::Read;

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
                self.name(),
                io_reason(&error)
            ))
        })
    }

    /// The URLs to check from a list: the library's one URL-list reader
    /// (a URL per line, a CSV table or a sitemap; blank lines and `#`
    /// comments skipped), with a warning for each line that is not a URL,
    /// which is not checked.
    pub fn read_url_list(&self) -> Result<UrlList, CliError> {
        let list = url_list(self.name(), &self.read_bytes()?)?;
        for warning in url_list_warnings(self.name(), &list) {
            warn(&warning);
        }
        Ok(list)
    }
}

/// The URLs to check or compare: those of the list, when one was given,
/// then the command line's, each as given.
pub fn urls_to_check<'a>(list: &'a Option<UrlList>, arguments: &'a [String]) -> Vec<&'a str> {
    list.iter()
        .flat_map(|list| list.iter())
        .chain(arguments.iter().map(String::as_str))
        .collect()
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
