//! robots.txt playground: the browser app around the `robots_matcher` crate.
//!
//! - [`view_model`]: everything shown, computed in plain Rust and tested
//!   natively (with [`crawlers`] presets, [`samples`] and the [`link`]
//!   codec);
//! - [`store`]: the state as a few narrow entities with named transitions,
//!   and the one driver of the jobs that compute verdicts a slice at a
//!   time; natively tested, the browser reached through its `Host` trait;
//! - [`components`] show the entities and call their transitions; [`app`]
//!   lays them out; [`browser`] wraps the browser APIs and is the store's
//!   host; [`lint_worker`] and [`logs_worker`] run the Web Workers that
//!   lint and replay logs, whose side [`worker`] is (the same wasm);
//!   [`split`] marks the code the page loads when it is first needed;
//!   [`wire`] reads the messages between the page and its workers.
//!
//! Arrows run one way: `robots_matcher` <- `view_model` <- `store` <-
//! `components`.

pub mod app;
pub mod browser;
pub mod components;
pub mod crawlers;
pub mod link;
pub mod lint_worker;
pub mod logs_worker;
pub mod reactive;
pub mod samples;
pub mod split;
pub mod store;
pub mod view_model;
pub mod wire;
pub mod worker;
