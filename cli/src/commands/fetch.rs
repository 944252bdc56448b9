//! `robotstxt fetch`: a robots.txt fetched like a crawler does, its body on
//! stdout and how the fetch went on stderr.

use crate::cli::FetchArgs;
use crate::error::CliError;
use crate::fetch::robots_url;
use crate::input::Source;
use crate::output::{Output, Status};
use crate::robots_file::read_robots;

pub fn run(args: FetchArgs) -> Result<Status, CliError> {
    let url = robots_url(&args.url).map_err(|message| CliError::usage(Some("fetch"), message))?;
    let options = args.read.parse_options();
    let read = read_robots(&Source::Url(url), &args.http, &options)?;
    let mut out = Output::new();
    // What a crawler reads: the fetch keeps one byte past the limit so the
    // parser can tell the file was cut; that byte is not shown.
    let shown = options
        .size_limit
        .map_or(read.bytes.len(), |limit| read.bytes.len().min(limit));
    out.bytes(&read.bytes[..shown])?;
    out.flush()?;
    Ok(Status::Success)
}
