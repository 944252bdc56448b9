//! robots.txt files that tests build from generated rules.

/// A robots.txt of one `User-agent: *` group holding `rules` in order:
/// `(true, pattern)` an `Allow`, `(false, pattern)` a `Disallow`.
pub fn star_group(rules: &[(bool, String)]) -> String {
    let mut file = String::from("User-agent: *\n");
    for (allow, pattern) in rules {
        file.push_str(if *allow { "Allow: " } else { "Disallow: " });
        file.push_str(pattern);
        file.push('\n');
    }
    file
}
