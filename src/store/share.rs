//! The share entity: the link (the URL hash) and the copy kept in this
//! browser, kept in step with the inputs and the view (filters, order,
//! rules view, matrix, selected row) after each pause in typing, and at
//! once when the page is hidden or left before the pause is over (no
//! keystroke is lost); the "Copy link" flow; and links pasted into the
//! address bar.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::expect::Expect;
use super::host::{Host, HostRef};
use super::inputs::Inputs;
use super::messages::Messages;
use super::selection::Selection;
use super::state::Read;
use super::table::Table;
use crate::link::{hash_of, stored_deflate, AppState, ViewState};
use crate::view_model::InputValues;

pub use crate::view_model::limits::MAX_PERSISTED_BYTES;

/// Said when the expectations are too long for the link.
const EXPECTATIONS_NOT_KEPT: &str = "The expectations are too long to keep in the link or in this browser (everything else is kept); save them as a file to keep them.";

/// How long typing must pause before the link is rewritten.
const DEBOUNCE_MS: u32 = 350;

/// The share entity.
#[derive(Clone, Copy)]
pub struct Share {
    link_field: RwSignal<Option<String>>,
    not_persisted: RwSignal<Option<String>>,
    /// The hash this tab wrote last, to tell our own changes from a pasted
    /// link.
    written: StoredValue<String>,
    /// Counts edits: a write whose compression finishes after a newer edit
    /// is dropped.
    writes: StoredValue<u32>,
    /// The edit (a count of `writes`) the link and storage hold.
    kept: StoredValue<u32>,
    inputs: Inputs,
    table: Table,
    selection: Selection,
    expect: Expect,
    messages: Messages,
    host: HostRef,
}

impl Share {
    /// Keeps the link in step with `inputs` and the view from now on.
    pub fn new(
        inputs: Inputs,
        table: Table,
        selection: Selection,
        expect: Expect,
        messages: Messages,
        host: HostRef,
    ) -> Share {
        let share = Share {
            link_field: RwSignal::new(None),
            not_persisted: RwSignal::new(None),
            written: StoredValue::new(host.get().location_hash()),
            writes: StoredValue::new(0),
            kept: StoredValue::new(0),
            inputs,
            table,
            selection,
            expect,
            messages,
            host,
        };
        share.keep_in_step();
        share
    }

    /// The link to copy by hand, when copying it was not allowed.
    pub fn link_field(&self) -> Read<Option<String>> {
        Read::of(self.link_field)
    }

    /// Why the state is not in the link, if it is not.
    pub fn not_persisted(&self) -> Read<Option<String>> {
        Read::of(self.not_persisted)
    }

    /// Puts the state into the link and copies it, or offers it in a
    /// field when copying is not allowed; says which.
    pub fn copy_link(&self) {
        let share = *self;
        let values = self.inputs.values_untracked();
        let state = self.state_untracked(&values);
        if values.persisted_len() > MAX_PERSISTED_BYTES {
            self.messages.warn(
                "These inputs are too large to share as a link; export the results or share the files instead.",
            );
            return;
        }
        spawn_local(async move {
            let host = share.host.get();
            let Some(hash) = link_hash(host, &state).await else {
                share
                    .messages
                    .warn("This browser could not compress the link.");
                return;
            };
            host.replace_hash(Some(&hash));
            let url = host.page_url();
            if host.copy_text(url.clone()).await {
                share.link_field.set(None);
                share.messages.inform(
                    "Link copied. It holds the robots.txt (and the version before, when comparing), crawlers, URLs, expectations, mode, fetch outcome and what the table shows.",
                );
            } else {
                share.link_field.set(Some(url));
                share.messages.inform(
                    "Copying was not allowed; the link is selected in the field below the toolbar: copy it from there.",
                );
            }
        });
    }

    /// Opens a link pasted into this tab's address bar (which changes only
    /// the hash); a broken one leaves the state as it is and says why.
    pub fn open_link(&self, hash: &str) {
        if hash == self.written.get_value() || hash.is_empty() {
            return;
        }
        match AppState::from_hash(hash) {
            Ok(Some(state)) => {
                self.written.set_value(hash.to_string());
                self.messages.dismiss_alert();
                self.inputs.load(InputValues::from_state(&state));
                self.restore_view(&state.view);
                self.restore_expectations(&state);
            }
            Ok(None) => {}
            Err(error) => self.messages.raise(format!(
                "The link could not be opened: {error}. The current state is unchanged."
            )),
        }
    }

    /// Shows the view a link kept: its filters and order now, its selected
    /// row once its results arrive.
    pub fn restore_view(&self, view: &ViewState) {
        self.table.restore(view);
        self.selection.select_when_checked(view.selected);
    }

    /// Puts a link's expectations into their field; a part of the link
    /// that could not be read is said (the rest of the link is open).
    pub fn restore_expectations(&self, state: &AppState) {
        self.expect.load(state.expectations.clone());
        if let Some(error) = &state.expectations_error {
            self.messages.raise(format!(
                "The link's expectations could not be opened: {error}. Everything else is as the link had it."
            ));
        }
    }

    /// The state a link holds: `values`, the expectations (unless too
    /// long to keep) and the view.
    fn state_untracked(&self, values: &InputValues) -> AppState {
        let mut state = values.to_state();
        state.expectations = self.expect.for_link_untracked().unwrap_or_default();
        state.view = ViewState {
            selected: self.selection.row().get_untracked(),
            ..self.table.view_untracked()
        };
        state
    }

    /// Writes the state into the link and storage after each pause in
    /// typing.
    fn keep_in_step(self) {
        crate::reactive::effect(move |first| {
            // Track every input; read them only when the pause is over, so
            // typing does not copy a large text on each keystroke.
            self.inputs.track_persisted();
            self.expect.track();
            if first && self.messages.alerting_untracked() {
                // Keep the broken link visible until the visitor edits.
                return;
            }
            self.write_after_pause();
        });
        // The view alone (the first selection after the results arrive
        // too) never replaces a broken link still shown.
        crate::reactive::effect(move |first| {
            self.table.track_view();
            self.selection.row().track();
            if !first && !self.messages.alerting_untracked() {
                self.write_after_pause();
            }
        });
    }

    /// Writes the state once nothing has changed for a pause.
    fn write_after_pause(self) {
        let serial = self.writes.get_value().wrapping_add(1);
        self.writes.set_value(serial);
        let host = self.host.get();
        spawn_local(async move {
            host.sleep(DEBOUNCE_MS).await;
            if self.writes.get_value() == serial {
                self.write(serial).await;
            }
        });
    }

    /// Writes the current state, or says why it cannot be kept.
    async fn write(self, serial: u32) {
        let values = self.inputs.values_untracked();
        if self.too_large(&values, serial) {
            return;
        }
        let Some(hash) = link_hash(self.host.get(), &self.state_untracked(&values)).await else {
            return;
        };
        if self.writes.get_value() != serial {
            return;
        }
        self.keep(&hash, serial);
    }

    /// Writes the state at once when the link or storage does not hold the
    /// latest edit yet (typing has not paused): the page is being hidden
    /// or left, and a write after the pause might never run. The link is
    /// not compressed (the browser's compressor answers only later); the
    /// write after the pause, if the page lives on, compresses it.
    pub fn flush(&self) {
        let serial = self.writes.get_value();
        if self.kept.get_value() == serial {
            return;
        }
        let values = self.inputs.values_untracked();
        if self.too_large(&values, serial) {
            return;
        }
        let raw = self.state_untracked(&values).to_raw();
        self.keep(&hash_of(&stored_deflate(&raw)), serial);
    }

    /// Whether `values` are too large to keep: then the link and storage
    /// are cleared and that is said.
    fn too_large(self, values: &InputValues, serial: u32) -> bool {
        if values.persisted_len() <= MAX_PERSISTED_BYTES {
            return false;
        }
        let host = self.host.get();
        host.replace_hash(None);
        host.forget_state();
        self.written.set_value(String::new());
        self.kept.set_value(serial);
        self.not_persisted.set(Some(
            "These inputs are too large to keep in the link or in this browser; reloading the page loses them. Export the results to keep them."
                .to_string(),
        ));
        true
    }

    /// Puts `hash` (the state of edit `serial`) into the link and storage.
    fn keep(self, hash: &str, serial: u32) {
        let host = self.host.get();
        host.replace_hash(Some(hash));
        self.written.set_value(format!("#{hash}"));
        self.kept.set_value(serial);
        let kept = host.keep_state(hash);
        let not_persisted = match (kept, self.expect.for_link_untracked()) {
            (false, _) => Some(
                "This browser's storage is unavailable or full; the link still holds everything.",
            ),
            (true, None) => Some(EXPECTATIONS_NOT_KEPT),
            (true, Some(_)) => None,
        };
        self.not_persisted.set(not_persisted.map(str::to_string));
    }
}

/// The link's hash for `state`, compressed by the host.
async fn link_hash(host: &dyn Host, state: &AppState) -> Option<String> {
    host.deflate_raw(state.to_raw())
        .await
        .map(|compressed| hash_of(&compressed))
}
