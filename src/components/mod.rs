//! The app's components. Each shows what the store's entities hold (the
//! entities it needs, taken from the context) and acts through their
//! transitions; none decides anything about robots.txt itself, and none
//! imports another (shared widgets and behaviours are in [`common`]).

pub mod common;
pub mod crawlers;
pub mod editor;
pub mod expect;
pub mod explanation;
pub mod info;
pub mod logs;
pub mod matrix;
pub mod results;
pub mod toolbar;
pub mod urls;
