//! The crate's shape, checked rather than promised (see the map in
//! `lib.rs`): the core (the root's modules) never names a tool
//! (`crate::tools`) or a reader (`crate::read`), a reader never names a
//! tool, and no two modules import each other, however indirectly.
//!
//! It reads the sources: every `crate::` and `super::` path outside
//! comments, test modules included (a core test that needs a tool belongs
//! beside the tool).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Circles another piece of work is ending; remove an entry once it is.
/// (None left: `scan` now states which bytes a request encodes, and
/// `pattern` asks it.)
const KNOWN_CIRCLES: [&[&str]; 0] = [];

/// Where the module a source file belongs to stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layer {
    Core,
    Reader,
    Tool,
}

struct Source {
    /// The file, relative to `src/`.
    path: String,
    /// Its module, as a node of the import graph: `verdict`, `robots`,
    /// `tools::lint`, `read::csv`, `read` (its `mod.rs`).
    module: String,
    layer: Layer,
    /// The code without comments.
    code: String,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files
        .into_iter()
        .map(|file| {
            let path = file
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let parts: Vec<&str> = path.trim_end_matches(".rs").split('/').collect();
            let (layer, module) = match parts.as_slice() {
                ["tools", "mod"] => (Layer::Tool, "tools".to_string()),
                ["tools", name, ..] => (Layer::Tool, format!("tools::{name}")),
                ["read", "mod"] => (Layer::Reader, "read".to_string()),
                ["read", name, ..] => (Layer::Reader, format!("read::{name}")),
                [name, ..] => (Layer::Core, name.to_string()),
                [] => unreachable!(),
            };
            let text = std::fs::read_to_string(&file).unwrap();
            Source {
                path,
                module,
                layer,
                code: without_comments(&text),
            }
        })
        .collect()
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The text with `//` comments (doc comments included) blanked.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names from `anchor` (`crate::` or `super::`), as
/// its segments: `crate::tools::lint::Code` gives `[tools, lint, Code]`,
/// and `crate::{agent::Crawler, Mode}` gives `[agent, Crawler]` and `[Mode]`.
fn paths(code: &str, anchor: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(anchor) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + anchor.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        read_tree(rest, Vec::new(), &mut found);
    }
    found
}

/// Reads a use tree at the start of `text` (after its anchor).
fn read_tree(text: &str, prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    read_tree(&group[start..i], prefix.clone(), found);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    read_tree(&group[start..i], prefix.clone(), found);
                    start = i + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    if end == 0 {
        if !prefix.is_empty() {
            found.push(prefix);
        }
        return;
    }
    let mut path = prefix;
    path.push(text[..end].to_string());
    match text[end..].strip_prefix("::") {
        Some(more) => read_tree(more, path, found),
        None => found.push(path),
    }
}

/// The crate root's re-exports: a name to the module it comes from.
fn root_names() -> BTreeMap<String, String> {
    let lib = sources().into_iter().find(|s| s.path == "lib.rs").unwrap();
    let mut names = BTreeMap::new();
    for segments in paths(&lib.code.replace("pub use ", "pub use crate::"), "crate::") {
        if let [module, .., name] = segments.as_slice() {
            names.insert(name.clone(), module.clone());
        }
    }
    names
}

/// The module graph's node a path from `crate::` names.
fn node(segments: &[String], root: &BTreeMap<String, String>) -> Option<String> {
    match segments {
        [group, name, ..] if group == "tools" || group == "read" => {
            Some(format!("{group}::{name}"))
        }
        [group] if group == "tools" || group == "read" => Some(group.clone()),
        [first, ..] => Some(root.get(first).cloned().unwrap_or_else(|| first.clone())),
        [] => None,
    }
}

fn layer_of(node: &str) -> Layer {
    if node.starts_with("tools") {
        Layer::Tool
    } else if node.starts_with("read") {
        Layer::Reader
    } else {
        Layer::Core
    }
}

/// Each module's imports of other modules.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = root_names();
    let sources = sources();
    let modules: BTreeSet<String> = sources.iter().map(|s| s.module.clone()).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in &sources {
        let mut targets: Vec<String> = paths(&source.code, "crate::")
            .iter()
            .filter_map(|p| node(p, &root))
            .collect();
        // `super::x` in a reader or a tool's file names a sibling module.
        if let Some((group, _)) = source.module.split_once("::") {
            let depth = source.path.matches('/').count();
            for segments in paths(&source.code, "super::") {
                if depth == 1 && segments.first().is_some_and(|s| s != "*") {
                    targets.push(format!("{group}::{}", segments[0]));
                }
            }
        }
        let imports = graph.entry(source.module.clone()).or_default();
        for target in targets {
            if target != source.module && modules.contains(&target) {
                imports.insert(target);
            }
        }
    }
    graph
}

#[test]
fn the_core_names_no_tool_and_no_reader_and_readers_name_no_tool() {
    let root = root_names();
    let mut wrong = Vec::new();
    for source in sources() {
        for segments in paths(&source.code, "crate::") {
            let Some(target) = node(&segments, &root) else {
                continue;
            };
            let allowed = match source.layer {
                Layer::Core => layer_of(&target) == Layer::Core,
                Layer::Reader => layer_of(&target) != Layer::Tool,
                Layer::Tool => true,
            };
            if !allowed {
                wrong.push(format!(
                    "{} names crate::{}",
                    source.path,
                    segments.join("::")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "layers crossed:\n{}", wrong.join("\n"));
}

#[test]
fn no_module_imports_one_that_imports_it() {
    let graph = graph();
    // Strongly connected components, by reachability: a small graph.
    let mut circles: Vec<Vec<String>> = Vec::new();
    let names: Vec<&String> = graph.keys().collect();
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(at) = stack.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        names.iter().map(|&n| (n, reach(n))).collect();
    let mut placed = BTreeSet::new();
    for &name in &names {
        if placed.contains(name) || !reached[name].contains(name) {
            continue;
        }
        let circle: Vec<String> = names
            .iter()
            .filter(|&&other| reached[name].contains(other) && reached[other].contains(name))
            .map(|&other| other.clone())
            .collect();
        placed.extend(circle.iter().cloned());
        circles.push(circle);
    }
    let unknown: Vec<&Vec<String>> = circles
        .iter()
        .filter(|c| !KNOWN_CIRCLES.iter().any(|known| known == c))
        .collect();
    assert!(unknown.is_empty(), "import circles: {unknown:?}");
    // The check sees imports at all: the core's stages import each other.
    assert!(graph["verdict"].contains("robots") && graph["fetched"].contains("verdict"));
    assert!(graph["tools::record"].contains("tools::usage"));
    assert!(graph["read::csv"].contains("read::url_list"));
}
