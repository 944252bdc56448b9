//! The URL list: one URL per line, pasted or typed, or read from files
//! (text, CSV exports, sitemaps, sitemap indexes, `.gz` too), opened or
//! dropped on the field. A list too large to edit as text (see
//! `too_large_to_edit`) is taken straight from the paste or the file and
//! summed up instead of filling the field.

use leptos::prelude::*;

use crate::browser;
use crate::components::common::drop_zone::DropZone;
use crate::components::common::show::When;
use crate::components::common::text_area::{reloaded, TextField};
use crate::store::{use_inputs, Inputs};
use crate::view_model::{format_size, plural, OriginSplit};

/// What the URL file picker offers.
const URL_FILES: &str =
    ".txt,.csv,.tsv,.xml,.gz,text/plain,text/csv,text/xml,application/xml,application/gzip";

#[component]
pub fn UrlInput() -> impl IntoView {
    let inputs = use_inputs();
    let url_set = inputs.url_set();
    let count = Memo::new(move |_| url_set.with(|u| u.list.len()));
    let origins = inputs.origins();
    let site_origins = inputs.site_origins();
    let in_field = inputs.urls_in_field();
    let zone = DropZone::new();
    let field = TextField::new();
    view! {
        <div
            class="field urls-field"
            class:dragging=move || zone.dragging.get()
            on:dragover=zone.over()
            on:dragleave=zone.leave()
            on:drop=zone.drop(move |files| inputs.open_url_files(files))
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
                        let files = browser::picked_files(input.files());
                        if !files.is_empty() {
                            inputs.open_url_files(files);
                        }
                        input.set_value("");
                    }
                />
                <label for="url-file-input" class="button button-small" title="A text or CSV list of URLs, a sitemap or sitemap index (.xml or .xml.gz)">
                    "Open file…"
                </label>
            </div>
            <When
                when=move || in_field.get()
                fallback=move || view! { <LargeList/> }
            >
                <textarea
                    id="urls-input"
                    data-testid="urls-input"
                    class="urls-input"
                    node_ref=field.node
                    rows="4"
                    wrap="off"
                    spellcheck="false"
                    autocomplete="off"
                    autocapitalize="off"
                    aria-describedby="urls-help"
                    prop:value=reloaded(inputs.urls(), inputs.reloads())
                    on:input=field.on_input(move |text| inputs.edit_urls(text))
                    on:paste=field.on_paste(move |text| inputs.take_large_urls(text))
                    on:beforeinput=field.on_beforeinput(
                        move |text| inputs.take_large_urls(text),
                        move |text| inputs.edit_urls(text),
                    )
                ></textarea>
            </When>
            {move || {
                let with_files = site_origins.get();
                origins.with(|files| {
                    let split = &files.split;
                    (split.origins.len() > 1 || !with_files.is_empty()).then(|| origin_choice(inputs, split, &with_files))
                })
            }}
            <p id="urls-help" class="hint">
                "One per line: full URLs or paths like "<code>"/shop?id=1"</code>
                ". Paste or drop a list, a CSV export or a sitemap. Only the path and query are matched."
            </p>
        </div>
    }
}

/// URLs on several origins (or files for several): which origin the
/// robots.txt in the editor is for, and each origin with its URLs and
/// whether it has a file; choosing one shows its file (see
/// `Inputs::switch_origin`). Every URL is checked against its own
/// origin's file; one of an origin without a file has no verdict.
fn origin_choice(inputs: Inputs, split: &OriginSplit, with_files: &[String]) -> impl IntoView {
    let governed = split
        .governed
        .as_ref()
        .map(|o| o.to_string())
        .unwrap_or_default();
    let mut choices: Vec<(String, usize)> = split
        .origins
        .iter()
        .map(|(o, n)| (o.to_string(), *n))
        .collect();
    for origin in with_files.iter().chain([&governed]) {
        if !origin.is_empty() && !choices.iter().any(|(o, _)| o == origin) {
            choices.push((origin.clone(), 0));
        }
    }
    let options = choices
        .into_iter()
        .map(|(origin, n)| {
            let file = if origin == governed {
                "in the editor"
            } else if with_files.contains(&origin) {
                "robots.txt kept"
            } else {
                "no robots.txt: no verdict"
            };
            let label = format!("{origin}: {}, {file}", plural(n, "URL", "URLs"));
            view! { <option value=origin.clone() selected=origin == governed>{label}</option> }
        })
        .collect_view();
    view! {
        <p class="small origin-choice" data-testid="origins-note">
            <label for="origin-select">"Each URL is checked against its own origin's robots.txt (scheme, host, port). The editor shows the file for "</label>
            <select id="origin-select" data-testid="origin-select" on:change=move |ev| inputs.switch_origin(event_target_value(&ev))>
                {options}
            </select>
            {(split.without_file > 0).then(|| format!(
                ". {} of origins with no robots.txt here {} no verdict: choose an origin to paste its robots.txt.",
                plural(split.without_file, "URL", "URLs"),
                if split.without_file == 1 { "has" } else { "have" },
            ))}
        </p>
    }
}

/// A URL list too large to edit as text: what it holds, and the way back
/// to the text.
#[component]
fn LargeList() -> impl IntoView {
    let inputs = use_inputs();
    let (urls, url_set) = (inputs.urls(), inputs.url_set());
    let summary = Memo::new(move |_| {
        let size = urls.with(|t| t.len());
        url_set.with(|u| {
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
                <button type="button" class="button button-small" data-testid="urls-edit" on:click=move |_| inputs.edit_urls_as_text()>
                    "Edit as text"
                </button>
                <button type="button" class="button button-small" data-testid="urls-clear" on:click=move |_| inputs.replace_urls(String::new())>
                    "Clear"
                </button>
            </div>
        </div>
    }
}
