//! The toolbar: samples, opening a file, and the shareable link.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::{use_ctx, Ctx, Notice, MAX_PERSISTED_BYTES};
use crate::browser;
use crate::samples;
use crate::view_model::{self, Inputs};

/// Reads a file into the editor (from the file picker or a drop), through
/// the matcher's `encoding::decode`.
pub fn import_file(ctx: Ctx, file: web_sys::File) {
    let name = file.name();
    spawn_local(async move {
        let Some(bytes) = browser::read_file(&file).await else {
            ctx.notice.set(Some(Notice {
                text: format!("{name} could not be read."),
                warning: true,
            }));
            return;
        };
        let imported = view_model::import_file(&name, &bytes);
        ctx.robots.set(imported.text);
        ctx.external.update(|n| *n += 1);
        ctx.selected.set(None);
        ctx.select_default();
        ctx.notice.set(Some(Notice {
            text: imported.note,
            warning: imported.warning,
        }));
    });
}

#[component]
pub fn Toolbar() -> impl IntoView {
    let ctx = use_ctx();
    let link_field = RwSignal::new(None::<String>);
    let field_ref: NodeRef<leptos::html::Input> = NodeRef::new();

    let copy_link = move |_| {
        let inputs = ctx.inputs_untracked();
        if inputs.robots_txt.len() + inputs.urls.len() > MAX_PERSISTED_BYTES {
            ctx.notice.set(Some(Notice {
                text: "This robots.txt is too large to share as a link; export the results or share the file instead."
                    .to_string(),
                warning: true,
            }));
            return;
        }
        let hash = inputs.to_state().to_hash();
        browser::replace_hash(Some(&hash));
        let url = browser::page_url();
        spawn_local(async move {
            if browser::copy_text(&url).await {
                link_field.set(None);
                ctx.notice.set(Some(Notice {
                    text: "Link copied. It holds the robots.txt, crawlers, URLs and mode."
                        .to_string(),
                    warning: false,
                }));
            } else {
                link_field.set(Some(url));
                ctx.notice.set(Some(Notice {
                    text: "Copying was not allowed; the link is selected in the field below the toolbar: copy it from there."
                        .to_string(),
                    warning: false,
                }));
            }
        });
    };

    // Select the fallback field's text as soon as it appears.
    Effect::new(move |_| {
        if link_field.with(Option::is_some) {
            if let Some(input) = field_ref.get() {
                let _ = input.focus();
                input.select();
            }
        }
    });

    view! {
        <div class="toolbar" role="toolbar" aria-label="File and sharing">
            <label class="visually-hidden" for="sample-select">"Load a sample"</label>
            <select
                id="sample-select"
                data-testid="sample-select"
                class="button"
                on:change:target=move |event| {
                    let id = event.target().value();
                    if let Some(sample) = samples::find(&id) {
                        ctx.load(Inputs::from_state(&sample.to_state()));
                        ctx.alert.set(None);
                        ctx.notice.set(Some(Notice {
                            text: format!("{}: {}", sample.title, sample.explanation),
                            warning: false,
                        }));
                    }
                    event.target().set_value("");
                }
            >
                <option value="" selected>"Samples…"</option>
                {samples::SAMPLES
                    .iter()
                    .map(|s| view! { <option value=s.id>{s.title}</option> })
                    .collect_view()}
            </select>
            <input
                id="file-input"
                data-testid="file-input"
                class="visually-hidden file-input"
                type="file"
                accept=".txt,text/plain"
                on:change:target=move |event| {
                    let input = event.target();
                    if let Some(file) = input.files().and_then(|files| files.get(0)) {
                        import_file(ctx, file);
                    }
                    input.set_value("");
                }
            />
            <label for="file-input" class="button">"Open file…"</label>
            <button type="button" class="button button-primary" data-testid="copy-link" on:click=copy_link>
                "Copy link"
            </button>
            <Show when=move || link_field.with(Option::is_some)>
                <div class="link-field">
                    <label for="link-field">"Link"</label>
                    <input
                        id="link-field"
                        data-testid="link-field"
                        type="text"
                        readonly
                        node_ref=field_ref
                        prop:value=move || link_field.get().unwrap_or_default()
                    />
                </div>
            </Show>
            <Show when=move || ctx.not_persisted.with(Option::is_some)>
                <p class="persist-note small" data-testid="not-persisted">{move || ctx.not_persisted.get()}</p>
            </Show>
        </div>
    }
}
