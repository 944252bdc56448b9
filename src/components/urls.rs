//! The URL list: one URL per line, absolute or relative.

use leptos::prelude::*;

use crate::app::use_ctx;
use crate::view_model::plural;

#[component]
pub fn UrlInput() -> impl IntoView {
    let ctx = use_ctx();
    let count = Memo::new(move |_| ctx.url_list.with(|u| u.urls.len()));
    view! {
        <div class="field">
            <div class="label-row">
                <label for="urls-input">"URLs"</label>
                <span class="muted small" data-testid="url-count">{move || plural(count.get(), "URL", "URLs")}</span>
            </div>
            <textarea
                id="urls-input"
                data-testid="urls-input"
                class="urls-input"
                rows="6"
                wrap="off"
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-describedby="urls-help"
                prop:value=move || {
                    ctx.external.get();
                    ctx.urls.get_untracked()
                }
                on:input:target=move |event| ctx.urls.set(event.target().value())
            ></textarea>
            <p id="urls-help" class="hint">
                "One per line: full URLs or paths like "<code>"/shop?id=1"</code>". Only the path and query are matched."
            </p>
        </div>
    }
}
