//! Finding the first byte of a kind in a URL (or a byte in a pattern), or a
//! pattern's piece in a path, sixteen places at a time.
//!
//! A check scans its URL for where the path starts, and, unless the rule
//! index can walk the path as given (see `RuleSet::deciding_unvetted`), for
//! bytes the path would need encoded; a wildcard rule then looks for its
//! pieces in the path. Byte by byte, that was a third of a
//! check's instructions on real files; on x86-64, SSE2 (always present
//! there) tests sixteen bytes in a dozen instructions, and a clean block in
//! four tests (measured with `perf stat` and callgrind on the profile
//! bench). Elsewhere (wasm32) the same answers come from [`is_in`], one byte
//! at a time.

/// A kind of byte a check looks for in a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ByteClass {
    /// `/`, `?`, `;` or `#`: where a URL's authority ends.
    Delimiter,
    /// `#`, or a byte a crawler percent-encodes
    /// ([`needs_request_escape`]): a path that needs work
    /// before matching.
    Work,
    /// This byte (a one-byte piece of a wildcard pattern, which encoding
    /// never makes or changes), or one of [`ByteClass::Work`]: a path's
    /// piece and the vetting before it, found in one scan.
    WorkOr(u8),
    /// This one byte (a pattern's literal byte in a path, a `$` or `%` in a
    /// pattern).
    Is(u8),
}

/// Whether `b` is of `class` (what [`mask`] computes sixteen at a time).
#[inline]
pub(crate) fn is_in(b: u8, class: ByteClass) -> bool {
    match class {
        ByteClass::Delimiter => matches!(b, b'/' | b'?' | b';' | b'#'),
        ByteClass::Work => b == b'#' || needs_request_escape(b),
        // Not `is_in(b, ByteClass::Work)`: a recursive `is_in` is no
        // longer inlined, and every caller's test became a call.
        ByteClass::WorkOr(byte) => b == byte || b == b'#' || needs_request_escape(b),
        ByteClass::Is(byte) => b == byte,
    }
}

/// Whether a path byte is percent-encoded when a crawler requests the URL:
/// bytes a browser or crawler never sends raw in a request line.
pub(crate) fn needs_request_escape(b: u8) -> bool {
    REQUEST_ESCAPE[usize::from(b)]
}

/// [`needs_request_escape`] as a table: one load per byte of every path.
const REQUEST_ESCAPE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c <= b' ' || c >= 0x7F || matches!(c, b'"' | b'<' | b'>' | b'`' | b'{' | b'}');
        b += 1;
    }
    table
};

/// Where the first byte of `class` in `bytes[from..]` is, as an offset into
/// `bytes`: a URL path of 30 bytes is two block tests ([`by_blocks`]).
#[inline]
pub(crate) fn find(bytes: &[u8], from: usize, class: ByteClass) -> Option<usize> {
    by_blocks(
        from,
        bytes.len(),
        // Inline, so that each caller's test is its class's alone: out of
        // line, one copy picked the class's test per block.
        #[inline(always)]
        |at, skip| {
            debug_assert!(at + 16 <= bytes.len());
            // SAFETY: `by_blocks` asks only for blocks inside its places,
            // here `bytes` (`at + 16 <= bytes.len()`); read checked, the
            // block cost every check's scans a test and a branch each
            // (the tests below read every class at every place).
            let block = unsafe { &*bytes.as_ptr().add(at).cast::<[u8; 16]>() };
            let found = mask(block, class) >> skip << skip;
            (found != 0).then(|| at + found.trailing_zeros() as usize)
        },
        |at| {
            bytes[at..]
                .iter()
                .position(|&b| is_in(b, class))
                .map(|i| at + i)
        },
    )
}

/// The first of the places `from..places` that `in_block` finds, looking at
/// sixteen places at a time, then at one block ending at the last place for
/// the rest (its first `skip` places, looked at already, left out):
/// `in_block(at, skip)` answers for places `at + skip..at + 16`. Only when
/// there are fewer than sixteen places at all are they looked at one by one
/// (`one_by_one(from)`). `in_block` is asked only for blocks inside the
/// places (`at + 16 <= places`), which an unchecked read relies on.
#[inline(always)]
fn by_blocks(
    from: usize,
    places: usize,
    in_block: impl Fn(usize, usize) -> Option<usize>,
    one_by_one: impl FnOnce(usize) -> Option<usize>,
) -> Option<usize> {
    if from >= places {
        return None;
    }
    let mut at = from;
    // `at < places` throughout: no sum here can overflow.
    while places - at >= 16 {
        if let Some(place) = in_block(at, 0) {
            return Some(place);
        }
        at += 16;
    }
    if at >= places {
        return None;
    }
    match places.checked_sub(16) {
        Some(start) => in_block(start, at - start),
        None => one_by_one(at),
    }
}

/// The leftmost `needle` in `haystack`, for a needle of at least two bytes
/// (a wildcard pattern's piece, in a path).
///
/// On x86-64, sixteen starting places at a time ([`by_blocks`]): those
/// where the needle's first and last bytes both are, from two block tests;
/// only they are compared in full, inline (a call to `memcmp` made the
/// search save and restore registers around every candidate). A path of 40
/// bytes is then three pairs of tests instead of forty comparisons
/// (www.wired.com's `/*/amp`), and a path with fewer than sixteen places
/// but sixteen bytes one pair (the last sixteen bytes give the last bytes'
/// test, shifted).
#[cfg(target_arch = "x86_64")]
pub(crate) fn find_substring(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let Some((&last, middle)) = rest.split_last() else {
        return find(haystack, 0, ByteClass::Is(first));
    };
    let span = rest.len();
    let places = haystack.len().checked_sub(span)?;
    // The first of the places in `found` (bit `i` for place `at + i`)
    // where the middle bytes match too.
    let confirmed = |at: usize, mut found: u32| {
        while found != 0 {
            let place = at + found.trailing_zeros() as usize;
            let between = haystack.get(place + 1..place + span)?;
            if between.iter().zip(middle).all(|(a, b)| a == b) {
                return Some(place);
            }
            found &= found - 1;
        }
        None
    };
    if places < 16 {
        let Some(heads) = haystack.first_chunk::<16>() else {
            return find_substring_bytewise(haystack, needle);
        };
        let tails = haystack.last_chunk::<16>()?;
        // Bit `i` of the tails' test is byte `len - 16 + i`, the last byte
        // for place `i - (16 - places)`.
        let found = mask(heads, ByteClass::Is(first))
            & mask(tails, ByteClass::Is(last)) >> (16 - places)
            & ((1 << places) - 1);
        return confirmed(0, found);
    }
    by_blocks(
        0,
        places,
        |at, skip| {
            let heads = haystack.get(at..)?.first_chunk::<16>()?;
            let tails = haystack.get(at + span..)?.first_chunk::<16>()?;
            let found = (mask(heads, ByteClass::Is(first)) & mask(tails, ByteClass::Is(last)))
                >> skip
                << skip;
            confirmed(at, found)
        },
        // Never called: there are sixteen places or more.
        |_| None,
    )
}

/// The leftmost `needle` in `haystack`: one place after the other, where
/// no block test is at hand (and the reference the block version is tested
/// against).
pub(crate) fn find_substring_bytewise(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let places = (haystack.len() + 1).checked_sub(needle.len())?;
    (0..places).find(|&at| haystack[at] == first && haystack[at + 1..].starts_with(rest))
}

/// The leftmost `needle` in `haystack`, one place after the other.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn find_substring(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    find_substring_bytewise(haystack, needle)
}

/// Bit `i` is set when `block[i]` is of `class`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn mask(block: &[u8; 16], class: ByteClass) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
        _mm_setzero_si128,
    };
    // SAFETY: SSE2 is part of every x86-64 target, so these intrinsics are
    // available; `block` is 16 readable bytes and `loadu` needs no
    // alignment.
    let bits = unsafe {
        let v = _mm_loadu_si128(block.as_ptr().cast::<__m128i>());
        let is = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
        let found = match class {
            ByteClass::Delimiter => _mm_or_si128(
                _mm_or_si128(is(b'/'), is(b'?')),
                _mm_or_si128(is(b';'), is(b'#')),
            ),
            ByteClass::Work => work(v, _mm_setzero_si128()),
            ByteClass::WorkOr(byte) => work(v, is(byte)),
            ByteClass::Is(byte) => is(byte),
        };
        _mm_movemask_epi8(found)
    };
    bits as u32 & 0xFFFF
}

/// The bytes of `v` of [`ByteClass::Work`], and those of `also` (a
/// test of `v` for another class).
///
/// # Safety
/// SSE2 must be available: it is on every x86-64 target.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn work(
    v: std::arch::x86_64::__m128i,
    also: std::arch::x86_64::__m128i,
) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::{
        _mm_and_si128, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_max_epu8, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8,
    };
    let is = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
    // Nearly every block is clean: a superset in four tests (below `$` as
    // signed bytes, that is controls, space, `!`, `"`, `#` and 0x80 up;
    // `{` and up; `<` or `>`; `` ` ``) rules most out before the exact
    // test.
    let below = _mm_cmplt_epi8(v, _mm_set1_epi8(b'$' as i8));
    let high = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(b'{' as i8)), v);
    let angle = _mm_cmpeq_epi8(
        _mm_and_si128(v, _mm_set1_epi8(!2)),
        _mm_set1_epi8(b'<' as i8),
    );
    let maybe = _mm_or_si128(_mm_or_si128(below, high), _mm_or_si128(angle, is(b'`')));
    if _mm_movemask_epi8(maybe) == 0 {
        return also;
    }
    // As signed bytes, controls, space and every byte from 0x80 up are
    // below `!`.
    let outside = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(b'!' as i8)), is(0x7F));
    let quote_or_hash = _mm_or_si128(is(b'"'), is(b'#'));
    let angle = _mm_or_si128(is(b'<'), is(b'>'));
    let other = _mm_or_si128(is(b'`'), _mm_or_si128(is(b'{'), is(b'}')));
    _mm_or_si128(
        _mm_or_si128(_mm_or_si128(outside, quote_or_hash), also),
        _mm_or_si128(angle, other),
    )
}

/// Bit `i` is set when `block[i]` is of `class`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn mask(block: &[u8; 16], class: ByteClass) -> u32 {
    block
        .iter()
        .enumerate()
        .fold(0, |found, (i, &b)| found | u32::from(is_in(b, class)) << i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_byte_of_each_class_at_every_place() {
        for class in [
            ByteClass::Delimiter,
            ByteClass::Work,
            ByteClass::WorkOr(b'?'),
            ByteClass::Is(b'?'),
        ] {
            for b in 0..=255u8 {
                for len in [1, 2, 15, 16, 17, 31, 32, 33, 40] {
                    for at in 0..len {
                        let mut bytes = vec![b'x'; len];
                        bytes[at] = b;
                        for from in [0, 1, 7, 8, 15, 16, 17, 20] {
                            let want = (at >= from && is_in(b, class)).then_some(at);
                            assert_eq!(
                                find(&bytes, from, class),
                                want,
                                "{class:?} {b:#x} at {at} of {len} from {from}"
                            );
                        }
                    }
                }
            }
            assert_eq!(find(b"", 0, class), None);
            assert_eq!(find(b"#", 1, class), None);
        }
    }

    #[test]
    fn finds_the_first_of_several() {
        let url = b"https://example.com/a b#c?d";
        assert_eq!(find(url, 0, ByteClass::Delimiter), Some(6));
        assert_eq!(find(url, 8, ByteClass::Delimiter), Some(19));
        assert_eq!(find(url, 19, ByteClass::Work), Some(21));
        assert_eq!(find(url, 22, ByteClass::Work), Some(23));
        assert_eq!(find(url, 24, ByteClass::Work), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 4096,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Paths of every length up to 40 over a small alphabet, so that
        /// first and last bytes often match without the middle.
        #[test]
        fn finds_a_substring_where_the_bytewise_search_does(
            haystack in "[/ab]{0,48}",
            needle in "[/ab]{1,5}",
        ) {
            proptest::prop_assert_eq!(
                find_substring(haystack.as_bytes(), needle.as_bytes()),
                find_substring_bytewise(haystack.as_bytes(), needle.as_bytes())
            );
        }
    }

    #[test]
    fn finds_substrings() {
        assert_eq!(find_substring(b"/a/b/amp/x", b"/amp"), Some(4));
        assert_eq!(find_substring(b"/amp", b"/amp"), Some(0));
        assert_eq!(find_substring(b"/am", b"/amp"), None);
        assert_eq!(find_substring(b"", b"ab"), None);
    }

    #[test]
    fn classes_are_what_their_names_say() {
        assert!(is_in(b'/', ByteClass::Delimiter) && is_in(b'#', ByteClass::Delimiter));
        assert!(!is_in(b':', ByteClass::Delimiter));
        assert!(is_in(b' ', ByteClass::Work) && is_in(b'#', ByteClass::Work));
        assert!(is_in(0xC3, ByteClass::Work) && is_in(0x7F, ByteClass::Work));
        assert!(!is_in(b'/', ByteClass::Work) && !is_in(b'%', ByteClass::Work));
    }
}
