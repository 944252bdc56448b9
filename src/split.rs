//! Split points: code the page fetches when it is first needed, not with
//! the first download (the build's split step, `scripts/lib/split.mjs`,
//! moves each entry function marked
//! `#[cfg_attr(feature = "split", wasm_split_helpers::wasm_split(NAME, fallible))]`
//! and whatever only it reaches into a wasm chunk `lazy-NAME-HASH.wasm`).
//! An entry returns `Result<_, ChunkError>`: where it is a split point
//! (the app's wasm, with the `split` feature) it is `async` and fails with
//! [`ChunkError`] when its chunk cannot be loaded; natively and in the
//! worker it is an ordinary function that never fails. Panels use
//! `split::lazy_view!` with `components::common::lazy::Lazy`;
//! data entries (the URL-file readers) use `lazy_call!`.

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::AnyView;

/// A lazy panel's chunk could not be loaded (the browser console has the
/// reason).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkError;

#[cfg(feature = "split")]
impl From<wasm_split_helpers::SplitLoaderError> for ChunkError {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        ChunkError
    }
}

/// A lazy entry function's call: its view, once its chunk is in.
pub type LazyView = Pin<Box<dyn Future<Output = Result<AnyView, ChunkError>>>>;

/// The call of a lazy entry function as a [`LazyView`]: the function's
/// future where it is a split point, its result at once where it is not
/// (without the `split` feature).
macro_rules! lazy_view {
    ($call:expr) => {{
        #[cfg(feature = "split")]
        let view: $crate::split::LazyView = ::std::boxed::Box::pin($call);
        #[cfg(not(feature = "split"))]
        let view: $crate::split::LazyView = ::std::boxed::Box::pin(::std::future::ready($call));
        view
    }};
}

/// Calls lazy entry function `$call` and waits for its result: its
/// future where it is a split point, its result at once where it is not
/// (without the `split` feature). Only inside an `async` block.
macro_rules! lazy_call {
    ($call:expr) => {{
        #[cfg(feature = "split")]
        let result = $call.await;
        #[cfg(not(feature = "split"))]
        let result = $call;
        result
    }};
}
pub(crate) use lazy_call;
pub(crate) use lazy_view;
