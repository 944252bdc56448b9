//! Native tests of the view model: every number the UI shows is checked
//! here against the matcher's own answers.

use super::*;
use crate::samples;

const ROBOTS: &str = "\
# comment
User-agent: *
Disallow: /private
Allow: /private/press
Crawl-delay: 5

User-agent: Googlebot
Disallow: /nogoogle
Dissallow: /typo
Sitemap: https://example.com/sitemap.xml
Host: example.com
";

fn parsed(mode: Mode) -> Parsed {
    Parsed::new(ROBOTS, mode, true)
}

fn results(robots: &str, agents: &str, urls: &str, mode: Mode) -> (Parsed, CrawlerList, Results) {
    let parsed = Parsed::new(robots, mode, true);
    let crawlers = CrawlerList::parse(agents);
    let results = Results::new(&parsed, &crawlers, &UrlList::parse(urls));
    (parsed, crawlers, results)
}

#[test]
fn rows_are_url_major_in_input_order() {
    let (_, _, r) = results(
        ROBOTS,
        "Googlebot, bingbot",
        "/a\n/private/x\n/nogoogle",
        Mode::Google,
    );
    let order: Vec<(&str, &str)> = r
        .rows
        .iter()
        .map(|r| (r.url.as_str(), r.agent.as_str()))
        .collect();
    assert_eq!(
        order,
        [
            ("/a", "Googlebot"),
            ("/a", "bingbot"),
            ("/private/x", "Googlebot"),
            ("/private/x", "bingbot"),
            ("/nogoogle", "Googlebot"),
            ("/nogoogle", "bingbot"),
        ]
    );
    assert!(r.rows.iter().enumerate().all(|(i, row)| row.index == i));
}

#[test]
fn verdicts_lines_and_rules_come_from_the_matcher() {
    let (parsed, crawlers, r) = results(
        ROBOTS,
        "Googlebot,bingbot",
        "/private/x\n/private/press/1\n/nogoogle",
        Mode::Google,
    );
    for row in &r.rows {
        let crawler = crawlers.entries[row.crawler_index]
            .crawler
            .as_ref()
            .unwrap();
        let verdict = parsed.robots.check(crawler, &row.url);
        assert_eq!(row.allowed, verdict.allowed, "{row:?}");
        assert_eq!(row.line, verdict.line, "{row:?}");
        assert_eq!(row.category, verdict.category);
    }
    let bing_private = &r.rows[1];
    assert_eq!(bing_private.agent, "bingbot");
    assert!(!bing_private.allowed);
    assert_eq!(bing_private.line, 3);
    assert_eq!(
        bing_private.rule.as_ref().unwrap().label(),
        "L3  Disallow: /private"
    );
    assert_eq!(bing_private.category, Category::DisallowedExplicit);
    let bing_press = &r.rows[3];
    assert!(bing_press.allowed);
    assert_eq!(bing_press.line, 4);
    assert_eq!(category_label(bing_press.category), "explicit");
    let google_nogoogle = &r.rows[4];
    assert!(!google_nogoogle.allowed);
    assert_eq!(google_nogoogle.line, 8);
    // Googlebot has its own group, so /private is implicitly allowed.
    let google_private = &r.rows[0];
    assert!(google_private.allowed);
    assert_eq!(google_private.line, 0);
    assert_eq!(google_private.rule, None);
    assert_eq!(category_label(google_private.category), "implicit");
}

#[test]
fn counts_add_up() {
    let (_, _, r) = results(
        ROBOTS,
        "Googlebot,bingbot",
        "/private/x\n/private/press/1\n/nogoogle\n/",
        Mode::Google,
    );
    assert_eq!(r.rows.len(), 8);
    assert_eq!(r.allowed + r.disallowed, 8);
    assert_eq!(
        r.disallowed,
        r.rows.iter().filter(|row| !row.allowed).count()
    );
    assert_eq!(r.disallowed, 2);
}

#[test]
fn urls_and_specs_are_trimmed_and_blank_lines_noted() {
    let (_, _, r) = results(
        ROBOTS,
        "  Googlebot  ,, ",
        "  /a  \n\n\n/b\n\n",
        Mode::Google,
    );
    assert_eq!(r.rows.len(), 2);
    assert_eq!(r.rows[0].url, "/a");
    assert_eq!(r.rows[0].agent, "Googlebot");
    assert_eq!(r.notes, ["Skipped 2 empty lines in the URL list."]);
    let list = UrlList::parse("\n/a\n\n/b\n\n");
    assert_eq!(list.urls.iter().map(|u| u.line).collect::<Vec<_>>(), [2, 4]);
    assert_eq!(list.skipped_blank, 1);
    assert!(UrlList::parse("").urls.is_empty());
}

#[test]
fn invalid_crawler_specs_are_skipped_with_a_note() {
    let (_, crawlers, r) = results(
        ROBOTS,
        "Googlebot, a>>b, !*>x, bingbot",
        "/private",
        Mode::Google,
    );
    assert_eq!(crawlers.entries.len(), 4);
    assert_eq!(r.rows.len(), 2);
    assert_eq!(r.rows[1].agent, "bingbot");
    assert_eq!(r.rows[1].crawler_index, 3);
    assert_eq!(r.notes.len(), 2);
    assert!(r.notes[0].contains("a>>b"), "{:?}", r.notes);
    assert!(r.notes[1].contains("!*"), "{:?}", r.notes);
}

#[test]
fn fallback_and_ignores_global_specs_work_and_read_well() {
    let robots = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /g\n";
    let (_, crawlers, r) = results(
        robots,
        "Googlebot-Image>Googlebot, AdsBot-Google>!*, Foo",
        "/g/x",
        Mode::Google,
    );
    assert!(!r.rows[0].allowed);
    assert_eq!(r.rows[0].line, 5);
    assert_eq!(r.rows[0].selection, Selection::Token(1));
    assert!(r.rows[1].allowed, "AdsBot ignores *");
    assert_eq!(r.rows[1].line, 0);
    assert!(!r.rows[2].allowed);
    let described: Vec<String> = crawlers.valid().map(|(_, c)| describe_crawler(c)).collect();
    assert_eq!(
        described,
        [
            "Googlebot-Image, else Googlebot, else *",
            "AdsBot-Google (ignores *)",
            "Foo"
        ]
    );
}

#[test]
fn add_spec_appends_once() {
    assert_eq!(add_spec("", "Googlebot"), "Googlebot");
    assert_eq!(add_spec("Googlebot, ", "GPTBot"), "Googlebot, GPTBot");
    assert_eq!(add_spec("googlebot", "Googlebot"), "googlebot");
    assert_eq!(add_spec("A,,B", "C"), "A, B, C");
}

#[test]
fn decided_by_line_maps_lines_to_rows() {
    let (_, _, r) = results(
        ROBOTS,
        "Googlebot,bingbot",
        "/private/a\n/private/b\n/nogoogle",
        Mode::Google,
    );
    assert_eq!(r.decided_by(3), [1, 3]);
    assert_eq!(r.decided_by(8), [4]);
    assert!(r.decided_by(2).is_empty());
    let note = r.decides_note(3).unwrap();
    assert_eq!(
        note,
        "Decides 2 results: /private/a (bingbot), /private/b (bingbot)"
    );
    assert_eq!(r.decides_note(1), None);
    let many = (0..8)
        .map(|i| format!("/private/{i}"))
        .collect::<Vec<_>>()
        .join("\n");
    let (_, _, r) = results(ROBOTS, "bingbot", &many, Mode::Google);
    assert!(r.decides_note(3).unwrap().ends_with("and 3 more"));
}

#[test]
fn default_selection_prefers_a_decided_row() {
    let (_, _, r) = results(ROBOTS, "bingbot", "/open\n/private", Mode::Google);
    assert_eq!(r.default_selection(), Some(1));
    let (_, _, r) = results(ROBOTS, "bingbot", "/open", Mode::Google);
    assert_eq!(r.default_selection(), Some(0));
    let (_, _, r) = results(ROBOTS, "bingbot", "", Mode::Google);
    assert_eq!(r.default_selection(), None);
}

#[test]
fn rfc9309_differences_are_flagged_both_ways() {
    let robots = "User-agent: *\nDissallow: /x\n";
    let (_, _, google) = results(robots, "Googlebot", "/x\n/y", Mode::Google);
    assert!(!google.rows[0].allowed);
    assert_eq!(google.rows[0].line, 2);
    let other = google.rows[0].other.as_ref().expect("differs");
    assert_eq!(other.mode, Mode::Rfc9309);
    assert!(other.allowed);
    assert_eq!(other.rule, None);
    assert_eq!(google.rows[1].other, None);
    assert_eq!(google.differing, 1);

    let (_, _, rfc) = results(robots, "Googlebot", "/x", Mode::Rfc9309);
    assert!(rfc.rows[0].allowed);
    let other = rfc.rows[0].other.as_ref().unwrap();
    assert_eq!(other.mode, Mode::Google);
    assert!(!other.allowed);
    assert_eq!(other.rule.as_ref().unwrap().line, 2);
}

#[test]
fn deferred_comparison_matches_the_one_pass_results() {
    // The app parses the selected mode first and compares later; the outcome
    // must be what parsing both modes at once gives.
    let robots = "User-agent: *\nDissallow: /x\nDisallow: /%7Euser\nAllow: /docs/index.html\n";
    let urls = "/x\n/y\n/~user/a\n/docs/\n/x";
    for mode in [Mode::Google, Mode::Rfc9309] {
        let (_, crawlers, both) = results(robots, "Googlebot, bingbot", urls, mode);
        let primary = Parsed::primary(robots, mode, true);
        assert!(primary.other.is_none());
        let first = Results::new(&primary, &crawlers, &UrlList::parse(urls));
        assert!(first.rows.iter().all(|r| r.other.is_none()));
        assert_eq!(first.differing, 0);
        let comparison = Comparison::new(&first, &primary.parse_other(), &crawlers);
        assert_eq!(comparison.differing(), both.differing);
        assert!(comparison.differing() > 0);
        for (a, b) in first.rows.iter().zip(&both.rows) {
            assert_eq!(a.id, b.id);
            assert_eq!(comparison.get(a.id), b.other.as_ref());
        }
        let merged = first.compared(&comparison);
        assert_eq!(merged.to_csv(mode), both.to_csv(mode));
        assert_eq!(merged.to_json(mode), both.to_json(mode));
    }
}

#[test]
fn checked_path_shown_only_when_the_url_does_not_end_with_it() {
    let (_, _, r) = results(
        ROBOTS,
        "bingbot",
        "https://example.com/private/x\n/café\nhttps://example.com\nhttps://example.com/a#frag\nhttps://example.com/?q=1",
        Mode::Google,
    );
    let shown: Vec<(bool, &str)> = r
        .rows
        .iter()
        .map(|r| (r.show_checked_path, r.checked_path.as_str()))
        .collect();
    assert_eq!(
        shown,
        [
            (false, "/private/x"),
            (true, "/caf%C3%A9"),
            (true, "/"),
            (true, "/a"),
            (false, "/?q=1"),
        ]
    );
}

#[test]
fn row_keys_are_stable_and_distinguish_content() {
    let (_, _, a) = results(ROBOTS, "bingbot", "/a\n/private\n/a", Mode::Google);
    let (_, _, b) = results(ROBOTS, "bingbot", "/a\n/private\n/a", Mode::Google);
    let keys = |r: &Results| r.rows.iter().map(|r| r.key).collect::<Vec<_>>();
    assert_eq!(keys(&a), keys(&b));
    // Duplicate URLs still get distinct keys.
    let mut unique = keys(&a);
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), 3);
    // A robots.txt edit that changes one verdict changes only that key.
    let edited = ROBOTS.replace("Disallow: /private", "Disallow: /privat");
    let (_, _, c) = results(&edited, "bingbot", "/a\n/private\n/a", Mode::Google);
    assert_eq!(keys(&c)[0], keys(&a)[0]);
    assert_ne!(keys(&c)[1], keys(&a)[1]);
    assert_eq!(keys(&c)[2], keys(&a)[2]);
    // Identities survive the edit; they differ between duplicates.
    let ids = |r: &Results| r.rows.iter().map(|r| r.id).collect::<Vec<_>>();
    assert_eq!(ids(&c), ids(&a));
    assert_ne!(ids(&a)[0], ids(&a)[2]);
    assert!(a.rows.iter().all(|r| r.id != r.key));
    for row in &a.rows {
        assert_eq!(a.row_by_id(row.id), Some(row));
    }
    assert_eq!(a.row_by_id(0), None);
}

#[test]
fn line_views_follow_the_matchers_line_kinds() {
    let p = parsed(Mode::Google);
    assert_eq!(p.line_count(), ROBOTS.lines().count() + 1);
    let kinds: Vec<LineKind> = (1..=p.line_count() as u32)
        .map(|n| p.line_view(n).unwrap().kind)
        .collect();
    assert_eq!(
        kinds,
        [
            LineKind::Comment,
            LineKind::UserAgent,
            LineKind::Disallow,
            LineKind::Allow,
            LineKind::Other,
            LineKind::Blank,
            LineKind::UserAgent,
            LineKind::Disallow,
            LineKind::Disallow,
            LineKind::Sitemap,
            LineKind::Other,
            LineKind::Blank,
        ]
    );
    assert_eq!(p.line_view(0), None);
    assert_eq!(p.line_view(99), None);
    for n in 1..=p.line_count() as u32 {
        let view = p.line_view(n).unwrap();
        let joined: String = view.segments.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(joined, p.line_text(n), "line {n}");
    }
}

#[test]
fn segments_split_key_value_comment() {
    let p = Parsed::new("User-agent: *\nDisallow: /a # no\n", Mode::Google, true);
    let view = p.line_view(2).unwrap();
    let parts: Vec<(&str, Part)> = view
        .segments
        .iter()
        .map(|s| (s.text.as_str(), s.part))
        .collect();
    assert_eq!(
        parts,
        [
            ("Disallow", Part::Key),
            (": ", Part::Plain),
            ("/a", Part::Value),
            (" ", Part::Plain),
            ("# no", Part::Comment),
        ]
    );
    assert!(view.segments.iter().all(|s| s.flagged.is_none()));
}

#[test]
fn diagnostics_flag_their_spans_and_lines() {
    let p = parsed(Mode::Google);
    // Line 9 has the Dissallow typo: the key is flagged as a warning.
    let view = p.line_view(9).unwrap();
    assert_eq!(view.severity, Some(Severity::Warning));
    let key = view.segments.iter().find(|s| s.part == Part::Key).unwrap();
    assert_eq!(key.text, "Dissallow");
    assert_eq!(key.flagged, Some(Severity::Warning));
    let value = view
        .segments
        .iter()
        .find(|s| s.part == Part::Value)
        .unwrap();
    assert_eq!(value.flagged, None);
    assert_eq!(p.worst_severity(9), Some(Severity::Warning));
    assert_eq!(p.worst_severity(3), None);
    let on_nine: Vec<Code> = p.robots.diagnostics()[p.diagnostics_on(9)]
        .iter()
        .map(|d| d.code)
        .collect();
    assert_eq!(on_nine, [Code::TypoAccepted]);
    assert!(p.diagnostics_on(3).is_empty());
}

use robots_matcher::Code;

#[test]
fn segments_survive_multibyte_text_and_odd_spans() {
    let text =
        "Disallow: /caf\u{e9}\u{1F916} # \u{65e5}\u{672c}\nUser-agent: *bot\u{e9}\n\u{feff}x\n";
    let p = Parsed::new(text, Mode::Google, true);
    for n in 1..=p.line_count() as u32 {
        let view = p.line_view(n).unwrap();
        let joined: String = view.segments.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(joined, p.line_text(n));
    }
}

#[test]
fn size_limit_applies_by_default_and_can_be_lifted() {
    let mut text = String::from("User-agent: *\n");
    while text.len() < GOOGLE_SIZE_LIMIT {
        text.push_str("# padding padding padding padding padding padding padding\n");
    }
    text.push_str("Disallow: /late\n");
    let limited = Parsed::new(&text, Mode::Google, true);
    assert!(limited.ignored_bytes() > 0);
    let last = limited.line_count() as u32 - 1;
    assert_eq!(limited.line_view(last).unwrap().kind, LineKind::BeyondLimit);
    let crawlers = CrawlerList::parse("Googlebot");
    let urls = UrlList::parse("/late");
    assert!(Results::new(&limited, &crawlers, &urls).rows[0].allowed);
    let full = Parsed::new(&text, Mode::Google, false);
    assert_eq!(full.ignored_bytes(), 0);
    assert!(!Results::new(&full, &crawlers, &urls).rows[0].allowed);
    assert!(limited
        .robots
        .diagnostics()
        .iter()
        .any(|d| d.code == Code::FileTooLarge));
}

#[test]
fn crawl_delays_sitemaps_and_other_directives() {
    let p = parsed(Mode::Google);
    let delays = p.crawl_delays();
    assert_eq!(delays.len(), 1);
    assert_eq!(delays[0].group, "*");
    assert_eq!(delays[0].delay.seconds, Some(5.0));
    assert_eq!(delays[0].delay.line, 5);
    assert_eq!(
        p.robots.sitemaps()[0].url,
        "https://example.com/sitemap.xml"
    );
    let others: Vec<&str> = p
        .robots
        .other_directives()
        .iter()
        .map(|o| o.key.as_str())
        .collect();
    assert_eq!(others, ["Crawl-delay", "Host"]);
    let group = &p.robots.groups()[1];
    assert_eq!(group_names(group), "Googlebot");
    assert_eq!(line_range_label(&group.lines), "lines 7–9");
    assert_eq!(line_range_label(&(4..4)), "line 4");
}

#[test]
fn explanations_tell_groups_matches_and_tie_breaks() {
    let robots = "User-agent: *\nDisallow: /page\nAllow: /page\nDisallow: /p\n";
    let (parsed, crawlers, r) = results(robots, "Googlebot", "/page", Mode::Google);
    let e = ExplanationView::new(&parsed, &crawlers, &r.rows[0]).unwrap();
    assert!(e.allowed);
    assert!(e.allow_won_tie);
    assert_eq!(e.matches.len(), 3);
    assert_eq!(
        e.matches.iter().map(|m| m.length).collect::<Vec<_>>(),
        [5, 5, 2]
    );
    assert_eq!(e.matches.iter().filter(|m| m.deciding).count(), 1);
    assert_eq!(e.matches.iter().find(|m| m.deciding).unwrap().rule.line, 3);
    assert!(
        e.groups
            .starts_with("No group names Googlebot, so the * group (lines 1–4) applies"),
        "{}",
        e.groups
    );
    assert!(e.decision.contains("tie"), "{}", e.decision);
    assert_eq!(e.mode, Mode::Google);
    assert_eq!(e.checked_path, "/page");

    let (parsed, crawlers, r) = results(
        ROBOTS,
        "Googlebot-Image>Googlebot",
        "/nogoogle/x",
        Mode::Google,
    );
    let e = ExplanationView::new(&parsed, &crawlers, &r.rows[0]).unwrap();
    assert!(!e.allowed);
    assert!(
        e.groups
            .contains("falls back to the group naming Googlebot (lines 7–9)"),
        "{}",
        e.groups
    );
    assert!(e.decision.contains("only matching rule"), "{}", e.decision);

    let (parsed, crawlers, r) = results(ROBOTS, "Googlebot", "/robots.txt", Mode::Google);
    let e = ExplanationView::new(&parsed, &crawlers, &r.rows[0]).unwrap();
    assert!(e.groups.contains("/robots.txt"), "{}", e.groups);

    let (parsed, crawlers, r) = results(
        "User-agent: *\nDisallow: /\n",
        "AdsBot-Google>!*",
        "/x",
        Mode::Google,
    );
    let e = ExplanationView::new(&parsed, &crawlers, &r.rows[0]).unwrap();
    assert!(e.allowed);
    assert!(e.groups.contains("ignores the * group"), "{}", e.groups);
    assert!(e.matches.is_empty());

    let (parsed, crawlers, r) = results(
        "User-agent: *\nDisallow: /a\nDisallow: /a/b\n",
        "x",
        "/a/b/c",
        Mode::Google,
    );
    let e = ExplanationView::new(&parsed, &crawlers, &r.rows[0]).unwrap();
    assert!(
        e.decision.contains("longest matching pattern"),
        "{}",
        e.decision
    );
    assert!(e.decision.contains("L3"), "{}", e.decision);

    let (parsed, crawlers, r) = results("User-agent: *\nDisallow:\n", "x", "/a", Mode::Google);
    let e = ExplanationView::new(&parsed, &crawlers, &r.rows[0]).unwrap();
    assert!(e.allowed);
    assert!(e.decision.contains("empty Disallow"), "{}", e.decision);
}

#[test]
fn explanations_show_index_html_and_the_other_mode() {
    let robots = "User-agent: *\nDisallow: /\nAllow: /index.html\n";
    let (parsed, crawlers, r) = results(robots, "Googlebot", "/", Mode::Google);
    let e = ExplanationView::new(&parsed, &crawlers, &r.rows[0]).unwrap();
    assert!(e.allowed);
    assert!(e.matches.iter().any(|m| m.via_index_html && m.deciding));
    let other = e.other.expect("RFC 9309 disallows /");
    assert!(!other.allowed);
}

#[test]
fn csv_export_quotes_and_orders() {
    let (_, _, r) = results(ROBOTS, "bingbot", "/private/a,b\n/x\"y\n/ok", Mode::Google);
    let csv = r.to_csv(Mode::Google);
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "url,crawler,mode,verdict,category,line,rule,checked_path,other_mode,other_verdict,other_line"
    );
    assert_eq!(
        lines[1],
        "\"/private/a,b\",bingbot,google,disallowed,disallowed-explicit,3,Disallow: /private,\"/private/a,b\",,,"
    );
    assert_eq!(
        lines[2],
        "\"/x\"\"y\",bingbot,google,allowed,allowed-implicit,0,,/x%22y,,,"
    );
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[4], "");
    assert_eq!(csv_field("a\nb"), "\"a\nb\"");
    assert_eq!(csv_field("plain"), "plain");
    assert_eq!(csv_field("a\rb"), "\"a\rb\"");
}

#[test]
fn csv_export_includes_differences() {
    let (_, _, r) = results(
        "User-agent: *\nDissallow: /x\n",
        "Googlebot",
        "/x",
        Mode::Google,
    );
    let csv = r.to_csv(Mode::Google);
    assert!(
        csv.contains(",2,Dissallow: /x,/x,rfc9309,allowed,0\r\n"),
        "{csv}"
    );
}

#[test]
fn json_export_is_an_array_with_escapes() {
    let (_, _, r) = results(ROBOTS, "bingbot", "/private\n/q\"\\\u{1}", Mode::Google);
    let json = r.to_json(Mode::Google);
    assert!(json.starts_with("[\n  {\"url\": \"/private\", \"crawler\": \"bingbot\", \"mode\": \"google\", \"verdict\": \"disallowed\", \"category\": \"disallowed-explicit\", \"line\": 3, \"rule\": \"Disallow: /private\""), "{json}");
    assert!(json.contains("\"url\": \"/q\\\"\\\\\\u0001\""), "{json}");
    assert!(json.contains("\"rule\": null"));
    assert!(json.contains("\"other\": null"));
    assert!(json.ends_with("}\n]\n"));
    assert_eq!(Results::default().to_json(Mode::Google), "[]\n");
    assert_eq!(json_string("a\u{2028}b\tc"), "\"a\\u2028b\\tc\"");
    let (_, _, r) = results(
        "User-agent: *\nDissallow: /x\n",
        "Googlebot",
        "/x",
        Mode::Google,
    );
    assert!(r
        .to_json(Mode::Google)
        .contains("\"other\": {\"mode\": \"rfc9309\", \"verdict\": \"allowed\", \"line\": 0}"));
}

#[test]
fn inputs_round_trip_through_the_shared_state() {
    let inputs = Inputs {
        robots_txt: "User-agent: *\nDisallow: /x\n".into(),
        agents: "Googlebot, Googlebot-Image>Googlebot, AdsBot-Google>!*".into(),
        urls: "/x\nhttps://example.com/y".into(),
        mode: Mode::Rfc9309,
    };
    let state = inputs.to_state();
    assert_eq!(
        state.crawlers,
        ["Googlebot", "Googlebot-Image>Googlebot", "AdsBot-Google>!*"]
    );
    let hash = state.to_hash();
    let back = AppState::from_hash(&hash).unwrap().unwrap();
    assert_eq!(Inputs::from_state(&back), inputs);
    // Line endings from a crafted link are normalised as a textarea would.
    let crlf = AppState {
        robots_txt: "a\r\nb\rc".into(),
        ..state
    };
    assert_eq!(Inputs::from_state(&crlf).robots_txt, "a\nb\nc");
}

#[test]
fn startup_precedence_is_hash_then_storage_then_default() {
    let a = samples::SAMPLES[1].to_state();
    let b = samples::SAMPLES[2].to_state();
    assert_eq!(
        startup(&format!("#{}", a.to_hash()), Some(&b.to_hash())),
        Startup::Hash(a.clone())
    );
    assert_eq!(startup("", Some(&b.to_hash())), Startup::Stored(b.clone()));
    assert_eq!(startup("#", None), Startup::Default { error: None });
    assert_eq!(
        startup("", Some("garbage")),
        Startup::Default { error: None }
    );
    match startup("#v1.!!!", Some(&b.to_hash())) {
        Startup::Default {
            error: Some(message),
        } => {
            assert!(message.contains("could not be opened"), "{message}");
            assert!(message.contains("base64"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        startup("#<script>alert(1)</script>", None),
        Startup::Default { error: Some(_) }
    ));
}

#[test]
fn the_default_sample_shows_verdicts_and_a_selection() {
    let inputs = Inputs::from_state(&samples::default_state());
    let (parsed, crawlers, r) = results(
        &inputs.robots_txt,
        &inputs.agents,
        &inputs.urls,
        inputs.mode,
    );
    assert_eq!(r.rows.len(), samples::DEFAULT.urls.len());
    assert!(r.allowed > 0 && r.disallowed > 0);
    let selected = r.default_selection().unwrap();
    assert!(r.rows[selected].line > 0);
    assert!(ExplanationView::new(&parsed, &crawlers, &r.rows[selected]).is_some());
    // The sample's Dissallow typo differs between the modes only for *,
    // which Googlebot does not read: no differences for Googlebot.
    assert!(r.notes.is_empty());
}

#[test]
fn every_sample_computes() {
    for sample in samples::SAMPLES {
        let inputs = Inputs::from_state(&sample.to_state());
        for mode in [Mode::Google, Mode::Rfc9309] {
            let (parsed, crawlers, r) =
                results(&inputs.robots_txt, &inputs.agents, &inputs.urls, mode);
            assert_eq!(
                r.rows.len(),
                sample.urls.len() * sample.crawlers.len(),
                "{}",
                sample.id
            );
            for row in &r.rows {
                let e = ExplanationView::new(&parsed, &crawlers, row).unwrap();
                assert_eq!(e.allowed, row.allowed);
            }
        }
    }
}

#[test]
fn imports_decode_bom_utf16_and_invalid_bytes() {
    let plain = import_file("robots.txt", b"User-agent: *\r\nDisallow: /x\r\n");
    assert_eq!(plain.text, "User-agent: *\nDisallow: /x\n");
    assert!(!plain.warning);
    assert_eq!(plain.note, "Opened robots.txt (29 B).");

    let bom = import_file("bom.txt", b"\xEF\xBB\xBFUser-agent: *\n");
    assert_eq!(bom.text, "User-agent: *\n");
    assert!(bom.note.contains("byte order mark"), "{}", bom.note);

    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(
        "User-agent: *\nDisallow: /\u{e9}\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    let converted = import_file("u16.txt", &utf16);
    assert_eq!(converted.text, "User-agent: *\nDisallow: /\u{e9}\n");
    assert!(converted.warning);
    assert!(converted.note.contains("UTF-16"), "{}", converted.note);

    let invalid = import_file("bad.txt", b"Disallow: /caf\xE9\n");
    assert_eq!(invalid.text, "Disallow: /caf\u{FFFD}\n");
    assert!(invalid.warning);
    assert!(invalid.note.contains("offset 14"), "{}", invalid.note);

    let big = vec![b'#'; GOOGLE_SIZE_LIMIT + 10];
    assert!(import_file("big.txt", &big).note.contains("first 512.0 KB"));
}

#[test]
fn small_helpers() {
    assert_eq!(format_size(999), "999 B");
    assert_eq!(format_size(12_400), "12.4 KB");
    assert_eq!(format_size(5_000_000), "5.0 MB");
    assert_eq!(format_size(1000), "1.0 KB");
    assert_eq!(format_size(999_949), "999.9 KB");
    assert_eq!(format_size(512_000), "512.0 KB");
    assert_eq!(format_size(1_250_000), "1.3 MB");
    let delay = |value: &str| CrawlDelay {
        line: 1,
        value: value.to_string(),
        seconds: value.parse::<f64>().ok(),
    };
    assert_eq!(format_crawl_delay(&delay("10")), "10 s");
    assert_eq!(format_crawl_delay(&delay("10.0")), "10 s");
    assert_eq!(format_crawl_delay(&delay("0.5")), "0.5 s");
    assert_eq!(format_crawl_delay(&delay("soon")), "soon (not a number)");
    assert_eq!(plural(1, "URL", "URLs"), "1 URL");
    assert_eq!(plural(2, "URL", "URLs"), "2 URLs");
    assert_eq!(other_mode(Mode::Google), Mode::Rfc9309);
    assert_eq!(mode_label(Mode::Rfc9309), "RFC 9309");
    assert_eq!(normalize_newlines("a\r\n\r\nb\r"), "a\n\nb\n");
    assert_eq!(verdict_str(false), "disallowed");
    let p = Parsed::new("x\n", Mode::Google, true);
    let d = &p.robots.diagnostics()[0];
    assert_eq!(diagnostic_place(d), "L1");
}

#[test]
fn tokens_no_group_can_name_get_a_note() {
    let parsed = Parsed::new("User-agent: AI2Bot\nDisallow: /\n", Mode::Google, true);
    let crawlers = CrawlerList::parse("AI2Bot, Googlebot");
    let urls = UrlList::parse("/page");
    let results = Results::new(&parsed, &crawlers, &urls);
    assert_eq!(results.rows.len(), 2);
    let notes: Vec<&String> = results
        .notes
        .iter()
        .filter(|n| n.contains("AI2Bot"))
        .collect();
    assert_eq!(notes.len(), 1, "{:?}", results.notes);
    assert!(notes[0].contains("did you mean 'AI'"), "{}", notes[0]);
    assert!(!results.notes.iter().any(|n| n.contains("'Googlebot'")));
}
