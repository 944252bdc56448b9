//! The content codings a fetched robots.txt may arrive in
//! (`Content-Encoding`): gzip, deflate and br are decoded, as Googlebot
//! does; any other coding is refused, so compressed bytes are never
//! parsed as rules.
//!
//! Decoding streams: the caller reads the decoded body through
//! `Read::take`, so a small response that expands to gigabytes (a
//! compression bomb) costs only what is kept.

use std::io::{self, Read};

/// What the request says it accepts, in the order a browser lists them.
pub const ACCEPTED: &str = "gzip, deflate, br";

/// More codings than this on one body is no real server's doing; each adds
/// a decoder and its window.
const MAX_CODINGS: usize = 4;

/// A content coding the fetch decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    Gzip,
    /// zlib-wrapped, as HTTP defines it, or raw deflate, as some servers
    /// send it (browsers accept both).
    Deflate,
    Brotli,
}

impl Coding {
    /// The coding's name in a `Content-Encoding` header.
    pub fn name(self) -> &'static str {
        match self {
            Coding::Gzip => "gzip",
            Coding::Deflate => "deflate",
            Coding::Brotli => "br",
        }
    }
}

/// The codings that `Content-Encoding` header values list, in the order
/// they were applied (`identity` is no coding). The error is the reason the
/// body cannot be read, for the user.
pub fn codings<'v>(values: impl IntoIterator<Item = &'v [u8]>) -> Result<Vec<Coding>, String> {
    let mut codings = Vec::new();
    for value in values {
        let value = String::from_utf8_lossy(value);
        for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let coding = match name.to_ascii_lowercase().as_str() {
                "identity" => continue,
                "gzip" | "x-gzip" => Coding::Gzip,
                "deflate" => Coding::Deflate,
                "br" => Coding::Brotli,
                _ => {
                    return Err(format!(
                        "the body is sent with Content-Encoding: {}, which crawlers cannot decode (robotstxt decodes {ACCEPTED})",
                        crate::text::printable(name)
                    ))
                }
            };
            codings.push(coding);
        }
    }
    if codings.len() > MAX_CODINGS {
        return Err(format!(
            "the body is sent with {} content codings, more than robotstxt undoes ({MAX_CODINGS})",
            codings.len()
        ));
    }
    Ok(codings)
}

/// `raw` with `codings` undone, the last applied first. An empty body is
/// empty whatever its codings say (servers send empty files so, and
/// browsers read them as empty).
pub fn decode<'r>(raw: impl Read + 'r, codings: &[Coding]) -> Box<dyn Read + 'r> {
    if codings.is_empty() {
        return Box::new(raw);
    }
    Box::new(Decoding::Pending(Some((Box::new(raw), codings.to_vec()))))
}

/// A coded body, its decoders built once its first byte has arrived.
enum Decoding<'r> {
    Pending(Option<(Box<dyn Read + 'r>, Vec<Coding>)>),
    Decoding(Box<dyn Read + 'r>),
}

impl Read for Decoding<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Decoding::Pending(pending) = self {
            let Some((mut raw, codings)) = pending.take() else {
                return Err(io::Error::other("the body failed before"));
            };
            let mut first = Vec::with_capacity(1);
            (&mut raw).take(1).read_to_end(&mut first)?;
            if first.is_empty() {
                *self = Decoding::Decoding(Box::new(io::empty()));
            } else {
                let mut reader: Box<dyn Read + '_> = Box::new(io::Cursor::new(first).chain(raw));
                for coding in codings.iter().rev() {
                    reader = match coding {
                        // Several gzip members in a row are one body, as
                        // gunzip reads it.
                        Coding::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
                        Coding::Deflate => Box::new(Deflate::Unknown(Some(reader))),
                        Coding::Brotli => {
                            Box::new(brotli_decompressor::Decompressor::new(reader, 4096))
                        }
                    };
                }
                *self = Decoding::Decoding(reader);
            }
        }
        match self {
            Decoding::Decoding(reader) => reader.read(buf),
            Decoding::Pending(_) => Ok(0),
        }
    }
}

/// A deflate body, zlib-wrapped or raw: which one is told by its first two
/// bytes, once they have arrived.
enum Deflate<'r> {
    Unknown(Option<Box<dyn Read + 'r>>),
    Zlib(flate2::read::ZlibDecoder<Box<dyn Read + 'r>>),
    Raw(flate2::read::DeflateDecoder<Box<dyn Read + 'r>>),
}

impl Read for Deflate<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Deflate::Unknown(raw) = self {
            let Some(mut raw) = raw.take() else {
                return Err(io::Error::other("the deflate body failed before"));
            };
            let mut head = Vec::with_capacity(2);
            (&mut raw).take(2).read_to_end(&mut head)?;
            let zlib = is_zlib_header(&head);
            let whole: Box<dyn Read + '_> = Box::new(io::Cursor::new(head).chain(raw));
            *self = if zlib {
                Deflate::Zlib(flate2::read::ZlibDecoder::new(whole))
            } else {
                Deflate::Raw(flate2::read::DeflateDecoder::new(whole))
            };
        }
        match self {
            Deflate::Zlib(decoder) => decoder.read(buf),
            Deflate::Raw(decoder) => decoder.read(buf),
            Deflate::Unknown(_) => Ok(0),
        }
    }
}

/// RFC 1950's header: compression method 8 (deflate), and the two bytes
/// read as a big-endian number are a multiple of 31.
fn is_zlib_header(head: &[u8]) -> bool {
    match head {
        [cmf, flg, ..] => cmf & 0x0f == 8 && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const TEXT: &[u8] = b"User-agent: *\nDisallow: /\n";

    /// `TEXT` compressed by Node's `zlib.brotliCompressSync`.
    const BROTLI: [u8; 30] = [
        0x8b, 0x0c, 0x80, 0x55, 0x73, 0x65, 0x72, 0x2d, 0x61, 0x67, 0x65, 0x6e, 0x74, 0x3a, 0x20,
        0x2a, 0x0a, 0x44, 0x69, 0x73, 0x61, 0x6c, 0x6c, 0x6f, 0x77, 0x3a, 0x20, 0x2f, 0x0a, 0x03,
    ];

    fn decoded(body: &[u8], codings: &[Coding]) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        decode(body, codings).read_to_end(&mut out)?;
        Ok(out)
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn header_values_list_codings_in_the_order_applied() {
        let values: [&[u8]; 2] = [b"gzip, identity", b" BR "];
        assert_eq!(codings(values), Ok(vec![Coding::Gzip, Coding::Brotli]));
        assert_eq!(codings([b"x-gzip".as_slice()]), Ok(vec![Coding::Gzip]));
        assert_eq!(codings([b"".as_slice()]), Ok(vec![]));
        let unknown = codings([b"x-foo".as_slice()]).unwrap_err();
        assert!(unknown.contains("Content-Encoding: x-foo"), "{unknown}");
        let escaped = codings([b"a\x1bb".as_slice()]).unwrap_err();
        assert!(escaped.contains("a\\u{1b}b"), "{escaped}");
        let many = codings([b"gzip, gzip, gzip, gzip, gzip".as_slice()]).unwrap_err();
        assert!(many.contains("5 content codings"), "{many}");
    }

    #[test]
    fn gzip_deflate_and_brotli_are_undone() {
        assert_eq!(decoded(&gzip(TEXT), &[Coding::Gzip]).unwrap(), TEXT);
        let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        zlib.write_all(TEXT).unwrap();
        let zlib = zlib.finish().unwrap();
        assert_eq!(decoded(&zlib, &[Coding::Deflate]).unwrap(), TEXT);
        let mut raw = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
        raw.write_all(TEXT).unwrap();
        let raw = raw.finish().unwrap();
        assert!(!is_zlib_header(&raw));
        assert_eq!(decoded(&raw, &[Coding::Deflate]).unwrap(), TEXT);
        assert_eq!(decoded(&BROTLI, &[Coding::Brotli]).unwrap(), TEXT);
    }

    #[test]
    fn stacked_codings_are_undone_last_first() {
        let twice = gzip(&gzip(TEXT));
        assert_eq!(
            decoded(&twice, &[Coding::Gzip, Coding::Gzip]).unwrap(),
            TEXT
        );
    }

    #[test]
    fn broken_bodies_are_errors_not_text() {
        assert!(decoded(b"\x1f\x8b\x08\x00garbage", &[Coding::Gzip]).is_err());
        assert!(decoded(b"\x78\x9cgarbage", &[Coding::Deflate]).is_err());
        assert!(decoded(b"plain text, not brotli", &[Coding::Brotli]).is_err());
        // Cut short: an error, not the part that arrived.
        assert!(decoded(&BROTLI[..20], &[Coding::Brotli]).is_err());
        assert!(decoded(&gzip(TEXT)[..20], &[Coding::Gzip]).is_err());
        assert!(decoded(b"", &[Coding::Gzip, Coding::Brotli]).is_ok_and(|out| out.is_empty()));
    }

    #[test]
    fn a_bomb_costs_only_what_is_kept() {
        let zeros = vec![0u8; 1 << 20];
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        for _ in 0..64 {
            encoder.write_all(&zeros).unwrap();
        }
        let bomb = encoder.finish().unwrap();
        let mut kept = Vec::new();
        decode(bomb.as_slice(), &[Coding::Gzip])
            .take(1000)
            .read_to_end(&mut kept)
            .unwrap();
        assert_eq!(kept.len(), 1000);
    }
}
