//! The table entity: the filters and order the visitor chose, whether the
//! rows or the rules view is shown, the rows that pass (in order), and the
//! export of those rows.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::check::Check;
use super::host::HostRef;
use super::jobs::{run_job, Start, SLICE_MS};
use super::messages::Messages;
use super::shared::Shared;
use super::state::Read;
use crate::link::ViewState;
use crate::view_model::{
    Against, DecidedBy, ExportFormat, ExportJob, Order, TableQuery, TableView, VerdictFilter,
};
use robots_matcher::tools::severity::Severity;

/// A menu key, or nothing for the default (a link then carries nothing).
fn key_unless_default(key: &str, default: &str) -> String {
    if key == default {
        String::new()
    } else {
        key.to_string()
    }
}

/// The table entity.
#[derive(Clone, Copy)]
pub struct Table {
    query: RwSignal<TableQuery>,
    by_rule: RwSignal<bool>,
    matrix: RwSignal<bool>,
    rows: Memo<Shared<TableView>>,
    check: Check,
    messages: Messages,
    host: HostRef,
}

impl Table {
    /// Every row of `check`'s results, in input order.
    pub fn new(check: Check, messages: Messages, host: HostRef) -> Table {
        let query = RwSignal::new(TableQuery::default());
        let run = check.run();
        let rows =
            Memo::new(move |_| run.with(|run| query.with(|q| Shared::new(TableView::new(run, q)))));
        Table {
            query,
            by_rule: RwSignal::new(false),
            matrix: RwSignal::new(false),
            rows,
            check,
            messages,
            host,
        }
    }

    /// The filters and order.
    pub fn query(&self) -> Read<TableQuery> {
        Read::of(self.query)
    }

    /// The rows shown, in order.
    pub fn rows(&self) -> Memo<Shared<TableView>> {
        self.rows
    }

    /// Whether every rule with its count is shown instead of the rows.
    pub fn by_rule(&self) -> Read<bool> {
        Read::of(self.by_rule)
    }

    /// What the results are compared with now (what "differs" means).
    pub fn against(&self) -> Against {
        self.check.run().with(|run| run.comparison().against)
    }

    /// Shows only URLs containing `text`.
    pub fn filter_text(&self, text: String) {
        self.query.update(|q| q.text = text);
    }

    /// Shows only rows of one verdict (or that differ).
    pub fn filter_verdict(&self, filter: VerdictFilter) {
        self.query.update(|q| q.verdict = filter);
    }

    /// Shows only one crawler's rows (a column index), or every crawler's.
    pub fn filter_crawler(&self, column: Option<usize>) {
        self.query.update(|q| q.crawler = column);
    }

    /// Shows only rows whose change from the version before is of one
    /// severity (compare mode), or every row.
    pub fn filter_severity(&self, severity: Option<Severity>) {
        self.query.update(|q| q.severity = severity);
    }

    /// Orders the rows.
    pub fn order_by(&self, order: Order) {
        self.query.update(|q| q.order = order);
    }

    /// The table position of the first result the rule on `line` decides
    /// (of the editor's file), when one is shown: where a line chosen in
    /// the editor brings the table (the filters stay; *Show them* narrows
    /// the table to them).
    pub fn first_decided(&self, line: u32) -> Option<usize> {
        self.check.run().with_untracked(|run| {
            self.rows
                .with_untracked(|view| view.first_decided_by(run.results(), line))
        })
    }

    /// Shows the rows one rule (or no rule) decided, in the rows view.
    pub fn show_decided_by(&self, decided: DecidedBy) {
        self.query.update(|q| q.decided_by = Some(decided));
        self.by_rule.set(false);
    }

    /// Shows rows whatever decided them.
    pub fn clear_decided_by(&self) {
        self.query.update(|q| q.decided_by = None);
    }

    /// Switches between the rows and every rule with its count.
    pub fn toggle_by_rule(&self) {
        self.by_rule.update(|on| *on = !*on);
    }

    /// Whether the audit and matrix are open.
    pub fn matrix(&self) -> Read<bool> {
        Read::of(self.matrix)
    }

    /// Opens or closes the audit and matrix.
    pub fn toggle_matrix(&self) {
        self.matrix.update(|on| *on = !*on);
    }

    /// The view a link keeps (the selected row is the selection's).
    pub(super) fn view_untracked(&self) -> ViewState {
        let query = self.query.get_untracked();
        ViewState {
            verdict: key_unless_default(query.verdict.key(), VerdictFilter::default().key()),
            crawler: query.crawler,
            text: query.text,
            decided_by: query.decided_by.map(|d| match d {
                DecidedBy::Line(line) => line,
                DecidedBy::NoRule => 0,
            }),
            order: key_unless_default(query.order.key(), Order::default().key()),
            by_rule: self.by_rule.get_untracked(),
            matrix: self.matrix.get_untracked(),
            selected: None,
        }
    }

    /// Subscribes the running effect to the view a link keeps.
    pub(super) fn track_view(&self) {
        self.query.track();
        self.by_rule.track();
        self.matrix.track();
    }

    /// Shows the view a link kept (keys this build does not know read as
    /// the default).
    pub(super) fn restore(&self, view: &ViewState) {
        self.query.set(TableQuery {
            verdict: VerdictFilter::from_key(&view.verdict).unwrap_or_default(),
            crawler: view.crawler,
            text: view.text.clone(),
            decided_by: view.decided_by.map(|line| match line {
                0 => DecidedBy::NoRule,
                line => DecidedBy::Line(line),
            }),
            order: Order::from_key(&view.order).unwrap_or_default(),
            severity: None,
        });
        self.by_rule.set(view.by_rule);
        self.matrix.set(view.matrix);
    }

    /// Writes the rows shown as CSV or JSON and offers the file, a slice at
    /// a time with progress (comparing first, when that is still under
    /// way, so every record carries the other side).
    pub fn export(&self, format: ExportFormat) {
        let table = *self;
        let rows = self.rows.get_untracked();
        spawn_local(async move {
            let run = table.check.compared_run().await;
            let host = table.host.get();
            let job = ExportJob::new(format, run, Arc::clone(&rows.0));
            let start = Start::Within(SLICE_MS);
            let exporting = run_job(host, table.messages, job, start, "Exporting", &|| true);
            if let Some(job) = exporting.await {
                if let Some(note) = job.note() {
                    table.messages.inform(note);
                }
                let text = job.finish();
                host.download(format.file_name(), format.mime(), text.as_bytes());
            }
        });
    }
}
