//! robots.txt playground: the browser app around the `robots_matcher` crate.
//!
//! `crawlers`, `samples` and `state` are plain Rust so they test natively
//! with `cargo test`; everything touching the DOM lives in `app` (and later
//! component modules).

pub mod app;
pub mod browser;
pub mod components;
pub mod crawlers;
pub mod samples;
pub mod state;
pub mod view_model;
