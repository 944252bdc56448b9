//! Which groups name which crawler token: the index a check starts from.
//!
//! Every product token is lower-cased once, into one buffer, and filed with
//! the groups naming it (in file order), sorted for binary search: no
//! hashing per check, and no hash-flooding by a file full of crafted names.
//! Tokens naming the same groups (`Googlebot` and `Googlebot-Image` above
//! the same rules) share one [`AgentRules`], so their rule index is built
//! once. A file of hundreds of User-agent lines is filed in a few vectors,
//! not a few allocations per line, and only once more than a few distinct
//! tokens were looked up ([`crate::Robots`] keeps it): filing such a file
//! costs more than parsing it, and the first tokens are each found by
//! reading the lines once ([`EarlyTokens`]). The `*` groups are found on
//! their own ([`GlobalGroups`]).

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

use crate::agent::is_global_value;
use crate::index::RuleIndex;
use crate::Robots;

use super::spans::{NameSpan, Spans};

/// Checks that try every rule before the rule index is built: the first
/// one, so that a crawler checking one URL (a first check after a parse, an
/// editor checking as the file is typed) never pays for an index, and no
/// first check costs more than trying every rule once. The second check
/// builds it: a build costs as much as 5 (quora.com) to 18 (docs.oracle.com,
/// 31,843 rules) checks that try every rule (callgrind), so waiting for 16
/// such checks, as before, made a crawler's first 17 checks cost up to
/// twice what building at once does, and every crawler with more than a
/// handful of URLs pays for the index anyway.
pub(crate) const SCANS_BEFORE_INDEX: u32 = 1;

/// The groups that apply to one robots.txt token, and their rule index.
///
/// The index is built once enough checks were made, not while parsing: an
/// editor re-parses on every change and usually checks one crawler, and a
/// file naming many crawlers then pays for one index, not all of them.
#[derive(Debug, Default)]
struct AgentRules {
    /// Where its groups are in [`AgentIndex::group_ids`].
    groups: (u32, u32),
    /// Boxed: most are never built, and an unbuilt one is then a pointer.
    rules: OnceLock<Box<RuleIndex>>,
    /// Checks made without the index (counting stops once it is built).
    scans: AtomicU32,
}

impl Clone for AgentRules {
    fn clone(&self) -> AgentRules {
        AgentRules {
            groups: self.groups,
            rules: self.rules.clone(),
            scans: AtomicU32::new(self.scans.load(Ordering::Relaxed)),
        }
    }
}

/// The groups one token (or `*`) names, as a check reads them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AgentGroups<'a> {
    /// Indices into [`crate::Robots::groups`], in file order.
    pub groups: &'a [usize],
    rules: &'a AgentRules,
}

impl<'a> AgentGroups<'a> {
    /// The rule index for a check: `None` (try every rule instead) for the
    /// first [`SCANS_BEFORE_INDEX`] checks, then built once and kept.
    pub fn index_when_due(self, robots: &Robots) -> Option<&'a RuleIndex> {
        if let Some(rules) = self.rules.rules.get() {
            return Some(rules);
        }
        if self.rules.scans.fetch_add(1, Ordering::Relaxed) < SCANS_BEFORE_INDEX {
            return None;
        }
        Some(self.index(robots))
    }

    /// The rule index, if a check has built it.
    pub fn built_index(self) -> Option<&'a RuleIndex> {
        self.rules.rules.get().map(|rules| &**rules)
    }

    /// The index of these groups' rules, built on first use.
    pub fn index(self, robots: &Robots) -> &'a RuleIndex {
        self.rules.rules.get_or_init(|| {
            let groups = self
                .groups
                .iter()
                .map(|&g| robots.spans.groups[g].rule_ids());
            let count = groups.clone().map(|ids| ids.len()).sum();
            Box::new(RuleIndex::new(count, groups.flatten(), robots))
        })
    }
}

/// No entry.
const NONE: u32 = u32::MAX;

/// The entry of a token naming exactly the `*` groups: it shares their
/// [`GlobalGroups`].
const GLOBAL: u32 = u32::MAX - 1;

/// Distinct tokens looked up before every User-agent line is filed: each
/// is found by reading the lines once and kept with its groups
/// ([`EarlyTokens`]). Most crawlers checking a file are one or two tokens
/// (the crawler's own, a fallback), and filing a file of hundreds of
/// User-agent lines cost a first check more than the parse (pagopa:
/// 347,000 instructions filing, 426,000 parsing; reading its lines for
/// one token costs ~5,000).
pub(crate) const EARLY_TOKENS: usize = 4;

/// The first [`EARLY_TOKENS`] distinct tokens looked up, each with the
/// groups naming it and its own rule index, in the order they came.
#[derive(Clone, Debug, Default)]
pub(crate) struct EarlyTokens([OnceLock<EarlyToken>; EARLY_TOKENS]);

/// A token looked up before the filing, and the groups naming it.
#[derive(Clone, Debug)]
struct EarlyToken {
    /// The token as looked up (compared without letter case).
    name: Box<[u8]>,
    /// Indices into [`crate::Robots::groups`], in file order.
    groups: Vec<usize>,
    rules: AgentRules,
}

impl EarlyToken {
    /// `token` and the groups of `spans` naming it (without letter case).
    fn new(spans: &Spans, token: &str) -> EarlyToken {
        // A token no value can name (`AI2Bot`: values are read up to the
        // `2`) names no group.
        let valid = crate::agent::is_valid_token(token);
        let names = |agent: &super::spans::AgentSpan| agent.names(&spans.input, token.as_bytes());
        EarlyToken {
            name: token.as_bytes().into(),
            groups: (0..spans.groups.len())
                .filter(|&g| valid && spans.agents[spans.groups[g].agent_ids()].iter().any(names))
                .collect(),
            rules: AgentRules::default(),
        }
    }
}

impl EarlyTokens {
    /// The groups of `early`, one of these tokens, as [`AgentIndex::named`]
    /// gives them: none when no group names it, the `global` ones (and
    /// their rule index) when exactly those do; else with the rule index of
    /// the first of these tokens naming the same groups, so that tokens
    /// above the same rules build one index.
    fn groups<'a>(
        &'a self,
        early: &'a EarlyToken,
        global: &'a GlobalGroups,
    ) -> Option<AgentGroups<'a>> {
        if early.groups.is_empty() {
            return None;
        }
        if early.groups == global.groups {
            return global.get();
        }
        let owner = self
            .0
            .iter()
            .filter_map(OnceLock::get)
            .find(|other| other.groups == early.groups)
            .unwrap_or(early);
        Some(AgentGroups {
            groups: &owner.groups,
            rules: &owner.rules,
        })
    }

    /// The groups naming `token`, when it was looked up before: `Some(None)`
    /// when no group names it, `None` when it was not looked up.
    pub fn find<'a>(
        &'a self,
        token: &str,
        global: &'a GlobalGroups,
    ) -> Option<Option<AgentGroups<'a>>> {
        self.0
            .iter()
            .filter_map(OnceLock::get)
            .find(|early| early.name.eq_ignore_ascii_case(token.as_bytes()))
            .map(|early| self.groups(early, global))
    }

    /// [`EarlyTokens::find`], else `token` read from `spans` into the
    /// first free place; `None` when every place holds another token (time
    /// to file them all).
    pub fn find_or_read<'a>(
        &'a self,
        spans: &Spans,
        token: &str,
        global: &'a GlobalGroups,
    ) -> Option<Option<AgentGroups<'a>>> {
        // Places fill in order: each lookup takes the first free one.
        self.0
            .iter()
            .map(|place| place.get_or_init(|| EarlyToken::new(spans, token)))
            .find(|early| early.name.eq_ignore_ascii_case(token.as_bytes()))
            .map(|early| self.groups(early, global))
    }
}

/// The `*` groups and their rule index, found without filing the tokens.
#[derive(Clone, Debug, Default)]
pub(crate) struct GlobalGroups {
    /// Indices into [`crate::Robots::groups`], in file order.
    groups: Vec<usize>,
    rules: AgentRules,
}

impl GlobalGroups {
    /// The `*` groups of `spans`.
    pub fn new(spans: &Spans) -> GlobalGroups {
        let groups = spans
            .groups
            .iter()
            .enumerate()
            .filter(|(_, group)| {
                spans.agents[group.agent_ids()]
                    .iter()
                    .any(|agent| is_global_value(spans.bytes(agent.value)))
            })
            .map(|(index, _)| index)
            .collect();
        GlobalGroups {
            groups,
            rules: AgentRules::default(),
        }
    }

    /// The `*` groups, merged, if there are any.
    pub fn get(&self) -> Option<AgentGroups<'_>> {
        (!self.groups.is_empty()).then_some(AgentGroups {
            groups: &self.groups,
            rules: &self.rules,
        })
    }
}

/// Every token's groups.
#[derive(Clone, Debug, Default)]
pub(crate) struct AgentIndex {
    /// Every User-agent line's product token, lower-cased, one after the
    /// other.
    names: Vec<u8>,
    /// (start, end) of a distinct token in `names`, and its entry in
    /// `rules`; sorted by token.
    named: Vec<(u32, u32, u32)>,
    /// The group lists of `rules`, one after the other.
    group_ids: Vec<usize>,
    /// One per distinct group list. The `*` groups' list gets one too, left
    /// unused: the tokens naming exactly those groups have the entry
    /// [`GLOBAL`], which is [`GlobalGroups`]' own.
    rules: Vec<AgentRules>,
}

impl AgentIndex {
    /// Files every User-agent line of `spans`; a token naming exactly the
    /// `global` groups shares their entry.
    pub fn new(spans: &Spans, global: &GlobalGroups) -> AgentIndex {
        let global = &global.groups;
        let mut names = Vec::with_capacity(16 * spans.agents.len());
        // Every token, in file order.
        let mut tokens: Vec<Token> = Vec::with_capacity(spans.agents.len());
        for (index, group) in spans.groups.iter().enumerate() {
            for agent in &spans.agents[group.agent_ids()] {
                match agent.name(&spans.input) {
                    NameSpan::Token(len) => {
                        let start = agent.value.start as usize;
                        let at = names.len() as u32;
                        names.extend_from_slice(&spans.input[start..start + len as usize]);
                        names[at as usize..].make_ascii_lowercase();
                        tokens.push(Token {
                            key: sort_key(&names[at as usize..]),
                            start: at,
                            end: names.len() as u32,
                            group: index as u32,
                        });
                    }
                    NameSpan::Global | NameSpan::Nothing => {}
                }
            }
        }
        let name = |t: &Token| &names[t.start as usize..t.end as usize];
        // By key, stably, so each token's groups stay in file order. Keys
        // differ for most tokens, and then their order is the tokens'
        // order; tokens sharing a key are then sorted by name, stably.
        crate::sort::sort_by_u64_key(&mut tokens, |t| t.key);
        let mut run = 0;
        while run < tokens.len() {
            let key = tokens[run].key;
            let end = run + tokens[run..].iter().take_while(|t| t.key == key).count();
            if end - run > 1 {
                crate::sort::sort_by(&mut tokens[run..end], |a, b| name(a).cmp(name(b)));
            }
            run = end;
        }
        // Each distinct token once, and its group list: `lists[i]` is the
        // range in `group_ids` of `named[i]`'s groups.
        let mut named: Vec<(u32, u32, u32)> = Vec::with_capacity(tokens.len());
        let mut lists: Vec<(u32, u32)> = Vec::with_capacity(tokens.len() + 1);
        let mut group_ids: Vec<usize> = Vec::with_capacity(tokens.len() + global.len());
        for token in &tokens {
            let group = token.group as usize;
            let same_token = named.last().is_some_and(|&(start, end, _)| {
                names[start as usize..end as usize] == *name(token)
            });
            if !same_token {
                named.push((token.start, token.end, NONE));
                lists.push((group_ids.len() as u32, group_ids.len() as u32));
            }
            if !same_token || group_ids.last() != Some(&group) {
                group_ids.push(group);
            }
            if let Some(list) = lists.last_mut() {
                list.1 = group_ids.len() as u32;
            }
        }
        // The `*` list last, so that a token naming exactly the `*` groups
        // shares its entry.
        if !global.is_empty() {
            let start = group_ids.len() as u32;
            group_ids.extend_from_slice(global);
            lists.push((start, group_ids.len() as u32));
        }
        let mut rules = Vec::new();
        let entries = share_lists(&lists, &group_ids, spans.groups.len(), &mut rules);
        let global_entry = (!global.is_empty()).then(|| entries[entries.len() - 1]);
        for (token, &entry) in named.iter_mut().zip(&entries) {
            token.2 = match Some(entry) == global_entry {
                true => GLOBAL,
                false => entry,
            };
        }
        AgentIndex {
            names,
            named,
            group_ids,
            rules,
        }
    }

    /// The groups of entry `entry` of `rules` (or the `global` ones).
    fn entry<'a>(&'a self, entry: u32, global: &'a GlobalGroups) -> Option<AgentGroups<'a>> {
        if entry == GLOBAL {
            return global.get();
        }
        let rules = self.rules.get(entry as usize)?;
        Some(AgentGroups {
            groups: &self.group_ids[rules.groups.0 as usize..rules.groups.1 as usize],
            rules,
        })
    }

    /// The groups naming `token`, compared without letter case and without
    /// allocating for ordinary tokens (`global`: the file's `*` groups, the
    /// index was filed with).
    pub fn named<'a>(&'a self, token: &str, global: &'a GlobalGroups) -> Option<AgentGroups<'a>> {
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
            .binary_search_by(|&(start, end, _)| {
                self.names[start as usize..end as usize].cmp(lower)
            })
            .ok()?;
        self.entry(self.named[i].2, global)
    }
}

/// A User-agent line's token while filing.
struct Token {
    /// [`sort_key`] of the token.
    key: u64,
    /// The lower-cased token is `names[start..end]`.
    start: u32,
    end: u32,
    /// Index of the group the line is in.
    group: u32,
}

/// The first eight bytes of `name`, big-endian, zeros after a shorter name:
/// ordered as the names are when they differ there (a token has no zero
/// bytes), so most comparisons while sorting are one integer comparison.
fn sort_key(name: &[u8]) -> u64 {
    name.iter()
        .take(8)
        .enumerate()
        .fold(0, |key, (i, &b)| key | u64::from(b) << (56 - 8 * i))
}

/// Gives equal group lists one [`AgentRules`], pushed to `rules`: returns
/// the entry of each of `lists` (ranges of `group_ids`; groups are below
/// `groups`).
fn share_lists(
    lists: &[(u32, u32)],
    group_ids: &[usize],
    groups: usize,
    rules: &mut Vec<AgentRules>,
) -> Vec<u32> {
    let list = |i: usize| &group_ids[lists[i].0 as usize..lists[i].1 as usize];
    let mut push = |i: usize| {
        rules.push(AgentRules {
            groups: lists[i],
            ..AgentRules::default()
        });
        rules.len() as u32 - 1
    };
    let mut entries = vec![NONE; lists.len()];
    // Most tokens name one group: equal lists are found by that group,
    // without sorting.
    let mut by_group = vec![NONE; groups];
    let mut longer = Vec::new();
    for (i, entry) in entries.iter_mut().enumerate() {
        match list(i) {
            &[group] => {
                if by_group[group] == NONE {
                    by_group[group] = push(i);
                }
                *entry = by_group[group];
            }
            _ => longer.push(i),
        }
    }
    // Equal longer lists are adjacent once sorted by their groups.
    crate::sort::sort_by(&mut longer, |&a, &b| list(a).cmp(list(b)));
    let mut previous: Option<usize> = None;
    for &i in &longer {
        entries[i] = match previous {
            Some(p) if list(p) == list(i) => entries[p],
            _ => push(i),
        };
        previous = Some(i);
    }
    entries
}

#[cfg(test)]
mod tests {
    use crate::Robots;

    #[test]
    fn tokens_are_filed_with_their_groups_in_file_order() {
        let robots = Robots::parse(
            b"User-agent: Googlebot-Image\nUser-agent: googlebot\nDisallow: /a\n\
              User-agent: *\nDisallow: /b\n\
              User-agent: GOOGLEBOT\nUser-agent: Googlebot\nUser-agent: Googlebot-News\nDisallow: /c\n\
              User-agent: Bingbot\nUser-agent: Googlebot-Image\nDisallow: /d\n\
              User-agent: OnlyStar\nUser-agent: *\nDisallow: /e\n",
        );
        let groups = |token: &str| robots.named_groups(token).map(|a| a.groups.to_vec());
        assert_eq!(groups("googleBOT"), Some(vec![0, 2]));
        assert_eq!(groups("Googlebot-Image"), Some(vec![0, 3]));
        assert_eq!(groups("Googlebot-News"), Some(vec![2]));
        assert_eq!(groups("Googlebo"), None);
        assert_eq!(groups("Googlebot-Imag"), None);
        assert_eq!(groups("OnlyStar"), Some(vec![4]));
        assert_eq!(
            robots.global_groups().map(|a| a.groups.to_vec()),
            Some(vec![1, 4])
        );
    }

    #[test]
    fn many_tokens_sharing_long_prefixes_are_all_found() {
        // Hundreds of lines, names alike in their first eight bytes (the
        // sort key) and in different case, tokens repeated across groups.
        let name = |i: usize| {
            let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
            format!("Googlebot-{}{}", letter(i / 26), letter(i))
        };
        let mut file = String::new();
        let mut want: Vec<(String, Vec<usize>)> = Vec::new();
        for group in 0..150 {
            for i in [group % 60, (group * 7) % 60] {
                let token = name(i);
                let spelled = if group % 2 == 0 {
                    token.to_uppercase()
                } else {
                    token.clone()
                };
                file.push_str(&format!("User-agent: {spelled}\n"));
                match want.iter_mut().find(|(t, _)| *t == token) {
                    Some((_, groups)) if groups.last() == Some(&group) => {}
                    Some((_, groups)) => groups.push(group),
                    None => want.push((token, vec![group])),
                }
            }
            file.push_str("Disallow: /x\n");
        }
        let robots = Robots::parse(file.as_bytes());
        for (token, groups) in &want {
            assert_eq!(
                robots
                    .named_groups(token)
                    .map(|a| a.groups.to_vec())
                    .as_ref(),
                Some(groups),
                "{token}"
            );
        }
        assert!(robots.named_groups("Googlebot-").is_none());
        assert!(robots.named_groups("Googlebot-zzz").is_none());
    }

    proptest::proptest! {
        /// A token's groups, read from the User-agent lines (the first
        /// lookups) or from every line filed, are the groups whose lines'
        /// product tokens are that token, as the view reads them.
        #[test]
        fn lookups_find_the_groups_whose_product_tokens_they_are(
            values in proptest::collection::vec(
                proptest::collection::vec(
                    proptest::sample::select(vec![
                        "Googlebot", "googlebot-NEWS", "Googlebot/2.1", "*", "* x", "*x",
                        "AI2Bot", "ai", "Googlebot_x", "Google bot", "-", "", "Googlebot\u{e9}",
                    ]),
                    1..3,
                ),
                1..6,
            ),
            token in proptest::sample::select(vec![
                "Googlebot", "googlebot-news", "AI2Bot", "AI", "Googlebot_x", "Google", "*", "",
                "googlebot/2.1",
            ]),
        ) {
            let mut file = String::new();
            for group in &values {
                for value in group {
                    file.push_str(&format!("User-agent: {value}\n"));
                }
                file.push_str("Disallow: /x\n");
            }
            let robots = Robots::parse(file.as_bytes());
            let want: Vec<usize> = robots
                .groups()
                .iter()
                .enumerate()
                .filter(|(_, g)| g.agents.iter().any(|a| {
                    matches!(&a.name, crate::model::AgentName::Token(t) if t.eq_ignore_ascii_case(token))
                }))
                .map(|(i, _)| i)
                .collect();
            let want = (!want.is_empty()).then_some(want);
            let early = robots.named_groups(token).map(|g| g.groups.to_vec());
            proptest::prop_assert_eq!(&early, &want);
            // Enough other tokens to file every line.
            let filed = Robots::parse(file.as_bytes());
            for other in ["a", "b", "c", "d", "e"] {
                filed.named_groups(other);
            }
            proptest::prop_assert!(filed.agents.get().is_some());
            let filed = filed.named_groups(token).map(|g| g.groups.to_vec());
            proptest::prop_assert_eq!(&filed, &want);
        }
    }

    #[test]
    fn the_first_tokens_looked_up_are_found_without_filing() {
        let robots = Robots::parse(
            b"User-agent: A\nUser-agent: *\nUser-agent: Star\nDisallow: /x\n\
              User-agent: b\nUser-agent: a\nDisallow: /y\n\
              User-agent: Star\nUser-agent: *\nDisallow: /z\n",
        );
        let groups = |token: &str| robots.named_groups(token).map(|g| g.groups.to_vec());
        for _ in 0..3 {
            assert_eq!(groups("Googlebot"), None);
            assert_eq!(groups("a"), Some(vec![0, 1]));
            assert_eq!(groups("B"), Some(vec![1]));
        }
        assert!(robots.agents.get().is_none());
        // A token naming exactly the `*` groups shares their rule index.
        let star = robots.named_groups("star").unwrap();
        let global = robots.global_groups().unwrap();
        assert_eq!(star.groups, &[0, 2]);
        assert!(std::ptr::eq(star.rules, global.rules));
        assert!(robots.agents.get().is_none());
        // One token more than the places: every line is filed, and the
        // early tokens keep their answers (and their rule indexes).
        let a = robots.named_groups("A").unwrap().rules;
        assert_eq!(groups("c"), None);
        assert!(robots.agents.get().is_some());
        assert!(std::ptr::eq(robots.named_groups("a").unwrap().rules, a));
        assert_eq!(groups("b"), Some(vec![1]));
        assert_eq!(groups("Googlebot"), None);
        assert_eq!(groups("STAR"), Some(vec![0, 2]));
    }

    #[test]
    fn tokens_naming_the_same_groups_share_one_rule_index() {
        let robots = Robots::parse(
            b"User-agent: a\nUser-agent: b\nDisallow: /x\n\
              User-agent: c\nUser-agent: *\nDisallow: /y\n\
              User-agent: a\nUser-agent: b\nUser-agent: d\nDisallow: /z\n",
        );
        let same = |x: &str, y: &str| {
            let (x, y) = (
                robots.named_groups(x).unwrap(),
                robots.named_groups(y).unwrap(),
            );
            std::ptr::eq(x.rules, y.rules)
        };
        assert!(same("a", "b"));
        assert!(!same("a", "c"));
        assert!(!same("c", "d"));
        let global = robots.global_groups().unwrap();
        assert!(std::ptr::eq(
            robots.named_groups("c").unwrap().rules,
            global.rules
        ));
    }
}
