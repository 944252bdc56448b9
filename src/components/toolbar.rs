//! The toolbar: samples, opening a robots.txt file, the reading (Google or
//! RFC 9309), comparing two versions, how fetching robots.txt ended, and
//! the shareable link.

use leptos::prelude::*;
use leptos::task::spawn_local;
use robots_matcher::Mode;

use crate::browser;
use crate::persist::link_hash;
use crate::samples;
use crate::store::{use_store, Notice, MAX_PERSISTED_BYTES};
use crate::view_model::{insert_ai_block, AiPolicy, Inputs, FETCH_OUTCOMES};

#[component]
pub fn Toolbar() -> impl IntoView {
    let store = use_store();
    let link_field = RwSignal::new(None::<String>);
    let field_ref: NodeRef<leptos::html::Input> = NodeRef::new();
    let notice = move |text: &str, warning: bool| {
        store.notice.set(Some(Notice {
            text: text.to_string(),
            warning,
        }));
    };

    let copy_link = move |_| {
        let inputs = store.inputs_untracked();
        if inputs.persisted_len() > MAX_PERSISTED_BYTES {
            notice(
                "These inputs are too large to share as a link; export the results or share the files instead.",
                true,
            );
            return;
        }
        spawn_local(async move {
            let Some(hash) = link_hash(&inputs.to_state()).await else {
                notice("This browser could not compress the link.", true);
                return;
            };
            browser::replace_hash(Some(&hash));
            let url = browser::page_url();
            if browser::copy_text(&url).await {
                link_field.set(None);
                notice(
                    "Link copied. It holds the robots.txt (and the version before, when comparing), crawlers, URLs, mode and fetch outcome.",
                    false,
                );
            } else {
                link_field.set(Some(url));
                notice(
                    "Copying was not allowed; the link is selected in the field below the toolbar: copy it from there.",
                    false,
                );
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
        <div class="toolbar" role="toolbar" aria-label="File, reading and sharing">
            <label class="visually-hidden" for="sample-select">"Load a sample"</label>
            <select
                id="sample-select"
                data-testid="sample-select"
                class="button"
                on:change:target=move |event| {
                    let id = event.target().value();
                    if let Some(sample) = samples::find(&id) {
                        store.load(Inputs::from_state(&sample.to_state()));
                        store.alert.set(None);
                        notice(&format!("{}: {}", sample.title, sample.explanation), false);
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
            // The AI crawler block (view_model::generator): inserted at the
            // top of the file as one edit that Ctrl+Z takes back.
            <label class="visually-hidden" for="ai-block-select">"Insert an AI crawler block"</label>
            <select
                id="ai-block-select"
                data-testid="ai-block-select"
                class="button"
                on:change:target=move |event| {
                    let value = event.target().value();
                    let (key, preferences) = match value.strip_suffix("+preferences") {
                        Some(key) => (key.to_string(), true),
                        None => (value, false),
                    };
                    if let Some(policy) = AiPolicy::from_key(&key) {
                        let fix = store.robots.with_untracked(|text| insert_ai_block(text, policy, preferences));
                        store.apply_fix(&fix);
                        store.jump_to(1, false);
                        notice(&format!("Inserted at the top: {}. Ctrl+Z takes it back.", policy.label()), false);
                    }
                    event.target().set_value("");
                }
            >
                <option value="" selected>"AI crawler block…"</option>
                {AiPolicy::ALL
                    .map(|p| view! {
                        <option value=p.key()>{p.label()}</option>
                        <option value=format!("{}+preferences", p.key())>{format!("{}, with Content-Signal and Content-Usage", p.label())}</option>
                    })}
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
                        store.open_robots_file(file, store.robots);
                    }
                    input.set_value("");
                }
            />
            <label for="file-input" class="button">"Open robots.txt…"</label>
            <label class="mode-field">
                <span>"Read as"</span>
                <select
                    id="mode-select"
                    data-testid="mode-select"
                    class="button"
                    on:change:target=move |ev| {
                        if let Some(mode) = Mode::parse(&ev.target().value()) {
                            store.mode.set(mode);
                        }
                    }
                    prop:value=move || store.mode.get().as_str()
                >
                    <option value="google">"Google (what Googlebot does)"</option>
                    <option value="rfc9309">"RFC 9309 (the strict standard)"</option>
                </select>
            </label>
            <label class="mode-field">
                <span>"Fetch"</span>
                <select
                    id="fetch-outcome"
                    data-testid="fetch-outcome"
                    class="button"
                    title="How fetching robots.txt ended: RFC 9309 section 2.3.1 says what crawlers do then"
                    on:change:target=move |ev| {
                        if let Ok(outcome) = ev.target().value().parse() {
                            store.fetch.set(outcome);
                        }
                    }
                    prop:value=move || store.fetch.get().name()
                >
                    {FETCH_OUTCOMES
                        .into_iter()
                        .map(|(name, label)| view! { <option value=name>{label}</option> })
                        .collect_view()}
                </select>
            </label>
            <button
                type="button"
                class="button"
                class:button-on=move || store.compare.get()
                data-testid="compare-toggle"
                aria-pressed=move || store.compare.get().to_string()
                title="Compare this robots.txt (the draft) with another version (the live file)"
                on:click=move |_| store.set_compare(!store.compare.get_untracked())
            >
                "Compare versions"
            </button>
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
            <Show when=move || store.not_persisted.with(Option::is_some)>
                <p class="persist-note small" data-testid="not-persisted">{move || store.not_persisted.get()}</p>
            </Show>
        </div>
    }
}
