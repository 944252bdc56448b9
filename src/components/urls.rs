//! The URL list: one URL per line, pasted or typed, or read from files
//! (text, CSV exports, sitemaps, sitemap indexes, `.gz` too), opened or
//! dropped on the field.

use leptos::ev;
use leptos::prelude::*;

use crate::store::use_store;
use crate::view_model::plural;

/// What the URL file picker offers.
const URL_FILES: &str =
    ".txt,.csv,.tsv,.xml,.gz,text/plain,text/csv,text/xml,application/xml,application/gzip";

#[component]
pub fn UrlInput() -> impl IntoView {
    let store = use_store();
    let count = Memo::new(move |_| store.url_set.with(|u| u.list.len()));
    let dragging = RwSignal::new(false);
    let files_of = |list: Option<web_sys::FileList>| -> Vec<web_sys::File> {
        list.map(|files| (0..files.length()).filter_map(|i| files.get(i)).collect())
            .unwrap_or_default()
    };
    view! {
        <div class="field urls-field">
            <div class="label-row">
                <label for="urls-input">"URLs"</label>
                <span class="muted small" data-testid="url-count">{move || plural(count.get(), "URL", "URLs")}</span>
                <input
                    id="url-file-input"
                    data-testid="url-file-input"
                    class="visually-hidden file-input"
                    type="file"
                    multiple
                    accept=URL_FILES
                    on:change:target=move |event| {
                        let input = event.target();
                        let files = files_of(input.files());
                        if !files.is_empty() {
                            store.open_url_files(files);
                        }
                        input.set_value("");
                    }
                />
                <label for="url-file-input" class="button button-small">"Open URL list or sitemap…"</label>
            </div>
            <textarea
                id="urls-input"
                data-testid="urls-input"
                class="urls-input"
                class:dragging=move || dragging.get()
                rows="4"
                wrap="off"
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-describedby="urls-help"
                prop:value=move || {
                    store.external.get();
                    store.urls.get_untracked()
                }
                on:input=move |event| {
                    if let Some(target) = event.target() {
                        store.urls.set(crate::browser::field_value(&target));
                    }
                }
                on:dragover=move |event: ev::DragEvent| {
                    event.prevent_default();
                    dragging.set(true);
                }
                on:dragleave=move |_| dragging.set(false)
                on:drop=move |event: ev::DragEvent| {
                    let files = files_of(event.data_transfer().and_then(|dt| dt.files()));
                    dragging.set(false);
                    if !files.is_empty() {
                        event.prevent_default();
                        store.open_url_files(files);
                    }
                }
            ></textarea>
            <p id="urls-help" class="hint">
                "One per line: full URLs or paths like "<code>"/shop?id=1"</code>
                ". Paste a sitemap or a CSV export, or drop files here. Only the path and query are matched."
            </p>
        </div>
    }
}
