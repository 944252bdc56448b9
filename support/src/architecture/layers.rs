//! A crate's imports checked against its layers: which layer each module
//! stands in, which layers a layer may import, and no circle of imports.
//!
//! Modules are grouped into *units*, the rooms the rules speak of: a
//! pattern `x` makes `x` and everything inside it one unit, `x::*` makes
//! each child of `x` a unit (`x::a`, with `x::a::b` inside it), and `*`
//! makes each top-level module not placed otherwise a unit. A module's
//! unit is the longest a pattern gives it. The crate's root (`lib.rs` or
//! `main.rs`) is above every layer: it declares and re-exports, and what
//! it defines itself may not be imported (that would be an arrow up to
//! the top).
//!
//! An import counts as an arrow from its module's unit to its target's,
//! except a re-export (`pub use`) by a module of something inside it (a
//! module's facade over its children).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::crate_map::{CrateMap, Import};

/// One layer of a crate.
#[derive(Clone, Copy, Debug)]
pub struct Layer {
    /// Its name, as the rules and messages say it (`core`, `tools`).
    pub name: &'static str,
    /// Its modules, as patterns: `x`, `x::*`, `*`.
    pub modules: &'static [&'static str],
    /// The other layers it may import (it may always import itself).
    pub may_import: &'static [&'static str],
}

/// What is wrong with a crate's imports, and what they are.
#[derive(Debug, Default)]
pub struct Findings {
    /// Modules no layer's pattern places.
    pub unplaced: Vec<String>,
    /// Arrows from a layer to one it may not import.
    pub crossings: Vec<Crossing>,
    /// Units that import each other, however indirectly.
    pub circles: Vec<Circle>,
    /// Every arrow between two units, with the imports that make it.
    pub arrows: BTreeMap<(String, String), Vec<Import>>,
}

/// An import that breaks a layer's rule.
#[derive(Clone, Debug)]
pub struct Crossing {
    /// The importing unit and its layer.
    pub from: (String, &'static str),
    /// The imported unit and its layer.
    pub to: (String, &'static str),
    /// Where.
    pub import: Import,
    /// What the importing layer may import.
    pub allowed: Vec<&'static str>,
}

/// Units that import each other: one circle through them, arrow by arrow.
#[derive(Clone, Debug)]
pub struct Circle {
    /// Every unit of the strongly connected set, sorted.
    pub units: Vec<String>,
    /// One circle through them, starting at the first unit: each arrow
    /// with one import that makes it.
    pub path: Vec<(String, String, Import)>,
}

impl Findings {
    /// Whether the arrow `from` -> `to` exists.
    pub fn has_arrow(&self, from: &str, to: &str) -> bool {
        self.arrows
            .contains_key(&(from.to_string(), to.to_string()))
    }
}

impl fmt::Display for Crossing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let allowed = if self.allowed.is_empty() {
            String::new()
        } else {
            format!(" and {}", self.allowed.join(", "))
        };
        write!(
            f,
            "{}:{}: {} ({}) -> {} ({}) by `{}`: {} may import only its own layer{}",
            self.import.file,
            self.import.line,
            unit_label(&self.from.0),
            self.from.1,
            unit_label(&self.to.0),
            self.to.1,
            self.import.written,
            self.from.1,
            allowed
        )
    }
}

impl fmt::Display for Circle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names: Vec<String> = self
            .path
            .iter()
            .map(|(from, ..)| unit_label(from))
            .collect();
        if let Some(first) = names.first().cloned() {
            names.push(first);
        }
        write!(f, "circle {}", names.join(" -> "))?;
        if self.units.len() > self.path.len() {
            write!(f, " (in a knot of {})", self.units.join(", "))?;
        }
        for (from, to, import) in &self.path {
            write!(
                f,
                "\n    {}:{}: {} -> {} by `{}`",
                import.file,
                import.line,
                unit_label(from),
                unit_label(to),
                import.written
            )?;
        }
        Ok(())
    }
}

fn unit_label(unit: &str) -> String {
    if unit.is_empty() {
        "the crate root".to_string()
    } else {
        unit.to_string()
    }
}

/// The unit of a module and its layer: the longest unit a pattern gives,
/// `None` when none does. The root is its own unit, in no layer.
fn place(module: &[String], layers: &[Layer]) -> Option<(String, &'static str)> {
    if module.is_empty() {
        return Some((String::new(), "crate root"));
    }
    // (the unit's length, the pattern's named segments): `tools` is more
    // particular than `*` about the module `tools`.
    let mut best: Option<((usize, usize), &'static str)> = None;
    for layer in layers {
        for pattern in layer.modules {
            let parts: Vec<&str> = pattern.split("::").collect();
            let (fixed, wild) = match parts.split_last() {
                Some((&"*", fixed)) => (fixed, 1),
                _ => (&parts[..], 0),
            };
            let fits =
                module.len() >= fixed.len() + wild && fixed.iter().zip(module).all(|(p, m)| p == m);
            let rank = (fixed.len() + wild, fixed.len());
            if fits && best.is_none_or(|(b, _)| rank > b) {
                best = Some((rank, layer.name));
            }
        }
    }
    best.map(|((length, _), layer)| (module[..length].join("::"), layer))
}

/// Checks `map` against `layers`.
pub fn check(map: &CrateMap, layers: &[Layer]) -> Findings {
    let mut findings = Findings::default();
    for module in map.modules() {
        if place(module, layers).is_none() {
            let file = map.file_of(module).unwrap_or("?");
            findings
                .unplaced
                .push(format!("{} ({file})", module.join("::")));
        }
    }
    for import in &map.imports {
        let (Some(from), Some(to)) = (place(&import.from, layers), place(&import.to, layers))
        else {
            continue;
        };
        if from.0 == to.0 || (import.reexport && import.to.starts_with(&import.from)) {
            continue;
        }
        findings
            .arrows
            .entry((from.0.clone(), to.0.clone()))
            .or_default()
            .push(import.clone());
        if from.0.is_empty() {
            continue;
        }
        let allowed = layers
            .iter()
            .find(|l| l.name == from.1)
            .map_or(&[][..], |l| l.may_import);
        if to.1 != from.1 && !allowed.contains(&to.1) {
            findings.crossings.push(Crossing {
                from,
                to,
                import: import.clone(),
                allowed: allowed.to_vec(),
            });
        }
    }
    findings.circles = circles(&findings.arrows);
    findings
}

/// The strongly connected sets of two or more units (Tarjan's
/// algorithm), each with one circle through it.
fn circles(arrows: &BTreeMap<(String, String), Vec<Import>>) -> Vec<Circle> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in arrows.keys() {
        next.entry(from.as_str()).or_default().push(to.as_str());
        next.entry(to.as_str()).or_default();
    }
    let mut tarjan = Tarjan {
        next: &next,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        sets: Vec::new(),
    };
    for &unit in next.keys() {
        if !tarjan.index.contains_key(unit) {
            tarjan.visit(unit);
        }
    }
    let mut found: Vec<Circle> = tarjan
        .sets
        .into_iter()
        .filter(|set| set.len() > 1)
        .map(|mut set| {
            set.sort_unstable();
            let path = circle_through(&set, &next)
                .windows(2)
                .map(|pair| {
                    let key = (pair[0].to_string(), pair[1].to_string());
                    (key.0.clone(), key.1.clone(), arrows[&key][0].clone())
                })
                .collect();
            Circle {
                units: set.into_iter().map(str::to_string).collect(),
                path,
            }
        })
        .collect();
    found.sort_by(|a, b| a.units.cmp(&b.units));
    found
}

/// The shortest circle from the set's first unit back to it, within the
/// set: the units in order, the first repeated at the end.
fn circle_through<'a>(set: &[&'a str], next: &BTreeMap<&'a str, Vec<&'a str>>) -> Vec<&'a str> {
    let start = set[0];
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for &to in &next[at] {
            if !set.contains(&to) {
                continue;
            }
            if to == start {
                let mut path = vec![start, at];
                let mut back = at;
                while back != start {
                    back = came_from[back];
                    path.push(back);
                }
                path.reverse();
                return path;
            }
            if to != start && !came_from.contains_key(to) {
                came_from.insert(to, at);
                queue.push_back(to);
            }
        }
    }
    vec![start]
}

struct Tarjan<'a, 'n> {
    next: &'n BTreeMap<&'a str, Vec<&'a str>>,
    index: BTreeMap<&'a str, usize>,
    low: BTreeMap<&'a str, usize>,
    stack: Vec<&'a str>,
    on_stack: BTreeSet<&'a str>,
    sets: Vec<Vec<&'a str>>,
}

impl<'a> Tarjan<'a, '_> {
    fn visit(&mut self, unit: &'a str) {
        let index = self.index.len();
        self.index.insert(unit, index);
        self.low.insert(unit, index);
        self.stack.push(unit);
        self.on_stack.insert(unit);
        for &to in &self.next[unit] {
            if !self.index.contains_key(to) {
                self.visit(to);
                let low = self.low[unit].min(self.low[to]);
                self.low.insert(unit, low);
            } else if self.on_stack.contains(to) {
                let low = self.low[unit].min(self.index[to]);
                self.low.insert(unit, low);
            }
        }
        if self.low[unit] == index {
            let mut set = Vec::new();
            while let Some(top) = self.stack.pop() {
                self.on_stack.remove(top);
                set.push(top);
                if top == unit {
                    break;
                }
            }
            self.sets.push(set);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYERS: [Layer; 3] = [
        Layer {
            name: "core",
            modules: &["*"],
            may_import: &[],
        },
        Layer {
            name: "read",
            modules: &["read", "read::*"],
            may_import: &["core"],
        },
        Layer {
            name: "tools",
            modules: &["tools", "tools::*"],
            may_import: &["core", "read"],
        },
    ];

    fn module(text: &str) -> Vec<String> {
        text.split("::").map(str::to_string).collect()
    }

    #[test]
    fn modules_are_placed_by_their_longest_pattern() {
        let at = |text| place(&module(text), &LAYERS);
        assert_eq!(at("verdict"), Some(("verdict".into(), "core")));
        assert_eq!(at("robots::parse"), Some(("robots".into(), "core")));
        assert_eq!(at("tools"), Some(("tools".into(), "tools")));
        assert_eq!(at("tools::lint"), Some(("tools::lint".into(), "tools")));
        assert_eq!(
            at("tools::lint::fix::tests"),
            Some(("tools::lint".into(), "tools"))
        );
        assert_eq!(place(&[], &LAYERS), Some((String::new(), "crate root")));
        let only_tools = [LAYERS[2]];
        assert_eq!(place(&module("verdict"), &only_tools), None);
    }

    #[test]
    fn an_arrow_up_is_a_crossing_named_by_file_line_and_arrow() {
        let map = CrateMap::from_sources([
            ("lib.rs", "mod verdict; pub mod tools; pub mod read;"),
            (
                "verdict.rs",
                "pub struct Verdict;\n\nuse crate::tools::lint::Code;",
            ),
            ("tools/mod.rs", "pub mod lint;"),
            (
                "tools/lint.rs",
                "pub struct Code; use crate::verdict::Verdict; use crate::read::csv::Rows;",
            ),
            ("read/mod.rs", "pub mod csv;"),
            (
                "read/csv.rs",
                "pub struct Rows; use crate::verdict::Verdict;",
            ),
        ]);
        let findings = check(&map, &LAYERS);
        let messages: Vec<String> = findings.crossings.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            ["verdict.rs:3: verdict (core) -> tools::lint (tools) by `crate::tools::lint::Code`: \
              core may import only its own layer"]
        );
        assert!(findings.has_arrow("tools::lint", "read::csv"));
        assert!(findings.has_arrow("read::csv", "verdict"));
        assert_eq!(findings.circles.len(), 1);
        assert!(findings.unplaced.is_empty());
    }

    #[test]
    fn circles_are_found_with_one_import_per_arrow() {
        let map = CrateMap::from_sources([
            ("lib.rs", "mod a; mod b; mod c; mod d;"),
            ("a.rs", "pub struct A; use crate::b::B;"),
            ("b.rs", "pub struct B;\nuse crate::c::C;"),
            ("c.rs", "pub struct C; fn f() {\n\n crate::a::A; }"),
            ("d.rs", "use crate::a::A;"),
        ]);
        let findings = check(&map, &LAYERS);
        assert_eq!(findings.circles.len(), 1);
        let circle = &findings.circles[0];
        assert_eq!(circle.units, ["a", "b", "c"]);
        assert_eq!(
            circle.to_string(),
            "circle a -> b -> c -> a\n    a.rs:1: a -> b by `crate::b::B`\n    \
             b.rs:2: b -> c by `crate::c::C`\n    c.rs:3: c -> a by `crate::a::A`"
        );
    }

    #[test]
    fn a_facade_re_exporting_its_children_is_no_arrow_but_other_re_exports_are() {
        let map = CrateMap::from_sources([
            ("lib.rs", "pub mod view; mod link;"),
            ("link.rs", "pub struct Codec;"),
            (
                "view/mod.rs",
                "mod rows; pub use rows::Rows; pub use crate::link::Codec;",
            ),
            ("view/rows.rs", "pub struct Rows; use crate::view::Codec;"),
        ]);
        let layers = [Layer {
            name: "all",
            modules: &["*", "view::*"],
            may_import: &[],
        }];
        let findings = check(&map, &layers);
        assert!(!findings.has_arrow("view", "view::rows"));
        assert!(findings.has_arrow("view", "link"));
        assert!(findings.has_arrow("view::rows", "link"));
        assert!(findings.circles.is_empty());
    }

    #[test]
    fn importing_the_roots_own_items_crosses_and_unplaced_modules_are_listed() {
        let map = CrateMap::from_sources([
            ("main.rs", "mod commands; mod stray; pub struct Global;"),
            ("commands.rs", "use crate::Global;"),
            ("stray.rs", ""),
        ]);
        let layers = [Layer {
            name: "commands",
            modules: &["commands"],
            may_import: &[],
        }];
        let findings = check(&map, &layers);
        assert_eq!(findings.unplaced, ["stray (stray.rs)"]);
        assert_eq!(findings.crossings.len(), 1);
        assert!(findings.crossings[0]
            .to_string()
            .contains("commands (commands) -> the crate root (crate root)"));
    }
}
