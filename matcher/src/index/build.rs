//! Building a rule index: every pattern is filed under its literal prefix,
//! the prefixes are sorted, and the trie is laid out from the sorted list
//! breadth first, each node's children a run of it.
//!
//! A node is a range of the sorted prefixes that agree up to its depth: its
//! entries are the prefixes that end there (first in the range), its
//! children the runs that agree on the next byte, each run's label as long
//! as its first and last prefix agree. No node is ever split or moved and
//! no sibling list is walked: a build is a sort of integer keys (eight
//! bytes of a prefix at a time, [`Filed::sorted`]) and one pass. Against
//! inserting each prefix into a growing trie and copying that into the
//! layout (callgrind, a build): docs.oracle.com's 31,843 rules 70.7 to 62.9
//! million instructions, atlassian.com's 3,980 (long shared prefixes) 14.0
//! to 10.7 million. What made a crawler's first checks cheaper is building
//! it on the second check ([`crate::robots`]'s `SCANS_BEFORE_INDEX`).

use std::borrow::Cow;

use crate::model::RuleKind;
use crate::pattern::{Pattern, Shape};
use crate::scan::{is_in, ByteClass};

use super::layout::{common_prefix, Entry, Node, Piece, RuleSet, Test, NONE};
use super::search::{byte_bit, Found};

/// A rule to index: its patterns, already normalised.
#[derive(Clone, Debug)]
pub struct IndexedRule<'a> {
    /// Index into [`crate::Robots::rules`].
    pub id: usize,
    pub kind: RuleKind,
    pub line: u32,
    /// Borrowed from the input when normalising changed nothing: most
    /// rules are then indexed without an allocation of their own.
    pub pattern: Cow<'a, [u8]>,
    /// Google's `/index.html` alternative of an Allow.
    pub index_html: Option<Vec<u8>>,
}

/// Whether encoding a path can neither make nor break an occurrence of
/// `piece` in it: the piece holds no byte encoding changes (nor a `#`,
/// where a fragment starts), so every occurrence in the path as given is
/// one in the path encoded; and none in the path encoded can overlap an
/// escape (`%` and two of `0-9A-F`) that encoding made: the piece has no
/// `%`, and does not start with such a digit (the end of an escape).
pub(super) fn survives_encoding(piece: &[u8]) -> bool {
    let escape_digit = |b: &u8| b.is_ascii_digit() || (b'A'..=b'F').contains(b);
    !piece.first().is_some_and(escape_digit)
        && piece
            .iter()
            .all(|&b| !is_in(b, ByteClass::Work) && b != b'%')
}

impl Entry {
    /// The entry for the pattern `bytes` of `rule`; `wildcard` is the
    /// pattern and its place in [`RuleSet::wildcards`] when it has a `*`.
    fn new(
        rule: &IndexedRule,
        bytes: &[u8],
        shape: Shape,
        wildcard: Option<(&Pattern, u32)>,
    ) -> Entry {
        let test = if shape.is_prefix(bytes) {
            Test::Always
        } else if shape.is_exact() {
            Test::EndsHere
        } else {
            Test::Wildcard
        };
        Entry {
            rule: rule.id as u32,
            wildcard: wildcard.map_or(NONE, |(_, at)| at),
            priority: u32::try_from(bytes.len()).unwrap_or(u32::MAX),
            line: rule.line,
            kind: rule.kind,
            test,
            last: wildcard
                .and_then(|(p, _)| p.required_last_byte())
                .map_or(0, |b| u16::from(b) + 1),
            need: wildcard.map_or(0, |(p, _)| {
                p.required_after_prefix().fold(0, |m, b| m | byte_bit(b))
            }),
        }
    }
}

/// Whether the normalised pattern `bytes` matches some path: every path a
/// check reads starts with `/` ([`crate::url::path_params_query`]), so a
/// pattern matches none unless it is empty or starts with `/` or `*`.
/// Files hold thousands of rules written as URLs or host names
/// (paytm.com: `Disallow: https://paytm.com/shop/p/...`, 5,613 of 5,623
/// rules; atlassian.com: `Disallow: www.atlassian.com/blog/...$`, 3,978 of
/// 3,980), which an index then never files: atlassian.com's cost 10.7
/// million instructions to file.
fn may_match_a_path(bytes: &[u8]) -> bool {
    matches!(bytes.first(), None | Some(b'/' | b'*'))
}

/// When a wildcard pattern is ruled out by the path's [`byte_mask`] before
/// it is matched: when the rules have at least this many wildcards (the
/// mask is computed once for them all: www.riverisland.com's 68 `/*?...`
/// rules), or when the pattern needs at least [`SELECTIVE_BITS`] bits of
/// it. The mask costs a check ~90 instructions on a path of 30 bytes, what
/// matching a pattern with one short piece does: www.wired.com's lone
/// `/*/amp` (4 bits) and www.mon-compte-formation.fr's `/*?` are cheaper
/// matched outright (169 to 154 and 163 to 161 cycles a check), while
/// abcnews.go.com's `/*comments?*` (8 bits) is cheaper ruled out
/// (148 to 128).
const MASKED_WILDCARDS: usize = 3;

/// See [`MASKED_WILDCARDS`].
const SELECTIVE_BITS: u32 = 5;

/// Children a node may have before lookups use a table.
const TABLE_AFTER: u32 = 8;

/// Children the root's `/` child may have before lookups use a table.
const SLASH_TABLE_AFTER: u32 = 2;

impl RuleSet {
    /// Indexes the given rules, for paths that start with `/`, as every
    /// path a check reads does: rules no such path matches are left out
    /// ([`may_match_a_path`]).
    pub fn new<'a>(rules: impl IntoIterator<Item = IndexedRule<'a>>) -> RuleSet {
        let rules = rules.into_iter();
        let mut filed = Filed::with_capacity(rules.size_hint().0);
        let mut wildcards: Vec<Pattern> = Vec::new();
        let mut pieces: Vec<Piece> = Vec::new();
        for rule in rules {
            let patterns = std::iter::once(rule.pattern.clone())
                .chain(rule.index_html.clone().map(Cow::Owned));
            for bytes in patterns {
                if !may_match_a_path(&bytes) {
                    continue;
                }
                let shape = Shape::of(&bytes);
                let entry = if shape.is_prefix(&bytes) || shape.is_exact() {
                    Entry::new(&rule, &bytes, shape, None)
                } else {
                    // Only patterns with something after a `*` are matched
                    // beyond the trie, so only they are kept.
                    let pattern = Pattern::new(bytes.to_vec());
                    let piece = pattern
                        .sole_piece()
                        .filter(|piece| survives_encoding(piece))
                        .map(Box::<[u8]>::from);
                    let at = match piece {
                        Some(_) => pieces.len(),
                        None => wildcards.len(),
                    };
                    let mut entry = Entry::new(&rule, &bytes, shape, Some((&pattern, at as u32)));
                    match piece {
                        Some(piece) => {
                            entry.test = Test::Piece;
                            pieces.push(Piece {
                                from: shape.literal_prefix(&bytes).len() as u32,
                                bytes: piece,
                            });
                        }
                        None => wildcards.push(pattern),
                    }
                    entry
                };
                let prefix = shape.literal_prefix(&bytes).len();
                filed.push(bytes, prefix, entry);
            }
        }
        let mut set = filed.lay_out();
        if wildcards.len() + pieces.len() < MASKED_WILDCARDS {
            for entry in &mut set.entries {
                if entry.need.count_ones() < SELECTIVE_BITS {
                    entry.need = 0;
                }
            }
        }
        set.wildcards = wildcards;
        set.pieces = pieces;
        set.masked = set.entries.iter().any(|e| e.need != 0);
        set.walks_unvetted = !set.labels.iter().any(|&b| is_in(b, ByteClass::Work));
        check_layout(&set);
        set
    }
}

/// Checks the index's invariant ([`RuleSet::holds_together`]), which the
/// unchecked reads of every search rest on, on every index built in debug
/// builds (every test, the corpus test's 2,900 files included).
///
/// Not in release builds: reading every node and table once costs 2.9% to
/// 5.9% of a build (callgrind, with this function kept out of line: 4.1 of
/// 69.4 million instructions on docs.oracle.com, 7.3 of 129.7 million on
/// www.xuexi.cn, 0.45 of 14.0 million on atlassian.com, 0.61 of 20.6
/// million on paytm.com), over the 2% a release check may cost.
fn check_layout(set: &RuleSet) {
    debug_assert!(
        set.holds_together(),
        "a rule index was laid out with a link outside it"
    );
}

/// Every pattern's literal prefix and entry, in the order they were filed.
struct Filed<'a> {
    /// Each entry's pattern (borrowed from the input, mostly: prefixes are
    /// not copied) and the length of its literal prefix.
    prefixes: Vec<(Cow<'a, [u8]>, u32)>,
    entries: Vec<Entry>,
    /// The prefixes' bytes, counted (the labels hold at most as many).
    prefix_bytes: usize,
}

impl<'a> Filed<'a> {
    /// Room for `n` rules (most have one pattern).
    fn with_capacity(n: usize) -> Filed<'a> {
        Filed {
            prefixes: Vec::with_capacity(n),
            entries: Vec::with_capacity(n),
            prefix_bytes: 0,
        }
    }

    /// Files `entry` under the first `prefix` bytes of `pattern`.
    fn push(&mut self, pattern: Cow<'a, [u8]>, prefix: usize, entry: Entry) {
        self.prefixes.push((pattern, prefix as u32));
        self.prefix_bytes += prefix;
        self.entries.push(entry);
    }

    /// The prefix of entry `id`.
    fn prefix(&self, id: u32) -> &[u8] {
        let (pattern, len) = &self.prefixes[id as usize];
        &pattern[..*len as usize]
    }

    /// Entry ids, by their prefixes' bytes (a prefix before the longer
    /// ones it starts), then in filing order.
    ///
    /// A most-significant-byte-first radix sort of [`Filed::key`]s: a range
    /// whose keys agree on their first bytes is split on the first byte
    /// where they differ (one stable counting pass), each part again on its
    /// next, and a range whose keys agree on all eight goes on to the next
    /// eight bytes of its prefixes. Short ranges are compared instead. A
    /// prefix is read once per eight of its bytes, and only the bytes where
    /// prefixes differ cost a pass: the thousands of rules under one long
    /// directory (atlassian.com: 3,844 under `www.atlassian.com/blog/`)
    /// cost little more than the short ones.
    fn sorted(&self) -> Vec<u32> {
        let mut keys: Vec<u128> = (0..self.entries.len() as u32)
            .map(|id| self.key(id, 0))
            .collect();
        let mut buffer = Vec::new();
        // Ranges of `keys` to sort, and the depth their keys were read at.
        let mut todo = vec![(0, keys.len(), 0)];
        while let Some((lo, hi, depth)) = todo.pop() {
            if hi - lo < 2 {
                continue;
            }
            let range = &mut keys[lo..hi];
            if range.len() < COMPARED_BELOW {
                range.sort_unstable();
                // Runs that agree on all eight bytes and go on are sorted
                // on by their next eight.
                let mut i = 0;
                while i < range.len() {
                    let agree = range[i] >> 32;
                    let run = range[i..].iter().take_while(|&&k| k >> 32 == agree).count();
                    if run > 1 && agree & 0xFF == LONGER {
                        for key in &mut range[i..i + run] {
                            *key = self.key(*key as u32, depth + 8);
                        }
                        todo.push((lo + i, lo + i + run, depth + 8));
                    }
                    i += run;
                }
                continue;
            }
            // The bits some keys differ in, above the ids.
            let (any, all) = range
                .iter()
                .fold((0, u128::MAX), |(any, all), &key| (any | key, all & key));
            let varying = (any ^ all) >> 32;
            if varying == 0 {
                // The same eight bytes and count: equal prefixes (ids in
                // order already), or prefixes that go on.
                if all >> 32 & 0xFF == LONGER {
                    for key in range.iter_mut() {
                        *key = self.key(*key as u32, depth + 8);
                    }
                    todo.push((lo, hi, depth + 8));
                }
                continue;
            }
            // The most significant byte that differs: a byte of the eight,
            // or else the count.
            let shift = 32 + 8 * ((127 - varying.leading_zeros()) / 8);
            split_on_byte(range, &mut buffer, shift, |start, end| {
                todo.push((lo + start, lo + end, depth));
            });
        }
        keys.into_iter().map(|key| key as u32).collect()
    }

    /// The sort key of entry `id` at `depth`: eight bytes of its prefix
    /// from there (big-endian, zeros past its end), how many of them it
    /// has ([`LONGER`] when it goes on), then the id. Keys that agree on
    /// the bytes and count below [`LONGER`] are equal prefixes; a lower
    /// count is a prefix of the others.
    fn key(&self, id: u32, depth: usize) -> u128 {
        let rest = self.prefix(id).get(depth..).unwrap_or_default();
        let mut word = [0u8; 8];
        let count = rest.len().min(8);
        word[..count].copy_from_slice(&rest[..count]);
        let count = match rest.len() > 8 {
            true => LONGER,
            false => count as u128,
        };
        u128::from(u64::from_be_bytes(word)) << 64 | count << 32 | u128::from(id)
    }

    /// Lays the trie out breadth first, each node's children contiguous and
    /// in byte order, each node's entries longest first (see the module's
    /// doc).
    fn lay_out(self) -> RuleSet {
        let order = self.sorted();
        let mut set = RuleSet {
            nodes: Vec::with_capacity(2 * order.len() + 1),
            entries: Vec::with_capacity(self.entries.len()),
            first_bytes: Vec::with_capacity(2 * order.len() + 1),
            labels: Vec::with_capacity(self.prefix_bytes),
            tables: Vec::new(),
            wildcards: Vec::new(),
            pieces: Vec::new(),
            walks_unvetted: false,
            masked: false,
            slash: NONE,
        };
        set.nodes.push(Node {
            table: NONE,
            up: NONE,
            pruned_start: NONE,
            sole: NONE,
            #[cfg(not(target_arch = "wasm32"))]
            plain: NONE,
            always: Found::NOTHING,
            ..Node::default()
        });
        set.first_bytes.push(0);
        // By node: the range of `order` below it, and its depth (where its
        // label ends in each of those prefixes).
        let mut below: Vec<(usize, usize, usize)> = Vec::with_capacity(set.nodes.capacity());
        below.push((0, order.len(), 0));
        // By node: the longest entry a search may try there or above, and
        // how many there are.
        let mut tried_max = Vec::with_capacity(set.nodes.capacity());
        let mut tried_count = Vec::with_capacity(set.nodes.capacity());
        tried_max.push(0u32);
        tried_count.push(0u32);
        // Nodes are laid out in the order they are visited: breadth first.
        let mut to = 0;
        while to < set.nodes.len() {
            let (lo, hi, depth) = below[to];
            // The prefixes that end here sort first.
            let ending = order[lo..hi]
                .iter()
                .take_while(|&&id| self.prefix(id).len() == depth)
                .count();
            let entries_start = set.entries.len() as u32;
            set.entries.extend(
                order[lo..lo + ending]
                    .iter()
                    .map(|&id| self.entries[id as usize]),
            );
            // Those a search tries first, longest first (file order among
            // equals): it stops at the first entry too short to matter.
            crate::sort::sort_by_u64_key(&mut set.entries[entries_start as usize..], |e| {
                u64::from(e.test == Test::Always) << 32 | u64::from(!e.priority)
            });
            let tried = set.entries[entries_start as usize..]
                .iter()
                .take_while(|e| e.test != Test::Always)
                .count() as u32;
            if let Some(longest) = set.entries[entries_start as usize..].first() {
                if tried > 0 {
                    tried_max[to] = tried_max[to].max(longest.priority);
                }
            }
            let mut always = set.nodes[to].always;
            for id in (entries_start + tried) as usize..set.entries.len() {
                let entry = set.entries[id];
                if always.would_take::<false>(&set.entries, &entry) {
                    always.take(&entry, id as u32);
                }
            }
            let first_child = set.nodes.len() as u32;
            let up = if tried > 0 {
                to as u32
            } else {
                set.nodes[to].up
            };
            let wild = set.nodes[to].wild
                || set.entries[entries_start as usize..]
                    .iter()
                    .any(|e| e.test == Test::Wildcard);
            // The children: runs of the rest that agree on their byte at
            // `depth` (sorted, so the runs are in byte order).
            let mut i = lo + ending;
            while i < hi {
                let first = self.prefix(order[i]);
                let byte = first[depth];
                let run = order[i..hi].partition_point(|&id| self.prefix(id)[depth] == byte);
                // The label goes on as far as the run's first and last
                // prefixes agree (and so every prefix between).
                let end = match run {
                    1 => first.len(),
                    _ => {
                        let last = self.prefix(order[i + run - 1]);
                        depth + 1 + common_prefix(&first[depth + 1..], &last[depth + 1..])
                    }
                };
                let label = &first[depth..end];
                let mut head = [0u8; 8];
                let shown = label.len().min(8);
                head[..shown].copy_from_slice(&label[..shown]);
                below.push((i, i + run, end));
                tried_max.push(tried_max[to]);
                tried_count.push(tried_count[to] + tried);
                set.nodes.push(Node {
                    head: u64::from_le_bytes(head),
                    label_start: set.labels.len() as u32,
                    label_len: label.len() as u32,
                    table: NONE,
                    up,
                    wild,
                    always,
                    ..Node::default()
                });
                set.labels.extend_from_slice(label);
                set.first_bytes.push(byte);
                i += run;
            }
            let children = set.nodes.len() - first_child as usize;
            // Every walk starts at the root's `/` child ([`RuleSet::slash`]):
            // a table there pays with fewer children.
            let slash = to >= 1
                && to <= set.nodes[0].children_len as usize
                && set.nodes[to].label_len == 1
                && set.first_bytes[to] == b'/';
            let busy = match slash {
                true => {
                    set.slash = to as u32;
                    SLASH_TABLE_AFTER
                }
                false => TABLE_AFTER,
            };
            // Places fit a byte: a node has at most 255 children, as no
            // literal prefix holds a `*`.
            debug_assert!(children < 256);
            let table = if children > busy as usize {
                let table = set.tables.len();
                set.tables.resize(table + 256, 0);
                for (place, child) in (first_child..first_child + children as u32).enumerate() {
                    set.tables[table + usize::from(set.first_bytes[child as usize])] =
                        place as u8 + 1;
                }
                table as u32
            } else {
                NONE
            };
            let node = &mut set.nodes[to];
            node.table = table;
            node.entries_start = entries_start;
            node.entries_len = tried;
            node.always = always;
            node.pruned_start = match always.outlasts(tried_max[to]) {
                true => NONE,
                false if tried > 0 => to as u32,
                false => node.up,
            };
            node.sole = NONE;
            if node.pruned_start != NONE && tried_count[to] + tried == 1 {
                let holder = node.pruned_start as usize;
                let id = match holder == to {
                    true => entries_start,
                    false => set.nodes[holder].entries_start,
                };
                // Tried at all (`pruned_start`: it is the chain's longest),
                // and tested alone only if it decides when it matches.
                let entry = set.entries[id as usize];
                if always.would_take::<true>(&set.entries, &entry) {
                    set.nodes[to].sole = id;
                }
            }
            let node = &mut set.nodes[to];
            node.first_child = first_child;
            node.children_len = children as u16;
            node.wild = wild;
            // A wildcard under the walk is pruned there too: the ruling is
            // the prefixes', whatever the path holds past them.
            // Not in the app (see `RuleSet::plain`).
            #[cfg(not(target_arch = "wasm32"))]
            {
                node.plain = match node.pruned_start == NONE {
                    true => always.decided(),
                    false => NONE,
                };
            }
            to += 1;
        }
        set
    }
}

/// [`Filed::key`]'s count for a prefix that goes on past the eight bytes.
const LONGER: u128 = 9;

/// Ranges shorter than this are sorted by comparing keys (a counting pass
/// costs a 256-entry histogram).
const COMPARED_BELOW: usize = 64;

/// One stable counting pass: orders `keys` by their byte at `shift`,
/// through `buffer`, and gives each byte's part to `part` (start, end).
fn split_on_byte(
    keys: &mut [u128],
    buffer: &mut Vec<u128>,
    shift: u32,
    mut part: impl FnMut(usize, usize),
) {
    let digit = |key: u128| usize::from((key >> shift) as u8);
    let mut starts = [0usize; 256];
    for &key in keys.iter() {
        starts[digit(key)] += 1;
    }
    let mut sum = 0;
    for start in &mut starts {
        let count = *start;
        if count > 0 {
            part(sum, sum + count);
        }
        (*start, sum) = (sum, sum + count);
    }
    // A copy to read from, not zeroed first: the pass writes every place.
    buffer.clear();
    buffer.extend_from_slice(keys);
    for &key in buffer.iter() {
        let place = &mut starts[digit(key)];
        keys[*place] = key;
        *place += 1;
    }
}
