//! What one source file declares and names, module by module (the file's
//! own and the inline ones such as `mod tests { ... }`): the child modules
//! it declares, the items it defines, its `use` declarations (re-exports
//! marked), and every other path that may name a module of the crate
//! (`crate::x::y`, `super::x`, `self::x`, `child::x`).

use super::tokens::{tokens, Token};

/// A module of a file: the file's own (`path` empty) or an inline one.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Scope {
    /// Where it is, below the file's module (`["tests"]`).
    pub path: Vec<String>,
    /// The modules it declares (`mod x;` and `mod x { ... }`).
    pub children: Vec<String>,
    /// The names of the items it defines (functions, types, traits,
    /// constants, statics, macros).
    pub items: Vec<String>,
    /// What it names: `use` leaves and paths in its code.
    pub references: Vec<Reference>,
}

/// A path as written, where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Its segments, from the first (`crate`, `super`, `self`, or a name).
    pub segments: Vec<String>,
    /// The line of its last segment.
    pub line: usize,
    /// A `use` leaf or a path in code.
    pub kind: RefKind,
}

/// How a path is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefKind {
    /// A leaf of a `use` declaration.
    Use {
        /// Under `pub` (of any scope): a re-export.
        public: bool,
        /// The name it brings in (`as` included; `_` for `as _`), or
        /// `None` for a glob (`x::*`).
        name: Option<String>,
    },
    /// A path in code (`crate::x::f()`, a type, a macro's `$crate::x`).
    Code,
}

impl Reference {
    /// The path as written: `crate::tools::lint::Code`.
    pub fn written(&self) -> String {
        let mut text = self.segments.join("::");
        if matches!(self.kind, RefKind::Use { name: None, .. }) {
            text.push_str("::*");
        }
        text
    }
}

/// The modules of a file, the file's own first.
pub fn scopes(source: &str) -> Vec<Scope> {
    let tokens = tokens(source);
    let mut reader = Reader {
        tokens: &tokens,
        at: 0,
        scopes: vec![Scope::default()],
        open: vec![(0, 0)],
        depth: 0,
    };
    reader.run();
    reader.scopes
}

/// Keywords that start an item whose name follows.
const ITEM_KEYWORDS: [&str; 8] = [
    "fn", "struct", "enum", "union", "trait", "type", "const", "static",
];

/// Words that may stand between an item keyword and its name, or that a
/// name never is.
const NOT_NAMES: [&str; 8] = [
    "fn", "unsafe", "async", "extern", "mut", "_", "const", "for",
];

struct Reader<'a> {
    tokens: &'a [Token],
    at: usize,
    scopes: Vec<Scope>,
    /// The modules open at this point: (index in `scopes`, the brace
    /// depth inside it).
    open: Vec<(usize, usize)>,
    depth: usize,
}

impl Reader<'_> {
    fn token(&self, at: usize) -> Option<&Token> {
        self.tokens.get(at)
    }

    fn is(&self, at: usize, text: &str) -> bool {
        self.token(at).is_some_and(|t| t.is(text))
    }

    fn ident(&self, at: usize) -> Option<&str> {
        self.token(at)
            .filter(|t| t.is_ident())
            .map(|t| t.text.as_str())
    }

    fn scope(&mut self) -> &mut Scope {
        let index = self.open.last().map_or(0, |&(i, _)| i);
        &mut self.scopes[index]
    }

    /// Whether the reader is in a module's own body (not in a function,
    /// an `impl` or a type).
    fn at_module_level(&self) -> bool {
        self.open
            .last()
            .is_some_and(|&(_, depth)| depth == self.depth)
    }

    fn run(&mut self) {
        while self.at < self.tokens.len() {
            let token = &self.tokens[self.at];
            if token.is("{") {
                self.depth += 1;
            } else if token.is("}") {
                if self.open.len() > 1 && self.at_module_level() {
                    self.open.pop();
                }
                self.depth = self.depth.saturating_sub(1);
            } else if token.is("mod") && self.at_module_level() {
                self.module();
                continue;
            } else if token.is("use") {
                self.use_declaration();
                continue;
            } else if token.is("macro_rules") && self.is(self.at + 1, "!") {
                if let Some(name) = self.ident(self.at + 2).map(str::to_string) {
                    if self.at_module_level() {
                        self.scope().items.push(name);
                    }
                }
            } else if ITEM_KEYWORDS.contains(&token.text.as_str())
                && token.is_ident()
                && self.at_module_level()
            {
                self.item_name();
            } else if token.is_ident() && self.is(self.at + 1, "::") && self.starts_path() {
                self.code_path();
                continue;
            }
            self.at += 1;
        }
    }

    /// `mod name;` or `mod name {`: a child, and for the second a scope
    /// that the matching `}` closes.
    fn module(&mut self) {
        let Some(name) = self.ident(self.at + 1).map(str::to_string) else {
            self.at += 1;
            return;
        };
        self.scope().children.push(name.clone());
        if self.is(self.at + 2, "{") {
            let mut path = self.scopes[self.open.last().map_or(0, |&(i, _)| i)]
                .path
                .clone();
            path.push(name);
            self.scopes.push(Scope {
                path,
                ..Scope::default()
            });
            self.depth += 1;
            self.open.push((self.scopes.len() - 1, self.depth));
            self.at += 3;
        } else {
            self.at += 2;
        }
    }

    /// The name after an item keyword, when one follows.
    fn item_name(&mut self) {
        let mut at = self.at + 1;
        while self
            .ident(at)
            .is_some_and(|word| NOT_NAMES.contains(&word) && word != "_")
        {
            // `static mut X`, `const unsafe fn f`: the keyword that
            // follows names the item (a `fn` is read when reached).
            if ITEM_KEYWORDS.contains(&self.ident(at).unwrap_or_default()) {
                return;
            }
            at += 1;
        }
        if let Some(name) = self.ident(at).filter(|w| !NOT_NAMES.contains(w)) {
            let name = name.to_string();
            self.scope().items.push(name);
        }
    }

    /// Whether the identifier here starts a path rather than continuing
    /// one (`a::b`'s `b`) or naming a field or method (`x.a::<T>()`).
    fn starts_path(&self) -> bool {
        let before = self.at.checked_sub(1).and_then(|i| self.token(i));
        let continues = before.is_some_and(|t| t.is("::") || t.is("."));
        // `$crate::x` in a macro is a path from the crate's root too.
        !continues
    }

    /// A path in code: its identifiers joined by `::` (a turbofish or
    /// anything else ends it).
    fn code_path(&mut self) {
        let mut segments = Vec::new();
        let mut line = self.tokens[self.at].line;
        while let Some(word) = self.ident(self.at) {
            segments.push(word.to_string());
            line = self.tokens[self.at].line;
            self.at += 1;
            if self.is(self.at, "::") && self.ident(self.at + 1).is_some() {
                self.at += 1;
            } else {
                break;
            }
        }
        // `pub(in crate::x)` is a visibility, not a use of `x`.
        let visibility = self.is(self.at.saturating_sub(segments.len() * 2), "in");
        if segments.len() > 1 && !visibility {
            self.scope().references.push(Reference {
                segments,
                line,
                kind: RefKind::Code,
            });
        }
    }

    /// `use tree;`, marked public when `pub` or `pub(...)` precedes it.
    fn use_declaration(&mut self) {
        let public = self.at > 0
            && (self.is(self.at - 1, "pub")
                || (self.is(self.at - 1, ")") && {
                    let open = self.tokens[..self.at - 1].iter().rposition(|t| t.is("("));
                    open.is_some_and(|o| o > 0 && self.is(o - 1, "pub"))
                }));
        self.at += 1;
        if self.is(self.at, "::") {
            self.at += 1;
        }
        let mut leaves = Vec::new();
        self.use_tree(Vec::new(), public, &mut leaves);
        // Whatever the tree could not read ends at the `;`.
        while self.at < self.tokens.len() && !self.is(self.at, ";") {
            self.at += 1;
        }
        self.scope().references.extend(leaves);
    }

    fn use_tree(&mut self, prefix: Vec<String>, public: bool, leaves: &mut Vec<Reference>) {
        let line = self.token(self.at).map_or(0, |t| t.line);
        if self.is(self.at, "{") {
            self.at += 1;
            while self.at < self.tokens.len() && !self.is(self.at, "}") {
                if self.is(self.at, ",") {
                    self.at += 1;
                    continue;
                }
                let before = self.at;
                self.use_tree(prefix.clone(), public, leaves);
                if self.at == before {
                    self.at += 1;
                }
            }
            self.at += 1;
        } else if self.is(self.at, "*") {
            self.at += 1;
            leaves.push(Reference {
                segments: prefix,
                line,
                kind: RefKind::Use { public, name: None },
            });
        } else if let Some(word) = self.ident(self.at).map(str::to_string) {
            self.at += 1;
            let mut path = prefix;
            // `{self, ...}` names the module of the group itself.
            let name = if word == "self" && !path.is_empty() {
                path.last().cloned().unwrap_or_default()
            } else {
                path.push(word.clone());
                word
            };
            if self.is(self.at, "::") {
                self.at += 1;
                self.use_tree(path, public, leaves);
                return;
            }
            let name = if self.is(self.at, "as") {
                self.at += 1;
                let alias = self.ident(self.at).unwrap_or("_").to_string();
                self.at += 1;
                alias
            } else {
                name
            };
            leaves.push(Reference {
                segments: path,
                line,
                kind: RefKind::Use {
                    public,
                    name: Some(name),
                },
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(scope: &Scope) -> Vec<String> {
        scope.references.iter().map(Reference::written).collect()
    }

    #[test]
    fn use_trees_give_one_leaf_per_name() {
        let scopes = scopes(
            "use crate::{agent::Crawler, tools::{lint::{self, Code}, explain::*}, Mode as M};\n\
             use std::io;",
        );
        assert_eq!(
            written(&scopes[0]),
            [
                "crate::agent::Crawler",
                "crate::tools::lint",
                "crate::tools::lint::Code",
                "crate::tools::explain::*",
                "crate::Mode",
                "std::io",
            ]
        );
        let names: Vec<Option<String>> = scopes[0]
            .references
            .iter()
            .map(|r| match &r.kind {
                RefKind::Use { name, .. } => name.clone(),
                RefKind::Code => panic!("{r:?}"),
            })
            .collect();
        assert_eq!(names[1].as_deref(), Some("lint"));
        assert_eq!(names[3], None);
        assert_eq!(names[4].as_deref(), Some("M"));
    }

    #[test]
    fn re_exports_are_marked_public() {
        let scopes =
            scopes("pub use a::B;\npub(crate) use c::D;\nuse e::F;\npub(in crate::x) use g::H;");
        let public: Vec<bool> = scopes[0]
            .references
            .iter()
            .map(|r| matches!(r.kind, RefKind::Use { public: true, .. }))
            .collect();
        assert_eq!(public, [true, true, false, true]);
    }

    #[test]
    fn paths_in_code_are_read_but_not_in_comments_strings_or_visibilities() {
        let scopes = scopes(
            "fn f() {\n    // crate::comment::X\n    let s = \"crate::string::X\";\n    \
             crate::browser::write(super::sibling::Y::new(), self::child::z::<u8>());\n}\n\
             pub(in crate::vis) fn g() {}\nmacro_rules! m { () => { $crate::macros::M } }",
        );
        assert_eq!(
            written(&scopes[0]),
            [
                "crate::browser::write",
                "super::sibling::Y::new",
                "self::child::z",
                "crate::macros::M",
            ]
        );
        assert_eq!(scopes[0].references[0].line, 4);
        assert_eq!(scopes[0].items, ["f", "g", "m"]);
    }

    #[test]
    fn method_calls_and_continued_paths_start_no_path() {
        let scopes = scopes("fn f() { x.collect::<Vec<_>>(); a::b::c(); }");
        assert_eq!(written(&scopes[0]), ["a::b::c"]);
    }

    #[test]
    fn inline_modules_are_scopes_of_their_own() {
        let scopes = scopes(
            "mod child;\npub struct S;\nimpl S { fn method() {} }\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    fn helper() {}\n    mod deeper { use super::super::S; }\n}\n\
             const fn after() {}\nstatic mut COUNT: u8 = 0;",
        );
        assert_eq!(scopes.len(), 3);
        assert_eq!(scopes[0].children, ["child", "tests"]);
        assert_eq!(scopes[0].items, ["S", "after", "COUNT"]);
        assert_eq!(scopes[1].path, ["tests"]);
        assert_eq!(scopes[1].items, ["helper"]);
        assert_eq!(written(&scopes[1]), ["super::*"]);
        assert_eq!(scopes[2].path, ["tests", "deeper"]);
        assert_eq!(written(&scopes[2]), ["super::super::S"]);
    }

    #[test]
    fn broken_source_gives_what_it_can_without_a_panic() {
        for source in [
            "use crate::{a, ",
            "mod",
            "mod x {",
            "}}}",
            "use",
            "pub use a as",
            "fn",
        ] {
            let _ = scopes(source);
        }
    }
}
