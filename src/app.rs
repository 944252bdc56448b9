//! The application: its store on the browser, and the layout.

use leptos::ev;
use leptos::prelude::*;

use crate::browser::{self, Browser};
use crate::components::common::show::When;
use crate::components::{
    crawlers::CrawlerPicker, editor::Editor, expect::ExpectPanel, explanation::ExplanationPanel,
    info::Diagnostics, info::FileFacts, matrix::MatrixPanel, results::ResultsPanel,
    toolbar::ShareLink, toolbar::Toolbar, urls::UrlInput,
};
use crate::store::{use_messages, Share, Side, Store};

#[component]
pub fn App() -> impl IntoView {
    let store = Store::start(Browser::host());
    store.provide();
    crate::lint_worker::start_when_wanted(store.analysis);
    // Both window listeners share one closure type (one copy of the
    // listener's code in the wasm).
    let share = store.share;
    let listen = move |event: &'static str, handle: fn(Share)| {
        window_event_listener(ev::Custom::<web_sys::Event>::new(event), move |_| {
            handle(share)
        })
    };
    // A link pasted into this tab's address bar changes only the hash.
    let hash_listener = listen("hashchange", |share| {
        share.open_link(&browser::location_hash())
    });
    // The link and storage are written after each pause in typing; a page
    // hidden before the pause is over gets them at once, so the last
    // keystroke is never lost. Leaving the page hides it first (the HTML
    // standard's unloading steps fire `visibilitychange`), so one listener
    // covers a closed tab, a navigation and a switch to another tab (shown
    // again, nothing is waiting: the flush does nothing).
    let hiding = listen("visibilitychange", |share| share.flush());
    on_cleanup(move || {
        hash_listener.remove();
        hiding.remove();
    });

    // Ctrl/Cmd+Enter: go to the results.
    let keys = window_event_listener(ev::keydown, move |event| {
        if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
            event.prevent_default();
            if !browser::focus_selector("[data-testid=result-row][aria-selected=true]")
                && !browser::focus_selector("[data-testid=result-row][tabindex=\"0\"]")
            {
                browser::focus_selector("#results-list");
            }
        }
    });
    on_cleanup(move || keys.remove());
    let compare = store.inputs.compare();

    view! {
        <a class="skip-link" href="#results-heading">"Skip to results"</a>
        <header class="app-header">
            <div class="brand-row">
                <div class="brand">
                    <h1>"robots.txt playground"</h1>
                    <p class="tagline">
                        "See how crawlers read a robots.txt, line by line. Everything stays in your browser."
                    </p>
                </div>
                <ShareLink/>
            </div>
            <Toolbar/>
        </header>
        <Alerts/>
        // The first screen answers (README, "Layout"): the file on the
        // left, the results and their explanation beside it, held in view
        // while the page scrolls; crawlers and URLs under the file, the
        // file's diagnostics after them, and the wide views on demand
        // (matrix, audit) across the whole width below.
        <main>
            <div class="layout">
            <section class="column column-robots" aria-labelledby="robots-heading">
                <When when=move || compare.get()>
                    <Editor side=Side::Before/>
                </When>
                <Editor side=Side::After/>
            </section>
            <section class="column column-inputs" aria-label="Crawlers and URLs">
                <div class="card inputs-card">
                    <CrawlerPicker/>
                    <UrlInput/>
                </div>
            </section>
            <section class="column column-test" aria-label="Results and why">
                <ResultsPanel/>
                <ExplanationPanel/>
                <crate::components::logs::LogsSection/>
            </section>
            <div class="column column-info">
                <Diagnostics/>
                <FileFacts/>
            </div>
            </div>
            // Outside the grid, so the sticky results never slide over it
            // (and the grid keeps its height: a taller left column lets
            // the sticky column move with the page, and what overflows it
            // can then never be scrolled into view).
            <div class="layout-wide">
                <ExpectPanel/>
                <MatrixPanel/>
            </div>
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
    let messages = use_messages();
    let (alert, notice) = (messages.alert(), messages.notice());
    view! {
        <div class="messages">
            <When when=move || alert.with(Option::is_some)>
                <div class="message message-error" role="alert" data-testid="hash-error">
                    <p>{move || alert.get().unwrap_or_default()}</p>
                    <button type="button" class="button-quiet" on:click=move |_| messages.dismiss_alert()>
                        "Dismiss"
                    </button>
                </div>
            </When>
            <div role="status" aria-live="polite" class="live-region">
                <When when=move || notice.with(Option::is_some)>
                    <div
                        class="message"
                        class:message-warning=move || notice.with(|n| n.as_ref().is_some_and(|n| n.warning))
                        data-testid="notice"
                    >
                        <p>{move || notice.get().map(|n| n.text).unwrap_or_default()}</p>
                        <button type="button" class="button-quiet" on:click=move |_| messages.dismiss_notice()>
                            "Dismiss"
                        </button>
                    </div>
                </When>
            </div>
        </div>
    }
}
