//! Which groups name which crawler token: the index a check starts from.
//!
//! Every lower-cased product token is filed with the groups naming it (in
//! file order), sorted for binary search: no hashing per check, and no
//! hash-flooding by a file full of crafted names. Tokens naming the same
//! groups (`Googlebot` and `Googlebot-Image` above the same rules) share one
//! [`AgentRules`], so their rule index is built once.

use std::sync::{Arc, OnceLock};

use crate::index::{IndexedRule, RuleSet};
use crate::Mode;

use super::spans::{NameSpan, Spans};

/// The groups that apply to one robots.txt token, indexed for matching.
///
/// The index is built the first time a crawler needs it, not while parsing:
/// an editor re-parses on every change and usually checks one crawler, and
/// a file naming many crawlers then pays for one index, not all of them.
#[derive(Clone, Debug, Default)]
pub(crate) struct AgentRules {
    /// Indices into [`crate::Robots::groups`], in file order.
    pub groups: Vec<usize>,
    rules: OnceLock<RuleSet>,
}

impl AgentRules {
    fn new(groups: Vec<usize>) -> Arc<AgentRules> {
        Arc::new(AgentRules {
            groups,
            rules: OnceLock::new(),
        })
    }

    /// The index of these groups' rules, built on first use.
    pub fn rule_set(&self, spans: &Spans, mode: Mode) -> &RuleSet {
        self.rules.get_or_init(|| {
            let rules = self
                .groups
                .iter()
                .flat_map(|&g| spans.groups[g].rule_ids())
                .map(|id| {
                    let rule = &spans.rules[id];
                    let (pattern, index_html) = spans.rule_patterns(id, mode);
                    IndexedRule {
                        id,
                        kind: rule.kind,
                        line: rule.line,
                        pattern,
                        index_html,
                    }
                });
            RuleSet::new(rules)
        })
    }
}

/// Every token's groups, and the `*` groups.
#[derive(Clone, Debug, Default)]
pub(crate) struct AgentIndex {
    /// Lower-cased product token -> the groups naming it, sorted by token.
    named: Vec<(Box<[u8]>, Arc<AgentRules>)>,
    /// The `*` groups, merged.
    pub global: Option<Arc<AgentRules>>,
}

impl AgentIndex {
    /// Files every User-agent line of `spans`.
    pub fn new(spans: &Spans) -> AgentIndex {
        // (lower-cased token, group index) of every agent line, file order.
        let mut tokens: Vec<(Box<[u8]>, usize)> = Vec::new();
        let mut global = Vec::new();
        for (index, group) in spans.groups.iter().enumerate() {
            for agent in &spans.agents[group.agent_ids()] {
                match agent.name {
                    NameSpan::Global => {
                        if global.last() != Some(&index) {
                            global.push(index);
                        }
                    }
                    NameSpan::Token(len) => {
                        let start = agent.value.start as usize;
                        let token = &spans.input[start..start + len as usize];
                        tokens.push((token.to_ascii_lowercase().into_boxed_slice(), index));
                    }
                    NameSpan::Nothing => {}
                }
            }
        }
        // Stable, so each token's groups stay in file order.
        crate::sort::sort_by(&mut tokens, |a, b| a.0.cmp(&b.0));
        let mut named_ids: Vec<(Box<[u8]>, Vec<usize>)> = Vec::new();
        for (token, index) in tokens {
            match named_ids.last_mut() {
                Some((last, ids)) if *last == token => {
                    if ids.last() != Some(&index) {
                        ids.push(index);
                    }
                }
                _ => named_ids.push((token, vec![index])),
            }
        }
        // Equal group lists are adjacent once sorted by them: each run of
        // them shares one `AgentRules`, and so does the `*` list when some
        // token names exactly the `*` groups.
        let mut by_groups: Vec<usize> = (0..named_ids.len()).collect();
        crate::sort::sort_by(&mut by_groups, |&a, &b| named_ids[a].1.cmp(&named_ids[b].1));
        let mut shared: Vec<Option<Arc<AgentRules>>> = vec![None; named_ids.len()];
        let mut run: Option<(usize, Arc<AgentRules>)> = None;
        for &pos in &by_groups {
            let rules = match &run {
                Some((first, rules)) if named_ids[*first].1 == named_ids[pos].1 => rules.clone(),
                _ => AgentRules::new(named_ids[pos].1.clone()),
            };
            shared[pos] = Some(rules.clone());
            run = Some((pos, rules));
        }
        let global = (!global.is_empty()).then(|| {
            named_ids
                .iter()
                .zip(&shared)
                .find_map(|((_, ids), rules)| (*ids == global).then(|| rules.clone()).flatten())
                .unwrap_or_else(|| AgentRules::new(global))
        });
        let named = named_ids
            .into_iter()
            .zip(shared)
            .filter_map(|((token, _), rules)| Some((token, rules?)))
            .collect();
        AgentIndex { named, global }
    }

    /// The groups naming `token`, compared without letter case and without
    /// allocating for ordinary tokens.
    pub fn named(&self, token: &str) -> Option<&AgentRules> {
        let mut buffer = [0u8; 64];
        let long;
        let bytes = token.as_bytes();
        let lower: &[u8] = match buffer.get_mut(..bytes.len()) {
            Some(slot) => {
                slot.copy_from_slice(bytes);
                slot.make_ascii_lowercase();
                slot
            }
            None => {
                long = bytes.to_ascii_lowercase();
                &long
            }
        };
        let i = self
            .named
            .binary_search_by(|(k, _)| (**k).cmp(lower))
            .ok()?;
        Some(&self.named[i].1)
    }
}
