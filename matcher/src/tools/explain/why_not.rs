//! "Why not": the rules that nearly decided a verdict, and why each did
//! not.
//!
//! For a learner the deciding rule is half the story; the other half is the
//! rule they expected to decide. [`FetchedRobots::why_not`] looks at every
//! rule the crawler reads (and at the rules of groups it does not read) and
//! keeps the nearest misses, nearest first:
//!
//! 1. rules of the other kind than the deciding one that matched and lost:
//!    shorter than the deciding rule, or a Disallow losing a tie to an
//!    Allow (they would have turned the verdict);
//! 2. rules that match the path but sit in a group this crawler does not
//!    read (a group names it, so `*` is not read; it ignores `*`; a
//!    fallback token it never reaches);
//! 3. rules that match only once the path and pattern are percent-encoded
//!    and normalised as RFC 9309 compares them (or, with `raw_url`, as a
//!    crawler's request carries the path);
//! 4. rules whose pattern matched up to a final `$` while the path goes on
//!    (`/*.pdf$` against `/a.pdf?download=1`);
//! 5. rules whose pattern stopped matching part-way: a byte that differs,
//!    a path that ends first, or a piece after a `*` found nowhere. Only
//!    those that got at least half of their pattern's literal bytes, or
//!    four of them, count as near;
//! 6. rules of the deciding one's kind that matched and were outweighed:
//!    shorter, or as long and later in the file (they agree with the
//!    verdict).
//!
//! Within a kind, a longer match (or more bytes matched) is nearer; then
//! file order. At most [`NEAR_MISS_LIMIT`] are kept, and how many more
//! there were is told. Every offset is a byte offset: into the path as
//! checked ([`Explanation::checked_path`]) and into the rule's normalised
//! pattern ([`crate::Rule::pattern`]), the bytes actually compared.
//!
//! Cost: one pass over the rules of the groups involved, each tried once
//! (a literal prefix compared, pieces after a `*` found left to right);
//! normalising is tried only when the path or the pattern holds a `%` (or,
//! with `raw_url`, a byte a request encodes). A file of 30,000 rules is
//! explained in a few milliseconds.
//!
//! [`Explanation::checked_path`]: super::Explanation::checked_path

use crate::agent::Crawler;
use crate::decision::{Best, Hit};
use crate::fetched::FetchedRobots;
use crate::model::RuleKind;
use crate::pattern::{encode_path, find_piece, needs_request_escape, pattern_matches};
use crate::robots::Robots;
use crate::tools::explain::sources::{Basis, Step};
use crate::tools::explain::{Explanation, PathEncoding};
use crate::verdict::Selection;
use crate::Mode;

/// The most near misses [`FetchedRobots::why_not`] keeps.
pub const NEAR_MISS_LIMIT: usize = 5;

/// Why a rule that nearly decided did not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MissReason {
    /// The path differs from the pattern at [`NearMiss::at`].
    Differs,
    /// The path ends ([`MissPoint::path`] is its length) before the
    /// pattern does.
    PathEnds,
    /// After a `*`, the pattern's literal piece starting at
    /// [`MissPoint::pattern`] occurs nowhere in the path from
    /// [`MissPoint::path`] on.
    PieceMissing,
    /// Everything before the pattern's final `$` matched, but the path
    /// goes on at [`MissPoint::path`] with its query (`?...`): `$` anchors
    /// at the end of the path and query, not before the query.
    QueryFollows,
    /// Everything before the pattern's final `$` matched, but the path
    /// goes on at [`MissPoint::path`].
    PathContinues,
    /// No match as compared, but a match once the path and the pattern are
    /// normalised as RFC 9309 compares them (escapes of unreserved
    /// characters decoded, escapes upper-cased): Google's parser compares
    /// escapes as written (`%7E` is not `~`).
    MatchesWhenNormalised,
    /// No match with the path as given (`raw_url`), but a match with the
    /// path percent-encoded as a crawler's request carries it.
    MatchesWhenEncoded,
    /// It matched, but the deciding rule is longer.
    Shorter,
    /// A Disallow that matched as long as the deciding Allow: an Allow wins
    /// a tie, as the less restrictive rule.
    LostTie,
    /// It matched as long as the deciding rule, of the same kind, which
    /// comes first in the file (the first one found is kept).
    EarlierLineWins,
    /// It matches the path, but its group is one this crawler does not
    /// read.
    GroupNotRead(Unread),
}

/// Why a group is not read by this crawler.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unread {
    /// A `*` group: a group names the crawler's own token, so the `*`
    /// groups are not read (RFC 9309 2.2.1; they are never merged with it).
    GlobalBesideNamed,
    /// A `*` group: no group names the crawler's own token, but one names
    /// a fallback token it obeys instead (Googlebot-Image obeys a
    /// `Googlebot` group).
    GlobalBesideFallback,
    /// A `*` group, which this crawler ignores (AdsBot-Google and other
    /// special-case crawlers).
    GlobalIgnored,
    /// A group naming a later fallback token, never reached because a
    /// group names an earlier token of the crawler (a `Googlebot` group
    /// when a `Googlebot-Image` group exists).
    FallbackNotReached,
}

/// Where a pattern stopped matching: byte offsets into the path as checked
/// and into the rule's normalised pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MissPoint {
    /// Offset into the checked path.
    pub path: usize,
    /// Offset into the normalised pattern ([`crate::Rule::pattern`]).
    pub pattern: usize,
}

/// A rule that nearly decided, and why it did not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearMiss {
    /// Index into [`Robots::rules`].
    pub rule: usize,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The rule's line.
    pub line: u32,
    /// Index into [`Robots::groups`] of the rule's group.
    pub group: usize,
    /// Why it did not decide.
    pub reason: MissReason,
    /// Where matching stopped, for a rule that did not match (the
    /// comparison as made, for the normalisation misses); `None` for a rule
    /// that matched.
    pub at: Option<MissPoint>,
    /// Its length (priority) had it matched, or as it matched.
    pub length: u32,
    /// Had it matched (with its own length), among the rules that apply,
    /// it would outweigh every rule that matched: it would have decided.
    /// Never true for a rule that matched and was outweighed.
    pub would_decide: bool,
}

/// The near misses of one verdict.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WhyNot {
    /// Whether rules were evaluated at all: not when how fetching
    /// robots.txt ended decided, or for `/robots.txt` itself.
    pub evaluated: bool,
    /// The nearest misses, nearest first (at most [`NEAR_MISS_LIMIT`]).
    pub near_misses: Vec<NearMiss>,
    /// How many more rules counted as near misses but were left out.
    pub omitted: usize,
}

impl MissReason {
    /// Stable lower-case name, e.g. `query-follows`.
    pub fn as_str(self) -> &'static str {
        match self {
            MissReason::Differs => "differs",
            MissReason::PathEnds => "path-ends",
            MissReason::PieceMissing => "piece-missing",
            MissReason::QueryFollows => "query-follows",
            MissReason::PathContinues => "path-continues",
            MissReason::MatchesWhenNormalised => "matches-when-normalised",
            MissReason::MatchesWhenEncoded => "matches-when-encoded",
            MissReason::Shorter => "shorter",
            MissReason::LostTie => "lost-tie",
            MissReason::EarlierLineWins => "earlier-line-wins",
            MissReason::GroupNotRead(_) => "group-not-read",
        }
    }

    /// Whether the rule matched the path (and was outweighed, or is in a
    /// group not read).
    pub fn matched(self) -> bool {
        matches!(
            self,
            MissReason::Shorter
                | MissReason::LostTie
                | MissReason::EarlierLineWins
                | MissReason::GroupNotRead(_)
        )
    }
}

impl Unread {
    /// Stable lower-case name, e.g. `global-ignored`.
    pub fn as_str(self) -> &'static str {
        match self {
            Unread::GlobalBesideNamed => "global-beside-named",
            Unread::GlobalBesideFallback => "global-beside-fallback",
            Unread::GlobalIgnored => "global-ignored",
            Unread::FallbackNotReached => "fallback-not-reached",
        }
    }
}

impl NearMiss {
    /// What governs this miss (where it is written down:
    /// [`Basis::reference`]).
    pub fn basis(&self) -> Basis {
        match self.reason {
            MissReason::Differs | MissReason::PathEnds => Basis::PathMatching,
            MissReason::PieceMissing | MissReason::QueryFollows | MissReason::PathContinues => {
                Basis::SpecialCharacters
            }
            MissReason::MatchesWhenNormalised | MissReason::MatchesWhenEncoded => {
                Basis::PercentEncoding
            }
            MissReason::Shorter | MissReason::EarlierLineWins => Basis::LongestMatch,
            MissReason::LostTie => Basis::AllowWinsTie,
            MissReason::GroupNotRead(Unread::GlobalBesideNamed) => Basis::GroupSelection,
            MissReason::GroupNotRead(Unread::GlobalIgnored) => Basis::IgnoresGlobal,
            MissReason::GroupNotRead(Unread::GlobalBesideFallback | Unread::FallbackNotReached) => {
                Basis::FallbackToken
            }
        }
    }
}

impl WhyNot {
    /// What governs the near misses, each once, in the order of the first
    /// miss resting on it.
    pub fn sources(&self) -> Vec<Basis> {
        let mut sources = Vec::new();
        for miss in &self.near_misses {
            let basis = miss.basis();
            if !sources.contains(&basis) {
                sources.push(basis);
            }
        }
        sources
    }
}

/// The explaining tool's "why not" question about robots.txt as a crawler
/// got it.
impl FetchedRobots<'_> {
    /// The rules that nearly decided the verdict `explanation` explains
    /// (what [`FetchedRobots::explain`] gave for `crawler` and a URL), and
    /// why each did not (see the [module](self)). Nothing, with `evaluated`
    /// false, when how fetching robots.txt ended decided or the URL is
    /// `/robots.txt` itself. The deciding rule is never among them.
    ///
    /// It reads the explanation's path, groups and verdict rather than
    /// checking again: asking both costs one check, and never counts
    /// towards building the crawler's rule index.
    pub fn why_not(&self, crawler: &Crawler, explanation: &Explanation) -> WhyNot {
        match self.fixed_verdict() {
            Some(_) => WhyNot::default(),
            None if !explanation.evaluated(Step::Groups) => WhyNot::default(),
            None => why_not(self.robots(), crawler, explanation),
        }
    }
}

/// How near `miss` is, by its kind: lower is nearer. A rule of the other
/// kind than the deciding one that matched and lost comes first (it would
/// have turned the verdict); a rule of the deciding one's kind that matched
/// and was outweighed comes last (it agrees with the verdict).
fn rank(miss: &NearMiss, deciding_kind: Option<RuleKind>) -> u8 {
    match miss.reason {
        MissReason::LostTie => 0,
        MissReason::Shorter if Some(miss.kind) != deciding_kind => 0,
        MissReason::GroupNotRead(_) => 1,
        MissReason::MatchesWhenNormalised | MissReason::MatchesWhenEncoded => 2,
        MissReason::QueryFollows | MissReason::PathContinues => 3,
        MissReason::Differs | MissReason::PathEnds | MissReason::PieceMissing => 4,
        MissReason::Shorter | MissReason::EarlierLineWins => 5,
    }
}

/// A near miss before it is ranked.
struct Candidate {
    miss: NearMiss,
    /// The match's length, or how many literal pattern bytes matched
    /// before it stopped: more is nearer.
    strength: usize,
}

fn why_not(robots: &Robots, crawler: &Crawler, explanation: &Explanation) -> WhyNot {
    let verdict = explanation.verdict;
    // The bytes matched: ASCII once encoded, the URL's own text when raw.
    let path = explanation.checked_path.as_bytes();
    let selection = explanation.groups.selection;
    let applied = explanation.groups.groups.as_slice();
    let raw = explanation.path_encoding == PathEncoding::Raw;
    let normalising = Normalising::new(robots, &explanation.extracted_path, raw);
    let rules = robots.rules();

    // The rules that apply: what matched (the best of each kind, for
    // `would_decide`), and the misses.
    let mut best = Best::default();
    let mut matched: Vec<(usize, u32)> = Vec::new();
    let mut candidates: Vec<Candidate> = Vec::new();
    for (g, id) in rules_of(robots, applied) {
        let rule = &rules[id];
        let miss = match stop(rule.pattern.as_bytes(), path) {
            None => Err(rule.pattern.priority()),
            Some(stop) => match rule.index_html.as_ref().filter(|alt| alt.matches(path)) {
                Some(alt) => Err(alt.priority()),
                None => Ok(stop),
            },
        };
        match miss {
            Err(priority) => {
                best.offer(
                    rule.kind,
                    Hit {
                        rule: id,
                        priority,
                        line: rule.line,
                    },
                );
                matched.push((id, priority));
            }
            Ok(stop) => {
                let reason = match normalising.matches(robots, id) {
                    Some(reason) => reason,
                    None if stop.is_near() => stop.reason,
                    None => continue,
                };
                candidates.push(Candidate {
                    miss: NearMiss {
                        rule: id,
                        kind: rule.kind,
                        line: rule.line,
                        group: g,
                        reason,
                        at: Some(stop.at),
                        length: rule.pattern.priority(),
                        would_decide: false,
                    },
                    strength: stop.literal,
                });
            }
        }
    }

    // Rules that matched and were outweighed by the deciding one.
    let deciding = verdict
        .rule
        .and_then(|d| rules.get(d).map(|r| (d, r.kind)))
        .zip(verdict.priority);
    for (id, priority) in matched {
        let Some(((deciding, deciding_kind), deciding_priority)) = deciding else {
            break;
        };
        if id == deciding {
            continue;
        }
        let rule = &rules[id];
        let reason = if priority < deciding_priority {
            MissReason::Shorter
        } else if rule.kind == deciding_kind {
            MissReason::EarlierLineWins
        } else {
            MissReason::LostTie
        };
        candidates.push(Candidate {
            miss: NearMiss {
                rule: id,
                kind: rule.kind,
                line: rule.line,
                group: rule.group,
                reason,
                at: None,
                length: priority,
                would_decide: false,
            },
            strength: priority as usize,
        });
    }

    // Rules of groups this crawler does not read that match the path.
    for (g, unread) in unread_groups(robots, crawler, selection, applied) {
        for (_, id) in rules_of(robots, &[g]) {
            let rule = &rules[id];
            if let Some(priority) = rule.match_priority(path) {
                candidates.push(Candidate {
                    miss: NearMiss {
                        rule: id,
                        kind: rule.kind,
                        line: rule.line,
                        group: g,
                        reason: MissReason::GroupNotRead(unread),
                        at: None,
                        length: priority,
                        would_decide: false,
                    },
                    strength: priority as usize,
                });
            }
        }
    }

    // Whether each unmatched one would have decided had it matched.
    for candidate in &mut candidates {
        let miss = &mut candidate.miss;
        if matches!(
            miss.reason,
            MissReason::Shorter | MissReason::LostTie | MissReason::EarlierLineWins
        ) {
            continue;
        }
        let mut with_it = best;
        let hit = Hit {
            rule: miss.rule,
            priority: miss.length,
            line: miss.line,
        };
        with_it.offer(miss.kind, hit);
        miss.would_decide = with_it.decide().by == Some(hit);
    }

    let total = candidates.len();
    let deciding_kind = deciding.map(|((_, kind), _)| kind);
    let key = |c: &Candidate| {
        (
            rank(&c.miss, deciding_kind),
            std::cmp::Reverse(c.strength),
            c.miss.rule,
        )
    };
    // The crate's one sort, then the nearest kept: `select_nth_unstable_by`
    // would instantiate a selection algorithm of its own in the app's wasm
    // (about 1.4 KB before wasm-opt), for at most a group's rules, sorted
    // only for the one result explained.
    crate::sort::sort_by(&mut candidates, |a, b| key(a).cmp(&key(b)));
    candidates.truncate(NEAR_MISS_LIMIT);
    WhyNot {
        evaluated: true,
        near_misses: candidates.into_iter().map(|c| c.miss).collect(),
        omitted: total.saturating_sub(NEAR_MISS_LIMIT),
    }
}

/// The rules of `groups`, each with its group, in the groups' order;
/// indices that name no group are skipped.
fn rules_of<'r>(
    robots: &'r Robots,
    groups: &'r [usize],
) -> impl Iterator<Item = (usize, usize)> + 'r {
    groups.iter().flat_map(move |&g| {
        let ids = robots
            .groups()
            .get(g)
            .map_or(0..0, |group| group.rules.clone());
        ids.filter(|&id| id < robots.rules().len())
            .map(move |id| (g, id))
    })
}

/// The groups the crawler does not read whose rules could have applied,
/// with why: the `*` groups when a group names it or it ignores them, and
/// the groups of its later fallback tokens. Groups it does read are never
/// listed (a group naming both `*` and the crawler is read).
fn unread_groups(
    robots: &Robots,
    crawler: &Crawler,
    selection: Selection,
    applied: &[usize],
) -> Vec<(usize, Unread)> {
    let mut seen = vec![false; robots.groups().len()];
    for &g in applied {
        if let Some(seen) = seen.get_mut(g) {
            *seen = true;
        }
    }
    let mut unread = Vec::new();
    let mut add = |groups: &[usize], why: Unread| {
        for &g in groups {
            if let Some(seen) = seen.get_mut(g).filter(|seen| !**seen) {
                *seen = true;
                unread.push((g, why));
            }
        }
    };
    let global_why = match selection {
        Selection::Token(0) => Some(Unread::GlobalBesideNamed),
        Selection::Token(_) => Some(Unread::GlobalBesideFallback),
        Selection::GlobalIgnored => Some(Unread::GlobalIgnored),
        Selection::Global | Selection::NoGroup | Selection::RobotsTxt => None,
        Selection::FetchOutcome(_) => None,
    };
    if let (Some(why), Some(global)) = (global_why, robots.global_groups()) {
        add(global.groups, why);
    }
    if let Selection::Token(chosen) = selection {
        for token in crawler.tokens().iter().skip(chosen + 1) {
            if let Some(named) = robots.named_groups(token) {
                add(named.groups, Unread::FallbackNotReached);
            }
        }
    }
    unread
}

/// Where and why a pattern stopped matching a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stop {
    reason: MissReason,
    at: MissPoint,
    /// The pattern's literal bytes (not `*`, not the final `$`) that
    /// matched before it stopped.
    literal: usize,
    /// All of the pattern's literal bytes.
    literal_total: usize,
}

impl Stop {
    /// Whether the pattern got near enough to count: up to its final `$`,
    /// or at least half of its literal bytes, or four of them (and always
    /// at least two: a lone `/` in common is no near miss).
    fn is_near(&self) -> bool {
        matches!(
            self.reason,
            MissReason::QueryFollows | MissReason::PathContinues
        ) || self.literal >= 4
            || (self.literal >= 2 && 2 * self.literal >= self.literal_total)
    }
}

/// Where the normalised `pattern` stops matching `path`, or `None` when it
/// matches: the same answer as [`pattern_matches`], taking the same
/// leftmost place for every piece after a `*`.
fn stop(pattern: &[u8], path: &[u8]) -> Option<Stop> {
    let anchored = pattern.last() == Some(&b'$');
    let body = &pattern[..pattern.len() - usize::from(anchored)];
    let literal_total = body.iter().filter(|&&b| b != b'*').count();
    let stop = |reason, path, pattern, literal| {
        Some(Stop {
            reason,
            at: MissPoint { path, pattern },
            literal,
            literal_total,
        })
    };
    let first_end = memchr::memchr(b'*', body).unwrap_or(body.len());
    for (i, &b) in body[..first_end].iter().enumerate() {
        match path.get(i) {
            None => return stop(MissReason::PathEnds, i, i, i),
            Some(&p) if p != b => return stop(MissReason::Differs, i, i, i),
            Some(_) => {}
        }
    }
    let mut literal = first_end;
    let Some(last_star) = memchr::memrchr(b'*', body) else {
        // No `*`: a prefix, anchored or not.
        return match anchored && path.len() != body.len() {
            true => stop(goes_on(path, body.len()), body.len(), body.len(), literal),
            false => None,
        };
    };
    // The pieces between the first and the last `*`, leftmost each.
    let mut cursor = first_end;
    let mut at = first_end + 1;
    for piece in body[first_end + 1..last_star.max(first_end + 1)].split(|&b| b == b'*') {
        if !piece.is_empty() {
            match find_piece(&path[cursor..], piece) {
                Some(found) => {
                    cursor += found + piece.len();
                    literal += piece.len();
                }
                None => return stop(MissReason::PieceMissing, cursor, at, literal),
            }
        }
        at += piece.len() + 1;
    }
    let last_start = last_star + 1;
    let last = &body[last_start..];
    if !anchored {
        return match last.is_empty() || find_piece(&path[cursor..], last).is_some() {
            true => None,
            false => stop(MissReason::PieceMissing, cursor, last_start, literal),
        };
    }
    if path.len() >= cursor + last.len() && path.ends_with(last) {
        return None;
    }
    // The last piece is there, but not at the end: the path goes on after
    // its last place.
    match memchr::memmem::rfind(&path[cursor..], last) {
        Some(found) => {
            let end = cursor + found + last.len();
            stop(goes_on(path, end), end, body.len(), literal + last.len())
        }
        None => stop(MissReason::PieceMissing, cursor, last_start, literal),
    }
}

/// Why an anchored pattern fails at `end`, where the path goes on: its
/// query follows, or more of its path.
fn goes_on(path: &[u8], end: usize) -> MissReason {
    let query_starts_here =
        path.get(end) == Some(&b'?') && memchr::memchr(b'?', &path[..end]).is_none();
    match query_starts_here {
        true => MissReason::QueryFollows,
        false => MissReason::PathContinues,
    }
}

/// The other ways of comparing that a rule might match under: RFC 9309's
/// normalisation (in Google mode), and a request's percent-encoding (with
/// `raw_url`). Tried only when something could differ, so a path and
/// rules without escapes cost nothing here.
struct Normalising {
    /// The path percent-encoded as a request carries it, in the file's
    /// mode, when `raw_url` left it as given and encoding changes it.
    requested: Option<Vec<u8>>,
    /// The path as RFC 9309 compares it, in Google mode.
    rfc: Option<Vec<u8>>,
    /// Whether the path holds a `%`: then every rule is tried.
    path_escapes: bool,
}

impl Normalising {
    fn new(robots: &Robots, extracted: &str, raw: bool) -> Normalising {
        let bytes = extracted.as_bytes();
        let path_escapes = memchr::memchr(b'%', bytes).is_some();
        let requested = (raw && bytes.iter().any(|&b| needs_request_escape(b)))
            .then(|| encode_path(extracted, robots.mode).into_owned());
        Normalising {
            requested,
            rfc: (robots.mode == Mode::Google)
                .then(|| encode_path(extracted, Mode::Rfc9309).into_owned()),
            path_escapes,
        }
    }

    /// Why rule `id`, which does not match the path as checked, would
    /// match another way, if it would.
    fn matches(&self, robots: &Robots, id: usize) -> Option<MissReason> {
        if let Some(requested) = &self.requested {
            if robots.rules()[id].match_priority(requested).is_some() {
                return Some(MissReason::MatchesWhenEncoded);
            }
        }
        let rfc = self.rfc.as_ref()?;
        let spans = &robots.spans;
        let written = spans.bytes(spans.rules[id].value);
        if !self.path_escapes && memchr::memchr(b'%', written).is_none() {
            return None;
        }
        let (pattern, _) = spans.rule_patterns(id, Mode::Rfc9309);
        pattern_matches(&pattern, rfc).then_some(MissReason::MatchesWhenNormalised)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::CheckOptions;
    use crate::FetchOutcome;
    use proptest::prelude::*;

    fn why_not_in(robots: &Robots, spec: &str, url: &str, options: &CheckOptions) -> WhyNot {
        let crawler = Crawler::parse_spec(spec).unwrap();
        let fetched = FetchedRobots::new(robots, FetchOutcome::FETCHED);
        fetched.why_not(&crawler, &fetched.explain(&crawler, url, options))
    }

    fn why_not_with(file: &str, spec: &str, url: &str, options: &CheckOptions) -> WhyNot {
        why_not_in(&Robots::parse(file.as_bytes()), spec, url, options)
    }

    fn near(file: &str, spec: &str, url: &str) -> WhyNot {
        why_not_with(file, spec, url, &CheckOptions::default())
    }

    /// The near misses as (line, reason).
    fn lines(why: &WhyNot) -> Vec<(u32, MissReason)> {
        why.near_misses.iter().map(|m| (m.line, m.reason)).collect()
    }

    /// Where near miss `line` stopped: (path, pattern) offsets.
    fn stopped(why: &WhyNot, line: u32) -> (usize, usize) {
        let at = miss(why, line)
            .at
            .expect("a miss that did not match says where");
        (at.path, at.pattern)
    }

    fn miss(why: &WhyNot, line: u32) -> NearMiss {
        *why.near_misses
            .iter()
            .find(|m| m.line == line)
            .unwrap_or_else(|| panic!("no near miss on line {line}: {why:?}"))
    }

    #[test]
    fn a_dollar_fails_because_a_query_follows() {
        let file = "User-agent: *\nDisallow: /*?\nDisallow: /*.pdf$\n";
        let why = near(file, "Googlebot", "/report.pdf?download=1");
        let pdf = miss(&why, 3);
        assert_eq!(pdf.reason, MissReason::QueryFollows);
        // `.pdf` matched up to byte 11 of the path; the pattern stopped at
        // its `$` (byte 6).
        assert_eq!(
            pdf.at,
            Some(MissPoint {
                path: 11,
                pattern: 6
            })
        );
        // It is longer than `/*?`, which decided: it would have decided.
        assert!(pdf.would_decide);
        // The deciding rule is never listed.
        assert!(why.near_misses.iter().all(|m| m.line != 2));
        // A path that goes on with more path is told apart.
        let why = why_not_with(file, "Googlebot", "/a.pdf/x", &CheckOptions::default());
        assert_eq!(miss(&why, 3).reason, MissReason::PathContinues);
        // A path with no `.pdf` at all is not near.
        let why = why_not_with(file, "Googlebot", "/report.doc", &CheckOptions::default());
        assert!(why.near_misses.is_empty(), "{why:?}");
    }

    #[test]
    fn a_prefix_that_differs_names_the_byte() {
        let file = "User-agent: *\nDisallow: /private/\nDisallow: /admin\n";
        let why = near(file, "Googlebot", "/privacy");
        assert_eq!(lines(&why), vec![(2, MissReason::Differs)]);
        assert_eq!(stopped(&why, 2), (6, 6));
        // `/admin` shares only `/` with `/privacy`: not near.
        assert!(why.near_misses.iter().all(|m| m.line != 3));
    }

    #[test]
    fn a_path_that_ends_first_is_told() {
        let file = "User-agent: *\nDisallow: /shop/sale\nDisallow: /x\n";
        let why = near(file, "Googlebot", "/shop");
        assert_eq!(lines(&why), vec![(2, MissReason::PathEnds)]);
        assert_eq!(stopped(&why, 2), (5, 5));
    }

    #[test]
    fn a_missing_piece_after_a_star_is_told() {
        let file = "User-agent: *\nDisallow: /shop/*/print\nDisallow: /*/print\n";
        let why = near(file, "Googlebot", "/shop/a/b/view");
        // `/shop/` matched (6 literal bytes), `/print` found nowhere after.
        assert_eq!(lines(&why), vec![(2, MissReason::PieceMissing)]);
        assert_eq!(stopped(&why, 2), (6, 7));
    }

    #[test]
    fn a_longer_allow_loses_to_a_longer_disallow() {
        let file = "User-agent: *\nAllow: /shop\nDisallow: /shop/cart\nDisallow: /\n";
        let why = near(file, "Googlebot", "/shop/cart/1");
        assert_eq!(
            lines(&why),
            vec![(2, MissReason::Shorter), (4, MissReason::Shorter)]
        );
        assert!(why.near_misses.iter().all(|m| !m.would_decide));
        assert_eq!(miss(&why, 2).length, 5);
    }

    #[test]
    fn a_disallow_loses_a_tie_to_an_allow() {
        let file = "User-agent: *\nDisallow: /page\nAllow: /page\nAllow: /pa\n";
        let why = near(file, "Googlebot", "/page");
        assert_eq!(
            lines(&why),
            vec![(2, MissReason::LostTie), (4, MissReason::Shorter)]
        );
    }

    #[test]
    fn an_equal_rule_of_the_same_kind_after_the_deciding_one() {
        let file = "User-agent: *\nDisallow: /a*\nDisallow: /*a\nAllow: /b\n";
        let why = near(file, "Googlebot", "/abc");
        assert_eq!(lines(&why), vec![(3, MissReason::EarlierLineWins)]);
    }

    #[test]
    fn rules_of_the_global_group_are_not_read_beside_a_named_group() {
        let file = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /x\n";
        let why = near(file, "Googlebot", "/page");
        assert_eq!(
            lines(&why),
            vec![(2, MissReason::GroupNotRead(Unread::GlobalBesideNamed))]
        );
        assert_eq!(miss(&why, 2).group, 0);
        assert!(miss(&why, 2).would_decide);
        // A crawler no group names reads `*`: nothing unread.
        let why = why_not_with(file, "Bingbot", "/page", &CheckOptions::default());
        assert!(why.near_misses.is_empty(), "{why:?}");
    }

    #[test]
    fn a_crawler_that_ignores_the_global_group_is_told_so() {
        let file = "User-agent: *\nDisallow: /\n";
        let why = near(file, "AdsBot-Google>!*", "/landing");
        assert_eq!(
            lines(&why),
            vec![(2, MissReason::GroupNotRead(Unread::GlobalIgnored))]
        );
        // One that reads it has it as its deciding rule, not a near miss.
        let why = why_not_with(file, "Googlebot", "/landing", &CheckOptions::default());
        assert!(why.near_misses.is_empty());
    }

    #[test]
    fn fallbacks_leave_groups_unread_both_ways() {
        let file = "User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n";
        // Googlebot-Image falls back to Googlebot: `*` is not read.
        let why = near(file, "Googlebot-Image>Googlebot", "/a/1");
        assert_eq!(
            lines(&why),
            vec![(2, MissReason::GroupNotRead(Unread::GlobalBesideFallback))]
        );
        // With a group of its own, the Googlebot group is not reached.
        let file = format!("{file}\nUser-agent: Googlebot-Image\nDisallow: /c\n");
        let why = near(&file, "Googlebot-Image>Googlebot", "/b/1");
        assert_eq!(
            lines(&why),
            vec![(5, MissReason::GroupNotRead(Unread::FallbackNotReached))]
        );
        // A rule of an unread group that does not match is not listed.
        assert!(why.near_misses.iter().all(|m| m.line != 2));
    }

    #[test]
    fn escapes_that_only_normalisation_equates() {
        // Google compares `%7E` and `~` as written; RFC 9309 decodes it.
        let file = "User-agent: *\nDisallow: /%7Euser\nDisallow: /x%2Fy\n";
        let why = near(file, "Googlebot", "/~user/a");
        assert_eq!(lines(&why), vec![(2, MissReason::MatchesWhenNormalised)]);
        assert_eq!(stopped(&why, 2), (1, 1));
        // A lower-case escape in the URL, compared as written by Google.
        let why = why_not_with(file, "Googlebot", "/x%2fy", &CheckOptions::default());
        assert_eq!(lines(&why), vec![(3, MissReason::MatchesWhenNormalised)]);
        // In RFC 9309 mode these match already: no near miss, a match.
        let robots = Robots::parse_with(
            file.as_bytes(),
            &crate::ParseOptions {
                mode: Mode::Rfc9309,
                size_limit: None,
            },
        );
        let why = why_not_in(&robots, "Googlebot", "/~user/a", &CheckOptions::default());
        assert!(why.near_misses.is_empty(), "{why:?}");
    }

    #[test]
    fn a_raw_path_that_would_match_encoded() {
        let file = "User-agent: *\nDisallow: /café\n";
        let raw = CheckOptions {
            raw_url: true,
            ..CheckOptions::default()
        };
        let why = why_not_with(file, "Googlebot", "/café/menu", &raw);
        assert_eq!(lines(&why), vec![(2, MissReason::MatchesWhenEncoded)]);
        // Encoded as usual, it matches: the deciding rule, no near miss.
        let why = near(file, "Googlebot", "/café/menu");
        assert!(why.near_misses.is_empty(), "{why:?}");
    }

    #[test]
    fn fetch_outcomes_and_robots_txt_evaluate_no_rule() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /private\n");
        let crawler = Crawler::new("Googlebot");
        let options = CheckOptions::default();
        let down = FetchedRobots::new(&robots, "503".parse().unwrap());
        let why = down.why_not(&crawler, &down.explain(&crawler, "/privat", &options));
        assert_eq!(why, WhyNot::default());
        assert!(!why.evaluated);
        // Nor from a 503 given the explanation of the file as fetched.
        let read = FetchedRobots::new(&robots, FetchOutcome::FETCHED);
        let explained = read.explain(&crawler, "/privat", &options);
        assert!(!down.why_not(&crawler, &explained).evaluated);
        let robots_txt = read.explain(&crawler, "/robots.txt", &options);
        assert!(!read.why_not(&crawler, &robots_txt).evaluated);
        let why = read.why_not(&crawler, &explained);
        assert!(why.evaluated);
        assert_eq!(lines(&why), vec![(2, MissReason::PathEnds)]);
    }

    #[test]
    fn at_most_a_handful_nearest_first_with_the_rest_counted() {
        let mut file = String::from("User-agent: *\n");
        for i in 0..20 {
            file.push_str(&format!("Disallow: /products/item-{i:02}/\n"));
        }
        file.push_str("Disallow: /*.pdf$\nAllow: /\n");
        let why = near(&file, "Googlebot", "/products/item-07.pdf?x");
        assert_eq!(why.near_misses.len(), NEAR_MISS_LIMIT);
        // Outweighed `Disallow`? None matched: the Allow decides. The `$`
        // miss comes first, then the longest common prefixes.
        assert_eq!(why.near_misses[0].reason, MissReason::QueryFollows);
        assert_eq!(why.near_misses[1].line, 9);
        assert_eq!(why.omitted, 21 - NEAR_MISS_LIMIT);
    }

    #[test]
    fn the_index_html_alternative_counts_as_a_match() {
        let file = "User-agent: *\nDisallow: /\nAllow: /docs/index.html\n";
        let why = near(file, "Googlebot", "/docs/");
        assert_eq!(lines(&why), vec![(2, MissReason::Shorter)]);
    }

    #[test]
    fn stop_points_walk_the_pattern() {
        let at = |pattern: &str, path: &str| {
            stop(pattern.as_bytes(), path.as_bytes()).map(|s| (s.reason, s.at.path, s.at.pattern))
        };
        assert_eq!(at("/fish$", "/fish"), None);
        assert_eq!(
            at("/fish$", "/fish?x"),
            Some((MissReason::QueryFollows, 5, 5))
        );
        assert_eq!(
            at("/a?b$", "/a?bc"),
            Some((MissReason::PathContinues, 4, 4))
        );
        assert_eq!(at("/*a*b", "/xaxx"), Some((MissReason::PieceMissing, 3, 4)));
        assert_eq!(
            at("/*ab*ba$", "/aba"),
            Some((MissReason::PieceMissing, 3, 5))
        );
        assert_eq!(
            at("/*.php$", "/a.php5"),
            Some((MissReason::PathContinues, 6, 6))
        );
        assert_eq!(at("", "/x"), None);
        assert_eq!(at("$", "/"), Some((MissReason::PathContinues, 0, 0)));
    }

    proptest! {
        /// `stop` says a pattern matches exactly when the matcher does.
        #[test]
        fn stop_agrees_with_the_matcher(
            pattern in "[/ab*$?]{0,8}",
            path in "/[ab$*?]{0,10}",
        ) {
            let stopped = stop(pattern.as_bytes(), path.as_bytes());
            prop_assert_eq!(
                stopped.is_none(),
                pattern_matches(pattern.as_bytes(), path.as_bytes()),
                "{:?}", stopped
            );
            if let Some(s) = stopped {
                prop_assert!(s.at.path <= path.len() && s.at.pattern <= pattern.len());
                prop_assert!(s.literal <= s.literal_total);
            }
        }
    }
}
