//! From chunks of bytes to lines: a log arrives in pieces of any size (a
//! file read 256 KiB at a time, a browser's stream), gzip-compressed or
//! not, and leaves as whole lines, without ever holding more than one
//! line (up to [`MAX_LINE_BYTES`]) and one window of decompressed bytes.
//!
//! Gzip is told by its magic bytes, not the file's name, and decoded as
//! the bytes come (several members, as `cat a.gz b.gz` makes, included).
//! The decoder is flate2's (pure Rust, so it builds for wasm32 too); it is
//! fed through a queue that says "no more yet" until the last chunk, so
//! it stops where the input does and resumes with the next chunk.

use std::io::{self, BufRead, Read};

use flate2::bufread::MultiGzDecoder;

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
    fn split(&mut self, mut bytes: &[u8], emit: &mut impl FnMut(Line<'_>)) {
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
    fn end_line(&mut self, emit: &mut impl FnMut(Line<'_>)) {
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
    fn finish(&mut self, emit: &mut impl FnMut(Line<'_>)) {
        if !self.carry.is_empty() || self.overlong.is_some() {
            self.end_line(emit);
        }
    }
}

fn strip_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Compressed bytes waiting for the decoder: it reads them as a
/// `BufRead` that answers "would block" when they run out before the
/// last chunk, which flate2's decoder resumes from.
#[derive(Default)]
struct Queue {
    bytes: Vec<u8>,
    at: usize,
    ended: bool,
}

impl Queue {
    fn push(&mut self, chunk: &[u8]) {
        if self.at == self.bytes.len() {
            self.bytes.clear();
            self.at = 0;
        } else if self.at > 0 {
            self.bytes.drain(..self.at);
            self.at = 0;
        }
        self.bytes.extend_from_slice(chunk);
    }
}

impl Read for Queue {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Queue {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at < self.bytes.len() || self.ended {
            Ok(&self.bytes[self.at..])
        } else {
            Err(io::ErrorKind::WouldBlock.into())
        }
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.bytes.len());
    }
}

/// A gzip stream being decoded.
struct Gzip {
    decoder: MultiGzDecoder<Queue>,
    window: Vec<u8>,
    decompressed: u64,
    limit: u64,
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
    pub(super) fn feed(&mut self, chunk: &[u8], emit: &mut impl FnMut(Line<'_>)) {
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
    pub(super) fn finish(&mut self, emit: &mut impl FnMut(Line<'_>)) {
        if let Kind::Unknown(head) = &mut self.kind {
            let head = std::mem::take(head);
            self.start(&head, emit);
        }
        if let Kind::Gzip(gzip) = &mut self.kind {
            gzip.decoder.get_mut().ended = true;
            self.inflate(emit);
        }
        self.splitter.finish(emit);
    }

    /// Decides the kind from the first bytes, then reads them.
    fn start(&mut self, head: &[u8], emit: &mut impl FnMut(Line<'_>)) {
        if let Some((_, name)) = ARCHIVES.iter().find(|(magic, _)| head.starts_with(magic)) {
            self.kind = Kind::Stopped;
            self.stop = Some(Stop::Archive(name));
            return;
        }
        self.kind = if head.starts_with(&[0x1f, 0x8b]) {
            self.compressed = true;
            Kind::Gzip(Box::new(Gzip {
                decoder: MultiGzDecoder::new(Queue::default()),
                window: vec![0; WINDOW],
                decompressed: 0,
                limit: self.limit,
            }))
        } else {
            Kind::Plain
        };
        self.pass(head, emit);
    }

    fn pass(&mut self, chunk: &[u8], emit: &mut impl FnMut(Line<'_>)) {
        match &mut self.kind {
            Kind::Plain => {
                self.decompressed += chunk.len() as u64;
                self.splitter.split(chunk, emit);
            }
            Kind::Gzip(gzip) => {
                gzip.decoder.get_mut().push(chunk);
                self.inflate(emit);
            }
            Kind::Unknown(_) | Kind::Stopped => {}
        }
    }

    /// Decompresses what the queue holds, a window at a time.
    fn inflate(&mut self, emit: &mut impl FnMut(Line<'_>)) {
        let Kind::Gzip(gzip) = &mut self.kind else {
            return;
        };
        let stop = loop {
            match gzip.decoder.read(&mut gzip.window) {
                Ok(0) => break None,
                Ok(n) => {
                    gzip.decompressed += n as u64;
                    self.decompressed = gzip.decompressed;
                    if gzip.decompressed > gzip.limit {
                        break Some(Stop::Limit(gzip.limit));
                    }
                    self.splitter.split(&gzip.window[..n], emit);
                }
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => return,
                Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => {
                    break Some(Stop::Truncated)
                }
                Err(error) => break Some(Stop::Corrupt(error.to_string())),
            }
        };
        if stop.is_some() {
            self.stop = stop;
            self.kind = Kind::Stopped;
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
