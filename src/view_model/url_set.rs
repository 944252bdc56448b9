//! The URL field, read: the URLs to check (the library's [`UrlList`]), how
//! many repeat, and sentences about what was skipped.

use std::sync::OnceLock;

use robots_matcher::read::url_list::UrlList;

use super::format::{plural, skipped_lines_note};
use super::sort::sort_indices;

/// The URL field, read once per change of its text.
#[derive(Debug, Default)]
pub struct UrlSet {
    /// The URLs and what was skipped.
    pub list: UrlList,
    /// How many URLs repeat one listed before them.
    pub repeated: usize,
    /// URL indices in URL order, computed when first sorted by.
    sorted: OnceLock<Vec<u32>>,
}

impl UrlSet {
    /// Reads the URL field.
    pub fn parse(text: &str) -> UrlSet {
        let list = UrlList::parse(text);
        let mut seen = std::collections::HashSet::with_capacity(list.len());
        let repeated = list.iter().filter(|url| !seen.insert(*url)).count();
        UrlSet {
            list,
            repeated,
            sorted: OnceLock::new(),
        }
    }

    /// URL indices ordered by URL (stable: equal URLs keep input order).
    pub(crate) fn sorted(&self) -> &[u32] {
        self.sorted.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.list.len() as u32).collect();
            let url = |i: u32| self.list.get(i as usize).unwrap_or("");
            sort_indices(&mut order, &|a, b| url(a).cmp(url(b)));
            order
        })
    }

    /// Sentences about what was skipped in the URL field.
    pub(crate) fn notes(&self) -> Vec<String> {
        let list = &self.list;
        let mut notes = Vec::new();
        if list.blank_lines > 0 {
            notes.push(format!(
                "Skipped {} in the URL list.",
                plural(list.blank_lines, "empty line", "empty lines")
            ));
        }
        notes.extend(skipped_lines_note(&list.rejected));
        if self.repeated > 0 {
            notes.push(format!(
                "{} listed earlier too; every listing is checked.",
                plural(self.repeated, "URL is", "URLs are")
            ));
        }
        if !list.sitemaps.is_empty() {
            notes.push(format!(
                "This is a sitemap index: it names {} rather than pages. Open those sitemaps to check their URLs.",
                plural(list.sitemaps.len(), "sitemap", "sitemaps")
            ));
        }
        notes
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_are_counted_and_urls_sorted_stably() {
        let set = UrlSet::parse("/b\n/a\n/b\n\nhello world\n");
        assert_eq!(set.list.len(), 3);
        assert_eq!(set.repeated, 1);
        assert_eq!(set.sorted(), [1, 0, 2]);
        let notes = set.notes().join(" | ");
        assert!(notes.contains("Skipped 1 empty line"), "{notes}");
        assert!(notes.contains("1 URL is listed earlier too"), "{notes}");
    }
}
