//! Checking URLs: which groups apply to a crawler, which rule decides, and
//! why.

use std::borrow::Cow;

use crate::agent::{AgentMatching, Crawler};
use crate::decision::{Best, Hit, Ruling};
use crate::fetch::FetchOutcome;
use crate::index::{Decided, IndexedRule, RuleSet, RuleSource};
use crate::model::AgentName;
#[cfg(not(target_arch = "wasm32"))]
use crate::model::RuleKind;
use crate::pattern::{encode_path, plain_request_path, PathBytes};
use crate::robots::{AgentGroups, Robots};
use crate::url::path_params_query;
use crate::Mode;

/// The kind of verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// A rule decided: an Allow, or an empty Disallow (which allows).
    AllowedExplicit,
    /// No rule matched (or no group applies).
    AllowedImplicit,
    /// A Disallow matched and no Allow at least as long did.
    DisallowedExplicit,
    /// robots.txt could not be had (4xx other than 429): everything allowed.
    Unavailable,
    /// robots.txt was unreachable (429, 5xx, network error): everything
    /// disallowed.
    Unreachable,
}

impl Category {
    /// Stable name: `allowed-explicit`, `allowed-implicit`,
    /// `disallowed-explicit`, `unavailable`, `unreachable`.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::AllowedExplicit => "allowed-explicit",
            Category::AllowedImplicit => "allowed-implicit",
            Category::DisallowedExplicit => "disallowed-explicit",
            Category::Unavailable => "unavailable",
            Category::Unreachable => "unreachable",
        }
    }
}

/// Which groups applied, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Selection {
    /// Groups naming the crawler's token with this index (0 = its own
    /// name, higher = a fallback token).
    Token(usize),
    /// No group names the crawler; the `*` groups applied.
    Global,
    /// No group names the crawler and there is no `*` group: everything is
    /// allowed.
    NoGroup,
    /// No group names the crawler, and it ignores the `*` groups the file
    /// has (`AdsBot-Google>!*`): everything is allowed.
    GlobalIgnored,
    /// The URL is `/robots.txt` itself, which is always allowed.
    RobotsTxt,
    /// The verdict comes from how fetching robots.txt ended, not from rules.
    FetchOutcome(FetchOutcome),
}

/// The answer for one URL and crawler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the crawler may fetch the URL.
    pub allowed: bool,
    /// Allowed or disallowed, and whether a rule decided.
    pub category: Category,
    /// The deciding rule, an index into [`Robots::rules`]: the line Google's
    /// `matching_line()` reports, an empty `Disallow:` that matched with
    /// priority 0 included.
    pub rule: Option<usize>,
    /// The deciding rule's line, 0 when none.
    pub line: u32,
    /// Length of the deciding pattern, when a rule decided.
    pub priority: Option<u32>,
    /// Which groups applied, and why.
    pub selection: Selection,
}

impl Verdict {
    /// `allowed` or `disallowed`.
    pub fn as_str(&self) -> &'static str {
        if self.allowed {
            "allowed"
        } else {
            "disallowed"
        }
    }

    /// The verdict for every URL when fetching robots.txt ended with
    /// `outcome` and the crawler has no usable file: `category` is
    /// [`Category::Unavailable`] (everything allowed) or
    /// [`Category::Unreachable`] (everything disallowed).
    pub(crate) fn from_fetch(outcome: FetchOutcome, category: Category) -> Verdict {
        Verdict {
            allowed: category != Category::Unreachable,
            category,
            rule: None,
            line: 0,
            priority: None,
            selection: Selection::FetchOutcome(outcome),
        }
    }

    pub(crate) fn without_rule(selection: Selection) -> Verdict {
        Verdict {
            allowed: true,
            category: Category::AllowedImplicit,
            rule: None,
            line: 0,
            priority: None,
            selection,
        }
    }
}

/// How URLs are read and crawlers matched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CheckOptions {
    /// Match the path exactly as given, without percent-encoding spaces and
    /// non-ASCII characters as a crawler's request would (Google's library
    /// semantics). In RFC 9309 mode too, on purpose: the path is then not
    /// normalised either (`%62` is not `b` in it), so what is matched is
    /// always what was given.
    pub raw_url: bool,
    /// How a robots.txt token is matched against the crawler's tokens.
    pub agent_matching: AgentMatching,
}

/// The groups that apply to a crawler.
#[derive(Clone, Debug)]
pub(crate) enum Applied<'a> {
    /// Exact matching: the groups filed for a token (or `*`), with their
    /// rule index.
    Indexed(AgentGroups<'a>),
    /// Legacy prefix matching: the groups are merged on the fly.
    Groups(Vec<usize>),
    Nothing,
}

impl<'a> Applied<'a> {
    pub(crate) fn groups(&self) -> &[usize] {
        match self {
            Applied::Indexed(agent) => agent.groups,
            Applied::Groups(groups) => groups,
            Applied::Nothing => &[],
        }
    }
}

/// One crawler's view of a parsed robots.txt: its groups are found once
/// (see [`Robots::matcher_for`]), then each [`CrawlerMatcher::check`] only
/// reads the URL's path and walks the rule index (or, for the first few
/// checks of these groups, before the index is built, tries every rule).
#[derive(Clone, Debug)]
pub struct CrawlerMatcher<'r> {
    robots: &'r Robots,
    selection: Selection,
    applied: Applied<'r>,
    options: CheckOptions,
    /// Every URL's verdict when fetching robots.txt left no file to read.
    fixed: Option<Verdict>,
    /// Every URL's verdict, `/robots.txt` aside, when no rule applies or
    /// every rule that applies matches every path ([`Robots::constant`]).
    constant: Option<Verdict>,
    /// Neither `fixed` nor `constant`, Google mode, and URLs read as a
    /// crawler requests them: a check may match the path where it lies in
    /// the URL ([`decided_in_place`]). Settled here, it is
    /// one test a check, where the four were several instructions.
    in_place: bool,
}

impl<'r> CrawlerMatcher<'r> {
    /// A matcher giving every URL `verdict`: how fetching robots.txt ended
    /// replaced the file's rules, so no group applies (see
    /// `FetchedRobots::matcher_with`, the one way to it).
    pub(crate) fn fixed(
        robots: &'r Robots,
        options: &CheckOptions,
        verdict: Verdict,
    ) -> CrawlerMatcher<'r> {
        CrawlerMatcher {
            robots,
            selection: verdict.selection,
            applied: Applied::Nothing,
            options: *options,
            fixed: Some(verdict),
            constant: None,
            in_place: false,
        }
    }

    /// Checks `url`: the same verdict as [`Robots::check_with`] with this
    /// crawler and these options, or, for a matcher of a fetch that left no
    /// file to read, that outcome's verdict (see [`crate::FetchedRobots`]).
    // Not inline in the app (wasm32): a copy at each caller would add to
    // its first load, and its checks are few enough.
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    pub fn check(&self, url: &str) -> Verdict {
        // Inline, around two calls: the common case (`decided_in_place`)
        // gives back its ruling in two registers, and the verdict is made
        // from it here, where a caller that reads only `allowed` leaves
        // the deciding rule, its line and length unloaded and the verdict
        // unwritten; the call's own work is smaller too (one function with
        // every way in it kept more values on the stack). Anything else is
        // `check_otherwise`. Callgrind, a check on small files (native,
        // the peers bench's URLs): academia.edu 287 to 241 instructions,
        // www.airbus.com 292 to 250, www.alibaba.com (bingbot) 667 to 635.
        if let Some(set) = self.walked_in_place() {
            if let Some(decided) = decided_in_place(set, url) {
                return self.robots.verdict(self.selection, decided.ruling());
            }
        }
        self.check_otherwise(url)
    }

    /// The rule index, when a check may walk a URL's path in place in it
    /// ([`decided_in_place`]): `in_place`, and the index is built and is
    /// one trie whose labels hold no byte to encode. A few loads, inline,
    /// so that a matcher whose checks go another way makes no call for
    /// nothing (www.smugmug.com, whose rules hold spaces: 29 instructions
    /// a check).
    #[inline(always)]
    fn walked_in_place(&self) -> Option<&'r RuleSet> {
        if !self.in_place {
            return None;
        }
        let Applied::Indexed(agent) = &self.applied else {
            return None;
        };
        agent.built_index()?.walked_unvetted()
    }

    /// [`CrawlerMatcher::check`] but for the common case: a fixed or
    /// constant verdict, a crawler's first checks (which try every rule),
    /// a sharded index, a path that needs encoding or a fragment cut,
    /// `/robots.txt`, RFC 9309 mode or raw URLs.
    #[inline(never)]
    fn check_otherwise(&self, url: &str) -> Verdict {
        if let Some(verdict) = self.fixed {
            return verdict;
        }
        let robots = self.robots;
        if let Some(verdict) = self.constant {
            // Only `/robots.txt` itself differs. Google mode's encoding
            // only turns a byte into an escape, so it never makes a path
            // `/robots.txt` or unmakes it: the path is then not encoded.
            let as_written = robots.mode == Mode::Google || self.options.raw_url;
            // A URL whose path is `/robots.txt` as written ends with it,
            // unless a fragment follows: most URLs are neither, and get the
            // verdict without their path being looked for (a crawler
            // with no rules, the most common case on real files).
            if as_written
                && !url.ends_with("robots.txt")
                && memchr::memchr(b'#', url.as_bytes()).is_none()
            {
                return verdict;
            }
            let path = path_params_query(url);
            let robots_txt = if as_written {
                path == "/robots.txt"
            } else {
                *robots.encoded(&path, &self.options) == *b"/robots.txt"
            };
            return match robots_txt {
                true => Verdict::without_rule(Selection::RobotsTxt),
                false => verdict,
            };
        }
        // The common case first: a path that starts with `/` and needs no
        // encoding and no fragment cut is matched where it is in the URL,
        // before looking for such bytes if the rules allow, else after.
        if robots.mode == Mode::Google && !self.options.raw_url {
            if let Some(start) = crate::url::requested_path_start(url.as_bytes()) {
                #[cfg(not(target_arch = "wasm32"))]
                if let Some(verdict) = self.check_sharded_unvetted(url.as_bytes(), start) {
                    return verdict;
                }
                if let Some(path) = plain_request_path(url.as_bytes(), start) {
                    return self.check_path(path);
                }
            }
        }
        let extracted = path_params_query(url);
        self.check_path(&robots.encoded(&extracted, &self.options))
    }

    /// Checks the rest of a URL from its path's `/` (at `start`) on, in
    /// Google mode, in a sharded index (see
    /// [`decided_in_place`] for one trie), before knowing
    /// whether it needs encoding or a fragment cut: `None` when it does, or
    /// when the answer is not the rule index's alone (the index is not
    /// built yet, the path may be `/robots.txt`).
    #[cfg(not(target_arch = "wasm32"))]
    #[inline]
    fn check_sharded_unvetted(&self, url: &[u8], start: usize) -> Option<Verdict> {
        let Applied::Indexed(agent) = &self.applied else {
            return None;
        };
        let index = agent.built_index()?;
        if requests_robots_txt(url.get(start..)?) {
            return None;
        }
        let ruling = index.sharded_unvetted(url, start, self.robots)?;
        Some(self.robots.verdict(self.selection, ruling))
    }

    /// Checks a path as extracted and encoded.
    #[inline]
    fn check_path(&self, path: &[u8]) -> Verdict {
        let robots = self.robots;
        if path == b"/robots.txt" {
            return Verdict::without_rule(Selection::RobotsTxt);
        }
        let ruling = match &self.applied {
            Applied::Indexed(agent) => match agent.index_when_due(robots) {
                Some(index) => index.deciding(path, robots),
                None => robots.best_scanned(agent.groups, path).decide(),
            },
            Applied::Groups(groups) => robots.best_scanned(groups, path).decide(),
            Applied::Nothing => Best::default().decide(),
        };
        robots.verdict(self.selection, ruling)
    }

    /// Why these groups apply (the selection every verdict reports, except
    /// for `/robots.txt` itself), or the fetch outcome that replaced them.
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// Indices into [`Robots::groups`] of the groups that apply.
    pub fn groups(&self) -> &[usize] {
        self.applied.groups()
    }

    /// The parsed file.
    pub fn robots(&self) -> &'r Robots {
        self.robots
    }

    /// How URLs are read and crawlers matched.
    pub fn options(&self) -> &CheckOptions {
        &self.options
    }
}

/// Whether `rest`, a URL from its path's `/` on, asks for `/robots.txt`
/// itself (always allowed): the path ends there or at a fragment. A path
/// that only encodes to it is left to the checks that encode.
#[inline(always)]
fn requests_robots_txt(rest: &[u8]) -> bool {
    // Where it would end first: one byte tested for most paths, which
    // go on past it with a byte other than `#` (comparing the 11 bytes
    // first took twice the instructions).
    let ends = match rest.get(11) {
        Some(&b) => b == b'#',
        None => rest.len() == 11,
    };
    ends && rest.starts_with(b"/robots.txt")
}

/// The ruling of `set` for `url` when its path starts with `/` and is
/// walked in place before it is vetted for bytes to encode or a fragment
/// cut, and needs neither where the search read it (see
/// [`RuleSet::deciding_unvetted`]); it is not `/robots.txt`. `None`
/// otherwise: [`CrawlerMatcher::check_otherwise`] answers.
///
/// [`RuleSet::deciding_unvetted`]: crate::index::RuleSet
#[inline(never)]
fn decided_in_place<'s>(set: &'s RuleSet, url: &str) -> Option<Decided<'s>> {
    let url = url.as_bytes();
    let start = crate::url::requested_path_start(url)?;
    let rest = url.get(start..)?;
    if requests_robots_txt(rest) {
        return None;
    }
    set.deciding_unvetted(url, start)
}

/// The most rules [`Robots::constant`] looks at.
const CONSTANT_RULES: usize = 64;

/// Checking the file's rules, as a crawler reads a file it fetched (HTTP
/// 200). A front end that knows how fetching ended (or lets its user
/// choose) asks [`crate::FetchedRobots`] instead, which gives these
/// verdicts for [`crate::FetchOutcome::FETCHED`].
impl Robots {
    /// Checks `url` for `crawler` with default options.
    pub fn check(&self, crawler: &Crawler, url: &str) -> Verdict {
        self.check_with(crawler, url, &CheckOptions::default())
    }

    /// Checks `url` for `crawler`.
    ///
    /// To check many URLs for one crawler, [`Robots::matcher_with`] finds
    /// the crawler's groups once instead of on every call.
    pub fn check_with(&self, crawler: &Crawler, url: &str, options: &CheckOptions) -> Verdict {
        self.matcher_with(crawler, options).check(url)
    }

    /// The groups that apply to `crawler`, found once, for checking many
    /// URLs with default options. Gives the same verdicts as
    /// [`Robots::check`].
    ///
    /// ```
    /// use robots_matcher::{Crawler, Robots};
    ///
    /// let robots = Robots::parse(b"User-agent: *\nDisallow: /private\n");
    /// let matcher = robots.matcher_for(&Crawler::new("Googlebot"));
    /// assert!(!matcher.check("https://example.com/private/plans").allowed);
    /// assert!(matcher.check("https://example.com/public").allowed);
    /// ```
    pub fn matcher_for(&self, crawler: &Crawler) -> CrawlerMatcher<'_> {
        self.matcher_with(crawler, &CheckOptions::default())
    }

    /// Like [`Robots::matcher_for`], with options; gives the same verdicts
    /// as [`Robots::check_with`].
    pub fn matcher_with(&self, crawler: &Crawler, options: &CheckOptions) -> CrawlerMatcher<'_> {
        let (selection, applied) = self.select(crawler, options.agent_matching);
        let constant = self
            .constant(&applied)
            .map(|best| self.verdict(selection, best.decide()));
        CrawlerMatcher {
            robots: self,
            selection,
            in_place: constant.is_none() && self.mode == Mode::Google && !options.raw_url,
            constant,
            applied,
            options: *options,
            fixed: None,
        }
    }

    /// The best Allow and Disallow for every path, when that does not
    /// depend on the path: no rule applies, or every rule that applies is
    /// `/`, `*`, `/*` or empty (the groups for unwanted crawlers that
    /// disallow everything, in many real files). A check then needs no
    /// path. Only the first [`CONSTANT_RULES`] rules are looked at, so
    /// finding out stays cheap for one-off checks of a large group.
    fn constant(&self, applied: &Applied<'_>) -> Option<Best> {
        let groups = match applied {
            Applied::Nothing => return Some(Best::default()),
            Applied::Indexed(agent) => agent.groups,
            Applied::Groups(_) => return None,
        };
        let rules = groups
            .iter()
            .flat_map(|&g| self.spans.groups[g].rule_ids())
            .map(|id| self.spans.bytes(self.spans.rules[id].value));
        for (i, pattern) in rules.enumerate() {
            let stars = pattern.strip_prefix(b"/").unwrap_or(pattern);
            if i == CONSTANT_RULES || stars.iter().any(|&b| b != b'*') {
                return None;
            }
        }
        Some(self.best_scanned(groups, b"/"))
    }

    /// The bytes matched for a URL's path under these options.
    pub(crate) fn encoded<'p>(&self, extracted: &'p str, options: &CheckOptions) -> Cow<'p, [u8]> {
        if options.raw_url {
            Cow::Borrowed(extracted.as_bytes())
        } else {
            encode_path(extracted, self.mode)
        }
    }

    /// The path a URL is checked as: extracted, then encoded unless `raw`.
    pub fn checked_path(&self, url: &str, options: &CheckOptions) -> String {
        let extracted = path_params_query(url);
        String::from_utf8_lossy(&self.encoded(&extracted, options)).into_owned()
    }

    /// Which groups apply to `crawler`, and why.
    pub(crate) fn select(
        &self,
        crawler: &Crawler,
        matching: AgentMatching,
    ) -> (Selection, Applied<'_>) {
        for (index, token) in crawler.tokens().iter().enumerate() {
            match matching {
                AgentMatching::Exact => {
                    if let Some(agent) = self.named_groups(token) {
                        return (Selection::Token(index), Applied::Indexed(agent));
                    }
                }
                AgentMatching::LegacyPrefix => {
                    let all = self.groups();
                    let groups: Vec<usize> = (0..all.len())
                        .filter(|&g| {
                            all[g].agents.iter().any(|a| match &a.name {
                                AgentName::Token(t) => matching.applies(t, token),
                                _ => false,
                            })
                        })
                        .collect();
                    if !groups.is_empty() {
                        return (Selection::Token(index), Applied::Groups(groups));
                    }
                }
            }
        }
        match self.global_groups() {
            Some(_) if crawler.ignores_global() => (Selection::GlobalIgnored, Applied::Nothing),
            Some(global) => (Selection::Global, Applied::Indexed(global)),
            None => (Selection::NoGroup, Applied::Nothing),
        }
    }

    /// The best Allow and Disallow of `groups` for `path`, trying every
    /// rule: for a few checks, cheaper than building the rule index.
    fn best_scanned(&self, groups: &[usize], path: &[u8]) -> Best {
        let mut best = Best::default();
        let mut path = PathBytes::new(path);
        // Nested loops, not one over the groups' rules flattened (parse
        // and first check of docs.oracle.com's 31,843 rules: 9.08 against
        // 9.24 million instructions).
        for &group in groups {
            for id in self.spans.groups[group].rule_ids() {
                self.try_rule(id, &mut path, &mut best);
            }
        }
        best
    }

    /// Offers rule `id` to `best` if it matches the path of `checked`.
    #[inline(always)]
    fn try_rule(&self, id: usize, checked: &mut PathBytes, best: &mut Best) {
        if let Some(priority) = self.spans.rule_priority(id, self.mode, checked) {
            let rule = &self.spans.rules[id];
            let line = rule.line;
            best.offer(
                rule.kind,
                Hit {
                    rule: id,
                    priority,
                    line,
                },
            );
        }
    }

    #[inline]
    fn verdict(&self, selection: Selection, ruling: Ruling) -> Verdict {
        let Ruling {
            allowed,
            by: deciding,
        } = ruling;
        Verdict {
            allowed,
            category: match (allowed, deciding) {
                (false, _) => Category::DisallowedExplicit,
                (true, Some(_)) => Category::AllowedExplicit,
                (true, None) => Category::AllowedImplicit,
            },
            rule: deciding.map(|h| h.rule),
            line: deciding.map_or(0, |h| h.line),
            priority: deciding.map(|h| h.priority),
            selection,
        }
    }
}

/// A rule index reads the file's rules from it (see [`crate::index::RuleIndex`]).
impl RuleSource for Robots {
    fn indexed(&self, id: usize) -> IndexedRule<'_> {
        self.spans.indexed_rule(id, self.mode)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn mode(&self) -> Mode {
        self.mode
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn written(&self, id: usize) -> (&[u8], RuleKind) {
        let rule = &self.spans.rules[id];
        (self.spans.bytes(rule.value), rule.kind)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn best_tried(&self, ids: &[u32], path: &[u8]) -> Best {
        let mut best = Best::default();
        let mut path = PathBytes::new(path);
        for &id in ids {
            self.try_rule(id as usize, &mut path, &mut best);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Checks `urls` for Googlebot once its rule index is built, and
    /// expects the verdicts of a crawler's first checks (which vet every
    /// path and try every rule), with these `(allowed, line)`; returns
    /// whether the index walked paths before vetting them.
    fn indexed_checks_agree(file: &[u8], urls: &[(&str, bool, u32)]) -> bool {
        let crawler = Crawler::new("Googlebot");
        let indexed = Robots::parse(file);
        let matcher = indexed.matcher_for(&crawler);
        for _ in 0..64 {
            matcher.check("https://e.com/x");
        }
        for &(url, allowed, line) in urls {
            let first = Robots::parse(file).check(&crawler, url);
            assert_eq!(matcher.check(url), first, "{url}");
            assert_eq!((first.allowed, first.line), (allowed, line), "{url}");
        }
        let index = indexed.global_groups().and_then(|g| g.built_index());
        index
            .and_then(|index| index.as_whole())
            .is_some_and(|index| index.walks_unvetted())
    }

    /// Once the rule index is built, a URL's path is walked before it is
    /// vetted for bytes to encode and for a fragment (unless a label holds
    /// such a byte: `/d"`): each such byte, where the walk reads it, gives
    /// the vetted verdict, `/robots.txt` included.
    #[test]
    fn paths_walked_before_vetting_get_the_vetted_verdict() {
        let rules = "User-agent: *\nDisallow: /\nAllow: /a$\nDisallow: /b%20c\nAllow: /%C3%A9t%C3%A9\nDisallow: /robots\n";
        let urls = [
            ("https://e.com/robots.txt", true, 0),
            ("https://e.com/robots.txt#top", true, 0),
            ("https://e.com/robots.txt?x", false, 6),
            ("https://e.com/a", true, 3),
            ("https://e.com/a#frag", true, 3),
            ("https://e.com/a b", false, 2),
            ("https://e.com/b c", false, 4),
            ("https://e.com/été", true, 5),
            ("https://e.com/d\"", false, 2),
        ];
        assert!(indexed_checks_agree(rules.as_bytes(), &urls));
        let quoted = format!("{rules}Allow: /d\"\n");
        assert!(!indexed_checks_agree(quoted.as_bytes(), &urls));
    }

    /// A wildcard's one piece is looked for in the path as given when
    /// encoding can neither make nor break it (`?`, `/amp`), else in the
    /// path encoded (`A`, which `é` becomes `%C3%A9` with, and `%C3%A9`
    /// itself); a fragment hides what follows it.
    #[test]
    fn pieces_found_before_vetting_are_in_the_vetted_path() {
        let file =
            b"User-agent: *\nDisallow: /*?\nAllow: /q*A\nDisallow: /x*%C3%A9\nAllow: /*/amp\n";
        let urls = [
            ("https://e.com/p?q", false, 2),
            ("https://e.com/p#?q", true, 0),
            ("https://e.com/p q?", false, 2),
            ("https://e.com/qz\u{e9}", true, 3),
            ("https://e.com/qz\u{e9}?", true, 3),
            ("https://e.com/x\u{e9}", false, 4),
            ("https://e.com/p/amp", true, 5),
            ("https://e.com/p q/amp", true, 5),
            ("https://e.com/p#/amp", true, 0),
        ];
        assert!(indexed_checks_agree(file, &urls));
    }

    proptest! {
        /// A `/*` rule with a one-byte piece, whose piece an indexed check
        /// finds with the vetting before it in one scan
        /// (`ByteClass::WorkOr`), gives the verdicts of a crawler's first
        /// check, which tries the rule on the path as extracted and
        /// encoded: URLs with the byte, escapes, bytes to encode and
        /// fragments before or after it, `/robots.txt` among them, in both
        /// modes and with either URL reading.
        #[test]
        fn a_one_byte_piece_decides_like_trying_the_rule(
            allow in any::<bool>(),
            piece in prop::sample::select(vec!["?", "a", ".", "=", "&", "A", "9", "?*", "a$"]),
            paths in proptest::collection::vec("[/a?.=&A9 #%\u{e9}]{0,24}|/robots.txt[#?]?", 1..8),
        ) {
            let kind = if allow { "Allow" } else { "Disallow" };
            let file = format!("User-agent: Other\nDisallow: /\n\nUser-agent: *\n{kind}: /*{piece}\n");
            let crawler = Crawler::new("Googlebot");
            for mode in [Mode::Google, Mode::Rfc9309] {
                let parse = || Robots::parse_with(file.as_bytes(), &crate::ParseOptions { mode, ..Default::default() });
                let robots = parse();
                for raw_url in [false, true] {
                    let options = CheckOptions { raw_url, ..CheckOptions::default() };
                    let matcher = robots.matcher_with(&crawler, &options);
                    for _ in 0..4 {
                        matcher.check("https://e.com/x");
                    }
                    for path in &paths {
                        for url in [format!("https://e.com{path}"), path.clone()] {
                            let first = parse().check_with(&crawler, &url, &options);
                            prop_assert_eq!(matcher.check(&url), first, "{:?} {:?} {:?} {}", file, url, mode, raw_url);
                        }
                    }
                }
            }
        }
    }

    proptest! {
        /// A check whose path is walked in place in the built index
        /// ([`decided_in_place`], its ruling made into a verdict by the
        /// caller) gives the verdict of the way every other check goes
        /// (`check_otherwise`) and of a crawler's first check on a fresh
        /// parse (which tries every rule on the path extracted and
        /// encoded): absolute and relative URLs, fragments, bytes to
        /// encode, escapes, `/robots.txt`, wildcards and `$`.
        #[test]
        fn checks_walked_in_place_give_every_other_way_s_verdicts(
            rules in proptest::collection::vec((any::<bool>(), "/[ab/?.*$ %]{0,6}"), 0..10),
            paths in proptest::collection::vec("[/ab?.#% \u{e9}]{0,12}|/robots.txt[#?a]?[a#]?|/robots.tx", 1..10),
        ) {
            let file = test_support::files::star_group(&rules);
            let crawler = Crawler::new("Googlebot");
            let robots = Robots::parse(file.as_bytes());
            let matcher = robots.matcher_for(&crawler);
            for _ in 0..4 {
                matcher.check("https://e.com/x");
            }
            for path in &paths {
                for url in [format!("https://e.com{path}"), format!("http://e.com/{path}"), path.clone()] {
                    let checked = matcher.check(&url);
                    prop_assert_eq!(checked, matcher.check_otherwise(&url), "{:?} {:?}", file, url);
                    let first = Robots::parse(file.as_bytes()).check(&crawler, &url);
                    prop_assert_eq!(checked, first, "{:?} {:?}", file, url);
                }
            }
        }
    }

    /// The in-place way is taken where it can be: a built index of one
    /// trie, a path that needs nothing done, not `/robots.txt`.
    #[test]
    fn plain_paths_are_walked_in_place() {
        let robots = Robots::parse(b"User-agent: *\nDisallow: /a\nAllow: /a/b$\nDisallow: /*?\n");
        let matcher = robots.matcher_for(&Crawler::new("Googlebot"));
        assert!(matcher.walked_in_place().is_none(), "not built yet");
        matcher.check("https://e.com/x");
        matcher.check("https://e.com/x");
        let set = matcher.walked_in_place().expect("built, one trie");
        for (url, allowed) in [
            ("https://e.com/a/c", false),
            ("https://e.com/a/b", true),
            ("/b?x", false),
            ("/b", true),
        ] {
            let decided = decided_in_place(set, url).expect(url);
            assert_eq!(decided.allowed(), allowed, "{url}");
            assert_eq!(matcher.check(url).allowed, allowed, "{url}");
        }
        for url in [
            "https://e.com/robots.txt",
            "https://e.com/a b",
            "https://e.com/a#x",
            "https://e.com",
        ] {
            assert!(decided_in_place(set, url).is_none(), "{url}");
        }
    }

    proptest! {
        /// A matcher that skips the path because its verdict does not
        /// depend on it gives the verdicts of one that reads every path,
        /// `/robots.txt` (however written) included, in both modes and
        /// with either URL reading.
        #[test]
        fn constant_verdicts_are_the_verdicts(
            rules in proptest::collection::vec(
                (any::<bool>(), prop::sample::select(vec!["", "/", "*", "/*", "/**", "**", "/a", "*a"])),
                0..4,
            ),
            named in any::<bool>(),
            urls in proptest::collection::vec(
                prop::sample::select(vec![
                    "/", "/a", "/robots.txt", "http://x.com/robots.txt", "https://x.com/robots.txt#top",
                    "/robots.txt?x", "/robots%2Etxt", "/robots%2etxt", "//x/robots.txt", "robots.txt",
                    "https://x.com", "/a b", "https://x.com/a#/robots.txt",
                ]),
                1..6,
            ),
        ) {
            let mut file = String::from(if named { "User-agent: Googlebot\n" } else { "User-agent: Other\n" });
            for (allow, pattern) in &rules {
                file.push_str(if *allow { "Allow: " } else { "Disallow: " });
                file.push_str(pattern);
                file.push('\n');
            }
            for mode in [Mode::Google, Mode::Rfc9309] {
                let robots = Robots::parse_with(file.as_bytes(), &crate::ParseOptions { mode, ..Default::default() });
                for raw_url in [false, true] {
                    let options = CheckOptions { raw_url, ..CheckOptions::default() };
                    let matcher = robots.matcher_with(&Crawler::new("Googlebot"), &options);
                    let mut reading = matcher.clone();
                    reading.constant = None;
                    reading.in_place = mode == Mode::Google && !raw_url;
                    for url in &urls {
                        prop_assert_eq!(matcher.check(url), reading.check(url), "{:?} {:?} {:?} {}", file, url, mode, raw_url);
                    }
                }
            }
        }
    }

    proptest! {
        /// The pruned search behind `check` decides like the full search
        /// and like trying every rule, and the one-crawler matcher like
        /// `check_with`.
        #[test]
        fn pruned_search_and_matcher_agree_with_the_full_search(
            rules in proptest::collection::vec((any::<bool>(), "[/ab*$]{0,6}"), 0..12),
            paths in proptest::collection::vec("/[ab$*]{0,8}", 1..8),
        ) {
            let file = test_support::files::star_group(&rules);
            let robots = Robots::parse(file.as_bytes());
            let crawler = Crawler::new("Googlebot");
            let matcher = robots.matcher_for(&crawler);
            let global = robots.global_groups().unwrap();
            let index = global.index(&robots).as_whole().unwrap();
            for path in &paths {
                let full = index.best(path.as_bytes()).decide();
                let pruned = index.deciding(path.as_bytes());
                prop_assert_eq!(full, pruned, "{:?} {:?}", file, path);
                let scanned = robots.best_scanned(global.groups, path.as_bytes()).decide();
                prop_assert_eq!(full, scanned, "{:?} {:?}", file, path);
                prop_assert_eq!(matcher.check(path), robots.check(&crawler, path));
                let options = CheckOptions { raw_url: true, ..CheckOptions::default() };
                prop_assert_eq!(
                    robots.matcher_with(&crawler, &options).check(path),
                    robots.check_with(&crawler, path, &options)
                );
            }
        }
    }
}
