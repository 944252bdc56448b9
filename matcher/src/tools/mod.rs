//! Tools: what people ask of a parsed robots.txt beyond a verdict. Each
//! imports the crate's core (and the readers, and other tools) and adds
//! its answers; the core imports none of them.
//!
//! - [`lint`]: diagnostics and their fixes (`Robots::diagnostics`), and
//!   the classes of keys in Google's parsing report;
//! - [`explain`]: why a verdict is what it is, as facts
//!   (`FetchedRobots::explain`), the rules that nearly decided
//!   (`FetchedRobots::why_not`) and what each step rests on;
//! - [`compare`]: verdicts that change between two readings
//!   ([`compare::VerdictDiff`]);
//! - [`severity`]: how much each change between two versions matters
//!   ([`severity::CHANGE_CLASSES`], [`severity::FileChanges`]);
//! - [`expect`]: expectations files, checked against a robots.txt
//!   ([`expect::Expectations`]);
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
pub mod expect;
pub mod explain;
pub mod line_diff;
pub mod lint;
pub mod record;
pub mod reference;
pub mod replay;
pub mod severity;
pub mod usage;
