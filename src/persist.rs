//! Keeps the link (the URL hash) and localStorage in step with the inputs,
//! and opens a link pasted into the address bar.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::browser;
use crate::link::{hash_of, AppState};
use crate::store::{Store, MAX_PERSISTED_BYTES};
use crate::view_model::Inputs;

/// How long typing must pause before the link is rewritten.
const DEBOUNCE: Duration = Duration::from_millis(350);

/// Writes the state into the link and storage after each pause in typing,
/// and loads links pasted into this tab.
pub fn keep_link_in_step(store: Store) {
    let pending = StoredValue::new_local(None::<TimeoutHandle>);
    // The hash this tab wrote last, to tell our own changes from a pasted link.
    let written = StoredValue::new(browser::location_hash());
    // Counts edits: a write whose compression finishes after a newer edit
    // is dropped.
    let writes = StoredValue::new(0u32);
    Effect::new(move |first: Option<()>| {
        // Track every input; read them only when the timer fires, so typing
        // does not copy a large text on each keystroke.
        store.robots.track();
        store.agents.track();
        store.urls.track();
        store.mode.track();
        store.compare.track();
        store.before.track();
        store.fetch.track();
        if first.is_none() && store.alert.get_untracked().is_some() {
            // Keep the broken link visible until the visitor edits.
            return;
        }
        if let Some(handle) = pending.get_value() {
            handle.clear();
        }
        let serial = writes.get_value().wrapping_add(1);
        writes.set_value(serial);
        let handle = set_timeout_with_handle(
            move || spawn_local(write(store, written, writes, serial)),
            DEBOUNCE,
        )
        .ok();
        pending.set_value(handle);
    });
    // A link pasted into this tab's address bar changes only the hash.
    let _ = window_event_listener(ev::hashchange, move |_| {
        let hash = browser::location_hash();
        if hash == written.get_value() || hash.is_empty() {
            return;
        }
        match AppState::from_hash(&hash) {
            Ok(Some(state)) => {
                written.set_value(hash);
                store.alert.set(None);
                store.load(Inputs::from_state(&state));
            }
            Ok(None) => {}
            Err(error) => store.alert.set(Some(format!(
                "The link could not be opened: {error}. The current state is unchanged."
            ))),
        }
    });
}

/// The link's hash for `state`, compressed by the browser.
pub async fn link_hash(state: &AppState) -> Option<String> {
    browser::deflate_raw(&state.to_raw())
        .await
        .map(|compressed| hash_of(&compressed))
}

/// Writes the current state, or says why it cannot be kept.
async fn write(store: Store, written: StoredValue<String>, writes: StoredValue<u32>, serial: u32) {
    let inputs = store.inputs_untracked();
    if inputs.persisted_len() > MAX_PERSISTED_BYTES {
        browser::replace_hash(None);
        browser::forget_stored();
        written.set_value(String::new());
        store.not_persisted.set(Some(
            "These inputs are too large to keep in the link or in this browser; reloading the page loses them. Export the results to keep them."
                .to_string(),
        ));
        return;
    }
    let Some(hash) = link_hash(&inputs.to_state()).await else {
        return;
    };
    if writes.get_value() != serial {
        return;
    }
    browser::replace_hash(Some(&hash));
    written.set_value(format!("#{hash}"));
    let stored = browser::store(&hash);
    store.not_persisted.set((!stored).then(|| {
        "This browser's storage is unavailable or full; the link still holds everything."
            .to_string()
    }));
}
