//! The store's behaviour, driven natively through its transitions and read
//! back through its handles (see `testing` for the host).

use leptos::prelude::*;
use robots_matcher::{FetchOutcome, Mode};

use super::testing::{file, values, Harness, TestHost};
use super::{Side, Store};
use crate::link::AppState;
use crate::view_model::{
    Against, AiPolicy, DecidedBy, ExportFormat, InputValues, Order, VerdictFilter, FETCH_OUTCOMES,
};

const ROBOTS: &str = "User-agent: *\nDisallow: /private\nAllow: /private/press\n";

/// Every row's (URL, agent, allowed, line).
fn rows(h: &Harness) -> Vec<(String, String, bool, u32)> {
    h.store.check.results().with_untracked(|r| {
        (0..r.len())
            .map(|row| {
                let cell = r.cell(row).unwrap();
                (
                    r.url(row).to_string(),
                    r.agent(row).to_string(),
                    cell.allowed(),
                    cell.line,
                )
            })
            .collect()
    })
}

/// A URL list of 1,000 long URLs, over the link's and storage's limit.
fn too_large_to_keep() -> String {
    let url = format!("/{}\n", "x".repeat(1_100));
    url.repeat(1_000)
}

fn counts(h: &Harness) -> (usize, usize) {
    h.store
        .check
        .results()
        .with_untracked(|r| (r.counts.allowed, r.counts.disallowed))
}

/// The results' notes, in one line.
fn result_notes(h: &Harness) -> String {
    h.store
        .check
        .results()
        .with_untracked(|r| r.notes.join(" "))
}

fn selected(h: &Harness) -> Option<usize> {
    h.store.selection.row().get_untracked()
}

fn notice(h: &Harness) -> Option<(String, bool)> {
    h.store
        .messages
        .notice()
        .get_untracked()
        .map(|n| (n.text, n.warning))
}

/// The records of the last CSV download: (url, agent, allowed, line,
/// category).
fn csv_rows(h: &Harness) -> Vec<(String, String, bool, u32, String)> {
    let (_, _, csv) = h
        .state()
        .downloads
        .iter()
        .rfind(|(name, mime, _)| name == "robots-results.csv" && mime == "text/csv")
        .cloned()
        .unwrap();
    csv.split("\r\n")
        .skip(1)
        .filter(|line| !line.is_empty())
        .map(|line| {
            // The test URLs need no quoting.
            let f: Vec<&str> = line.split(',').collect();
            (
                f[5].to_string(),
                f[7].to_string(),
                f[0] == "true",
                f[1].parse().unwrap(),
                f[4].to_string(),
            )
        })
        .collect()
}

#[test]
fn the_first_check_selects_the_first_row_a_rule_decided_and_shows_its_line() {
    let h = Harness::new(values(
        ROBOTS,
        "Googlebot",
        "/a\n/private/x\n/private/press/1",
    ));
    assert_eq!(
        rows(&h),
        [
            ("/a".into(), "Googlebot".into(), true, 0),
            ("/private/x".into(), "Googlebot".into(), false, 2),
            ("/private/press/1".into(), "Googlebot".into(), true, 3),
        ]
    );
    assert_eq!(selected(&h), Some(1));
    assert_eq!(
        h.store.selection.highlighted(Side::After).get_untracked(),
        2
    );
    let jump = h.store.inputs.jump(Side::After).get_untracked().unwrap();
    assert_eq!((jump.line, jump.focus), (2, false));
    let explanation = h.store.selection.explanation().get_untracked().unwrap();
    assert_eq!(explanation.url, "/private/x");
    assert!(h.store.check.run().with_untracked(|r| r.is_compared()));
    assert!(h.store.messages.progress().get_untracked().is_none());
}

#[test]
fn typing_rechecks_and_keeps_the_selected_row() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a\n/private/x"));
    assert_eq!((counts(&h), selected(&h)), ((1, 1), Some(1)));
    h.store
        .inputs
        .edit_text(Side::After, "User-agent: *\nDisallow: /a\n".into());
    h.settle();
    assert_eq!(counts(&h), (1, 1));
    assert_eq!(rows(&h)[0], ("/a".into(), "Googlebot".into(), false, 2));
    // The row still exists: it stays selected, though a rule no longer
    // decides it.
    assert_eq!(selected(&h), Some(1));
    assert_eq!(
        h.store.selection.highlighted(Side::After).get_untracked(),
        0
    );
    // Typing the same text again changes nothing.
    let run = h.store.check.run().get_untracked();
    h.store
        .inputs
        .edit_text(Side::After, "User-agent: *\nDisallow: /a\n".into());
    h.settle();
    let now = h.store.check.run().get_untracked();
    assert!(std::sync::Arc::ptr_eq(now.results(), run.results()));
    // Fewer rows: the selection moves to the first decided row.
    h.store.inputs.edit_urls("/a".into());
    h.settle();
    assert_eq!(selected(&h), Some(0));
}

#[test]
fn new_input_keeps_the_same_url_and_crawler_else_selects_the_first_decided_row() {
    let h = Harness::new(values(ROBOTS, "Googlebot, bingbot", "/a\n/private/x\n/b"));
    h.store.selection.select(5);
    // /b as bingbot moves from row 5 to row 3.
    h.store.inputs.edit_urls("/new\n/b\n/a".into());
    h.settle();
    assert_eq!(selected(&h), Some(3));
    assert_eq!(rows(&h)[3].0, "/b");
    // A crawler added before it moves it again.
    h.store
        .inputs
        .edit_agents("GPTBot, Googlebot, bingbot".into());
    h.settle();
    assert_eq!(selected(&h), Some(5));
    // /b is gone: the first row a rule decided.
    h.store.inputs.edit_urls("/z\n/private/y".into());
    h.settle();
    assert_eq!(selected(&h), Some(3));
    assert_eq!(rows(&h)[3].3, 2);
}

#[test]
fn the_link_keeps_the_view_and_a_fresh_page_shows_it() {
    let h = Harness::new(values(
        ROBOTS,
        "Googlebot, bingbot",
        "/a\n/private/x\n/private/y\n/b",
    ));
    let table = h.store.table;
    table.filter_verdict(VerdictFilter::Disallowed);
    table.filter_crawler(Some(1));
    table.filter_text("private".into());
    table.order_by(Order::Line);
    table.toggle_by_rule();
    table.toggle_matrix();
    h.store.selection.select(5);
    h.settle();
    let hash = h.state().hash.clone();
    let view = AppState::from_hash(&hash).unwrap().unwrap().view;
    assert_eq!(
        (
            view.verdict.as_str(),
            view.crawler,
            view.text.as_str(),
            view.order.as_str()
        ),
        ("disallowed", Some(1), "private", "line")
    );
    assert!(view.by_rule && view.matrix);
    assert_eq!(view.selected, Some(5));
    let host = TestHost::default();
    host.state().hash = hash;
    let fresh = Harness::with_host(host, Store::start);
    fresh.settle();
    assert_eq!(
        fresh.store.table.query().get_untracked(),
        table.query().get_untracked()
    );
    assert!(fresh.store.table.by_rule().get_untracked());
    assert!(fresh.store.table.matrix().get_untracked());
    assert_eq!(selected(&fresh), Some(5));
    // A pasted link restores the view too; the rows of one rule as well.
    table.show_decided_by(DecidedBy::NoRule);
    h.settle();
    fresh.store.share.open_link(&h.state().hash.clone());
    fresh.settle();
    assert_eq!(
        fresh.store.table.query().get_untracked(),
        table.query().get_untracked()
    );
    assert!(!fresh.store.table.by_rule().get_untracked());
}

/// Every row's (URL, verdict: `None` without a file, line).
fn verdicts(h: &Harness) -> Vec<(String, Option<bool>, u32)> {
    h.store.check.results().with_untracked(|r| {
        (0..r.len())
            .map(|row| {
                let cell = r.cell(row).unwrap();
                (r.url(row).to_string(), cell.verdict(), cell.line)
            })
            .collect()
    })
}

#[test]
fn every_url_is_checked_against_its_own_origins_file() {
    let h = Harness::new(values(
        ROBOTS,
        "Googlebot",
        "https://a.example/private\nhttps://b.example/private\n/private/press\nhttp://a.example/x",
    ));
    let v = |url: &str, verdict: Option<bool>, line: u32| (url.to_string(), verdict, line);
    // b.example and http://a.example have no file: no verdict, never
    // a.example's.
    assert_eq!(
        verdicts(&h),
        [
            v("https://a.example/private", Some(false), 2),
            v("https://b.example/private", None, 0),
            v("/private/press", Some(true), 3),
            v("http://a.example/x", None, 0),
        ]
    );
    let notes = result_notes(&h);
    assert!(
        notes.contains("No robots.txt given for 2 origins: 2 URLs have no verdict"),
        "{notes}"
    );
    // The file of another origin: the editor starts empty for it, and
    // the first origin's file is kept for it and still checks its URLs.
    let inputs = h.store.inputs;
    inputs.switch_origin("https://b.example".into());
    h.settle();
    assert_eq!(inputs.text(Side::After).get_untracked(), "");
    inputs.edit_text(Side::After, "User-agent: *\nDisallow: /\n".into());
    h.settle();
    assert_eq!(
        verdicts(&h),
        [
            v("https://a.example/private", Some(false), 2),
            v("https://b.example/private", Some(false), 2),
            v("/private/press", Some(false), 2),
            v("http://a.example/x", None, 0),
        ]
    );
    // Selecting a row of the kept file brings that file into the editor,
    // keeps the selection and shows its deciding line. The file keeps its
    // parse (its URLs keep their rows), and so does the one it replaces.
    let parse_of = |h: &Harness, origin: &str| {
        h.store.check.results().with_untracked(|r| {
            if r.files
                .split
                .governed
                .as_ref()
                .map(|o| o.to_string())
                .as_deref()
                == Some(origin)
            {
                return r.fetched.document.clone();
            }
            let site = r.files.sites.iter().find(|s| s.origin == origin).unwrap();
            site.fetched.document.clone()
        })
    };
    let (a, b) = (
        parse_of(&h, "https://a.example"),
        parse_of(&h, "https://b.example"),
    );
    h.store.selection.select(0);
    h.settle();
    assert!(std::sync::Arc::ptr_eq(
        &parse_of(&h, "https://a.example"),
        &a
    ));
    assert!(std::sync::Arc::ptr_eq(
        &parse_of(&h, "https://b.example"),
        &b
    ));
    assert_eq!(inputs.text(Side::After).get_untracked(), ROBOTS);
    assert_eq!(selected(&h), Some(0));
    assert_eq!(
        h.store.selection.highlighted(Side::After).get_untracked(),
        2
    );
    assert_eq!(
        h.store
            .selection
            .explanation()
            .with_untracked(|e| e.as_ref().map(|e| (e.allowed, e.line))),
        Some((false, 2))
    );
    assert_eq!(
        verdicts(&h)[1],
        v("https://b.example/private", Some(false), 2)
    );
    // A row without a file is selected where it is: the editor stays,
    // and there is no explanation (the page says why).
    h.store.selection.select(3);
    h.settle();
    assert_eq!(inputs.text(Side::After).get_untracked(), ROBOTS);
    assert_eq!(selected(&h), Some(3));
    assert!(h
        .store
        .selection
        .explanation()
        .with_untracked(Option::is_none));
    // Every file travels in the link, and comes back from it.
    let state = AppState::from_hash(&h.state().hash).unwrap().unwrap();
    assert_eq!(state.origin.as_deref(), Some("https://a.example"));
    assert_eq!(state.sites.len(), 1);
    assert_eq!(state.sites[0].origin, "https://b.example");
    assert_eq!(state.sites[0].robots_txt, "User-agent: *\nDisallow: /\n");
    let host = TestHost::default();
    host.state().hash = h.state().hash.clone();
    let fresh = Harness::with_host(host, Store::start);
    fresh.settle();
    assert_eq!(verdicts(&fresh), verdicts(&h));
    // One origin: every URL against the editor's file, as before.
    inputs.edit_urls("https://a.example/private\n/x".into());
    h.settle();
    assert_eq!(counts(&h), (1, 1));
}

#[test]
fn the_comparison_belongs_to_its_results_in_either_mode_and_in_compare_mode() {
    let h = Harness::new(values(
        "User-agent: *\nDissallow: /x\n",
        "Googlebot",
        "/x\n/y",
    ));
    let comparison = |h: &Harness| {
        h.store.check.run().with_untracked(|run| {
            let c = run.comparison();
            (c.against, c.rows().to_vec(), run.is_compared())
        })
    };
    assert_eq!(
        comparison(&h),
        (Against::OtherMode(Mode::Rfc9309), vec![0], true)
    );
    h.store.inputs.set_mode(Mode::Rfc9309);
    h.settle();
    assert_eq!(
        comparison(&h),
        (Against::OtherMode(Mode::Google), vec![0], true)
    );
    assert_eq!(counts(&h), (2, 0));
    assert_eq!(h.store.table.against(), Against::OtherMode(Mode::Google));
    h.store.inputs.set_mode(Mode::Google);
    // Compare mode starts with the version before as a copy of the text.
    h.store.inputs.set_compare(true);
    h.settle();
    assert_eq!(
        h.store.inputs.text(Side::Before).get_untracked(),
        "User-agent: *\nDissallow: /x\n"
    );
    assert_eq!(comparison(&h), (Against::Before, vec![], true));
    h.store
        .inputs
        .edit_text(Side::After, "User-agent: *\nDisallow: /y\n".into());
    h.settle();
    assert_eq!(comparison(&h), (Against::Before, vec![0, 1], true));
    let changes = h
        .store
        .check
        .run()
        .with_untracked(|r| r.comparison().counts);
    assert_eq!((changes.newly_allowed, changes.newly_disallowed), (1, 1));
    assert!(h.store.inputs.line_diff().get_untracked().after_changed(2));
    // The selected row is explained in both versions, and the version
    // before's editor is asked to show its line.
    h.store.selection.select(0);
    let e = h.store.selection.explanation().get_untracked().unwrap();
    assert!(e.allowed && !e.before.unwrap().allowed);
    assert_eq!(
        h.store.selection.highlighted(Side::Before).get_untracked(),
        2
    );
    assert_eq!(
        h.store
            .inputs
            .jump(Side::Before)
            .get_untracked()
            .map(|j| j.line),
        Some(2)
    );
    h.store.inputs.set_compare(false);
    h.settle();
    assert_eq!(comparison(&h).0, Against::OtherMode(Mode::Rfc9309));
}

#[test]
fn a_long_check_runs_in_slices_with_progress_and_a_newer_input_wins() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    let urls: String = (0..300).map(|i| format!("/private/{i}\n")).collect();
    // Each look at the clock takes 50 ms: a slice checks a few URLs.
    h.state().tick_ms = 50.0;
    h.store.inputs.edit_urls(urls.clone());
    h.run_ready();
    let progress = h.store.messages.progress().get_untracked().unwrap();
    assert_eq!(progress.task, "Checking");
    assert!(progress.done > 0 && progress.done < 300, "{progress:?}");
    // The previous results stay until the new ones are complete.
    assert_eq!(counts(&h), (1, 0));
    h.step();
    let later = h.store.messages.progress().get_untracked().unwrap();
    assert!(later.done > progress.done, "{later:?}");
    // A newer input: the older check stops at its next pause.
    h.store
        .inputs
        .edit_text(Side::After, "User-agent: *\nDisallow: /private/1\n".into());
    h.settle();
    let results = h.store.check.results().get_untracked();
    assert_eq!(
        &*results.document().text,
        "User-agent: *\nDisallow: /private/1\n"
    );
    assert_eq!(results.len(), 300);
    let blocked = (0..300).filter(|i| i.to_string().starts_with('1')).count();
    assert_eq!(counts(&h), (300 - blocked, blocked));
    assert!(h.store.messages.progress().get_untracked().is_none());
    assert!(h.store.check.run().with_untracked(|r| r.is_compared()));
    assert!(h.store.check.update_ms().get_untracked() > 0.0);
}

#[test]
fn a_fetch_outcome_decides_every_row_and_every_export_equals_the_table() {
    let h = Harness::new(values(
        ROBOTS,
        "Googlebot, GPTBot",
        "/a\n/private/x\n/private/press/1",
    ));
    for (name, _) in FETCH_OUTCOMES {
        let outcome: FetchOutcome = name.parse().unwrap();
        h.store.inputs.set_fetch(outcome);
        h.settle();
        let table = rows(&h);
        if let Some(verdict) = outcome.fixed_verdict() {
            assert!(
                table.iter().all(|r| r.2 == verdict.allowed && r.3 == 0),
                "{name}"
            );
        }
        for format in [ExportFormat::Csv, ExportFormat::Json] {
            h.store.table.export(format);
            h.settle();
            let exported: Vec<(String, String, bool, u32)> = match format {
                ExportFormat::Csv => csv_rows(&h)
                    .into_iter()
                    .map(|(url, agent, allowed, line, _)| (url, agent, allowed, line))
                    .collect(),
                ExportFormat::Json => {
                    let json = h.state().downloads.last().unwrap().2.clone();
                    let records: serde_json::Value = serde_json::from_str(&json).unwrap();
                    records
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|r| {
                            (
                                r["url"].as_str().unwrap().to_string(),
                                r["agent"].as_str().unwrap().to_string(),
                                r["allowed"].as_bool().unwrap(),
                                r["line"].as_u64().unwrap() as u32,
                            )
                        })
                        .collect()
                }
            };
            assert_eq!(exported, table, "{name}, {format:?}");
        }
        let categories: Vec<String> = csv_rows(&h).into_iter().map(|r| r.4).collect();
        if let Some(verdict) = outcome.fixed_verdict() {
            assert!(
                categories.iter().all(|c| c == verdict.category.as_str()),
                "{name}: {categories:?}"
            );
        }
    }
}

#[test]
fn exports_follow_the_tables_filters_and_order_and_show_progress() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/private/b\n/a\n/private/a"));
    h.store.table.filter_verdict(VerdictFilter::Disallowed);
    h.store.table.order_by(Order::Url);
    h.store.table.export(ExportFormat::Csv);
    h.settle();
    let urls: Vec<String> = csv_rows(&h).into_iter().map(|r| r.0).collect();
    assert_eq!(urls, ["/private/a", "/private/b"]);
    // A long export: slices, with progress between them.
    let many: String = (0..200).map(|i| format!("/p/{i}\n")).collect();
    h.store.inputs.edit_urls(many);
    h.store.table.filter_verdict(VerdictFilter::All);
    h.settle();
    h.state().tick_ms = 50.0;
    h.store.table.export(ExportFormat::Json);
    h.run_ready();
    let progress = h.store.messages.progress().get_untracked().unwrap();
    assert_eq!((progress.task, progress.total), ("Exporting", 200));
    h.settle();
    assert!(h.store.messages.progress().get_untracked().is_none());
    let json = h.state().downloads.last().unwrap().2.clone();
    let records: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(records.as_array().unwrap().len(), 200);
}

#[test]
fn the_table_filters_and_the_keyboard_moves_within_it() {
    let h = Harness::new(values(ROBOTS, "Googlebot, bingbot", "/a\n/private/x\n/b"));
    let table = h.store.table;
    let shown = |h: &Harness| {
        let rows = h.store.table.rows().get_untracked();
        (0..rows.len())
            .map(|p| rows.row(p).unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(shown(&h), [0, 1, 2, 3, 4, 5]);
    table.filter_crawler(Some(1));
    assert_eq!(shown(&h), [1, 3, 5]);
    table.filter_text("private".into());
    assert_eq!(shown(&h), [3]);
    table.filter_text(String::new());
    let selection = h.store.selection;
    assert_eq!(selection.move_by("Home", 2), Some(1));
    assert_eq!(selection.move_by("ArrowDown", 2), Some(3));
    assert_eq!(selection.move_by("PageDown", 2), Some(5));
    assert_eq!(selection.move_by("ArrowDown", 2), Some(5));
    assert_eq!(selection.move_by("PageUp", 5), Some(1));
    assert_eq!(selection.move_by("End", 2), Some(5));
    assert_eq!(selected(&h), Some(5));
    // The rules view, and the rows one rule decides.
    table.toggle_by_rule();
    assert!(table.by_rule().get_untracked());
    table.show_decided_by(DecidedBy::Line(2));
    assert!(!table.by_rule().get_untracked());
    assert_eq!(shown(&h), [3]);
    table.clear_decided_by();
    table.filter_crawler(None);
    table.filter_verdict(VerdictFilter::Differs);
    assert!(shown(&h).is_empty());
    assert_eq!(selection.move_by("ArrowDown", 2), None);
}

#[test]
fn loading_a_sample_replaces_the_inputs_and_the_selection() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a\n/b\n/c\n/private/x"));
    h.store.selection.select(3);
    h.store.messages.raise("a broken link");
    assert!(!h.store.inputs.load_sample("no-such-sample"));
    assert!(h.store.inputs.load_sample("default"));
    h.settle();
    let sample = crate::samples::DEFAULT;
    assert_eq!(
        h.store.inputs.text(Side::After).get_untracked(),
        sample.robots_txt
    );
    assert_eq!(
        notice(&h),
        Some((format!("{}: {}", sample.title, sample.explanation), false))
    );
    assert!(h.store.messages.alert().get_untracked().is_none());
    let default = h
        .store
        .check
        .results()
        .with_untracked(|r| r.default_selection());
    assert_eq!(selected(&h), default);
    assert_ne!(selected(&h), Some(3));
}

#[test]
fn copying_the_link_puts_the_state_in_it_or_offers_it_in_a_field() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    h.store.share.copy_link();
    h.settle();
    let copied = h.state().clipboard.clone().unwrap();
    let hash = copied.split_once('#').unwrap().1.to_string();
    let state = AppState::from_hash(&hash).unwrap().unwrap();
    assert_eq!(
        InputValues::from_state(&state),
        values(ROBOTS, "Googlebot", "/a")
    );
    assert!(notice(&h).unwrap().0.starts_with("Link copied."));
    assert!(h.store.share.link_field().get_untracked().is_none());
    h.state().copy_refused = true;
    h.store.share.copy_link();
    h.settle();
    assert_eq!(h.store.share.link_field().get_untracked(), Some(copied));
    assert!(notice(&h).unwrap().0.starts_with("Copying was not allowed"));
    // Too large to share.
    h.store.inputs.replace_urls(too_large_to_keep());
    h.store.share.copy_link();
    h.settle();
    let (text, warning) = notice(&h).unwrap();
    assert!(warning && text.contains("too large to share"), "{text}");
}

#[test]
fn the_link_and_storage_follow_the_inputs_after_a_pause() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    let hash = h.state().hash.clone();
    assert!(hash.starts_with("#v3."), "{hash}");
    assert_eq!(h.state().kept.as_deref(), Some(&hash[1..]));
    h.store.inputs.edit_agents("Googlebot, GPTBot".into());
    h.run_ready();
    // Not before the pause is over.
    assert_eq!(h.state().hash, hash);
    h.settle();
    let state = AppState::from_hash(&h.state().hash).unwrap().unwrap();
    assert_eq!(state.crawlers, ["Googlebot", "GPTBot"]);
    // Storage full: the link still holds everything, and the page says so.
    h.state().storage_full = true;
    h.store.inputs.set_mode(Mode::Rfc9309);
    h.settle();
    let note = h.store.share.not_persisted().get_untracked().unwrap();
    assert!(note.contains("storage is unavailable or full"), "{note}");
    // Too large: neither link nor storage keeps it.
    h.store.inputs.replace_urls(too_large_to_keep());
    h.settle();
    assert_eq!(h.state().hash, "");
    assert_eq!(h.state().kept, None);
    let note = h.store.share.not_persisted().get_untracked().unwrap();
    assert!(note.contains("too large to keep"), "{note}");
}

#[test]
fn a_page_hidden_before_the_pause_keeps_the_last_keystroke() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    let before = h.state().hash.clone();
    // Nothing waits to be written: hiding the page changes nothing.
    h.store.share.flush();
    assert_eq!(h.state().hash, before);
    // A keystroke, then the page is hidden before the pause is over.
    let typed = format!("{ROBOTS}\nDisallow: /z");
    h.store.inputs.edit_text(Side::After, typed.clone());
    h.run_ready();
    assert_eq!(h.state().hash, before);
    h.store.share.flush();
    let hash = h.state().hash.clone();
    assert_eq!(h.state().kept.as_deref(), Some(&hash[1..]));
    let state = AppState::from_hash(&hash).unwrap().unwrap();
    assert_eq!(state.robots_txt, typed);
    // The write after the pause, if the page lives on, compresses it.
    h.settle();
    let compressed = h.state().hash.clone();
    assert_ne!(compressed, hash);
    let state = AppState::from_hash(&compressed).unwrap().unwrap();
    assert_eq!(state.robots_txt, typed);
    assert_eq!(h.state().kept.as_deref(), Some(&compressed[1..]));
}

#[test]
fn a_pasted_link_replaces_the_inputs_and_a_broken_one_leaves_them() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    let shared = values("User-agent: *\nDisallow: /\n", "GPTBot", "/b\n/c");
    h.store
        .share
        .open_link(&format!("#{}", shared.to_state().to_hash()));
    h.settle();
    assert_eq!(h.store.inputs.values_untracked(), shared);
    assert_eq!(counts(&h), (0, 2));
    h.store.share.open_link("#v2.broken");
    h.settle();
    let alert = h.store.messages.alert().get_untracked().unwrap();
    assert!(alert.starts_with("The link could not be opened"), "{alert}");
    assert_eq!(h.store.inputs.values_untracked(), shared);
}

#[test]
fn the_first_screen_comes_from_the_link_else_storage_else_the_default() {
    let start = |hash: &str, kept: Option<String>| {
        let host = TestHost::default();
        host.state().hash = hash.to_string();
        host.state().kept = kept;
        Harness::with_host(host, Store::start)
    };
    let linked = values("User-agent: *\nDisallow: /\n", "GPTBot", "/b");
    let kept = values(ROBOTS, "bingbot", "/k");
    let h = start(
        &format!("#{}", linked.to_state().to_hash()),
        Some(kept.to_state().to_hash()),
    );
    assert_eq!(h.store.inputs.values_untracked(), linked);
    let h = start("", Some(kept.to_state().to_hash()));
    assert_eq!(h.store.inputs.values_untracked(), kept);
    let h = start("#v1.broken", Some(kept.to_state().to_hash()));
    assert_eq!(
        h.store.inputs.text(Side::After).get_untracked(),
        crate::samples::DEFAULT.robots_txt
    );
    let alert = h.store.messages.alert().get_untracked().unwrap();
    assert!(
        alert.ends_with("Showing the default example instead."),
        "{alert}"
    );
    // The broken link stays in the address bar until the visitor edits.
    assert_eq!(h.state().hash, "#v1.broken");
}

#[test]
fn opened_files_are_decoded_and_said_so() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a\n/private/x"));
    // UTF-16 with a byte order mark.
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(
            "User-agent: *\r\nDisallow: /a\r\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        )
        .collect();
    let reloads = h.store.inputs.reloads().get_untracked();
    h.store
        .inputs
        .open_robots_file(file("robots.txt", Some(&utf16)), Side::After);
    h.settle();
    assert_eq!(
        h.store.inputs.text(Side::After).get_untracked(),
        "User-agent: *\nDisallow: /a\n"
    );
    assert!(h.store.inputs.reloads().get_untracked() > reloads);
    let (text, warning) = notice(&h).unwrap();
    assert!(warning && text.contains("UTF-16"), "{text}");
    assert_eq!(counts(&h), (1, 1));
    h.store
        .inputs
        .open_robots_file(file("gone.txt", None), Side::After);
    h.settle();
    assert_eq!(
        notice(&h),
        Some(("gone.txt could not be read.".into(), true))
    );
    // URL files: a sitemap and a list.
    let sitemap = b"<urlset><url><loc>https://a.example/s1</loc></url><url><loc>https://a.example/s2</loc></url></urlset>";
    h.store.inputs.open_url_files(vec![
        file("sitemap.xml", Some(sitemap)),
        file("more.txt", Some(b"/m\n")),
    ]);
    h.settle();
    assert_eq!(h.store.inputs.url_set().with_untracked(|u| u.list.len()), 3);
    let (text, _) = notice(&h).unwrap();
    assert!(text.contains("sitemap.xml"), "{text}");
    // A sitemap index alone names sitemaps, not pages: the list stays.
    let index =
        b"<sitemapindex><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>";
    h.store
        .inputs
        .open_url_files(vec![file("index.xml", Some(index))]);
    h.settle();
    assert_eq!(h.store.inputs.url_set().with_untracked(|u| u.list.len()), 3);
    let (text, _) = notice(&h).unwrap();
    assert!(text.ends_with("The URL list is unchanged."), "{text}");
}

#[test]
fn fixes_are_typed_into_the_editor_or_applied_when_that_is_refused() {
    let h = Harness::new(values("User-agent: *\nDissallow: /x\n", "Googlebot", "/x"));
    let fix = h
        .store
        .inputs
        .document(Side::After)
        .with_untracked(|d| d.robots.diagnostics().iter().find_map(|d| d.fix.clone()))
        .unwrap();
    h.store.inputs.apply_fix(&fix);
    let edit = h.state().edits.pop().unwrap();
    assert_eq!((edit.0.as_str(), edit.1, edit.2), ("robots-input", 14, 23));
    assert_eq!(edit.3, fix.replacement);
    // The field reports the edit as typed; the store's text waits for it.
    assert_eq!(
        h.store.inputs.text(Side::After).get_untracked(),
        "User-agent: *\nDissallow: /x\n"
    );
    h.state().undo_refused = true;
    let reloads = h.store.inputs.reloads().get_untracked();
    h.store.inputs.apply_fix(&fix);
    h.settle();
    assert_eq!(
        h.store.inputs.text(Side::After).get_untracked(),
        "User-agent: *\nDisallow: /x\n"
    );
    assert!(h.store.inputs.reloads().get_untracked() > reloads);
    assert_eq!(counts(&h), (0, 1));
    // The AI crawler block (computed by the worker) goes in at the top,
    // and the editor shows it.
    let analysis = h.store.analysis;
    analysis.connect(std::rc::Rc::new(super::analysis::AnsweringLinter(analysis)));
    analysis.insert_ai_block(AiPolicy::ALL[0], false);
    h.settle();
    assert!(h
        .store
        .inputs
        .text(Side::After)
        .get_untracked()
        .starts_with("# "));
    assert_eq!(
        h.store
            .inputs
            .jump(Side::After)
            .get_untracked()
            .map(|j| j.line),
        Some(1)
    );
    assert!(notice(&h).unwrap().0.starts_with("Inserted at the top"));
}

#[test]
fn crlf_text_entered_at_once_is_kept_as_the_field_keeps_it_so_a_fix_lands_on_its_line() {
    let h = Harness::new(values("", "Googlebot", "/a"));
    let inputs = h.store.inputs;
    // One insert of CRLF text (a program's fill, some paste tools).
    inputs.edit_text(
        Side::After,
        "User-agent: *\r\nDisallow: /a\r\nDisallow: /CREATIVE TEST/\r\nDisallow: /Unanimis/x\r\n"
            .into(),
    );
    inputs.edit_urls("/a\r\n/b\r/c".into());
    assert_eq!(inputs.urls().get_untracked(), "/a\n/b\n/c");
    h.settle();
    let fix = inputs
        .document(Side::After)
        .with_untracked(|d| d.robots.diagnostics().iter().find_map(|d| d.fix.clone()))
        .unwrap();
    h.state().undo_refused = true;
    inputs.apply_fix(&fix);
    h.settle();
    assert_eq!(
        inputs.text(Side::After).get_untracked(),
        "User-agent: *\nDisallow: /a\nDisallow: /CREATIVE%20TEST/\nDisallow: /Unanimis/x\n"
    );
}

#[test]
fn crawlers_and_url_lists_change_through_their_transitions() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    let inputs = h.store.inputs;
    let reloads = inputs.reloads().get_untracked();
    inputs.add_crawlers(["GPTBot", "googlebot"]);
    assert_eq!(inputs.agents().get_untracked(), "Googlebot, GPTBot");
    inputs.remove_crawler(0);
    assert_eq!(inputs.agents().get_untracked(), "GPTBot");
    assert_eq!(inputs.reloads().get_untracked(), reloads + 2);
    h.settle();
    assert_eq!(rows(&h), [("/a".into(), "GPTBot".into(), true, 0)]);
    // A list too large to edit as text is taken as data.
    assert_eq!(inputs.take_large_urls("/b\n".into()), Some("/b\n".into()));
    let large = "/p\n".repeat(5_000);
    assert_eq!(inputs.take_large_urls(large), None);
    assert!(!inputs.urls_in_field().get_untracked());
    h.settle();
    assert_eq!(counts(&h), (5_000, 0));
    inputs.edit_urls_as_text();
    assert!(inputs.urls_in_field().get_untracked());
    // Reading the whole file past Google's limit.
    inputs.set_size_limited(false);
    assert!(!inputs
        .document(Side::After)
        .with_untracked(|d| d.size_limited));
}

#[test]
fn inputs_over_a_limit_are_refused_with_a_message_and_no_stale_verdict() {
    use super::testing::read_as;
    use crate::view_model::limits::{MAX_ROBOTS_FILE_BYTES, MAX_ROWS, MAX_URL_FILES_BYTES};
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a\n/private/x"));
    assert_eq!(counts(&h), (1, 1));
    // B-200M-robots: refused on its size, before a byte is read.
    h.store.inputs.open_robots_file(
        read_as("big200m.txt", 202_000_000, None, false),
        Side::After,
    );
    h.settle();
    let (text, warning) = notice(&h).unwrap();
    assert!(warning, "{text}");
    assert_eq!(
        text,
        "big200m.txt was not opened: it is 202.0 MB, and a robots.txt file may hold at most 10.0 MB."
    );
    assert_eq!(h.store.inputs.text(Side::After).get_untracked(), ROBOTS);
    // A small gzip robots.txt that decompresses past the limit.
    let inflated = vec![b'#'; MAX_ROBOTS_FILE_BYTES + 100];
    h.store.inputs.open_robots_file(
        read_as("robots.txt.gz", 10_000, Some(inflated), true),
        Side::After,
    );
    h.settle();
    assert!(notice(&h)
        .unwrap()
        .0
        .contains("decompressed, it is over 10.0 MB"));
    // B-gzbomb-urls: a 1 MB gzip file expanding to 1 GB stops at the cap.
    let bomb = "/a\n".repeat(MAX_URL_FILES_BYTES / 3 + 10).into_bytes();
    h.store.inputs.open_url_files(vec![read_as(
        "urls-bomb.txt.gz",
        1_000_000,
        Some(bomb),
        true,
    )]);
    h.settle();
    assert_eq!(
        notice(&h).unwrap().0,
        "urls-bomb.txt.gz was not opened: decompressed, it is over 100.0 MB, and the URL files opened at once may hold at most 100.0 MB."
    );
    assert_eq!(h.store.inputs.url_set().with_untracked(|u| u.list.len()), 2);
    // Files opened together share one budget.
    let half = vec![b'/'; MAX_URL_FILES_BYTES / 2 + 1];
    h.store.inputs.open_url_files(vec![
        read_as("a.txt", half.len(), Some(half.clone()), false),
        read_as("b.txt", half.len(), Some(half), false),
    ]);
    h.settle();
    assert!(notice(&h)
        .unwrap()
        .0
        .starts_with("b.txt was not opened: it is 50.0 MB"));
    // P02: URLs x crawlers over the row limit: no row, the reason said, and
    // the verdicts of the input before are gone.
    let agents: Vec<String> = (0..400).map(|i| format!("Bot{i}")).collect();
    h.store.inputs.edit_agents(agents.join(", "));
    h.store
        .inputs
        .replace_urls("/p\n".repeat(MAX_ROWS / 400 + 1));
    h.settle();
    assert_eq!(counts(&h), (0, 0));
    let (text, warning) = notice(&h).unwrap();
    assert!(
        warning && text.starts_with("Not checked: 125,001 URLs x 400 crawlers"),
        "{text}"
    );
    let refusal = h
        .store
        .check
        .results()
        .with_untracked(|r| r.refusal.clone());
    assert_eq!(refusal.as_deref(), Some(text.as_str()));
}

#[test]
fn a_line_chosen_in_the_editor_brings_its_first_result_into_view() {
    // 300 URLs: line 2 decides the /private ones, which start at URL 200.
    let urls: String = (0..300)
        .map(|i| {
            if i < 200 {
                format!("/open/{i}\n")
            } else {
                format!("/private/{i}\n")
            }
        })
        .collect();
    let h = Harness::new(values(ROBOTS, "Googlebot, bingbot", &urls));
    let table = h.store.table;
    // URL 200, first crawler: position 400 of the unfiltered table.
    assert_eq!(table.first_decided(2), Some(400));
    // A line that decides nothing (a User-agent line): nowhere to go.
    assert_eq!(table.first_decided(1), None);
    // With only disallowed rows shown, the position follows the filter.
    table.filter_verdict(VerdictFilter::Disallowed);
    h.settle();
    assert_eq!(table.first_decided(2), Some(0));
    // Rows the filter hides: nowhere to go.
    table.filter_text("/open/".into());
    h.settle();
    assert_eq!(table.first_decided(2), None);
}

/// The expectations report: (passed, failed, badge).
fn expect_counts(h: &Harness) -> Option<(usize, usize, Option<String>)> {
    h.store
        .expect
        .report()
        .get_untracked()
        .map(|r| (r.passed, r.failed, r.badge()))
}

const EXPECTATIONS: &str = "Googlebot, bingbot allowed /a\n* disallowed /private/x\n";

#[test]
fn expectations_pass_and_fail_as_the_file_the_mode_and_the_lines_change() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    assert_eq!(expect_counts(&h), None);
    h.store.expect.edit(EXPECTATIONS.into());
    // Checked in the task after, not in the keystroke's.
    h.run_ready();
    assert_eq!(expect_counts(&h), None);
    h.settle();
    assert_eq!(expect_counts(&h), Some((3, 0, None)));
    // A staging file deployed: both crawlers' rows fail.
    h.store
        .inputs
        .edit_text(Side::After, "User-agent: *\nDisallow: /\n".into());
    h.settle();
    assert_eq!(
        expect_counts(&h),
        Some((1, 2, Some("2 expectations fail".into())))
    );
    let report = h.store.expect.report().get_untracked().unwrap();
    let row = &report.rows[0];
    assert_eq!(
        (
            row.line,
            row.crawler.as_str(),
            row.passed,
            row.deciding_line
        ),
        (1, "Googlebot", false, 2)
    );
    assert_eq!(row.deciding_text, "Disallow: /");
    // The fetch outcome decides too (the results' robots.txt as fetched).
    h.store.inputs.edit_text(Side::After, ROBOTS.into());
    h.store.inputs.set_fetch("404".parse().unwrap());
    h.settle();
    assert_eq!(
        expect_counts(&h),
        Some((2, 1, Some("1 expectation fails".into())))
    );
    h.store.inputs.set_fetch(FetchOutcome::FETCHED);
    h.settle();
    assert_eq!(expect_counts(&h), Some((3, 0, None)));
    // A mistake is said with its line; the good lines are still checked.
    h.store
        .expect
        .edit(format!("{EXPECTATIONS}Googlebot alowed /\n"));
    h.settle();
    let report = h.store.expect.report().get_untracked().unwrap();
    assert_eq!(report.errors.len(), 1);
    assert!(
        report.errors[0].starts_with("line 3: "),
        "{:?}",
        report.errors
    );
    assert_eq!((report.passed, report.failed), (3, 0));
    // No text, no report and no badge.
    h.store.expect.edit("  \n".into());
    h.settle();
    assert_eq!(expect_counts(&h), None);
}

/// Runs the store after an edit of the editor's text to `text`, one
/// pause at a time, until the results are of it; whether the
/// expectations were re-checked by then.
fn checked_with_the_verdicts(h: &Harness, text: &str) -> bool {
    let before = expect_counts(h);
    h.store.inputs.edit_text(Side::After, text.into());
    loop {
        h.run_ready();
        if h.store
            .check
            .results()
            .get_untracked()
            .fetched
            .document
            .text
            == text.into()
        {
            let now = expect_counts(h);
            h.settle();
            return now != before;
        }
        if !h.end_pauses() {
            break;
        }
    }
    panic!("the results never showed the edit");
}

#[test]
fn a_small_set_of_expectations_is_checked_with_the_verdicts_a_long_text_in_the_task_after() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    h.store.expect.edit(EXPECTATIONS.into());
    h.settle();
    assert_eq!(expect_counts(&h), Some((3, 0, None)));
    // Few rows, a short text: in the same step as the new verdicts.
    assert!(checked_with_the_verdicts(
        &h,
        "User-agent: *\nDisallow: /\n"
    ));
    assert_eq!(expect_counts(&h).map(|c| (c.0, c.1)), Some((1, 2)));
    // The same rows under more than 64 KiB of comments: a step later.
    let long = format!(
        "{}{EXPECTATIONS}",
        "# a comment line of the expectations\n".repeat(2_000)
    );
    h.store.expect.edit(long);
    h.settle();
    assert!(!checked_with_the_verdicts(&h, ROBOTS));
    assert_eq!(expect_counts(&h), Some((3, 0, None)));
}

#[test]
fn expectations_travel_in_the_link_and_storage_and_open_from_files() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    h.store.expect.edit(EXPECTATIONS.into());
    h.settle();
    let hash = h.state().hash.clone();
    let state = AppState::from_hash(&hash).unwrap().unwrap();
    assert_eq!(state.expectations, EXPECTATIONS);
    assert_eq!(h.state().kept.as_deref(), Some(&hash[1..]));
    // A new page on the link: the expectations, checked, in an open panel.
    let host = TestHost::default();
    host.state().hash = hash.clone();
    let fresh = Harness::with_host(host, Store::start);
    assert_eq!(fresh.store.expect.text().get_untracked(), EXPECTATIONS);
    assert!(fresh.store.expect.open().get_untracked());
    assert_eq!(expect_counts(&fresh), Some((3, 0, None)));
    // A link opened over them replaces them; one without them empties them.
    fresh.store.share.open_link(&format!(
        "#{}",
        values(ROBOTS, "GPTBot", "/b").to_state().to_hash()
    ));
    fresh.settle();
    assert_eq!(fresh.store.expect.text().get_untracked(), "");
    assert_eq!(expect_counts(&fresh), None);
    // Too long for the link: the rest is kept, and the page says so.
    let long = format!("# {}\n{EXPECTATIONS}", "x".repeat(300_000));
    h.store.expect.edit(long.clone());
    h.settle();
    let state = AppState::from_hash(&h.state().hash).unwrap().unwrap();
    assert_eq!(
        (state.expectations.as_str(), state.urls.as_str()),
        ("", "/a")
    );
    let note = h.store.share.not_persisted().get_untracked().unwrap();
    assert!(note.contains("expectations are too long"), "{note}");
    assert_eq!(expect_counts(&h), Some((3, 0, None)));
    // Saved as a file, opened from one.
    h.store.expect.save();
    let (name, mime, text) = h.state().downloads.last().cloned().unwrap();
    assert_eq!(
        (name.as_str(), mime.as_str()),
        ("expectations.txt", "text/plain")
    );
    assert_eq!(text, long);
    h.store
        .expect
        .open_file(file("prod.txt", Some(b"GPTBot disallowed /\r\n")));
    h.settle();
    assert_eq!(
        h.store.expect.text().get_untracked(),
        "GPTBot disallowed /\n"
    );
    assert_eq!(h.store.expect.reloads().get_untracked(), 1);
    assert!(notice(&h).unwrap().0.starts_with("Opened prod.txt"));
    let big = vec![b'#'; crate::view_model::limits::MAX_EXPECT_FILE_BYTES + 1];
    h.store.expect.open_file(file("big.txt", Some(&big)));
    h.settle();
    let (text, warning) = notice(&h).unwrap();
    assert!(
        warning && text.starts_with("big.txt was not opened"),
        "{text}"
    );
    assert_eq!(
        h.store.expect.text().get_untracked(),
        "GPTBot disallowed /\n"
    );
}

#[test]
fn too_many_live_checks_are_refused_with_a_message() {
    let h = Harness::new(values(ROBOTS, "Googlebot", "/a"));
    let text: String = (0..10_001)
        .map(|i| format!("Googlebot, bingbot allowed /{i}\n"))
        .collect();
    h.store.expect.edit(text);
    h.settle();
    let report = h.store.expect.report().get_untracked().unwrap();
    assert!(report.rows.is_empty());
    assert!(report.summary().contains("robotstxt test"));
    assert_eq!(report.badge(), None);
}
