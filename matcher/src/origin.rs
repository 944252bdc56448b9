//! Which robots.txt governs a URL: its origin (RFC 9309 section 2.3, the
//! origin of RFC 6454: scheme, host and port), written the way
//! [`robots_txt_url`] writes it (scheme and host lower-cased, user info
//! dropped, a default port omitted), with internationalised host names in
//! their ASCII form, so `https://Bücher.example` and
//! `https://xn--bcher-kva.example:443/` are one origin.
//!
//! Two readings the RFCs leave to the caller, written down here: a
//! scheme-relative URL (`//host/x`) has no scheme of its own, and is read
//! as `https` (what a page served today resolves it against); a path with
//! no host (`/a`) has no origin: the caller decides which file governs it
//! (a front end with one file: that file). ASCII letters of host names are
//! lower-cased and each non-ASCII label Punycode-encoded (RFC 3492); the
//! full IDNA mapping (UTS 46: case folding of non-ASCII letters, width
//! folding, NFC) is not applied, which only matters for host names no
//! browser would send unmapped (`https://BÜCHER.example` stays apart from
//! `https://bücher.example`).

use std::fmt;

use crate::url::{robots_txt_url, UrlError};

/// A URL's origin, as `scheme://host[:port]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Origin(String);

impl Origin {
    /// The origin of `url`: an absolute URL (`https://a.example/x`) or a
    /// scheme-relative one (`//a.example/x`, read as `https`); a path or
    /// any other relative URL has none (`UrlError::NotAbsolute`).
    pub fn of(url: &str) -> Result<Origin, UrlError> {
        let url = url.trim();
        let robots = match url.strip_prefix("//") {
            Some(rest) => robots_txt_url(&format!("https://{rest}"))?,
            None => robots_txt_url(url)?,
        };
        let origin = robots.strip_suffix("/robots.txt").unwrap_or(&robots);
        Ok(Origin(ascii_host(origin)))
    }

    /// `scheme://host[:port]`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The robots.txt that governs the origin's URLs.
    pub fn robots_txt_url(&self) -> String {
        format!("{}/robots.txt", self.0)
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `scheme://host[:port]` with a non-ASCII host in its ASCII form.
fn ascii_host(origin: &str) -> String {
    if origin.is_ascii() {
        return origin.to_string();
    }
    let (scheme, rest) = origin.split_once("://").unwrap_or(("", origin));
    // The port, if any, is ASCII digits after the last ':' (a non-ASCII
    // host is never an IPv6 literal).
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => (host, Some(port)),
        _ => (rest, None),
    };
    let mut out = format!("{scheme}://");
    for (i, label) in host.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        // ASCII letters only: Unicode case folding would link its tables
        // (about 14 KB of the app's WebAssembly) for host names browsers
        // already send folded.
        let label = label.to_ascii_lowercase();
        if label.is_ascii() {
            out.push_str(&label);
        } else {
            out.push_str("xn--");
            punycode(&label, &mut out);
        }
    }
    if let Some(port) = port {
        out.push(':');
        out.push_str(port);
    }
    out
}

/// Appends the Punycode encoding of `label` (RFC 3492 section 6.3).
fn punycode(label: &str, out: &mut String) {
    const BASE: u32 = 36;
    const TMIN: u32 = 1;
    const TMAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    let digit = |d: u32| {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    };
    let adapt = |mut delta: u32, points: u32, first: bool| {
        delta /= if first { DAMP } else { 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - TMIN) * TMAX) / 2 {
            delta /= BASE - TMIN;
            k += BASE;
        }
        k + (BASE - TMIN + 1) * delta / (delta + SKEW)
    };
    let code_points: Vec<u32> = label.chars().map(u32::from).collect();
    let basic = code_points.iter().filter(|&&c| c < 0x80).count() as u32;
    out.extend(label.chars().filter(char::is_ascii));
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (0x80u32, 0u32, 72u32, basic);
    let total = code_points.len() as u32;
    while handled < total {
        let Some(&m) = code_points.iter().filter(|&&c| c >= n).min() else {
            break;
        };
        // Labels are at most a few dozen characters: no overflow here for
        // any host name (the RFC's overflow checks guard longer inputs).
        delta = delta.saturating_add((m - n).saturating_mul(handled + 1));
        n = m;
        for &c in &code_points {
            if c < n {
                delta = delta.saturating_add(1);
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        TMIN
                    } else if k >= bias + TMAX {
                        TMAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.saturating_add(1);
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(url: &str) -> String {
        Origin::of(url).unwrap().to_string()
    }

    #[test]
    fn scheme_host_and_port_make_the_origin() {
        assert_eq!(
            origin("https://www.Example.com/a?b#c"),
            "https://www.example.com"
        );
        assert_eq!(
            origin("HTTPS://www.example.com:443/"),
            "https://www.example.com"
        );
        assert_eq!(
            origin("http://www.example.com:80"),
            "http://www.example.com"
        );
        assert_eq!(
            origin("http://www.example.com:8080/x"),
            "http://www.example.com:8080"
        );
        assert_eq!(
            origin("https://user:pw@shop.example.com/x"),
            "https://shop.example.com"
        );
        assert_eq!(origin("http://[::1]:8000/x"), "http://[::1]:8000");
        // Another scheme, host, subdomain or port is another origin.
        let a = Origin::of("https://example.com/a").unwrap();
        for other in [
            "http://example.com/a",
            "https://www.example.com/a",
            "https://example.com:8443/a",
            "https://example.org/a",
        ] {
            assert_ne!(Origin::of(other).unwrap(), a, "{other}");
        }
        assert_eq!(Origin::of("https://EXAMPLE.com:443/b").unwrap(), a);
        assert_eq!(a.robots_txt_url(), "https://example.com/robots.txt");
    }

    #[test]
    fn scheme_relative_urls_read_as_https_and_paths_have_no_origin() {
        assert_eq!(origin("//cdn.example.com/cart/"), "https://cdn.example.com");
        assert!(matches!(
            Origin::of("/cart/"),
            Err(UrlError::NotAbsolute(_))
        ));
        assert!(matches!(
            Origin::of("cart/x"),
            Err(UrlError::NotAbsolute(_))
        ));
        assert!(matches!(
            Origin::of("ftp:/x"),
            Err(UrlError::NotAbsolute(_))
        ));
        assert!(matches!(
            Origin::of("gopher://x/"),
            Err(UrlError::UnsupportedScheme(_))
        ));
        assert!(matches!(
            Origin::of("https:///x"),
            Err(UrlError::MissingHost(_))
        ));
        assert_eq!(
            origin("ftp://files.example.com:21/x"),
            "ftp://files.example.com"
        );
    }

    #[test]
    fn international_host_names_take_their_ascii_form() {
        // RFC 3492 section 7.1 and well-known names.
        assert_eq!(
            origin("https://bücher.example/x"),
            "https://xn--bcher-kva.example"
        );
        assert_eq!(
            origin("https://Bücher.example:443/"),
            "https://xn--bcher-kva.example"
        );
        assert_eq!(
            origin("https://xn--bcher-kva.example/"),
            "https://xn--bcher-kva.example"
        );
        assert_eq!(
            origin("http://münchen.de:8080/a"),
            "http://xn--mnchen-3ya.de:8080"
        );
        assert_eq!(origin("https://例え.jp/"), "https://xn--r8jz45g.jp");
        assert_eq!(
            origin("https://правительство.рф/"),
            "https://xn--80aealotwbjpid2k.xn--p1ai"
        );
        assert_eq!(origin("https://☃.net/"), "https://xn--n3h.net");
    }
}
