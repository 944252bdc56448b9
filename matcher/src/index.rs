//! Finding the longest matching Allow and Disallow without trying every rule.
//!
//! Every path starts with the literal prefix of each pattern that matches it,
//! so the rules are filed in a byte trie under their literal prefix. Walking
//! the path down the trie visits exactly the rules whose prefix fits; only
//! their wildcard remainder is left to check. A file of hundreds of rules then
//! costs a handful of comparisons per URL.

use std::borrow::Cow;

use crate::model::RuleKind;
use crate::pattern::{find_piece, Pattern, Shape};
use crate::scan::{find, is_in, ByteClass};

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

/// A matching rule: the candidate for deciding a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Index into [`crate::Robots::rules`].
    pub rule: usize,
    /// Length of the matched pattern (its priority).
    pub priority: u32,
    pub line: u32,
}

/// The best Allow and the best Disallow that matched a path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Best {
    pub allow: Option<Hit>,
    pub disallow: Option<Hit>,
}

impl Best {
    /// Keeps `hit` if it beats the current best of its kind: a longer
    /// pattern, or as long and earlier in the file (Google keeps the first).
    pub fn offer(&mut self, kind: RuleKind, hit: Hit) {
        let slot = match kind {
            RuleKind::Allow => &mut self.allow,
            RuleKind::Disallow => &mut self.disallow,
        };
        if slot.is_none_or(|old| beats(hit.priority, hit.line, old.priority, old.line)) {
            *slot = Some(hit);
        }
    }
}

/// A verdict before its wording: whether the path may be fetched, and the rule
/// that decided (none when no rule matched).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub allowed: bool,
    pub by: Option<Hit>,
}

impl Best {
    /// Google's decision ([`decide`]) between the best Allow and Disallow.
    pub fn decide(self) -> Ruling {
        let priority = |hit: Option<Hit>| hit.map_or(-1, |h| i64::from(h.priority));
        let (disallow_decides, allowed) = decide(priority(self.allow), priority(self.disallow));
        Ruling {
            allowed,
            by: match disallow_decides {
                true => self.disallow,
                false => self.allow,
            },
        }
    }
}

/// Google's decision between the best Allow and the best Disallow, by
/// their priorities (-1: nothing of that kind matched): the longer match
/// wins, an Allow wins a tie, and a match of length 0 (an empty
/// `Disallow:`) never disallows. Returns whether the Disallow decides, and
/// whether the path is allowed. The one statement of the rule, for a
/// [`Best`] and for a search's entries ([`RuleSet::deciding`]).
#[inline(always)]
fn decide(allow: i64, disallow: i64) -> (bool, bool) {
    match disallow > allow {
        true => (true, disallow <= 0),
        false => (false, true),
    }
}

/// Whether a match of `priority` on `line` beats one of `old_priority` on
/// `old_line`: longer, or as long and earlier in the file.
fn beats(priority: u32, line: u32, old_priority: u32, old_line: u32) -> bool {
    priority > old_priority || (priority == old_priority && line < old_line)
}

/// How an entry is tested once the path is known to start with its
/// literal prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Test {
    /// A plain prefix, or one followed only by `*`s: it matches.
    Always,
    /// `/a$`: the path must end where the prefix does.
    EndsHere,
    /// A wildcard pattern: a cheap filter first, then the matcher.
    Wildcard,
    /// A wildcard pattern whose test is one piece to find after the prefix
    /// ([`Pattern::sole_piece`]) that encoding a path can neither make nor
    /// break ([`survives_encoding`]): found in a path as given, before it
    /// is vetted, it is in the path as encoded if the path needs no
    /// encoding up to there; not found, it is not there either.
    Piece,
}

/// A piece to find after a prefix ([`Test::Piece`]).
#[derive(Clone, Debug)]
struct Piece {
    /// Where the search starts: the prefix's length.
    from: u32,
    bytes: Box<[u8]>,
}

/// Whether encoding a path can neither make nor break an occurrence of
/// `piece` in it: the piece holds no byte encoding changes (nor a `#`,
/// where a fragment starts), so every occurrence in the path as given is
/// one in the path encoded; and none in the path encoded can overlap an
/// escape (`%` and two of `0-9A-F`) that encoding made: the piece has no
/// `%`, and does not start with such a digit (the end of an escape).
fn survives_encoding(piece: &[u8]) -> bool {
    let escape_digit = |b: &u8| b.is_ascii_digit() || (b'A'..=b'F').contains(b);
    !piece.first().is_some_and(escape_digit)
        && piece
            .iter()
            .all(|&b| !is_in(b, ByteClass::Work) && b != b'%')
}

/// One pattern of one rule, filed in the trie.
#[derive(Clone, Copy, Debug)]
struct Entry {
    rule: u32,
    /// For [`Test::Wildcard`]: the pattern, in [`RuleSet::wildcards`]; for
    /// [`Test::Piece`], the piece, in [`RuleSet::pieces`].
    wildcard: u32,
    priority: u32,
    line: u32,
    kind: RuleKind,
    test: Test,
    /// For [`Test::Wildcard`] anchored patterns ending in a literal byte:
    /// that byte plus one (0 for none).
    last: u16,
    /// For [`Test::Wildcard`]: [`byte_mask`] of the bytes after the prefix
    /// that every matching path contains.
    need: u64,
}

impl Entry {
    /// Whether a path whose [`last_byte`] is `last` may match: a cheap
    /// filter of a wildcard (for other entries, true).
    #[inline(always)]
    fn may_end(&self, last: u16) -> bool {
        self.last == 0 || self.last == last
    }

    /// Whether a path whose [`byte_mask`] is `mask` may match: a cheap
    /// filter of a wildcard (for other entries, true; `mask` may be 0
    /// when the entry has no `need`).
    #[inline(always)]
    fn may_hold(&self, mask: u64) -> bool {
        self.need & !mask == 0
    }

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

/// The last byte of `path` plus one (0 for an empty path), as
/// [`Entry::last`].
#[inline(always)]
fn last_byte(path: &[u8]) -> u16 {
    path.last().map_or(0, |&b| u16::from(b) + 1)
}

/// One of 64 bits for a byte: a Bloom filter of one hash over the bytes
/// of a path, to rule out most wildcard patterns without matching them.
#[inline]
fn byte_bit(b: u8) -> u64 {
    1 << (b & 63)
}

/// The [`byte_bit`]s of every byte in `bytes`.
#[inline]
fn byte_mask(bytes: &[u8]) -> u64 {
    let (mut a, mut b) = (0u64, 0u64);
    let mut pairs = bytes.chunks_exact(2);
    for pair in &mut pairs {
        a |= byte_bit(pair[0]);
        b |= byte_bit(pair[1]);
    }
    for &x in pairs.remainder() {
        a |= byte_bit(x);
    }
    a | b
}

/// A node of the path-compressed trie. The edge into a node is labelled
/// with one or more bytes; a node's children are consecutive nodes, in the
/// byte order of their labels' first bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// The label's first bytes (up to eight), little-endian, zeros after:
    /// most labels are compared with a path in one integer comparison.
    head: u64,
    /// The whole label is `labels[label_start..][..label_len]`.
    label_start: u32,
    label_len: u32,
    /// The children are nodes `first_child..first_child + children_len`
    /// (at most 256: their labels' first bytes differ).
    first_child: u32,
    children_len: u16,
    /// A [`Test::Wildcard`] pattern (not a [`Test::Piece`]) is filed here
    /// or at a node above: a search that ends here reads the whole path.
    wild: bool,
    /// The node's entries are `entries_start..` in [`RuleSet::entries`]:
    /// first the `entries_len` that test more than the prefix, longest
    /// first, then those that always match ([`Test::Always`]), which a
    /// search never reads: `always` has the best of them already.
    entries_start: u32,
    entries_len: u32,
    /// For a node with many children: where its 256-entry child table
    /// starts in [`RuleSet::tables`] ([`NONE`] otherwise).
    table: u32,
    /// The nearest node above with entries that test more than the prefix
    /// ([`NONE`] for none): a search walks down the path, then up these
    /// links, so it keeps no list of the nodes it passed.
    up: u32,
    /// Where a pruned search ([`RuleSet::deciding`]) tries entries from:
    /// this node or `up`, or [`NONE`] when every entry there and above is
    /// shorter than the longest in `always`, so cannot change the verdict
    /// (`Disallow: /*?` under `Disallow: /cpf/*`).
    pruned_start: u32,
    /// When a pruned search has exactly one entry to try, and that entry
    /// decides if it matches (`Disallow: /*?` on a path under no longer
    /// rule): that entry ([`NONE`] otherwise). The search then tests it
    /// without its loop over entries, whose set-up and bookkeeping cost
    /// more than finding a one-byte piece: a [`Test::Piece`] inline, any
    /// other test out of line ([`RuleSet::sole_matches`]; inline, the
    /// loop's code and this path's grew, pagopa +20%). From the previous
    /// commit's build: www.mon-compte-formation.fr 91 to 75 cycles a
    /// check, www.wired.com 100 to 78, www.economist.com (`/*/print$`) 122
    /// to 88; pagopa, whose searches loop, 143 to 152.
    sole: u32,
    /// The best Allow and Disallow among the [`Test::Always`] entries of
    /// this node and every node above: a path that reaches the node
    /// matches them all, so a search starts from them and tries only the
    /// other entries on the way up, most of them pruned by these (a file
    /// without wildcards and `$` never enters that loop).
    always: Found,
}

/// The rules of the groups that apply to one crawler, indexed for matching.
///
/// A radix trie over the literal prefixes: a chain of nodes with one child
/// each is a single node with a longer label, so a file of long, unique
/// paths (thousands of hashed URLs) costs a node or two per rule, not one per
/// byte, and walking a path compares whole labels at once.
#[derive(Clone, Debug)]
pub struct RuleSet {
    nodes: Vec<Node>,
    labels: Vec<u8>,
    /// The first byte of each node's label, by node (0 for the root): a
    /// node's children's are consecutive, for a short search.
    first_bytes: Vec<u8>,
    entries: Vec<Entry>,
    /// Child node by byte (or [`NONE`]), 256 per node with many children:
    /// one load instead of a search, at the root and other busy nodes.
    tables: Vec<u32>,
    /// The patterns with a `*` (the others are matched by the trie alone),
    /// but those of [`RuleSet::pieces`].
    wildcards: Vec<Pattern>,
    /// The patterns with a `*` whose test is one piece ([`Test::Piece`]).
    pieces: Vec<Piece>,
    /// No label holds a byte of [`ByteClass::Work`]: a path can be walked
    /// before it is known to need no encoding
    /// ([`RuleSet::deciding_unvetted`]).
    walks_unvetted: bool,
    /// Some entry may be ruled out by a path's [`byte_mask`] (its `need`
    /// is not 0).
    masked: bool,
    /// The root's child labelled `/` ([`NONE`] for none): nearly every
    /// pattern and path starts with `/`, so a search starts there, a level
    /// down (a fifth of a walk's loads on a small file).
    slash: u32,
}

impl RuleSet {
    /// Indexes the given rules.
    pub fn new<'a>(rules: impl IntoIterator<Item = IndexedRule<'a>>) -> RuleSet {
        let rules = rules.into_iter();
        let mut building = Building::with_capacity(rules.size_hint().0);
        let mut wildcards: Vec<Pattern> = Vec::new();
        let mut pieces: Vec<Piece> = Vec::new();
        for rule in rules {
            let patterns = std::iter::once(&*rule.pattern).chain(rule.index_html.as_deref());
            for bytes in patterns {
                let shape = Shape::of(bytes);
                let entry = if shape.is_prefix(bytes) || shape.is_exact() {
                    Entry::new(&rule, bytes, shape, None)
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
                    let mut entry = Entry::new(&rule, bytes, shape, Some((&pattern, at as u32)));
                    match piece {
                        Some(piece) => {
                            entry.test = Test::Piece;
                            pieces.push(Piece {
                                from: shape.literal_prefix(bytes).len() as u32,
                                bytes: piece,
                            });
                        }
                        None => wildcards.push(pattern),
                    }
                    entry
                };
                building.insert(shape.literal_prefix(bytes), entry);
            }
        }
        let mut set = building.finish();
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
        debug_assert!(set.holds_together());
        set
    }

    /// Whether every link and range of the index lands inside it: what
    /// the unchecked reads of a search ([`RuleSet::node`] and the like)
    /// rely on. [`Building::finish`] lays the index out so; debug builds
    /// (every test) check it for every index built.
    fn holds_together(&self) -> bool {
        let node_or_none = |i: u32| i == NONE || (i as usize) < self.nodes.len();
        let within = |start: u32, len: usize, of: usize| start as usize + len <= of;
        !self.nodes.is_empty()
            && self.first_bytes.len() == self.nodes.len()
            && node_or_none(self.slash)
            && self.tables.iter().all(|&child| node_or_none(child))
            && self.nodes.iter().all(|n| {
                within(n.label_start, n.label_len as usize, self.labels.len())
                    && within(n.first_child, usize::from(n.children_len), self.nodes.len())
                    && within(n.entries_start, n.entries_len as usize, self.entries.len())
                    && (n.table == NONE || within(n.table, 256, self.tables.len()))
                    && node_or_none(n.up)
                    && node_or_none(n.pruned_start)
            })
    }

    /// Node `i`, named by a link of the index (a child, a table, `up`,
    /// `pruned_start`, `slash`) or the root.
    ///
    /// The walk and the search read nodes, labels and entries without
    /// bounds checks: the links always land inside the index
    /// ([`RuleSet::holds_together`]), and the checks (with their `None`
    /// arms) were a sixth of a check's instructions, its cycles 5 to 15%
    /// (www.mon-compte-formation.fr 101 to 92 a check, www.etnic.be 129 to
    /// 111).
    #[inline(always)]
    fn node(&self, i: usize) -> &Node {
        debug_assert!(i < self.nodes.len());
        // SAFETY: `i` is the root (every index has one) or comes from a
        // link, and links land inside `nodes` (`holds_together`).
        unsafe { self.nodes.get_unchecked(i) }
    }

    /// The entries of node `n` a search tries, and where they start.
    #[inline(always)]
    fn tried_entries(&self, n: &Node) -> (usize, &[Entry]) {
        let first = n.entries_start as usize;
        let range = first..first + n.entries_len as usize;
        debug_assert!(range.end <= self.entries.len());
        // SAFETY: a node's entries lie inside `entries` (`holds_together`).
        (first, unsafe { self.entries.get_unchecked(range) })
    }

    /// The whole label of node `n`.
    #[inline(always)]
    fn label(&self, n: &Node) -> &[u8] {
        let start = n.label_start as usize;
        let range = start..start + n.label_len as usize;
        debug_assert!(range.end <= self.labels.len());
        // SAFETY: a node's label lies inside `labels` (`holds_together`).
        unsafe { self.labels.get_unchecked(range) }
    }

    /// The child of `node` whose label starts with `byte`.
    #[inline]
    fn child(&self, n: &Node, byte: u8) -> Option<usize> {
        if n.table != NONE {
            let at = n.table as usize + usize::from(byte);
            debug_assert!(at < self.tables.len());
            // SAFETY: a node's table has 256 places inside `tables`
            // (`holds_together`).
            let child = unsafe { *self.tables.get_unchecked(at) };
            return (child != NONE).then_some(child as usize);
        }
        let first = n.first_child as usize;
        let range = first..first + usize::from(n.children_len);
        debug_assert!(range.end <= self.first_bytes.len());
        // SAFETY: a node's children lie inside `nodes`, and `first_bytes`
        // has one byte per node (`holds_together`).
        let bytes = unsafe { self.first_bytes.get_unchecked(range) };
        Some(first + bytes.iter().position(|&b| b == byte)?)
    }

    /// How many of the first bytes of `rest` (of a path) are those of the
    /// label of node `n`: the label's length when `rest` starts with it.
    #[inline]
    fn label_match(&self, n: &Node, rest: &[u8]) -> usize {
        let len = n.label_len as usize;
        let label = || self.label(n);
        match rest.first_chunk::<8>() {
            Some(word) => {
                // A label has at least one byte.
                let differ =
                    (u64::from_le_bytes(*word) & (u64::MAX >> (64 - 8 * len.clamp(1, 8)))) ^ n.head;
                if differ != 0 {
                    (differ.trailing_zeros() / 8) as usize
                } else if len <= 8 {
                    len
                } else {
                    8 + common_prefix(&rest[8..], label().get(8..).unwrap_or_default())
                }
            }
            None => common_prefix(rest, label()),
        }
    }

    /// The best Allow and Disallow matching `path`.
    ///
    /// Walks down the trie first and then looks at the rules deepest node
    /// first: the longest literal prefixes usually give the longest matches,
    /// and once a long match is known, shorter rules (often `/*...`
    /// wildcards near the root) are skipped by length alone, without
    /// matching them. The best of each kind does not depend on the order.
    /// (The reference the pruned [`RuleSet::deciding`] is tested against.)
    #[cfg(test)]
    pub fn best(&self, path: &[u8]) -> Best {
        let found = self.search::<false, true>(path);
        Best {
            allow: found.as_ref().and_then(|f| self.hit(f.allow)),
            disallow: found.as_ref().and_then(|f| self.hit(f.disallow)),
        }
    }

    /// Like [`RuleSet::best`], but only as far as the verdict needs it:
    /// an Allow shorter than the best Disallow so far, or a Disallow no
    /// longer than the best Allow, cannot change who wins or the deciding
    /// rule, so it is not matched. The ruling is [`Best::decide`] of
    /// [`RuleSet::best`], made from the two entries without building a
    /// [`Best`] (a check's bookkeeping was a sixth of its instructions).
    #[inline(always)]
    pub(crate) fn deciding(&self, path: &[u8]) -> Ruling {
        self.ruling(self.search::<true, true>(path).unwrap_or(Found::NOTHING))
    }

    /// [`RuleSet::deciding`] for the path of a URL as given, before it is
    /// known to need no encoding (no byte of [`ByteClass::Work`], no
    /// fragment): `None` when it does, where the search had to read it.
    /// Only when no label holds such a byte ([`RuleSet::walks_unvetted`]).
    ///
    /// Finding such bytes was a scan of every path, though a check without
    /// wildcards only reads its first bytes: the labels hold no such byte,
    /// so the path agrees with its encoding wherever it followed the trie,
    /// and only the byte where it left the trie needs looking at. An
    /// `EndsHere` rule at depth `d` matches the path of length `d` alike:
    /// the path's byte `d`, when there is one, was followed or left at, and
    /// is not a `#`. A [`Test::Piece`] wildcard is found in the path as
    /// given; any other wildcard under the walk's end has the whole path
    /// vetted first ([`Node`]'s `wild`: vetting as each wildcard came up cost
    /// more than the scan it saved, pagopa +8%). A fifth of the cycles of a
    /// check on a small file (www.vodafone.com: 82 to 62).
    #[inline(always)]
    pub(crate) fn deciding_unvetted(&self, path: &[u8]) -> Option<Ruling> {
        debug_assert!(self.walks_unvetted);
        self.search::<true, false>(path)
            .map(|found| self.ruling(found))
    }

    /// Whether [`RuleSet::deciding_unvetted`] may be asked: no label holds
    /// a byte to encode.
    #[inline]
    pub(crate) fn walks_unvetted(&self) -> bool {
        self.walks_unvetted
    }

    /// Whether the piece of a [`Test::Piece`] entry is in `path` after its
    /// prefix; `None` when `path` is not `vetted` and needs encoding up to
    /// the piece's end (see [`RuleSet::deciding_unvetted`]).
    #[inline(always)]
    fn piece_found(&self, entry: &Entry, path: &[u8], leaves: usize, vetted: bool) -> Option<bool> {
        let Some(end) = self.piece_end(entry, path) else {
            return Some(false);
        };
        // Up to the piece's end, the path must need no encoding for the
        // piece to be in the path encoded.
        match !vetted && find(&path[..end], leaves, ByteClass::Work).is_some() {
            true => None,
            false => Some(true),
        }
    }

    /// Whether `entry`, not a [`Test::Piece`], matches `path` (past its
    /// prefix, which the path has; vetted if the entry is a wildcard):
    /// the loop's filters and test, out of line so that the search
    /// without a loop stays short.
    #[inline(never)]
    fn sole_matches(&self, entry: &Entry, path: &[u8]) -> bool {
        entry.may_end(last_byte(path))
            && (entry.need == 0 || entry.may_hold(byte_mask(path)))
            && self.passes(entry, path)
    }

    /// Whether `path` passes the test of `entry` past its prefix (which
    /// the path has), for any test but [`Test::Piece`]'s (see
    /// [`RuleSet::piece_found`]).
    #[inline(always)]
    fn passes(&self, entry: &Entry, path: &[u8]) -> bool {
        match entry.test {
            Test::Always | Test::Piece => true,
            Test::EndsHere => path.len() + 1 == entry.priority as usize,
            Test::Wildcard => self
                .wildcards
                .get(entry.wildcard as usize)
                .is_some_and(|p| p.matches_after_prefix(path)),
        }
    }

    /// Where the first occurrence of the piece of a [`Test::Piece`] entry
    /// ends in `path`, if it has one.
    #[inline]
    fn piece_end(&self, entry: &Entry, path: &[u8]) -> Option<usize> {
        let piece = self.pieces.get(entry.wildcard as usize)?;
        let from = piece.from as usize;
        let at = find_piece(path.get(from..)?, &piece.bytes)?;
        Some(from + at + piece.bytes.len())
    }

    /// The ruling from a search's best entries.
    #[inline(always)]
    fn ruling(&self, found: Found) -> Ruling {
        let priority = |id: u32, priority: u32| match id {
            NONE => -1,
            _ => i64::from(priority),
        };
        let (disallow_decides, allowed) = decide(
            priority(found.allow, found.allow_priority),
            priority(found.disallow, found.disallow_priority),
        );
        Ruling {
            allowed,
            by: self.hit(match disallow_decides {
                true => found.disallow,
                false => found.allow,
            }),
        }
    }

    /// The rule behind entry `id` ([`NONE`] for none).
    #[inline]
    fn hit(&self, id: u32) -> Option<Hit> {
        self.entries.get(id as usize).map(|e| Hit {
            rule: e.rule as usize,
            priority: e.priority,
            line: e.line,
        })
    }

    /// The deepest node whose labels, from the root, the path starts with,
    /// and where the path leaves the trie: the first byte of the path no
    /// label continues with (the path's length when it ends first).
    #[inline(always)]
    fn deepest(&self, path: &[u8]) -> (usize, usize) {
        let (mut node, mut depth) = match path.first() {
            Some(b'/') if self.slash != NONE => (self.slash as usize, 1),
            _ => (0, 0),
        };
        while let Some(&b) = path.get(depth) {
            let Some(child) = self.child(self.node(node), b) else {
                break;
            };
            let c = self.node(child);
            let matched = self.label_match(c, &path[depth..]);
            if matched < c.label_len as usize {
                return (node, depth + matched);
            }
            depth += matched;
            node = child;
        }
        (node, depth)
    }

    /// The best Allow and Disallow among the rules filed on the way down
    /// to [`RuleSet::deepest`]: the best plain prefixes are the node's
    /// `always`; the other entries are looked at deepest node first,
    /// longest first (for a pruned search, from `pruned_start`, or only
    /// `sole`). Kept as entry indices and priorities until the end: a loop
    /// with few live values.
    ///
    /// A path not `VETTED` for bytes to encode (see
    /// [`RuleSet::deciding_unvetted`]) gives `None` when it has one where
    /// the search would read it.
    #[inline(always)]
    fn search<const PRUNE: bool, const VETTED: bool>(&self, path: &[u8]) -> Option<Found> {
        let (deepest, leaves) = self.deepest(path);
        let n = self.node(deepest);
        // Whether the whole path is known to need no encoding.
        let mut vetted = VETTED;
        if !VETTED {
            // The labels walked hold no such byte; the byte the path left
            // the trie at, once encoded, might have been a label's `%`; a
            // wildcard reads the rest.
            let dirty = match n.wild {
                true => {
                    vetted = true;
                    find(path, leaves, ByteClass::Work).is_some()
                }
                false => path.get(leaves).is_some_and(|&b| is_in(b, ByteClass::Work)),
            };
            if dirty {
                return None;
            }
        }
        let always = n.always;
        let mut at = match PRUNE {
            true => n.pruned_start,
            false if n.entries_len > 0 => deepest as u32,
            false => n.up,
        };
        if PRUNE {
            if let Some(entry) = self.entries.get(n.sole as usize) {
                let mut found = always;
                let matched = match entry.test {
                    Test::Piece => self.piece_found(entry, path, leaves, vetted)?,
                    _ => self.sole_matches(entry, path),
                };
                if matched {
                    found.take(entry, n.sole);
                }
                return Some(found);
            }
        }
        if at == NONE {
            // Nothing but the prefixes to test: a file without wildcards
            // and `$`, or a path none of them is filed above.
            return Some(always);
        }
        // The best entry of each kind so far.
        let mut found = always;
        // The path's byte mask when some entry has a `need` (computed up
        // front: computing it when the first entry needs it kept more
        // values live through the loop, pagopa +11% a check), and its last
        // byte ([`last_byte`]).
        let mask = match self.masked {
            true => byte_mask(path),
            false => 0,
        };
        let last = last_byte(path);
        while at != NONE {
            let n = self.node(at as usize);
            at = n.up;
            let (first, entries) = self.tried_entries(n);
            for (i, entry) in entries.iter().enumerate() {
                if PRUNE && found.outlasts(entry.priority) {
                    // Entries are longest first.
                    break;
                }
                // The cheap filters of wildcards first: a file with dozens of
                // `/*?*...` rules has them all at one node, and most fail
                // here (www.riverisland.com: 68 rules, 2,000 instructions
                // a check less).
                if matches!(entry.test, Test::Wildcard | Test::Piece)
                    && !(entry.may_end(last) && entry.may_hold(mask))
                {
                    continue;
                }
                if !found.would_take::<PRUNE>(&self.entries, entry) {
                    continue;
                }
                let matched = match entry.test {
                    Test::Piece => self.piece_found(entry, path, leaves, vetted)?,
                    _ => self.passes(entry, path),
                };
                if matched {
                    found.take(entry, (first + i) as u32);
                }
            }
        }
        Some(found)
    }
}

/// The best Allow and Disallow entries a search found ([`NONE`] for none),
/// with their priorities (0 for none).
#[derive(Clone, Copy, Debug)]
struct Found {
    allow: u32,
    allow_priority: u32,
    disallow: u32,
    disallow_priority: u32,
}

impl Found {
    /// No entry.
    const NOTHING: Found = Found {
        allow: NONE,
        allow_priority: 0,
        disallow: NONE,
        disallow_priority: 0,
    };

    /// Whether no entry of `priority` can change a pruned search's verdict
    /// or deciding rule any more: it is shorter than the best Allow or
    /// Disallow so far (an Allow needs at least the Disallow's length, a
    /// Disallow more than the Allow's).
    #[inline(always)]
    fn outlasts(&self, priority: u32) -> bool {
        priority < self.allow_priority.max(self.disallow_priority)
    }

    /// Whether `entry`, if it matches, replaces the best of its kind
    /// (longer, or as long and earlier: [`beats`]; `entries` holds the
    /// best so far) and, in a pruned search, may still decide: a
    /// Disallow must be longer than the best Allow.
    #[inline(always)]
    fn would_take<const PRUNE: bool>(&self, entries: &[Entry], entry: &Entry) -> bool {
        let (best, best_priority) = match entry.kind {
            RuleKind::Allow => (self.allow, self.allow_priority),
            RuleKind::Disallow => (self.disallow, self.disallow_priority),
        };
        if let Some(old) = entries.get(best as usize) {
            if !beats(entry.priority, entry.line, best_priority, old.line) {
                return false;
            }
        }
        !(PRUNE
            && entry.kind == RuleKind::Disallow
            && self.allow != NONE
            && entry.priority <= self.allow_priority)
    }

    /// Makes `entry`, number `id`, the best of its kind.
    #[inline(always)]
    fn take(&mut self, entry: &Entry, id: u32) {
        match entry.kind {
            RuleKind::Allow => (self.allow, self.allow_priority) = (id, entry.priority),
            RuleKind::Disallow => (self.disallow, self.disallow_priority) = (id, entry.priority),
        }
    }
}

impl Default for Found {
    fn default() -> Found {
        Found::NOTHING
    }
}

const NONE: u32 = u32::MAX;

/// A trie node while building: children and entries as linked lists in
/// flat vectors, so that building allocates per file, not per node.
#[derive(Clone, Copy, Debug)]
struct BuildNode {
    /// The label is `arena[start..end]`.
    start: u32,
    end: u32,
    first_byte: u8,
    first_child: u32,
    next_sibling: u32,
    first_entry: u32,
    last_entry: u32,
    /// Number of children, and a 256-entry child table once there are many.
    children: u32,
    table: u32,
}

/// Children a node may have before lookups use a table.
const TABLE_AFTER: u32 = 8;

/// Children the root's `/` child may have before lookups use a table.
const SLASH_TABLE_AFTER: u32 = 2;

impl BuildNode {
    fn new(start: usize, end: usize, first_byte: u8) -> BuildNode {
        BuildNode {
            start: start as u32,
            end: end as u32,
            first_byte,
            first_child: NONE,
            next_sibling: NONE,
            first_entry: NONE,
            last_entry: NONE,
            children: 0,
            table: NONE,
        }
    }
}

/// A radix trie under construction: insertion splits an edge where a new
/// prefix leaves it, so no sorting and no per-byte nodes.
#[derive(Default)]
struct Building {
    /// Every inserted prefix, one after the other: labels are slices of it,
    /// and walking the trie reads this compact buffer rather than patterns
    /// spread over the heap.
    arena: Vec<u8>,
    nodes: Vec<BuildNode>,
    entries: Vec<Entry>,
    /// Next entry of the same node, parallel to `entries`.
    next_entry: Vec<u32>,
    tables: Vec<[u32; 256]>,
}

impl Building {
    /// Room for `n` patterns: a pattern adds at most two nodes.
    fn with_capacity(n: usize) -> Building {
        Building {
            arena: Vec::new(),
            nodes: Vec::with_capacity(2 * n + 1),
            entries: Vec::with_capacity(n),
            next_entry: Vec::with_capacity(n),
            tables: Vec::new(),
        }
    }

    fn label(&self, node: usize) -> &[u8] {
        let n = &self.nodes[node];
        &self.arena[n.start as usize..n.end as usize]
    }

    fn find_child(&self, node: usize, byte: u8) -> u32 {
        let n = &self.nodes[node];
        if n.table != NONE {
            return self.tables[n.table as usize][usize::from(byte)];
        }
        let mut child = n.first_child;
        while child != NONE && self.nodes[child as usize].first_byte != byte {
            child = self.nodes[child as usize].next_sibling;
        }
        child
    }

    /// Records `child`, already linked in front of the node's list.
    fn add_child(&mut self, node: usize, child: u32, byte: u8) {
        let n = &mut self.nodes[node];
        n.first_child = child;
        n.children += 1;
        if n.table != NONE {
            self.tables[n.table as usize][usize::from(byte)] = child;
        } else if n.children > TABLE_AFTER {
            let mut table = [NONE; 256];
            let mut c = n.first_child;
            while c != NONE {
                table[usize::from(self.nodes[c as usize].first_byte)] = c;
                c = self.nodes[c as usize].next_sibling;
            }
            self.nodes[node].table = self.tables.len() as u32;
            self.tables.push(table);
        }
    }

    fn insert(&mut self, prefix: &[u8], entry: Entry) {
        if self.nodes.is_empty() {
            self.nodes.push(BuildNode::new(0, 0, 0));
        }
        // The prefix's copy in the arena: `base + i` is its byte `i`.
        let base = self.arena.len();
        self.arena.extend_from_slice(prefix);
        let mut node = 0usize;
        let mut depth = 0usize;
        while depth < prefix.len() {
            let b = prefix[depth];
            let child = self.find_child(node, b);
            if child == NONE {
                // A new leaf holds the rest of the prefix.
                let leaf = self.nodes.len() as u32;
                let mut n = BuildNode::new(base + depth, base + prefix.len(), b);
                n.next_sibling = self.nodes[node].first_child;
                self.nodes.push(n);
                self.add_child(node, leaf, b);
                node = leaf as usize;
                break;
            }
            let child = child as usize;
            let (start, end) = (
                self.nodes[child].start as usize,
                self.nodes[child].end as usize,
            );
            let common = common_prefix(&self.arena[start..end], &prefix[depth..]);
            if common < end - start {
                // Split: the child keeps the shared part; a new node below
                // it takes the rest of the old label, children and entries.
                let old = self.nodes[child];
                let lower = self.nodes.len() as u32;
                self.nodes.push(BuildNode {
                    start: old.start + common as u32,
                    first_byte: self.arena[start + common],
                    next_sibling: NONE,
                    ..old
                });
                let upper = &mut self.nodes[child];
                upper.end = old.start + common as u32;
                upper.first_child = lower;
                upper.children = 1;
                upper.table = NONE;
                upper.first_entry = NONE;
                upper.last_entry = NONE;
            }
            node = child;
            depth += common;
        }
        let e = self.entries.len() as u32;
        self.entries.push(entry);
        self.next_entry.push(NONE);
        let n = &mut self.nodes[node];
        if n.last_entry == NONE {
            n.first_entry = e;
        } else {
            self.next_entry[n.last_entry as usize] = e;
        }
        n.last_entry = e;
    }

    /// Lays the trie out breadth first, each node's children contiguous and
    /// in byte order, each node's entries longest first.
    fn finish(self) -> RuleSet {
        let mut set = RuleSet {
            nodes: Vec::with_capacity(self.nodes.len().max(1)),
            entries: Vec::with_capacity(self.entries.len()),
            first_bytes: Vec::with_capacity(self.nodes.len().max(1)),
            labels: Vec::with_capacity(self.nodes.iter().map(|n| (n.end - n.start) as usize).sum()),
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
            always: Found::NOTHING,
            ..Node::default()
        });
        set.first_bytes.push(0);
        if self.nodes.is_empty() {
            return set;
        }
        // (building node, final node), in final order.
        let mut queue = std::collections::VecDeque::from([(0usize, 0usize)]);
        let mut children = Vec::new();
        // By node: the longest entry a search may try there or above, and
        // how many there are.
        let mut tried_max = vec![0u32];
        let mut tried_count = vec![0u32];
        while let Some((from, to)) = queue.pop_front() {
            let n = self.nodes[from];
            let entries_start = set.entries.len() as u32;
            let mut e = n.first_entry;
            while e != NONE {
                set.entries.push(self.entries[e as usize]);
                e = self.next_entry[e as usize];
            }
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
            children.clear();
            let mut c = n.first_child;
            while c != NONE {
                children.push(c as usize);
                c = self.nodes[c as usize].next_sibling;
            }
            crate::sort::sort_by_u64_key(&mut children, |&c| u64::from(self.nodes[c].first_byte));
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
            for &c in &children {
                let label = self.label(c);
                let mut head = [0u8; 8];
                let shown = label.len().min(8);
                head[..shown].copy_from_slice(&label[..shown]);
                queue.push_back((c, set.nodes.len()));
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
                set.first_bytes.push(self.nodes[c].first_byte);
            }
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
            let table = if children.len() > busy as usize {
                let table = set.tables.len();
                set.tables.resize(table + 256, NONE);
                for child in first_child..first_child + children.len() as u32 {
                    set.tables[table + usize::from(set.first_bytes[child as usize])] = child;
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
            node.children_len = children.len() as u16;
            node.wild = wild;
        }
        set
    }
}

/// Length of the common prefix of `a` and `b`, eight bytes at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let len = a.len().min(b.len());
    let mut i = 0;
    while i + 8 <= len {
        let x = u64::from_le_bytes(a[i..i + 8].try_into().unwrap());
        let y = u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
        if x != y {
            return i + ((x ^ y).trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < len && a[i] == b[i] {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
