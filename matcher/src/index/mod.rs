//! Finding the longest matching Allow and Disallow without trying every rule.
//!
//! Every path starts with the literal prefix of each pattern that matches it,
//! so the rules are filed in a byte trie under their literal prefix. Walking
//! the path down the trie visits exactly the rules whose prefix fits; only
//! their wildcard remainder is left to check. A file of hundreds of rules then
//! costs a handful of comparisons per URL.
//!
//! By concern: [`layout`] is how an index lies in memory and the unchecked
//! reads a search makes of it (the crate's `unsafe` outside SIMD, with the
//! invariant they rest on); [`build`] files the rules and lays the trie out;
//! [`search`] walks a path and decides (by [`crate::decision`]); `shards`
//! splits a large group's trie into parts built when a path first needs
//! them ([`RuleIndex`]).

mod build;
mod layout;
mod search;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod shards;

pub use build::IndexedRule;
pub use layout::RuleSet;
pub(crate) use search::Decided;

use crate::decision::Ruling;

/// Where a rule index reads a group's rules: a sharded index
/// (`shards`) reads them as written to deal them, tries a small shard's
/// rules one by one on a check, and files a larger shard's in a trie.
pub(crate) trait RuleSource {
    /// Rule `id` as a trie files it (its patterns normalised).
    fn indexed(&self, id: usize) -> IndexedRule<'_>;
    /// The mode the rules are read in.
    #[cfg(not(target_arch = "wasm32"))]
    fn mode(&self) -> crate::Mode;
    /// Rule `id`'s pattern as written, and its kind.
    #[cfg(not(target_arch = "wasm32"))]
    fn written(&self, id: usize) -> (&[u8], crate::model::RuleKind);
    /// The best Allow and Disallow among rules `ids` matching `path`
    /// (encoded), trying each.
    #[cfg(not(target_arch = "wasm32"))]
    fn best_tried(&self, ids: &[u32], path: &[u8]) -> crate::decision::Best;
}

/// Patterns a group has before its index is sharded (native builds; see
/// [`RuleIndex`]).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const SHARD_AFTER: usize = 4096;

/// The rule index of one crawler's groups: one trie, or for a group of
/// thousands of rules (native builds) a trie of the short prefixes and
/// shards of the others that a check tries or builds as paths reach them
/// (`shards`).
///
/// The WebAssembly app keeps to one trie: the shards' code would be part
/// of its first load, which has no room left (the size budget), and the
/// files people edit there are rarely that large.
#[derive(Clone, Debug)]
pub(crate) enum RuleIndex {
    Whole(RuleSet),
    #[cfg(not(target_arch = "wasm32"))]
    Sharded(shards::Shards),
}

impl RuleIndex {
    /// The index of the rules `ids` (`count` of them) of `rules`.
    pub(crate) fn new(
        count: usize,
        ids: impl Iterator<Item = usize> + Clone,
        rules: &impl RuleSource,
    ) -> RuleIndex {
        #[cfg(not(target_arch = "wasm32"))]
        if count >= SHARD_AFTER {
            if let Some(shards) = shards::Shards::new(ids.clone(), rules) {
                return RuleIndex::Sharded(shards);
            }
        }
        #[cfg(target_arch = "wasm32")]
        let _ = count;
        RuleIndex::Whole(RuleSet::new(ids.map(|id| rules.indexed(id))))
    }

    /// The one trie, when the index is not sharded.
    #[cfg(test)]
    pub(crate) fn as_whole(&self) -> Option<&RuleSet> {
        match self {
            RuleIndex::Whole(set) => Some(set),
            #[cfg(not(target_arch = "wasm32"))]
            RuleIndex::Sharded(_) => None,
        }
    }

    /// The ruling for `path` (encoded), as [`RuleSet::deciding`].
    #[inline(always)]
    pub(crate) fn deciding(&self, path: &[u8], rules: &impl RuleSource) -> Ruling {
        #[cfg(target_arch = "wasm32")]
        let _ = rules;
        match self {
            RuleIndex::Whole(set) => set.deciding(path),
            #[cfg(not(target_arch = "wasm32"))]
            RuleIndex::Sharded(shards) => shards.best(path, rules).decide(),
        }
    }

    /// The one trie, when a path not yet vetted for bytes to encode or a
    /// fragment may be walked in it ([`RuleSet::deciding_unvetted`]):
    /// `None` when a label holds such a byte, or when the index is
    /// sharded (see [`RuleIndex::sharded_unvetted`]).
    #[inline(always)]
    pub(crate) fn walked_unvetted(&self) -> Option<&RuleSet> {
        match self {
            RuleIndex::Whole(set) => set.walks_unvetted().then_some(set),
            #[cfg(not(target_arch = "wasm32"))]
            RuleIndex::Sharded(_) => None,
        }
    }

    /// [`RuleIndex::deciding_unvetted`] for a sharded index (see
    /// `shards`): `None` when the path needs vetting, or when the index is
    /// one trie.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn sharded_unvetted(
        &self,
        url: &[u8],
        start: usize,
        rules: &impl RuleSource,
    ) -> Option<Ruling> {
        match self {
            RuleIndex::Whole(_) => None,
            RuleIndex::Sharded(shards) => shards
                .best_unvetted(url.get(start..)?, rules)
                .map(|best| best.decide()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::build::survives_encoding;
    use super::layout::NONE;
    use super::*;
    use crate::model::RuleKind;
    use crate::pattern::Pattern;

    /// The index of `rules` (a `!` before a pattern makes it an Allow),
    /// one per line from line 1.
    fn index(rules: &[&str]) -> RuleSet {
        RuleSet::new(rules.iter().enumerate().map(|(i, rule)| {
            let (kind, pattern) = match rule.strip_prefix('!') {
                Some(allowed) => (RuleKind::Allow, allowed),
                None => (RuleKind::Disallow, *rule),
            };
            IndexedRule {
                id: i,
                kind,
                line: i as u32 + 1,
                pattern: Cow::Borrowed(pattern.as_bytes()),
                index_html: None,
            }
        }))
    }

    /// The line of the rule deciding `path`, 0 for none.
    fn deciding_line(set: &RuleSet, path: &str) -> u32 {
        set.deciding(path.as_bytes()).by.map_or(0, |hit| hit.line)
    }

    #[test]
    fn every_index_holds_together() {
        let many: Vec<String> = (b'a'..=b'z').map(|c| format!("/{}x", c as char)).collect();
        let under_slash: Vec<&str> = many.iter().map(String::as_str).collect();
        let deep = [
            "/a$",
            "/a/b*c",
            "/a/b/c$",
            "/a/b/c/d*e",
            "!/a/b/c/d/e",
            "*x",
            "",
            "$",
        ];
        let no_slash = ["a", "b*", "c$", "*.pdf$", "?x"];
        for rules in [&[][..], &["/"], &under_slash, &deep, &no_slash] {
            let set = index(rules);
            assert!(set.holds_together(), "{rules:?}");
            // The walk and the search read every node a path can reach.
            for path in ["/", "/a/b/c/d/e/f", "/zx?", "a", "/a", "", "x.pdf"] {
                let _ = set.deciding(path.as_bytes());
            }
        }
        // Children past a table's threshold, at `/` and below it.
        assert!(!index(&under_slash).tables.is_empty());
        // The most children a node can have: every byte but `*`.
        let every_byte: Vec<Vec<u8>> = (0..=255u8)
            .filter(|&b| b != b'*')
            .map(|b| [b"/a".as_slice(), &[b], b"x"].concat())
            .collect();
        let set = RuleSet::new(
            every_byte
                .iter()
                .enumerate()
                .map(|(i, pattern)| IndexedRule {
                    id: i,
                    kind: RuleKind::Disallow,
                    line: i as u32 + 1,
                    pattern: Cow::Borrowed(pattern),
                    index_html: None,
                }),
        );
        assert!(set.holds_together());
        for (i, pattern) in every_byte.iter().enumerate() {
            let mut path = pattern.clone();
            path.push(b'/');
            assert_eq!(
                set.deciding(&path).by.map(|hit| hit.line),
                Some(i as u32 + 1)
            );
        }
    }

    #[test]
    fn rules_no_path_matches_are_left_out() {
        // Written as URLs or host names, or anchored to an empty path:
        // every path a check reads starts with `/`.
        let set = index(&[
            "www.x.com/a$",
            "https://x.com/b",
            "",
            "*.pdf",
            "/b",
            "$",
            "!a*",
        ]);
        assert_eq!(set.entries.len(), 3);
        assert_eq!(deciding_line(&set, "/b"), 5);
        assert_eq!(deciding_line(&set, "/c.pdf"), 4);
        // The empty Disallow matches every path (and allows).
        assert_eq!(deciding_line(&set, "/www.x.com/a"), 3);
    }

    #[test]
    fn a_sole_entry_to_try_is_tried_without_the_loop() {
        // The line of the entry a search on `path` tries alone, 0 for none.
        let sole_line = |set: &RuleSet, path: &str| {
            let sole = set.node(set.deepest(path.as_bytes()).0).sole;
            set.entries.get(sole as usize).map_or(0, |entry| entry.line)
        };
        let query = index(&["/*?", "/cpf/*"]);
        assert_eq!(sole_line(&query, "/checkout?x"), 1);
        // Under `/cpf/*`, nothing is tried at all.
        assert_eq!(sole_line(&query, "/cpf/a?b"), 0);
        assert_eq!(query.node(query.deepest(b"/cpf/a").0).pruned_start, NONE);
        assert_eq!(sole_line(&index(&["/*/print$"]), "/a/print"), 1);
        // Two to try: the loop tries them.
        let two = index(&["/*?", "/*/print$"]);
        assert_eq!(sole_line(&two, "/a/print"), 0);
        assert_ne!(two.node(two.deepest(b"/a/print").0).pruned_start, NONE);
        // `/a*c` is as long as `/abc` and later, `/x*z` only as long as
        // `Allow: /xyz`: neither can decide under them.
        let shadowed = index(&["/abc", "/a*c", "!/xyz", "/x*z"]);
        assert_eq!(sole_line(&shadowed, "/azc"), 2);
        assert_eq!(sole_line(&shadowed, "/abcd"), 0);
        assert_eq!(sole_line(&shadowed, "/xaz"), 4);
        assert_eq!(sole_line(&shadowed, "/xyz"), 0);
        for (set, path, line) in [
            (&query, "/checkout?x", 1),
            (&query, "/checkout", 0),
            (&query, "/cpf/a?b", 2),
            (&two, "/a/print?", 1),
            (&two, "/a/print", 2),
            (&shadowed, "/abcd", 1),
            (&shadowed, "/azc", 2),
            (&shadowed, "/xyz", 3),
            (&shadowed, "/xaz", 4),
        ] {
            assert_eq!(deciding_line(set, path), line, "{path}");
        }
    }

    #[test]
    fn a_search_tries_nothing_shorter_than_the_prefixes_it_matched() {
        let set = index(&["/*?", "/cpf/*", "!/cpf/langue", "/c$"]);
        let node_of = |path: &str| set.node(set.deepest(path.as_bytes()).0);
        // Under `/cpf/*` (6), `/*?` (3) cannot decide: nothing is tried.
        assert_eq!(node_of("/cpf/a?b").pruned_start, NONE);
        assert_eq!(deciding_line(&set, "/cpf/a?b"), 2);
        assert_eq!(deciding_line(&set, "/cpf/langue?b"), 3);
        // Elsewhere `/*?` and `/c$` are tried.
        assert_ne!(node_of("/checkout?x").pruned_start, NONE);
        assert_eq!(deciding_line(&set, "/checkout?x"), 1);
        assert_eq!(deciding_line(&set, "/checkout"), 0);
        assert_eq!(deciding_line(&set, "/c"), 4);
        // The full search still finds every kind's best.
        let best = set.best(b"/cpf/a?b");
        assert_eq!(best.disallow.map(|hit| hit.line), Some(2));
        assert_eq!(
            set.best(b"/cpf/langue?b").allow.map(|hit| hit.line),
            Some(3)
        );
    }

    #[test]
    fn pieces_survive_encoding_unless_an_escape_could_hold_them() {
        for piece in ["?", "/amp", "?eID=", "comments?", "x9", ".html", "a"] {
            assert!(survives_encoding(piece.as_bytes()), "{piece}");
        }
        // `A` and `9` can end an escape that encoding made (`é` becomes
        // `%C3%A9`); `%2F`, a space, a `"` and `é` are or hold bytes
        // encoding makes or changes.
        for piece in ["A", "9x", "%2F", "a b", "a\"", "\u{e9}"] {
            assert!(!survives_encoding(piece.as_bytes()), "{piece}");
        }
    }

    #[test]
    fn a_sole_piece_is_the_whole_test_of_an_unanchored_pattern() {
        let piece = |p: &str| {
            Pattern::new(p.as_bytes().to_vec())
                .sole_piece()
                .map(<[u8]>::to_vec)
        };
        assert_eq!(piece("/*?"), Some(b"?".to_vec()));
        assert_eq!(piece("/*comments?*"), Some(b"comments?".to_vec()));
        assert_eq!(piece("/a**/amp*"), Some(b"/amp".to_vec()));
        assert_eq!(piece("/*a*b"), None);
        assert_eq!(piece("/*.pdf$"), None);
        assert_eq!(piece("/a*"), None);
        assert_eq!(piece("/a"), None);
    }

    /// A node's ruling is settled when the index is built where a search
    /// that ends there tries no entry and reads no wildcard, and only
    /// there.
    #[test]
    fn plain_nodes_are_those_whose_search_tries_nothing() {
        let set = index(&["/a", "!/a/b", "/c*d", "/e$"]);
        let node_of = |path: &str| set.node(set.deepest(path.as_bytes()).0);
        assert_ne!(node_of("/a/b/x").plain, NONE);
        assert_ne!(node_of("/a/x").plain, NONE);
        assert_eq!(node_of("/c/x").plain, NONE, "a wildcard to try");
        assert_eq!(node_of("/e").plain, NONE, "an entry to try");
    }

    proptest::proptest! {
        /// A check that reads a node's settled ruling (`plain`) gives the
        /// ruling of the search that tries the node's entries, for a path
        /// as encoded and for one walked in place in a URL: every rule
        /// kind, nested prefixes, wildcards and `$`.
        #[test]
        fn plain_rulings_are_the_searches_rulings(
            rules in proptest::collection::vec(
                (proptest::bool::ANY, "/[ab/]{0,4}(\\*|\\$)?[ab?]{0,2}"),
                0..12,
            ),
            paths in proptest::collection::vec("/[ab/? #]{0,7}", 1..12),
        ) {
            let spelled: Vec<String> = rules
                .iter()
                .map(|(allow, pattern)| format!("{}{pattern}", if *allow { "!" } else { "" }))
                .collect();
            let set = index(&spelled.iter().map(String::as_str).collect::<Vec<_>>());
            for path in &paths {
                // As a check reads it: cut at a fragment, a space encoded.
                let encoded = path.split('#').next().unwrap_or_default().replace(' ', "%20");
                let searched = set.searched_ruling(encoded.as_bytes());
                proptest::prop_assert_eq!(set.deciding(encoded.as_bytes()), searched, "{:?} {:?}", spelled, encoded);
                if set.walks_unvetted() {
                    // In place, before vetting: the same ruling, or none
                    // where the path needs encoding or a cut.
                    let url = format!("https://e.com{path}");
                    let in_place = set.deciding_unvetted(url.as_bytes(), 13).map(|d| d.ruling());
                    proptest::prop_assert!(in_place.is_none_or(|r| r == searched), "{:?} {:?}", spelled, url);
                    if path == &encoded {
                        proptest::prop_assert_eq!(in_place, Some(searched), "{:?} {:?}", spelled, url);
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// An index of hundreds of rules (so its prefixes are radix
        /// sorted, in runs that agree on eight bytes and more) decides like
        /// trying every rule with the naive matcher: same verdict, same
        /// deciding line. Patterns share long prefixes, repeat, end in
        /// `$` or NUL bytes, hold `*`, or are empty.
        #[test]
        fn a_large_index_decides_like_trying_every_rule(
            rules in proptest::collection::vec(
                (proptest::bool::ANY, "(/dir/subdirectory/|/dir/sub|/d){0,2}[ab\\x00]{0,3}(\\*|\\$|/x)?"),
                256..420,
            ),
            paths in proptest::collection::vec(
                "(/dir/subdirectory/|/dir/sub|/d){0,2}[ab\\x00/x]{0,4}",
                1..24,
            ),
        ) {
            let spelled: Vec<String> = rules
                .iter()
                .map(|(allow, pattern)| format!("{}{pattern}", if *allow { "!" } else { "" }))
                .collect();
            let set = index(&spelled.iter().map(String::as_str).collect::<Vec<_>>());
            proptest::prop_assert!(set.holds_together());
            for path in &paths {
                // Paths start with `/`, as every path a check reads does.
                let path = &format!("/{}", path.strip_prefix('/').unwrap_or(path));
                let mut best = crate::decision::Best::default();
                for (i, (allow, pattern)) in rules.iter().enumerate() {
                    if crate::pattern::naive_matches(pattern.as_bytes(), path.as_bytes()) {
                        let kind = if *allow { RuleKind::Allow } else { RuleKind::Disallow };
                        let hit = crate::decision::Hit {
                            rule: i,
                            priority: pattern.len() as u32,
                            line: i as u32 + 1,
                        };
                        best.offer(kind, hit);
                    }
                }
                proptest::prop_assert_eq!(set.deciding(path.as_bytes()), best.decide(), "{:?}", path);
            }
        }
    }
}
