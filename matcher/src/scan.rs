//! Finding the first byte of a kind in a URL, sixteen bytes at a time.
//!
//! Every check scans its URL twice before matching: for where the path
//! starts, and for bytes the path would need encoded. Byte by byte, that was
//! a third of a check's instructions on real files; on x86-64, SSE2 (always
//! present there) tests sixteen bytes in a dozen instructions: 2-7% fewer
//! cycles per check on files of a few hundred rules, a third fewer where no
//! rule applies (measured with `perf stat` on the profile bench). Elsewhere
//! (wasm32), and for the last few bytes, the same answers come from
//! [`is_in`], one byte at a time.

/// A kind of byte a check looks for in a URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ByteClass {
    /// `/`, `?`, `;` or `#`: where a URL's authority ends.
    Delimiter,
    /// `#`, or a byte a crawler percent-encodes
    /// ([`crate::pattern::needs_request_escape`]): a path that needs work
    /// before matching.
    Work,
}

/// Whether `b` is of `class`.
#[inline]
pub(crate) fn is_in(b: u8, class: ByteClass) -> bool {
    match class {
        ByteClass::Delimiter => matches!(b, b'/' | b'?' | b';' | b'#'),
        ByteClass::Work => b == b'#' || crate::pattern::needs_request_escape(b),
    }
}

/// The first byte of `bytes` of `class`.
#[inline]
pub(crate) fn find(bytes: &[u8], class: ByteClass) -> Option<usize> {
    let mut rest = bytes;
    let mut at = 0;
    while let Some((block, tail)) = rest.split_first_chunk::<16>() {
        let found = mask(block, class);
        if found != 0 {
            return Some(at + found.trailing_zeros() as usize);
        }
        rest = tail;
        at += 16;
    }
    rest.iter().position(|&b| is_in(b, class)).map(|i| at + i)
}

/// Bit `i` is set when `block[i]` is of `class`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn mask(block: &[u8; 16], class: ByteClass) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
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
            ByteClass::Work => {
                // As signed bytes, controls, space and every byte from 0x80
                // up are below `!`.
                let outside = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(b'!' as i8)), is(0x7F));
                let quote_or_hash = _mm_or_si128(is(b'"'), is(b'#'));
                let angle = _mm_or_si128(is(b'<'), is(b'>'));
                let other = _mm_or_si128(is(b'`'), _mm_or_si128(is(b'{'), is(b'}')));
                _mm_or_si128(
                    _mm_or_si128(outside, quote_or_hash),
                    _mm_or_si128(angle, other),
                )
            }
        };
        _mm_movemask_epi8(found)
    };
    bits as u32 & 0xFFFF
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
        for class in [ByteClass::Delimiter, ByteClass::Work] {
            for b in 0..=255u8 {
                for len in [1, 15, 16, 17, 40] {
                    for at in [0, len / 2, len - 1] {
                        let mut bytes = vec![b'x'; len];
                        bytes[at] = b;
                        let want = is_in(b, class).then_some(at);
                        assert_eq!(
                            find(&bytes, class),
                            want,
                            "{class:?} {b:#x} at {at} of {len}"
                        );
                    }
                }
            }
            assert_eq!(find(b"", class), None);
        }
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
