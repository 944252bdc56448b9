//! A zone files can be dropped on (the editor, the URL list): marked while
//! something is dragged over it, and handing dropped files to the store.

use leptos::ev;
use leptos::prelude::*;

use crate::browser;
use crate::store::PickedFile;

/// Whether something is dragged over the zone, and its listeners: the
/// zone's element takes `class:dragging`, `on:dragover`, `on:dragleave` and
/// `on:drop` from here (text dropped on it goes where the browser puts it).
#[derive(Clone, Copy)]
pub struct DropZone {
    /// Something is dragged over the zone.
    pub dragging: RwSignal<bool>,
}

impl DropZone {
    /// A zone nothing is dragged over yet.
    pub fn new() -> DropZone {
        DropZone {
            dragging: RwSignal::new(false),
        }
    }

    /// For `on:dragover`: marks the zone, and lets it take the drop.
    pub fn over(self) -> impl Fn(ev::DragEvent) + 'static {
        move |event: ev::DragEvent| {
            event.prevent_default();
            self.dragging.set(true);
        }
    }

    /// For `on:dragleave`.
    pub fn leave(self) -> impl Fn(ev::DragEvent) + 'static {
        move |_| self.dragging.set(false)
    }

    /// For `on:drop`: hands the files dropped, if any, to `take`.
    pub fn drop(
        self,
        take: impl Fn(Vec<PickedFile>) + 'static,
    ) -> impl Fn(ev::DragEvent) + 'static {
        move |event: ev::DragEvent| {
            self.dragging.set(false);
            let files = browser::picked_files(event.data_transfer().and_then(|dt| dt.files()));
            if !files.is_empty() {
                event.prevent_default();
                take(files);
            }
        }
    }
}

impl Default for DropZone {
    fn default() -> DropZone {
        DropZone::new()
    }
}
