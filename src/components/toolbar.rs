//! The toolbar, one row of two groups: the file (the sample it holds,
//! opening a file, the AI crawler block) and how it is read (Google or RFC
//! 9309, a simulated fetch result, comparing two versions); and the
//! shareable link, beside the title.

use leptos::prelude::*;
use robots_matcher::Mode;

use crate::browser;
use crate::components::common::show::When;
use crate::samples;
use crate::store::{use_analysis, use_inputs, use_share, Side};
use crate::view_model::{AiPolicy, FETCH_OUTCOMES};

#[component]
pub fn Toolbar() -> impl IntoView {
    let inputs = use_inputs();
    let analysis = use_analysis();
    let (mode, fetch, compare) = (inputs.mode(), inputs.fetch(), inputs.compare());

    // The sample the editor holds, named in the menu until it is edited.
    let text = inputs.text(Side::After);
    let current_sample = Memo::new(move |_| text.with(|t| samples::holding(t).map(|s| s.id)));

    view! {
        <div class="toolbar" role="toolbar" aria-label="File, reading and sharing">
            <div class="tool-group" role="group" aria-label="The file">
                <label class="tool-label" for="sample-select">"Sample"</label>
                <select
                    id="sample-select"
                    data-testid="sample-select"
                    class="button"
                    title="Load a small example that teaches one rule"
                    on:change:target=move |event| {
                        inputs.load_sample(&event.target().value());
                    }
                >
                    <option value="" selected=move || current_sample.get().is_none()>"None (your file)"</option>
                    {samples::SAMPLES
                        .iter()
                        .map(|s| view! { <option value=s.id selected=move || current_sample.get() == Some(s.id)>{s.title}</option> })
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
                            inputs.open_robots_file(browser::picked_file(file), Side::After);
                        }
                        input.set_value("");
                    }
                />
                <label for="file-input" class="button">"Open robots.txt…"</label>
                // The AI crawler block (view_model::generator): inserted at the
                // top of the file as one edit that Ctrl+Z takes back.
                <label class="visually-hidden" for="ai-block-select">"Insert an AI crawler block"</label>
                <select
                    id="ai-block-select"
                    data-testid="ai-block-select"
                    class="button select-action"
                    on:change:target=move |event| {
                        let value = event.target().value();
                        let (key, preferences) = match value.strip_suffix("+preferences") {
                            Some(key) => (key.to_string(), true),
                            None => (value, false),
                        };
                        if let Some(policy) = AiPolicy::from_key(&key) {
                            analysis.insert_ai_block(policy, preferences);
                        }
                        event.target().set_value("");
                    }
                >
                    <option value="" selected>"Insert AI block…"</option>
                    {AiPolicy::ALL
                        .map(|p| view! {
                            <option value=p.key()>{p.label()}</option>
                            <option value=format!("{}+preferences", p.key())>{format!("{}, with Content-Signal and Content-Usage", p.label())}</option>
                        })}
                </select>
            </div>
            <div class="tool-group" role="group" aria-label="How it is read">
                <label class="tool-label" for="mode-select">"Read as"</label>
                <select
                    id="mode-select"
                    data-testid="mode-select"
                    class="button"
                    title="Google: what Googlebot does. RFC 9309: the strict standard."
                    on:change:target=move |ev| {
                        if let Some(mode) = Mode::parse(&ev.target().value()) {
                            inputs.set_mode(mode);
                        }
                    }
                    prop:value=move || mode.get().as_str()
                >
                    <option value="google">"Google"</option>
                    <option value="rfc9309">"RFC 9309"</option>
                </select>
                // Nothing is fetched: this picks how a crawler's fetch of
                // robots.txt ended, to see what it then does.
                <label class="tool-label" for="fetch-outcome">"Simulated fetch"</label>
                <select
                    id="fetch-outcome"
                    data-testid="fetch-outcome"
                    class="button select-fetch"
                    title="Nothing is fetched: pick how a crawler's fetch of robots.txt ended (RFC 9309 section 2.3.1 says what it does then)"
                    on:change:target=move |ev| {
                        if let Ok(outcome) = ev.target().value().parse() {
                            inputs.set_fetch(outcome);
                        }
                    }
                    prop:value=move || fetch.get().name()
                >
                    {FETCH_OUTCOMES
                        .into_iter()
                        .map(|(name, label)| view! { <option value=name>{label}</option> })
                        .collect_view()}
                </select>
                <button
                    type="button"
                    class="button"
                    class:button-on=move || compare.get()
                    data-testid="compare-toggle"
                    aria-pressed=move || compare.get().to_string()
                    title="Compare this robots.txt (the draft) with another version (the live file)"
                    on:click=move |_| inputs.set_compare(!compare.get_untracked())
                >
                    "Compare versions"
                </button>
            </div>
        </div>
    }
}

/// The shareable link: the button, the field showing the link when the
/// clipboard refused it, and why the state is not kept in this browser.
#[component]
pub fn ShareLink() -> impl IntoView {
    let share = use_share();
    let link_field = share.link_field();
    let field_ref: NodeRef<leptos::html::Input> = NodeRef::new();
    let not_persisted = share.not_persisted();

    // Select the fallback field's text as soon as it appears.
    crate::reactive::effect(move |_| {
        if link_field.with(Option::is_some) {
            if let Some(input) = field_ref.get() {
                let _ = input.focus();
                input.select();
            }
        }
    });

    view! {
        <div class="share">
            <button type="button" class="button button-primary" data-testid="copy-link" on:click=move |_| share.copy_link()>
                "Copy link"
            </button>
            <When when=move || link_field.with(Option::is_some)>
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
            </When>
            <When when=move || not_persisted.with(Option::is_some)>
                <p class="persist-note small" data-testid="not-persisted">{move || not_persisted.get()}</p>
            </When>
        </div>
    }
}
