//! A crate's modules, read from its `src/` directory, and the imports
//! between them: every path a module names, resolved to the module that
//! defines what it names (through re-exports, globs included).
//!
//! The crate's root is `lib.rs` (or `main.rs` when there is no `lib.rs`;
//! a `main.rs` beside a `lib.rs` is a binary of its own, which reaches the
//! library by its name, and is not read). `a.rs` and `a/mod.rs` are the
//! module `a`, `a/b.rs` is `a::b`, and `mod x { ... }` is a module inside
//! its file's.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::source::{scopes, RefKind, Reference};

/// A module's path from the crate's root (empty for the root).
pub type ModPath = Vec<String>;

/// One module's part of the map.
#[derive(Debug, Default)]
struct Module {
    children: BTreeSet<String>,
    items: BTreeSet<String>,
    /// Re-exports by the name they give: the absolute path they name.
    reexports: BTreeMap<String, Vec<String>>,
    /// Glob re-exports (`pub use x::*`): the absolute module path.
    globs: Vec<Vec<String>>,
}

/// A path one module names that leads to another module's definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The module that names it.
    pub from: ModPath,
    /// The file (as [`CrateMap::read`] shows it).
    pub file: String,
    /// The line it is on.
    pub line: usize,
    /// The path as written.
    pub written: String,
    /// The module that defines what it names (or the module it names).
    pub to: ModPath,
    /// A re-export (`pub use`) rather than a use.
    pub reexport: bool,
}

/// A crate's modules and their imports.
#[derive(Debug)]
pub struct CrateMap {
    modules: BTreeMap<ModPath, Module>,
    /// Where each module is written.
    files: BTreeMap<ModPath, String>,
    /// Every import, in file and line order.
    pub imports: Vec<Import>,
}

/// A reference with where it was found.
struct Found {
    module: ModPath,
    file: String,
    reference: Reference,
}

impl CrateMap {
    /// Reads every `.rs` file under `src`; messages name the files as
    /// `shown_as` followed by their path below `src` (`matcher/src` gives
    /// `matcher/src/verdict.rs`).
    ///
    /// # Errors
    ///
    /// When a file or directory cannot be read.
    pub fn read(src: &Path, shown_as: &str) -> std::io::Result<CrateMap> {
        let mut files = Vec::new();
        walk(src, &mut files)?;
        files.sort();
        let has_lib = src.join("lib.rs").is_file();
        let mut sources = Vec::new();
        for file in files {
            let relative = file
                .strip_prefix(src)
                .unwrap_or(&file)
                .to_string_lossy()
                .replace('\\', "/");
            if has_lib && relative == "main.rs" {
                continue;
            }
            let text = std::fs::read_to_string(&file)?;
            sources.push((relative, text));
        }
        let mut map = CrateMap::from_sources(sources.iter().map(|(p, t)| (p.as_str(), t.as_str())));
        let shown =
            |file: &mut String| *file = format!("{}/{file}", shown_as.trim_end_matches('/'));
        map.files.values_mut().for_each(shown);
        map.imports.iter_mut().for_each(|i| shown(&mut i.file));
        Ok(map)
    }

    /// The map of the files given as (path relative to `src/`, text).
    pub fn from_sources<'a>(sources: impl IntoIterator<Item = (&'a str, &'a str)>) -> CrateMap {
        let mut modules: BTreeMap<ModPath, Module> = BTreeMap::new();
        let mut files = BTreeMap::new();
        let mut found = Vec::new();
        for (file, text) in sources {
            let Some(file_module) = module_of_file(file) else {
                continue;
            };
            // A file's module is a child of its parent.
            if let Some((name, parent)) = file_module.split_last() {
                modules
                    .entry(parent.to_vec())
                    .or_default()
                    .children
                    .insert(name.clone());
            }
            for scope in scopes(text) {
                let mut path = file_module.clone();
                path.extend(scope.path.iter().cloned());
                files
                    .entry(path.clone())
                    .or_insert_with(|| file.to_string());
                let module = modules.entry(path.clone()).or_default();
                module.children.extend(scope.children);
                module.items.extend(scope.items);
                for reference in scope.references {
                    found.push(Found {
                        module: path.clone(),
                        file: file.to_string(),
                        reference,
                    });
                }
            }
        }
        let mut map = CrateMap {
            modules,
            files,
            imports: Vec::new(),
        };
        // Re-exports first: resolving a use may go through any of them.
        for f in &found {
            if let RefKind::Use { public: true, name } = &f.reference.kind {
                let Some(target) = map.absolute(&f.module, &f.reference.segments) else {
                    continue;
                };
                let module = map.modules.entry(f.module.clone()).or_default();
                match name {
                    Some(name) if name != "_" => {
                        module.reexports.insert(name.clone(), target);
                    }
                    Some(_) => {}
                    None => module.globs.push(target),
                }
            }
        }
        for f in found {
            let Some(target) = map.absolute(&f.module, &f.reference.segments) else {
                continue;
            };
            let to = map.resolve(&target, 0).0;
            map.imports.push(Import {
                from: f.module,
                file: f.file,
                line: f.reference.line,
                written: f.reference.written(),
                to,
                reexport: matches!(f.reference.kind, RefKind::Use { public: true, .. }),
            });
        }
        map.imports
            .sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        map
    }

    /// Every module of the crate, the root included.
    pub fn modules(&self) -> impl Iterator<Item = &ModPath> {
        self.modules.keys()
    }

    /// The file a module is written in.
    pub fn file_of(&self, module: &[String]) -> Option<&str> {
        self.files.get(module).map(String::as_str)
    }

    /// `segments` as written in `module`, from the crate's root; `None`
    /// for a path into another crate.
    fn absolute(&self, module: &[String], segments: &[String]) -> Option<Vec<String>> {
        let first = segments.first()?;
        let mut at: Vec<String> = module.to_vec();
        let rest = match first.as_str() {
            "crate" => {
                at.clear();
                &segments[1..]
            }
            "self" => &segments[1..],
            "super" => {
                let supers = segments.iter().take_while(|s| *s == "super").count();
                for _ in 0..supers {
                    at.pop()?;
                }
                &segments[supers..]
            }
            name if self
                .modules
                .get(module)
                .is_some_and(|m| m.children.contains(name)) =>
            {
                segments
            }
            _ => return None,
        };
        at.extend(rest.iter().cloned());
        Some(at)
    }

    /// The module that defines what the absolute path names, and whether
    /// the name was found (rather than assumed to be the last module's).
    fn resolve(&self, path: &[String], depth: usize) -> (ModPath, bool) {
        let mut at: ModPath = Vec::new();
        for (i, segment) in path.iter().enumerate() {
            let Some(module) = self.modules.get(&at) else {
                return (at, false);
            };
            if module.children.contains(segment) {
                at.push(segment.clone());
                continue;
            }
            // Re-exports can name each other; a loop is a compile error,
            // and the depth keeps a broken source from looping here.
            if depth < 16 {
                if let Some(target) = module.reexports.get(segment) {
                    let mut target = target.clone();
                    target.extend(path[i + 1..].iter().cloned());
                    return self.resolve(&target, depth + 1);
                }
            }
            if module.items.contains(segment) {
                return (at, true);
            }
            if depth < 16 {
                for glob in &module.globs {
                    let mut target = glob.clone();
                    target.extend(path[i..].iter().cloned());
                    let (found, ok) = self.resolve(&target, depth + 1);
                    if ok {
                        return (found, true);
                    }
                }
            }
            return (at, false);
        }
        (at, true)
    }
}

/// The module a file is, from its path below `src/`.
fn module_of_file(file: &str) -> Option<ModPath> {
    let stem = file.strip_suffix(".rs")?;
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    match parts.as_slice() {
        [root] if root == "lib" || root == "main" => return Some(Vec::new()),
        _ => {}
    }
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    Some(parts)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> ModPath {
        text.split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// (from, to, written) of each import.
    fn arrows(map: &CrateMap) -> Vec<(String, String, String)> {
        map.imports
            .iter()
            .map(|i| (i.from.join("::"), i.to.join("::"), i.written.clone()))
            .collect()
    }

    fn arrow(from: &str, to: &str, written: &str) -> (String, String, String) {
        (from.to_string(), to.to_string(), written.to_string())
    }

    #[test]
    fn files_are_modules() {
        assert_eq!(module_of_file("lib.rs"), Some(path("")));
        assert_eq!(module_of_file("a.rs"), Some(path("a")));
        assert_eq!(module_of_file("a/mod.rs"), Some(path("a")));
        assert_eq!(module_of_file("a/b.rs"), Some(path("a::b")));
        assert_eq!(module_of_file("a/b/mod.rs"), Some(path("a::b")));
        assert_eq!(module_of_file("notes.txt"), None);
    }

    #[test]
    fn paths_resolve_through_re_exports_to_the_defining_module() {
        let map = CrateMap::from_sources([
            (
                "lib.rs",
                "mod verdict; pub mod tools;\npub use verdict::{Verdict, Category as Kind};",
            ),
            ("verdict.rs", "pub struct Verdict; pub enum Category {}"),
            ("tools/mod.rs", "pub mod lint; pub use lint::*;"),
            (
                "tools/lint.rs",
                "use crate::Verdict;\nuse crate::Kind;\npub fn check() {}",
            ),
            (
                "user.rs",
                "fn f() { crate::tools::check(); crate::tools::lint::check(); }",
            ),
        ]);
        let found = arrows(&map);
        assert!(found.contains(&arrow("tools::lint", "verdict", "crate::Verdict")));
        assert!(found.contains(&arrow("tools::lint", "verdict", "crate::Kind")));
        // Through the glob, and straight.
        assert!(found.contains(&arrow("user", "tools::lint", "crate::tools::check")));
        assert!(found.contains(&arrow("user", "tools::lint", "crate::tools::lint::check")));
        // The root's re-exports are imports too, marked as such.
        let reexports: Vec<&Import> = map.imports.iter().filter(|i| i.reexport).collect();
        assert_eq!(reexports.len(), 3);
        assert_eq!(reexports[0].line, 2);
        assert_eq!(reexports[0].file, "lib.rs");
    }

    #[test]
    fn super_self_and_children_are_read_from_where_they_are_written() {
        let map = CrateMap::from_sources([
            ("lib.rs", "pub mod view; pub mod link;"),
            ("link.rs", "pub struct AppState;"),
            (
                "view/mod.rs",
                "mod document; mod results;\nuse results::Rows;\nfn f() { self::document::Document::new(); }",
            ),
            ("view/document.rs", "pub struct Document;\nuse super::results::Rows;"),
            (
                "view/results.rs",
                "pub struct Rows;\nuse super::super::link::AppState;\n#[cfg(test)]\nmod tests { use super::*; use super::super::document::Document; }",
            ),
        ]);
        let found = arrows(&map);
        assert!(found.contains(&arrow("view", "view::results", "results::Rows")));
        assert!(found.contains(&arrow(
            "view",
            "view::document",
            "self::document::Document::new"
        )));
        assert!(found.contains(&arrow(
            "view::document",
            "view::results",
            "super::results::Rows"
        )));
        assert!(found.contains(&arrow(
            "view::results",
            "link",
            "super::super::link::AppState"
        )));
        // In the test module, `super` is the file's module.
        assert!(found.contains(&arrow("view::results::tests", "view::results", "super::*")));
        assert!(found.contains(&arrow(
            "view::results::tests",
            "view::document",
            "super::super::document::Document"
        )));
    }

    #[test]
    fn other_crates_and_unknown_names_are_not_imports_of_modules() {
        let map = CrateMap::from_sources([
            ("lib.rs", "pub mod a;"),
            ("a.rs", "use std::io::Read;\nuse serde::Serialize;\nfn f() { Vec::<u8>::new(); crate::missing::X; }"),
        ]);
        // `crate::missing` names no module: it is the root's, unresolved.
        assert_eq!(arrows(&map), [arrow("a", "", "crate::missing::X")]);
    }

    #[test]
    fn a_loop_of_re_exports_ends() {
        let map = CrateMap::from_sources([
            ("lib.rs", "pub mod a; pub mod b; pub use a::X;"),
            ("a.rs", "pub use crate::b::X;"),
            ("b.rs", "pub use crate::a::X;\nuse crate::X;"),
        ]);
        assert!(!map.imports.is_empty());
    }
}
