//! Temporary application shell: proves the build, the CSP and the test
//! pipeline end to end until the real UI lands.

use leptos::prelude::*;

use crate::samples;

#[component]
pub fn App() -> impl IntoView {
    let robots_txt = RwSignal::new(samples::default_state().robots_txt);

    view! {
        <main class="shell">
            <h1>"robots.txt playground"</h1>
            <label for="robots-txt">"robots.txt"</label>
            <textarea
                id="robots-txt"
                spellcheck="false"
                prop:value=move || robots_txt.get()
                on:input:target=move |ev| robots_txt.set(ev.target().value())
            ></textarea>
            <p class="status">{move || format!("{} lines", robots_txt.get().lines().count())}</p>
        </main>
    }
}
