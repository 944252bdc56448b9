//! From chunks of bytes to lines: a log arrives in pieces of any size (a
//! file read 256 KiB at a time, a browser's stream), gzip-compressed or
//! not, and leaves as whole lines, without ever holding more than one
//! line (up to [`MAX_LINE_BYTES`]) and one window of decompressed bytes.
//!
//! Gzip is told by its magic bytes, not the file's name, and decoded as
//! the bytes come (several members, as `cat a.gz b.gz` makes, included).
//! The inflater is miniz_oxide's raw stream (pure Rust, so it builds for
//! wasm32 too; the crate flate2 wraps, used directly because the app
//! already links this version of its inflater for its links, so the log
//! worker's chunk shares it, and flate2's checksum would add a 16 KB
//! table: measured 2026-11-26); each member's header and trailer (RFC
//! 1952) are read here, with the CRC-32 of [`Crc`],
//! so that the bytes inflated before a corruption are always kept, however
//! the input was cut into chunks, and the size limit is checked a window
//! at a time.

use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZError, MZFlush, MZStatus};

/// The longest line read; a longer line is reported with its length and
/// skipped, without being held (real log lines are under 10 KiB: a URL
/// and a user agent rarely pass 8 KiB each).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The most decompressed bytes read from one gzip-compressed log unless
/// told otherwise: 10 GiB, fifty busy days at 200 MB each; a gzip bomb
/// stops there with a message rather than running for hours.
pub const MAX_DECOMPRESSED_BYTES: u64 = 10 * 1024 * 1024 * 1024;

/// How much of a line is kept to show it in a message.
pub(super) const EXCERPT_BYTES: usize = 120;

/// Decompressed bytes produced at a time.
const WINDOW: usize = 64 * 1024;

/// A line as found.
pub(super) enum Line<'a> {
    /// A whole line, its line break (LF, or CRLF) removed.
    Whole(&'a [u8]),
    /// A line over [`MAX_LINE_BYTES`]: its length and its first bytes.
    TooLong { bytes: u64, start: &'a [u8] },
}

/// Why reading stopped before the end of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The gzip stream is broken.
    Corrupt(String),
    /// The decompressed size passed the limit.
    Limit(u64),
    /// The gzip stream ends before its end (the file was cut short).
    Truncated,
    /// Bytes after the gzip data that start no member, not read.
    Trailing,
    /// Another compressed format, which is not read.
    Archive(&'static str),
}

/// The splitter's state: the start of a line that continues in the next
/// chunk, or how long the over-long line being skipped is so far.
#[derive(Default)]
struct Splitter {
    carry: Vec<u8>,
    /// Bytes of an over-long line seen so far (its first bytes stay in
    /// `carry`, cut to the excerpt's size).
    overlong: Option<u64>,
}

impl Splitter {
    /// Splits `bytes` (the next decompressed bytes) into lines.
    fn split(&mut self, mut bytes: &[u8], emit: &mut dyn FnMut(Line<'_>)) {
        while !bytes.is_empty() {
            let Some(end) = memchr::memchr(b'\n', bytes) else {
                self.hold(bytes);
                return;
            };
            let (piece, rest) = (&bytes[..end], &bytes[end + 1..]);
            bytes = rest;
            if self.carry.is_empty() && self.overlong.is_none() {
                if piece.len() > MAX_LINE_BYTES {
                    emit(Line::TooLong {
                        bytes: piece.len() as u64,
                        start: &piece[..EXCERPT_BYTES],
                    });
                } else {
                    emit(Line::Whole(strip_cr(piece)));
                }
            } else {
                self.hold(piece);
                self.end_line(emit);
            }
        }
    }

    /// Keeps the start of a line whose end has not come yet.
    fn hold(&mut self, bytes: &[u8]) {
        match &mut self.overlong {
            Some(length) => *length += bytes.len() as u64,
            None if self.carry.len() + bytes.len() > MAX_LINE_BYTES => {
                self.overlong = Some((self.carry.len() + bytes.len()) as u64);
                let room = EXCERPT_BYTES.saturating_sub(self.carry.len());
                self.carry
                    .extend_from_slice(&bytes[..room.min(bytes.len())]);
                self.carry.truncate(EXCERPT_BYTES);
            }
            None => self.carry.extend_from_slice(bytes),
        }
    }

    /// Emits the line held, if any, and starts afresh.
    fn end_line(&mut self, emit: &mut dyn FnMut(Line<'_>)) {
        match self.overlong.take() {
            Some(bytes) => emit(Line::TooLong {
                bytes,
                start: &self.carry,
            }),
            None => emit(Line::Whole(strip_cr(&self.carry))),
        }
        self.carry.clear();
    }

    /// Emits the last line when the input does not end with a line break.
    fn finish(&mut self, emit: &mut dyn FnMut(Line<'_>)) {
        if !self.carry.is_empty() || self.overlong.is_some() {
            self.end_line(emit);
        }
    }
}

fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Where a gzip stream is: in a member's header (its bytes so far), its
/// deflated body, or its trailer (its bytes so far).
enum Member {
    Header(Vec<u8>),
    Body,
    Trailer(Vec<u8>),
}

/// The most bytes of a member's header kept while it is read (a file
/// name or comment longer than this is not a log's).
const MAX_HEADER_BYTES: usize = 64 * 1024;

/// A gzip stream being decoded.
struct Gzip {
    member: Member,
    inflater: Box<InflateState>,
    crc: Crc,
    window: Vec<u8>,
    decompressed: u64,
    limit: u64,
    /// Members read to their end.
    members: u64,
}

/// Why a gzip stream stopped, or that it wants more bytes.
enum Inflated {
    More,
    Stop(Stop),
}

impl Gzip {
    fn new(limit: u64) -> Gzip {
        Gzip {
            member: Member::Header(Vec::new()),
            inflater: InflateState::new_boxed(DataFormat::Raw),
            crc: Crc::default(),
            window: vec![0; WINDOW],
            decompressed: 0,
            limit,
            members: 0,
        }
    }

    /// Reads `input`, giving each window of inflated bytes to `emit`.
    fn read(&mut self, mut input: &[u8], emit: &mut dyn FnMut(&[u8])) -> Inflated {
        loop {
            match &mut self.member {
                Member::Header(header) => {
                    if input.is_empty() {
                        return Inflated::More;
                    }
                    if self.members > 0 && header.is_empty() && input[0] != 0x1f {
                        // Bytes after the last member that start no other
                        // (padding, a tape's zeros): gzip ignores them too.
                        return Inflated::Stop(Stop::Trailing);
                    }
                    let take = input.len().min(MAX_HEADER_BYTES + 1 - header.len());
                    header.extend_from_slice(&input[..take]);
                    match header_len(header) {
                        Ok(Some(len)) => {
                            // What followed the header in these bytes is body.
                            let body = header.len() - len;
                            input = &input[take - body..];
                            self.member = Member::Body;
                        }
                        Ok(None) if header.len() > MAX_HEADER_BYTES => {
                            return Inflated::Stop(Stop::Corrupt(
                                "a gzip header over 64 KiB".to_string(),
                            ))
                        }
                        Ok(None) => return Inflated::More,
                        Err(reason) => return Inflated::Stop(Stop::Corrupt(reason.to_string())),
                    }
                }
                Member::Body => {
                    let result =
                        inflate(&mut self.inflater, input, &mut self.window, MZFlush::None);
                    let (used, made) = (result.bytes_consumed, result.bytes_written);
                    input = &input[used..];
                    if made > 0 {
                        self.decompressed += made as u64;
                        if self.decompressed > self.limit {
                            return Inflated::Stop(Stop::Limit(self.limit));
                        }
                        self.crc.update(&self.window[..made]);
                        emit(&self.window[..made]);
                    }
                    match result.status {
                        Ok(MZStatus::StreamEnd) => self.member = Member::Trailer(Vec::new()),
                        // A full window: more may be waiting inside.
                        Ok(_) | Err(MZError::Buf) if made == WINDOW => {}
                        Ok(_) | Err(MZError::Buf) if input.is_empty() => return Inflated::More,
                        Ok(_) | Err(MZError::Buf) if used == 0 && made == 0 => {
                            return Inflated::Stop(Stop::Corrupt(
                                "the deflate data makes no progress".to_string(),
                            ))
                        }
                        Ok(_) | Err(MZError::Buf) => {}
                        Err(_) => {
                            return Inflated::Stop(Stop::Corrupt(
                                "the deflate data is corrupt".to_string(),
                            ))
                        }
                    }
                }
                Member::Trailer(trailer) => {
                    let take = input.len().min(8 - trailer.len());
                    trailer.extend_from_slice(&input[..take]);
                    input = &input[take..];
                    if trailer.len() < 8 {
                        return Inflated::More;
                    }
                    let crc = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
                    let size = u32::from_le_bytes([trailer[4], trailer[5], trailer[6], trailer[7]]);
                    if crc != self.crc.sum() || size != self.crc.amount() {
                        return Inflated::Stop(Stop::Corrupt(
                            "the checksum at the end of the gzip data does not match".to_string(),
                        ));
                    }
                    self.members += 1;
                    self.member = Member::Header(Vec::new());
                    self.inflater.reset(DataFormat::Raw);
                    self.crc = Crc::default();
                }
            }
        }
    }

    /// Whether the stream ended where a member does.
    fn complete(&self) -> bool {
        matches!(&self.member, Member::Header(header) if header.is_empty() && self.members > 0)
    }
}

/// The CRC-32 (ISO 3309, as gzip's trailer has it) and length of the
/// bytes inflated so far, a table lookup per byte.
#[derive(Default)]
struct Crc {
    sum: u32,
    amount: u32,
}

/// The CRC-32 of each byte value (reflected polynomial 0xEDB88320).
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
};

impl Crc {
    fn update(&mut self, bytes: &[u8]) {
        let mut c = !self.sum;
        for &b in bytes {
            c = CRC_TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
        }
        self.sum = !c;
        // The trailer holds the length modulo 2^32.
        self.amount = self.amount.wrapping_add(bytes.len() as u32);
    }

    fn sum(&self) -> u32 {
        self.sum
    }

    fn amount(&self) -> u32 {
        self.amount
    }
}

/// The length of a gzip member header (RFC 1952 section 2.3) at the start
/// of `bytes`: `None` while it is incomplete, an error when it is not one.
fn header_len(bytes: &[u8]) -> Result<Option<usize>, &'static str> {
    const FHCRC: u8 = 2;
    const FEXTRA: u8 = 4;
    const FNAME: u8 = 8;
    const FCOMMENT: u8 = 16;
    if bytes.len() < 10 {
        return Ok(None);
    }
    if bytes[0] != 0x1f || bytes[1] != 0x8b {
        return Err("bytes that do not start a gzip member");
    }
    if bytes[2] != 8 {
        return Err("a gzip member compressed by a method other than deflate");
    }
    let flags = bytes[3];
    let mut at = 10;
    if flags & FEXTRA != 0 {
        let Some(len) = bytes.get(at..at + 2) else {
            return Ok(None);
        };
        at += 2 + usize::from(u16::from_le_bytes([len[0], len[1]]));
    }
    for field in [FNAME, FCOMMENT] {
        if flags & field != 0 {
            let Some(end) = bytes.get(at..).and_then(|rest| memchr::memchr(0, rest)) else {
                return Ok(None);
            };
            at += end + 1;
        }
    }
    if flags & FHCRC != 0 {
        at += 2;
    }
    Ok((bytes.len() >= at).then_some(at))
}

/// What the input turned out to be, once its first bytes are seen.
enum Kind {
    /// Fewer than the bytes that tell: held until more come.
    Unknown(Vec<u8>),
    Plain,
    Gzip(Box<Gzip>),
    /// Reading stopped; the rest is ignored.
    Stopped,
}

/// Chunks in, lines out, decompressing gzip on the way.
pub(super) struct Input {
    kind: Kind,
    splitter: Splitter,
    limit: u64,
    /// Bytes fed in.
    pub(super) bytes: u64,
    /// Bytes after decompression (the same as `bytes` for a plain log).
    pub(super) decompressed: u64,
    pub(super) compressed: bool,
    pub(super) stop: Option<Stop>,
}

/// Magic bytes of compressed formats that are not read, and their names.
const ARCHIVES: [(&[u8], &str); 4] = [
    (b"PK\x03\x04", "a zip archive"),
    (b"BZh", "bzip2-compressed"),
    (b"\xFD7zXZ\x00", "xz-compressed"),
    (b"\x28\xB5\x2F\xFD", "zstd-compressed"),
];

/// How many first bytes tell the kind of input.
const MAGIC_BYTES: usize = 6;

impl Input {
    pub(super) fn new(limit: u64) -> Input {
        Input {
            kind: Kind::Unknown(Vec::new()),
            splitter: Splitter::default(),
            limit,
            bytes: 0,
            decompressed: 0,
            compressed: false,
            stop: None,
        }
    }

    /// Reads the next chunk, emitting every line it completes.
    pub(super) fn feed(&mut self, chunk: &[u8], emit: &mut dyn FnMut(Line<'_>)) {
        self.bytes += chunk.len() as u64;
        if let Kind::Unknown(head) = &mut self.kind {
            head.extend_from_slice(chunk);
            if head.len() < MAGIC_BYTES {
                return;
            }
            let head = std::mem::take(head);
            self.start(&head, emit);
            return;
        }
        self.pass(chunk, emit);
    }

    /// Reads the end of the input: the last line, and for gzip whether
    /// the stream was complete.
    pub(super) fn finish(&mut self, emit: &mut dyn FnMut(Line<'_>)) {
        if let Kind::Unknown(head) = &mut self.kind {
            let head = std::mem::take(head);
            self.start(&head, emit);
        }
        if let Kind::Gzip(gzip) = &self.kind {
            if !gzip.complete() {
                self.stop = Some(Stop::Truncated);
            }
        }
        self.splitter.finish(emit);
    }

    /// Decides the kind from the first bytes, then reads them.
    fn start(&mut self, head: &[u8], emit: &mut dyn FnMut(Line<'_>)) {
        if let Some((_, name)) = ARCHIVES.iter().find(|(magic, _)| head.starts_with(magic)) {
            self.kind = Kind::Stopped;
            self.stop = Some(Stop::Archive(name));
            return;
        }
        self.kind = if head.starts_with(&[0x1f, 0x8b]) {
            self.compressed = true;
            Kind::Gzip(Box::new(Gzip::new(self.limit)))
        } else {
            Kind::Plain
        };
        self.pass(head, emit);
    }

    fn pass(&mut self, chunk: &[u8], emit: &mut dyn FnMut(Line<'_>)) {
        match &mut self.kind {
            Kind::Plain => {
                self.decompressed += chunk.len() as u64;
                self.splitter.split(chunk, emit);
            }
            Kind::Gzip(gzip) => {
                let splitter = &mut self.splitter;
                let read = gzip.read(chunk, &mut |bytes| splitter.split(bytes, emit));
                self.decompressed = gzip.decompressed;
                if let Inflated::Stop(stop) = read {
                    self.stop = Some(stop);
                    self.kind = Kind::Stopped;
                }
            }
            Kind::Unknown(_) | Kind::Stopped => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Every line of `input` fed in chunks of `size`, as text (over-long
    /// lines as `<N bytes>`), and why reading stopped.
    fn lines(input: &[u8], size: usize) -> (Vec<String>, Option<Stop>) {
        let mut out = Vec::new();
        let mut reader = Input::new(MAX_DECOMPRESSED_BYTES);
        let mut emit = |line: Line<'_>| {
            out.push(match line {
                Line::Whole(bytes) => String::from_utf8_lossy(bytes).into_owned(),
                Line::TooLong { bytes, start } => {
                    assert!(start.len() <= EXCERPT_BYTES);
                    format!("<{bytes} bytes>")
                }
            })
        };
        for chunk in input.chunks(size.max(1)) {
            reader.feed(chunk, &mut emit);
        }
        reader.finish(&mut emit);
        (out, reader.stop)
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn lines_are_whole_whatever_the_chunks() {
        let text = b"first\r\nsecond\n\nlast without a break";
        for size in [1, 2, 3, 7, 100] {
            let (found, stop) = lines(text, size);
            assert_eq!(found, ["first", "second", "", "last without a break"]);
            assert_eq!(stop, None);
        }
    }

    #[test]
    fn over_long_lines_are_measured_not_held() {
        let mut text = b"a\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 1024 * 1024));
        text.extend_from_slice(b"\nb\n");
        for size in [1000, 64 * 1024, 3 * 1024 * 1024] {
            let (found, _) = lines(&text, size);
            assert_eq!(found, ["a", "<1048576 bytes>", "b"], "chunks of {size}");
        }
        let mut edge = vec![b'y'; MAX_LINE_BYTES];
        edge.push(b'\n');
        assert_eq!(lines(&edge, 4096).0[0].len(), MAX_LINE_BYTES);
        edge.insert(0, b'y');
        assert_eq!(
            lines(&edge, 4096).0,
            [format!("<{} bytes>", MAX_LINE_BYTES + 1)]
        );
    }

    #[test]
    fn gzip_is_decoded_as_it_comes_members_and_all() {
        let mut both = gzip(b"one\ntwo\n");
        both.extend(gzip(b"three\n"));
        for size in [1, 5, 64, 10_000] {
            let (found, stop) = lines(&both, size);
            assert_eq!(found, ["one", "two", "three"], "chunks of {size}");
            assert_eq!(stop, None);
        }
    }

    #[test]
    fn broken_gzip_stops_with_a_reason_and_keeps_what_was_read() {
        let text: String = (0..20_000).map(|i| format!("line {i}\n")).collect();
        let packed = gzip(text.as_bytes());
        let (found, stop) = lines(&packed[..packed.len() / 2], 4096);
        assert_eq!(stop, Some(Stop::Truncated));
        assert!(found.len() > 100 && found[0] == "line 0", "{}", found.len());
        let mut corrupt = packed.clone();
        for byte in &mut corrupt[40..60] {
            *byte ^= 0x5A;
        }
        let (_, stop) = lines(&corrupt, 4096);
        assert!(matches!(stop, Some(Stop::Corrupt(_))), "{stop:?}");
        // Not gzip past its magic bytes.
        let (_, stop) = lines(b"\x1f\x8bnot gzip at all", 4);
        assert!(matches!(stop, Some(Stop::Corrupt(_))), "{stop:?}");
    }

    #[test]
    fn headers_with_a_name_and_bytes_after_the_data_are_read() {
        // A member naming its file (as `gzip` writes it), then zeros.
        let mut encoder = flate2::GzBuilder::new()
            .filename("access.log")
            .comment("a day")
            .write(Vec::new(), flate2::Compression::fast());
        encoder.write_all(b"a\nb\n").unwrap();
        let mut packed = encoder.finish().unwrap();
        for size in [1, 3, 100] {
            assert_eq!(
                lines(&packed, size),
                (vec!["a".to_string(), "b".to_string()], None)
            );
        }
        packed.extend_from_slice(&[0; 7]);
        assert_eq!(lines(&packed, 4).1, Some(Stop::Trailing));
        let mut bad = packed.clone();
        bad[2] = 7;
        assert!(matches!(lines(&bad, 4).1, Some(Stop::Corrupt(_))));
    }

    #[test]
    fn what_was_inflated_before_a_corruption_is_kept_whatever_the_chunks() {
        let text: String = (0..2000).map(|i| format!("line {i}\n")).collect();
        let mut packed = gzip(text.as_bytes());
        let at = packed.len() / 2;
        packed[at] ^= 0xFF;
        packed[at + 1] ^= 0xFF;
        let whole = lines(&packed, packed.len());
        for size in [1, 7, 512] {
            assert_eq!(lines(&packed, size), whole, "chunks of {size}");
        }
        assert!(whole.0.len() > 100);
        assert!(matches!(whole.1, Some(Stop::Corrupt(_))));
    }

    #[test]
    fn decompression_stops_at_the_limit() {
        let packed = gzip(&vec![b'\n'; 5 * WINDOW]);
        let mut reader = Input::new(2 * WINDOW as u64);
        let mut count = 0;
        reader.feed(&packed, &mut |_| count += 1);
        reader.finish(&mut |_| count += 1);
        assert_eq!(reader.stop, Some(Stop::Limit(2 * WINDOW as u64)));
        assert!(count <= 2 * WINDOW);
    }

    #[test]
    fn other_archives_are_named_not_read() {
        let (found, stop) = lines(b"PK\x03\x04rest of a zip", 3);
        assert!(found.is_empty());
        assert_eq!(stop, Some(Stop::Archive("a zip archive")));
        // Shorter than the magic bytes: plain text.
        assert_eq!(lines(b"ab", 1).0, ["ab"]);
    }
}
