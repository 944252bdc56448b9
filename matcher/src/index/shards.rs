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
pub(crate) const SHORTEST_KEY: usize = 4;

/// Rules a shard holds on average, at most.
const RULES_PER_SHARD: usize = 2;

/// The most rules of a shard a check tries one by one (as a first check
/// does, at ~125 instructions a rule on docs.oracle.com); a shard of more
/// has a trie. A trie of a few rules costs ~9,000 instructions to build
/// (allocations, mostly), a search in it a few hundred.
const TRIED_AT_MOST: usize = 16;

impl Shards {
    /// How many first bytes of a literal prefix choose its shard.
    #[cfg(test)]
    pub(crate) fn key_len(&self) -> usize {
        self.key_len
    }

    /// The shards of the rules `ids` (`rules` gives each), or `None` when
    /// too many of them have short prefixes ([`SHORTEST_KEY`]).
    pub(crate) fn new(ids: impl Iterator<Item = usize>, rules: &impl RuleSource) -> Option<Shards> {
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
    pub(crate) fn best(&self, path: &[u8], rules: &impl RuleSource) -> Best {
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
    pub(crate) fn best_unvetted(&self, path: &[u8], rules: &impl RuleSource) -> Option<Best> {
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
