//! The file's size and lines, and Google's 500 KiB limit with the switch to
//! read past it, shown when the file is over it.

use leptos::prelude::*;

use super::id;
use crate::components::common::show::When;
use crate::store::{use_inputs, Side};
use crate::view_model::{format_size, plural};

/// File size, lines, and the Google size limit switch when it matters.
#[component]
pub fn SizeStatus(side: Side) -> impl IntoView {
    let inputs = use_inputs();
    let (text, document) = (inputs.text(side), inputs.document(side));
    let size_limited = inputs.size_limited();
    let status = Memo::new(move |_| {
        document.with(|d| (d.robots.input_len(), d.line_count(), d.robots.ignored_len()))
    });
    let over_limit = Memo::new(move |_| text.with(|t| t.len() > robots_matcher::GOOGLE_SIZE_LIMIT));
    view! {
        <div class="size-status">
            <span data-testid=id(side, "robots-size")>
                {move || {
                    let (bytes, lines, _) = status.get();
                    format!("{} · {}", format_size(bytes), plural(lines, "line", "lines"))
                }}
            </span>
            <When when=move || over_limit.get()>
                <span class="limit-note">
                    {move || {
                        let (_, _, ignored) = status.get();
                        if ignored > 0 {
                            format!("Google reads the first 500 KiB; {} are ignored.", format_size(ignored))
                        } else {
                            "Reading past Google's 500 KiB limit.".to_string()
                        }
                    }}
                </span>
                <label class="checkbox">
                    <input
                        type="checkbox"
                        prop:checked=move || !size_limited.get()
                        on:change:target=move |event| inputs.set_size_limited(!event.target().checked())
                    />
                    "Read the whole file"
                </label>
            </When>
        </div>
    }
}
