//! What the workspace's tests share (a dev-dependency only; nothing that
//! ships links it):
//!
//! - [`rng`]: the one seeded random generator of every test and benchmark
//!   that draws inputs (fixed seeds, so a failure reproduces);
//! - [`architecture`]: reads a crate's sources into its module imports and
//!   checks them against layers and for circles (the root package's
//!   `tests/architecture.rs` states the layers of the library, the CLI and
//!   the app).

#![deny(missing_docs)]

pub mod architecture;
pub mod rng;
