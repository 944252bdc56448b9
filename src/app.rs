//! The application: where its first state comes from, and the layout.

use leptos::ev;
use leptos::prelude::*;

use crate::browser;
use crate::components::{
    crawlers::CrawlerPicker,
    editor::{Editor, Side},
    explanation::ExplanationPanel,
    info::Diagnostics,
    info::FileFacts,
    matrix::MatrixPanel,
    results::ResultsPanel,
    toolbar::Toolbar,
    urls::UrlInput,
};
use crate::persist::keep_link_in_step;
use crate::samples;
use crate::store::{use_store, Store};
use crate::view_model::{startup, Inputs, Startup};

/// What the first screen shows: the link's state, else the stored one,
/// else the default example (with an alert when the link was broken).
fn initial_inputs() -> (Inputs, Option<String>) {
    let stored = browser::load_stored();
    match startup(&browser::location_hash(), stored.as_deref()) {
        Startup::Hash(state) | Startup::Stored(state) => (Inputs::from_state(&state), None),
        Startup::Default { error } => (Inputs::from_state(&samples::default_state()), error),
    }
}

#[component]
pub fn App() -> impl IntoView {
    let (inputs, error) = initial_inputs();
    let store = Store::new(inputs);
    provide_context(store);
    store.alert.set(error);
    keep_link_in_step(store);

    // Ctrl/Cmd+Enter: go to the results.
    let _ = window_event_listener(ev::keydown, move |event| {
        if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
            event.prevent_default();
            if !browser::focus_selector("[data-testid=result-row][aria-selected=true]")
                && !browser::focus_selector("[data-testid=result-row][tabindex=\"0\"]")
            {
                browser::focus_selector("#results-list");
            }
        }
    });

    view! {
        <a class="skip-link" href="#results-heading">"Skip to results"</a>
        <header class="app-header">
            <div class="brand">
                <h1>"robots.txt playground"</h1>
                <p class="tagline">
                    "See how crawlers read a robots.txt, line by line. Everything stays in your browser."
                </p>
            </div>
            <Toolbar/>
        </header>
        <Alerts/>
        <main class="layout">
            <section class="column column-robots" aria-labelledby="robots-heading">
                <Show when=move || store.compare.get()>
                    <Editor side=Side::Before/>
                </Show>
                <Editor side=Side::After/>
                <Diagnostics/>
                <FileFacts/>
            </section>
            <section class="column column-test" aria-label="Test URLs">
                <div class="card inputs-card">
                    <CrawlerPicker/>
                    <UrlInput/>
                </div>
                <ResultsPanel/>
                <MatrixPanel/>
                <ExplanationPanel/>
            </section>
        </main>
        <footer class="app-footer">
            <p>
                "Verdicts come from the robots_matcher library: Google's parser by default, RFC 9309 side by side where they differ. "
                <kbd>"Ctrl"</kbd>"+"<kbd>"Enter"</kbd>" jumps to the results."
            </p>
        </footer>
    }
}

/// The alert for a broken link and the notices about files and storage.
#[component]
fn Alerts() -> impl IntoView {
    let store = use_store();
    view! {
        <div class="messages">
            <Show when=move || store.alert.with(Option::is_some)>
                <div class="message message-error" role="alert" data-testid="hash-error">
                    <p>{move || store.alert.get().unwrap_or_default()}</p>
                    <button type="button" class="button-quiet" on:click=move |_| store.alert.set(None)>
                        "Dismiss"
                    </button>
                </div>
            </Show>
            <div role="status" aria-live="polite" class="live-region">
                <Show when=move || store.notice.with(Option::is_some)>
                    <div
                        class="message"
                        class:message-warning=move || store.notice.with(|n| n.as_ref().is_some_and(|n| n.warning))
                        data-testid="notice"
                    >
                        <p>{move || store.notice.get().map(|n| n.text).unwrap_or_default()}</p>
                        <button type="button" class="button-quiet" on:click=move |_| store.notice.set(None)>
                            "Dismiss"
                        </button>
                    </div>
                </Show>
            </div>
        </div>
    }
}
