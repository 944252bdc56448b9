//! The app's components. Each renders what `view_model` computed and acts
//! through the store's transitions; none decides anything about robots.txt
//! itself, and none imports another (shared widgets are in [`common`]).

pub mod common;
pub mod crawlers;
pub mod editor;
pub mod explanation;
pub mod info;
pub mod matrix;
pub mod results;
pub mod toolbar;
pub mod urls;
