//! Reading the URLs of a table: a CSV export of a crawl or a report (comma,
//! tab or semicolon separated), its `url`, `loc` or `address` column, else
//! the first.

use super::url_list::{is_url, ListFormat, UrlList};

/// The header names of a URL column, in order of preference.
const URL_COLUMNS: [&str; 3] = ["url", "loc", "address"];

/// The likeliest separator of a table's first line: comma, tab or
/// semicolon (spreadsheets in many locales write semicolons).
pub(super) fn delimiter_of(first_line: &str) -> u8 {
    [b',', b'\t', b';']
        .into_iter()
        .max_by_key(|&d| first_line.bytes().filter(|&b| b == d).count())
        .filter(|&d| first_line.as_bytes().contains(&d))
        .unwrap_or(b',')
}

/// The URL column a header line names: (index, name as written).
pub(super) fn named_column(first_line: &str, delimiter: u8) -> Option<(usize, String)> {
    let fields = csv_fields(first_line, delimiter).0;
    if fields.len() < 2 && !fields.iter().any(|f| is_column_name(f)) {
        return None;
    }
    URL_COLUMNS.iter().find_map(|name| {
        fields
            .iter()
            .position(|f| f.trim().eq_ignore_ascii_case(name))
            .map(|i| (i, fields[i].trim().to_string()))
    })
}

fn is_column_name(field: &str) -> bool {
    URL_COLUMNS
        .iter()
        .any(|name| field.trim().eq_ignore_ascii_case(name))
}

/// The fields of one CSV record starting at the beginning of `text`, and
/// how many bytes the record took (its line break included). Quoted fields
/// may hold separators, doubled quotes and line breaks.
pub(super) fn csv_fields(text: &str, delimiter: u8) -> (Vec<String>, usize) {
    let bytes = text.as_bytes();
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut i = 0;
    let mut quoted = false;
    let mut start = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if quoted {
            if b == b'"' {
                if bytes.get(i + 1) == Some(&b'"') {
                    field.push_str(&text[start..=i]);
                    i += 2;
                    start = i;
                    continue;
                }
                field.push_str(&text[start..i]);
                quoted = false;
                start = i + 1;
            }
        } else if b == b'"' && text[start..i].trim().is_empty() && field.is_empty() {
            quoted = true;
            start = i + 1;
        } else if b == delimiter {
            field.push_str(&text[start..i]);
            fields.push(std::mem::take(&mut field));
            start = i + 1;
        } else if b == b'\n' {
            field.push_str(&text[start..i]);
            fields.push(field);
            return (fields, i + 1);
        }
        i += 1;
    }
    field.push_str(&text[start.min(bytes.len())..]);
    fields.push(field);
    (fields, bytes.len())
}

/// A table: the URLs of one column. `column` is the header's URL column;
/// without one, the first column, and a first row whose first field is
/// not a URL is a header.
pub(super) fn read_table(text: &str, delimiter: u8, column: Option<(usize, String)>) -> UrlList {
    let mut list = UrlList::default();
    list.format = ListFormat::Csv;
    let index = column.as_ref().map_or(0, |(index, _)| *index);
    list.column = column.map(|(_, name)| name);
    // The first row is a header when it names the column, or when its first
    // field is not a URL.
    let mut header_pending = true;
    let mut at = 0;
    let mut line = 1u32;
    let mut blank = 0;
    while at < text.len() {
        let (fields, used) = csv_fields(&text[at..], delimiter);
        let record = &text[at..at + used];
        let number = line;
        line += record.bytes().filter(|&b| b == b'\n').count() as u32;
        at += used;
        if record.trim().is_empty() {
            blank += 1;
            continue;
        }
        if record.trim_start().starts_with('#') {
            list.comment_lines += 1;
            continue;
        }
        let value = fields.get(index).map_or("", |f| f.trim());
        if header_pending {
            header_pending = false;
            if list.column.is_some() || !is_url(value) {
                // The header row.
                continue;
            }
        }
        if !list.is_empty() || !list.rejected.is_empty() {
            list.blank_lines += blank;
        }
        blank = 0;
        // A quoted cell may span lines; a URL never holds a line break, and
        // the list is written back one URL a line.
        if value.is_empty() || value.contains(['\n', '\r']) {
            list.reject(number, record.trim());
        } else {
            list.take(number, value);
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::url_list::tests::urls;

    #[test]
    fn csv_with_a_url_column_header() {
        let text = "Address,Status Code,Title\r\nhttps://a.example/,200,\"Home, sweet\"\r\n\"https://a.example/q?x=\"\"1\"\"\",301,x\r\n,404,empty\r\n";
        let list = UrlList::parse(text);
        assert_eq!(list.format, ListFormat::Csv);
        assert_eq!(list.column.as_deref(), Some("Address"));
        assert_eq!(
            urls(&list),
            vec![
                (2, "https://a.example/"),
                (3, "https://a.example/q?x=\"1\"")
            ]
        );
        assert_eq!(list.rejected.len(), 1);
        assert_eq!(list.rejected[0].line, 4);
    }

    #[test]
    fn csv_columns_by_name_in_order_of_preference() {
        let list = UrlList::parse("title;loc;url\nx;/not-this;/this\n");
        assert_eq!(list.column.as_deref(), Some("url"));
        assert_eq!(urls(&list), vec![(2, "/this")]);
        let list = UrlList::parse("title\tLOC\nx\t/tabbed\n");
        assert_eq!(urls(&list), vec![(2, "/tabbed")]);
        // A quoted field with a line break keeps the next record's line right.
        let list = UrlList::parse("url,note\n/a,\"two\nlines\"\n/b,x\n");
        assert_eq!(urls(&list), vec![(2, "/a"), (4, "/b")]);
    }

    #[test]
    fn csv_files_without_a_named_column_read_the_first() {
        let list = UrlList::read_file("crawl.csv", b"Page,Status\n/a,200\n/b,404\n").unwrap();
        assert_eq!(list.column, None);
        assert_eq!(urls(&list), vec![(2, "/a"), (3, "/b")]);
        let list = UrlList::read_file("plain.CSV", b"/a,200\n/b,404\n").unwrap();
        assert_eq!(urls(&list), vec![(1, "/a"), (2, "/b")]);
        let list = UrlList::read_file("list.tsv", b"url\tcount\n/a\t3\n").unwrap();
        assert_eq!(urls(&list), vec![(2, "/a")]);
    }

    #[test]
    fn a_quoted_cell_over_two_lines_is_rejected_not_read_as_a_url() {
        // Found by the url_files fuzz target: such a "URL" came back as two
        // lines of the URL list.
        let list = read_table("\"/a\n/b\",x\n/c\n", b',', None);
        assert_eq!(urls(&list), [(3, "/c")]);
        assert_eq!(list.rejected.len(), 1);
        assert_eq!(list.rejected[0].line, 1);
    }

    #[test]
    fn a_one_column_text_with_a_url_header_is_a_table() {
        let list = UrlList::parse("URL\n/a\n/b\n");
        assert_eq!(list.format, ListFormat::Csv);
        assert_eq!(urls(&list), vec![(2, "/a"), (3, "/b")]);
    }
}
