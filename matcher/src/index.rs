//! Finding the longest matching Allow and Disallow without trying every rule.
//!
//! Every path starts with the literal prefix of each pattern that matches it,
//! so the rules are filed in a byte trie under their literal prefix. Walking
//! the path down the trie visits exactly the rules whose prefix fits; only
//! their wildcard remainder is left to check. A file of hundreds of rules then
//! costs a handful of comparisons per URL.

use crate::robots::{Rule, RuleKind};

/// A matching rule: the candidate for deciding a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// Index into [`crate::Robots::rules`].
    pub rule: usize,
    /// Length of the matched pattern (its priority).
    pub priority: u32,
    pub line: u32,
}

/// The best Allow and the best Disallow that matched a path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Best {
    pub allow: Option<Hit>,
    pub disallow: Option<Hit>,
}

impl Best {
    /// Keeps `hit` if it beats the current best of its kind: a longer
    /// pattern, or as long and earlier in the file (Google keeps the first).
    pub fn offer(&mut self, kind: RuleKind, hit: Hit) {
        let slot = match kind {
            RuleKind::Allow => &mut self.allow,
            RuleKind::Disallow => &mut self.disallow,
        };
        if slot.is_none_or(|old| beats(hit.priority, hit.line, old)) {
            *slot = Some(hit);
        }
    }

    /// Offers every pattern of `rule` (the Allow `/index.html` alternative
    /// too) that matches `path`, keeping the longest.
    pub fn offer_rule(&mut self, rules: &[Rule], rule: usize, path: &[u8]) {
        if let Some(priority) = rules[rule].match_priority(path) {
            let line = rules[rule].line;
            self.offer(rules[rule].kind, Hit { rule, priority, line });
        }
    }
}

fn beats(priority: u32, line: u32, old: Hit) -> bool {
    priority > old.priority || (priority == old.priority && line < old.line)
}

/// One pattern of one rule, filed in the trie.
#[derive(Clone, Copy, Debug)]
struct Entry {
    rule: u32,
    /// The Allow `/index.html` alternative rather than the rule's pattern.
    alternative: bool,
    priority: u32,
    line: u32,
    kind: RuleKind,
}

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    edges_start: u32,
    edges_len: u32,
    entries_start: u32,
    entries_len: u32,
}

/// The rules of the groups that apply to one crawler, indexed for matching.
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    nodes: Vec<Node>,
    edge_bytes: Vec<u8>,
    edge_targets: Vec<u32>,
    entries: Vec<Entry>,
}

impl RuleSet {
    /// Indexes the rules with the given indices.
    pub fn new(rules: &[Rule], ids: impl IntoIterator<Item = usize>) -> RuleSet {
        struct Building {
            children: Vec<(u8, u32)>,
            entries: Vec<Entry>,
        }
        let mut building = vec![Building {
            children: Vec::new(),
            entries: Vec::new(),
        }];
        for id in ids {
            let rule = &rules[id];
            let patterns = std::iter::once((&rule.pattern, false))
                .chain(rule.index_html.as_ref().map(|alt| (alt, true)));
            for (pattern, alternative) in patterns {
                let mut node = 0usize;
                for &b in pattern.literal_prefix() {
                    let found = building[node].children.iter().find(|(c, _)| *c == b);
                    node = match found {
                        Some(&(_, child)) => child as usize,
                        None => {
                            let child = building.len();
                            building.push(Building {
                                children: Vec::new(),
                                entries: Vec::new(),
                            });
                            building[node].children.push((b, child as u32));
                            child
                        }
                    };
                }
                building[node].entries.push(Entry {
                    rule: id as u32,
                    alternative,
                    priority: pattern.priority(),
                    line: rule.line,
                    kind: rule.kind,
                });
            }
        }
        let mut set = RuleSet::default();
        for mut node in building {
            node.children.sort_unstable_by_key(|&(b, _)| b);
            set.nodes.push(Node {
                edges_start: set.edge_bytes.len() as u32,
                edges_len: node.children.len() as u32,
                entries_start: set.entries.len() as u32,
                entries_len: node.entries.len() as u32,
            });
            set.edge_bytes.extend(node.children.iter().map(|&(b, _)| b));
            set.edge_targets.extend(node.children.iter().map(|&(_, t)| t));
            set.entries.extend(node.entries);
        }
        set
    }

    /// The best Allow and Disallow matching `path`.
    pub fn best(&self, rules: &[Rule], path: &[u8]) -> Best {
        let mut best = Best::default();
        let mut node = 0usize;
        let mut depth = 0usize;
        loop {
            let n = self.nodes[node];
            let entries = &self.entries[n.entries_start as usize..(n.entries_start + n.entries_len) as usize];
            for entry in entries {
                let current = match entry.kind {
                    RuleKind::Allow => best.allow,
                    RuleKind::Disallow => best.disallow,
                };
                if current.is_some_and(|old| !beats(entry.priority, entry.line, old)) {
                    continue;
                }
                let rule = &rules[entry.rule as usize];
                let pattern = if entry.alternative {
                    rule.index_html.as_ref().unwrap_or(&rule.pattern)
                } else {
                    &rule.pattern
                };
                if pattern.matches_after_prefix(path) {
                    best.offer(
                        entry.kind,
                        Hit {
                            rule: entry.rule as usize,
                            priority: entry.priority,
                            line: entry.line,
                        },
                    );
                }
            }
            let Some(&b) = path.get(depth) else { break };
            let start = n.edges_start as usize;
            let edges = &self.edge_bytes[start..start + n.edges_len as usize];
            match memchr::memchr(b, edges) {
                Some(i) => node = self.edge_targets[start + i] as usize,
                None => break,
            }
            depth += 1;
        }
        best
    }
}
