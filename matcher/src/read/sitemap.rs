//! Reading the URLs of a sitemap (the `<loc>` of each `<url>`) or a
//! sitemap index (the sitemaps it names, not pages), without an XML
//! parser: `<loc>` elements are found in the text, so broken XML still
//! gives what it holds and never fails.

use super::url_list::{ListFormat, UrlList};

/// Whether `text` starts (after whitespace) with an XML declaration, a
/// comment or a `<urlset>` / `<sitemapindex>` element.
pub(super) fn looks_like_xml(text: &str) -> bool {
    let start = text.trim_start();
    start.starts_with("<?xml") || start.starts_with("<!--") || root_name(start).is_some()
}

/// The name of the first element of `xml` when it is a sitemap's.
fn root_name(xml: &str) -> Option<ListFormat> {
    let mut rest = xml;
    loop {
        let open = rest.find('<')?;
        rest = &rest[open..];
        let skip_to = if rest.starts_with("<?") {
            "?>"
        } else if rest.starts_with("<!--") {
            "-->"
        } else if rest.starts_with("<!") {
            ">"
        } else {
            let name_end = rest[1..]
                .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
                .map_or(rest.len(), |i| i + 1);
            let name = &rest[1..name_end];
            // Any namespace prefix (`<ns:urlset>`) is ignored.
            let local = name.rsplit(':').next().unwrap_or(name);
            return match local {
                "urlset" => Some(ListFormat::Sitemap),
                "sitemapindex" => Some(ListFormat::SitemapIndex),
                _ => None,
            };
        };
        rest = &rest[rest.find(skip_to)? + skip_to.len()..];
    }
}

/// The `<loc>` values of a sitemap (page URLs) or a sitemap index (the
/// sitemaps it names).
pub(super) fn read_sitemap(xml: &str) -> UrlList {
    let format = root_name(xml).unwrap_or(ListFormat::Sitemap);
    let mut list = UrlList::default();
    list.format = format;
    let mut line = 1u32;
    let mut counted = 0usize;
    let mut at = 0usize;
    while let Some(found) = xml[at..].find("<loc") {
        let open = at + found;
        let Some(close_tag) = xml[open..].find('>') else {
            break;
        };
        let tag = &xml[open + 4..open + close_tag];
        at = open + close_tag + 1;
        // `<location>` or `<loc-x>` are other elements.
        if !(tag.is_empty() || tag.starts_with(char::is_whitespace)) {
            continue;
        }
        let Some(end) = xml[at..].find("</loc>") else {
            break;
        };
        let raw = &xml[at..at + end];
        line += xml.as_bytes()[counted..open]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u32;
        counted = open;
        at += end + "</loc>".len();
        let value = xml_text(raw);
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        if format == ListFormat::SitemapIndex {
            list.sitemaps.push(value.to_string());
        } else {
            list.take(line, value);
        }
    }
    list
}

/// The text of an element's content: CDATA sections unwrapped, the five
/// predefined entities and numeric character references decoded.
fn xml_text(raw: &str) -> String {
    let raw = raw.trim();
    if let Some(inner) = raw
        .strip_prefix("<![CDATA[")
        .and_then(|r| r.strip_suffix("]]>"))
    {
        return inner.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .map(|hex| u32::from_str_radix(hex, 16))
                .or_else(|| entity.strip_prefix('#').map(str::parse::<u32>))
                .and_then(Result::ok)
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::url_list::tests::urls;

    #[test]
    fn sitemaps_yield_their_page_locs() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- generated -->\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n  <url>\n    <loc> https://a.example/?a=1&amp;b=2 </loc>\n    <image:image><image:loc>https://a.example/i.png</image:loc></image:image>\n  </url>\n  <url><loc><![CDATA[https://a.example/x&y]]></loc></url>\n  <url><loc>not a url</loc></url>\n  <url><location>x</location><loc>https://a.example/&#233;&#xE9;</loc></url>\n</urlset>\n";
        let list = UrlList::parse(xml);
        assert_eq!(list.format, ListFormat::Sitemap);
        assert_eq!(
            urls(&list),
            vec![
                (5, "https://a.example/?a=1&b=2"),
                (8, "https://a.example/x&y"),
                (10, "https://a.example/éé"),
            ]
        );
        assert_eq!(list.rejected.len(), 1);
        assert_eq!(list.rejected[0].line, 9);
    }

    #[test]
    fn sitemap_indexes_name_sitemaps() {
        let xml = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<sitemap><loc>https://a.example/s1.xml</loc></sitemap>\n<sitemap><loc>https://a.example/s2.xml.gz</loc><lastmod>2024-01-01</lastmod></sitemap>\n</sitemapindex>";
        let list = UrlList::parse(xml);
        assert_eq!(list.format, ListFormat::SitemapIndex);
        assert!(list.is_empty());
        assert_eq!(
            list.sitemaps,
            vec!["https://a.example/s1.xml", "https://a.example/s2.xml.gz"]
        );
    }

    #[test]
    fn broken_xml_never_panics() {
        for xml in [
            "<urlset><loc>",
            "<urlset><loc>/a",
            "<?xml",
            "<!--",
            "<urlset><loc>&#xFFFFFFFF;</loc>",
            "<urlset><loc>&#55296;/a</loc>",
            "<",
            "<urlset><loc >/b</loc>",
        ] {
            let list = UrlList::parse(xml);
            assert!(list.len() <= 1, "{xml}");
        }
        assert_eq!(
            urls(&UrlList::parse("<urlset><loc >/b</loc>")),
            vec![(1, "/b")]
        );
    }
}
