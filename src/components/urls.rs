//! The URL list: one URL per line, pasted or typed, or read from files
//! (text, CSV exports, sitemaps, sitemap indexes, `.gz` too), opened or
//! dropped on the field. A list too large to edit as text (see
//! `too_large_to_edit`) is taken straight from the paste or the file and
//! summed up instead of filling the field.

use leptos::ev;
use leptos::html;
use leptos::prelude::*;

use crate::browser;
use crate::store::{set_text, use_store};
use crate::view_model::{format_size, plural, too_large_to_edit};

/// What the URL file picker offers.
const URL_FILES: &str =
    ".txt,.csv,.tsv,.xml,.gz,text/plain,text/csv,text/xml,application/xml,application/gzip";

/// The files of a file list.
fn files_of(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    list.map(|files| (0..files.length()).filter_map(|i| files.get(i)).collect())
        .unwrap_or_default()
}

#[component]
pub fn UrlInput() -> impl IntoView {
    let store = use_store();
    let count = Memo::new(move |_| store.url_set.with(|u| u.list.len()));
    let dragging = RwSignal::new(false);
    let field: NodeRef<html::Textarea> = NodeRef::new();
    let on_drop = move |event: ev::DragEvent| {
        let files = files_of(event.data_transfer().and_then(|dt| dt.files()));
        dragging.set(false);
        if !files.is_empty() {
            event.prevent_default();
            store.open_url_files(files);
        }
    };
    view! {
        <div
            class="field urls-field"
            class:dragging=move || dragging.get()
            on:dragover=move |event: ev::DragEvent| {
                event.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
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
                <label for="url-file-input" class="button button-small" title="A text or CSV list of URLs, a sitemap or sitemap index (.xml or .xml.gz)">
                    "Open file…"
                </label>
            </div>
            <Show
                when=move || store.urls_in_field.get()
                fallback=move || view! { <LargeList/> }
            >
                <textarea
                    id="urls-input"
                    data-testid="urls-input"
                    class="urls-input"
                    node_ref=field
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
                            set_text(store.urls, browser::field_value(&target));
                        }
                    }
                    on:paste=move |event: ev::ClipboardEvent| {
                        // A list too large to lay out in the field is taken
                        // from the paste itself.
                        let Some(el) = field.get_untracked() else { return };
                        if let Some(pasted) = browser::paste_into(&event, &el) {
                            if too_large_to_edit(&pasted.text) {
                                event.prevent_default();
                                store.replace_urls(pasted.text);
                            }
                        }
                    }
                    on:beforeinput=move |event: ev::InputEvent| {
                        let Some(el) = field.get_untracked() else { return };
                        if let Some(inserted) = browser::take_multiline_insert(&event, &el) {
                            if too_large_to_edit(&inserted.text) {
                                store.replace_urls(inserted.text);
                            } else {
                                browser::write_into(&el, &inserted);
                                set_text(store.urls, inserted.text);
                            }
                        }
                    }
                ></textarea>
            </Show>
            <p id="urls-help" class="hint">
                "One per line: full URLs or paths like "<code>"/shop?id=1"</code>
                ". Paste or drop a list, a CSV export or a sitemap. Only the path and query are matched."
            </p>
        </div>
    }
}

/// A URL list too large to edit as text: what it holds, and the way back
/// to the text.
#[component]
fn LargeList() -> impl IntoView {
    let store = use_store();
    let summary = Memo::new(move |_| {
        let size = store.urls.with(|t| t.len());
        store.url_set.with(|u| {
            let first = u.list.get(0).unwrap_or("").to_string();
            (u.list.len(), size, first)
        })
    });
    view! {
        <div id="urls-input" class="large-list" data-testid="urls-summary" role="group" aria-label="URL list" tabindex="-1">
            {move || {
                let (count, size, first) = summary.get();
                view! {
                    <p>
                        <strong>{plural(count, "URL", "URLs")}</strong>
                        {format!(" ({}), too many to edit comfortably as text.", format_size(size))}
                    </p>
                    <p class="small muted url-first">"First: "<code>{first}</code></p>
                }
            }}
            <div class="large-list-actions">
                <button type="button" class="button button-small" data-testid="urls-edit" on:click=move |_| store.edit_urls_as_text()>
                    "Edit as text"
                </button>
                <button type="button" class="button button-small" data-testid="urls-clear" on:click=move |_| store.replace_urls(String::new())>
                    "Clear"
                </button>
            </div>
        </div>
    }
}
