//! What the workspace's tests share (a dev-dependency only; nothing that
//! ships links it):
//!
//! - [`rng`]: the one seeded random generator of every test and benchmark
//!   that draws inputs (fixed seeds, so a failure reproduces);
//! - [`files`]: robots.txt files built from generated rules;
//! - [`corpus`]: the shared corpus of real robots.txt files, found or
//!   skipped the same way by every test that reads all of it;
//! - [`architecture`]: reads a crate's sources into its module imports and
//!   checks them against layers and for circles (the root package's
//!   `tests/architecture.rs` states the layers of the library, the CLI and
//!   the app).

#![deny(missing_docs)]

pub mod architecture;
pub mod corpus;
pub mod files;
pub mod rng;
