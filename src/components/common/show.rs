//! [`When`]: Leptos' `<Show>` through one instantiation for the app.
//!
//! `<Show>` is generic over its condition's closure and its children's view
//! type, so each use compiled its own copy of the component: the memo of the
//! condition, the switch between the children and the fallback, and their
//! rendering (about 0.9 KB of wasm a use). `When` boxes the condition and
//! takes its children as a `ChildrenFn` (an `AnyView`), so Leptos' `<Show>`
//! is compiled once. It shows the same thing, the same way: the children
//! while the condition holds, else the fallback, switching only when the
//! condition's value changes.

use leptos::prelude::*;

/// The children while `when` returns `true`, else `fallback` (nothing by
/// default); `when` is a memo, so the view changes only when its value does.
#[component]
pub fn When(
    /// Whether the children are shown.
    when: impl Fn() -> bool + Send + Sync + 'static,
    /// What is shown while `when` holds.
    children: ChildrenFn,
    /// What is shown otherwise.
    #[prop(optional, into)]
    fallback: ViewFn,
) -> AnyView {
    shown_when(Box::new(when), children, fallback)
}

/// [`When`] for every condition: the one instantiation of `<Show>`.
fn shown_when(
    when: Box<dyn Fn() -> bool + Send + Sync>,
    children: ChildrenFn,
    fallback: ViewFn,
) -> AnyView {
    view! { <Show when=move || when() fallback=fallback>{children()}</Show> }.into_any()
}
