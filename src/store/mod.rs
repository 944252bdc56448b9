//! The app's state, as a few narrow entities with named transitions.
//!
//! - [`Inputs`]: the robots.txt (and the version before), crawlers, URLs,
//!   reading, fetch outcome and size limit; what is read from them; the
//!   requests the editors follow (reload, show a line);
//! - [`Check`]: one check run, its results and their comparison paired in
//!   one value, recomputed a time slice at a time as the inputs change;
//! - [`Table`]: the table's filters and order, the rows they pass, the
//!   rules view, and exports;
//! - [`Selection`]: the selected result, its explanation and deciding
//!   lines;
//! - [`Expect`]: the expectations and their check against the results;
//! - [`Share`]: the link and the copy kept in this browser;
//! - [`Messages`]: notices, alerts and progress;
//! - [`Analysis`]: the editors' diagnostics, linted by the worker.
//!
//! Each entity is a `Copy` handle: a component takes only the entities it
//! shows ([`use_inputs`], ...), reads them through read handles ([`Read`],
//! memos; never a writable signal) and changes them only through their
//! transitions. Entities depend on those listed before
//! them, never the other way. Long work runs through one driver
//! ([`jobs`]), and everything the browser does for the store goes through
//! the [`Host`] trait, so the store's tests run natively (`tests`).

mod analysis;
mod check;
mod expect;
pub mod host;
mod inputs;
pub mod jobs;
mod logs;
mod messages;
mod selection;
mod share;
mod shared;
mod state;
mod table;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

use leptos::prelude::*;

pub use analysis::{Analysis, LintStatus, Linter};
pub use check::Check;
pub use expect::Expect;
pub use host::{Host, HostRef, Later, PickedFile};
pub use inputs::{Inputs, Jump, Side, ROBOTS_FIELD};
pub use logs::{LogFile, LogRunner, Logs, LogsState, BEFORE_VERSION, EDITOR_VERSION};
pub use messages::{Messages, Notice, Progress};
pub use selection::Selection;
pub use share::{Share, MAX_PERSISTED_BYTES};
pub use shared::Shared;
pub use state::Read;
pub use table::Table;

use crate::samples;
use crate::view_model::{startup, InputValues, Startup};

/// Every entity of the app.
#[derive(Clone, Copy)]
pub struct Store {
    /// The inputs.
    pub inputs: Inputs,
    /// The check run.
    pub check: Check,
    /// The table.
    pub table: Table,
    /// The selection.
    pub selection: Selection,
    /// The expectations.
    pub expect: Expect,
    /// The link.
    pub share: Share,
    /// Notices, alerts, progress.
    pub messages: Messages,
    /// The diagnostics.
    pub analysis: Analysis,
}

impl Store {
    /// The entities for the first screen: the link's state, else the state
    /// kept in this browser, else the default example (with an alert when
    /// the link was broken).
    pub fn start(host: &'static dyn Host) -> Store {
        let (state, error) = match startup(&host.location_hash(), host.kept_state().as_deref()) {
            Startup::Hash(state) | Startup::Stored(state) => (state, None),
            Startup::Default { error } => (samples::default_state(), error),
        };
        let store = Store::new(InputValues::from_state(&state), host);
        store.share.restore_view(&state.view);
        store.share.restore_expectations(&state);
        if let Some(error) = error {
            store.messages.raise(error);
        }
        store
    }

    /// The entities for `values`.
    pub fn new(values: InputValues, host: &'static dyn Host) -> Store {
        let host = HostRef::new(host);
        let messages = Messages::new();
        let inputs = Inputs::new(values, messages, host);
        let check = Check::new(inputs, messages, host);
        let table = Table::new(check, messages, host);
        let selection = Selection::new(inputs, check, table);
        let expect = Expect::new(check, messages, host);
        let share = Share::new(inputs, table, selection, expect, messages, host);
        let analysis = Analysis::new(inputs, check, messages);
        Store {
            inputs,
            check,
            table,
            selection,
            expect,
            share,
            messages,
            analysis,
        }
    }

    /// Provides the entities to the component tree (one context: a
    /// component takes the entities it needs through [`use_inputs`] and
    /// the like).
    pub fn provide(self) {
        provide_context(self);
    }
}

/// The inputs entity of the component tree.
pub fn use_inputs() -> Inputs {
    store().inputs
}

/// The check entity of the component tree.
pub fn use_check() -> Check {
    store().check
}

/// The table entity of the component tree.
pub fn use_table() -> Table {
    store().table
}

/// The selection entity of the component tree.
pub fn use_selection() -> Selection {
    store().selection
}

/// The expectations entity of the component tree.
pub fn use_expect() -> Expect {
    store().expect
}

/// The share entity of the component tree.
pub fn use_share() -> Share {
    store().share
}

/// The messages entity of the component tree.
pub fn use_messages() -> Messages {
    store().messages
}

/// The analysis entity of the component tree.
pub fn use_analysis() -> Analysis {
    store().analysis
}

/// The store of the component tree (provided by [`Store::provide`] at the
/// app's root).
fn store() -> Store {
    match use_context::<Store>() {
        Some(store) => store,
        None => not_provided(),
    }
}

/// The component tree has no store: a component was mounted outside the
/// app.
#[cold]
fn not_provided() -> ! {
    panic!("the store's entities are provided at the app's root (Store::provide)")
}
