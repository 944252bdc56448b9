//! The shared corpus of real robots.txt files (`../shared/corpus/robots`
//! beside the clone), as the tests that read all of it find it.
//!
//! CI always has the corpus: there a missing corpus is a broken set-up and
//! fails the test; elsewhere the test says it skipped and passes.

use std::path::{Path, PathBuf};

/// The corpus directory, seen from the crate at `manifest_dir` (a crate
/// one level below the workspace root, as `matcher/` is).
pub fn dir(manifest_dir: &str) -> PathBuf {
    Path::new(manifest_dir).join("../../shared/corpus/robots")
}

/// Every file of the corpus, sorted by path, or `None` (with a line saying
/// so) when the corpus is absent outside CI. `test` names the test in the
/// message CI fails with.
pub fn files(manifest_dir: &str, test: &str) -> Option<Vec<PathBuf>> {
    let dir = dir(manifest_dir);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "corpus not found at {} and CI is set: {test} cannot run",
            dir.display()
        );
        println!("corpus not found at {}: skipped", dir.display());
        return None;
    };
    let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    Some(files)
}
