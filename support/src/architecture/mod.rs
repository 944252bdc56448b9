//! Reads a crate's sources into its module imports and checks them
//! against the crate's layers and for circles.
//!
//! - [`tokens`]: source text as tokens, comments and literals set aside;
//! - [`source`]: what one file declares and names, module by module;
//! - [`crate_map`]: the crate's modules and the imports between them,
//!   resolved through re-exports;
//! - [`layers`]: units and layers, the arrows that cross a layer's rule,
//!   and the circles.
//!
//! It reads paths, not types: what a module names by `crate::`, `super::`,
//! `self::` or a child module's name (in `use` declarations and in code,
//! test modules included). A method called on a value of another module's
//! type names nothing and is not seen; the imports that brought the type
//! in are.

pub mod crate_map;
pub mod layers;
pub mod source;
pub mod tokens;

pub use crate_map::{CrateMap, Import, ModPath};
pub use layers::{check, Circle, Crossing, Findings, Layer};
