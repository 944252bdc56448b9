//! Expectations, below the results: a field of lines like `Googlebot,
//! bingbot allowed /`, each crawler and URL's row passing or failing as
//! the robots.txt is edited, the mistakes with their lines, and the files
//! opened (the file picker) and saved. The panel's body is a lazy chunk (`expect-panel`),
//! fetched when the panel is first opened.

use leptos::prelude::*;

use crate::browser;
use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::text_area::{reloaded, TextField};
use crate::store::{use_expect, use_inputs, Expect, Inputs, Side};
use wasm_bindgen::JsCast;

/// The panel: its heading and toggle now, its body when opened.
#[component]
pub fn ExpectPanel() -> impl IntoView {
    let expect = use_expect();
    let inputs = use_inputs();
    let open = expect.open();
    view! {
        <section id="expect-panel" class="card expect-card" tabindex="-1" aria-labelledby="expect-heading">
            <div class="card-head">
                <h2 id="expect-heading">"Expectations"</h2>
                <button
                    type="button"
                    class="button button-small"
                    data-testid="expect-toggle"
                    aria-expanded=move || open.get().to_string()
                    aria-controls="expect-body"
                    on:click=move |_| expect.set_open(!open.get_untracked())
                >
                    {move || if open.get() { "Hide" } else { "Say what must hold…" }}
                </button>
            </div>
            <p class="hint">"Which crawlers must stay allowed or blocked where: each passes or fails as you edit the file."</p>
            <div id="expect-body">
                {move || open.get().then(|| view! {
                    <Lazy what="the expectations" view=crate::split::lazy_view!(expect_view(expect, inputs))/>
                })}
            </div>
        </section>
    }
}

/// The panel's body: the lazy chunk's entry (see
/// `components::common::lazy`).
#[cfg_attr(
    feature = "split",
    wasm_split_helpers::wasm_split(expect_panel, fallible)
)]
fn expect_view(expect: Expect, inputs: Inputs) -> Result<AnyView, ChunkError> {
    browser::load_stylesheet("lazy-expect.css");
    let report = expect.report();
    let field = TextField::new();
    Ok(view! {
        <div class="field expect-field">
            <div class="label-row">
                <label for="expect-input">"What must hold, one a line"</label>
                <input
                    id="expect-file-input"
                    data-testid="expect-file-input"
                    class="visually-hidden file-input"
                    type="file"
                    accept=".txt,text/plain"
                    on:change:target=move |event| {
                        let input = event.target();
                        if let Some(file) = browser::picked_files(input.files()).into_iter().next() {
                            expect.open_file(file);
                        }
                        input.set_value("");
                    }
                />
                <label for="expect-file-input" class="button button-small">"Open file…"</label>
                <button type="button" class="button button-small" data-testid="expect-save" on:click=move |_| expect.save()>
                    "Save"
                </button>
            </div>
            <textarea
                id="expect-input"
                data-testid="expect-input"
                class="expect-input"
                node_ref=field.node
                rows="4"
                wrap="off"
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-describedby="expect-help"
                placeholder="Googlebot, bingbot allowed /\n* disallowed /admin/"
                prop:value=reloaded(expect.text(), expect.reloads())
                on:input=field.on_input(move |text| expect.edit(text))
                on:paste=field.on_paste(move |text| expect.take_paste(text))
            ></textarea>
            <p id="expect-help" class="hint">
                "Crawlers (comma-separated), then "<code>"allowed"</code>" or "<code>"disallowed"</code>
                ", then a URL or path: "<code>"Googlebot, bingbot allowed /"</code>". "<code>"#"</code>
                " starts a comment. The same file runs in CI with "<code>"robotstxt test"</code>"."
            </p>
        </div>
        // The report's markup, escaped by the view model; a deciding
        // line's button carries its number in `data-jump`.
        <div
            class="expect-report"
            on:click=move |ev| {
                let line = ev
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .and_then(|el| el.get_attribute("data-jump"))
                    .and_then(|line| line.parse().ok());
                if let Some(line) = line {
                    inputs.show_line(Side::After, line, true);
                }
            }
            inner_html=move || report.with(|r| r.as_ref().map(|r| r.markup.clone()).unwrap_or_default())
        ></div>
    }
    .into_any())
}
