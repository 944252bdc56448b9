//! The app's components. Each renders what `view_model` computed; none
//! decides anything about robots.txt itself.

pub mod crawlers;
pub mod editor;
pub mod explanation;
pub mod info;
pub mod results;
pub mod toolbar;
pub mod urls;
