//! The check entity: one check run at a time, its results and, once
//! computed, their comparison (with the other mode, or in compare mode with
//! the version before), paired in one [`CheckRun`].
//!
//! Every change of the inputs starts a new generation: the check, then the
//! comparison, each run through the one job driver ([`run_job`]). A job of
//! an older generation stops at its next pause, so the results of an
//! earlier input never overwrite a later one's; while newer results are
//! being computed, the previous ones stay.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::host::HostRef;
use super::inputs::{Inputs, Side};
use super::jobs::{run_job, Start, FIRST_SLICE_MS};
use super::messages::Messages;
use super::shared::Shared;
use super::state::Read;
use crate::view_model::{
    Against, CheckJob, CheckRun, CompareJob, CrawlerList, Document, FetchedDocument, Results,
    UrlSet,
};

/// Up to this many rows, the comparison is computed with the verdicts (a
/// few milliseconds); above it, after they are painted.
const COMPARE_AT_ONCE_ROWS: usize = 20_000;

/// The check entity.
#[derive(Clone, Copy)]
pub struct Check {
    run: RwSignal<CheckRun>,
    results: Memo<Shared<Results>>,
    update_ms: RwSignal<f64>,
    /// The generation of the inputs the latest check belongs to.
    generation: StoredValue<u32>,
    messages: Messages,
    host: HostRef,
}

impl Check {
    /// The check of `inputs`, run now and after every change.
    pub fn new(inputs: Inputs, messages: Messages, host: HostRef) -> Check {
        let empty = Results::new(
            FetchedDocument::as_usual(Arc::new(Document::new(
                "",
                inputs.mode().get_untracked(),
                true,
            ))),
            &CrawlerList::default(),
            Arc::new(UrlSet::default()),
        );
        let run = RwSignal::new(CheckRun::new(Arc::new(empty)));
        let check = Check {
            run,
            results: Memo::new(move |_| run.with(|r| Shared(r.results().clone()))),
            update_ms: RwSignal::new(0.0),
            generation: StoredValue::new(0),
            messages,
            host,
        };
        check.drive(inputs);
        check
    }

    /// The latest complete results with their comparison (computed or
    /// not yet).
    pub fn run(&self) -> Read<CheckRun> {
        Read::of(self.run)
    }

    /// The latest complete results; changes only when new results do, not
    /// when their comparison arrives.
    pub fn results(&self) -> Memo<Shared<Results>> {
        self.results
    }

    /// Milliseconds the last update took (parse and checks).
    pub fn update_ms(&self) -> Read<f64> {
        Read::of(self.update_ms)
    }

    /// Starts a check of the current inputs whenever they change.
    fn drive(self, inputs: Inputs) {
        crate::reactive::effect(move |_| {
            let document = inputs.document(Side::After).get();
            let urls = inputs.url_set().get();
            let files = inputs.origins().get();
            let fetched = FetchedDocument::new(document.0.clone(), inputs.fetch().get());
            // The comparison is part of the results: a new version before
            // (or compare turned on or off) starts them anew.
            let before = inputs
                .compare()
                .get()
                .then(|| inputs.document(Side::Before).get().0);
            // Rows of files that did not change are kept (see `CheckJob`).
            let previous = self.run.with_untracked(|run| run.results().clone());
            let job = inputs
                .crawlers()
                .with(|crawlers| CheckJob::new(fetched, files.0.clone(), crawlers, urls.0.clone()))
                .compared_with(before)
                .reusing(previous);
            let generation = self.generation.get_value().wrapping_add(1);
            self.generation.set_value(generation);
            let start = self.host.get().now_ms();
            let parse_ms = inputs.take_parse_ms();
            spawn_local(self.check_and_compare(job, generation, start - parse_ms));
        });
    }

    /// Checks, shows the verdicts, then compares and shows the comparison;
    /// stops as soon as a newer generation starts.
    async fn check_and_compare(self, job: CheckJob, generation: u32, start: f64) {
        let host = self.host.get();
        let current = move || self.generation.get_value() == generation;
        let start_check = Start::Within(FIRST_SLICE_MS);
        let checking = run_job(host, self.messages, job, start_check, "Checking", &current);
        let Some(job) = checking.await else {
            return;
        };
        let results = Arc::new(job.finish());
        self.update_ms.set(host.now_ms() - start);
        // A comparison computed at once is shown with the verdicts in one
        // change: every row's view is worked out and drawn once per
        // keystroke, not once for the verdicts and again for the
        // comparison in the same task.
        let at_once = results.len() <= COMPARE_AT_ONCE_ROWS;
        if !at_once {
            self.run.set(CheckRun::new(results.clone()));
        }
        // Over a limit: no row, the reason among the notes, and said at
        // once where notices show.
        if let Some(refusal) = &results.refusal {
            self.messages.warn(refusal.clone());
        }
        let start_compare = if at_once {
            Start::All
        } else {
            Start::AfterPaint
        };
        let task = compare_task(results.against());
        let job = CompareJob::new(results);
        let comparing = run_job(host, self.messages, job, start_compare, task, &current);
        if let Some(job) = comparing.await {
            self.run.set(job.finish());
        }
    }

    /// The latest run compared: at once when it is, else after comparing
    /// it a slice at a time (for exports, which carry the comparison).
    pub(super) async fn compared_run(&self) -> CheckRun {
        let run = self.run.get_untracked();
        if run.is_compared() {
            return run;
        }
        let host = self.host.get();
        let task = compare_task(run.results().against());
        let job = CompareJob::new(run.results().clone());
        let start = Start::Within(super::jobs::SLICE_MS);
        let comparing = run_job(host, self.messages, job, start, task, &|| true);
        match comparing.await {
            Some(job) => job.finish(),
            None => run,
        }
    }
}

/// The progress label of a comparison: with compare mode off it is the
/// other reading's verdicts being worked out, not two versions compared.
fn compare_task(against: Against) -> &'static str {
    match against {
        Against::Before => "Comparing",
        Against::OtherMode(_) => "Checking under the other reading",
    }
}

#[cfg(test)]
mod tests {
    use robots_matcher::Mode;

    use super::*;

    #[test]
    fn only_compare_mode_says_comparing() {
        // Issue 24, defect 5: "Comparing 0 of 100,000 rows…" with compare
        // mode off.
        assert_eq!(compare_task(Against::Before), "Comparing");
        assert_eq!(
            compare_task(Against::OtherMode(Mode::Rfc9309)),
            "Checking under the other reading"
        );
    }
}
