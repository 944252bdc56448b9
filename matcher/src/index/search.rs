//! Searching a rule index: walk a path down the trie to the deepest node
//! it reaches, then try the entries filed on the way, deepest and longest
//! first, as far as the verdict needs them.

#[cfg(any(test, not(target_arch = "wasm32")))]
use crate::decision::Best;
use crate::decision::{beats, decide, Hit, Ruling};
use crate::model::RuleKind;
use crate::pattern::find_piece;
use crate::scan::{find, is_in, ByteClass};

use super::layout::{Entry, RuleSet, Test, NONE};

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
}

/// The last byte of `path` plus one (0 for an empty path), as
/// [`Entry::last`].
#[inline(always)]
fn last_byte(path: &[u8]) -> u16 {
    path.last().map_or(0, |&b| u16::from(b) + 1)
}

/// One of 64 bits for a byte: a Bloom filter of one hash over the bytes
/// of a path, to rule out most wildcard patterns without matching them.
#[inline]
pub(super) fn byte_bit(b: u8) -> u64 {
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

/// Whether the one-byte piece `byte` is in `url[from..]` (the rest of a
/// path after a pattern's prefix); `None` when the path is not `vetted`
/// and needs encoding before it.
///
/// Most pieces are one byte (`/*?`): one scan finds it or, in a path not
/// vetted, a byte to encode before it, whichever comes first. Encoding
/// never makes the byte (it survives encoding) nor removes one before a
/// fragment, so a path without it does not match, vetted or not.
#[inline(always)]
fn byte_found(url: &[u8], from: usize, byte: u8, vetted: bool) -> Option<bool> {
    if vetted {
        return Some(find(url, from, ByteClass::Is(byte)).is_some());
    }
    match find(url, from, ByteClass::WorkOr(byte)) {
        None => Some(false),
        Some(at) if url.get(at) == Some(&byte) => Some(true),
        Some(at) => match find(url, at, ByteClass::Is(byte)) {
            None => Some(false),
            Some(_) => None,
        },
    }
}

impl RuleSet {
    /// The best Allow and Disallow matching `path`.
    ///
    /// Walks down the trie first and then looks at the rules deepest node
    /// first: the longest literal prefixes usually give the longest matches,
    /// and once a long match is known, shorter rules (often `/*...`
    /// wildcards near the root) are skipped by length alone, without
    /// matching them. The best of each kind does not depend on the order.
    /// (The reference the pruned [`RuleSet::deciding`] is tested against,
    /// and the search of each part of a sharded index, whose bests are
    /// merged.)
    #[cfg(any(test, not(target_arch = "wasm32")))]
    pub(crate) fn best(&self, path: &[u8]) -> Best {
        let found = self.search::<false, true>(path, 0);
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
        let decided = self
            .settled::<true>(path, 0)
            .unwrap_or_else(|| Found::NOTHING.decided());
        Decided { set: self, decided }.ruling()
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
    ///
    /// The path is `url[start..]`: the end of the URL, whose bytes before
    /// it a search for a piece or a byte to encode may read a block from
    /// (a path shorter than a block is then one block test, not a loop
    /// over its bytes).
    ///
    /// A walk that ends where the node's ruling is settled (`plain`: no
    /// entry to try; every check on a file without wildcards and `$`)
    /// needs only the byte it left the trie at looked at.
    #[inline(always)]
    pub(crate) fn deciding_unvetted(&self, url: &[u8], start: usize) -> Option<Decided<'_>> {
        debug_assert!(self.walks_unvetted);
        let decided = self.settled::<false>(url, start)?;
        Some(Decided { set: self, decided })
    }

    /// The walk of both checks ([`RuleSet::deciding`], `VETTED`, and
    /// [`RuleSet::deciding_unvetted`]) and its [`Found::decided`]: the
    /// settled ruling of the node it ends at (`plain`), or else the
    /// node's entries tried. `None` only when the path is not `VETTED`
    /// and needs encoding where the search read it.
    #[inline(always)]
    fn settled<const VETTED: bool>(&self, url: &[u8], start: usize) -> Option<u32> {
        let path = url.get(start..)?;
        let (deepest, leaves) = self.deepest(path);
        match self.plain(deepest) {
            NONE => {
                let found = self.tried::<true, VETTED>(url, start, deepest, leaves);
                // A vetted search always finds (`NOTHING` at least).
                let found = match VETTED {
                    true => found.unwrap_or(Found::NOTHING),
                    false => found?,
                };
                Some(found.decided())
            }
            // As in `tried`: the labels walked hold no byte to encode, the
            // byte the path left the trie at might.
            _ if !VETTED && path.get(leaves).is_some_and(|&b| is_in(b, ByteClass::Work)) => None,
            plain => Some(plain),
        }
    }

    /// The settled ruling of node `i` (`Node::plain`), for a check that
    /// reads it first. Native builds only: in the app (wasm32), whose
    /// checks are few, the search always tries the node's entries (which
    /// gives the same ruling), for its first load (54 B; not making it,
    /// 49 B more), and its nodes have no `plain` (4 B a node less).
    #[inline(always)]
    fn plain(&self, i: usize) -> u32 {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = i;
            NONE
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.node(i).plain
        }
    }

    /// Whether [`RuleSet::deciding_unvetted`] may be asked: no label holds
    /// a byte to encode.
    #[inline]
    pub(crate) fn walks_unvetted(&self) -> bool {
        self.walks_unvetted
    }

    /// Whether the piece of a [`Test::Piece`] entry is in the path
    /// `url[start..]` after its prefix; `None` when the path is not
    /// `vetted` and needs encoding up to the piece's end (see
    /// [`RuleSet::deciding_unvetted`]). The path has left the trie at
    /// `leaves` (the labels before hold no byte to encode).
    #[inline(always)]
    fn piece_found(
        &self,
        entry: &Entry,
        url: &[u8],
        start: usize,
        leaves: usize,
        vetted: bool,
    ) -> Option<bool> {
        let Some(piece) = self.pieces.get(entry.wildcard as usize) else {
            return Some(false);
        };
        if let [byte] = *piece.bytes {
            return byte_found(url, start + piece.from as usize, byte, vetted);
        }
        let path = url.get(start..)?;
        let Some(end) = find_piece(path.get(piece.from as usize..)?, &piece.bytes) else {
            return Some(false);
        };
        let end = start + piece.from as usize + end + piece.bytes.len();
        // Up to the piece's end, the path must need no encoding for the
        // piece to be in the path encoded.
        match !vetted && find(&url[..end], start + leaves, ByteClass::Work).is_some() {
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

    /// The ruling of a pruned search of `path` (vetted) that tries the
    /// entries of the node it ends at even where the node's ruling is
    /// settled (`plain`): what [`RuleSet::deciding`] must give.
    #[cfg(test)]
    pub(super) fn searched_ruling(&self, path: &[u8]) -> Ruling {
        let found = self.search::<true, true>(path, 0).unwrap_or(Found::NOTHING);
        Decided {
            set: self,
            decided: found.decided(),
        }
        .ruling()
    }

    /// The rule behind entry `id` (none past the entries: [`NONE`], less
    /// [`DISALLOWED`] or not).
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
    pub(super) fn deepest(&self, path: &[u8]) -> (usize, usize) {
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
    ///
    /// The path is `url[start..]` (see [`RuleSet::deciding_unvetted`]; a
    /// path as encoded is searched as its own `url`, from 0).
    ///
    /// (The checks walk and then call [`RuleSet::tried`] themselves, to
    /// read a node's settled ruling first.)
    #[cfg(any(test, not(target_arch = "wasm32")))]
    #[inline(always)]
    fn search<const PRUNE: bool, const VETTED: bool>(
        &self,
        url: &[u8],
        start: usize,
    ) -> Option<Found> {
        let path = url.get(start..)?;
        let (deepest, leaves) = self.deepest(path);
        self.tried::<PRUNE, VETTED>(url, start, deepest, leaves)
    }

    /// [`RuleSet::search`] past the walk, which ended at node `deepest`,
    /// where the path `url[start..]` leaves the trie at `leaves`.
    #[inline(always)]
    fn tried<const PRUNE: bool, const VETTED: bool>(
        &self,
        url: &[u8],
        start: usize,
        deepest: usize,
        leaves: usize,
    ) -> Option<Found> {
        let path = url.get(start..)?;
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
                    Test::Piece => self.piece_found(entry, url, start, leaves, vetted)?,
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
                    Test::Piece => self.piece_found(entry, url, start, leaves, vetted)?,
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

/// A search's ruling, before it is read: whether the path is allowed, and
/// the deciding entry, whose rule, line and length a caller that reads only
/// `allowed` never loads. Two words, so a check passes it back in
/// registers (see `CrawlerMatcher::check`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decided<'a> {
    set: &'a RuleSet,
    /// [`Found::decided`].
    decided: u32,
}

impl Decided<'_> {
    /// Whether the path is allowed.
    #[inline(always)]
    pub(crate) fn allowed(self) -> bool {
        self.decided & DISALLOWED == 0
    }

    /// The ruling, with the deciding rule.
    #[inline(always)]
    pub(crate) fn ruling(self) -> Ruling {
        Ruling {
            allowed: self.allowed(),
            by: self.set.hit(self.decided & !DISALLOWED),
        }
    }
}

/// The bit of [`Found::decided`] that says the path is disallowed (entry
/// ids are below it).
const DISALLOWED: u32 = 1 << 31;

/// The best Allow and Disallow entries a search found ([`NONE`] for none),
/// with their priorities (0 for none).
#[derive(Clone, Copy, Debug)]
pub(super) struct Found {
    allow: u32,
    allow_priority: u32,
    disallow: u32,
    disallow_priority: u32,
}

impl Found {
    /// No entry.
    pub(super) const NOTHING: Found = Found {
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
    pub(super) fn outlasts(&self, priority: u32) -> bool {
        priority < self.allow_priority.max(self.disallow_priority)
    }

    /// Whether `entry`, if it matches, replaces the best of its kind
    /// (longer, or as long and earlier: [`beats`]; `entries` holds the
    /// best so far) and, in a pruned search, may still decide: a
    /// Disallow must be longer than the best Allow.
    #[inline(always)]
    pub(super) fn would_take<const PRUNE: bool>(&self, entries: &[Entry], entry: &Entry) -> bool {
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

    /// The entry that decides between the best Allow and Disallow (by
    /// [`decide`]; [`NONE`] less [`DISALLOWED`] for none), and
    /// [`DISALLOWED`] when the path is disallowed.
    ///
    /// Entry ids are below that bit: input is read up to 4 GiB, a rule's
    /// line takes six bytes at least (`allow` and its end), and only an
    /// Allow ending in `/index.html` files a second pattern.
    #[inline(always)]
    pub(super) fn decided(&self) -> u32 {
        let priority = |id: u32, priority: u32| match id {
            NONE => -1,
            _ => i64::from(priority),
        };
        let (disallow_decides, allowed) = decide(
            priority(self.allow, self.allow_priority),
            priority(self.disallow, self.disallow_priority),
        );
        let id = match disallow_decides {
            true => self.disallow,
            false => self.allow,
        };
        match allowed {
            true => id & !DISALLOWED,
            false => id | DISALLOWED,
        }
    }

    /// Makes `entry`, number `id`, the best of its kind.
    #[inline(always)]
    pub(super) fn take(&mut self, entry: &Entry, id: u32) {
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
