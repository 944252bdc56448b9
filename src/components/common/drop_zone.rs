//! A zone files can be dropped on (the editor, the URL list): marked while
//! something is dragged over it, and handing dropped files to the store.

use leptos::ev;
use leptos::prelude::*;

use crate::browser;
use crate::store::PickedFile;

/// Wraps `children` in a `div` of `class` that takes dropped files (text
/// dropped on it goes where the browser puts it).
#[component]
pub fn DropZone(
    /// The wrapper's class; `dragging` is added while something is
    /// dragged over it.
    class: &'static str,
    /// What to do with the files dropped.
    on_files: Callback<Vec<PickedFile>>,
    children: Children,
) -> impl IntoView {
    let dragging = RwSignal::new(false);
    let on_drop = move |event: ev::DragEvent| {
        dragging.set(false);
        let files = browser::picked_files(event.data_transfer().and_then(|dt| dt.files()));
        if !files.is_empty() {
            event.prevent_default();
            on_files.run(files);
        }
    };
    view! {
        <div
            class=class
            class:dragging=move || dragging.get()
            on:dragover=move |event: ev::DragEvent| {
                event.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop
        >
            {children()}
        </div>
    }
}
