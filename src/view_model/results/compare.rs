//! The other side's verdicts where they differ from the results: the same
//! text read in the other mode, or in compare mode the version before. What
//! counts as a change is the library's ([`VerdictDiff`]); comparing is a
//! job run a slice of URLs at a time, after the verdicts are shown.

use std::sync::Arc;

use robots_matcher::tools::compare::{ChangeCounts, ChangeKind, VerdictDiff};
use robots_matcher::tools::severity::{
    ChangeClass, Edit, FileChange, FileChanges, Severity, SeverityCounts, VerdictClasses,
};
use robots_matcher::{CheckOptions, Crawler, Mode};

use super::{Cell, CheckRun, Results};
use crate::view_model::fetched::FetchedDocument;
use crate::view_model::job::Job;
use crate::view_model::origins::{EDITOR_FILE, NO_FILE};

/// What the results are compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// The same text read in the other mode.
    OtherMode(Mode),
    /// The version before, in the same mode (compare mode).
    Before,
}

/// The other side's verdicts, for the rows where they differ, with how
/// many changed each way. What counts as a change is the library's
/// ([`VerdictDiff`]).
#[derive(Debug)]
pub struct Comparison {
    /// What the other side is.
    pub against: Against,
    /// The other side, as fetched: the version before (the live file,
    /// fetched as usual) or the text in the other mode (fetched as the
    /// results were); `None` when there is nothing to compare (not yet, or
    /// a fetch outcome decides every verdict in both modes).
    pub other: Option<FetchedDocument>,
    /// The same for each kept file of another origin (file `i` is
    /// `others[i - 1]`): its version before, or its text in the other mode.
    others: Vec<Option<FetchedDocument>>,
    /// The differing rows, ascending.
    rows: Vec<u32>,
    /// Their verdicts on the other side.
    cells: Vec<Cell>,
    /// Rows that changed each way, from the other side to the results.
    pub counts: ChangeCounts,
    /// The same per crawler, in column order.
    pub per_crawler: Vec<ChangeCounts>,
    /// Each differing row's class of change (the library's), in step with
    /// `rows`.
    classes: Vec<&'static ChangeClass>,
    /// The verdict changes' severities.
    verdict_severities: SeverityCounts,
    /// Whether a verdict change is `*`'s on the editor file's site root
    /// (then not counted again as a file change).
    root_shown: bool,
}

impl Comparison {
    /// No comparison (yet): nothing differs.
    pub fn none(against: Against) -> Comparison {
        Comparison {
            against,
            other: None,
            others: Vec::new(),
            rows: Vec::new(),
            cells: Vec::new(),
            counts: ChangeCounts::default(),
            per_crawler: Vec::new(),
            classes: Vec::new(),
            verdict_severities: SeverityCounts::default(),
            root_shown: false,
        }
    }

    /// A differing row's class of change.
    pub fn class_of(&self, row: usize) -> Option<&'static ChangeClass> {
        let i = self.rows.binary_search(&(row as u32)).ok()?;
        self.classes.get(i).copied()
    }

    /// The rows whose change is of `severity`, ascending.
    pub fn rows_of(&self, severity: Severity) -> impl Iterator<Item = u32> + '_ {
        self.rows
            .iter()
            .zip(&self.classes)
            .filter(move |(_, class)| class.severity == severity)
            .map(|(&row, _)| row)
    }

    /// In compare mode, what changed in the editor's file itself (rules,
    /// directives, text, `*` on `/`) from its version before. Made once
    /// per comparison, only where shown (the compare summary's lazy chunk
    /// holds the code).
    pub fn file_changes(&self, results: &Results) -> Option<FileChanges> {
        let before = self
            .other
            .as_ref()
            .filter(|_| self.against == Against::Before)?;
        Some(FileChanges::new(
            before.robots(),
            results.fetched.robots(),
            &CheckOptions::default(),
        ))
    }

    /// How many changes of each severity, counted as `robotstxt diff`
    /// counts them (the library's): every row's verdict change, then the
    /// editor's file's own changes (`file`, from
    /// [`Comparison::file_changes`]).
    pub fn severities(&self, file: Option<&FileChanges>) -> SeverityCounts {
        match file {
            Some(file) => self
                .verdict_severities
                .with_file_changes(file, self.root_shown),
            None => self.verdict_severities,
        }
    }

    /// The other side's verdict for a row, when it differs.
    pub fn get(&self, row: usize) -> Option<Cell> {
        let i = self.rows.binary_search(&(row as u32)).ok()?;
        self.cells.get(i).copied()
    }

    /// The other side of a file (see [`Results::file`]).
    pub fn other_of(&self, file: u32) -> Option<&FetchedDocument> {
        match file {
            EDITOR_FILE => self.other.as_ref(),
            file => {
                let at = usize::try_from(file).ok()?.checked_sub(1)?;
                self.others.get(at)?.as_ref()
            }
        }
    }

    /// Number of rows whose verdict differs.
    pub fn differing(&self) -> usize {
        self.rows.len()
    }

    /// The rows that differ, ascending.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }
}

/// One change of the editor's file itself, as compare mode lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileChangeView {
    /// Its class (the library's).
    pub class: &'static ChangeClass,
    /// What changed, in words: `Allow: /blog removed (Googlebot)`.
    pub what: String,
    /// The line it is on, when it is one line, and whether that line is in
    /// the version before (a removed line) rather than the editor's.
    pub line: Option<(u32, bool)>,
}

impl FileChangeView {
    /// The editor's file's own changes (`file`, from
    /// [`Comparison::file_changes`]), as `comparison` counts them.
    pub fn list(comparison: &Comparison, file: &FileChanges) -> Vec<FileChangeView> {
        // `Allow: /blog removed (Googlebot, bingbot)`, on its line.
        let edited = |what: &[&str], edit: Edit, agents: &[String], line: u32| {
            let mut text = what.concat();
            text.push(' ');
            text.push_str(edit.as_str());
            if !agents.is_empty() {
                text.push_str(" (");
                text.push_str(&agents.join(", "));
                text.push(')');
            }
            (text, Some((line, edit == Edit::Removed)))
        };
        file.listed(comparison.root_shown)
            .into_iter()
            .map(|(class, change)| {
                let (what, line) = match change {
                    FileChange::SiteRoot(root) => {
                        let text = match root.kind {
                            ChangeKind::NewlyAllowed => "* newly allowed on /",
                            ChangeKind::NewlyDisallowed => "* newly disallowed on /",
                        };
                        (text.to_string(), None)
                    }
                    FileChange::Rule(r) => edited(&[&r.text], r.edit, &r.agents, r.line),
                    FileChange::Directive(d) => {
                        edited(&[&d.key, ": ", &d.value], d.edit, &d.agents, d.line)
                    }
                    FileChange::Text(_) => (class.description().to_string(), None),
                };
                FileChangeView { class, what, line }
            })
            .collect()
    }
}

/// Comparing every row with the other side, a slice at a time.
#[derive(Debug)]
pub struct CompareJob {
    results: Arc<Results>,
    /// Classes each verdict change (the crawlers' purposes looked up once,
    /// on the first slice).
    classes: Option<VerdictClasses>,
    next_url: usize,
    comparison: Comparison,
}

impl CompareJob {
    /// A job comparing `results` with their version before (compare
    /// mode), or else with the same text read in the other mode (parsed
    /// here). In the other mode a fetch outcome that decides every verdict
    /// decides them the same way, so nothing is compared. The rows of other
    /// origins' files are compared with their own version before (none:
    /// unchanged) or their own text in the other mode.
    pub fn new(results: Arc<Results>) -> CompareJob {
        let against = results.against();
        let fetched = &results.fetched;
        let other = match &results.before {
            Some(before) => Some(FetchedDocument::as_usual(before.clone())),
            None => fetched.robots().rules().map(|_| {
                FetchedDocument::new(Arc::new(fetched.document.in_other_mode()), fetched.outcome)
            }),
        };
        let mut comparison = Comparison::none(against);
        comparison.other = other;
        comparison.others = results
            .files
            .sites
            .iter()
            .map(|site| match against {
                Against::Before => site.before.clone().map(FetchedDocument::as_usual),
                Against::OtherMode(_) => Some(FetchedDocument::as_usual(site.other_mode())),
            })
            .collect();
        comparison.per_crawler = vec![ChangeCounts::default(); results.columns.len()];
        CompareJob {
            classes: None,
            comparison,
            results,
            next_url: 0,
        }
    }

    /// The results with their comparison (complete once [`Job::run`]
    /// returned true).
    pub fn finish(self) -> CheckRun {
        CheckRun::with_comparison(self.results, self.comparison)
    }
}

impl Job for CompareJob {
    /// Compares up to `max_urls` more URLs.
    fn run(&mut self, max_urls: usize) -> bool {
        let results = &self.results;
        let comparison = &mut self.comparison;
        let crawlers: Vec<Crawler> = results.crawlers().cloned().collect();
        let classes = self
            .classes
            .get_or_insert_with(|| VerdictClasses::new(&crawlers));
        let options = CheckOptions::default();
        let diff_of = |file, other| diff_of(results, file, other, &crawlers, &options);
        let editor = diff_of(EDITOR_FILE, comparison.other.as_ref());
        // The other files' diffs, made when a URL of theirs first comes.
        let mut sites: Vec<Option<Option<VerdictDiff>>> = Vec::new();
        sites.resize_with(comparison.others.len(), || None);
        let width = crawlers.len();
        let end = self
            .next_url
            .saturating_add(max_urls)
            .min(results.urls.list.len());
        for (index, url) in
            (self.next_url..end).filter_map(|i| Some((i, results.urls.list.get(i)?)))
        {
            let file = results.files.file_of_url(index);
            let diff = match file {
                EDITOR_FILE => editor.as_ref(),
                NO_FILE => None,
                file => {
                    let at = file as usize - 1;
                    let others = &comparison.others;
                    sites.get_mut(at).and_then(|d| {
                        d.get_or_insert_with(|| diff_of(file, others.get(at)?.as_ref()))
                            .as_ref()
                    })
                }
            };
            let Some(diff) = diff else {
                continue;
            };
            let base = index * width;
            for column in 0..width {
                let row = base + column;
                let Some(cell) = results.cells.get(row) else {
                    continue;
                };
                if let Some((kind, before)) = diff.change_to(column, url, cell.allowed()) {
                    let class = classes.class_in(diff, column, url, kind);
                    comparison.classes.push(class);
                    comparison.verdict_severities.add(class.severity);
                    comparison.root_shown |=
                        file == EDITOR_FILE && classes.shows_site_root(column, url);
                    comparison.rows.push(row as u32);
                    comparison.cells.push(Cell::new(&before));
                    comparison.counts.add(kind);
                    if let Some(counts) = comparison.per_crawler.get_mut(column) {
                        counts.add(kind);
                    }
                }
            }
        }
        self.next_url = end;
        self.next_url >= results.urls.list.len()
    }

    fn progress(&self) -> (usize, usize) {
        let width = self.results.columns.len();
        (self.next_url * width, self.results.len())
    }
}
/// How file `file`'s verdicts differ from `other`, its other side.
fn diff_of<'a>(
    results: &'a Results,
    file: u32,
    other: Option<&'a FetchedDocument>,
    crawlers: &'a [Crawler],
    options: &'a CheckOptions,
) -> Option<VerdictDiff<'a>> {
    let fetched = results.fetched_of(file)?;
    Some(VerdictDiff::new(
        other?.robots(),
        fetched.robots(),
        crawlers,
        options,
    ))
}

#[cfg(test)]
mod tests {
    use super::super::testing::{compared, doc, live_and_draft, results};
    use super::super::CheckJob;
    use super::*;

    /// The counts `robotstxt diff` makes for one crawler: its verdict
    /// changes' classes, then the file's own changes (the same library
    /// calls as `cli/src/commands/diff.rs`).
    fn cli_counts(before: &str, after: &str, agent: &str, urls: &[&str]) -> SeverityCounts {
        let (old, new) = (
            FetchedDocument::as_usual(doc(before, Mode::Google)),
            FetchedDocument::as_usual(doc(after, Mode::Google)),
        );
        let (old, new) = (old.robots(), new.robots());
        let crawlers = [Crawler::new(agent)];
        let options = CheckOptions::default();
        let classes = VerdictClasses::new(&crawlers);
        let changes = VerdictDiff::new(old, new, &crawlers, &options).changes(urls.iter().copied());
        let mut counts = SeverityCounts::default();
        let mut root_shown = false;
        for change in &changes {
            let url = urls[change.url];
            counts.add(
                classes
                    .class(change.crawler, url, change.kind, &change.after)
                    .severity,
            );
            root_shown |= classes.shows_site_root(change.crawler, url);
        }
        counts.with_file_changes(&FileChanges::new(old, new, &options), root_shown)
    }

    fn severities(before: &str, after: &str, agents: &str, urls: &str) -> CheckRun {
        CheckRun::compared_at_once(compared(before, after, agents, urls))
    }

    #[test]
    fn googlebot_newly_disallowed_is_critical_and_counted_as_the_cli_counts() {
        let before = "User-agent: *\nDisallow: /private/\n";
        let after =
            "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /blog/\n";
        let run = severities(before, after, "Googlebot", "/blog/a\n/about");
        let comparison = run.comparison();
        assert_eq!(comparison.rows(), [0]);
        let class = comparison.class_of(0).unwrap();
        assert_eq!(
            (class.severity, class.code),
            (Severity::Critical, "search-crawler-disallowed")
        );
        assert_eq!(comparison.class_of(1), None);
        let file = comparison.file_changes(run.results()).unwrap();
        let counts = comparison.severities(Some(&file));
        assert_eq!(counts.critical, 1);
        assert_eq!(
            counts,
            cli_counts(before, after, "Googlebot", &["/blog/a", "/about"])
        );
        // The table filtered to critical rows shows only it.
        let critical = super::super::TableQuery {
            severity: Some(Severity::Critical),
            ..Default::default()
        };
        let view = super::super::TableView::new(&run, &critical);
        assert_eq!((view.len(), view.position(0)), (1, Some(0)));
        let info = super::super::TableQuery {
            severity: Some(Severity::Info),
            ..Default::default()
        };
        assert_eq!(super::super::TableView::new(&run, &info).len(), 0);
        // The file's own changes are listed with their lines.
        let listed: Vec<_> = FileChangeView::list(comparison, &file)
            .into_iter()
            .map(|c| (c.class.code, c.what, c.line))
            .collect();
        assert_eq!(
            listed,
            [(
                "disallow-added",
                "Disallow: /blog/ added (Googlebot)".to_string(),
                Some((5, false))
            )]
        );
    }

    #[test]
    fn an_ai_block_added_is_a_warning_and_counts_equal_the_clis() {
        let before = "User-agent: *\nAllow: /\n";
        let after = "User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n";
        let urls = ["/", "/blog/a"];
        let run = severities(before, after, "GPTBot", &urls.join("\n"));
        let comparison = run.comparison();
        assert_eq!(comparison.rows(), [0, 1]);
        assert!(comparison.rows().iter().all(|&row| comparison
            .class_of(row as usize)
            .unwrap()
            .severity
            == Severity::Warning));
        let file = comparison.file_changes(run.results()).unwrap();
        let counts = comparison.severities(Some(&file));
        assert_eq!(counts.critical, 0);
        assert!(counts.warning >= 3, "{counts:?}");
        assert_eq!(counts, cli_counts(before, after, "GPTBot", &urls));
    }

    #[test]
    fn star_on_the_site_root_counts_once_as_the_cli_counts() {
        let before = "User-agent: *\nDisallow: /tmp\n";
        let after = "User-agent: *\nDisallow: /\n";
        for urls in [&["/", "/a"][..], &["/a"][..]] {
            let run = severities(before, after, "*", &urls.join("\n"));
            let file = run.comparison().file_changes(run.results());
            let counts = run.comparison().severities(file.as_ref());
            assert_eq!(counts, cli_counts(before, after, "*", urls), "{urls:?}");
            assert!(counts.critical >= 1);
        }
    }

    #[test]
    fn comments_reflowed_are_info_only() {
        let before = "# Our rules\nUser-agent: *\nDisallow: /private/\n";
        let after = "# Our rules,\n# reflowed\nUser-agent: *\n\nDisallow: /private/  # keep out\n";
        let run = severities(before, after, "Googlebot, GPTBot", "/private/a\n/");
        let comparison = run.comparison();
        assert_eq!(comparison.differing(), 0);
        let file = comparison.file_changes(run.results()).unwrap();
        let counts = comparison.severities(Some(&file));
        assert_eq!((counts.critical, counts.warning, counts.info), (0, 0, 1));
        assert_eq!(
            counts,
            cli_counts(before, after, "Googlebot", &["/private/a", "/"])
        );
        let listed = FileChangeView::list(comparison, &file);
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].class.code, "comments-only");
    }

    #[test]
    fn compare_mode_counts_changes_each_way_and_per_crawler() {
        let run = CheckRun::compared_at_once(live_and_draft());
        let comparison = run.comparison();
        assert_eq!(comparison.against, Against::Before);
        // Googlebot: /private/a newly allowed, /blog/b newly blocked.
        // GPTBot: /blog/b and /about newly blocked (/private/a stays blocked).
        assert_eq!(
            (
                comparison.counts.newly_allowed,
                comparison.counts.newly_disallowed
            ),
            (1, 3)
        );
        let per: Vec<(usize, usize)> = comparison
            .per_crawler
            .iter()
            .map(|c| (c.newly_allowed, c.newly_disallowed))
            .collect();
        assert_eq!(per, [(1, 1), (0, 2)]);
        assert_eq!(comparison.rows(), [0, 2, 3, 5]);
    }

    #[test]
    fn each_row_is_compared_with_its_own_files_other_side() {
        use crate::view_model::{
            CrawlerList, OriginFiles, OriginSplit, SiteDocument, UrlSet, NO_FILE,
        };
        let urls = Arc::new(UrlSet::parse(
            "https://a.example/x\nhttps://b.example/x\nhttps://c.example/x",
        ));
        let split = Arc::new(OriginSplit::new(&urls, None, &["https://b.example"]));
        let crawlers = CrawlerList::parse("Googlebot");
        // The other reading: b.example's typo reads differently under RFC
        // 9309; a.example's file has none; c.example has no file.
        let site = SiteDocument::new(
            "https://b.example".into(),
            doc("User-agent: *\nDissallow: /x\n", Mode::Google),
            Some(doc("User-agent: *\nAllow: /\n", Mode::Google)),
        );
        let files = Arc::new(OriginFiles {
            split: split.clone(),
            sites: vec![site],
        });
        let editor = FetchedDocument::as_usual(doc("User-agent: *\nDisallow: /y\n", Mode::Google));
        let r = Arc::new(Results::of_origins(
            editor.clone(),
            files.clone(),
            &crawlers,
            urls.clone(),
        ));
        assert_eq!(r.file(2), NO_FILE);
        let run = CheckRun::compared_at_once(r);
        assert_eq!(run.comparison().rows(), [1]);
        assert!(run.comparison().get(1).unwrap().allowed());
        // Compare mode: b.example's row against its own version before
        // (which allowed it); a.example's file has no version before here,
        // so the editor's side compares with its own.
        let mut job = CheckJob::new(editor, files, &crawlers, urls)
            .compared_with(Some(doc("User-agent: *\nDisallow: /y\n", Mode::Google)));
        job.run(usize::MAX);
        let run = CheckRun::compared_at_once(Arc::new(job.finish()));
        assert_eq!(run.comparison().against, Against::Before);
        assert_eq!(run.comparison().rows(), [1]);
        assert_eq!(run.comparison().counts.newly_disallowed, 1);
        assert!(run.comparison().other_of(1).is_some());
        assert!(run.comparison().other_of(NO_FILE).is_none());
    }

    #[test]
    fn comparisons_in_slices_equal_one_pass() {
        let urls: String = (0..500)
            .map(|i| format!("/private/{}\n/x{i}\n", i % 7))
            .collect();
        let r = results(
            "User-agent: *\nDisallow: /private/3\nDissallow: /x1\nAllow: /private/3%2A\n",
            "a, b>!*, Googlebot",
            &urls,
            Mode::Google,
        );
        let whole = CheckRun::compared_at_once(r.clone());
        let mut job = CompareJob::new(r.clone());
        let mut slices = 0;
        while !job.run(37) {
            slices += 1;
            let (done, total) = job.progress();
            assert!(done < total);
        }
        assert!(slices > 10);
        let sliced = job.finish();
        assert_eq!(sliced.comparison().rows(), whole.comparison().rows());
        assert!(whole.comparison().differing() > 0);
        for &row in whole.comparison().rows() {
            assert_ne!(
                whole.comparison().get(row as usize).unwrap().allowed(),
                r.cell(row as usize).unwrap().allowed()
            );
        }
    }
}
