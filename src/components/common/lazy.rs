//! Lazy boundaries: panels whose code is not in the first download.
//!
//! A cold panel's view is built by one entry function marked
//! `#[wasm_split(NAME, fallible)]` (crate `wasm_split_helpers`). The
//! release build's split step (`scripts/lib/split.mjs`) moves that function
//! and everything only it reaches into its own wasm chunk, fetched the
//! first time the function is called; natively (tests) the function is
//! called directly. [`Lazy`] shows such a panel: "Loading…" while its
//! chunk comes, then the view, or a message when the chunk cannot load
//! (offline, a 404, a changed file refused by its integrity hash). A chunk
//! that cannot load is not a trap: the rest of the page keeps working,
//! and the panel tries again the next time it is shown.
//!
//! The recipe (README, "Size"): move the panel's body into
//! `fn NAME_view(...) -> Result<AnyView, ChunkError>` marked
//! `#[wasm_split(NAME, fallible)]` with owned, concrete arguments, and show
//! it with `<Lazy what="the NAME" view=|| Box::pin(NAME_view(..))/>`.

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use send_wrapper::SendWrapper;

/// A lazy panel's chunk could not be loaded (the browser console has the
/// reason).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkError;

impl From<wasm_split_helpers::SplitLoaderError> for ChunkError {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        ChunkError
    }
}

/// What a lazy entry function's call returns: its view, once its chunk is
/// in.
pub type LazyView = Pin<Box<dyn Future<Output = Result<AnyView, ChunkError>>>>;

/// Shows the view a lazy entry function builds: "Loading…" until its
/// chunk is in, or a message naming `what` could not load.
#[component]
pub fn Lazy(
    /// What the panel is, as the failure message names it ("the matrix").
    what: &'static str,
    /// Calls the entry function.
    view: fn() -> LazyView,
) -> impl IntoView {
    view! {
        <Suspense fallback=|| view! { <p class="muted small" data-testid="lazy-loading">"Loading…"</p> }>
            {Suspend::new(SendWrapper::new(async move {
                match view().await {
                    Ok(view) => view,
                    Err(ChunkError) => view! {
                        <p class="message message-error" role="alert" data-testid="lazy-failed">
                            {format!(
                                "The code for {what} could not be loaded (offline, or the site changed since this page was opened). Show it again to retry, or reload the page."
                            )}
                        </p>
                    }
                    .into_any(),
                }
            }))}
        </Suspense>
    }
}
