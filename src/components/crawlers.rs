//! The crawler field and the preset picker: a type-ahead search over the
//! known crawlers, and the whole list grouped by purpose.

use leptos::ev;
use leptos::prelude::*;

use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::show::When;
use crate::components::common::text_area::reloaded;
use crate::crawlers::{self, CrawlerPreset};
use crate::store::use_inputs;
use crate::view_model::describe_crawler;

/// Matches shown by the type-ahead search.
const SUGGESTIONS: usize = 8;

/// A preset in words: its operator and what its spec means.
fn preset_note(preset: &CrawlerPreset) -> String {
    let mut note = preset.operator.to_string();
    if !preset.fallbacks.is_empty() {
        note.push_str(&format!(" · else {}", preset.fallbacks.join(", else ")));
    }
    if preset.ignores_wildcard {
        note.push_str(" · ignores *");
    }
    note
}

#[component]
pub fn CrawlerPicker() -> impl IntoView {
    let inputs = use_inputs();
    view! {
        <div class="field">
            <label for="agent-input">"Crawlers"</label>
            <input
                id="agent-input"
                data-testid="agent-input"
                type="text"
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-describedby="agent-help"
                prop:value=reloaded(inputs.agents(), inputs.reloads())
                on:input:target=move |event| inputs.edit_agents(event.target().value())
            />
            <p id="agent-help" class="hint">
                "Comma-separated user-agent tokens. "
                <code>"Googlebot-Image>Googlebot"</code>
                " falls back to the Googlebot group; "
                <code>"AdsBot-Google>!*"</code>
                " ignores the * group."
            </p>
            <Chips/>
            <AddByPurpose/>
            <Search/>
            <Browse/>
        </div>
    }
}

/// The crawlers in the field, readable, each removable.
#[component]
fn Chips() -> impl IntoView {
    let inputs = use_inputs();
    let crawlers = inputs.crawlers();
    view! {
        <ul class="chips" aria-label="Crawlers being checked">
            {move || {
                crawlers
                    .get()
                    .entries
                    .iter()
                    .enumerate()
                    .map(|(index, entry)| {
                        let (text, error) = match &entry.crawler {
                            Ok(crawler) => (describe_crawler(crawler), None),
                            Err(error) => (entry.spec.clone(), Some(error.to_string())),
                        };
                        let label = format!("Remove {}", entry.spec);
                        view! {
                            <li class="chip" class:chip-invalid=error.is_some() title=error.clone().unwrap_or_default()>
                                {error.is_some().then(|| view! { <span class="chip-flag">"invalid: "</span> })}
                                <span>{text}</span>
                                <button type="button" class="chip-remove" aria-label=label on:click=move |_| inputs.remove_crawler(index)>
                                    "×"
                                </button>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}

/// One click adds every preset of a purpose (all AI-training crawlers, all
/// search crawlers, ...), for the matrix and its audit.
#[component]
fn AddByPurpose() -> impl IntoView {
    let inputs = use_inputs();
    view! {
        <div class="add-purpose" role="group" aria-labelledby="add-purpose-label">
            <span id="add-purpose-label" class="sub-label">"Add every crawler of a purpose"</span>
            {crawlers::by_purpose()
                .into_iter()
                .map(|(purpose, presets)| {
                    let specs: Vec<String> = presets.iter().map(|p| p.spec()).collect();
                    let label = format!("{} ({})", purpose.label(), specs.len());
                    view! {
                        <button
                            type="button"
                            class="button button-small"
                            data-testid="add-purpose"
                            data-purpose=purpose.key()
                            on:click=move |_| inputs.add_crawlers(specs.iter().map(String::as_str))
                        >
                            {label}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Type-ahead search over the presets (a combobox with a listbox).
#[component]
fn Search() -> impl IntoView {
    let inputs = use_inputs();
    let query = RwSignal::new(String::new());
    let active = RwSignal::new(0usize);
    let matches = Memo::new(move |_| {
        query.with(|q| {
            if q.trim().is_empty() {
                Vec::new()
            } else {
                crawlers::search(q, SUGGESTIONS)
            }
        })
    });
    let choose = move |preset: &CrawlerPreset| {
        inputs.add_crawlers([preset.spec().as_str()]);
        query.set(String::new());
        active.set(0);
    };
    let on_keydown = move |event: ev::KeyboardEvent| {
        let count = matches.with(Vec::len);
        match event.key().as_str() {
            "ArrowDown" if count > 0 => {
                event.prevent_default();
                active.update(|a| *a = (*a + 1) % count);
            }
            "ArrowUp" if count > 0 => {
                event.prevent_default();
                active.update(|a| *a = (*a + count - 1) % count);
            }
            "Enter" if count > 0 && !event.ctrl_key() && !event.meta_key() => {
                event.prevent_default();
                if let Some(preset) = matches.with(|m| m.get(active.get_untracked()).copied()) {
                    choose(preset);
                }
            }
            "Escape" => query.set(String::new()),
            _ => {}
        }
    };
    view! {
        <div class="picker">
            <label for="crawler-search" class="sub-label">"Add a known crawler"</label>
            <input
                id="crawler-search"
                data-testid="crawler-search"
                type="search"
                role="combobox"
                placeholder="Search by name or operator, e.g. gpt, bing, openai"
                autocomplete="off"
                spellcheck="false"
                aria-autocomplete="list"
                aria-controls="crawler-options"
                aria-expanded=move || (!matches.with(Vec::is_empty)).to_string()
                aria-activedescendant=move || {
                    (!matches.with(Vec::is_empty)).then(|| format!("crawler-option-{}", active.get()))
                }
                prop:value=move || query.get()
                on:input:target=move |event| {
                    query.set(event.target().value());
                    active.set(0);
                }
                on:keydown=on_keydown
            />
            <ul id="crawler-options" role="listbox" class="options" aria-label="Matching crawlers">
                {move || {
                    let query_empty = query.with(|q| q.trim().is_empty());
                    let list = matches.get();
                    if list.is_empty() && !query_empty {
                        return view! { <li class="muted option-empty">"No known crawler matches; type its token into the field above."</li> }
                            .into_any();
                    }
                    list.into_iter()
                        .enumerate()
                        .map(|(i, preset)| {
                            view! {
                                <li
                                    id=format!("crawler-option-{i}")
                                    role="option"
                                    class="option"
                                    data-testid="crawler-option"
                                    aria-selected=move || (active.get() == i).to_string()
                                    on:mousedown=move |event: ev::MouseEvent| {
                                        event.prevent_default();
                                        choose(preset);
                                    }
                                >
                                    <span class="option-token">{preset.token}</span>
                                    <span class="option-note">{preset_note(preset)}</span>
                                    <span class="option-purpose">{preset.purpose.label()}</span>
                                </li>
                            }
                        })
                        .collect_view()
                        .into_any()
                }}
            </ul>
        </div>
    }
}

/// Every preset, grouped by purpose; rendered only while open.
#[component]
fn Browse() -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <details class="browse" on:toggle:target=move |event| open.set(event.target().open())>
            <summary>{format!("Browse all {} known crawlers by purpose", crawlers::presets().len())}</summary>
            <When when=move || open.get()>
                <Lazy what="the list of known crawlers" view=crate::split::lazy_view!(browse_groups())/>
            </When>
        </details>
    }
}

/// Every preset, grouped by purpose: the lazy panel's entry (its code loads when it is first
/// shown; see `components::common::lazy`).
#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(browse, fallible))]
fn browse_groups() -> Result<AnyView, ChunkError> {
    let inputs = use_inputs();
    Ok(view! {
                <div class="browse-groups">
                    {crawlers::by_purpose()
                        .into_iter()
                        .map(|(purpose, presets)| {
                            view! {
                                <section class="browse-group">
                                    <h3>{purpose.label()}</h3>
                                    <ul class="preset-list">
                                        {presets
                                            .into_iter()
                                            .map(|preset| {
                                                let spec = preset.spec();
                                                let title = preset_note(preset);
                                                let label = format!("Add {} ({})", preset.token, title);
                                                view! {
                                                    <li>
                                                        <button
                                                            type="button"
                                                            class="preset"
                                                            title=title
                                                            aria-label=label
                                                            on:click=move |_| inputs.add_crawlers([spec.as_str()])
                                                        >
                                                            {preset.token}
                                                            {preset.ignores_wildcard.then_some(" (ignores *)")}
                                                            {(!preset.fallbacks.is_empty())
                                                                .then(|| format!(" → {}", preset.fallbacks.join(" → ")))}
                                                        </button>
                                                    </li>
                                                }
                                            })
                                            .collect_view()}
                                    </ul>
                                </section>
                            }
                        })
                        .collect_view()}
                </div>
    }
    .into_any())
}
