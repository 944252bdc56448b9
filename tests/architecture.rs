//! The workspace's shape, checked rather than promised (README, "Layout"):
//! in each crate, a module imports only from its own layer and the layers
//! below it, and no modules import each other, however indirectly.
//!
//! - the library (`matcher/src`): the core (the root's modules) <- the
//!   readers (`read/`) <- the tools (`tools/`);
//! - the CLI (`cli/src`): its plumbing <- `commands/` <- `main`;
//! - the app (`src`): `view_model/` (with the presets, samples and link
//!   codec it computes from) <- `store/` (with `browser`, its host, and
//!   `lint_worker` and `logs_worker`, the page's side of the workers) <-
//!   `components/`, `app` and the workers' side (`worker/`).
//!
//! It reads the sources (`test_support::architecture`): every path a
//! module names by `crate::`, `super::`, `self::` or a child's name, in
//! `use` declarations and in code, test modules included (a test of a
//! lower layer that needs a higher one belongs beside the higher one).
//! A failure names the file, the line and the arrow. And every module
//! file opens with a doc comment (`//!`) saying what it is for: the
//! README's map is short because the modules say it.
//!
//! `ARCHITECTURE_ROOT=/path/to/checkout cargo test --test architecture`
//! checks another checkout's sources against these rules (a branch before
//! it is merged).

use std::path::Path;

use test_support::architecture::{check, Circle, CrateMap, Findings, Layer};

/// A crate's layers, lowest first.
struct Crate {
    name: &'static str,
    src: &'static str,
    layers: &'static [Layer],
    /// Circles another branch is ending, as their sorted units; each must
    /// still exist (remove an entry once its circle is gone).
    known_circles: &'static [&'static [&'static str]],
    /// Arrows that cross a layer's rule and another branch is ending, as
    /// (from unit, to unit); each must still exist.
    known_crossings: &'static [(&'static str, &'static str)],
}

const MATCHER: Crate = Crate {
    name: "robots-matcher",
    src: "matcher/src",
    layers: &[
        Layer {
            name: "core",
            modules: &["*"],
            may_import: &[],
        },
        Layer {
            name: "readers",
            modules: &["read", "read::*"],
            may_import: &["core"],
        },
        Layer {
            name: "tools",
            modules: &["tools", "tools::*"],
            may_import: &["core", "readers"],
        },
    ],
    known_circles: &[],
    known_crossings: &[],
};

const CLI: Crate = Crate {
    name: "robotstxt-cli",
    src: "cli/src",
    layers: &[
        Layer {
            name: "plumbing",
            modules: &["*"],
            may_import: &[],
        },
        Layer {
            name: "commands",
            modules: &["commands", "commands::*"],
            may_import: &["plumbing"],
        },
    ],
    known_circles: &[],
    known_crossings: &[],
};

const APP: Crate = Crate {
    name: "robots-playground",
    src: "src",
    layers: &[
        Layer {
            name: "view model",
            // `split`: the lazy entries' error and call macros, and
            // `reactive`: the app's effects through one instantiation,
            // which every layer may use (they import nothing of the app).
            modules: &[
                "view_model",
                "view_model::*",
                "crawlers",
                "link",
                "samples",
                "split",
                "reactive",
            ],
            may_import: &[],
        },
        Layer {
            name: "store",
            modules: &[
                "store",
                "store::*",
                "browser",
                "lint_worker",
                "logs_worker",
                "wire",
            ],
            may_import: &["view model"],
        },
        Layer {
            name: "components",
            modules: &["components", "components::*", "app", "worker", "worker::*"],
            may_import: &["view model", "store"],
        },
    ],
    known_circles: &[],
    known_crossings: &[],
};

fn findings(krate: &Crate) -> Findings {
    let root = std::env::var("ARCHITECTURE_ROOT")
        .unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_string());
    let src = Path::new(&root).join(krate.src);
    let map = CrateMap::read(&src, krate.src)
        .unwrap_or_else(|e| panic!("reading {}: {e}", src.display()));
    check(&map, krate.layers)
}

/// Fails with every crossing, unknown circle, unplaced module and stale
/// exception of `krate`.
fn assert_holds(krate: &Crate) -> Findings {
    let found = findings(krate);
    let mut wrong = Vec::new();
    for module in &found.unplaced {
        wrong.push(format!(
            "module {module} is in no layer: place it in tests/architecture.rs"
        ));
    }
    for crossing in &found.crossings {
        let arrow = (crossing.from.0.as_str(), crossing.to.0.as_str());
        if !krate.known_crossings.contains(&arrow) {
            wrong.push(crossing.to_string());
        }
    }
    for &(from, to) in krate.known_crossings {
        let still = found
            .crossings
            .iter()
            .any(|c| c.from.0 == from && c.to.0 == to);
        if !still {
            wrong.push(format!(
                "{from} -> {to} no longer crosses a layer: remove it from known_crossings"
            ));
        }
    }
    for circle in &found.circles {
        if !krate
            .known_circles
            .iter()
            .any(|known| known.iter().eq(circle.units.iter()))
        {
            wrong.push(circle.to_string());
        }
    }
    for known in krate.known_circles {
        // A known circle grown into a larger one is reported as that one.
        let within = |c: &Circle| known.iter().all(|unit| c.units.iter().any(|u| u == unit));
        if !found.circles.iter().any(within) {
            wrong.push(format!(
                "the circle {known:?} is gone: remove it from known_circles"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{}'s layers (lowest first: {}):\n{}",
        krate.name,
        krate
            .layers
            .iter()
            .map(|l| l.name)
            .collect::<Vec<_>>()
            .join(" <- "),
        wrong.join("\n")
    );
    found
}

#[test]
fn the_library_core_imports_no_reader_or_tool_and_readers_no_tool() {
    let found = assert_holds(&MATCHER);
    // The check sees imports: the core's stages, a tool using another and
    // a reader, a reader using another.
    assert!(found.has_arrow("verdict", "robots"));
    assert!(found.has_arrow("fetched", "verdict"));
    assert!(found.has_arrow("tools::record", "tools::usage"));
    assert!(found.has_arrow("read::csv", "read::url_list"));
}

#[test]
fn the_clis_plumbing_imports_no_command() {
    let found = assert_holds(&CLI);
    assert!(found.has_arrow("commands::check", "robots_file"));
    assert!(found.has_arrow("robots_file", "fetch"));
}

#[test]
fn the_apps_view_model_imports_no_store_and_the_store_no_component() {
    let found = assert_holds(&APP);
    assert!(found
        .arrows
        .keys()
        .any(|(from, to)| from.starts_with("components") && to.starts_with("store")));
    assert!(found
        .arrows
        .keys()
        .any(|(from, to)| from.starts_with("store") && to.starts_with("view_model")));
}

#[test]
fn every_module_file_says_what_it_is_for() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut undocumented = Vec::new();
    let mut seen = 0;
    for krate in [&MATCHER, &CLI, &APP] {
        let mut stack = vec![root.join(krate.src)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    seen += 1;
                    let text = std::fs::read_to_string(&path).unwrap();
                    if !text.trim_start().starts_with("//!") {
                        let shown = path.strip_prefix(root).unwrap_or(&path);
                        undocumented.push(shown.display().to_string());
                    }
                }
            }
        }
    }
    assert!(seen > 50, "only {seen} files found");
    assert!(
        undocumented.is_empty(),
        "these files open without a `//!` doc comment saying what the module is for:\n{}",
        undocumented.join("\n")
    );
}
