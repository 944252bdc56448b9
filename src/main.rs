//! Browser entry point, built to WebAssembly by trunk.

fn main() {
    // Route Rust panics to the browser console instead of an opaque trap.
    // Release builds from the scripts make a panic a bare trap instead (see
    // SIZE_OPTIONS_ENV in scripts/lib/ensure.sh), so this serves dev builds.
    // Either way the trap that follows puts up the failure banner
    // (src/components/failure_banner.js): no hook is needed for that.
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(robots_playground::app::App);
}
