//! A text field kept in step with one of the store's texts: it shows the
//! text again when the store replaces it from outside (a file, a link, a
//! sample) but never while the visitor types, reports what is typed, and
//! takes in a program's multi-line insert (Playwright's `fill()`) at once
//! rather than a line at a time. The `<textarea>` stays in its component's
//! markup; this gives it its value and listeners.

use leptos::ev;
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

/// A `<textarea>` bound to one of the store's texts: its element takes
/// `node_ref`, `prop:value` from [`reloaded`], and the listeners below.
#[derive(Clone, Copy)]
pub struct TextField {
    /// The element.
    pub node: NodeRef<html::Textarea>,
}

impl TextField {
    /// A field not yet in the page.
    pub fn new() -> TextField {
        TextField {
            node: NodeRef::new(),
        }
    }

    /// For `on:input`: hands the field's whole text to `edit`.
    pub fn on_input(self, edit: impl Fn(String) + 'static) -> impl Fn(ev::Event) + 'static {
        move |event: ev::Event| {
            if let Some(target) = event.target() {
                edit(browser::field_value(&target));
            }
        }
    }

    /// For `on:paste`: offers the field's text with the paste in it to
    /// `take`, which returns `None` when it took the text itself (a URL
    /// list too large to lay out in a field): the field then does not.
    pub fn on_paste(
        self,
        take: impl Fn(String) -> Option<String> + 'static,
    ) -> impl Fn(ev::ClipboardEvent) + 'static {
        move |event: ev::ClipboardEvent| {
            let Some(el) = self.node.get_untracked() else {
                return;
            };
            if let Some(pasted) = browser::paste_into(&event, &el) {
                if take(pasted.text).is_none() {
                    event.prevent_default();
                }
            }
        }
    }

    /// For `on:beforeinput`: takes a program's multi-line insert at once,
    /// offering the field's text with it to `take` (as for a paste); when
    /// `take` gives it back, it goes into the field and to `edit`.
    pub fn on_beforeinput(
        self,
        take: impl Fn(String) -> Option<String> + 'static,
        edit: impl Fn(String) + 'static,
    ) -> impl Fn(ev::InputEvent) + 'static {
        move |event: ev::InputEvent| {
            let Some(el) = self.node.get_untracked() else {
                return;
            };
            if let Some(mut inserted) = browser::take_multiline_insert(&event, &el) {
                if let Some(text) = take(inserted.text) {
                    inserted.text = text;
                    browser::write_into(&el, &inserted);
                    edit(inserted.text);
                }
            }
        }
    }
}

impl Default for TextField {
    fn default() -> TextField {
        TextField::new()
    }
}
