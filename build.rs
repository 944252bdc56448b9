//! Keeps the linker's relocations in the app's wasm (not the worker's, nor
//! any native build): the release build's split step reads them to move
//! lazy panels' code into chunks of their own (scripts/lib/split.mjs), and
//! drops them; the worker, which is not split, would carry them.

fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo::rustc-link-arg-bin=robots-playground=--emit-relocs");
    }
}
