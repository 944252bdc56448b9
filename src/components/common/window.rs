//! A virtual window over a long list of fixed-height items (the editor's
//! lines, the table's rows): only the items in view and a margin are
//! drawn, placed by index times the item height, so 300,000 rows or a
//! 500 KiB file cost no more to draw than a short list.

use std::ops::Range;

use leptos::ev;
use leptos::html::ElementType;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The indices of the items to draw: those in a viewport of `viewport_px`
/// scrolled `offset_px` down a list of `count` items of `item_px` each,
/// and `overscan` more on each side (so that fast scrolling shows no gap).
pub fn visible(
    offset_px: f64,
    viewport_px: f64,
    item_px: f64,
    count: usize,
    overscan: usize,
) -> Range<usize> {
    let first = ((offset_px.max(0.0) / item_px) as usize).min(count);
    let shown = (viewport_px / item_px).ceil() as usize + 1;
    first.saturating_sub(overscan)..(first + shown + overscan).min(count)
}

/// Where a scrolled element is: its scroll offsets and the height of its
/// viewport, kept up to date by [`ScrollWindow::measure`] (on scrolling and
/// focus) and on window resizes while the component lives.
#[derive(Clone, Copy)]
pub struct ScrollWindow {
    /// Pixels scrolled down.
    pub top: RwSignal<f64>,
    /// Pixels scrolled right.
    pub left: RwSignal<f64>,
    /// The viewport's height in pixels.
    pub height: RwSignal<f64>,
}

impl ScrollWindow {
    /// Follows `element`, assuming a viewport of `height` pixels until it is
    /// measured. The resize listener is removed with the component, so none
    /// outlives the element it measures.
    pub fn follow<E>(element: NodeRef<E>, height: f64) -> ScrollWindow
    where
        E: ElementType + 'static,
        E::Output: JsCast + Clone + 'static,
    {
        let window = ScrollWindow {
            top: RwSignal::new(0.0),
            left: RwSignal::new(0.0),
            height: RwSignal::new(height),
        };
        let listener = window_event_listener(ev::resize, move |_| window.measure(element));
        on_cleanup(move || listener.remove());
        window
    }

    /// Reads the element's scroll offsets and viewport height.
    pub fn measure<E>(&self, element: NodeRef<E>)
    where
        E: ElementType + 'static,
        E::Output: JsCast + Clone + 'static,
    {
        if let Some(el) = element.get_untracked() {
            self.read(el.unchecked_ref());
        }
    }

    fn read(&self, el: &web_sys::Element) {
        self.top.set(el.scroll_top() as f64);
        self.left.set(el.scroll_left() as f64);
        let height = el.client_height() as f64;
        if height > 0.0 {
            self.height.set(height);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_covers_the_view_and_its_margins() {
        // 44 px rows, 600 px in view, scrolled to row 100.
        assert_eq!(visible(4400.0, 600.0, 44.0, 300_000, 8), 92..123);
        // At the top and at the end, the margins are cut.
        assert_eq!(visible(0.0, 600.0, 44.0, 300_000, 8), 0..23);
        assert_eq!(
            visible(44.0 * 299_990.0, 600.0, 44.0, 300_000, 8),
            299_982..300_000
        );
        // Scrolled past the end (the list just shrank), or above the top
        // (the editor's padding).
        assert_eq!(visible(1e9, 600.0, 44.0, 10, 8), 2..10);
        assert_eq!(visible(-8.0, 560.0, 20.0, 5, 12), 0..5);
        assert_eq!(visible(0.0, 600.0, 44.0, 0, 8), 0..0);
    }
}
