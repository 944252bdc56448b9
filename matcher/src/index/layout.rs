//! How a rule index lies in memory: nodes in breadth-first order, each
//! node's children consecutive, labels and entries in flat vectors, and the
//! reads that a search makes of them without bounds checks.
//!
//! Every `unsafe` read here rests on one invariant: every link and range
//! of the index lands inside it ([`RuleSet::holds_together`]), which the
//! build lays out ([`super::build`]) and checks for every index it builds in
//! debug builds (every test).

use crate::model::RuleKind;
use crate::pattern::Pattern;

use super::search::Found;

/// How an entry is tested once the path is known to start with its
/// literal prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Test {
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
pub(super) struct Piece {
    /// Where the search starts: the prefix's length.
    pub(super) from: u32,
    pub(super) bytes: Box<[u8]>,
}

/// One pattern of one rule, filed in the trie.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub(super) rule: u32,
    /// For [`Test::Wildcard`]: the pattern, in [`RuleSet::wildcards`]; for
    /// [`Test::Piece`], the piece, in [`RuleSet::pieces`].
    pub(super) wildcard: u32,
    pub(super) priority: u32,
    pub(super) line: u32,
    pub(super) kind: RuleKind,
    pub(super) test: Test,
    /// For [`Test::Wildcard`] anchored patterns ending in a literal byte:
    /// that byte plus one (0 for none).
    pub(super) last: u16,
    /// For [`Test::Wildcard`]: [`byte_mask`] of the bytes after the prefix
    /// that every matching path contains.
    pub(super) need: u64,
}

/// A node of the path-compressed trie. The edge into a node is labelled
/// with one or more bytes; a node's children are consecutive nodes, in the
/// byte order of their labels' first bytes.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    /// The label's first bytes (up to eight), little-endian, zeros after:
    /// most labels are compared with a path in one integer comparison.
    pub(super) head: u64,
    /// The whole label is `labels[label_start..][..label_len]`.
    pub(super) label_start: u32,
    pub(super) label_len: u32,
    /// The children are nodes `first_child..first_child + children_len`
    /// (at most 256: their labels' first bytes differ).
    pub(super) first_child: u32,
    pub(super) children_len: u16,
    /// A [`Test::Wildcard`] pattern (not a [`Test::Piece`]) is filed here
    /// or at a node above: a search that ends here reads the whole path.
    pub(super) wild: bool,
    /// The node's entries are `entries_start..` in [`RuleSet::entries`]:
    /// first the `entries_len` that test more than the prefix, longest
    /// first, then those that always match ([`Test::Always`]), which a
    /// search never reads: `always` has the best of them already.
    pub(super) entries_start: u32,
    pub(super) entries_len: u32,
    /// For a node with many children: where its 256-entry child table
    /// starts in [`RuleSet::tables`] ([`NONE`] otherwise).
    pub(super) table: u32,
    /// The nearest node above with entries that test more than the prefix
    /// ([`NONE`] for none): a search walks down the path, then up these
    /// links, so it keeps no list of the nodes it passed.
    pub(super) up: u32,
    /// Where a pruned search ([`RuleSet::deciding`]) tries entries from:
    /// this node or `up`, or [`NONE`] when every entry there and above is
    /// shorter than the longest in `always`, so cannot change the verdict
    /// (`Disallow: /*?` under `Disallow: /cpf/*`).
    pub(super) pruned_start: u32,
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
    pub(super) sole: u32,
    /// When a pruned search that ends here tries no entry (`pruned_start`
    /// is [`NONE`]): its ruling, the [`Found::decided`] of `always`,
    /// settled when the index is built; [`NONE`] otherwise. The whole
    /// search past the walk on a file without wildcards and `$` (and where
    /// longer prefixes prune every wildcard above), which made the ruling
    /// from `always`'s four words on every check. A search that reads it
    /// needs the path vetted only at the byte where it left the trie: no
    /// wildcard is read, so a byte to encode or a fragment further on
    /// changes neither the node the walk ends at nor its ruling. (It
    /// takes a node from 64 to 72 bytes; the `always` it is made from
    /// kept beside the nodes instead, read by every other search, cost
    /// those +6 to +10 instructions a check.) Not in the app (wasm32),
    /// whose checks are few and always try the node's entries (see
    /// `RuleSet::plain`).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) plain: u32,
    /// The best Allow and Disallow among the [`Test::Always`] entries of
    /// this node and every node above: a path that reaches the node
    /// matches them all, so a search starts from them and tries only the
    /// other entries on the way up, most of them pruned by these (a file
    /// without wildcards and `$` never enters that loop, and reads
    /// `plain` instead).
    pub(super) always: Found,
}

/// The rules of the groups that apply to one crawler, indexed for matching.
///
/// A radix trie over the literal prefixes: a chain of nodes with one child
/// each is a single node with a longer label, so a file of long, unique
/// paths (thousands of hashed URLs) costs a node or two per rule, not one per
/// byte, and walking a path compares whole labels at once.
#[derive(Clone, Debug)]
pub struct RuleSet {
    pub(super) nodes: Vec<Node>,
    pub(super) labels: Vec<u8>,
    /// The first byte of each node's label, by node (0 for the root): a
    /// node's children's are consecutive, for a short search.
    pub(super) first_bytes: Vec<u8>,
    pub(super) entries: Vec<Entry>,
    /// Child by byte, 256 per node with many children: one load instead of
    /// a search, at the root and other busy nodes. A child is its place
    /// among its node's children plus one (0 for none): a byte each, where
    /// a node's number took four (docs.oracle.com's 1,101 tables: setting
    /// and growing them was a tenth of the build).
    pub(super) tables: Vec<u8>,
    /// The patterns with a `*` (the others are matched by the trie alone),
    /// but those of [`RuleSet::pieces`].
    pub(super) wildcards: Vec<Pattern>,
    /// The patterns with a `*` whose test is one piece ([`Test::Piece`]).
    pub(super) pieces: Vec<Piece>,
    /// No label holds a byte of [`ByteClass::Work`]: a path can be walked
    /// before it is known to need no encoding
    /// ([`RuleSet::deciding_unvetted`]).
    pub(super) walks_unvetted: bool,
    /// Some entry may be ruled out by a path's [`byte_mask`] (its `need`
    /// is not 0).
    pub(super) masked: bool,
    /// The root's child labelled `/` ([`NONE`] for none): nearly every
    /// pattern and path starts with `/`, so a search starts there, a level
    /// down (a fifth of a walk's loads on a small file).
    pub(super) slash: u32,
}

impl RuleSet {
    /// Whether every link and range of the index lands inside it: what
    /// the unchecked reads of a search ([`RuleSet::node`] and the like)
    /// rely on. [`Building::finish`] lays the index out so; debug builds
    /// (every test) check it for every index built.
    pub(super) fn holds_together(&self) -> bool {
        let node_or_none = |i: u32| i == NONE || (i as usize) < self.nodes.len();
        let within = |start: u32, len: usize, of: usize| start as usize + len <= of;
        !self.nodes.is_empty()
            && self.first_bytes.len() == self.nodes.len()
            && node_or_none(self.slash)
            && self.nodes.iter().all(|n| {
                within(n.label_start, n.label_len as usize, self.labels.len())
                    && within(n.first_child, usize::from(n.children_len), self.nodes.len())
                    && within(n.entries_start, n.entries_len as usize, self.entries.len())
                    && (n.table == NONE
                        || self
                            .tables
                            .get(n.table as usize..n.table as usize + 256)
                            .is_some_and(|table| {
                                table
                                    .iter()
                                    .all(|&child| u16::from(child) <= n.children_len)
                            }))
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
    pub(super) fn node(&self, i: usize) -> &Node {
        debug_assert!(i < self.nodes.len());
        // SAFETY: `i` is the root (every index has one) or comes from a
        // link, and links land inside `nodes` (`holds_together`).
        unsafe { self.nodes.get_unchecked(i) }
    }

    /// The entries of node `n` a search tries, and where they start.
    #[inline(always)]
    pub(super) fn tried_entries(&self, n: &Node) -> (usize, &[Entry]) {
        let first = n.entries_start as usize;
        let range = first..first + n.entries_len as usize;
        debug_assert!(range.end <= self.entries.len());
        // SAFETY: a node's entries lie inside `entries` (`holds_together`).
        (first, unsafe { self.entries.get_unchecked(range) })
    }

    /// The whole label of node `n`.
    #[inline(always)]
    pub(super) fn label(&self, n: &Node) -> &[u8] {
        let start = n.label_start as usize;
        let range = start..start + n.label_len as usize;
        debug_assert!(range.end <= self.labels.len());
        // SAFETY: a node's label lies inside `labels` (`holds_together`).
        unsafe { self.labels.get_unchecked(range) }
    }

    /// The child of `node` whose label starts with `byte`.
    #[inline]
    pub(super) fn child(&self, n: &Node, byte: u8) -> Option<usize> {
        if n.table != NONE {
            let at = n.table as usize + usize::from(byte);
            debug_assert!(at < self.tables.len());
            // SAFETY: a node's table has 256 places inside `tables`
            // (`holds_together`).
            let child = unsafe { *self.tables.get_unchecked(at) };
            // A child's place plus one, at most the count of children
            // (`holds_together`): the child is inside `nodes`.
            return (child != 0).then(|| n.first_child as usize + usize::from(child) - 1);
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
    pub(super) fn label_match(&self, n: &Node, rest: &[u8]) -> usize {
        let len = n.label_len as usize;
        let label = || self.label(n);
        match rest.first_chunk::<8>() {
            Some(word) => {
                // The bytes the word and the head agree on (8 when all
                // do): past a label shorter than eight, the head's zeros
                // may agree with the path or not, so the count is capped
                // at the label's length, not the word masked to it first
                // (a shift by a clamped length: a sixth of a level's
                // instructions).
                let agree = ((u64::from_le_bytes(*word) ^ n.head).trailing_zeros() / 8) as usize;
                if agree < len.min(8) {
                    agree
                } else if len <= 8 {
                    len
                } else {
                    8 + common_prefix(&rest[8..], label().get(8..).unwrap_or_default())
                }
            }
            None => common_prefix(rest, label()),
        }
    }
}

/// No node or entry: the end of a link.
pub(super) const NONE: u32 = u32::MAX;

/// Length of the common prefix of `a` and `b`, eight bytes at a time.
pub(super) fn common_prefix(a: &[u8], b: &[u8]) -> usize {
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
