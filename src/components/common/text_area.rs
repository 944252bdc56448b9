//! A text field kept in step with one of the store's texts: it shows the
//! text again when the store replaces it from outside (a file, a link, a
//! sample) but never while the visitor types, reports what is typed, and
//! takes in a program's multi-line insert (Playwright's `fill()`) at once
//! rather than a line at a time.

use leptos::html;
use leptos::prelude::*;

use crate::browser;
use crate::store::Read;

/// The field's value: the store's text, read again when `reloads` changes
/// (and only then: typing must not rewrite the field under the caret).
pub fn reloaded(text: Read<String>, reloads: Read<u32>) -> impl Fn() -> String {
    move || {
        reloads.track();
        text.get_untracked()
    }
}

/// A `<textarea>` for one of the store's texts. Attributes and further
/// listeners given to it go to the `<textarea>`.
#[component]
pub fn TextArea(
    /// The text.
    text: Read<String>,
    /// Bumped when the text is replaced from outside.
    reloads: Read<u32>,
    /// Called with the field's whole text after each edit.
    on_text: Callback<String>,
    /// Offered the field's text with a text about to go in (a paste, a
    /// program's insert) before the field takes it: `None` when it took the
    /// text itself, so the field must not (a URL list too large to lay out
    /// in a field), else the text back.
    #[prop(optional)]
    take: Option<Callback<String, Option<String>>>,
    /// The element, for the caller's own use.
    #[prop(optional)]
    node_ref: NodeRef<html::Textarea>,
) -> impl IntoView {
    view! {
        <textarea
            node_ref=node_ref
            wrap="off"
            spellcheck="false"
            autocomplete="off"
            autocapitalize="off"
            prop:value=reloaded(text, reloads)
            on:input=move |event| {
                if let Some(target) = event.target() {
                    on_text.run(browser::field_value(&target));
                }
            }
            on:paste=move |event: leptos::ev::ClipboardEvent| {
                let (Some(take), Some(el)) = (take, node_ref.get_untracked()) else { return };
                if let Some(pasted) = browser::paste_into(&event, &el) {
                    if take.run(pasted.text).is_none() {
                        event.prevent_default();
                    }
                }
            }
            on:beforeinput=move |event: leptos::ev::InputEvent| {
                let Some(el) = node_ref.get_untracked() else { return };
                if let Some(mut inserted) = browser::take_multiline_insert(&event, &el) {
                    let text = match take {
                        Some(take) => take.run(inserted.text),
                        None => Some(inserted.text),
                    };
                    if let Some(text) = text {
                        inserted.text = text;
                        browser::write_into(&el, &inserted);
                        on_text.run(inserted.text);
                    }
                }
            }
        ></textarea>
    }
}
