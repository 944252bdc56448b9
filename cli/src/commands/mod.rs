//! The subcommands, one module each.

pub mod batch;
pub mod check;
pub mod diff;
pub mod explain;
pub mod fetch;
pub mod lint;
pub mod logs;
pub mod test;
