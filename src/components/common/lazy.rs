//! Lazy boundaries: panels whose code is not in the first download.
//!
//! A cold panel's view is built by one entry function marked
//! `#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(NAME, fallible))]`.
//! The build's split step (`scripts/lib/split.mjs`) moves that function and
//! everything only it reaches into a wasm chunk of its own, fetched the
//! first time the function is called; natively (tests), and in the worker
//! (built without the `split` feature), it is an ordinary function.
//! [`Lazy`] shows such a panel: "Loading…" while its chunk comes, then the
//! view, or a message when the chunk cannot load (offline, a 404, a changed
//! file refused by its integrity hash). A chunk that cannot load is not a
//! trap: the rest of the page keeps working, nothing stale is shown, and
//! the panel tries again the next time it is shown.
//!
//! The recipe (also in the README's size section):
//!
//! 1. move the panel's body into an entry function with owned, concrete
//!    arguments (no generics, no `impl Trait`, no references), returning
//!    `Result<AnyView, ChunkError>` (its body `Ok(view! { … }.into_any())`),
//!    marked as above with a NAME of its own (one chunk per NAME);
//! 2. show it with `<Lazy what="the NAME" view=crate::split::lazy_view!(entry(args))/>`
//!    where the panel's open state used to show the body (inside its
//!    `<Show>`), so the chunk is fetched when the panel is first opened.

use leptos::prelude::*;
use send_wrapper::SendWrapper;

pub use crate::split::{ChunkError, LazyView};

/// Shows the view a lazy entry function builds: "Loading…" until its
/// chunk is in, or a message naming `what` could not load.
#[component]
pub fn Lazy(
    /// What the panel is, as the failure message names it ("the matrix").
    what: &'static str,
    /// The entry function's call, through `split::lazy_view!`.
    view: LazyView,
) -> impl IntoView {
    // The load is bound to the page's thread; Suspend takes `Send` futures.
    let view = SendWrapper::new(view);
    view! {
        <Suspense fallback=|| view! { <p class="muted small" data-testid="lazy-loading">"Loading…"</p> }>
            {Suspend::new(async move {
                match view.await {
                    Ok(view) => view,
                    Err(ChunkError) => view! {
                        <p class="message message-error" role="alert" data-testid="lazy-failed">
                            {format!(
                                "The code for {what} could not be loaded (offline, or the site changed since this page was opened), so it is not shown. Close and open it again to retry, or reload the page."
                            )}
                        </p>
                    }
                    .into_any(),
                }
            })}
        </Suspense>
    }
}
