//! Browser entry point, built to WebAssembly by trunk.

fn main() {
    // Route Rust panics to the browser console instead of an opaque trap.
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(robots_playground::app::App);
}
