//! The app's effects through one copy of Leptos' effect machinery.
//!
//! `Effect::new` is generic over its closure, so each call site compiled
//! its own copy of the effect's task (the loop that waits for a change,
//! runs the closure and keeps its value): twelve copies of about 0.5 KB of
//! wasm each before the closure's own code. [`effect`] boxes the closure
//! and hands Leptos one closure type, so the machinery is compiled once;
//! the price is one allocation per effect and an indirect call per run.
//! See the README ("Size") for what it saved.

use leptos::prelude::*;

/// An effect: runs `run` after the current render and again whenever what
/// it read last time changes. `run` gets whether this is its first run.
pub fn effect(run: impl FnMut(bool) + 'static) {
    boxed_effect(Box::new(run));
}

/// [`effect`] for every closure: the one instantiation of `Effect::new`.
fn boxed_effect(mut run: Box<dyn FnMut(bool)>) {
    Effect::new(move |previous: Option<()>| run(previous.is_none()));
}
