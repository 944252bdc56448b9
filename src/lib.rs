//! robots.txt playground: the browser app around the `robots_matcher` crate.
//!
//! - [`view_model`]: everything shown, computed in plain Rust and tested
//!   natively (with [`crawlers`] presets, [`samples`] and the [`link`]
//!   codec);
//! - [`store`]: the state, its transitions, and the jobs that compute
//!   verdicts a slice at a time; [`persist`] keeps the link in step;
//! - [`components`] render and act through the store; [`app`] lays them
//!   out; [`browser`] wraps the browser APIs.

pub mod app;
pub mod browser;
pub mod components;
pub mod crawlers;
pub mod link;
pub mod persist;
pub mod samples;
pub mod store;
pub mod view_model;
