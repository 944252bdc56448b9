//! Tools: what people ask of a parsed robots.txt beyond a verdict. Each
//! imports the crate's core (and the readers, and other tools) and adds
//! its answers; the core imports none of them.
//!
//! - [`lint`]: diagnostics and their fixes (`Robots::diagnostics`), and
//!   the classes of keys in Google's parsing report;
//! - [`explain`]: why a verdict is what it is, as facts
//!   (`FetchedRobots::explain`);
//! - [`compare`]: verdicts that change between two readings
//!   ([`compare::VerdictDiff`]);
//! - [`record`]: a verdict written down ([`record::VerdictRecord`]);
//! - [`usage`]: AI usage preferences (`FetchedRobots::usage`);
//! - [`crawlers`]: the crawler presets as data (tokens, operators,
//!   purposes, fallbacks, user-agent strings, IP-range sources) and
//!   [`crawlers::identify`], a user-agent string's crawler;
//! - [`replay`]: access logs judged by the robots.txt version live at each
//!   request's time, per crawler, rule and hour;
//! - [`line_diff`]: which lines differ between two versions;
//! - [`reference`](mod@reference): where each behaviour is written down.

pub mod compare;
pub mod crawlers;
pub mod explain;
pub mod line_diff;
pub mod lint;
pub mod record;
pub mod reference;
pub mod replay;
pub mod usage;
