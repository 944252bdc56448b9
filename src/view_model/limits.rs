//! The app's limits, in one place (the README's limits table says the
//! same): every input the page takes has a size past which it is refused
//! with a message before any work starts, so no input can freeze the page
//! or exhaust the WebAssembly memory (4 GB at most, and a single buffer
//! past 2 GB cannot even be asked for).

use super::format::{format_count, format_size};

/// The most rows (URLs x crawlers) one check holds. Each row keeps 12
/// bytes of verdict and up to 8 more in the table's and the matrix's
/// orders: 50 million rows are about 1 GB, the most a browser tab reliably
/// grants (100,000 URLs x 400 crawlers is 40 million).
pub const MAX_ROWS: usize = 50_000_000;

/// The most crawlers one check (and one link) takes: every crawler is a
/// matcher built for each slice of work, and the longest preset list has a
/// few hundred tokens.
pub const MAX_CRAWLERS: usize = 1_000;

/// A robots.txt file larger than this is not opened (Google reads the first
/// 500 KiB; parsing and drawing 10 MB already takes seconds).
pub const MAX_ROBOTS_FILE_BYTES: usize = 10_000_000;

/// URL files opened together may hold at most this many bytes, counted
/// after gzip decompression (which stops there): about 2 million URLs.
pub const MAX_URL_FILES_BYTES: usize = 100_000_000;

/// Texts larger than this are not written into the link or storage:
/// compressing them would freeze the page, and browsers cap URL length.
pub const MAX_PERSISTED_BYTES: usize = 1_000_000;

/// The largest decoded link: what the app writes (the texts up to
/// [`MAX_PERSISTED_BYTES`]) plus room for [`MAX_CRAWLERS`] crawler specs
/// and the layout's lengths.
pub const MAX_LINK_BYTES: usize = MAX_PERSISTED_BYTES + 256 * 1024;

/// The most checks (a crawler and a URL each) the expectations are
/// checked for live, as the robots.txt is typed: 20,000 take a few
/// milliseconds. Past it the page checks none and points to `robotstxt
/// test` (whose own limit is the library's `MAX_CHECKS`).
pub const MAX_LIVE_CHECKS: usize = 20_000;

/// An expectations file larger than this is not opened (the text field
/// lays out a megabyte in about a second).
pub const MAX_EXPECT_FILE_BYTES: usize = 1_000_000;

/// Expectations longer than this are not kept in the link or this
/// browser (the rest of the state still is), with a message.
pub const MAX_EXPECT_LINK_BYTES: usize = 256 * 1024;

/// Why expectations asking for `checks` checks are not checked live, if
/// they ask for too many.
pub fn live_check_refusal(checks: usize) -> Option<String> {
    (checks > MAX_LIVE_CHECKS).then(|| {
        format!(
            "Not checked: these expectations make {} checks (a crawler and a URL each), and this page checks at most {} as you type. Check them with the robotstxt CLI: robotstxt test --robots robots.txt expectations.txt",
            format_count(checks),
            format_count(MAX_LIVE_CHECKS)
        )
    })
}

/// Why a check of `urls` URLs by `crawlers` crawlers is not run, if it is
/// over a limit.
pub fn check_refusal(urls: usize, crawlers: usize) -> Option<String> {
    if crawlers > MAX_CRAWLERS {
        return Some(format!(
            "Not checked: {} crawlers are listed, and this page checks at most {} at once. Remove some crawlers, or check the rest in another tab or with the robotstxt CLI.",
            format_count(crawlers),
            format_count(MAX_CRAWLERS)
        ));
    }
    let rows = urls.saturating_mul(crawlers);
    (rows > MAX_ROWS).then(|| {
        format!(
            "Not checked: {} URLs x {} crawlers make {} results, and this page holds at most {}. Check fewer URLs or crawlers at once (for example {} URLs for these crawlers), or use the robotstxt CLI's batch command.",
            format_count(urls),
            format_count(crawlers),
            format_count(rows),
            format_count(MAX_ROWS),
            format_count(MAX_ROWS / crawlers.max(1)),
        )
    })
}

/// Why a file is not read, if it is over `limit`: its `size` in bytes,
/// or (when `decompressed`) the bytes its gzip decompression gave before
/// it stopped; `what` names what the limit is for (`a robots.txt file`).
pub fn file_refusal(
    name: &str,
    size: usize,
    limit: usize,
    what: &str,
    decompressed: bool,
) -> Option<String> {
    if size <= limit {
        return None;
    }
    let limit = format_size(limit);
    let size = match decompressed {
        false => format!("it is {}", format_size(size)),
        true => format!("decompressed, it is over {limit}"),
    };
    Some(format!(
        "{name} was not opened: {size}, and {what} may hold at most {limit}."
    ))
}

/// Why a paste or a program's insert into a robots.txt editor is not
/// taken, if the editor's text would then be `size` bytes, over the limit
/// a robots.txt file has ([`MAX_ROBOTS_FILE_BYTES`]). The field is left as
/// it was: the browser's own text field takes seconds to lay out a few
/// megabytes, and tens of them froze the page with no word.
pub fn paste_refusal(size: usize) -> Option<String> {
    (size > MAX_ROBOTS_FILE_BYTES).then(|| {
        format!(
            "The paste was not taken: with it this robots.txt would be {}, and a robots.txt may hold at most {} here (Google reads only its first 500 KiB). The file is as it was.",
            format_size(size),
            format_size(MAX_ROBOTS_FILE_BYTES)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_past_the_robots_file_limit_is_refused_with_the_sizes() {
        assert_eq!(paste_refusal(MAX_ROBOTS_FILE_BYTES), None);
        assert_eq!(
            paste_refusal(12_000_017).unwrap(),
            "The paste was not taken: with it this robots.txt would be 12.0 MB, and a robots.txt may hold at most 10.0 MB here (Google reads only its first 500 KiB). The file is as it was."
        );
    }

    #[test]
    fn checks_over_the_row_or_crawler_limit_are_refused_with_what_to_do() {
        assert_eq!(check_refusal(100_000, 400), None);
        assert_eq!(check_refusal(MAX_ROWS, 1), None);
        let rows = check_refusal(1_000_000, 400).unwrap();
        assert_eq!(
            rows,
            "Not checked: 1,000,000 URLs x 400 crawlers make 400,000,000 results, and this page holds at most 50,000,000. Check fewer URLs or crawlers at once (for example 125,000 URLs for these crawlers), or use the robotstxt CLI's batch command."
        );
        let crawlers = check_refusal(2, 100_000).unwrap();
        assert!(crawlers.starts_with("Not checked: 100,000 crawlers are listed"));
        // No overflow on absurd counts.
        assert!(check_refusal(usize::MAX, 2).is_some());
    }

    #[test]
    fn files_over_their_limit_are_refused_with_both_sizes() {
        let robots = "a robots.txt file";
        assert_eq!(file_refusal("a.txt", 10, 10, robots, false), None);
        assert_eq!(
            file_refusal("big.txt", 202_000_000, MAX_ROBOTS_FILE_BYTES, robots, false).unwrap(),
            "big.txt was not opened: it is 202.0 MB, and a robots.txt file may hold at most 10.0 MB."
        );
        assert_eq!(
            file_refusal("u.gz", MAX_URL_FILES_BYTES + 1, MAX_URL_FILES_BYTES, "URL files", true)
                .unwrap(),
            "u.gz was not opened: decompressed, it is over 100.0 MB, and URL files may hold at most 100.0 MB."
        );
    }
}
