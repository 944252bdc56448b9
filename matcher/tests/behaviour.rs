//! Verdicts and deciding lines, behaviour by behaviour, through the public
//! API. Expectations follow Google's documented matcher (robots.cc) in the
//! default mode, and RFC 9309 where the strict mode differs.

use robots_matcher::tools::explain::Decision;
use robots_matcher::tools::lint::{Code, DirectiveClass, Severity};
use robots_matcher::{
    AgentMatching, Category, CheckOptions, Crawler, FetchOutcome, FetchedRobots, LineKind, Mode,
    ParseOptions, Robots, Selection,
};

/// Checks with Google's library semantics (URL taken as given).
fn raw(robots: &str, agent: &str, url: &str) -> (bool, u32) {
    let v = Robots::parse(robots.as_bytes()).check_with(
        &Crawler::parse_spec(agent).unwrap(),
        url,
        &CheckOptions {
            raw_url: true,
            ..CheckOptions::default()
        },
    );
    (v.allowed, v.line)
}

fn allowed(robots: &str, agent: &str, url: &str) -> bool {
    raw(robots, agent, url).0
}

fn codes(robots: &[u8]) -> Vec<&'static str> {
    Robots::parse(robots)
        .diagnostics()
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

#[test]
fn empty_inputs_allow() {
    assert!(allowed("", "FooBot", ""));
    assert!(!allowed(
        "user-agent: FooBot\ndisallow: /\n",
        "FooBot>Bar",
        ""
    ));
    assert_eq!(raw("", "FooBot", "http://x/"), (true, 0));
}

#[test]
fn a_line_needs_a_key_and_separator() {
    let correct = "user-agent: FooBot\ndisallow: /\n";
    let incorrect = "foo: FooBot\nbar: /\n";
    let missing_colon = "user-agent FooBot\ndisallow /\n";
    assert!(!allowed(correct, "FooBot", "http://foo.bar/x/y"));
    assert!(allowed(incorrect, "FooBot", "http://foo.bar/x/y"));
    assert!(!allowed(missing_colon, "FooBot", "http://foo.bar/x/y"));
}

#[test]
fn groups_start_at_a_user_agent_after_a_rule() {
    let robots = "allow: /foo/bar/\n\
                  \n\
                  user-agent: FooBot\n\
                  disallow: /\n\
                  allow: /x/\n\
                  user-agent: BarBot\n\
                  disallow: /\n\
                  allow: /y/\n\
                  \n\
                  \n\
                  allow: /w/\n\
                  user-agent: BazBot\n\
                  \n\
                  user-agent: FooBot\n\
                  allow: /z/\n\
                  disallow: /\n";
    assert_eq!(raw(robots, "FooBot", "http://foo.bar/x/b"), (true, 5));
    assert_eq!(raw(robots, "FooBot", "http://foo.bar/z/d"), (true, 15));
    assert_eq!(raw(robots, "FooBot", "http://foo.bar/y/c"), (false, 4));
    assert_eq!(raw(robots, "BarBot", "http://foo.bar/y/c"), (true, 8));
    assert_eq!(raw(robots, "BarBot", "http://foo.bar/w/a"), (true, 11));
    assert_eq!(raw(robots, "BarBot", "http://foo.bar/z/d"), (false, 7));
    assert_eq!(raw(robots, "BazBot", "http://foo.bar/z/d"), (true, 15));
    // The rule before any user-agent applies to nobody.
    for agent in ["FooBot", "BarBot", "BazBot"] {
        assert!(
            !allowed(robots, agent, "http://foo.bar/foo/bar/"),
            "{agent}"
        );
    }
    let parsed = Robots::parse(robots.as_bytes());
    assert!(parsed
        .diagnostics()
        .iter()
        .any(|d| d.code == Code::RuleBeforeUserAgent && d.line == 1));
    assert_eq!(parsed.groups().len(), 3);
    assert_eq!(
        parsed.groups()[2].names().collect::<Vec<_>>(),
        ["BazBot", "FooBot"]
    );
}

#[test]
fn sitemap_and_unknown_lines_do_not_end_a_group() {
    let sitemap =
        "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n";
    let unknown = "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n";
    for robots in [sitemap, unknown] {
        assert!(!allowed(robots, "FooBot", "http://foo.bar/"));
        assert!(!allowed(robots, "BarBot", "http://foo.bar/"));
    }
}

#[test]
fn keys_and_agent_values_ignore_case_but_patterns_do_not() {
    for robots in [
        "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n",
        "user-agent: FooBot\nallow: /x/\ndisallow: /\n",
        "uSeR-aGeNt: fOoBoT\naLlOw: /x/\ndIsAlLoW: /\n",
    ] {
        assert!(allowed(robots, "FooBot", "http://foo.bar/x/y"));
        assert!(allowed(robots, "foobot", "http://foo.bar/x/y"));
        assert!(!allowed(robots, "FOOBOT", "http://foo.bar/a/b"));
    }
    assert!(!allowed(
        "User-agent: *\nDisallow: /x/\n",
        "FooBot",
        "http://foo.bar/x/y"
    ));
    assert!(allowed(
        "User-agent: *\nDisallow: /X/\n",
        "FooBot",
        "http://foo.bar/x/y"
    ));
}

#[test]
fn agent_value_is_read_up_to_its_first_invalid_character() {
    let robots = "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n";
    assert!(allowed(robots, "Foo", "http://foo.bar/x/y"));
    assert!(!allowed(robots, "Bar", "http://foo.bar/x/y"));
    let robots = "User-agent: FooBot/1.2\nDisallow: /\n";
    assert!(!allowed(robots, "FooBot", "http://foo.bar/"));
    assert!(codes(robots.as_bytes()).contains(&"user-agent-cut"));
    // A crawler name is compared whole.
    assert!(allowed(
        "User-agent: Googlebot\nDisallow: /\n",
        "Googlebot-Image",
        "/"
    ));
}

#[test]
fn global_group_applies_only_without_a_specific_one() {
    let empty = "";
    let global = "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n";
    let only_specific = "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n";
    assert!(allowed(empty, "FooBot", "http://foo.bar/x/y"));
    assert!(!allowed(global, "FooBot", "http://foo.bar/x/y"));
    assert!(allowed(global, "BarBot", "http://foo.bar/x/y"));
    assert!(allowed(only_specific, "QuxBot", "http://foo.bar/x/y"));
    // `*` followed by more text is still the global group.
    assert!(!allowed(
        "User-agent: * # everyone\nDisallow: /\n",
        "FooBot",
        "/"
    ));
    assert!(!allowed(
        "User-agent: * everyone\nDisallow: /\n",
        "FooBot",
        "/"
    ));
    assert!(allowed("User-agent: *bot\nDisallow: /\n", "FooBot", "/"));
}

#[test]
fn a_named_group_without_rules_still_shadows_the_global_group() {
    let robots = "User-agent: *\nDisallow: /\n\nUser-agent: FooBot\n";
    let v = Robots::parse(robots.as_bytes()).check(&Crawler::new("FooBot"), "/x");
    assert!(v.allowed);
    assert_eq!(v.category, Category::AllowedImplicit);
    assert_eq!(v.selection, Selection::Token(0));
    assert_eq!(v.line, 0);
}

#[test]
fn longest_match_wins_and_allow_wins_ties() {
    let tie = "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n";
    assert_eq!(raw(tie, "FooBot", "http://foo.bar/x/page.html"), (true, 3));
    let longer_allow = "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n";
    assert_eq!(
        raw(longer_allow, "FooBot", "http://foo.bar/page.html"),
        (false, 3)
    );
    assert_eq!(
        raw(longer_allow, "FooBot", "http://foo.bar/page"),
        (true, 2)
    );
    let prefix = "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n";
    assert_eq!(
        raw(prefix, "FooBot", "http://foo.bar/x/page.html"),
        (true, 2)
    );
    assert_eq!(raw(prefix, "FooBot", "http://foo.bar/x/y.html"), (false, 3));
    let star = "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n";
    assert!(allowed(star, "FooBot", "http://foo.bar/x/page"));
    assert!(!allowed(star, "FooBot", "http://foo.bar/y/page"));
    let slash = "user-agent: FooBot\nallow: /\ndisallow: /\n";
    assert_eq!(raw(slash, "FooBot", "http://foo.bar/"), (true, 2));
}

#[test]
fn the_first_of_equally_long_rules_is_reported() {
    let robots = "user-agent: FooBot\ndisallow: /a\ndisallow: /a\nallow: /b\nallow: /b\n";
    assert_eq!(raw(robots, "FooBot", "/a"), (false, 2));
    assert_eq!(raw(robots, "FooBot", "/b"), (true, 4));
}

#[test]
fn empty_disallow_allows_and_is_the_deciding_line() {
    let robots = "User-agent: FooBot\nDisallow:\n";
    let v = Robots::parse(robots.as_bytes()).check(&Crawler::new("FooBot"), "/anything");
    assert!(v.allowed);
    assert_eq!(v.line, 2);
    assert_eq!(v.priority, Some(0));
    assert_eq!(v.category, Category::AllowedExplicit);
    assert!(codes(robots.as_bytes()).contains(&"empty-disallow"));
    // A real match beats it.
    let robots = "User-agent: FooBot\nDisallow:\nDisallow: /a\n";
    assert_eq!(raw(robots, "FooBot", "/a"), (false, 3));
    assert_eq!(raw(robots, "FooBot", "/b"), (true, 2));
}

#[test]
fn non_ascii_patterns_are_percent_encoded() {
    let robots =
        "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n";
    assert!(allowed(
        robots,
        "FooBot",
        "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par"
    ));
    let robots = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n";
    assert!(allowed(
        robots,
        "FooBot",
        "http://foo.bar/foo/bar/%E3%83%84"
    ));
    // Google's library does not encode the URL it is given.
    assert!(!allowed(robots, "FooBot", "http://foo.bar/foo/bar/ツ"));
    // By default the URL is encoded as a crawler would request it.
    let v = Robots::parse(robots.as_bytes())
        .check(&Crawler::new("FooBot"), "http://foo.bar/foo/bar/ツ");
    assert_eq!((v.allowed, v.line), (true, 3));
    let robots = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n";
    assert!(allowed(
        robots,
        "FooBot",
        "http://foo.bar/foo/bar/%E3%83%84"
    ));
    // Escapes in patterns are upper-cased; those in URLs are not.
    let robots = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n";
    assert!(!allowed(robots, "FooBot", "http://foo.bar/foo/bar/baz"));
    assert!(allowed(
        robots,
        "FooBot",
        "http://foo.bar/foo/bar/%62%61%7A"
    ));
}

#[test]
fn star_and_dollar() {
    let robots = "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n";
    assert!(!allowed(robots, "FooBot", "http://foo.bar/foo/bar/quz"));
    assert!(allowed(robots, "FooBot", "http://foo.bar/foo/quz"));
    assert!(allowed(robots, "FooBot", "http://foo.bar/foo//quz"));
    assert!(allowed(robots, "FooBot", "http://foo.bar/foo/bax/quz"));
    let robots = "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n";
    assert!(!allowed(robots, "FooBot", "http://foo.bar/foo/bar"));
    assert!(allowed(robots, "FooBot", "http://foo.bar/foo/bar/qux"));
    assert!(allowed(robots, "FooBot", "http://foo.bar/foo/bar/"));
    assert!(allowed(robots, "FooBot", "http://foo.bar/foo/bar/baz"));
    let robots = "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n";
    assert!(allowed(robots, "FooBot", "http://foo.bar/foo/bar"));
    assert!(!allowed(robots, "FooBot", "http://foo.bar/foo/quz"));
    // The case a popular crate gets wrong.
    let robots = "User-agent: *\nDisallow: /*.html$\n";
    assert_eq!(raw(robots, "FooBot", "/docs/v1.2/page.html"), (false, 2));
    assert_eq!(raw(robots, "FooBot", "/docs/v1.2/page.html?x"), (true, 0));
}

#[test]
fn allow_index_html_also_allows_the_directory() {
    let robots = "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n";
    assert_eq!(
        raw(robots, "foobot", "http://foo.com/allowed-slash/"),
        (true, 2)
    );
    assert!(!allowed(
        robots,
        "foobot",
        "http://foo.com/allowed-slash/index.htm"
    ));
    assert!(allowed(
        robots,
        "foobot",
        "http://foo.com/allowed-slash/index.html"
    ));
    assert!(!allowed(robots, "foobot", "http://foo.com/anyother-url"));
    // Not in RFC 9309 mode.
    let strict = Robots::parse_with(
        robots.as_bytes(),
        &ParseOptions {
            mode: Mode::Rfc9309,
            size_limit: None,
        },
    );
    assert!(
        !strict
            .check(&Crawler::new("foobot"), "/allowed-slash/")
            .allowed
    );
}

#[test]
fn overlong_lines_are_cut_where_google_cuts() {
    let max = robots_matcher::MAX_LINE_BYTES;
    let mut long = "/x/".to_string();
    while long.len() + "Disallow: ".len() < max {
        long.push('a');
    }
    // The cut pattern loses its "/qux" and so matches any URL it prefixes.
    let robots = format!("user-agent: FooBot\ndisallow: {long}/qux\n");
    assert!(!allowed(
        &robots,
        "FooBot",
        &format!("http://foo.bar{long}/fux")
    ));
    assert!(allowed(&robots, "FooBot", "http://foo.bar/fux"));
    assert!(codes(robots.as_bytes()).contains(&"line-too-long"));
}

#[test]
fn rfc_mode_reads_overlong_lines_whole() {
    // A 20,000-byte rule: RFC 9309 sets no line length.
    let long = format!(
        "/x/{}",
        "a".repeat(20_000 - "Disallow: /x/".len() - "/qux".len())
    );
    let robots = format!("user-agent: FooBot\ndisallow: {long}/qux\n");
    assert_eq!("disallow: ".len() + long.len() + "/qux".len(), 20_000);
    let strict = Robots::parse_with(
        robots.as_bytes(),
        &ParseOptions {
            mode: Mode::Rfc9309,
            size_limit: None,
        },
    );
    let crawler = Crawler::new("FooBot");
    assert!(!strict.check(&crawler, &format!("{long}/qux")).allowed);
    assert!(strict.check(&crawler, &format!("{long}/fux")).allowed);
    // Google mode cuts the line, and the cut pattern matches more.
    assert!(
        !Robots::parse(robots.as_bytes())
            .check(&crawler, &format!("{long}/fux"))
            .allowed
    );
    // Either way the linter says Google cuts it.
    let diagnostic = strict
        .diagnostics()
        .iter()
        .find(|d| d.code == Code::LineTooLong)
        .map(|d| d.message.clone());
    assert!(
        diagnostic.is_some_and(|m| m.contains("reads it whole")),
        "{:?}",
        strict.diagnostics()
    );
}

#[test]
fn raw_url_skips_rfc_normalisation_of_the_url_too() {
    let strict = Robots::parse_with(
        b"user-agent: FooBot\ndisallow: /b\n",
        &ParseOptions {
            mode: Mode::Rfc9309,
            size_limit: None,
        },
    );
    let crawler = Crawler::new("FooBot");
    assert!(!strict.check(&crawler, "/%62").allowed);
    let raw = CheckOptions {
        raw_url: true,
        ..CheckOptions::default()
    };
    assert!(strict.check_with(&crawler, "/%62", &raw).allowed);
    assert!(!strict.check_with(&crawler, "/b", &raw).allowed);
}

#[test]
fn documentation_examples() {
    let robots = "user-agent: FooBot\ndisallow: /\nallow: /fish\n";
    assert!(!allowed(robots, "FooBot", "http://foo.bar/bar"));
    for url in [
        "/fish",
        "/fish.html",
        "/fish/salmon.html",
        "/fishheads",
        "/fishheads/yummy.html",
        "/fish.html?id=anything",
    ] {
        assert!(allowed(robots, "FooBot", url), "{url}");
    }
    for url in ["/Fish.asp", "/catfish", "/?id=fish"] {
        assert!(!allowed(robots, "FooBot", url), "{url}");
    }
    let robots = "user-agent: FooBot\ndisallow: /\nallow: /fish/\n";
    assert!(allowed(robots, "FooBot", "/fish/salmon.htm"));
    assert!(!allowed(robots, "FooBot", "/fish"));
    let robots = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n";
    assert!(allowed(robots, "FooBot", "/filename.php"));
    assert!(allowed(robots, "FooBot", "/folder/filename.php"));
    assert!(!allowed(robots, "FooBot", "/filename.php?parameters"));
    assert!(!allowed(robots, "FooBot", "/filename.php5"));
    assert!(!allowed(robots, "FooBot", "/windows.PHP"));
}

#[test]
fn typos_and_key_prefixes_in_google_mode_only() {
    let robots = "User-agent: FooBot\nDissallow: /a\nDisallowed: /b\nuseragent: BarBot\n";
    let google = Robots::parse(robots.as_bytes());
    let crawler = Crawler::new("FooBot");
    assert!(!google.check(&crawler, "/a").allowed);
    assert!(!google.check(&crawler, "/b").allowed);
    let typos = google
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::TypoAccepted)
        .count();
    assert_eq!(typos, 3);
    let strict = Robots::parse_with(
        robots.as_bytes(),
        &ParseOptions {
            mode: Mode::Rfc9309,
            size_limit: None,
        },
    );
    assert!(strict.check(&crawler, "/a").allowed);
    assert!(strict.check(&crawler, "/b").allowed);
    assert_eq!(strict.lines()[1].kind, LineKind::Other);
}

#[test]
fn rfc_mode_decodes_unreserved_escapes_and_keeps_star_and_dollar_literal() {
    let strict = |robots: &str, url: &str| {
        Robots::parse_with(
            robots.as_bytes(),
            &ParseOptions {
                mode: Mode::Rfc9309,
                size_limit: None,
            },
        )
        .check(&Crawler::new("FooBot"), url)
        .allowed
    };
    let robots = "User-agent: *\nDisallow: /%7Euser\n";
    assert!(!strict(robots, "/~user/page"));
    assert!(allowed(robots, "FooBot", "/~user/page"));
    let robots = "User-agent: *\nDisallow: /a%2Ab\n";
    assert!(!strict(robots, "/a*b"));
    assert!(strict(robots, "/axxb"));
    assert!(allowed(robots, "FooBot", "/a*b"));
    let robots = "User-agent: *\nDisallow: /price%24\n";
    assert!(!strict(robots, "/price$"));
    assert!(allowed(robots, "FooBot", "/price$"));
}

#[test]
fn fallback_tokens_and_ignoring_the_global_group() {
    let robots = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private\n";
    let parsed = Robots::parse(robots.as_bytes());
    let image = Crawler::parse_spec("Googlebot-Image>Googlebot").unwrap();
    let v = parsed.check(&image, "/photo.jpg");
    assert!(v.allowed);
    assert_eq!(v.selection, Selection::Token(1));
    assert!(!parsed.check(&image, "/private/x").allowed);
    let alone = Crawler::new("Googlebot-Image");
    assert!(!parsed.check(&alone, "/photo.jpg").allowed);
    let ads = Crawler::parse_spec("AdsBot-Google>!*").unwrap();
    let v = parsed.check(&ads, "/anything");
    assert_eq!((v.allowed, v.selection), (true, Selection::GlobalIgnored));
    let with_group = Robots::parse(b"User-agent: AdsBot-Google\nDisallow: /ads\n");
    assert!(!with_group.check(&ads, "/ads").allowed);
}

#[test]
fn legacy_prefix_matching_is_opt_in() {
    let robots = Robots::parse(b"User-agent: Google\nDisallow: /\n");
    let crawler = Crawler::new("Googlebot");
    assert!(robots.check(&crawler, "/x").allowed);
    let legacy = CheckOptions {
        agent_matching: AgentMatching::LegacyPrefix,
        ..CheckOptions::default()
    };
    let v = robots.check_with(&crawler, "/x", &legacy);
    assert_eq!((v.allowed, v.line), (false, 2));
}

#[test]
fn duplicate_groups_merge() {
    let robots = "User-agent: FooBot\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n\nUser-agent: foobot\nDisallow: /c\nUser-agent: *\nDisallow: /d\n";
    assert_eq!(raw(robots, "FooBot", "/a"), (false, 2));
    assert_eq!(raw(robots, "FooBot", "/c"), (false, 8));
    assert!(allowed(robots, "FooBot", "/b"));
    assert_eq!(raw(robots, "BarBot", "/d"), (false, 10));
    assert_eq!(raw(robots, "BarBot", "/b"), (false, 5));
    assert_eq!(
        codes(robots.as_bytes())
            .iter()
            .filter(|c| **c == "duplicate-group")
            .count(),
        2
    );
}

#[test]
fn robots_txt_itself_is_always_allowed() {
    let robots = Robots::parse(b"User-agent: *\nDisallow: /\n");
    let v = robots.check(&Crawler::new("FooBot"), "https://example.com/robots.txt");
    assert_eq!((v.allowed, v.selection), (true, Selection::RobotsTxt));
    assert!(
        !robots
            .check(
                &Crawler::new("FooBot"),
                "https://example.com/robots.txt.bak"
            )
            .allowed
    );
    // Whatever the crawler's rules, in both modes: a fragment is cut, a
    // query is part of the path, a bare path names it too.
    for text in [
        "User-agent: *\nDisallow: /\n",
        "User-agent: *\nDisallow: /private\n",
        "User-agent: other\nDisallow: /\n",
    ] {
        for mode in [Mode::Google, Mode::Rfc9309] {
            let robots = Robots::parse_with(
                text.as_bytes(),
                &ParseOptions {
                    mode,
                    ..ParseOptions::default()
                },
            );
            let selection = |url: &str| robots.check(&Crawler::new("FooBot"), url).selection;
            for url in [
                "https://example.com/robots.txt",
                "https://example.com/robots.txt#top",
                "/robots.txt",
                "/robots.txt#x",
            ] {
                assert_eq!(
                    selection(url),
                    Selection::RobotsTxt,
                    "{text:?} {mode:?} {url}"
                );
            }
            for url in [
                "https://example.com/robots.txt?x",
                "https://example.com/a/robots.txt",
                "https://example.com/robots.txt.bak#top",
                "https://example.com/",
            ] {
                assert_ne!(
                    selection(url),
                    Selection::RobotsTxt,
                    "{text:?} {mode:?} {url}"
                );
            }
        }
    }
}

#[test]
fn urls_lose_their_fragment_and_keep_params_and_query() {
    let robots = "User-agent: *\nDisallow: /*?sort=\nDisallow: /*;jsessionid\n";
    assert!(!allowed(robots, "x", "https://a.b/list?sort=asc#top"));
    assert!(!allowed(robots, "x", "/page;jsessionid=1"));
    assert!(allowed(robots, "x", "/list#?sort=asc"));
}

#[test]
fn explanation_lists_every_matching_rule() {
    let robots =
        Robots::parse(b"User-agent: *\nDisallow: /shop\nAllow: /shop/\nDisallow: /*.pdf$\n");
    let e = FetchedRobots::new(&robots, FetchOutcome::FETCHED).explain(
        &Crawler::new("FooBot"),
        "https://x.y/shop/a b.pdf",
        &CheckOptions::default(),
    );
    assert_eq!(e.extracted_path, "/shop/a b.pdf");
    assert_eq!(e.checked_path, "/shop/a%20b.pdf");
    assert_eq!(e.groups.groups, [0]);
    assert_eq!(e.groups.token, None);
    assert_eq!(e.groups.selection, Selection::Global);
    let lines: Vec<(u32, u32)> = e
        .matches
        .iter()
        .map(|m| (robots.rules()[m.rule].line, m.priority))
        .collect();
    assert_eq!(lines, [(2, 5), (3, 6), (4, 7)]);
    assert_eq!((e.verdict.allowed, e.verdict.line), (false, 4));
    assert_eq!(
        e.decision,
        Decision::LongestMatch {
            winner: e.matches[2],
            rival: Some(e.matches[1])
        }
    );
    let tie = Robots::parse(b"User-agent: a\nDisallow: /x\nAllow: /x\n");
    let e = FetchedRobots::new(&tie, FetchOutcome::FETCHED).explain(
        &Crawler::new("a"),
        "/x",
        &CheckOptions::default(),
    );
    assert_eq!(
        e.decision,
        Decision::AllowWinsTie {
            allow: e.matches[1],
            disallow: e.matches[0]
        }
    );
    assert_eq!(e.groups.token.as_deref(), Some("a"));
}

#[test]
fn line_kinds_and_spans() {
    let text = "# hi\nUser-agent: *\n\nDisallow: /a # c\nSitemap: https://x.y/s.xml\nCrawl-delay: 5\nnonsense\n";
    let robots = Robots::parse(text.as_bytes());
    let kinds: Vec<LineKind> = robots.lines().iter().map(|l| l.kind).collect();
    use LineKind::*;
    assert_eq!(
        kinds,
        [Comment, UserAgent, Blank, Disallow, Sitemap, Other, Invalid, Blank]
    );
    let disallow = &robots.lines()[3];
    assert_eq!(&text[disallow.key.clone().unwrap()], "Disallow");
    assert_eq!(&text[disallow.value.clone().unwrap()], "/a");
    assert_eq!(&text[disallow.comment.clone().unwrap()], "# c");
    assert_eq!(robots.rules()[0].text, "Disallow: /a");
    assert_eq!(robots.sitemaps()[0].url, "https://x.y/s.xml");
    assert_eq!(
        robots.groups()[0]
            .crawl_delay
            .as_ref()
            .and_then(|c| c.whole_seconds),
        Some(5)
    );
}

#[test]
fn size_limit_ignores_the_rest_with_a_diagnostic() {
    let mut text = b"User-agent: *\n".to_vec();
    while text.len() < robots_matcher::GOOGLE_SIZE_LIMIT {
        text.extend_from_slice(b"Disallow: /filler\n");
    }
    text.extend_from_slice(b"Disallow: /late\n");
    let full = Robots::parse(&text);
    assert!(!full.check(&Crawler::new("x"), "/late").allowed);
    let googlebot = Robots::parse_with(&text, &ParseOptions::googlebot());
    assert!(googlebot.check(&Crawler::new("x"), "/late").allowed);
    assert_eq!(
        googlebot.lines().last().map(|l| l.kind),
        Some(LineKind::Blank)
            .filter(|_| false)
            .or(Some(LineKind::BeyondLimit))
    );
    for robots in [&full, &googlebot] {
        assert!(robots
            .diagnostics()
            .iter()
            .any(|d| d.code == Code::FileTooLarge));
    }
}

#[test]
fn whole_file_diagnostics() {
    assert!(codes(b"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n").contains(&"bom"));
    assert!(codes(b"<!DOCTYPE html>\n<html><body>hi</body></html>").contains(&"html-document"));
    assert!(codes(b"User-agent: *\nDisallow: /caf\xE9\n").contains(&"invalid-utf8"));
    let utf16: Vec<u8> = "User-agent: *\nDisallow: /\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert!(codes(&utf16).contains(&"utf16"));
    assert!(codes(b"User-agent: *\nDisallow: /a\0b\n").contains(&"nul-byte"));
}

#[test]
fn line_diagnostics() {
    let text = b"User-agent: *\nDisallow private\nDisallow: /a$b\nUser-agent:\nNoindex: /x\nSitemap: /sitemap.xml\nSitemap: not a url\nFoo: bar\nUser-agent: Googlebot\nDisallow: /\n";
    let found = codes(text);
    for code in [
        "missing-colon",
        "pattern-start",
        "dollar-not-at-end",
        "empty-user-agent",
        "unsupported-directive",
        "sitemap-relative",
        "sitemap-invalid",
        "unknown-directive",
        "blocks-site",
    ] {
        assert!(found.contains(&code), "{code} missing from {found:?}");
    }
    let robots = Robots::parse(text);
    for d in robots.diagnostics() {
        assert!(d.line <= 11, "{d:?}");
        assert!(!d.message.is_empty());
        assert!(d.span.end <= text.len());
    }
}

#[test]
fn crawl_delay_is_per_group_and_diagnosed() {
    // Only a rule ends a group's User-agent list, as in Google's parser.
    let robots = Robots::parse(
        b"User-agent: a\nCrawl-delay: 2.5\nDisallow: /a\nUser-agent: b\nCrawl-delay: x\n",
    );
    let delays: Vec<(&str, bool)> = robots
        .groups()
        .iter()
        .filter_map(|g| g.crawl_delay.as_ref())
        .map(|c| (c.value.as_str(), c.is_number))
        .collect();
    assert_eq!(delays, [("2.5", true), ("x", false)]);
    let diagnostics = robots.diagnostics();
    let crawl_delay: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.code == Code::UnsupportedDirective)
        .collect();
    assert_eq!(crawl_delay.len(), 2);
    assert!(crawl_delay.iter().all(|d| d.severity == Severity::Info
        && d.former_code == Some("crawl-delay-ignored")
        && d.message
            .starts_with("Google ignores 'Crawl-delay': it asks for a pause")));
}

#[test]
fn every_key_has_its_class_and_unused_directives_say_who_reads_them() {
    let text = b"User-agent: *
Disallow: /a
Crawl-delay: 5
Noindex: /b
Content-Signal: search=yes
Content-Usage: / train-ai=n
Host: example.com
Clean-param: ref /
Request-rate: 1/10s
Foo: bar
Sitemap: https://example.com/s.xml
";
    let robots = Robots::parse(text);
    let classes: Vec<&str> = robots
        .lines()
        .iter()
        .filter_map(|l| {
            let key = l
                .key
                .clone()
                .map(|k| String::from_utf8_lossy(&text[k]).into_owned())?;
            DirectiveClass::of(l.kind, &key).map(DirectiveClass::as_str)
        })
        .collect();
    assert_eq!(
        classes,
        [
            "rule", "rule", "unused", "unused", "unused", "unused", "unused", "unused", "unused",
            "unknown", "sitemap"
        ]
    );
    let found: Vec<(u32, Code, Severity, Option<&str>)> = robots
        .diagnostics()
        .iter()
        .filter(|d| matches!(d.code, Code::UnsupportedDirective | Code::UnknownDirective))
        .map(|d| (d.line, d.code, d.severity, d.former_code))
        .collect();
    use Code::{UnknownDirective as Unknown, UnsupportedDirective as Unused};
    use Severity::{Info, Warning};
    assert_eq!(
        found,
        [
            (3, Unused, Info, Some("crawl-delay-ignored")),
            (4, Unused, Warning, Some("noindex-unsupported")),
            (5, Unused, Info, None),
            (6, Unused, Info, None),
            (7, Unused, Info, None),
            (8, Unused, Info, None),
            (9, Unused, Info, None),
            (10, Unknown, Warning, None),
        ]
    );
    let diagnostics = robots.diagnostics();
    let host = diagnostics
        .iter()
        .find(|d| d.line == 7)
        .map(|d| d.message.as_str());
    assert_eq!(
        host,
        Some("Google ignores 'Host': it names the site's main mirror. Who reads it: Yandex, which replaced it with redirects in 2018.")
    );
}

#[test]
fn a_missing_colon_in_rfc_mode_is_reported_once() {
    let strict = Robots::parse_with(
        b"User-agent: *\nDisallow /x\n",
        &ParseOptions {
            mode: Mode::Rfc9309,
            size_limit: None,
        },
    );
    let on_line_2: Vec<&str> = strict
        .diagnostics()
        .iter()
        .filter(|d| d.line == 2)
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(on_line_2, ["missing-colon"]);
    assert_eq!(strict.lines()[1].kind, LineKind::Invalid);
}
