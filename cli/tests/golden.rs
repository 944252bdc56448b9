//! Golden tests: run the built binary on the fixtures in `tests/fixtures/`
//! and compare its exit status, stdout and stderr with `tests/golden/`.
//!
//! After an intended change of output, regenerate with
//! `UPDATE_GOLDEN=1 cargo test -p robotstxt-cli --test golden` and review
//! every changed golden by eye (`git diff cli/tests/golden`): a golden that
//! records a wrong verdict is worse than none.

mod support;

use std::path::Path;

use support::{fixtures, run_in, Run};

/// Compares a run with `tests/golden/<name>.txt`, or rewrites that file
/// when `UPDATE_GOLDEN` is set.
fn assert_golden(name: &str, command: &str, run: &Run) {
    let actual = format!(
        "$ {command}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        run.status,
        run.stdout_text(),
        run.stderr_text()
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &actual).expect("the golden file is writable");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no golden file {}; create it with UPDATE_GOLDEN=1 and review it",
            path.display()
        )
    });
    if expected != actual {
        panic!(
            "output of `{command}` differs from {} (- golden, + actual):\n{}\nIf the change is intended, run with UPDATE_GOLDEN=1 and review the new golden.",
            path.display(),
            line_diff(&expected, &actual)
        );
    }
}

/// A line diff (longest common subsequence), showing only changed lines
/// and two lines of context around them.
fn line_diff(expected: &str, actual: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = actual.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut ops = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            ops.push((' ', a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', a[i]));
            i += 1;
        } else {
            ops.push(('+', b[j]));
            j += 1;
        }
    }
    let near_change = |k: usize| {
        ops[k.saturating_sub(2)..(k + 3).min(ops.len())]
            .iter()
            .any(|(op, _)| *op != ' ')
    };
    let mut out = String::new();
    let mut skipped = false;
    for (k, (op, line)) in ops.iter().enumerate() {
        if near_change(k) {
            out.push_str(&format!("{op} {line}\n"));
            skipped = false;
        } else if !skipped {
            out.push_str("  ...\n");
            skipped = true;
        }
    }
    if expected.ends_with('\n') != actual.ends_with('\n') {
        out.push_str("(the final line end differs)\n");
    }
    out
}

/// Runs `robotstxt ARGS` in the fixtures directory (stdin from a fixture
/// when given) and compares with the golden of the same name.
fn golden(name: &str, args: &[&str], stdin_fixture: Option<&str>) {
    let stdin = stdin_fixture.map_or_else(Vec::new, |file| {
        std::fs::read(fixtures().join(file)).expect("the stdin fixture exists")
    });
    let mut command = std::iter::once("robotstxt".to_string())
        .chain(args.iter().map(|a| quote(a)))
        .collect::<Vec<_>>()
        .join(" ");
    if let Some(file) = stdin_fixture {
        command.push_str(&format!(" < {file}"));
    }
    let run = run_in(&fixtures(), args, &stdin);
    assert_golden(name, &command, &run);
}

/// Shell-style quoting for the command line shown in a golden.
fn quote(arg: &str) -> String {
    if !arg.is_empty()
        && arg
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./:=@%,".contains(&b))
    {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

macro_rules! golden_tests {
    ($($name:ident: [$($arg:expr),* $(,)?] $(< $stdin:expr)?;)*) => {
        $(
            #[test]
            fn $name() {
                #[allow(unused_mut, unused_assignments)]
                let mut stdin = None;
                $(stdin = Some($stdin);)?
                golden(stringify!($name), &[$($arg),*], stdin);
            }
        )*
    };
}

golden_tests! {
    // check: human table, JSON Lines, fallback tokens, modes, flags.
    check_human: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--urls", "urls.txt"];
    check_human_global_group: ["check", "--robots", "basic.txt", "--agent", "Bingbot", "--urls", "urls.txt"];
    check_json_fallback_agents: ["check", "--robots", "basic.txt", "--agent", "Googlebot-Image", "--agent", "Googlebot", "--json", "--urls", "urls.txt", "/private/x", "/no-google/1"];
    check_ignores_global: ["check", "--robots", "basic.txt", "--agent", "AdsBot-Google-Mobile", "/private/plans", "--agent=AdsBot-Google>!*", "/ads-only"];
    check_paths_only: ["check", "--robots", "basic.txt", "--agent", "Bingbot", "/private", "/private/press", "/a.pdf", "/a.pdf?x"];
    check_google_mode: ["check", "--robots", "rfc.txt", "--agent", "FooBot", "/~user/x", "/nocolon", "/a*b"];
    check_rfc9309_mode: ["check", "--robots", "rfc.txt", "--agent", "FooBot", "--mode", "rfc9309", "/~user/x", "/nocolon", "/a*b"];
    check_request_encoding: ["check", "--robots", "encoding.txt", "--agent", "FooBot", "/caf\u{e9}/menu", "/a b"];
    check_json_usage: ["check", "--robots", "ai.txt", "--agent", "CCBot", "--json", "/blog/post", "/shop"];
    lint_ai_traps: ["lint", "ai.txt"];
    lint_fix_dry_run: ["lint", "--fix", "--dry-run", "ai.txt"];
    check_raw_url: ["check", "--robots", "encoding.txt", "--agent", "FooBot", "--raw-url", "--json", "/caf\u{e9}/menu", "/a b", "/a%20b"];
    check_legacy_agent_matching: ["check", "--robots", "legacy.txt", "--agent", "Googlebot", "--legacy-agent-matching", "/g/1"];
    check_exact_agent_matching: ["check", "--robots", "legacy.txt", "--agent", "Googlebot", "/g/1"];
    check_fail_on_disallowed: ["check", "--robots", "basic.txt", "--agent", "Bingbot", "--fail-on-disallowed", "/", "/private"];
    check_robots_from_stdin: ["check", "--robots", "-", "--agent", "Googlebot", "/no-google/x"] < "basic.txt";
    check_urls_from_stdin: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--urls", "-"] < "urls.txt";
    check_warns_about_unusable_files: ["check", "--robots", "html.txt", "--agent", "Googlebot/2.1", "/"];
    check_utf16_file: ["check", "--robots", "utf16.txt", "--agent", "Googlebot", "/private"];
    check_url_list_skips_non_urls: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--urls", "mixed-urls.txt", "not a url"];
    check_urls_from_sitemap: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--urls", "sitemap.xml"];

    // check --format: every format; --json stays an alias of json.
    check_format_json: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--format", "json", "/no-google/x", "/a b"];
    check_format_csv: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--format", "csv", "--urls", "urls.txt"];
    check_format_github: ["check", "--robots", "basic.txt", "--agent", "Bingbot", "--format", "github", "/", "/private", "/a.pdf"];
    check_format_github_failing: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--format=github", "--fail-on-disallowed", "/no-google/x", "/robots.txt"];

    // --fetch-status: how fetching robots.txt ended, simulated.
    check_fetch_status_200: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "200", "/no-google/x", "/page"];
    check_fetch_status_404: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "404", "/no-google/x", "/page"];
    check_fetch_status_503: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "503", "/no-google/x", "/page"];
    check_fetch_status_redirect_5: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "redirect-5", "/no-google/x"];
    check_fetch_status_redirect_6: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "redirect-6", "/no-google/x"];
    check_fetch_status_timeout_json: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "timeout", "--json", "/page"];
    check_fetch_status_skips_the_file: ["check", "--robots", "missing.txt", "--agent", "Googlebot", "--fetch-status", "429", "/"];
    explain_fetch_status_503: ["explain", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "503", "https://example.com/page"];
    explain_fetch_status_404: ["explain", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "404", "/no-google/x"];
    diff_fetch_status_503: ["diff", "old.txt", "new.txt", "--agent", "Googlebot", "--urls", "diff-urls.txt", "--fetch-status", "503"];
    error_bad_fetch_status: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--fetch-status", "down", "/"];

    // batch: every field, caching, malformed lines, blank lines.
    batch_requests: ["batch"] < "batch.jsonl";
    batch_mode_flag_and_override: ["batch", "--mode", "rfc9309"] < "batch-modes.jsonl";

    // lint: compiler-style, JSON, exit 1 on errors, 0 otherwise.
    lint_messy_file: ["lint", "messy.txt"];
    lint_messy_file_json: ["lint", "--json", "messy.txt"];
    lint_clean_file: ["lint", "basic.txt"];
    lint_html_page: ["lint", "html.txt"];
    lint_utf16_json: ["lint", "utf16.txt", "--json"];
    lint_rfc9309_mode: ["lint", "--mode", "rfc9309", "rfc.txt"];
    lint_several_files: ["lint", "basic.txt", "rfc.txt"];
    lint_stdin: ["lint", "-"] < "messy.txt";
    lint_format_github: ["lint", "--format", "github", "messy.txt", "html.txt"];
    lint_format_sarif: ["lint", "--format", "sarif", "messy.txt", "html.txt"];
    lint_format_sarif_clean: ["lint", "--format=sarif", "basic.txt"];

    // explain: every kind of group selection and decision.
    explain_merged_groups: ["explain", "--robots", "explain.txt", "--agent", "Googlebot-Image>Googlebot", "https://example.com/shop/sale/old/1"];
    explain_index_html: ["explain", "--robots", "explain.txt", "--agent", "Bingbot", "https://example.com/shop/"];
    explain_global_group: ["explain", "--robots", "explain.txt", "--agent", "FooBot", "https://example.com/about"];
    explain_tie: ["explain", "--robots", "basic.txt", "--agent", "Googlebot", "https://example.com/page?ref=home#top"];
    explain_ignores_global: ["explain", "--robots", "basic.txt", "--agent", "AdsBot-Google-Mobile>!*", "/private"];
    explain_no_group: ["explain", "--robots", "legacy.txt", "--agent", "Googlebot", "/g"];
    explain_legacy_agent_matching: ["explain", "--robots", "legacy.txt", "--agent", "Googlebot", "--legacy-agent-matching", "/g"];
    explain_encoding: ["explain", "--robots", "basic.txt", "--agent", "Bingbot", "https://example.com/private/caf\u{e9} menu", "/private/press/caf\u{e9}"];
    explain_rfc9309: ["explain", "--robots", "rfc.txt", "--agent", "FooBot", "--mode", "rfc9309", "/a*b"];
    explain_raw_url: ["explain", "--robots", "basic.txt", "--agent", "Bingbot", "--raw-url", "/private/caf\u{e9}"];
    explain_robots_txt: ["explain", "--robots", "basic.txt", "--agent", "Googlebot", "/robots.txt"];

    // explain, why not: every kind of near miss, the groups not read, JSON.
    explain_why_not_dollar: ["explain", "--robots", "whynot.txt", "--agent", "Bingbot", "/report.pdf?download=1"];
    explain_why_not_prefix: ["explain", "--robots", "whynot.txt", "--agent", "Bingbot", "/privacy", "/shop/cart/1"];
    explain_why_not_escapes: ["explain", "--robots", "whynot.txt", "--agent", "Bingbot", "/~user/notes"];
    explain_why_not_global_not_read: ["explain", "--robots", "whynot.txt", "--agent", "Googlebot", "/private/plans"];
    explain_why_not_fallback_not_reached: ["explain", "--robots", "whynot.txt", "--agent", "Googlebot-Image>Googlebot", "/drafts/a.png"];
    explain_why_not_json: ["explain", "--robots", "whynot.txt", "--agent", "Bingbot", "--json", "/report.pdf?download=1", "/privacy"];
    explain_why_not_json_fetch_status: ["explain", "--robots", "whynot.txt", "--agent", "Bingbot", "--json", "--fetch-status", "503", "/privacy"];

    // diff: human and JSON, exit 1 only with --fail-on-change.
    diff_human: ["diff", "old.txt", "new.txt", "--agent", "Googlebot", "--urls", "diff-urls.txt"];
    diff_json: ["diff", "old.txt", "new.txt", "--agent", "Bingbot", "--urls", "diff-urls.txt", "--json"];
    diff_fail_on_change: ["diff", "old.txt", "new.txt", "--agent", "Bingbot", "--fail-on-change", "https://example.com/private"];
    diff_no_change: ["diff", "old.txt", "old.txt", "--agent", "Googlebot", "--urls", "diff-urls.txt", "--fail-on-change"];

    // diff severity: every class, --fail-on at each level.
    diff_severity_staging_deployed: ["diff", "old.txt", "staging.txt", "--agent", "GPTBot", "/about", "--fail-on", "critical"];
    diff_severity_comments_only: ["diff", "comments-old.txt", "comments-new.txt", "--agent", "Googlebot", "/", "/private/x", "--fail-on", "info"];
    diff_severity_comments_only_json: ["diff", "comments-old.txt", "comments-new.txt", "--agent", "Googlebot", "/", "--json", "--file-changes"];
    diff_severity_staging_json: ["diff", "old.txt", "staging.txt", "--agent", "GPTBot", "/about", "--json", "--fail-on", "critical"];
    diff_severity_staging_json_file_changes: ["diff", "old.txt", "staging.txt", "--agent", "GPTBot", "/about", "--json", "--file-changes"];
    diff_severity_fail_on_warning_passes: ["diff", "comments-old.txt", "comments-new.txt", "--agent", "Googlebot", "/", "--fail-on", "warning"];
    diff_severity_fetch_status_503_json: ["diff", "old.txt", "new.txt", "--agent", "GPTBot", "--urls", "diff-urls.txt", "--fetch-status", "503", "--json", "--fail-on", "critical"];
    error_diff_bad_severity: ["diff", "old.txt", "new.txt", "--agent", "Googlebot", "/", "--fail-on", "error"];

    // test: expectations, every format; fetch outcomes; mistakes.
    test_passing: ["test", "--robots", "basic.txt", "expectations.txt"];
    test_failing: ["test", "--robots", "ai.txt", "expectations-failing.txt"];
    test_format_json: ["test", "--robots", "ai.txt", "--format", "json", "expectations-failing.txt"];
    test_format_junit: ["test", "--robots", "ai.txt", "--format", "junit", "expectations-failing.txt"];
    test_format_github: ["test", "--robots", "ai.txt", "--format", "github", "expectations-failing.txt"];
    test_other_sites: ["test", "--robots", "basic.txt", "expectations-sites.txt"];
    test_json_alias_passing: ["test", "--robots", "basic.txt", "--json", "expectations.txt"];
    test_fetch_status_503: ["test", "--robots", "basic.txt", "--fetch-status", "503", "expectations.txt"];
    test_fetch_status_404_junit: ["test", "--robots", "basic.txt", "--fetch-status", "404", "--format", "junit", "expectations.txt"];
    test_expectations_from_stdin: ["test", "--robots", "basic.txt", "-"] < "expectations.txt";
    test_mistakes: ["test", "--robots", "basic.txt", "expectations-mistakes.txt"];
    test_mistakes_github: ["test", "--robots", "basic.txt", "--format", "github", "expectations-mistakes.txt"];
    test_rfc9309_mode: ["test", "--robots", "rfc.txt", "--mode", "rfc9309", "expectations-modes.txt"];
    error_test_missing_expectations: ["test", "--robots", "basic.txt"];
    error_test_missing_robots: ["test", "expectations.txt"];
    error_test_empty_expectations: ["test", "--robots", "basic.txt", "expectations-empty.txt"];
    error_test_two_stdin_inputs: ["test", "--robots", "-", "-"];

    // logs: every format, versions and the cache window, robots.txt
    // fetches, IP ranges, records, bad input.
    logs_combined: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-05-02T10:00:00Z", "--ip-ranges", "Googlebot=logs/googlebot.json", "logs/combined.log"];
    logs_combined_json: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-05-02T10:00:00Z", "--ip-ranges", "Googlebot=logs/googlebot.json", "--format", "json", "logs/combined.log"];
    logs_gzip_csv_one_crawler: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-05-02T10:00:00Z", "--format", "csv", "--crawler", "GPTBot", "logs/combined.log.gz"];
    logs_timeline: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-05-02T10:00:00Z", "--timeline", "--crawler", "gptbot", "logs/combined.log"];
    logs_stdin_fail_on_violation: ["logs", "--robots", "logs/robots-new.txt", "--fail-on-violation", "-"] < "logs/combined.log";
    logs_common: ["logs", "--robots", "logs/robots-old.txt", "logs/common.log"];
    logs_cloudflare_json_lines: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-05-02T10:00:00Z", "--ip-ranges", "Googlebot=logs/googlebot.json", "logs/cloudflare.jsonl"];
    logs_iis_w3c: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-05-02T10:00:00Z", "logs/iis.log"];
    logs_csv_export: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-05-02", "--format", "json", "logs/export.csv"];
    logs_several_logs: ["logs", "--robots", "logs/robots-new.txt", "logs/iis.log", "logs/common.log"];
    logs_help: ["logs", "--help"];
    error_logs_bad_time: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@yesterday", "logs/combined.log"];
    error_logs_impossible_date: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt@2024-02-30", "logs/combined.log"];
    error_logs_two_without_time: ["logs", "--robots", "logs/robots-old.txt", "--robots", "logs/robots-new.txt", "logs/combined.log"];
    error_logs_ranges_not_json: ["logs", "--robots", "logs/robots-old.txt", "--ip-ranges", "Googlebot=logs/ranges.txt", "logs/combined.log"];
    error_logs_no_published_ranges: ["logs", "--robots", "logs/robots-old.txt", "--ip-ranges", "FooBot", "logs/combined.log"];
    error_logs_another_format: ["logs", "--robots", "logs/robots-old.txt", "logs/robots-new.txt"];
    error_logs_archive: ["logs", "--robots", "logs/robots-old.txt", "logs/archive.zip"];
    error_logs_missing_log: ["logs", "--robots", "logs/robots-old.txt", "logs/missing.log"];
    error_logs_no_log: ["logs", "--robots", "logs/robots-old.txt"];
    error_logs_no_robots: ["logs", "logs/combined.log"];

    // Help and version.
    main_help: ["--help"];
    check_help: ["check", "--help"];
    help_command: ["help", "lint"];
    fetch_help: ["fetch", "--help"];
    version: ["--version"];

    // Errors: one line (and a hint for command-line mistakes), exit 2.
    error_missing_file: ["check", "--robots", "missing.txt", "--agent", "Googlebot", "/"];
    error_directory: ["lint", "."];
    error_missing_url_list: ["diff", "old.txt", "new.txt", "--agent", "Googlebot", "--urls", "missing-urls.txt"];
    error_bad_flag: ["check", "--robot", "basic.txt", "--agent", "Googlebot", "/"];
    error_flag_value: ["lint", "--json=yes", "basic.txt"];
    error_unknown_command: ["chek", "--robots", "basic.txt"];
    error_no_command: [];
    error_bad_mode: ["check", "--robots", "basic.txt", "--agent", "Googlebot", "--mode", "bing", "/"];
    error_missing_agent: ["check", "--robots", "basic.txt", "/"];
    error_empty_agent: ["check", "--robots", "basic.txt", "--agent", "Googlebot>", "/"];
    error_misplaced_ignore_global: ["check", "--robots", "basic.txt", "--agent", "AdsBot-Google>!*", "--agent", "Googlebot", "/"];
    error_missing_robots: ["explain", "--agent", "Googlebot", "/"];
    error_no_urls: ["check", "--robots", "basic.txt", "--agent", "Googlebot"];
    error_two_stdin_inputs: ["check", "--robots", "-", "--urls", "-", "--agent", "Googlebot"];
    error_repeated_flag: ["check", "--robots", "basic.txt", "--robots", "rfc.txt", "--agent", "Googlebot", "/"];
    error_missing_value: ["check", "--robots", "basic.txt", "--agent"];
    error_diff_one_file: ["diff", "old.txt", "--agent", "Googlebot", "--urls", "diff-urls.txt"];
    error_diff_file_forgotten: ["diff", "old.txt", "--agent", "Googlebot", "/"];
    error_batch_argument: ["batch", "requests.jsonl"];
    error_lint_no_file: ["lint"];
}

/// A file over Google's 500 KiB limit: a rule after the limit is ignored by
/// default (with a warning) and read with --no-size-limit. Generated here
/// rather than stored, to keep the fixtures small.
#[test]
fn size_limit() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robotstxt-size-limit");
    std::fs::create_dir_all(&dir).expect("the temporary directory can be created");
    let mut big = b"User-agent: *\nDisallow: /early\n".to_vec();
    let filler = b"# filler comment to push the next rule past Google's limit\n";
    while big.len() < 520_000 {
        big.extend_from_slice(filler);
    }
    big.extend_from_slice(b"Disallow: /late\n");
    std::fs::write(dir.join("big.txt"), &big).expect("big.txt can be written");
    let cases: [(&str, &[&str]); 3] = [
        (
            "size_limit_default",
            &[
                "check",
                "--robots",
                "big.txt",
                "--agent",
                "Googlebot",
                "/early",
                "/late",
            ],
        ),
        (
            "size_limit_lifted",
            &[
                "check",
                "--robots",
                "big.txt",
                "--agent",
                "Googlebot",
                "--no-size-limit",
                "/early",
                "/late",
            ],
        ),
        ("size_limit_lint", &["lint", "big.txt"]),
    ];
    for (name, args) in cases {
        let run = run_in(&dir, args, b"");
        assert_golden(name, &format!("robotstxt {}", args.join(" ")), &run);
    }
}
