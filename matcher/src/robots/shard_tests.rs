//! Tests of a large group's index in shards (`crate::index::shards`):
//! sharded, a group decides like a first check that tries every rule.
//! They live in the `robots` layer because they hold the shards to the
//! whole file's checks, and the index may not import the file's parse
//! (tests/architecture.rs).
use crate::index::shards::{Shards, SHORTEST_KEY};
use crate::index::SHARD_AFTER;
use crate::{Crawler, Mode, Robots};
use proptest::prelude::*;

/// The `*` group's rules of `robots`, sharded.
fn shards(robots: &Robots) -> Option<Shards> {
    let groups = robots.global_groups().expect("a `*` group").groups;
    let ids = groups
        .iter()
        .flat_map(|&g| robots.spans.groups[g].rule_ids());
    Shards::new(ids, robots)
}

/// The verdict of Googlebot's first check of `path` on a site (every
/// rule tried), as `(allowed, line)`.
fn tried(file: &str, path: &str) -> (bool, u32) {
    let url = format!("https://example.com{path}");
    let verdict = Robots::parse(file.as_bytes()).check(&Crawler::new("Googlebot"), &url);
    (verdict.allowed, verdict.line)
}

/// `(allowed, line)` of a sharded search.
fn sharded(shards: &Shards, robots: &Robots, path: &str) -> (bool, u32) {
    let ruling = shards.best(path.as_bytes(), robots).decide();
    (ruling.allowed, ruling.by.map_or(0, |hit| hit.line))
}

/// A file of `n` rules under a few long directories, with wildcards,
/// `$`, escapes, `/index.html` Allows and rules with short prefixes.
fn large_file(n: usize) -> String {
    let mut file = String::from("User-agent: *\nDisallow: /*.pdf$\nAllow: /*?lang=\n");
    for i in 0..n {
        let kind = if i % 7 == 0 { "Allow" } else { "Disallow" };
        let dir = ["/html/E1", "/html/B2", "/cd/E18", "/en/cloud/saas"][i % 4];
        let tail = match i % 9 {
            0 => "/index.html".to_string(),
            1 => "/*print$".to_string(),
            2 => "/%e9t%C3%A9".to_string(),
            3 => "$".to_string(),
            4 => "/a b".to_string(),
            _ => format!("/{}", i % 13),
        };
        file.push_str(&format!("{kind}: {dir}{:04}_01{tail}\n", i / 3));
    }
    file
}

#[test]
fn a_large_group_is_sharded_and_decides_like_trying_every_rule() {
    let file = large_file(600);
    let robots = Robots::parse(file.as_bytes());
    let shards = shards(&robots).expect("sharded");
    assert!(shards.key_len() >= SHORTEST_KEY);
    let paths = [
        "/",
        "/html/E10001_01/",
        "/html/E10001_01/index.html",
        "/html/B20002_01/x/print",
        "/cd/E180003_01/%E9t%C3%A9",
        "/en/cloud/saas0004_01",
        "/html/E10005_01/5",
        "/a.pdf",
        "/html/E10010_01/a%20b",
        "/cd/E180013_01/3?lang=en",
        "/html/E1",
    ];
    for path in paths {
        assert_eq!(
            sharded(&shards, &robots, path),
            tried(&file, path),
            "{path}"
        );
    }
    // Paths from every rule: its own text and one byte more.
    for rule in robots.rules() {
        for path in [rule.value.clone(), format!("{}x", rule.value)] {
            let path = String::from_utf8_lossy(&crate::pattern::encode_path(&path, Mode::Google))
                .into_owned();
            assert_eq!(
                sharded(&shards, &robots, &path),
                tried(&file, &path),
                "{path}"
            );
        }
    }
}

#[test]
fn a_path_needing_encoding_is_not_searched_unvetted() {
    let file = large_file(100);
    let robots = Robots::parse(file.as_bytes());
    let shards = shards(&robots).expect("sharded");
    for path in ["/html/E10001_01/a b", "/x#y", "/\u{e9}"] {
        assert_eq!(
            shards.best_unvetted(path.as_bytes(), &robots),
            None,
            "{path}"
        );
    }
    let clean = "/html/E10001_01/1";
    assert_eq!(
        shards.best_unvetted(clean.as_bytes(), &robots),
        Some(shards.best(clean.as_bytes(), &robots))
    );
}

#[test]
fn short_prefixes_leave_a_group_whole() {
    let mut file = String::from("User-agent: *\n");
    for i in 0..200 {
        file.push_str(&format!("Disallow: /{}\n", i % 10));
    }
    assert!(shards(&Robots::parse(file.as_bytes())).is_none());
}

#[test]
fn a_large_group_checks_through_its_shards() {
    // Past the threshold, a matcher's checks after its first go
    // through the shards and give the first check's verdicts.
    let file = large_file(SHARD_AFTER);
    let robots = Robots::parse(file.as_bytes());
    let matcher = robots.matcher_for(&Crawler::new("Googlebot"));
    matcher.check("/");
    matcher.check("/");
    let index = robots.global_groups().and_then(|g| g.built_index());
    assert!(index.is_some_and(|index| index.as_whole().is_none()));
    for path in [
        "/html/E10001_01/index.html",
        "/html/E10001_01/",
        "/cd/E180013_01/3?lang=en",
        "/html/E10010_01/a b",
        "/x.pdf",
    ] {
        let verdict = matcher.check(&format!("https://example.com{path}"));
        assert_eq!(
            (verdict.allowed, verdict.line),
            tried(&file, path),
            "{path}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Sharded, a group decides like trying every rule: rules that
    /// share long prefixes (so that some shards are tried rule by rule
    /// and some have a trie), repeat, hold `*`, `$`, escapes, bytes
    /// above ASCII, or are `/index.html` Allows.
    #[test]
    fn sharded_groups_decide_like_trying_every_rule(
        rules in proptest::collection::vec(
            (any::<bool>(), "(/dir/subdirectory/|/dir/sub|/directory-)[ab%é]{0,3}(index.html|\\*|\\$|/x|%41)?"),
            24..160,
        ),
        short in proptest::collection::vec("(/|/\\*|\\*|/a)[ab?]{0,2}", 0..4),
        paths in proptest::collection::vec("(/dir/subdirectory/|/dir/sub|/directory-|/)[ab%é/x?]{0,5}", 1..16),
    ) {
        let mut file = test_support::files::star_group(&rules);
        for pattern in &short {
            file.push_str(&format!("Disallow: {pattern}\n"));
        }
        let robots = Robots::parse(file.as_bytes());
        let Some(shards) = shards(&robots) else {
            return Ok(());
        };
        for path in &paths {
            let path = String::from_utf8_lossy(&crate::pattern::encode_path(path, Mode::Google)).into_owned();
            prop_assert_eq!(sharded(&shards, &robots, &path), tried(&file, &path), "{:?} {:?}", file, path);
        }
    }
}
