//! Splitting robots.txt bytes into lines and lines into `key: value`, exactly
//! as Google's parser reads them.
//!
//! This is the first stage of the pipeline (tokenize line -> classify key ->
//! build groups -> match): [`Lines`] and [`split_directive`] reproduce
//! Google's byte-level robustness, and [`read_line`] hands the key to
//! [`crate::key`] for its meaning:
//!
//! * a UTF-8 byte order mark, or any leading part of one, is skipped;
//! * LF, CR and CRLF all end a line, in any mix;
//! * in Google mode a line keeps at most [`MAX_LINE_BYTES`] bytes, the rest
//!   is dropped (RFC 9309 sets no line length: its mode reads lines whole);
//! * a NUL byte ends the readable part of a line (Google's parser works on
//!   C strings);
//! * `#` starts a comment anywhere on the line;
//! * when a line has no `:`, a single run of spaces or tabs between exactly
//!   two words is accepted in its place (`Disallow /private`).
//!
//! All positions are byte offsets into the original input, so an editor can
//! colour the text it shows.
//!
//! There is one reading, in layers: [`Lines`] finds each line's [`Marks`]
//! (where it ends and where its first `#`, `:` and NUL are), [`read_text`]
//! trims and splits its text, and [`key_meaning`] classifies the key.
//! [`RawLine`], [`split_directive`] and [`read_line`] dress these up with
//! comments and shapes for the view and the linter; the parser calls the
//! layers directly and skips building what it would throw away (a sixth of
//! its time on typical 2-40 KB files).
//!
//! Speed: [`Lines`] finds the bytes a line's shape depends on (line endings,
//! `#`, `:`, NUL) 64 at a time as a bit mask, then walks the set bits, so
//! most bytes are never looked at one by one. The hot functions here are
//! inlined into each other natively, where that is worth a third of the
//! parse time; in WebAssembly, where code is downloaded, they stay functions
//! (`cfg_attr(not(target_family = "wasm"), inline(always))`).

use std::ops::Range;

use crate::key::{classify, Key, KeyKind, Spelling};
use crate::model::LineKind;
use crate::Mode;

/// The longest line Google reads, in bytes; the rest of a longer line is
/// ignored. (Eight times the 2,083-byte URL limit of old browsers, less the
/// terminating NUL of Google's line buffer.)
pub const MAX_LINE_BYTES: usize = 2083 * 8 - 1;

const UTF8_BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// One physical line of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawLine {
    /// 1-based line number, counted the way Google counts (CRLF is one end).
    pub number: u32,
    /// The whole line in the input, without its line ending.
    pub span: Range<usize>,
    /// The part of the line that is read: cut at the first NUL byte and, in
    /// Google mode, at [`MAX_LINE_BYTES`].
    pub readable: Range<usize>,
    /// The line is longer than [`MAX_LINE_BYTES`], what Google reads (in
    /// either mode: RFC 9309 mode reads it whole, but says so).
    pub too_long: bool,
    /// Offset of the first NUL byte within the line, if any.
    pub nul_at: Option<usize>,
    /// Where the first `#` of the readable part is (a comment starts there).
    pub hash: Option<usize>,
    /// Where the first `:` before any `#` of the readable part is.
    pub colon: Option<usize>,
}

/// Length of the (possibly partial) UTF-8 byte order mark at the start.
pub fn bom_len(input: &[u8]) -> usize {
    input
        .iter()
        .zip(UTF8_BOM.iter())
        .take_while(|(a, b)| a == b)
        .count()
}

/// Whether a byte may be one a line's shape depends on: a line ending, `#`,
/// `:` or NUL. Every control byte up to CR is included (tab too): one
/// comparison instead of three, and the few extra hits are skipped.
#[inline]
fn is_structural(b: u8) -> bool {
    (b <= b'\r') | (b == b'#') | (b == b':')
}

/// Bit `i` is set when `block[i]` [`is_structural`].
///
/// On x86-64, SSE2 (always present there) compares 16 bytes at once and
/// `movemask` gathers the results; elsewhere (wasm32) [`portable_mask`]
/// gives the same bits. Either way this is what makes parsing big files
/// fast: a fraction of a nanosecond per byte.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn structural_mask(block: &[u8; 64]) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };
    let mut mask = 0u64;
    for (i, lane) in block.chunks_exact(16).enumerate() {
        // SAFETY: SSE2 is part of every x86-64 target, so these intrinsics
        // are available; `lane` is 16 readable bytes and `loadu` needs no
        // alignment.
        let bits = unsafe {
            let v = _mm_loadu_si128(lane.as_ptr().cast::<__m128i>());
            // `min(b, CR) == b` is `b <= CR`.
            let control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(b'\r' as i8)), v);
            let hash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'#' as i8));
            let colon = _mm_cmpeq_epi8(v, _mm_set1_epi8(b':' as i8));
            _mm_movemask_epi8(_mm_or_si128(control, _mm_or_si128(hash, colon)))
        };
        mask |= u64::from(bits as u16) << (16 * i);
    }
    mask
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn structural_mask(block: &[u8; 64]) -> u64 {
    portable_mask(block)
}

/// [`structural_mask`] in plain Rust, which the compiler turns into vector
/// compares (one flag byte per input byte) and eight multiplications that
/// gather eight flags each into one byte of the mask.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn portable_mask(block: &[u8; 64]) -> u64 {
    let mut flags = [0u8; 64];
    for (flag, &b) in flags.iter_mut().zip(block) {
        *flag = u8::from(is_structural(b));
    }
    let mut mask = 0u64;
    for (i, eight) in flags.chunks_exact(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(eight);
        // Each byte is 0 or 1; the product collects byte k's bit at bit
        // 56 + k, and the shift brings the eight of them down.
        let bits = u64::from_le_bytes(word).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= bits << (8 * i);
    }
    mask
}

/// How blocks of 64 bytes are told structural or not, for [`Structural`]:
/// with the baseline tests ([`structural_mask`]), or with AVX2 where the
/// processor has it ([`Avx2`], which the parser asks for once per parse).
/// The bits are the same; AVX2 takes two fifths fewer instructions a block
/// (a block was two fifths of the parse of files of long lines:
/// www.coldwellbanker.com's sitemaps, paytm.com's URLs as rules).
pub(crate) trait BlockScan: Copy {
    /// Bit `i` is set when `input[at + i]` [`is_structural`], for the 64
    /// bytes at `at` (fewer at the end of the input).
    fn structural(self, input: &[u8], at: usize) -> u64;
}

/// The 64 bytes at `at` of `input`, padded with spaces (which are not
/// structural) past the input's end, through `test`.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
fn padded_block(input: &[u8], at: usize, test: impl Fn(&[u8; 64]) -> u64) -> u64 {
    let rest = input.get(at..).unwrap_or_default();
    match rest.first_chunk::<64>() {
        Some(block) => test(block),
        None => {
            let mut block = [b' '; 64];
            block[..rest.len()].copy_from_slice(rest);
            test(&block)
        }
    }
}

/// [`structural_mask`]: SSE2 on every x86-64 processor, plain Rust
/// elsewhere.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Baseline;

impl BlockScan for Baseline {
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn structural(self, input: &[u8], at: usize) -> u64 {
        padded_block(input, at, structural_mask)
    }
}

/// AVX2 block tests, for a processor that has them: the only way to one is
/// [`Avx2::detect`], so holding one proves it.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// AVX2, when this processor has it.
    pub(crate) fn detect() -> Option<Avx2> {
        std::arch::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl BlockScan for Avx2 {
    #[inline(always)]
    fn structural(self, input: &[u8], at: usize) -> u64 {
        padded_block(input, at, |block| {
            let (low, high) = block.split_at(32);
            let half = |half: &[u8]| {
                let half = half.first_chunk::<32>().copied().unwrap_or([b' '; 32]);
                // SAFETY: an `Avx2` exists only when the processor has AVX2
                // (`Avx2::detect`), all `avx2_structural_mask` needs.
                let bits = unsafe { avx2_structural_mask(&half) };
                // Kept opaque: seeing two masks of compares joined into one
                // of 64 bits, the compiler took them apart bit by bit
                // (three times the instructions of the whole parse).
                std::hint::black_box(bits)
            };
            u64::from(half(low)) | u64::from(half(high)) << 32
        })
    }
}

/// [`structural_mask`] of 32 bytes, with AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn avx2_structural_mask(block: &[u8; 32]) -> u32 {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8,
        _mm256_or_si256, _mm256_set1_epi8,
    };
    // SAFETY: `block` is 32 readable bytes, and `loadu` needs no alignment.
    let v = unsafe { _mm256_loadu_si256(block.as_ptr().cast::<__m256i>()) };
    // `min(b, CR) == b` is `b <= CR`.
    let control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(b'\r' as i8)), v);
    let hash = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'#' as i8));
    let colon = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b':' as i8));
    _mm256_movemask_epi8(_mm256_or_si256(control, _mm256_or_si256(hash, colon))) as u32
}

/// The positions of the structural bytes of an input, in order, found 64
/// bytes at a time.
#[derive(Clone, Debug)]
struct Structural<'a, S> {
    input: &'a [u8],
    scan: S,
    /// Start of the block `mask` describes.
    base: usize,
    /// The block's structural bytes not yet returned.
    mask: u64,
}

impl<'a, S: BlockScan> Structural<'a, S> {
    fn new(input: &'a [u8], scan: S) -> Structural<'a, S> {
        Structural {
            input,
            scan,
            base: 0,
            mask: scan.structural(input, 0),
        }
    }
}

impl<S: BlockScan> Iterator for Structural<'_, S> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            self.base += 64;
            if self.base >= self.input.len() {
                return None;
            }
            self.mask = self.scan.structural(self.input, self.base);
        }
        let at = self.base + self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(at)
    }
}

/// The lines of an input, skipping a leading (partial) BOM.
///
/// Like Google's parser, the text after the last line ending is always a
/// line, even when it is empty. One pass over the input finds the line
/// endings and each line's first `#`, `:` and NUL together.
#[derive(Clone, Debug)]
pub struct Lines<'a, S = Baseline> {
    input: &'a [u8],
    structural: Structural<'a, S>,
    /// Where the next line starts; `None` once the last line was returned.
    start: Option<usize>,
    number: u32,
    /// The most bytes of a line that are read.
    max_line: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `input` as `mode` reads them: Google cuts a line at
    /// [`MAX_LINE_BYTES`]; RFC 9309 sets no length.
    pub fn new(input: &'a [u8], mode: Mode) -> Lines<'a> {
        Lines::with_scan(input, mode, Baseline)
    }
}

impl<'a, S: BlockScan> Lines<'a, S> {
    /// [`Lines::new`], finding structural bytes with `scan`.
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    pub(crate) fn with_scan(input: &'a [u8], mode: Mode, scan: S) -> Lines<'a, S> {
        Lines {
            input,
            structural: Structural::new(input, scan),
            start: Some(bom_len(input)),
            number: 0,
            max_line: match mode {
                Mode::Google => MAX_LINE_BYTES,
                Mode::Rfc9309 => usize::MAX,
            },
        }
    }
}

/// "No such byte in this line", for the positions of [`Marks`]: cheaper
/// than `Option`s in the loops that run once per line or structural byte,
/// and it compares after every real position.
pub(crate) const NONE: usize = usize::MAX;

/// The positions one line's reading depends on, as [`Lines`] finds them.
/// [`RawLine`] is built from these; the parser reads them directly, through
/// the same [`Marks::text_end`] and [`read_text`] as [`split_directive`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Marks {
    /// 1-based line number.
    pub number: u32,
    pub start: usize,
    /// End of the line, without its line ending.
    pub end: usize,
    /// The first `#`, or [`NONE`].
    pub hash: usize,
    /// The first `:` (before or after a `#`), or [`NONE`].
    pub colon: usize,
    /// The first NUL byte, or [`NONE`].
    pub nul: usize,
}

impl Marks {
    /// End of the readable part: cut at the first NUL and after `max_line`
    /// bytes.
    #[inline(always)]
    pub fn readable_end(&self, max_line: usize) -> usize {
        self.start + (self.nul.min(self.end) - self.start).min(max_line)
    }

    /// End of the text before the comment of the part of the line read
    /// when reading stops at `limit`, and end of that part.
    #[inline(always)]
    pub fn text_end(&self, max_line: usize, limit: usize) -> (usize, usize) {
        text_end(self.start, self.readable_end(max_line), self.hash, limit)
    }
}

/// The end of what is read of a line that starts at `start` and is
/// readable up to `readable_end`, when reading stops at `limit`; and the
/// end of its text, where its first `#` (`hash`) starts a comment.
#[inline(always)]
fn text_end(start: usize, readable_end: usize, hash: usize, limit: usize) -> (usize, usize) {
    let readable_end = readable_end.min(limit).max(start);
    (readable_end, hash.min(readable_end))
}

impl<S: BlockScan> Lines<'_, S> {
    /// The most bytes of a line that are read.
    pub(crate) fn max_line(&self) -> usize {
        self.max_line
    }

    /// The next line's positions (what [`Lines::next`] makes a [`RawLine`]
    /// of).
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    pub(crate) fn next_marks(&mut self) -> Option<Marks> {
        let start = self.start?;
        let input = self.input;
        let (mut hash, mut colon, mut nul) = (NONE, NONE, NONE);
        let end = loop {
            let Some(at) = self.structural.next() else {
                break input.len();
            };
            // A partial BOM holds no structural byte, so `at >= start`.
            // Structural bytes are controls up to CR, `:` and `#`: two
            // tests tell them apart.
            let b = input[at];
            if b <= b'\r' {
                if b == b'\n' || b == b'\r' {
                    break at;
                }
                if b == 0 {
                    nul = nul.min(at);
                }
            } else if b == b':' {
                colon = colon.min(at);
            } else {
                hash = hash.min(at);
            }
        };
        self.end_line(end);
        Some(Marks {
            number: self.number,
            start,
            end,
            hash,
            colon,
            nul,
        })
    }

    /// Passes over the next line: finds its end (its other structural
    /// bytes do not matter) and moves on.
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    pub(crate) fn pass_line(&mut self) {
        let end = self.line_end();
        self.end_line(end);
    }

    /// Where the line being read ends: the next line ending among the
    /// structural bytes left, or the input's end.
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn line_end(&mut self) -> usize {
        loop {
            let Some(at) = self.structural.next() else {
                return self.input.len();
            };
            if matches!(self.input[at], b'\n' | b'\r') {
                return at;
            }
        }
    }

    /// Where the next line starts, if there is one.
    #[inline(always)]
    pub(crate) fn next_start(&self) -> Option<usize> {
        self.start
    }

    /// The next line's number, where its text stops (its first `#` or NUL
    /// after `colon`, else its end) and where it ends, for a line whose
    /// key runs from its start to a `:` at `colon` with no structural byte
    /// before it (a key name spelled in letters and `-`): that `:` is the
    /// next structural byte. Moves on to the line after. What a `:`, tab
    /// or other control after the colon is does not matter (the value
    /// keeps them), so each is passed with one test.
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    pub(crate) fn next_after_key(&mut self, colon: usize) -> (u32, usize, usize) {
        let input = self.input;
        let first = self.structural.next();
        debug_assert_eq!(first, Some(colon));
        let (stop, end) = loop {
            let Some(at) = self.structural.next() else {
                break (input.len(), input.len());
            };
            match input[at] {
                b'\n' | b'\r' => break (at, at),
                0 | b'#' => break (at, self.line_end()),
                _ => {}
            }
        };
        self.end_line(end);
        (self.number, stop, end)
    }

    /// Moves on past the line that ends at `end` (its line ending there,
    /// or the input's end).
    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn end_line(&mut self, end: usize) {
        let input = self.input;
        self.start = if end == input.len() {
            None
        } else if input[end] == b'\r' && input.get(end + 1) == Some(&b'\n') {
            // A CR directly followed by LF ends one line, not two: the LF is
            // the next structural byte.
            self.structural.next();
            Some(end + 2)
        } else {
            Some(end + 1)
        };
        self.number += 1;
    }
}

impl<S: BlockScan> Iterator for Lines<'_, S> {
    type Item = RawLine;

    #[cfg_attr(not(target_family = "wasm"), inline(always))]
    fn next(&mut self) -> Option<RawLine> {
        let m = self.next_marks()?;
        let readable_end = m.readable_end(self.max_line);
        Some(RawLine {
            number: m.number,
            span: m.start..m.end,
            readable: m.start..readable_end,
            too_long: m.end - m.start > MAX_LINE_BYTES,
            nul_at: (m.nul != NONE).then(|| m.nul - m.start),
            hash: (m.hash < readable_end).then_some(m.hash),
            // Only the first `:` before any `#` separates.
            colon: (m.colon < readable_end.min(m.hash)).then_some(m.colon),
        })
    }
}

/// Whitespace inside a line: [`is_space`] but the line endings.
#[inline(always)]
pub(crate) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0B | 0x0C)
}

/// Whitespace as Google's parser strips it (ASCII space, tab, LF, VT, FF, CR).
#[inline(always)]
pub fn is_space(b: u8) -> bool {
    // One bit per whitespace byte, all below 64: a shift and a test, with
    // no branch (four line edges are trimmed on every line).
    const SPACES: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\n' | 1 << 0x0B | 1 << 0x0C | 1 << b'\r';
    b < 64 && SPACES >> b & 1 != 0
}

/// What a readable line holds, before the key is given a meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineShape {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment (and whitespace).
    Comment,
    /// Text that is not `key: value` (no separator, or an empty key).
    NoDirective,
    /// A `key: value` pair; `value` may be empty.
    Directive(Directive),
}

/// The parts of a `key: value` line, as byte ranges into the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    pub key: Range<usize>,
    pub value: Range<usize>,
    /// The line used whitespace instead of `:` (`Disallow /private`).
    pub missing_colon: bool,
}

/// The shape of a line and where its comment starts, if it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitLine {
    pub shape: LineShape,
    /// The text before the comment, whitespace trimmed (a rule's text).
    pub text: Range<usize>,
    /// From `#` to the end of the readable part.
    pub comment: Option<Range<usize>>,
}

/// Splits the readable part of a line, cut at `limit` (the end of what is
/// read), into key and value, Google's way: [`read_text`], with the
/// comment and the shape spelled out for the view and the linter.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub fn split_directive(input: &[u8], line: &RawLine, limit: usize) -> SplitLine {
    let hash = line.hash.unwrap_or(NONE);
    let (readable_end, text_end) = text_end(line.readable.start, line.readable.end, hash, limit);
    let comment = (hash < readable_end).then_some(hash..readable_end);
    let colon = line.colon.unwrap_or(NONE);
    let (text, shape) = match read_text(input, line.readable.start, text_end, colon) {
        Text::Empty { at } => {
            let shape = if comment.is_some() {
                LineShape::Comment
            } else {
                LineShape::Blank
            };
            (at..at, shape)
        }
        Text::Words { text } => (text, LineShape::NoDirective),
        Text::Directive {
            text,
            key_end,
            value_start,
            missing_colon,
        } => (
            text.clone(),
            LineShape::Directive(Directive {
                key: text.start..key_end,
                value: value_start..text.end,
                missing_colon,
            }),
        ),
    };
    SplitLine {
        shape,
        text,
        comment,
    }
}

/// What the text of a line is, as [`read_text`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Text {
    /// Only whitespace before the comment (or the end); `at` is where the
    /// whitespace ends.
    Empty { at: usize },
    /// Text that is not `key: value` (no separator, or an empty key).
    Words { text: Range<usize> },
    /// `key: value`: the key is `text.start..key_end`, the value
    /// `value_start..text.end`.
    Directive {
        text: Range<usize>,
        key_end: usize,
        value_start: usize,
        /// Whitespace stood for the `:`.
        missing_colon: bool,
    },
}

/// Reads the text of a line, `start..text_end` (up to its comment or the
/// end of what is read), whose first `:` is at `colon` (or [`NONE`]; a
/// `:` at or after `text_end` is ignored).
///
/// The one definition of how a line's text is trimmed and split, which the
/// parser calls directly and [`split_directive`] builds on. Each edge is
/// trimmed once, from the side where whitespace can be: this runs on every
/// line.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub(crate) fn read_text(input: &[u8], start: usize, text_end: usize, colon: usize) -> Text {
    let start = skip_space(input, start, text_end);
    if start == text_end {
        return Text::Empty { at: start };
    }
    let end = trim_end(input, start, text_end);
    let (key_end, value_start, missing_colon) = if colon < end {
        (colon, colon + 1, false)
    } else {
        match whitespace_separator(&input[start..end]) {
            Some((ws, value_start)) => (start + ws, start + value_start, true),
            None => return Text::Words { text: start..end },
        }
    };
    // The text starts with no whitespace, so the key needs trimming at its
    // end only, and the value at its start only.
    let key_end = trim_end(input, start, key_end);
    if key_end == start {
        return Text::Words { text: start..end };
    }
    Text::Directive {
        text: start..end,
        key_end,
        value_start: skip_space(input, value_start, end),
        missing_colon,
    }
}

/// The first byte at or after `from` (and before `to`) that is not
/// whitespace, or `to`.
#[inline(always)]
fn skip_space(input: &[u8], mut from: usize, to: usize) -> usize {
    while from < to && is_space(input[from]) {
        from += 1;
    }
    from
}

/// `to`, moved back over whitespace (not before `from`).
#[inline(always)]
fn trim_end(input: &[u8], from: usize, mut to: usize) -> usize {
    while to > from && is_space(input[to - 1]) {
        to -= 1;
    }
    to
}

/// Where the key ends and the value starts in a line without a colon:
/// Google accepts whitespace in its place, but only when the line is exactly
/// two words. Rare, so kept out of the way of the common path.
#[cold]
fn whitespace_separator(bytes: &[u8]) -> Option<(usize, usize)> {
    let ws = memchr::memchr2(b' ', b'\t', bytes)?;
    let value_start = ws
        + bytes[ws..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
    match memchr::memchr2(b' ', b'\t', &bytes[value_start..]) {
        Some(_) => None,
        None => Some((ws, value_start)),
    }
}

/// Whether the line at `raw` starts after `limit`, the end of what is read
/// of an input of `input_len` bytes (a limit at the end cuts nothing).
pub(crate) fn beyond_limit(raw: &RawLine, limit: usize, input_len: usize) -> bool {
    starts_beyond_limit(raw.span.start, limit, input_len)
}

/// [`beyond_limit`] for the line that starts at `start`.
#[inline(always)]
pub(crate) fn starts_beyond_limit(start: usize, limit: usize, input_len: usize) -> bool {
    limit < input_len && start >= limit
}

/// What the key of a directive means in `mode`; `None` when `mode` reads
/// no directive in the line (RFC 9309 requires the colon).
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub(crate) fn key_meaning(key: &[u8], missing_colon: bool, mode: Mode) -> Option<Key> {
    if missing_colon && mode == Mode::Rfc9309 {
        None
    } else {
        Some(classify(key, mode))
    }
}

/// One line read the way the parser reads it: shape, key meaning and spans.
/// The view ([`crate::Robots::lines`]) and the linter read lines through
/// [`read_line`]; the parser reads the same [`Marks`] through the same
/// [`read_text`] and [`key_meaning`] without building this (a property test
/// in `robots::parse` checks they agree), so they always agree.
#[derive(Clone, Debug)]
pub(crate) struct ReadLine {
    pub kind: LineKind,
    pub key: Option<Range<usize>>,
    pub value: Option<Range<usize>>,
    /// The text before the comment, whitespace trimmed.
    pub text: Range<usize>,
    pub comment: Option<Range<usize>>,
    pub missing_colon: bool,
    /// What the key names and how it was spelled (an exact `Other` when
    /// the line is no directive).
    pub meaning: Key,
}

/// Reads the part of `raw` before `limit`.
#[cfg_attr(not(target_family = "wasm"), inline(always))]
pub(crate) fn read_line(input: &[u8], raw: &RawLine, limit: usize, mode: Mode) -> ReadLine {
    let split = split_directive(input, raw, limit);
    let mut line = ReadLine {
        kind: LineKind::Invalid,
        key: None,
        value: None,
        text: split.text,
        comment: split.comment,
        missing_colon: false,
        meaning: Key {
            kind: KeyKind::Other,
            spelling: Spelling::Exact,
        },
    };
    match split.shape {
        LineShape::Blank => line.kind = LineKind::Blank,
        LineShape::Comment => line.kind = LineKind::Comment,
        LineShape::NoDirective => {}
        LineShape::Directive(d) => {
            line.missing_colon = d.missing_colon;
            if let Some(meaning) = key_meaning(&input[d.key.clone()], d.missing_colon, mode) {
                line.meaning = meaning;
                line.kind = match line.meaning.kind {
                    KeyKind::UserAgent => LineKind::UserAgent,
                    KeyKind::Allow => LineKind::Allow,
                    KeyKind::Disallow => LineKind::Disallow,
                    KeyKind::Sitemap => LineKind::Sitemap,
                    KeyKind::Other => LineKind::Other,
                };
            }
            line.key = Some(d.key);
            line.value = Some(d.value);
        }
    }
    line
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn split_lines(input: &[u8]) -> Vec<RawLine> {
        Lines::new(input, Mode::Google).collect()
    }

    fn texts(input: &[u8]) -> Vec<&[u8]> {
        split_lines(input)
            .into_iter()
            .map(|l| &input[l.readable])
            .collect()
    }

    #[test]
    fn every_line_ending_style_splits_lines() {
        assert_eq!(texts(b"a\nb"), [&b"a"[..], b"b"]);
        assert_eq!(texts(b"a\r\nb"), [&b"a"[..], b"b"]);
        assert_eq!(texts(b"a\rb"), [&b"a"[..], b"b"]);
        assert_eq!(texts(b"a\n\rb\r\n\nc"), [&b"a"[..], b"", b"b", b"", b"c"]);
    }

    #[test]
    fn text_after_the_last_line_ending_is_a_line() {
        assert_eq!(texts(b"a\n"), [&b"a"[..], b""]);
        assert_eq!(texts(b""), [&b""[..]]);
    }

    #[test]
    fn line_numbers_count_crlf_once() {
        let lines = split_lines(b"a\r\nb\r\n\r\nc");
        let numbers: Vec<u32> = lines.iter().map(|l| l.number).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
        assert_eq!(lines[3].span, 8..9);
    }

    #[test]
    fn whole_and_partial_bom_are_skipped() {
        assert_eq!(texts(b"\xEF\xBB\xBFa"), [&b"a"[..]]);
        assert_eq!(texts(b"\xEF\xBBa"), [&b"a"[..]]);
        assert_eq!(texts(b"\xEFa"), [&b"a"[..]]);
        assert_eq!(bom_len(b"\xEF\xBB\xBF\xEF\xBB\xBF"), 3);
        assert_eq!(texts(b"a\xEF\xBB\xBF"), [&b"a\xEF\xBB\xBF"[..]]);
    }

    #[test]
    fn long_lines_are_cut_where_google_cuts_them() {
        let mut input = b"Disallow: /".to_vec();
        input.resize(MAX_LINE_BYTES + 100, b'a');
        let lines = split_lines(&input);
        assert!(lines[0].too_long);
        assert_eq!(lines[0].readable.len(), MAX_LINE_BYTES);
        assert_eq!(lines[0].span.len(), MAX_LINE_BYTES + 100);
        // RFC 9309 sets no line length: the line is read whole.
        let whole: Vec<RawLine> = Lines::new(&input, Mode::Rfc9309).collect();
        assert!(whole[0].too_long);
        assert_eq!(whole[0].readable, whole[0].span);
    }

    #[test]
    fn nul_ends_the_readable_part() {
        let lines = split_lines(b"Disallow: /a\0/b\nx");
        assert_eq!(lines[0].readable, 0..12);
        assert_eq!(lines[0].nul_at, Some(12));
    }

    fn split(line: &str) -> SplitLine {
        let raw = &split_lines(line.as_bytes())[0];
        split_directive(line.as_bytes(), raw, line.len())
    }

    fn shape(line: &str) -> LineShape {
        split(line).shape
    }

    fn kv(line: &str) -> (String, String, bool) {
        match shape(line) {
            LineShape::Directive(d) => (
                line[d.key].to_string(),
                line[d.value].to_string(),
                d.missing_colon,
            ),
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn key_and_value_are_trimmed() {
        assert_eq!(
            kv("  Disallow :  /a  "),
            ("Disallow".into(), "/a".into(), false)
        );
        assert_eq!(kv("Disallow:"), ("Disallow".into(), "".into(), false));
        assert_eq!(
            kv("Sitemap: http://x/y"),
            ("Sitemap".into(), "http://x/y".into(), false)
        );
    }

    #[test]
    fn comments_are_cut_anywhere() {
        assert_eq!(
            kv("Disallow: /a # no"),
            ("Disallow".into(), "/a".into(), false)
        );
        assert_eq!(
            kv("Disallow: /a#b"),
            ("Disallow".into(), "/a".into(), false)
        );
        assert_eq!(shape("  # only a comment"), LineShape::Comment);
        assert_eq!(shape(" \t "), LineShape::Blank);
        assert_eq!(split("a: b # c").comment, Some(5..8));
        assert_eq!(split("a: b # c").text, 0..4);
        // A `:` inside the comment is no separator.
        assert_eq!(shape("a#b: c"), LineShape::NoDirective);
    }

    #[test]
    fn whitespace_stands_for_a_missing_colon_between_two_words_only() {
        assert_eq!(kv("Disallow /a"), ("Disallow".into(), "/a".into(), true));
        assert_eq!(kv("Disallow \t /a"), ("Disallow".into(), "/a".into(), true));
        assert_eq!(shape("Disallow /a /b"), LineShape::NoDirective);
        assert_eq!(shape("Disallow"), LineShape::NoDirective);
    }

    #[test]
    fn an_empty_key_is_no_directive() {
        assert_eq!(shape(": /a"), LineShape::NoDirective);
    }

    #[test]
    fn spaces_are_googles_whitespace() {
        for b in 0..=255u8 {
            assert_eq!(
                is_space(b),
                matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r'),
                "{b}"
            );
        }
    }

    #[test]
    fn the_structural_mask_flags_exactly_the_structural_bytes() {
        let mut rng = test_support::rng::seeded(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2_000 {
            let mut block = [0u8; 64];
            for b in &mut block {
                *b = test_support::rng::pick(
                    &mut rng,
                    &[
                        b'a', b'\n', b'\r', b'#', b':', 0, b'\t', 0xFF, b'\x0E', b'\x0C',
                    ],
                );
            }
            let expected = block
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &b)| m | u64::from(is_structural(b)) << i);
            assert_eq!(structural_mask(&block), expected, "{block:?}");
            assert_eq!(portable_mask(&block), expected, "{block:?}");
            assert_eq!(Baseline.structural(&block, 0), expected, "{block:?}");
            assert_eq!(Baseline.structural(&block, 24), expected >> 24, "{block:?}");
            #[cfg(target_arch = "x86_64")]
            if let Some(avx2) = Avx2::detect() {
                assert_eq!(avx2.structural(&block, 0), expected, "{block:?}");
                // The end of an input: padded, never structural.
                assert_eq!(avx2.structural(&block, 24), expected >> 24, "{block:?}");
            }
        }
    }

    /// The same lines, found byte by byte: what [`Lines`] must agree with.
    fn naive_lines(input: &[u8]) -> Vec<RawLine> {
        let mut lines = Vec::new();
        let mut start = bom_len(input);
        loop {
            let end = input[start..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .map_or(input.len(), |i| start + i);
            let bytes = &input[start..end];
            let nul_at = bytes.iter().position(|&b| b == 0);
            let readable_len = nul_at.unwrap_or(bytes.len()).min(MAX_LINE_BYTES);
            let readable = start..start + readable_len;
            let hash = input[readable.clone()]
                .iter()
                .position(|&b| b == b'#')
                .map(|h| start + h);
            let colon = input[start..hash.unwrap_or(readable.end)]
                .iter()
                .position(|&b| b == b':')
                .map(|c| start + c);
            lines.push(RawLine {
                number: lines.len() as u32 + 1,
                span: start..end,
                readable,
                too_long: bytes.len() > MAX_LINE_BYTES,
                nul_at,
                hash,
                colon,
            });
            if end == input.len() {
                return lines;
            }
            start = if input[end] == b'\r' && input.get(end + 1) == Some(&b'\n') {
                end + 2
            } else {
                end + 1
            };
        }
    }

    /// robots.txt-like bytes for property tests: up to `parts` pieces of
    /// line endings, the bytes a line's reading turns on, whitespace, a
    /// partial byte order mark, keys spelled in many ways, and rule values.
    pub(crate) fn robots_like_bytes(
        parts: usize,
    ) -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
        use proptest::strategy::Strategy;
        let piece: [&'static [u8]; 26] = [
            b"\n",
            b"\r",
            b"\r\n",
            b"#",
            b":",
            b"\0",
            b" ",
            b"\t",
            b"\x0B\x0C",
            b"\xEF\xBB",
            b"\xFF",
            b"*",
            b"/a",
            b"User-agent",
            b"user agent",
            b"UserAgent",
            b"Disallow",
            b"dissalow",
            b"DISALLOWED",
            b"allow",
            b"Sitemap",
            b"site-map",
            b"Crawl-delay",
            // Keys the parser reads by a word compare when a colon follows.
            b"Disallow:",
            b"ALLOW:",
            b"user-Agent:",
        ];
        proptest::collection::vec(proptest::sample::select(piece.to_vec()), 0..parts)
            .prop_map(|pieces| pieces.concat())
    }

    proptest::proptest! {
        #[test]
        fn lines_agree_with_a_byte_by_byte_reading(
            input in robots_like_bytes(80),
            long in 0usize..3,
        ) {
            let mut input = input;
            if long > 0 {
                // Lines longer than Google reads, with structural bytes on
                // both sides of the cut.
                let at = input.len() / 2;
                let filler = vec![b'x'; MAX_LINE_BYTES - 3 + long];
                input.splice(at..at, filler.iter().copied().chain(*b":#y"));
            }
            proptest::prop_assert_eq!(split_lines(&input), naive_lines(&input));
        }
    }
}
