//! The lints of issue 20 (robots.txt as sites write it in 2026): each code
//! on the cases and their near misses, the standards read as
//! written today (Content-Signal's `use=`, Content-Usage without a path or
//! with parameters, License, Agentmap), and a property: applying every fix
//! of a code and linting again leaves no finding of that code, and changes
//! no verdict the fix did not mean to change.

use proptest::prelude::*;
use robots_matcher::tools::lint::{apply_fixes, Code, Diagnostic, Severity};
use robots_matcher::{Crawler, Robots};

fn lint(text: &str) -> Vec<Diagnostic> {
    Robots::parse(text.as_bytes()).diagnostics()
}

fn of(text: &str, code: Code) -> Vec<Diagnostic> {
    lint(text).into_iter().filter(|d| d.code == code).collect()
}

fn codes(text: &str) -> Vec<Code> {
    lint(text).into_iter().map(|d| d.code).collect()
}

fn allowed(text: &str, agent: &str, path: &str) -> bool {
    Robots::parse(text.as_bytes())
        .check(&Crawler::new(agent), path)
        .allowed
}

/// `text` with the fixes of `code`'s findings applied.
fn fixed(text: &str, code: Code) -> String {
    let found = of(text, code);
    String::from_utf8(apply_fixes(text.as_bytes(), &found)).unwrap()
}

// ---------------------------------------------------------------------------
// The table: no false warnings on what sites publish today.

#[test]
fn cloudflares_managed_file_gets_no_warning() {
    let text = "# As a condition of accessing this website, you agree to abide by the following content signals.\nUser-Agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /\n";
    let warnings: Vec<Diagnostic> = lint(text)
        .into_iter()
        .filter(|d| d.severity != Severity::Info)
        .collect();
    assert!(warnings.is_empty(), "{warnings:#?}");
}

#[test]
fn content_usage_without_a_path_is_read_for_every_path() {
    assert!(of(
        "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n",
        Code::ContentUsageSyntax
    )
    .is_empty());
}

#[test]
fn content_usage_is_a_dictionary_with_parameters_and_repeated_keys() {
    let text = "User-agent: *\nContent-Usage: /b/ train-ai=n;note=x, search=y\nContent-Usage: / train-ai=y, train-ai=n\nAllow: /\n";
    assert!(
        of(text, Code::ContentUsageSyntax).is_empty(),
        "{:#?}",
        lint(text)
    );
    // An upper-case key fails the whole value.
    let bad = of(
        "User-agent: *\nContent-Usage: /b/ train-ai=n, Search=y\nAllow: /\n",
        Code::ContentUsageSyntax,
    );
    assert_eq!(bad.len(), 1);
    assert!(
        bad[0].message.contains("not a structured-field dictionary"),
        "{}",
        bad[0].message
    );
    assert!(
        bad[0].message.contains("read no preference at all"),
        "{}",
        bad[0].message
    );
}

#[test]
fn license_and_agentmap_are_recognised_with_meaning_and_readers() {
    let text = "License: https://example.com/license.xml\nAgentmap: https://example.com/agentmap.json\nUser-agent: *\nAllow: /\n";
    assert!(of(text, Code::UnknownDirective).is_empty());
    let infos = of(text, Code::UnsupportedDirective);
    assert_eq!(infos.len(), 2);
    assert!(infos[0].message.contains("RSL 1.0"), "{}", infos[0].message);
    assert!(infos.iter().all(|d| d.severity == Severity::Info));
}

#[test]
fn older_content_usage_labels_are_shown_as_from_earlier_drafts() {
    let found = of(
        "User-agent: *\nContent-Usage: / train-genai=n\nAllow: /\n",
        Code::ContentUsageSyntax,
    );
    assert_eq!(found.len(), 1);
    assert!(
        found[0].message.contains("earlier AI Preferences drafts"),
        "{}",
        found[0].message
    );
}

// ---------------------------------------------------------------------------
// agent-is-user-agent-string

#[test]
fn a_pasted_user_agent_string_is_found_on_its_line_and_fixed_to_the_token() {
    let text = "User-agent: *\nDisallow: /private/\n\nUser-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\nDisallow: /\n";
    let found = of(text, Code::AgentIsUserAgentString);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].line, 4);
    assert!(
        found[0].message.contains("read this one as 'Mozilla'"),
        "{}",
        found[0].message
    );
    assert!(
        found[0].message.contains("Write 'User-agent: Googlebot'"),
        "{}",
        found[0].message
    );
    // It replaces the cut info: one finding says it all.
    assert!(of(text, Code::UserAgentCut).is_empty());
    assert!(allowed(text, "Googlebot", "/page"));
    let after = fixed(text, Code::AgentIsUserAgentString);
    assert!(
        after.contains("\nUser-agent: Googlebot\nDisallow: /\n"),
        "{after}"
    );
    assert!(!allowed(&after, "Googlebot", "/page"));
}

#[test]
fn a_browser_string_naming_no_crawler_is_found_without_a_fix() {
    let text =
        "User-agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36\nDisallow: /\n";
    let found = of(text, Code::AgentIsUserAgentString);
    assert_eq!(found.len(), 1);
    assert!(found[0].fix.is_none());
}

#[test]
fn tokens_with_versions_or_names_with_spaces_are_not_user_agent_strings() {
    for value in [
        "Googlebot/2.1",
        "Googlebot",
        "Yahoo! Slurp",
        "Sogou web spider",
        "Screaming Frog SEO Spider",
        "*",
    ] {
        let text = format!("User-agent: {value}\nDisallow: /x\n");
        assert!(
            of(&text, Code::AgentIsUserAgentString).is_empty(),
            "{value}"
        );
    }
}

// ---------------------------------------------------------------------------
// agent-looks-misspelled

#[test]
fn a_misspelled_token_names_the_likely_crawler_and_is_fixed() {
    let text = "User-agent: GTPBot\nDisallow: /\n";
    let found = of(text, Code::AgentLooksMisspelled);
    assert_eq!(found.len(), 1);
    assert!(
        found[0]
            .message
            .contains("did you mean 'GPTBot' (OpenAI, an AI training crawler)"),
        "{}",
        found[0].message
    );
    assert!(allowed(text, "GPTBot", "/a"));
    let after = fixed(text, Code::AgentLooksMisspelled);
    assert_eq!(after, "User-agent: GPTBot\nDisallow: /\n");
    assert!(!allowed(&after, "GPTBot", "/a"));
    for (typo, meant) in [
        ("Googlebot-Images", "Googlebot-Image"),
        ("googlebot_news", "Googlebot-News"),
        ("AhrefsBots", "AhrefsBot"),
        ("Nutch-1.10", "Nutch"),
        ("ClaudeBto", "ClaudeBot"),
    ] {
        let found = of(
            &format!("User-agent: {typo}\nDisallow: /\n"),
            Code::AgentLooksMisspelled,
        );
        assert_eq!(found.len(), 1, "{typo}");
        assert!(
            found[0].message.contains(&format!("'{meant}'")),
            "{}",
            found[0].message
        );
    }
}

#[test]
fn known_tokens_other_cases_and_unrelated_names_are_not_misspellings() {
    // Short names one letter from a known one are usually other crawlers
    // (NPBot, Snapbot and Roverbot are real), and Spider is no one's name.
    for value in [
        "GPTBot",
        "gptbot",
        "GPTBOT",
        "googlebot-image",
        "SemrushBot-SI",
        "MyOwnCrawler",
        "Bot",
        "GPT",
        "AdsBot-Google-Mobile-Apps",
        "NPBot",
        "Snapbot",
        "Roverbot",
        "Bingbott",
        "vspider",
    ] {
        let text = format!("User-agent: {value}\nDisallow: /\n");
        assert!(of(&text, Code::AgentLooksMisspelled).is_empty(), "{value}");
    }
}

// ---------------------------------------------------------------------------
// group-drops-global-rules

#[test]
fn a_named_group_that_leaves_out_the_global_rules_is_found_on_its_user_agent_line() {
    let text = "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n\nUser-agent: GPTBot\nDisallow: /drafts/\n";
    let found = of(text, Code::GroupDropsGlobalRules);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].line, 5);
    for part in [
        "The group of GPTBot (line 5)",
        "'/private/', '/tmp/'",
        "(lines 2, 3)",
    ] {
        assert!(
            found[0].message.contains(part),
            "{part} not in {}",
            found[0].message
        );
    }
    assert!(allowed(text, "GPTBot", "/private/x"));
    let after = fixed(text, Code::GroupDropsGlobalRules);
    assert_eq!(after, "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n\nUser-agent: GPTBot\nDisallow: /drafts/\nDisallow: /private/\nDisallow: /tmp/\n");
    assert!(!allowed(&after, "GPTBot", "/private/x"));
    assert!(!allowed(&after, "GPTBot", "/drafts/x"));
}

#[test]
fn the_copy_keeps_the_global_groups_exceptions_and_the_files_line_endings() {
    let text = "User-agent: *\r\nDisallow: /private/\r\nAllow: /private/press/\r\n\r\nUser-agent: GPTBot\r\nDisallow: /drafts/";
    let after = fixed(text, Code::GroupDropsGlobalRules);
    assert_eq!(after, "User-agent: *\r\nDisallow: /private/\r\nAllow: /private/press/\r\n\r\nUser-agent: GPTBot\r\nDisallow: /drafts/\r\nDisallow: /private/\r\nAllow: /private/press/");
    assert!(allowed(&after, "GPTBot", "/private/press/a"));
    assert!(!allowed(&after, "GPTBot", "/private/a"));
}

#[test]
fn no_fix_when_an_exception_cannot_be_copied_for_every_crawler_of_the_group() {
    // GTPBot has /private/ from another group; copying the * exception for
    // ClaudBot would open /private/press/ to GTPBot too, and not copying it
    // would shut ClaudBot out of it: the finding stands without a fix.
    let text = "User-agent: ClaudBot\nUser-agent: GTPBot\nDisallow: /tmp/\n\nUser-agent: GTPBot\nDisallow: /private/\n\nUser-agent: *\nAllow: /private/press/\nDisallow: /private/\n";
    let found = of(text, Code::GroupDropsGlobalRules);
    assert_eq!(found.len(), 1);
    assert!(
        found[0].message.contains("The group of ClaudBot (line 1)"),
        "{}",
        found[0].message
    );
    assert!(found[0].fix.is_none());
}

#[test]
fn an_exception_is_not_copied_for_a_crawler_reported_elsewhere_or_named_in_part() {
    // GPTBot is reported at its first group; Mozilla is named by a pasted
    // browser string read only in part. Both still read the group the fix
    // writes into, so copying `Allow: /private/press/` would open it to
    // them: their own `Disallow: /private/` decides it now.
    for text in [
        "User-agent: GPTBot\nDisallow: /private/\n\nUser-agent: GPTBot\nUser-agent: GTPBot\nDisallow: /tmp/\n\nUser-agent: *\nAllow: /private/press/\nDisallow: /\n",
        "User-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\nDisallow: /private/\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\nUser-agent: GPTBot\nDisallow: /tmp/\n",
    ] {
        let after = fixed(text, Code::GroupDropsGlobalRules);
        for agent in ["GPTBot", "Mozilla"] {
            assert_eq!(
                allowed(text, agent, "/private/press/x"),
                allowed(&after, agent, "/private/press/x"),
                "{agent}\n{text}\n---\n{after}"
            );
        }
    }
}

#[test]
fn thousands_of_global_rules_and_named_groups_stay_linear_in_messages_and_fixes() {
    // 300 `*` Disallows and 300 groups of one letters-only crawler each:
    // each group leaves out all 300. The messages name five and count the
    // rest; the fixes together copy no more than Google reads of a file
    // (512,000 bytes), and the findings past that say why they have none.
    let name = |i: usize| {
        let letters: String = [i % 26, i / 26 % 26]
            .iter()
            .map(|&k| char::from(b'a' + k as u8))
            .collect();
        format!("Bot{letters}")
    };
    let mut text = String::from("User-agent: *\n");
    for i in 0..300 {
        text.push_str(&format!("Disallow: /private-area-number-{i}/\n"));
    }
    for i in 0..300 {
        text.push_str(&format!("\nUser-agent: {}\nDisallow: /mine/\n", name(i)));
    }
    let found = of(&text, Code::GroupDropsGlobalRules);
    assert_eq!(found.len(), 300);
    for finding in &found {
        assert!(
            finding
                .message
                .contains("'/private-area-number-4/' and 295 more")
                && finding
                    .message
                    .contains("(lines 2, 3, 4, 5, 6 and 295 more)"),
            "{}",
            finding.message
        );
        assert!(finding.message.len() < 600, "{}", finding.message);
    }
    let copied: usize = found
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .map(|fix| fix.replacement.len())
        .sum();
    assert!(copied <= 512_000, "{copied}");
    let with_fix = found.iter().take_while(|d| d.fix.is_some()).count();
    assert!(with_fix > 0 && with_fix < 300, "{with_fix}");
    for finding in &found[with_fix..] {
        assert!(finding.fix.is_none());
        assert!(
            finding.message.contains("No fix is offered here"),
            "{}",
            finding.message
        );
    }
    // The first fixes still do their work.
    let after = String::from_utf8(apply_fixes(text.as_bytes(), &found[..1])).unwrap();
    assert!(!allowed(&after, &name(0), "/private-area-number-299/x"));
}

#[test]
fn groups_that_only_allow_or_allow_the_path_themselves_are_deliberate() {
    for text in [
        // Only allows: deliberate.
        "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /\n",
        // Its own Allow covers the path: deliberate.
        "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /drafts/\nAllow: /private/\n",
        // Blocks everything anyway.
        "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n",
        // Has the rule itself.
        "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /private\n",
        // AdsBot ignores * anyway.
        "User-agent: *\nDisallow: /private/\n\nUser-agent: AdsBot-Google\nDisallow: /cart/\n",
        // No * group.
        "User-agent: GPTBot\nDisallow: /drafts/\n",
    ] {
        assert!(of(text, Code::GroupDropsGlobalRules).is_empty(), "{text}");
    }
}

// ---------------------------------------------------------------------------
// signal-contradicts-rules

const AI_SEARCH: [&str; 6] = [
    "OAI-SearchBot",
    "ChatGPT-User",
    "PerplexityBot",
    "Perplexity-User",
    "Claude-SearchBot",
    "Claude-User",
];

#[test]
fn an_invitation_no_crawler_of_its_purpose_can_take_is_a_contradiction() {
    let text =
        "User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nDisallow: /\n";
    let found = of(text, Code::SignalContradictsRules);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(found[0].line, 2);
    assert!(
        found[0].message.contains("search=yes"),
        "{}",
        found[0].message
    );
    assert!(
        found[1].message.contains("ai-input=yes"),
        "{}",
        found[1].message
    );
    assert!(
        found[1].message.contains("by line 3"),
        "{}",
        found[1].message
    );
    // Some AI search crawlers still get in: no contradiction.
    let mut open = String::from("User-agent: *\nContent-Signal: ai-input=yes\nAllow: /\n\n");
    for token in AI_SEARCH {
        open.push_str(&format!("User-agent: {token}\n"));
    }
    open.push_str("Disallow: /\n");
    assert!(of(&open, Code::SignalContradictsRules).is_empty());
}

#[test]
fn declining_a_use_while_inviting_its_crawler_by_name_is_a_contradiction() {
    let text = "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nAllow: /\n";
    let found = of(text, Code::SignalContradictsRules);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0]
            .message
            .contains("lets GPTBot (an AI training crawler) fetch the whole site by name (line 6)"),
        "{}",
        found[0].message
    );
    // The same with Content-Usage.
    let usage =
        "User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n\nUser-agent: ClaudeBot\nDisallow:\n";
    assert_eq!(of(usage, Code::SignalContradictsRules).len(), 1);
    // Declining while blocking it agrees.
    let agree =
        "User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n";
    assert!(of(agree, Code::SignalContradictsRules).is_empty());
    // A search crawler allowed by name does not contradict ai-train=no.
    let search =
        "User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: Googlebot\nAllow: /\n";
    assert!(of(search, Code::SignalContradictsRules).is_empty());
}

// ---------------------------------------------------------------------------
// validator-rejects

#[test]
fn lines_lighthouse_rejects_get_an_info_saying_which_versions() {
    let text = "User-agent: *\nContent-Signal: search=yes\nContent-Usage: train-ai=n\nLicense: https://a.example/l.xml\nAgentmap: https://a.example/a.json\nAllow: /\n";
    let notes = of(text, Code::ValidatorRejects);
    assert_eq!(
        notes.iter().map(|d| d.line).collect::<Vec<_>>(),
        [2, 3, 4, 5]
    );
    assert!(notes.iter().all(|d| d.severity == Severity::Info));
    assert!(notes[0]
        .message
        .contains("Lighthouse 13 and later accept the line"));
    assert!(notes[1].message.contains(
        "Lighthouse's robots.txt audit reports line 3 as an error ('Unknown directive')"
    ));
    assert!(notes[2].message.contains("Lighthouse 13 and later accept"));
    assert!(codes("User-agent: *\nCrawl-delay: 1\nDisallow: /x\n")
        .iter()
        .all(|&c| c != Code::ValidatorRejects));
}

// ---------------------------------------------------------------------------
// The property: every fix of a code removes that code and changes only the
// verdicts it means to.

/// Crawlers whose verdicts are compared before and after a fix.
const PROBES: [&str; 9] = [
    "Googlebot",
    "GPTBot",
    "ClaudeBot",
    "bingbot",
    "Mozilla",
    "GTPBot",
    "ClaudBot",
    "OtherBot",
    "*",
];
const PATHS: [&str; 8] = [
    "/",
    "/private/",
    "/private/press/x",
    "/tmp/a",
    "/drafts/b",
    "/x.pdf",
    "/a/b",
    "/search?q=1",
];

fn agent_value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("*".to_string()),
        Just("GPTBot".to_string()),
        Just("GTPBot".to_string()),
        Just("ClaudBot".to_string()),
        Just("bingbot".to_string()),
        Just("OtherBot".to_string()),
        Just("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)".to_string()),
        Just("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)".to_string()),
    ]
}

fn rule_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Disallow: /private/".to_string()),
        Just("Allow: /private/press/".to_string()),
        Just("Disallow: /tmp/".to_string()),
        Just("Disallow: /drafts/".to_string()),
        Just("Disallow: /*.pdf$".to_string()),
        Just("Disallow: /".to_string()),
        Just("Allow: /".to_string()),
        Just("Disallow:".to_string()),
        Just("Content-Signal: search=yes, ai-train=no".to_string()),
    ]
}

fn file() -> impl Strategy<Value = String> {
    let group = (
        prop::collection::vec(agent_value(), 1..3),
        prop::collection::vec(rule_line(), 1..4),
    );
    (
        prop::collection::vec(group, 1..5),
        prop_oneof![Just("\n"), Just("\r\n")],
    )
        .prop_map(|(groups, eol)| {
            let mut text = String::new();
            for (agents, rules) in groups {
                for agent in agents {
                    text.push_str(&format!("User-agent: {agent}{eol}"));
                }
                for rule in rules {
                    text.push_str(&rule);
                    text.push_str(eol);
                }
                text.push_str(eol);
            }
            text
        })
}

/// The tokens a fix of `code` may change verdicts for in `before`: the
/// crawlers named by the lines it edits, before and after.
fn touched(before: &str, code: Code) -> Vec<String> {
    let robots = Robots::parse(before.as_bytes());
    let mut names = Vec::new();
    for d in of(before, code) {
        let Some(group) = robots.line(d.line).and_then(|l| l.group) else {
            continue;
        };
        for name in robots.groups()[group].names() {
            names.push(name.to_ascii_lowercase());
        }
        if let Some(fix) = &d.fix {
            names.push(robots_matcher::product_token(&fix.replacement).to_ascii_lowercase());
        }
    }
    names
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fixes_remove_their_code_and_change_only_what_they_mean(text in file()) {
        for code in [Code::AgentIsUserAgentString, Code::AgentLooksMisspelled, Code::GroupDropsGlobalRules] {
            if !of(&text, code).iter().any(|d| d.fix.is_some()) {
                continue;
            }
            let after = fixed(&text, code);
            let left: Vec<_> = of(&after, code).into_iter().filter(|d| d.fix.is_some()).collect();
            prop_assert!(left.is_empty(), "{code} left after fixing:\n{after}\n{left:#?}");
            let touched = touched(&text, code);
            for probe in PROBES {
                for path in PATHS {
                    let (was, is) = (allowed(&text, probe, path), allowed(&after, probe, path));
                    if was == is {
                        continue;
                    }
                    let named = touched.contains(&probe.to_ascii_lowercase());
                    prop_assert!(named, "{code} changed {probe} {path}: {was} -> {is}\n{text}\n---\n{after}");
                    if code == Code::GroupDropsGlobalRules {
                        // Copying the * group's rules only shuts out, and
                        // only where * does.
                        prop_assert!(was && !is && !allowed(&text, "*", path), "{probe} {path}\n{text}\n---\n{after}");
                    }
                }
            }
        }
    }
}
