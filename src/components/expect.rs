//! Expectations next to the URLs: a field of lines like `Googlebot,
//! bingbot allowed /`, each crawler and URL's row passing or failing as
//! the robots.txt is edited, the mistakes with their lines, and the files
//! opened (the file picker) and saved. The panel's body is a lazy chunk (`expect-panel`),
//! fetched when the panel is first opened.

use leptos::prelude::*;

use crate::browser;
use crate::components::common::lazy::{ChunkError, Lazy};
use crate::components::common::text_area::{reloaded, TextField};
use crate::store::{use_expect, use_inputs, Expect, Inputs, Side};
use crate::view_model::ExpectRow;

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
        {move || report.with(|report| report.as_ref().map(|report| {
            let errors = (!report.errors.is_empty()).then(|| view! {
                <ul class="expect-errors" data-testid="expect-errors">
                    {report.errors.iter().map(|e| view! { <li class="message message-error" data-testid="expect-error">{e.clone()}</li> }).collect_view()}
                </ul>
            });
            let rows = report.rows.iter().map(|row| expect_row(inputs, row)).collect_view();
            view! {
                {errors}
                <p
                    class={if report.failed > 0 { "expect-summary expect-failing" } else { "expect-summary" }}
                    data-testid="expect-summary"
                    data-passed=report.passed.to_string()
                    data-failed=report.failed.to_string()
                >
                    {report.summary()}
                </p>
                <table class="expect-rows">
                    <thead>
                        <tr><th>"Line"</th><th>"Crawler"</th><th>"URL"</th><th>"Expected"</th><th>"Got"</th><th>"Decided by"</th></tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            }
        }))}
    }
    .into_any())
}

/// One crawler and URL of an expectation: failing rows say what the file
/// gives instead, and their deciding line shows in the editor on a click.
fn expect_row(inputs: Inputs, row: &ExpectRow) -> impl IntoView {
    let line = row.deciding_line;
    let decided = if line > 0 {
        view! {
            <button
                type="button"
                class="button-link expect-line"
                data-testid="expect-line"
                title="Show this line in the editor"
                on:click=move |_| inputs.show_line(Side::After, line, true)
            >
                {format!("L{line}  {}", row.deciding_text)}
            </button>
        }
        .into_any()
    } else {
        view! { <span class="muted">{row.deciding_text.clone()}</span> }.into_any()
    };
    view! {
        <tr
            class={if row.passed { "expect-row" } else { "expect-row expect-fail" }}
            data-testid="expect-row"
            data-line=row.line.to_string()
            data-crawler=row.crawler.clone()
            data-url=row.url.clone()
            data-passed=row.passed.to_string()
        >
            <td>{row.line}</td>
            <td>{row.crawler.clone()}</td>
            <td class="expect-url">{row.url.clone()}</td>
            <td>{row.expected.clone()}</td>
            <td>
                <span class={if row.passed { "badge badge-allowed" } else { "badge badge-disallowed" }}>
                    {format!("{} {}", if row.passed { "✓" } else { "✗" }, row.got)}
                </span>
            </td>
            <td>{decided}</td>
        </tr>
    }
}
