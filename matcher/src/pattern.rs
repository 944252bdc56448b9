//! Allow/Disallow patterns: normalising them and matching them against paths.
//!
//! A pattern is compared as bytes against the path of the URL. `*` matches
//! any run of bytes, `$` anchors the match at the end of the path but only as
//! the last character; everything else is literal, and the pattern is
//! anchored at the start of the path.
//!
//! Matching splits the pattern at its `*`s into literal pieces: the first must
//! be a prefix of the path, the middle ones are found leftmost one after the
//! other, and the last is a suffix (when anchored) or found once more. Taking
//! the leftmost place for each piece never loses a match, so this gives the
//! same answers as Google's position-set matcher in linear time per piece,
//! without backtracking: a pattern with hundreds of `*` against a 16 KB path
//! stays fast.

use std::borrow::Cow;

// Which bytes a request encodes is a byte class of the scanner's: stated
// there, below every module that reads paths (the linter asks it here).
pub(crate) use crate::scan::needs_request_escape;
use crate::Mode;

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

fn push_escaped(out: &mut Vec<u8>, b: u8) {
    out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xF)]]);
}

/// Normalises a pattern as written in robots.txt into the bytes that are
/// matched (and whose length is the rule's priority).
///
/// Both modes upper-case existing `%xx` escapes and percent-encode bytes
/// outside ASCII (a UTF-8 `é` becomes `%C3%A9`). RFC 9309 mode puts every
/// character it lets be written two ways in one form, the form
/// [`encode_path`] gives a URL: escapes of unreserved characters are decoded
/// (`%41` is `A`); `%2A` and `%24` stay escaped and so match a literal `*` or
/// `$` in a path, which the URL carries as `%2A` / `%24`; and a `$` before
/// the end of a pattern, a literal `$` (it anchors only as the last
/// character), is written `%24` too, so it matches a `$` in the URL.
pub fn normalize_pattern(value: &[u8], mode: Mode) -> Cow<'_, [u8]> {
    let body = &value[..value.len().saturating_sub(1)];
    let literal_dollar = mode == Mode::Rfc9309
        && crate::scan::find(body, 0, crate::scan::ByteClass::Is(b'$')).is_some();
    // Most patterns are plain ASCII without escapes: nothing to change.
    if value.is_ascii()
        && crate::scan::find(value, 0, crate::scan::ByteClass::Is(b'%')).is_none()
        && !literal_dollar
    {
        return Cow::Borrowed(value);
    }
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    while i < value.len() {
        let b = value[i];
        if b == b'%' {
            if let (Some(hi), Some(lo)) = (
                value.get(i + 1).copied().and_then(hex_value),
                value.get(i + 2).copied().and_then(hex_value),
            ) {
                let decoded = hi << 4 | lo;
                if mode == Mode::Rfc9309 && is_unreserved(decoded) {
                    out.push(decoded);
                } else {
                    push_escaped(&mut out, decoded);
                }
                i += 3;
                continue;
            }
        }
        if b >= 0x80 || (literal_dollar && b == b'$' && i + 1 < value.len()) {
            push_escaped(&mut out, b);
        } else {
            out.push(b);
        }
        i += 1;
    }
    Cow::Owned(out)
}

/// Encodes a URL path the way a crawler's request carries it: spaces,
/// controls, non-ASCII and a few unsafe characters are percent-encoded;
/// existing escapes are kept as they are.
///
/// In RFC 9309 mode the path is then normalised like a pattern, and a literal
/// `*` or `$` is encoded so that only a pattern's `%2A` / `%24` matches it.
pub fn encode_path(path: &str, mode: Mode) -> Cow<'_, [u8]> {
    let bytes = path.as_bytes();
    let requested: Cow<'_, [u8]> = if bytes.iter().any(|&b| needs_request_escape(b)) {
        Cow::Owned(escape_where(bytes, needs_request_escape))
    } else {
        Cow::Borrowed(bytes)
    };
    match mode {
        Mode::Google => requested,
        Mode::Rfc9309 => Cow::Owned(escape_where(&normalize_pattern(&requested, mode), |b| {
            b == b'*' || b == b'$'
        })),
    }
}

/// The path of a URL as a crawler requests it, in Google mode, when it
/// needs no work: `url[start..]` has no `#` and nothing to percent-encode.
/// `None` sends the caller to the general path
/// ([`crate::url::path_params_query`] and [`encode_path`]).
#[inline]
pub(crate) fn plain_request_path(url: &[u8], start: usize) -> Option<&[u8]> {
    match crate::scan::find(url, start, crate::scan::ByteClass::Work) {
        None => url.get(start..),
        Some(_) => None,
    }
}

fn escape_where(bytes: &[u8], escape: impl Fn(u8) -> bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + 8);
    for &b in bytes {
        if escape(b) {
            push_escaped(&mut out, b);
        } else {
            out.push(b);
        }
    }
    out
}

/// A normalised pattern, split for matching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    bytes: Box<[u8]>,
    shape: Shape,
}

/// Where the parts of a normalised pattern are: enough to file it by its
/// literal prefix without keeping (or copying) the pattern itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// End of the literal prefix (the bytes before the first `*`, without a
    /// final `$`).
    prefix_end: u32,
    /// The pattern ends in `$`.
    anchored: bool,
    /// The pattern has at least one `*`.
    wildcard: bool,
    /// Start of the last piece (after the last `*`); `prefix_end` without
    /// a `*`.
    last_start: u32,
}

impl Shape {
    /// The shape of the normalised pattern `bytes`.
    pub(crate) fn of(bytes: &[u8]) -> Shape {
        let anchored = bytes.last() == Some(&b'$');
        let body_end = bytes.len() - usize::from(anchored);
        let star = crate::scan::find(&bytes[..body_end], 0, crate::scan::ByteClass::Is(b'*'));
        let prefix_end = star.unwrap_or(body_end);
        let last_start = match star {
            Some(_) => memchr::memrchr(b'*', &bytes[..body_end]).map_or(prefix_end, |s| s + 1),
            None => prefix_end,
        };
        Shape {
            prefix_end: u32::try_from(prefix_end).unwrap_or(u32::MAX),
            anchored,
            wildcard: star.is_some(),
            last_start: u32::try_from(last_start).unwrap_or(u32::MAX),
        }
    }

    /// The shape of the pattern `value` as written, when that is its
    /// normalised form and its literal prefix ends at `at` (a [`glance`]'s
    /// [`Glance::Special`]): the byte there is its first `*` or its final
    /// `$`, and no byte from there on reads otherwise once normalised (a
    /// `%`, a byte above ASCII, in RFC 9309 mode a `$` but the last). One
    /// pass over the rest of the pattern, where [`Shape::of`] and the
    /// normalising it follows take three.
    pub(crate) fn as_written(value: &[u8], at: usize, mode: Mode) -> Option<Shape> {
        let anchored = value.last() == Some(&b'$');
        let body_end = value.len() - usize::from(anchored);
        if !(value.get(at) == Some(&b'*') || at == body_end) {
            return None;
        }
        // Eight bytes at a time: which are `*`s, and whether any reads
        // otherwise once normalised (the final `$` is left out; any other
        // is a literal one, which RFC 9309 mode encodes).
        let literal_dollar = mode == Mode::Rfc9309;
        let mut last_star = None;
        let body = value.get(at..body_end)?;
        let mut words = body.chunks_exact(8);
        let mut word_at = at;
        let mut read = |word: u64| {
            let stars = bytes_equal(word, b'*');
            let dollars = if literal_dollar {
                bytes_equal(word, b'$')
            } else {
                0
            };
            if bytes_equal(word, b'%') | dollars | word & HIGH != 0 {
                return false;
            }
            if stars != 0 {
                last_star = Some(word_at + (63 - stars.leading_zeros()) as usize / 8);
            }
            word_at += 8;
            true
        };
        for word in words.by_ref() {
            if !read(u64::from_le_bytes(word.try_into().unwrap_or([0; 8]))) {
                return None;
            }
        }
        // The last bytes, padded with NULs (no `*`, `$`, `%` or high bit;
        // gathered by hand: a copy of a few bytes was a call).
        let last = (words.remainder().iter().enumerate())
            .fold(0u64, |word, (i, &b)| word | u64::from(b) << (8 * i));
        if !read(last) {
            return None;
        }
        Some(Shape {
            prefix_end: u32::try_from(at).unwrap_or(u32::MAX),
            anchored,
            wildcard: last_star.is_some(),
            last_start: u32::try_from(last_star.map_or(at, |star| star + 1)).unwrap_or(u32::MAX),
        })
    }

    /// The literal bytes every path matching `bytes` starts with.
    pub(crate) fn literal_prefix(self, bytes: &[u8]) -> &[u8] {
        &bytes[..self.prefix_end as usize]
    }

    /// Whether every path that starts with the literal prefix matches the
    /// pattern `bytes` of this shape: a plain prefix (no `*`, no `$`), or one
    /// followed by nothing but `*`s (`/a*`, `/a*$`).
    pub(crate) fn is_prefix(self, bytes: &[u8]) -> bool {
        let body_end = bytes.len() - usize::from(self.anchored);
        (self.wildcard || !self.anchored)
            && bytes[(self.prefix_end as usize).min(body_end)..body_end]
                .iter()
                .all(|&b| b == b'*')
    }

    /// Whether the pattern is a literal anchored at the end (`/a$`).
    pub(crate) fn is_exact(self) -> bool {
        !self.wildcard && self.anchored
    }

    /// Whether `path` matches the pattern `bytes` of this shape, given
    /// that it starts with the literal prefix.
    pub(crate) fn matches_after_prefix(self, bytes: &[u8], path: &[u8]) -> bool {
        let prefix_end = self.prefix_end as usize;
        if !self.wildcard {
            return !self.anchored || path.len() == prefix_end;
        }
        let body_end = bytes.len() - usize::from(self.anchored);
        let last_start = self.last_start as usize;
        let last = &bytes[last_start..body_end];
        // An anchored pattern's last piece must end the path: the cheapest
        // test, and the one most paths fail (`/*.php$`).
        if self.anchored && !path.ends_with(last) {
            return false;
        }
        let mut cursor = prefix_end;
        // Pieces between the first and the last star (none for one star),
        // found leftmost one after the other.
        if last_start > prefix_end + 1 {
            for piece in bytes[prefix_end + 1..last_start - 1].split(|&b| b == b'*') {
                if piece.is_empty() {
                    continue;
                }
                match find_piece(&path[cursor..], piece) {
                    Some(at) => cursor += at + piece.len(),
                    None => return false,
                }
            }
        }
        if self.anchored {
            path.len() >= cursor + last.len()
        } else {
            last.is_empty() || find_piece(&path[cursor..], last).is_some()
        }
    }
}

/// What a pattern as written says about a path before it is normalised,
/// when its first bytes settle it ([`glance`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Glance {
    /// The path differs from the pattern at a byte that is literal however
    /// the pattern is read: neither the pattern nor its `/index.html`
    /// alternative matches.
    Differs,
    /// The pattern is plain literal bytes (nothing to normalise, no `*`, no
    /// `$`) that the path starts with: it matches, its length the priority.
    Prefix,
    /// The pattern's bytes before this place are literal and the path
    /// starts with them; the byte here may read otherwise once normalised,
    /// or is no literal (a `*`, a `$`): see [`matches_as_written`].
    Special(usize),
    /// Normalise and match to know.
    Unsure,
}

/// Compares the pattern `value` as written with `path`, up to the first byte
/// normalising may change or that is no literal (`%`, `*`, `$`, non-ASCII).
///
/// A check that tries every rule ([`crate::Robots`]'s first checks) mostly
/// meets rules that differ from the path within a few bytes; normalising
/// each of them first cost as much as parsing the file. Eight bytes are
/// compared at a time: files list dozens of rules under one long directory
/// (www.shell.com: a first check 136,000 to 49,000 instructions).
///
/// An `/index.html` alternative (`/a/` for `/a/index.html`) is the pattern
/// up to a `/` that `index.htm` follows, so a byte that differs rules it out
/// too; a path that ends first is `Unsure` only where it ends at such a `/`
/// (an `i` next in the pattern). Any other path that ends first misses a
/// literal byte: a first check of `/` (a site's home page) no longer
/// normalises every rule.
///
/// Escapes and non-ASCII bytes are read through where normalising in `mode`
/// settles them without being done: a `%` stays a `%` (unless RFC 9309 mode
/// decodes it, an escape of an unreserved character) and a byte above ASCII
/// becomes one, so a path byte other than `%` there differs; and an escape
/// already in its normal form (`%C3`) is literal bytes to compare. Files
/// that list their paths percent-encoded or in UTF-8 (the Wikimedia sites:
/// hundreds of `/wiki/%D0%A1...` and `/wiki/Служебная:` rules) otherwise
/// had every such rule normalised, a copy each, on a crawler's first check
/// (ru.wikisource.org: 200,000 instructions for one check after a parse of
/// 73,000).
#[inline]
pub(crate) fn glance(value: &[u8], path: &[u8], mode: Mode) -> Glance {
    let mut start = 0;
    loop {
        let at = match glance_literal(&value[start..], path.get(start..).unwrap_or_default()) {
            Glance::Special(at) => start + at,
            settled => return settled,
        };
        let differs = |normal: u8| path.get(at).is_some_and(|&p| p != normal);
        match value[at] {
            b'%' => match escape_at(value, at) {
                // RFC 9309 mode decodes it: the byte here is another one.
                Some(decoded) if mode == Mode::Rfc9309 && is_unreserved(decoded) => {
                    return Glance::Special(at)
                }
                Some(_) if differs(b'%') => return Glance::Differs,
                Some(_) => {
                    let normal = [b'%', value[at + 1], value[at + 2]];
                    let upper = normal.map(|b| b.to_ascii_uppercase());
                    match path.get(at..at + 3) {
                        // Already normal, as the path has it: read on.
                        Some(bytes) if bytes == normal && normal == upper => start = at + 3,
                        Some(bytes) if bytes != upper => return Glance::Differs,
                        _ => return Glance::Special(at),
                    }
                }
                // A `%` that starts no escape stays as it is.
                None if differs(b'%') => return Glance::Differs,
                None if path.get(at).is_some() => start = at + 1,
                None => return Glance::Special(at),
            },
            b if b >= 0x80 && differs(b'%') => return Glance::Differs,
            _ => return Glance::Special(at),
        }
    }
}

/// The byte the escape at `at` (`%` and two hex digits) stands for, if
/// there is one.
fn escape_at(value: &[u8], at: usize) -> Option<u8> {
    let hi = hex_value(*value.get(at + 1)?)?;
    let lo = hex_value(*value.get(at + 2)?)?;
    Some(hi << 4 | lo)
}

/// Whether [`glance`] says [`Glance::Differs`] from the first eight bytes
/// of `value` and of the path alone: both have eight, and the first byte
/// where they differ comes before any byte that is not a literal as
/// written. The bytes before that one are the path's, so that is: before
/// the path's first such byte ([`PathBytes`] reads its head once), and the
/// pattern's byte there is a literal. Inline at a first check's loop over
/// the rules, before the call that glances: most rules differ from the path
/// within eight bytes, and a call each cost ~100 instructions (its frame and
/// the glance's set-up). Not in the WebAssembly app (its first load).
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(crate) fn differs_in_head(value: &[u8], checked: &PathBytes) -> bool {
    let Some(v) = value.first_chunk::<8>() else {
        return false;
    };
    let v = u64::from_le_bytes(*v);
    let (head, literal) = checked.head;
    let at = (v ^ head).trailing_zeros() / 8;
    at < literal && !is_special((v >> (8 * at)) as u8)
}

/// [`glance`] up to the first byte that is not a literal as written.
#[inline(always)]
fn glance_literal(value: &[u8], path: &[u8]) -> Glance {
    // Whole words of both (no bounds check a word: a third of a word's
    // instructions before, on rules sharing 57 bytes with the path).
    let words = value.chunks_exact(8).zip(path.chunks_exact(8));
    let mut i = 0;
    for (v, p) in words {
        let v = u64::from_le_bytes(v.try_into().unwrap_or_default());
        let special = special_bytes(v);
        let differ = v ^ u64::from_le_bytes(p.try_into().unwrap_or_default());
        if special | differ != 0 {
            // Byte by byte, a special byte is met before a difference at
            // the same place.
            let (special, differ) = (special.trailing_zeros() / 8, differ.trailing_zeros() / 8);
            return match special <= differ {
                true => Glance::Special(i + special as usize),
                false => Glance::Differs,
            };
        }
        i += 8;
    }
    for (i, &b) in value.iter().enumerate().skip(i) {
        if is_special(b) {
            return Glance::Special(i);
        }
        match path.get(i) {
            Some(&p) if p == b => {}
            Some(_) => return Glance::Differs,
            // `value[..i]` may be the directory of an alternative, whose
            // `/` an `i` follows (or a `%69`, `%` being special).
            None if i == 0 || (value[i - 1] == b'/' && b == b'i') => return Glance::Unsure,
            None => return Glance::Differs,
        }
    }
    Glance::Prefix
}

/// Whether `path` matches the pattern `value` as written, given a
/// [`Glance::Special`] at `at`: `Some` when that is a `*` or the final `$`
/// and nothing from there on reads otherwise once normalised (no `%`, no
/// byte above ASCII, in RFC 9309 mode no `$` but the last), so the pattern
/// is its own normalised form; `None` sends the caller to normalising.
///
/// A check that tries every rule meets `/*?...` patterns that a glance
/// leaves at their second byte (www.riverisland.com: 68 of them); read as
/// written, each costs a third of normalising and matching it. (An
/// `Allow`'s `/index.html` alternative is the caller's to rule out.)
pub(crate) fn matches_as_written(value: &[u8], at: usize, path: &[u8], mode: Mode) -> Option<bool> {
    // First what most patterns fail, cheaper than reading all of one: a
    // match has the first piece after the `*` in the path, and when that
    // piece reads the same normalised (no `%`, no byte above ASCII, in RFC
    // 9309 mode no `$`), it is the normalised pattern's first piece too.
    if value.get(at) == Some(&b'*') {
        let body_end = value.len() - usize::from(value.last() == Some(&b'$'));
        let piece = plain_first_piece(&value[..body_end], at + 1, mode);
        if piece.is_some_and(|piece| find_piece(&path[at.min(path.len())..], piece).is_none()) {
            return Some(false);
        }
    }
    // The path starts with `value[..at]`, the literal prefix.
    Some(Shape::as_written(value, at, mode)?.matches_after_prefix(value, path))
}

/// The bytes of a path, as a set, for a check that tries every rule
/// ([`crate::Robots`]'s first checks): made once, when a rule first asks
/// ([`PathBytes::may_hold_pieces`]), and kept for the rules after it.
///
/// Not in the WebAssembly app: its first load had 296 bytes of room, and
/// the filter took 330 (gzipped).
pub(crate) struct PathBytes<'p> {
    path: &'p [u8],
    /// One bit per byte value; `None` until first asked.
    #[cfg(not(target_arch = "wasm32"))]
    set: Option<[u64; 4]>,
    /// The path's first eight bytes (little-endian), and how many of them
    /// come before one that is not a literal as written ([`is_special`]);
    /// 0 for a path shorter than eight ([`differs_in_head`]).
    #[cfg(not(target_arch = "wasm32"))]
    head: (u64, u32),
}

impl<'p> PathBytes<'p> {
    /// The (encoded) path a check matches.
    pub(crate) fn new(path: &'p [u8]) -> PathBytes<'p> {
        PathBytes {
            path,
            #[cfg(not(target_arch = "wasm32"))]
            set: None,
            #[cfg(not(target_arch = "wasm32"))]
            head: match path.first_chunk::<8>() {
                Some(head) => {
                    let head = u64::from_le_bytes(*head);
                    (head, special_bytes(head).trailing_zeros() / 8)
                }
                None => (0, 0),
            },
        }
    }

    /// The path.
    pub(crate) fn path(&self) -> &'p [u8] {
        self.path
    }

    /// Whether the path may match the pattern `value` as written, whose
    /// byte at `at` is a `*` (a [`Glance::Special`]): `false` when the
    /// byte after that `*` or the pattern's last byte before its final
    /// `$` and `*`s is a literal that normalising leaves as it is (ASCII,
    /// no `%`, `*` or `$`, and no escape's digit: no `%` in the two bytes
    /// before it) and the path does not hold it. Every path a pattern
    /// matches holds each of the pattern's literal bytes, so this never
    /// rules out a pattern that matches.
    ///
    /// Files of many `*`-led rules (www.southwest.com: 77 rules
    /// `Disallow: /*name=*`) otherwise had each rule's first piece read and
    /// looked for in the path on a crawler's first check.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn may_hold_pieces(&mut self, value: &[u8], at: usize) -> bool {
        debug_assert_eq!(value.get(at), Some(&b'*'));
        let body_end = value.len() - usize::from(value.last() == Some(&b'$'));
        let Some(last) = value[..body_end].iter().rposition(|&b| b != b'*') else {
            return true;
        };
        let set = *self.set.get_or_insert_with(|| byte_set(self.path));
        // Whether byte `i` is a literal that normalising leaves as it is
        // and the path lacks.
        let missing = |i: usize| {
            let b = value[i];
            !(matches!(b, b'%' | b'*' | b'$')
                || b >= 0x80
                || value[i.saturating_sub(2)..i].contains(&b'%')
                || set[usize::from(b >> 6)] & 1 << (b & 63) != 0)
        };
        let after_star = at + 1;
        !(missing(last) || (after_star < body_end && missing(after_star)))
    }
}

/// One bit per byte value `bytes` holds.
#[cfg(not(target_arch = "wasm32"))]
fn byte_set(bytes: &[u8]) -> [u64; 4] {
    let mut set = [0u64; 4];
    for &b in bytes {
        set[usize::from(b >> 6)] |= 1 << (b & 63);
    }
    set
}

/// The piece of `body` (a pattern, its final `$` left out) from `from` up
/// to its next `*`, when that is not empty and reads the same normalised
/// (no `%`, no byte above ASCII, in RFC 9309 mode no `$`): eight bytes at
/// a time.
fn plain_first_piece(body: &[u8], from: usize, mode: Mode) -> Option<&[u8]> {
    const STARS: u64 = 0x2A2A_2A2A_2A2A_2A2A;
    let rest = body.get(from..)?;
    let mut words = rest.chunks_exact(8);
    // Where the piece ends in `word` (8 for past it), or `None` when a
    // byte before that reads otherwise normalised.
    let end_in = |word: u64| {
        let dollars = match mode {
            Mode::Rfc9309 => bytes_equal(word, b'$'),
            Mode::Google => 0,
        };
        let end = bytes_equal(word, b'*').trailing_zeros();
        let changed = bytes_equal(word, b'%') | dollars | word & HIGH;
        (changed.trailing_zeros() >= end).then_some(end as usize / 8)
    };
    let piece = |len: usize| Some(&rest[..len]).filter(|piece| !piece.is_empty());
    let mut at = 0;
    for word in words.by_ref() {
        match end_in(u64::from_le_bytes(word.try_into().unwrap_or([b'*'; 8])))? {
            8 => at += 8,
            end => return piece(at + end),
        }
    }
    // The last bytes, then `*`s: the piece ends there at the latest. They
    // end the pattern's last eight bytes, read at once when it has eight.
    let left = words.remainder().len();
    if left == 0 {
        return piece(at);
    }
    let last = match body.last_chunk::<8>() {
        Some(tail) => u64::from_le_bytes(*tail) >> (8 * (8 - left)),
        None => (words.remainder().iter().enumerate())
            .fold(0, |word, (i, &b)| word | u64::from(b) << (8 * i)),
    };
    piece(at + end_in(last | STARS << (8 * left))?)
}

/// The high bit of every byte of `word` (eight, little-endian) that is
/// `b`, and no other (exact: no borrow runs from one byte to the next).
#[inline(always)]
fn bytes_equal(word: u64, b: u8) -> u64 {
    const LOW: u64 = !HIGH;
    let x = word ^ (0x0101_0101_0101_0101 * u64::from(b));
    !(((x & LOW) + LOW) | x) & HIGH
}

/// The high bit of each of eight bytes.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Whether a byte of a pattern as written may read otherwise once
/// normalised, or is no literal ([`glance`]).
#[inline]
fn is_special(b: u8) -> bool {
    matches!(b, b'%' | b'*' | b'$') || b >= 0x80
}

/// The bytes of `word` (eight, little-endian) that are [`is_special`], as
/// their high bits: exact up to the first such byte (the lowest set bit),
/// which is all [`glance`] reads.
#[inline]
fn special_bytes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each zero byte of `x` (and maybe of bytes after one).
    let zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH;
    // `$` (0x24) and `%` (0x25) differ only in their lowest bit: one test
    // finds both.
    zero((word | ONES) ^ (ONES * u64::from(b'%')))
        | zero(word ^ (ONES * u64::from(b'*')))
        | (word & HIGH)
}

/// Whether `path` matches the normalised pattern `bytes`: what
/// [`Pattern::matches`] says, without preparing a [`Pattern`] first (for
/// checks that try each rule once).
pub(crate) fn pattern_matches(bytes: &[u8], path: &[u8]) -> bool {
    let shape = Shape::of(bytes);
    path.starts_with(shape.literal_prefix(bytes)) && shape.matches_after_prefix(bytes, path)
}

impl Pattern {
    /// Prepares normalised pattern bytes for matching.
    pub fn new(bytes: Vec<u8>) -> Pattern {
        Pattern {
            shape: Shape::of(&bytes),
            bytes: bytes.into_boxed_slice(),
        }
    }

    /// The normalised pattern.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The normalised pattern as text (it is ASCII after normalisation,
    /// except for bytes that were invalid to begin with).
    pub fn as_str_lossy(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    /// The match priority: the length of the normalised pattern in bytes,
    /// `*` and `$` included.
    pub fn priority(&self) -> u32 {
        u32::try_from(self.bytes.len()).unwrap_or(u32::MAX)
    }

    /// The literal bytes every matching path starts with.
    pub fn literal_prefix(&self) -> &[u8] {
        self.shape.literal_prefix(&self.bytes)
    }

    /// Whether `path` matches the whole pattern.
    pub fn matches(&self, path: &[u8]) -> bool {
        path.starts_with(self.literal_prefix()) && self.matches_after_prefix(path)
    }

    /// Whether `path` matches, given that it is known to start with
    /// [`Pattern::literal_prefix`].
    pub fn matches_after_prefix(&self, path: &[u8]) -> bool {
        self.shape.matches_after_prefix(&self.bytes, path)
    }

    /// The bytes after the literal prefix that every matching path holds
    /// (no `*`, no final `$`), for a cheap test before matching.
    pub(crate) fn required_after_prefix(&self) -> impl Iterator<Item = u8> + '_ {
        let body_end = self.bytes.len() - usize::from(self.shape.anchored);
        self.bytes[(self.shape.prefix_end as usize).min(body_end)..body_end]
            .iter()
            .copied()
            .filter(|&b| b != b'*')
    }

    /// The one piece a path must hold after the literal prefix, when that
    /// is the whole test: an unanchored pattern with one run of literal
    /// bytes among its stars (`/*?`, `/*/amp`, `/*comments?*`).
    pub(crate) fn sole_piece(&self) -> Option<&[u8]> {
        if self.shape.anchored || !self.shape.wildcard {
            return None;
        }
        let mut pieces = self.bytes[self.shape.prefix_end as usize..]
            .split(|&b| b == b'*')
            .filter(|piece| !piece.is_empty());
        match (pieces.next(), pieces.next()) {
            (Some(piece), None) => Some(piece),
            _ => None,
        }
    }

    /// The last byte every matching path ends with: the pattern is anchored
    /// and ends in a literal byte.
    pub(crate) fn required_last_byte(&self) -> Option<u8> {
        if !self.shape.anchored || !self.shape.wildcard {
            return None;
        }
        let body = &self.bytes[..self.bytes.len() - 1];
        body.last().copied().filter(|&b| b != b'*')
    }
}

/// The leftmost `needle` in `haystack`. A general substring search pays a
/// set-up cost per call that URL paths under 256 bytes (nearly all) are too
/// short to win back: for them, [`crate::scan`]'s block search.
pub(crate) fn find_piece(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    match needle {
        [] => Some(0),
        [b] => crate::scan::find(haystack, 0, crate::scan::ByteClass::Is(*b)),
        _ if haystack.len() < 256 => crate::scan::find_substring(haystack, needle),
        _ => memchr::memmem::find(haystack, needle),
    }
}

/// The pattern Google also accepts for an `Allow` ending in `/index.htm...`:
/// the directory itself, anchored (`/a/index.html` also allows `/a/`).
pub fn index_html_alternative(pattern: &[u8]) -> Option<Vec<u8>> {
    let slash = memchr::memrchr(b'/', pattern)?;
    if !pattern[slash..].starts_with(b"/index.htm") {
        return None;
    }
    let mut alternative = pattern[..=slash].to_vec();
    alternative.push(b'$');
    Some(alternative)
}

/// A deliberately simple matcher (recursive, exponential in the worst case)
/// used by tests as the reference the fast matcher must agree with. Only a
/// `$` that ends the pattern anchors; any other `$` is compared literally.
#[cfg(test)]
pub(crate) fn naive_matches(pattern: &[u8], path: &[u8]) -> bool {
    match pattern.split_first() {
        None => true,
        Some((b'$', [])) => path.is_empty(),
        Some((b'*', rest)) => (0..=path.len()).any(|i| naive_matches(rest, &path[i..])),
        Some((&c, rest)) => path.first() == Some(&c) && naive_matches(rest, &path[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn matches(pattern: &str, path: &str) -> bool {
        Pattern::new(pattern.as_bytes().to_vec()).matches(path.as_bytes())
    }

    #[test]
    fn plain_patterns_are_prefixes() {
        assert!(matches("/fish", "/fish"));
        assert!(matches("/fish", "/fish.html"));
        assert!(matches("/fish", "/fishheads/yummy.html"));
        assert!(!matches("/fish", "/Fish.asp"));
        assert!(!matches("/fish", "/catfish"));
        assert!(matches("", "/anything"));
        assert!(matches("/", "/"));
    }

    #[test]
    fn star_matches_any_run() {
        assert!(matches("/*.php", "/index.php"));
        assert!(matches("/*.php", "/filename.php?parameters"));
        assert!(!matches("/*.php", "/windows.PHP"));
        assert!(matches("/fish*", "/fish"));
        assert!(matches("/*.html$", "/docs/v1.2/page.html"));
        assert!(matches("*", "/"));
        assert!(matches("/a**b", "/ab"));
    }

    #[test]
    fn dollar_anchors_only_at_the_end() {
        assert!(matches("/*.php$", "/filename.php"));
        assert!(!matches("/*.php$", "/filename.php?parameters"));
        assert!(!matches("/*.php$", "/filename.php5"));
        assert!(matches("/fish$", "/fish"));
        assert!(!matches("/fish$", "/fish/"));
        assert!(matches("/a$b", "/a$b/c"));
        assert!(!matches("/a$b", "/ab"));
        assert!(!matches("$", "/"));
        assert!(matches("/*$", "/x"));
    }

    #[test]
    fn anchored_suffix_may_not_overlap_earlier_pieces() {
        assert!(!matches("/*ab*ba$", "/aba"));
        assert!(matches("/*ab*ba$", "/abba"));
        assert!(matches("/*a$", "/a"));
        assert!(!matches("/x*a$", "/x"));
    }

    #[test]
    fn normalization_escapes_non_ascii_and_uppercases_escapes() {
        let norm = |s: &str, m| {
            String::from_utf8(normalize_pattern(s.as_bytes(), m).into_owned()).unwrap()
        };
        assert_eq!(
            norm("/SanJoséSellers", Mode::Google),
            "/SanJos%C3%A9Sellers"
        );
        assert_eq!(norm("/a%2fb%aa", Mode::Google), "/a%2Fb%AA");
        assert_eq!(norm("/%zz%", Mode::Google), "/%zz%");
        assert_eq!(norm("/%41%7e%2A%24", Mode::Google), "/%41%7E%2A%24");
        assert_eq!(norm("/%41%7e%2A%24", Mode::Rfc9309), "/A~%2A%24");
        assert_eq!(norm("/a$b$", Mode::Google), "/a$b$");
        assert_eq!(norm("/a$b$", Mode::Rfc9309), "/a%24b$");
    }

    /// In RFC 9309 mode, every character that may be written two ways
    /// matches both ways round: in the pattern and in the URL, plain and
    /// escaped.
    #[test]
    fn rfc_mode_reads_each_two_way_character_as_one() {
        let matches = |pattern: &str, url_path: &str| {
            let pattern = normalize_pattern(pattern.as_bytes(), Mode::Rfc9309);
            pattern_matches(&pattern, &encode_path(url_path, Mode::Rfc9309))
        };
        // (plain, escaped): an unreserved letter and tilde, a non-ASCII
        // letter, `$` and `*` taken literally, a reserved `/` in any case.
        let pairs = [
            ("b", "%62"),
            ("~", "%7E"),
            ("é", "%C3%A9"),
            ("$", "%24"),
            ("*", "%2A"),
            ("%2F", "%2f"),
        ];
        for (plain, escaped) in pairs {
            for pattern_form in [plain, escaped] {
                for url_form in [plain, escaped] {
                    // `*` in a pattern is the wildcard, not the character.
                    if pattern_form == "*" {
                        continue;
                    }
                    let pattern = format!("/a{pattern_form}c");
                    let url_path = format!("/a{url_form}c");
                    assert!(matches(&pattern, &url_path), "{pattern} vs {url_path}");
                    assert!(!matches(&pattern, "/a-c"), "{pattern} vs /a-c");
                }
            }
        }
        // A last `$` still anchors.
        assert!(matches("/a$", "/a"));
        assert!(!matches("/a$", "/a$"));
        assert!(!matches("/a$", "/ab"));
    }

    #[test]
    fn request_encoding_escapes_what_a_crawler_escapes() {
        let enc = |s: &str, m| String::from_utf8(encode_path(s, m).into_owned()).unwrap();
        assert_eq!(
            enc("/a b/é?q=\"x\"", Mode::Google),
            "/a%20b/%C3%A9?q=%22x%22"
        );
        assert_eq!(enc("/a%2fb", Mode::Google), "/a%2fb");
        assert_eq!(enc("/a%2fb/%41*$", Mode::Rfc9309), "/a%2Fb/A%2A%24");
    }

    #[test]
    fn a_glance_leaves_a_path_ending_after_a_slash_unsure() {
        // `/a/` is allowed by the `/a/$` alternative of `/a/index.html`.
        assert_eq!(
            glance(b"/a/index.html", b"/a/", Mode::Google),
            Glance::Unsure
        );
        assert_eq!(
            glance(b"/a/index.html", b"/b/", Mode::Google),
            Glance::Differs
        );
        assert_eq!(
            glance(b"/a/index.html", b"/a/index.html?x", Mode::Google),
            Glance::Prefix
        );
        // `%2f` stays an escape (upper-cased), never the `/` of the path.
        assert_eq!(glance(b"/a%2fb", b"/a/b", Mode::Google), Glance::Differs);
        assert_eq!(
            glance(b"/a%2fb", b"/a%2Fb", Mode::Google),
            Glance::Special(2)
        );
        assert_eq!(
            glance(b"/*.php", b"/x.php", Mode::Google),
            Glance::Special(1)
        );
        assert_eq!(glance(b"", b"/", Mode::Google), Glance::Prefix);
        // Only a `/` can end an alternative's directory.
        assert_eq!(
            glance(b"/about-us/contact", b"/about", Mode::Google),
            Glance::Differs
        );
        assert_eq!(
            glance(b"/about/x", b"/about/", Mode::Google),
            Glance::Differs
        );
        assert_eq!(
            glance(b"/about/in", b"/about/", Mode::Google),
            Glance::Unsure
        );
        assert_eq!(glance(b"/w/index.php", b"/", Mode::Google), Glance::Differs);
        // Eight bytes at a time: the first difference or special byte
        // decides, wherever it falls in a word.
        assert_eq!(
            glance(
                b"/business-customers/a",
                b"/business-customers/b",
                Mode::Google
            ),
            Glance::Differs
        );
        let google = |value: &[u8], path: &[u8]| glance(value, path, Mode::Google);
        let rfc = |value: &[u8], path: &[u8]| glance(value, path, Mode::Rfc9309);
        assert_eq!(
            google(b"/business-customers/a", b"/business-customers/a?x"),
            Glance::Prefix
        );
        assert_eq!(
            google(b"/business*customers", b"/business-customers"),
            Glance::Special(9)
        );
        // Google's reading keeps `%73` an escape, which `s` is not; RFC
        // 9309's decodes it.
        assert_eq!(
            google(b"/busines%73-customers", b"/business-customers"),
            Glance::Differs
        );
        assert_eq!(
            rfc(b"/busines%73-customers", b"/business-customers"),
            Glance::Special(8)
        );
        assert_eq!(
            google(b"/busimess%73-customers", b"/business-customers"),
            Glance::Differs
        );
        // A byte above ASCII becomes an escape: `e` is not its `%`.
        assert_eq!(
            google("/business-cust\u{e9}".as_bytes(), b"/business-custe"),
            Glance::Differs
        );
        assert_eq!(
            google("/business-cust\u{e9}".as_bytes(), b"/business-cust%C3%A9"),
            Glance::Special(14)
        );
        // Escapes in their normal form are read through, in both modes
        // (`%3A` is `:`, reserved: RFC 9309 keeps it escaped too).
        for glance in [google, rfc] {
            assert_eq!(
                glance(
                    b"/wiki/Wikipedia%3AL%C3%B6sch/",
                    b"/wiki/Wikipedia%3AL%C3%B6sch/x"
                ),
                Glance::Prefix
            );
            assert_eq!(
                glance(
                    b"/wiki/Wikipedia%3AL%C3%B6sch/",
                    b"/wiki/Wikipedia%3ADo_usuni%C4%99cia"
                ),
                Glance::Differs
            );
            assert_eq!(glance(b"/wiki/%D8%AE", b"/wiki/Wikipedia"), Glance::Differs);
            assert_eq!(glance(b"/a%3A*b", b"/a%3Axb"), Glance::Special(5));
            // A path that ends in an escape, or a lower-case escape, is
            // left to normalising.
            assert_eq!(glance(b"/a%3A", b"/a%3"), Glance::Special(2));
            assert_eq!(glance(b"/a%3a", b"/a%3A"), Glance::Special(2));
            assert_eq!(glance(b"/a%3a", b"/a%3B"), Glance::Differs);
            // A `%` that starts no escape is a literal `%`.
            assert_eq!(glance(b"/100%/x", b"/100%/x"), Glance::Prefix);
            assert_eq!(glance(b"/100%/x", b"/100/x"), Glance::Differs);
        }
        assert_eq!(
            glance(b"/business-$", b"/business-x", Mode::Google),
            Glance::Special(10)
        );
    }

    #[test]
    fn patterns_that_are_their_own_normalised_form_are_matched_as_written() {
        let google = |value: &str, at, path: &str| {
            matches_as_written(value.as_bytes(), at, path.as_bytes(), Mode::Google)
        };
        assert_eq!(google("/*?*sort=", 1, "/a?b&sort=1"), Some(true));
        assert_eq!(google("/*?*sort=", 1, "/a/sort="), Some(false));
        assert_eq!(google("/a$", 2, "/a"), Some(true));
        assert_eq!(google("/a$", 2, "/ab"), Some(false));
        assert_eq!(google("/*.pdf$", 1, "/x.pdf"), Some(true));
        // Bytes that normalising changes, and a `$` that is a literal.
        assert_eq!(google("/*%41", 1, "/A"), None);
        assert_eq!(google("/*\u{e9}", 1, "/x"), None);
        assert_eq!(google("/a$b", 2, "/a$b"), None);
        assert_eq!(google("/*$x$", 1, "/a$x"), Some(true));
        let rfc = matches_as_written(b"/*$x$", 1, b"/a$x", Mode::Rfc9309);
        assert_eq!(rfc, None);
    }

    #[test]
    fn a_literal_byte_the_path_lacks_rules_a_pattern_out() {
        let may = |value: &str, path: &str| {
            let at = value.find('*').unwrap();
            PathBytes::new(path.as_bytes()).may_hold_pieces(value.as_bytes(), at)
        };
        // The last literal byte, and the byte after the `*`.
        assert!(!may("/*cid=*", "/user/docs.jpg"));
        assert!(!may("/*cid=*=*$", "/user/dots.jpg?d="));
        assert!(may("/*cid=*", "/user/docs.jpg?d=c"));
        assert!(!may("/*.pdf$", "/a.html"));
        // Bytes normalising may change prove nothing: an escape's digits,
        // a `%`, a byte above ASCII, a `$` that is not the anchor.
        assert!(may("/*%3d", "/x"));
        assert!(may("/*%3", "/x"));
        assert!(may("/*\u{e9}", "/x"));
        assert!(may("/*$$", "/y"));
        assert!(!may("/*$x$", "/y"));
        assert!(may("/*", "/y"));
    }

    #[test]
    fn index_html_alternative_is_the_anchored_directory() {
        let alt =
            |s: &str| index_html_alternative(s.as_bytes()).map(|v| String::from_utf8(v).unwrap());
        assert_eq!(alt("/a/index.html").as_deref(), Some("/a/$"));
        assert_eq!(alt("/index.htm").as_deref(), Some("/$"));
        assert_eq!(alt("/a/index.php"), None);
        assert_eq!(alt("/index.html/x"), None);
    }

    #[test]
    fn many_stars_against_a_long_path() {
        let pattern = "/".to_string() + &"*a".repeat(500);
        let path = "/".to_string() + &"ab".repeat(8_000);
        assert!(matches(&pattern, &path));
        let path = "/".to_string() + &"b".repeat(16_000);
        assert!(!matches(&pattern, &path));
    }

    proptest! {
        /// A glance never contradicts normalising and matching, the
        /// `/index.html` alternative included, in either mode.
        #[test]
        fn a_glance_agrees_with_normalising_and_matching(
            value in "/(a|b|%61|%2f|%2F|%3A|%C3%A9|%|%4|[*]|[$]|é|index.html|i%6Edex.htm|%69ndex.htm|/|abcdefgh){0,4}[$]?",
            path in "/?(a|b|%61|%2F|%2f|%3A|%3|%|[*]|[$]|%C3%A9|index.html|/|abcdefgh){0,5}",
            rfc in any::<bool>(),
        ) {
            let mode = if rfc { Mode::Rfc9309 } else { Mode::Google };
            let normalized = normalize_pattern(value.as_bytes(), mode);
            let path = path.as_bytes();
            let main = pattern_matches(&normalized, path);
            let alternative = index_html_alternative(&normalized)
                .is_some_and(|alt| pattern_matches(&alt, path));
            match glance(value.as_bytes(), path, mode) {
                Glance::Differs => prop_assert!(!main && !alternative),
                Glance::Prefix => prop_assert!(main && *normalized == *value.as_bytes()),
                Glance::Special(at) => {
                    if let Some(matched) = matches_as_written(value.as_bytes(), at, path, mode) {
                        prop_assert_eq!(&*normalized, value.as_bytes());
                        prop_assert_eq!(matched, main);
                    }
                }
                Glance::Unsure => {}
            }
            if differs_in_head(value.as_bytes(), &PathBytes::new(path)) {
                prop_assert_eq!(glance(value.as_bytes(), path, mode), Glance::Differs);
            }
        }

        /// A pattern's shape as written, where there is one, is the shape
        /// of its normalised form, which is the pattern itself.
        #[test]
        fn a_shape_as_written_is_the_normalised_shape(
            value in "(/|a|[*]|[$]|%41|é){0,6}",
            rfc in any::<bool>(),
        ) {
            let mode = if rfc { Mode::Rfc9309 } else { Mode::Google };
            let bytes = value.as_bytes();
            let at = bytes.iter().position(|&b| is_special(b)).unwrap_or(bytes.len());
            if let Some(shape) = Shape::as_written(bytes, at, mode) {
                prop_assert_eq!(&*normalize_pattern(bytes, mode), bytes);
                prop_assert_eq!(shape, Shape::of(bytes));
            }
        }

        /// The path's bytes never rule out a pattern that matches it, in
        /// either mode, wherever its `*` is, escapes and bytes above ASCII
        /// included (an Allow's `/index.html` alternative is its caller's).
        #[test]
        fn path_bytes_never_rule_out_a_match(
            value in "/?(a|b|=|%61|%3d|%3D|%2f|%|%4|[*]|[$]|é|x=|/){0,6}[*](a|=|%3D|%|%4|[*]|é|/){0,3}[$]?",
            path in "/(a|b|=|%61|%3D|%2F|%|[*]|[$]|é|x=|/|c){0,8}",
            rfc in any::<bool>(),
        ) {
            let mode = if rfc { Mode::Rfc9309 } else { Mode::Google };
            let path = encode_path(&path, mode);
            let normalized = normalize_pattern(value.as_bytes(), mode);
            let bytes = value.as_bytes();
            for (at, _) in bytes.iter().enumerate().filter(|(_, &b)| b == b'*') {
                let mut checked = PathBytes::new(&path);
                if pattern_matches(&normalized, &path) {
                    prop_assert!(checked.may_hold_pieces(bytes, at), "{:?} {:?}", value, path);
                }
            }
        }

        #[test]
        fn agrees_with_the_naive_matcher(
            pattern in "[/ab*$]{0,8}",
            path in "/[ab$*]{0,10}",
        ) {
            prop_assert_eq!(
                matches(&pattern, &path),
                naive_matches(pattern.as_bytes(), path.as_bytes()),
                "pattern {:?} path {:?}", pattern, path
            );
        }
    }
}
