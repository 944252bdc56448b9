//! The shareable state a link carries, and its URL-hash encoding.
//!
//! A hash looks like `v3.<base64url>`: a version tag, then the state in a
//! small length-prefixed binary layout, raw-deflate compressed and base64url
//! encoded without padding. `v2` adds the version before (compare mode) and
//! the fetch outcome after `v1`'s fields; `v3` adds tagged sections after
//! `v2`'s fields, each a tag and a length-prefixed payload: the view
//! ([`ViewState`], tag 1), the other origins' files (tag 2) and the
//! expectations (tag 3) now, and a feature with state of its own adds a
//! tag of its own. A section this build does not know is skipped, so a
//! newer link still opens what this build shows. `v1` and `v2` links still
//! open. Hashes come from links anyone can craft, so
//! decoding treats its input as hostile: every failure is a [`DecodeError`]
//! value, and decompression is capped so a tiny hash cannot expand into
//! gigabytes.
//!
//! Compressing is the browser's job (`CompressionStream`, see
//! `persist::link_hash`): it is native code, runs off the page's task, and
//! keeps miniz_oxide's deflater (9 KB of WebAssembly) out of the download.
//! Decompressing stays here with miniz_oxide's inflater (3 KB): it must be
//! synchronous at start-up, and capped as it goes.

use std::fmt;

/// Prefix of hashes in the current format.
const VERSION_TAG: &str = "v3";
/// Prefix of the format before sections: `v3` without them.
const V2_TAG: &str = "v2";
/// Prefix of the first format: the same fields without the version before
/// and the fetch outcome.
const V1_TAG: &str = "v1";
/// The section holding the view.
const VIEW_SECTION: usize = 1;
/// The section holding the robots.txt files of other origins.
const SITES_SECTION: usize = 2;
/// The section holding the expectations text.
const EXPECT_SECTION: usize = 3;
/// Largest decompressed payload accepted from a hash: what the app writes,
/// with room to spare (the app writes no link past its limit).
pub const MAX_DECODED_BYTES: usize = MAX_LINK_BYTES;
/// Largest hash accepted before any decoding work. Incompressible payloads
/// grow by a third in base64, so this admits every payload under the cap.
const MAX_HASH_CHARS: usize = MAX_DECODED_BYTES / 3 * 4 + 1024;

use robots_matcher::{FetchOutcome, Mode};

use crate::view_model::format::{format_count, format_size};
use crate::view_model::limits::{MAX_CRAWLERS, MAX_EXPECT_LINK_BYTES, MAX_LINK_BYTES};

/// The byte that stands for a mode in the hash layout.
fn mode_to_byte(mode: Mode) -> u8 {
    match mode {
        Mode::Google => 0,
        Mode::Rfc9309 => 1,
    }
}

fn mode_from_byte(byte: u8) -> Option<Mode> {
    match byte {
        0 => Some(Mode::Google),
        1 => Some(Mode::Rfc9309),
        _ => None,
    }
}

/// Everything a shared link restores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppState {
    /// The robots.txt being tested, verbatim.
    pub robots_txt: String,
    /// Crawler specs, e.g. `Googlebot-Image>Googlebot` (see `crawlers`).
    pub crawlers: Vec<String>,
    /// URLs to test, one per line, verbatim.
    pub urls: String,
    pub mode: Mode,
    /// The version before, when comparing two versions.
    pub before: Option<String>,
    /// How fetching robots.txt ended (HTTP 200 unless chosen otherwise).
    pub fetch: FetchOutcome,
    /// What the table showed.
    pub view: ViewState,
    /// The origin the robots.txt is for, when chosen (else its URLs'
    /// first).
    pub origin: Option<String>,
    /// The robots.txt files of other origins.
    pub sites: Vec<SiteFile>,
    /// The expectations text (empty: none).
    pub expectations: String,
    /// Why the link's expectations could not be read, when they could
    /// not: the rest of the link still opens.
    pub expectations_error: Option<DecodeError>,
}

/// The robots.txt of another origin than the one in the editor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteFile {
    /// Its origin, `scheme://host[:port]`.
    pub origin: String,
    /// The robots.txt.
    pub robots_txt: String,
    /// The version before, when comparing.
    pub before: Option<String>,
}

/// Writes an optional text: a flag byte, then the text.
fn put_optional(raw: &mut Vec<u8>, text: Option<&str>) {
    match text {
        None => raw.push(0),
        Some(text) => {
            raw.push(1);
            put_bytes(raw, text.as_bytes());
        }
    }
}

/// The origin and the other origins' files, as section 2 holds them.
fn sites_to_raw(origin: Option<&str>, sites: &[SiteFile]) -> Vec<u8> {
    let mut raw = Vec::new();
    put_optional(&mut raw, origin);
    put_varint(&mut raw, sites.len());
    for site in sites {
        put_bytes(&mut raw, site.origin.as_bytes());
        put_bytes(&mut raw, site.robots_txt.as_bytes());
        put_optional(&mut raw, site.before.as_deref());
    }
    raw
}

type Sites = (Option<String>, Vec<SiteFile>);

fn sites_from_raw(reader: &mut Reader<'_>) -> Result<Sites, DecodeError> {
    let origin = reader.optional("origin")?;
    let count = reader.count("file count exceeds the data")?;
    let mut sites = Vec::with_capacity(count);
    for _ in 0..count {
        sites.push(SiteFile {
            origin: reader.text("origin")?,
            robots_txt: reader.text("robots.txt")?,
            before: reader.optional("robots.txt before")?,
        });
    }
    if !reader.rest.is_empty() {
        return Err(DecodeError::Malformed("unexpected data after the files"));
    }
    Ok((origin, sites))
}

/// What the results showed when the link was made: filters, order, the
/// rules view, the matrix and the selected row. Filter and order are kept
/// by their menu keys; a key this build does not know reads as the default
/// (a view is a convenience, never a reason to refuse a link).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViewState {
    /// The verdict filter's key (empty: every verdict).
    pub verdict: String,
    /// Only this crawler's column, or every crawler.
    pub crawler: Option<usize>,
    /// Only URLs containing this text.
    pub text: String,
    /// Only rows the rule on this line decided (`Some(0)`: no rule).
    pub decided_by: Option<u32>,
    /// The order's key (empty: as listed).
    pub order: String,
    /// Whether every rule with its count was shown instead of the rows.
    pub by_rule: bool,
    /// Whether the audit and matrix were open.
    pub matrix: bool,
    /// The selected row.
    pub selected: Option<usize>,
}

impl ViewState {
    fn to_raw(&self, raw: &mut Vec<u8>) {
        put_bytes(raw, self.verdict.as_bytes());
        put_varint(raw, self.crawler.map_or(0, |c| c + 1));
        put_bytes(raw, self.text.as_bytes());
        put_varint(raw, self.decided_by.map_or(0, |line| line as usize + 1));
        put_bytes(raw, self.order.as_bytes());
        raw.push(u8::from(self.by_rule) | u8::from(self.matrix) << 1);
        put_varint(raw, self.selected.map_or(0, |row| row + 1));
    }

    fn from_raw(reader: &mut Reader<'_>) -> Result<ViewState, DecodeError> {
        let verdict = reader.text("view")?;
        let crawler = reader.varint()?.checked_sub(1);
        let text = reader.text("text filter")?;
        let decided_by = match reader.varint()?.checked_sub(1) {
            None => None,
            Some(line) => Some(
                u32::try_from(line)
                    .map_err(|_| DecodeError::Malformed("a line is out of range"))?,
            ),
        };
        let order = reader.text("view")?;
        let flags = reader.byte()?;
        let selected = reader.varint()?.checked_sub(1);
        if !reader.rest.is_empty() {
            return Err(DecodeError::Malformed("unexpected data in the view"));
        }
        Ok(ViewState {
            verdict,
            crawler,
            text,
            decided_by,
            order,
            by_rule: flags & 1 != 0,
            matrix: flags & 2 != 0,
            selected,
        })
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState {
            robots_txt: String::new(),
            crawlers: Vec::new(),
            urls: String::new(),
            mode: Mode::Google,
            before: None,
            fetch: FetchOutcome::FETCHED,
            view: ViewState::default(),
            origin: None,
            sites: Vec::new(),
            expectations: String::new(),
            expectations_error: None,
        }
    }
}

/// Why a hash could not be turned back into an [`AppState`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// The hash names a format this build does not know.
    UnsupportedVersion(String),
    /// The hash is longer than any hash of an accepted payload.
    HashTooLong { chars: usize },
    /// Not valid base64url.
    BadBase64,
    /// Not a valid deflate stream.
    BadCompression,
    /// Decompresses to more than [`MAX_DECODED_BYTES`].
    TooLarge,
    /// Names more crawlers than a check takes.
    TooManyCrawlers { count: usize },
    /// A text field is not UTF-8.
    InvalidUtf8 { field: &'static str },
    /// The decompressed bytes do not follow the layout.
    Malformed(&'static str),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::UnsupportedVersion(tag) => write!(
                f,
                "this link uses an unknown format ('{tag}'); it may come from a newer version of the playground"
            ),
            DecodeError::HashTooLong { chars } => {
                write!(f, "this link is too long to load ({chars} characters)")
            }
            DecodeError::BadBase64 => f.write_str("this link is damaged: its data is not valid base64url"),
            DecodeError::BadCompression => {
                f.write_str("this link is damaged: its data does not decompress")
            }
            DecodeError::TooLarge => write!(
                f,
                "this link expands to more than {} and was not loaded",
                format_size(MAX_DECODED_BYTES)
            ),
            DecodeError::TooManyCrawlers { count } => write!(
                f,
                "this link names {} crawlers, more than the {} the playground checks at once, and was not loaded",
                format_count(*count),
                format_count(MAX_CRAWLERS)
            ),
            DecodeError::InvalidUtf8 { field } => {
                write!(f, "this link is damaged: the {field} is not valid UTF-8")
            }
            DecodeError::Malformed(what) => write!(f, "this link is damaged: {what}"),
        }
    }
}

impl std::error::Error for DecodeError {}

impl AppState {
    /// The state in the hash's binary layout, before compression.
    pub fn to_raw(&self) -> Vec<u8> {
        let mut raw = Vec::with_capacity(self.robots_txt.len() + self.urls.len() + 64);
        raw.push(mode_to_byte(self.mode));
        put_bytes(&mut raw, self.robots_txt.as_bytes());
        put_varint(&mut raw, self.crawlers.len());
        for crawler in &self.crawlers {
            put_bytes(&mut raw, crawler.as_bytes());
        }
        put_bytes(&mut raw, self.urls.as_bytes());
        put_optional(&mut raw, self.before.as_deref());
        put_bytes(&mut raw, self.fetch.name().as_bytes());
        if self.view != ViewState::default() {
            let mut view = Vec::new();
            self.view.to_raw(&mut view);
            put_varint(&mut raw, VIEW_SECTION);
            put_bytes(&mut raw, &view);
        }
        if self.origin.is_some() || !self.sites.is_empty() {
            put_varint(&mut raw, SITES_SECTION);
            put_bytes(&mut raw, &sites_to_raw(self.origin.as_deref(), &self.sites));
        }
        if !self.expectations.is_empty() {
            put_varint(&mut raw, EXPECT_SECTION);
            put_bytes(&mut raw, self.expectations.as_bytes());
        }
        raw
    }

    /// Encodes the state as a URL fragment (without the leading `#`), with
    /// miniz_oxide's best compression: what the app does with the browser's
    /// compressor, for native tests.
    #[cfg(test)]
    pub fn to_hash(&self) -> String {
        hash_of(&miniz_oxide::deflate::compress_to_vec(&self.to_raw(), 9))
    }

    /// Decodes a URL fragment, with or without its leading `#`.
    ///
    /// An empty fragment is not an error: it means "no shared state" and
    /// yields `Ok(None)`.
    pub fn from_hash(hash: &str) -> Result<Option<AppState>, DecodeError> {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        if hash.is_empty() {
            return Ok(None);
        }
        if hash.len() > MAX_HASH_CHARS {
            return Err(DecodeError::HashTooLong { chars: hash.len() });
        }
        let (tag, payload) = hash.split_once('.').unwrap_or((hash, ""));
        let Some(format) = [V1_TAG, V2_TAG, VERSION_TAG].iter().position(|&t| t == tag) else {
            // Echo at most a short, printable prefix of attacker-chosen text.
            let shown: String = tag.chars().take(16).filter(|c| !c.is_control()).collect();
            return Err(DecodeError::UnsupportedVersion(shown));
        };
        let compressed = base64url_decode(payload).ok_or(DecodeError::BadBase64)?;
        let raw =
            miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_DECODED_BYTES)
                .map_err(|err| match err.status {
                    miniz_oxide::inflate::TINFLStatus::HasMoreOutput => DecodeError::TooLarge,
                    _ => DecodeError::BadCompression,
                })?;
        decode_raw(&raw, format + 1).map(Some)
    }
}

/// The URL fragment (without the leading `#`) for a raw-deflate compressed
/// [`AppState::to_raw`].
pub fn hash_of(compressed: &[u8]) -> String {
    let mut hash = String::with_capacity(VERSION_TAG.len() + 1 + compressed.len().div_ceil(3) * 4);
    hash.push_str(VERSION_TAG);
    hash.push('.');
    base64url_encode(compressed, &mut hash);
    hash
}

/// `raw` as a raw-deflate stream of stored (uncompressed) blocks: what any
/// inflater reads, made at once without a compressor. The link written when
/// the page is hidden or left before the pause in typing is over uses it,
/// since the browser's compressor answers only in a later task; the next
/// pause writes the compressed link over it.
pub fn stored_deflate(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len() + 5 * (raw.len() / 0xffff + 1));
    let mut rest = raw;
    loop {
        let (block, tail) = rest.split_at(rest.len().min(0xffff));
        // BFINAL on the last block (an empty input is one empty block),
        // BTYPE 00 (stored): the header's byte ends at a byte boundary,
        // then LEN and its complement.
        out.push(u8::from(tail.is_empty()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
        if tail.is_empty() {
            return out;
        }
        rest = tail;
    }
}

/// Reads the layout of format `version`: `v2` adds the version before and
/// the fetch outcome, `v3` the sections.
fn decode_raw(raw: &[u8], version: usize) -> Result<AppState, DecodeError> {
    let mut reader = Reader { rest: raw };
    let mode =
        mode_from_byte(reader.byte()?).ok_or(DecodeError::Malformed("unknown matching mode"))?;
    let robots_txt = reader.text("robots.txt")?;
    let count = reader.count("crawler count exceeds the data")?;
    if count > MAX_CRAWLERS {
        return Err(DecodeError::TooManyCrawlers { count });
    }
    let mut crawlers = Vec::with_capacity(count);
    for _ in 0..count {
        crawlers.push(reader.text("crawler list")?);
    }
    let urls = reader.text("URL list")?;
    let (mut before, mut fetch) = (None, FetchOutcome::FETCHED);
    if version >= 2 {
        before = reader.optional("robots.txt before")?;
        fetch = reader
            .text("fetch outcome")?
            .parse()
            .map_err(|_| DecodeError::Malformed("unknown fetch outcome"))?;
    }
    let mut view = ViewState::default();
    let (mut origin, mut sites) = (None, Vec::new());
    let (mut expectations, mut expectations_error) = (String::new(), None);
    while version >= 3 && !reader.rest.is_empty() {
        let tag = reader.varint()?;
        let payload = reader.bytes()?;
        let mut section = Reader { rest: payload };
        match tag {
            VIEW_SECTION => view = ViewState::from_raw(&mut section)?,
            SITES_SECTION => (origin, sites) = sites_from_raw(&mut section)?,
            // A part of its own: when it cannot be read, the rest opens.
            EXPECT_SECTION => match expectations_from_raw(payload) {
                Ok(text) => expectations = text,
                Err(error) => expectations_error = Some(error),
            },
            // A newer build's section: skipped.
            _ => {}
        }
    }
    if !reader.rest.is_empty() {
        return Err(DecodeError::Malformed("unexpected trailing data"));
    }
    Ok(AppState {
        robots_txt,
        crawlers,
        urls,
        mode,
        before,
        fetch,
        view,
        origin,
        sites,
        expectations,
        expectations_error,
    })
}

/// The expectations section's text: UTF-8, at most what the app writes.
fn expectations_from_raw(payload: &[u8]) -> Result<String, DecodeError> {
    if payload.len() > MAX_EXPECT_LINK_BYTES {
        return Err(DecodeError::Malformed(
            "its expectations are longer than a link keeps",
        ));
    }
    String::from_utf8(payload.to_vec()).map_err(|_| DecodeError::InvalidUtf8 {
        field: "expectations",
    })
}

/// The base64url alphabet (RFC 4648 section 5).
const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding, as the `base64` crate's `URL_SAFE_NO_PAD`
/// writes it (a few lines here instead of the crate's engine in the wasm).
fn base64url_encode(bytes: &[u8], out: &mut String) {
    for chunk in bytes.chunks(3) {
        let mut n = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            n |= u32::from(b) << (16 - 8 * i);
        }
        for i in 0..=chunk.len() {
            out.push(char::from(BASE64URL[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
}

/// Decodes what `URL_SAFE_NO_PAD` accepts: base64url symbols only (no
/// padding), no dangling single symbol, and zero unused trailing bits.
fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3 + 2);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let value = match c {
                b'A'..=b'Z' => c - b'A',
                b'a'..=b'z' => c - b'a' + 26,
                b'0'..=b'9' => c - b'0' + 52,
                b'-' => 62,
                b'_' => 63,
                _ => return None,
            };
            n |= u32::from(value) << (18 - 6 * i);
        }
        let produced = chunk.len() - 1;
        if n & ((1 << (24 - 8 * produced)) - 1) != 0 {
            return None;
        }
        for i in 0..produced {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

/// LEB128 unsigned integer.
fn put_varint(out: &mut Vec<u8>, mut value: usize) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    put_varint(out, bytes.len());
    out.extend_from_slice(bytes);
}

struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn byte(&mut self) -> Result<u8, DecodeError> {
        let (&first, rest) = self
            .rest
            .split_first()
            .ok_or(DecodeError::Malformed("the data ends early"))?;
        self.rest = rest;
        Ok(first)
    }

    fn varint(&mut self) -> Result<usize, DecodeError> {
        let mut value: usize = 0;
        // Ten 7-bit groups cover 64 bits; more is never a valid length.
        for shift in (0..70).step_by(7) {
            let byte = self.byte()?;
            let bits = usize::from(byte & 0x7f);
            value |= bits
                .checked_shl(shift)
                .filter(|shifted| shifted >> shift == bits)
                .ok_or(DecodeError::Malformed("a length is out of range"))?;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(DecodeError::Malformed("a length is out of range"))
    }

    /// A number of items, each at least a byte: a count beyond the
    /// remaining input is a lie (`lie` says which), and checking first
    /// avoids a huge up-front allocation.
    fn count(&mut self, lie: &'static str) -> Result<usize, DecodeError> {
        let count = self.varint()?;
        if count > self.rest.len() {
            return Err(DecodeError::Malformed(lie));
        }
        Ok(count)
    }

    /// A length-prefixed run of bytes.
    fn bytes(&mut self) -> Result<&'a [u8], DecodeError> {
        let len = self.varint()?;
        if len > self.rest.len() {
            return Err(DecodeError::Malformed("the data ends early"));
        }
        let (bytes, rest) = self.rest.split_at(len);
        self.rest = rest;
        Ok(bytes)
    }

    /// A flag byte, then a text when it is 1.
    fn optional(&mut self, field: &'static str) -> Result<Option<String>, DecodeError> {
        match self.byte()? {
            0 => Ok(None),
            1 => self.text(field).map(Some),
            _ => Err(DecodeError::Malformed("unknown compare flag")),
        }
    }

    fn text(&mut self, field: &'static str) -> Result<String, DecodeError> {
        let bytes = self.bytes()?;
        String::from_utf8(bytes.to_vec()).map_err(|_| DecodeError::InvalidUtf8 { field })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    use test_support::rng::{self, pick, seeded, Rng};

    #[test]
    fn base64url_matches_the_base64_crate() {
        let mut random = seeded(0x1234_5678);
        for len in 0..64 {
            let bytes = rng::bytes(&mut random, len);
            let mut ours = String::new();
            base64url_encode(&bytes, &mut ours);
            assert_eq!(ours, URL_SAFE_NO_PAD.encode(&bytes));
            assert_eq!(base64url_decode(&ours), Some(bytes));
        }
        let symbols = b"AQgw_-9z=+/ .";
        for len in 0..7 {
            for _ in 0..300 {
                let text: String = (0..len)
                    .map(|_| char::from(pick(&mut random, symbols)))
                    .collect();
                assert_eq!(
                    base64url_decode(&text),
                    URL_SAFE_NO_PAD.decode(&text).ok(),
                    "{text:?}"
                );
            }
        }
    }

    fn sample() -> AppState {
        AppState {
            robots_txt: "User-agent: *\nDisallow: /private/\n".into(),
            crawlers: vec!["Googlebot".into(), "Googlebot-Image>Googlebot".into()],
            urls: "https://example.com/\nhttps://example.com/private/x".into(),
            mode: Mode::Rfc9309,
            before: Some("User-agent: *\nDisallow: /\n".into()),
            fetch: "503".parse().unwrap(),
            view: ViewState {
                verdict: "differs".into(),
                crawler: Some(1),
                text: "private".into(),
                decided_by: Some(2),
                order: "line".into(),
                by_rule: true,
                matrix: true,
                selected: Some(3),
            },
            origin: Some("https://example.com".into()),
            sites: vec![SiteFile {
                origin: "https://shop.example.com".into(),
                robots_txt: "User-agent: *\nDisallow: /cart\n".into(),
                before: Some(String::new()),
            }],
            expectations: "Googlebot allowed /\n* disallowed /private/\n".into(),
            expectations_error: None,
        }
    }

    /// Builds a `v1` hash around arbitrary raw (pre-compression) bytes.
    fn hash_of_raw(raw: &[u8]) -> String {
        hash_of_raw_as("v1", raw)
    }

    fn hash_of_raw_as(tag: &str, raw: &[u8]) -> String {
        let compressed = miniz_oxide::deflate::compress_to_vec(raw, 1);
        format!("{tag}.{}", URL_SAFE_NO_PAD.encode(compressed))
    }

    #[test]
    fn stored_deflate_is_read_back_at_every_size() {
        // Empty, one block, exactly one full block, and several blocks.
        for len in [0, 1, 1000, 65_535, 65_536, 200_000] {
            let raw: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            let stored = stored_deflate(&raw);
            let inflated = miniz_oxide::inflate::decompress_to_vec(&stored).ok();
            assert_eq!(inflated, Some(raw), "{len} bytes");
        }
        let state = sample();
        let hash = hash_of(&stored_deflate(&state.to_raw()));
        assert_eq!(AppState::from_hash(&hash), Ok(Some(state)));
    }

    #[test]
    fn round_trips() {
        let state = sample();
        let hash = state.to_hash();
        assert!(hash.starts_with("v3."));
        assert_eq!(AppState::from_hash(&hash), Ok(Some(state.clone())));
        assert_eq!(AppState::from_hash(&format!("#{hash}")), Ok(Some(state)));
    }

    #[test]
    fn v1_links_still_open() {
        // Google mode, robots.txt "a", one crawler "G", URLs "/x": the
        // layout links had before compare mode.
        let hash = hash_of_raw(&[0, 1, b'a', 1, 1, b'G', 2, b'/', b'x']);
        let state = AppState::from_hash(&hash).unwrap().unwrap();
        assert_eq!(
            state,
            AppState {
                robots_txt: "a".into(),
                crawlers: vec!["G".into()],
                urls: "/x".into(),
                ..AppState::default()
            }
        );
        assert_eq!(state.fetch.name(), "200");
    }

    #[test]
    fn v2_links_as_the_app_wrote_them_still_open() {
        // Written by the app before the view was kept (layout v2).
        let hash = "v2.Y1QKLU4t0k1MT80rsVLQ4nLJLE7Myckvt1LQLyjKLEssSdXnYuJ0z89Pz0lNyi-RhLN0PXOBmuzgfKOMkpKCYit9_dSKxNyCnFS95PxcfS5sgjBzKxilcNrNxWxqYAwA";
        let state = AppState::from_hash(hash).unwrap().unwrap();
        assert_eq!(
            state,
            AppState {
                view: ViewState::default(),
                origin: None,
                sites: Vec::new(),
                expectations: String::new(),
                ..sample()
            }
        );
    }

    #[test]
    fn the_view_is_a_section_and_unknown_sections_are_skipped() {
        let state = sample();
        let raw = state.to_raw();
        // A section of a newer build (tag 9) before and after the view.
        let unknown = [9u8, 3, 1, 2, 3];
        let fields_len = AppState {
            view: ViewState::default(),
            origin: None,
            sites: Vec::new(),
            expectations: String::new(),
            ..sample()
        }
        .to_raw()
        .len();
        let with_unknown = [&raw[..fields_len], &unknown, &raw[fields_len..], &unknown].concat();
        assert_eq!(
            AppState::from_hash(&hash_of_raw_as("v3", &with_unknown)),
            Ok(Some(state))
        );
        // The default view takes no bytes.
        assert_eq!(AppState::default().to_raw().len(), 9);
    }

    #[test]
    fn damaged_views_and_sections_are_errors() {
        let fields = AppState::default().to_raw();
        for (case, tail) in [
            ("section longer than the data", &[1u8, 9, 0][..]),
            ("view ends early", &[1, 2, 0, 0][..]),
            (
                "view with trailing data",
                &[1, 8, 0, 0, 0, 0, 0, 0, 0, 7][..],
            ),
            (
                "line out of range",
                &[1, 9, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x7f, 0][..],
            ),
            ("section tag only", &[1][..]),
            ("file count beyond the data", &[2, 3, 0, 0xff, 0x0f][..]),
            ("files section with trailing data", &[2, 3, 0, 0, 9][..]),
            ("unknown origin flag", &[2, 2, 5, 0][..]),
        ] {
            let raw = [&fields[..], tail].concat();
            let result = AppState::from_hash(&hash_of_raw_as("v3", &raw));
            assert!(
                matches!(result, Err(DecodeError::Malformed(_))),
                "{case}: {result:?}"
            );
        }
        // Sections are new in v3: under v2 they are trailing data.
        let raw = sample().to_raw();
        assert!(AppState::from_hash(&hash_of_raw_as("v2", &raw)).is_err());
    }

    #[test]
    fn broken_or_oversized_expectations_are_said_and_lose_nothing_else() {
        let fields = AppState {
            expectations: String::new(),
            ..sample()
        };
        let raw = fields.to_raw();
        let with = |payload: &[u8]| {
            let mut raw = raw.clone();
            put_varint(&mut raw, EXPECT_SECTION);
            put_bytes(&mut raw, payload);
            AppState::from_hash(&hash_of_raw_as("v3", &raw))
                .unwrap()
                .unwrap()
        };
        let state = with(b"Googlebot allowed /\xff\n");
        assert_eq!(
            state.expectations_error,
            Some(DecodeError::InvalidUtf8 {
                field: "expectations"
            })
        );
        assert_eq!(
            state,
            AppState {
                expectations_error: state.expectations_error.clone(),
                ..fields.clone()
            }
        );
        let state = with(&vec![b'#'; MAX_EXPECT_LINK_BYTES + 1]);
        assert_eq!(state.expectations, "");
        assert_eq!(
            state.expectations_error.unwrap().to_string(),
            "this link is damaged: its expectations are longer than a link keeps"
        );
        // Links written before expectations open without them.
        assert_eq!(with(b"").expectations, "");
    }

    #[test]
    fn v2_fields_are_checked() {
        let v1_fields: &[u8] = &[0, 0, 0, 0];
        for (case, tail) in [
            ("unknown compare flag", &[2u8, 3, b'2', b'0', b'0'][..]),
            ("unknown fetch outcome", &[0, 4, b'd', b'o', b'w', b'n'][..]),
            ("missing fetch outcome", &[0][..]),
        ] {
            let raw = [v1_fields, tail].concat();
            let result = AppState::from_hash(&hash_of_raw_as("v2", &raw));
            assert!(
                matches!(result, Err(DecodeError::Malformed(_))),
                "{case}: {result:?}"
            );
        }
        // A v1 layout under the v2 tag lacks the new fields.
        assert!(AppState::from_hash(&hash_of_raw_as("v2", v1_fields)).is_err());
    }

    #[test]
    fn round_trips_default_state() {
        let state = AppState::default();
        assert_eq!(AppState::from_hash(&state.to_hash()), Ok(Some(state)));
    }

    #[test]
    fn hash_is_url_safe_and_compact() {
        let state = AppState {
            robots_txt: "User-agent: *\nDisallow: /\n".repeat(200),
            ..sample()
        };
        let hash = state.to_hash();
        assert!(hash
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)));
        assert!(hash.len() < state.robots_txt.len() / 10);
    }

    #[test]
    fn empty_hash_means_no_state() {
        assert_eq!(AppState::from_hash(""), Ok(None));
        assert_eq!(AppState::from_hash("#"), Ok(None));
    }

    #[test]
    fn rejects_unknown_versions() {
        let hash = sample().to_hash().replacen("v3", "v4", 1);
        assert_eq!(
            AppState::from_hash(&hash),
            Err(DecodeError::UnsupportedVersion("v4".into()))
        );
        assert!(matches!(
            AppState::from_hash("hello"),
            Err(DecodeError::UnsupportedVersion(_))
        ));
    }

    #[test]
    fn rejects_bad_base64() {
        assert_eq!(AppState::from_hash("v1.***"), Err(DecodeError::BadBase64));
        assert_eq!(AppState::from_hash("v1.abc="), Err(DecodeError::BadBase64));
    }

    #[test]
    fn rejects_bad_deflate() {
        let junk = URL_SAFE_NO_PAD.encode([0xff; 32]);
        assert_eq!(
            AppState::from_hash(&format!("v1.{junk}")),
            Err(DecodeError::BadCompression)
        );
        // A truncated stream is damage too, not a panic.
        let hash = sample().to_hash();
        let truncated = &hash[..hash.len() - 8];
        assert!(AppState::from_hash(truncated).is_err());
    }

    #[test]
    fn rejects_zip_bombs() {
        let bomb = vec![b'a'; MAX_DECODED_BYTES + 1];
        let hash = hash_of_raw(&bomb);
        assert!(hash.len() < 64 * 1024, "bomb hash should be small");
        assert_eq!(AppState::from_hash(&hash), Err(DecodeError::TooLarge));
    }

    #[test]
    fn rejects_oversized_hashes_before_decoding() {
        let hash = format!("v1.{}", "A".repeat(MAX_HASH_CHARS));
        assert!(matches!(
            AppState::from_hash(&hash),
            Err(DecodeError::HashTooLong { .. })
        ));
    }

    #[test]
    fn rejects_invalid_utf8() {
        // mode, robots.txt = [0xff], no crawlers, empty URLs
        let hash = hash_of_raw(&[0, 1, 0xff, 0, 0]);
        assert_eq!(
            AppState::from_hash(&hash),
            Err(DecodeError::InvalidUtf8 {
                field: "robots.txt"
            })
        );
    }

    #[test]
    fn rejects_malformed_layouts() {
        let cases: &[(&str, &[u8])] = &[
            ("nothing at all", &[]),
            ("unknown mode", &[7, 0, 0, 0]),
            ("length beyond the data", &[0, 5, b'a']),
            ("trailing data", &[0, 0, 0, 0, 9]),
            (
                "length overflows",
                &[
                    0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
                ],
            ),
            (
                "overlong length",
                &[
                    0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01,
                ],
            ),
            (
                "crawler count beyond the data",
                &[0, 0, 0xff, 0xff, 0xff, 0x0f],
            ),
        ];
        for (case, raw) in cases {
            let result = AppState::from_hash(&hash_of_raw(raw));
            assert!(
                matches!(result, Err(DecodeError::Malformed(_))),
                "{case}: {result:?}"
            );
        }
    }

    #[test]
    fn error_messages_are_readable() {
        let message = AppState::from_hash("v9.x").unwrap_err().to_string();
        assert!(message.contains("unknown format"), "{message}");
        let message = DecodeError::TooLarge.to_string();
        assert!(message.contains("more than 1.3 MB"), "{message}");
    }

    /// A link as the reliability test crafted them: `crawlers` tokens,
    /// `urls` URLs, and `robots` as the robots.txt.
    fn crafted(robots: &str, crawlers: usize, urls: usize) -> AppState {
        AppState {
            robots_txt: robots.to_string(),
            crawlers: (0..crawlers).map(|i| format!("Bot{}", i % 26)).collect(),
            urls: vec!["/a"; urls].join("\n"),
            ..sample()
        }
    }

    #[test]
    fn links_the_app_cannot_write_are_refused_quickly() {
        use crate::view_model::limits::MAX_PERSISTED_BYTES;
        // H19: 100,000 crawlers x 2 URLs, a 2.7 KB link.
        let h19 = crafted("User-agent: *\nDisallow: /a\n", 100_000, 2).to_hash();
        assert!(h19.len() < 4_000, "{}", h19.len());
        assert_eq!(
            AppState::from_hash(&h19),
            Err(DecodeError::TooManyCrawlers { count: 100_000 })
        );
        // H24: 20,000 crawlers x 200,000 URLs.
        let h24 = crafted("User-agent: *\nDisallow: /a\n", 20_000, 200_000).to_hash();
        assert!(matches!(
            AppState::from_hash(&h24),
            Err(DecodeError::TooManyCrawlers { count: 20_000 })
        ));
        // H17: a 7.5 MB robots.txt in a 19.6 KB link: inflating stops at
        // the cap.
        let h17 = crafted(&"Disallow: /x\n".repeat(580_000), 1, 1).to_hash();
        assert!(h17.len() < 40_000, "{}", h17.len());
        assert_eq!(AppState::from_hash(&h17), Err(DecodeError::TooLarge));
        // The largest state the app writes still opens: texts up to its
        // limit and as many crawlers as a check takes.
        let mut largest = crafted(&"#".repeat(MAX_PERSISTED_BYTES / 2), MAX_CRAWLERS, 0);
        largest.crawlers = vec!["Googlebot-Image>Googlebot".repeat(4); MAX_CRAWLERS];
        largest.urls = "/".repeat(MAX_PERSISTED_BYTES / 2);
        largest.before = None;
        assert_eq!(AppState::from_hash(&largest.to_hash()), Ok(Some(largest)));
    }

    /// Up to `max_len` pieces of text a link must carry intact.
    fn text(rng: &mut Rng, max_len: usize) -> String {
        const PIECES: &[&str] = &[
            "a",
            "Z",
            "/",
            "*",
            "$",
            "#",
            "\n",
            "\r\n",
            "\t",
            " ",
            "\0",
            "é",
            "日本",
            "🤖",
            "User-agent: ",
            "Disallow: ",
            "%2F",
            "\u{feff}",
            ">",
            "!*",
        ];
        let len = rng.usize(..=max_len);
        (0..len).map(|_| pick(rng, PIECES)).collect()
    }

    #[test]
    fn many_generated_states_round_trip() {
        let mut rng = seeded(0x9e37_79b9_7f4a_7c15);
        for _ in 0..500 {
            let state = AppState {
                robots_txt: text(&mut rng, 400),
                crawlers: (0..rng.usize(..6)).map(|_| text(&mut rng, 12)).collect(),
                urls: text(&mut rng, 60),
                mode: if rng.bool() {
                    Mode::Google
                } else {
                    Mode::Rfc9309
                },
                before: rng.bool().then(|| text(&mut rng, 300)),
                fetch: pick(&mut rng, &["200", "404", "redirect-6", "timeout"])
                    .parse()
                    .unwrap(),
                view: ViewState {
                    verdict: text(&mut rng, 2),
                    crawler: rng.bool().then(|| rng.usize(..500)),
                    text: text(&mut rng, 8),
                    decided_by: rng.bool().then(|| rng.usize(..100_000) as u32),
                    order: text(&mut rng, 2),
                    by_rule: rng.bool(),
                    matrix: rng.bool(),
                    selected: rng.bool().then(|| rng.usize(..1_000_000)),
                },
                origin: rng.bool().then(|| text(&mut rng, 6)),
                sites: (0..rng.usize(..3))
                    .map(|_| SiteFile {
                        origin: text(&mut rng, 6),
                        robots_txt: text(&mut rng, 100),
                        before: rng.bool().then(|| text(&mut rng, 50)),
                    })
                    .collect(),
                expectations: text(&mut rng, 80),
                expectations_error: None,
            };
            let hash = state.to_hash();
            assert_eq!(AppState::from_hash(&hash), Ok(Some(state)));
        }
    }

    #[test]
    fn corrupted_hashes_never_panic() {
        let mut rng = seeded(42);
        let hash = sample().to_hash();
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for _ in 0..2000 {
            let mut bytes = hash.clone().into_bytes();
            for _ in 0..=rng.usize(..4) {
                let at = rng.usize(3..bytes.len());
                bytes[at] = pick(&mut rng, ALPHABET);
            }
            let cut = rng.usize(3..=bytes.len());
            let corrupted = String::from_utf8(bytes[..cut].to_vec()).unwrap();
            // Any outcome but a panic is fine; most will be errors.
            let _ = AppState::from_hash(&corrupted);
        }
    }

    #[test]
    fn mode_keys_round_trip() {
        for mode in [Mode::Google, Mode::Rfc9309] {
            assert_eq!(Mode::parse(mode.as_str()), Some(mode));
            assert_eq!(mode_from_byte(mode_to_byte(mode)), Some(mode));
        }
        assert_eq!(Mode::parse("bing"), None);
        assert_eq!(mode_from_byte(2), None);
    }
}
