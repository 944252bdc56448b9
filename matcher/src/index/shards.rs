//! A large group's rule index, a part at a time.
//!
//! Laying out the trie of tens of thousands of rules costs far more than
//! the checks a crawler makes with it, and its URLs reach a small part of
//! it: docs.oracle.com's `*` group, 31,843 rules under `/html/` and `/cd/`,
//! took 60 million instructions to lay out and its 5,000 checks 2.5
//! million, and those checks reach 2,147 of the 19,736 distinct first 12
//! bytes of its rules. So the rules are dealt, in one pass over the
//! patterns as written (nothing normalised, nothing sorted), into shards by
//! the first [`Shards::key_len`] bytes of their literal prefix (hashed);
//! the few rules with a shorter prefix make one trie, built at once. A
//! check tries the rules of its path's shard one by one, as a crawler's
//! first check tries every rule ([`RuleSource::best_tried`]): a shard
//! holds a few rules; one of more than [`TRIED_AT_MOST`] (prefixes that
//! agree on their first bytes, or a crafted file whose prefixes hash alike)
//! has its own trie, built the first time a path leads to it.
//!
//! A rule that matches a path has a short prefix or one that starts with
//! the path's first `key_len` bytes, so it is in the short trie or in the
//! path's shard: a check searches the two and keeps the better match of
//! each kind ([`Best`]).

use std::sync::OnceLock;

use crate::decision::Best;
use crate::model::RuleKind;
use crate::scan::{find, ByteClass};
use crate::Mode;

use super::{RuleSet, RuleSource};

/// The rules of a group: a trie for the short prefixes, and shards of
/// the others.
#[derive(Clone, Debug)]
pub(crate) struct Shards {
    /// How many first bytes of a literal prefix (or of a path) pick its
    /// shard: the most that all but an eighth of the prefixes have
    /// ([`key_len`]), at most 16.
    key_len: usize,
    /// There are `1 << bits` shards.
    bits: u32,
    /// Shard `i`'s rules are `ids[starts[i]..starts[i + 1]]`, in file order.
    starts: Box<[u32]>,
    ids: Box<[u32]>,
    /// The trie of each shard of more than [`TRIED_AT_MOST`] rules, once a
    /// path led to it.
    built: Box<[OnceLock<Box<RuleSet>>]>,
    /// The rules whose literal prefix (or `/index.html` alternative's) is
    /// shorter than `key_len`, or not known without normalising.
    short: RuleSet,
}

/// Keys of fewer bytes than this leave a group unsharded: too many rules
/// would share each shard.
const SHORTEST_KEY: usize = 4;

/// Rules a shard holds on average, at most.
const RULES_PER_SHARD: usize = 2;

/// The most rules of a shard a check tries one by one (as a first check
/// does, at ~125 instructions a rule on docs.oracle.com); a shard of more
/// has a trie. A trie of a few rules costs ~9,000 instructions to build
/// (allocations, mostly), a search in it a few hundred.
const TRIED_AT_MOST: usize = 16;

impl Shards {
    /// The shards of the rules `ids` (`rules` gives each), or `None` when
    /// too many of them have short prefixes ([`SHORTEST_KEY`]).
    pub(super) fn new(ids: impl Iterator<Item = usize>, rules: &impl RuleSource) -> Option<Shards> {
        // Each rule that may match a path: its id, how many of its first
        // bytes are known to be its literal prefix's, and those bytes.
        let mut keyed: Vec<(u32, u32, u64, u64)> = Vec::with_capacity(ids.size_hint().0);
        let mut lengths = [0usize; 17];
        let mode = rules.mode();
        for id in ids {
            let (value, kind) = rules.written(id);
            if !matches!(value.first(), None | Some(b'/' | b'*')) {
                // No path a check reads matches it (normalising leaves
                // the first byte, or makes it a `%`).
                continue;
            }
            let known = known_prefix(value, kind, mode);
            lengths[known] += 1;
            let (low, high) = words(&value[..known]);
            keyed.push((id as u32, known as u32, low, high));
        }
        let key_len = key_len(&lengths, keyed.len());
        if key_len < SHORTEST_KEY {
            return None;
        }
        let long = keyed.len() - lengths[..key_len].iter().sum::<usize>();
        let bits = (long / RULES_PER_SHARD)
            .next_power_of_two()
            .max(2)
            .trailing_zeros();
        let shard = |&(_, known, low, high): &(u32, u32, u64, u64)| {
            (known as usize >= key_len).then(|| shard_of(low, high, key_len, bits))
        };
        // A counting sort of the long prefixes' ids by shard (stable: each
        // shard's rules in file order).
        let mut starts = vec![0u32; (1 << bits) + 1];
        let mut short = Vec::new();
        for key in &keyed {
            match shard(key) {
                Some(i) => starts[i + 1] += 1,
                None => short.push(key.0 as usize),
            }
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut next = starts.clone();
        let mut sorted = vec![0u32; long];
        for key in &keyed {
            if let Some(i) = shard(key) {
                sorted[next[i] as usize] = key.0;
                next[i] += 1;
            }
        }
        Some(Shards {
            key_len,
            bits,
            starts: starts.into(),
            ids: sorted.into(),
            built: (0..1usize << bits).map(|_| OnceLock::new()).collect(),
            short: RuleSet::new(short.into_iter().map(|id| rules.indexed(id))),
        })
    }

    /// The best Allow and Disallow matching `path` (encoded).
    pub(super) fn best(&self, path: &[u8], rules: &impl RuleSource) -> Best {
        let mut best = self.short.best(path);
        if let Some(key) = path.get(..self.key_len) {
            let (low, high) = words(key);
            let i = shard_of(low, high, self.key_len, self.bits);
            let ids = &self.ids[self.starts[i] as usize..self.starts[i + 1] as usize];
            let found = match ids.len() {
                0 => Best::default(),
                1..=TRIED_AT_MOST => rules.best_tried(ids, path),
                _ => self.built[i]
                    .get_or_init(|| {
                        Box::new(RuleSet::new(
                            ids.iter().map(|&id| rules.indexed(id as usize)),
                        ))
                    })
                    .best(path),
            };
            merge(&mut best, found);
        }
        best
    }

    /// [`Shards::best`] for a path as given (see
    /// [`RuleSet::deciding_unvetted`]): `None` when it needs encoding or a
    /// fragment cut, looked for in the whole path (a shard's rules are
    /// tried on a path as encoded).
    pub(super) fn best_unvetted(&self, path: &[u8], rules: &impl RuleSource) -> Option<Best> {
        match find(path, 0, ByteClass::Work) {
            Some(_) => None,
            None => Some(self.best(path, rules)),
        }
    }
}

/// How many first bytes of the pattern `value` as written (at most 16) are
/// known, without normalising it, to be those of its literal prefix and
/// of its `/index.html` alternative's (`kind` and `mode` say whether it
/// may have one): up to its first byte that normalising may change or
/// that is no literal (`%`, `*`, `$`, a byte above ASCII).
fn known_prefix(value: &[u8], kind: RuleKind, mode: Mode) -> usize {
    let head = &value[..value.len().min(16)];
    let mut known = head
        .iter()
        .position(|&b| matches!(b, b'%' | b'*' | b'$') || b >= 0x80)
        .unwrap_or(head.len());
    if kind == RuleKind::Allow && mode == Mode::Google {
        // The alternative is the pattern up to the `/` before
        // `index.htm` (normalising makes no `/` and moves none back).
        if let Some(slash) = memchr::memrchr(b'/', value) {
            if value[slash..].starts_with(b"/index.htm") {
                known = known.min(slash + 1);
            }
        }
    }
    known
}

/// The longest key length (at most 16) that all but an eighth of the
/// `total` prefixes, counted by known length in `lengths`, have.
fn key_len(lengths: &[usize; 17], total: usize) -> usize {
    let mut shorter = 0;
    for (len, &count) in lengths.iter().enumerate() {
        if shorter + count > total / 8 {
            return len;
        }
        shorter += count;
    }
    16
}

/// The first 16 bytes of `bytes` as two little-endian words, zeros past
/// its end.
fn words(bytes: &[u8]) -> (u64, u64) {
    let word = |bytes: &[u8]| {
        (bytes.iter().take(8).enumerate())
            .fold(0u64, |word, (i, &b)| word | u64::from(b) << (8 * i))
    };
    (word(bytes), word(bytes.get(8..).unwrap_or_default()))
}

/// The shard of a prefix or path whose first 16 bytes are `low` and
/// `high` ([`words`]): a multiplicative hash of its first `key_len`.
fn shard_of(low: u64, high: u64, key_len: usize, bits: u32) -> usize {
    let mask = |bytes: usize| match bytes {
        0 => 0,
        8.. => u64::MAX,
        n => u64::MAX >> (64 - 8 * n),
    };
    let key = (low & mask(key_len)) ^ (high & mask(key_len.saturating_sub(8))).rotate_left(29);
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
}

/// Keeps in `best` the better of its and `other`'s match of each kind.
fn merge(best: &mut Best, other: Best) {
    if let Some(hit) = other.allow {
        best.offer(RuleKind::Allow, hit);
    }
    if let Some(hit) = other.disallow {
        best.offer(RuleKind::Disallow, hit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Crawler, Robots};
    use proptest::prelude::*;

    /// The `*` group's rules of `robots`, sharded.
    fn shards(robots: &Robots) -> Option<Shards> {
        let groups = robots.global_groups().expect("a `*` group").groups;
        let ids = groups
            .iter()
            .flat_map(|&g| robots.spans.groups[g].rule_ids());
        Shards::new(ids, robots)
    }

    /// The verdict of Googlebot's first check of `path` on a site (every
    /// rule tried), as `(allowed, line)`.
    fn tried(file: &str, path: &str) -> (bool, u32) {
        let url = format!("https://example.com{path}");
        let verdict = Robots::parse(file.as_bytes()).check(&Crawler::new("Googlebot"), &url);
        (verdict.allowed, verdict.line)
    }

    /// `(allowed, line)` of a sharded search.
    fn sharded(shards: &Shards, robots: &Robots, path: &str) -> (bool, u32) {
        let ruling = shards.best(path.as_bytes(), robots).decide();
        (ruling.allowed, ruling.by.map_or(0, |hit| hit.line))
    }

    /// A file of `n` rules under a few long directories, with wildcards,
    /// `$`, escapes, `/index.html` Allows and rules with short prefixes.
    fn large_file(n: usize) -> String {
        let mut file = String::from("User-agent: *\nDisallow: /*.pdf$\nAllow: /*?lang=\n");
        for i in 0..n {
            let kind = if i % 7 == 0 { "Allow" } else { "Disallow" };
            let dir = ["/html/E1", "/html/B2", "/cd/E18", "/en/cloud/saas"][i % 4];
            let tail = match i % 9 {
                0 => "/index.html".to_string(),
                1 => "/*print$".to_string(),
                2 => "/%e9t%C3%A9".to_string(),
                3 => "$".to_string(),
                4 => "/a b".to_string(),
                _ => format!("/{}", i % 13),
            };
            file.push_str(&format!("{kind}: {dir}{:04}_01{tail}\n", i / 3));
        }
        file
    }

    #[test]
    fn a_large_group_is_sharded_and_decides_like_trying_every_rule() {
        let file = large_file(600);
        let robots = Robots::parse(file.as_bytes());
        let shards = shards(&robots).expect("sharded");
        assert!(shards.key_len >= SHORTEST_KEY);
        let paths = [
            "/",
            "/html/E10001_01/",
            "/html/E10001_01/index.html",
            "/html/B20002_01/x/print",
            "/cd/E180003_01/%E9t%C3%A9",
            "/en/cloud/saas0004_01",
            "/html/E10005_01/5",
            "/a.pdf",
            "/html/E10010_01/a%20b",
            "/cd/E180013_01/3?lang=en",
            "/html/E1",
        ];
        for path in paths {
            assert_eq!(
                sharded(&shards, &robots, path),
                tried(&file, path),
                "{path}"
            );
        }
        // Paths from every rule: its own text and one byte more.
        for rule in robots.rules() {
            for path in [rule.value.clone(), format!("{}x", rule.value)] {
                let path =
                    String::from_utf8_lossy(&crate::pattern::encode_path(&path, Mode::Google))
                        .into_owned();
                assert_eq!(
                    sharded(&shards, &robots, &path),
                    tried(&file, &path),
                    "{path}"
                );
            }
        }
    }

    #[test]
    fn a_path_needing_encoding_is_not_searched_unvetted() {
        let file = large_file(100);
        let robots = Robots::parse(file.as_bytes());
        let shards = shards(&robots).expect("sharded");
        for path in ["/html/E10001_01/a b", "/x#y", "/\u{e9}"] {
            assert_eq!(
                shards.best_unvetted(path.as_bytes(), &robots),
                None,
                "{path}"
            );
        }
        let clean = "/html/E10001_01/1";
        assert_eq!(
            shards.best_unvetted(clean.as_bytes(), &robots),
            Some(shards.best(clean.as_bytes(), &robots))
        );
    }

    #[test]
    fn short_prefixes_leave_a_group_whole() {
        let mut file = String::from("User-agent: *\n");
        for i in 0..200 {
            file.push_str(&format!("Disallow: /{}\n", i % 10));
        }
        assert!(shards(&Robots::parse(file.as_bytes())).is_none());
    }

    #[test]
    fn a_large_group_checks_through_its_shards() {
        // Past the threshold, a matcher's checks after its first go
        // through the shards and give the first check's verdicts.
        let file = large_file(SHARD_AFTER_FOR_TESTS);
        let robots = Robots::parse(file.as_bytes());
        let matcher = robots.matcher_for(&Crawler::new("Googlebot"));
        matcher.check("/");
        matcher.check("/");
        let index = robots.global_groups().and_then(|g| g.built_index());
        assert!(index.is_some_and(|index| index.as_whole().is_none()));
        for path in [
            "/html/E10001_01/index.html",
            "/html/E10001_01/",
            "/cd/E180013_01/3?lang=en",
            "/html/E10010_01/a b",
            "/x.pdf",
        ] {
            let verdict = matcher.check(&format!("https://example.com{path}"));
            assert_eq!(
                (verdict.allowed, verdict.line),
                tried(&file, path),
                "{path}"
            );
        }
    }

    const SHARD_AFTER_FOR_TESTS: usize = super::super::SHARD_AFTER;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Sharded, a group decides like trying every rule: rules that
        /// share long prefixes (so that some shards are tried rule by rule
        /// and some have a trie), repeat, hold `*`, `$`, escapes, bytes
        /// above ASCII, or are `/index.html` Allows.
        #[test]
        fn sharded_groups_decide_like_trying_every_rule(
            rules in proptest::collection::vec(
                (any::<bool>(), "(/dir/subdirectory/|/dir/sub|/directory-)[ab%é]{0,3}(index.html|\\*|\\$|/x|%41)?"),
                24..160,
            ),
            short in proptest::collection::vec("(/|/\\*|\\*|/a)[ab?]{0,2}", 0..4),
            paths in proptest::collection::vec("(/dir/subdirectory/|/dir/sub|/directory-|/)[ab%é/x?]{0,5}", 1..16),
        ) {
            let mut file = String::from("User-agent: *\n");
            for (allow, pattern) in &rules {
                file.push_str(if *allow { "Allow: " } else { "Disallow: " });
                file.push_str(pattern);
                file.push('\n');
            }
            for pattern in &short {
                file.push_str(&format!("Disallow: {pattern}\n"));
            }
            let robots = Robots::parse(file.as_bytes());
            let Some(shards) = shards(&robots) else {
                return Ok(());
            };
            for path in &paths {
                let path = String::from_utf8_lossy(&crate::pattern::encode_path(path, Mode::Google)).into_owned();
                prop_assert_eq!(sharded(&shards, &robots, &path), tried(&file, &path), "{:?} {:?}", file, path);
            }
        }
    }
}
