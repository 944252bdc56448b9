//! What the page tells the visitor besides the results: a short notice
//! (a file opened, a sample loaded, a link copied), an alert that must be
//! seen (a broken link), and the progress of long work.

use leptos::prelude::*;

use super::state::Read;

/// A short message under the toolbar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The message.
    pub text: String,
    /// Shown as a warning.
    pub warning: bool,
}

/// Long work under way: what, and how far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is being done, for people: `Checking`, `Comparing`, `Exporting`.
    pub task: &'static str,
    /// Rows done.
    pub done: usize,
    /// Rows in all.
    pub total: usize,
}

/// The messages entity.
#[derive(Clone, Copy)]
pub struct Messages {
    notice: RwSignal<Option<Notice>>,
    alert: RwSignal<Option<String>>,
    progress: RwSignal<Option<Progress>>,
}

impl Messages {
    /// No message, no alert, no work under way.
    pub fn new() -> Messages {
        Messages {
            notice: RwSignal::new(None),
            alert: RwSignal::new(None),
            progress: RwSignal::new(None),
        }
    }

    /// The notice shown, if any.
    pub fn notice(&self) -> Read<Option<Notice>> {
        Read::of(self.notice)
    }

    /// The alert shown, if any.
    pub fn alert(&self) -> Read<Option<String>> {
        Read::of(self.alert)
    }

    /// Long work under way, if any.
    pub fn progress(&self) -> Read<Option<Progress>> {
        Read::of(self.progress)
    }

    /// Says something, as information.
    pub fn inform(&self, text: impl Into<String>) {
        self.notify(text, false);
    }

    /// Says something, as a warning.
    pub fn warn(&self, text: impl Into<String>) {
        self.notify(text, true);
    }

    /// Says something, as a warning or not.
    pub fn notify(&self, text: impl Into<String>, warning: bool) {
        self.notice.set(Some(Notice {
            text: text.into(),
            warning,
        }));
    }

    /// Takes the notice away.
    pub fn dismiss_notice(&self) {
        self.notice.set(None);
    }

    /// Shows an alert the visitor must see.
    pub fn raise(&self, alert: impl Into<String>) {
        self.alert.set(Some(alert.into()));
    }

    /// Takes the alert away.
    pub fn dismiss_alert(&self) {
        self.alert.set(None);
    }

    /// Whether an alert is shown (read without tracking).
    pub(super) fn alerting_untracked(&self) -> bool {
        self.alert.with_untracked(Option::is_some)
    }

    /// Shows how far `task` is.
    pub(super) fn show_progress(&self, task: &'static str, (done, total): (usize, usize)) {
        self.progress.set(Some(Progress { task, done, total }));
    }

    /// Long work is done.
    pub(super) fn clear_progress(&self) {
        self.progress.set(None);
    }
}

impl Default for Messages {
    fn default() -> Messages {
        Messages::new()
    }
}
