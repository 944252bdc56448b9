//! What changed between two versions of a robots.txt beyond the verdicts
//! of listed URLs: whether `*` is newly shut out of (or let into) the site
//! root, the rules and directives added to or removed from each crawler's
//! groups, and whether the text changed in comments and whitespace only.
//!
//! Rules are compared per crawler name as the files write them: a rule is
//! removed for `Googlebot` when a group naming `Googlebot` held it before
//! and none does after, so splitting, merging or reordering groups changes
//! nothing, and adding a `GPTBot` group adds its rules for `GPTBot` only (a
//! crawler without a group of its own follows `*` on both sides; what that
//! does to its verdicts is the verdict comparison's to say). Names whose
//! groups are the same on both sides are compared once, so a group naming
//! hundreds of crawlers costs one comparison, and the comparison stops at
//! [`MAX_RULE_WORK`] rules read, saying so ([`FileChanges::incomplete`]).

use std::cmp::Ordering;

use super::{class_of, ChangeClass, Trigger, VerdictClasses};
use crate::tools::compare::ChangeKind;
use crate::{CheckOptions, Crawler, FetchedRobots, LineKind, Robots, RuleKind, Verdict};

/// The most rules read when comparing two files' rules (each rule counts
/// once for each set of groups it is compared in). Real files need a few
/// thousand; a hostile pair stops here rather than taking minutes.
pub const MAX_RULE_WORK: usize = 4_000_000;

/// Added in the version after, or removed from the version before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edit {
    /// Only in the version before.
    Removed,
    /// Only in the version after.
    Added,
}

impl Edit {
    /// `removed` or `added`.
    pub fn as_str(self) -> &'static str {
        match self {
            Edit::Removed => "removed",
            Edit::Added => "added",
        }
    }
}

/// A rule that one version's groups for some crawlers hold and the
/// other's do not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleChange {
    /// Added or removed.
    pub edit: Edit,
    /// Allow or Disallow.
    pub kind: RuleKind,
    /// The rule as written (`Allow: /blog`), in the version it is in.
    pub text: String,
    /// Its line in that version (before for a removed rule, after for an
    /// added one).
    pub line: u32,
    /// The crawler names (as the file writes them; `*` for the `*`
    /// groups) it was added or removed for, in file order.
    pub agents: Vec<String>,
}

/// A line other than a rule (Sitemap, Crawl-delay, Content-Signal, ...)
/// that one version has and the other does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectiveChange {
    /// Added or removed.
    pub edit: Edit,
    /// The key as written.
    pub key: String,
    /// The value as written.
    pub value: String,
    /// Its line in the version it is in.
    pub line: u32,
    /// The names of the group it is in (none for lines outside groups,
    /// such as Sitemap).
    pub agents: Vec<String>,
}

/// `*`'s verdict on the site root, when it changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootChange {
    /// Newly allowed or newly disallowed.
    pub kind: ChangeKind,
    /// The verdict before.
    pub before: Verdict,
    /// The verdict after.
    pub after: Verdict,
}

/// How the text changed, besides its rules and directives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextChange {
    /// The same bytes (or neither side's rules were read).
    Same,
    /// Only comments, blank lines and whitespace changed.
    CommentsOnly,
    /// Lines changed, but no rule or directive did.
    RulesUnchanged,
    /// Rules or directives changed (listed in [`FileChanges`]).
    Rules,
}

/// What changed between two versions of a file beyond listed URLs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileChanges {
    /// `*`'s verdict on `/`, when it changes (also when how fetching a
    /// side ended decides it).
    pub site_root: Option<RootChange>,
    /// Rules added or removed: removed ones first, each list in line
    /// order.
    pub rules: Vec<RuleChange>,
    /// Directives added or removed: removed ones first, in line order.
    pub directives: Vec<DirectiveChange>,
    /// How the text changed.
    pub text: TextChange,
    /// Whether rules, directives and text were compared at all: not when
    /// how fetching a side ended replaced its rules.
    pub compared: bool,
    /// Whether the rule comparison stopped at [`MAX_RULE_WORK`].
    pub incomplete: bool,
}

/// One change of a file, with its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileChange<'a> {
    /// `*`'s verdict on the site root.
    SiteRoot(&'a RootChange),
    /// A rule added or removed.
    Rule(&'a RuleChange),
    /// A directive added or removed.
    Directive(&'a DirectiveChange),
    /// Comments and whitespace only, or lines without a rule change.
    Text(TextChange),
}

impl FileChange<'_> {
    /// The change's class.
    pub fn class(&self) -> &'static ChangeClass {
        match self {
            FileChange::SiteRoot(root) => {
                VerdictClasses::new(&[Crawler::new("*")]).class(0, "/", root.kind, &root.after)
            }
            FileChange::Rule(rule) => class_of(Trigger::Rule {
                kind: rule.kind,
                edit: rule.edit,
            }),
            FileChange::Directive(_) => class_of(Trigger::Directive),
            FileChange::Text(TextChange::CommentsOnly) => class_of(Trigger::CommentsOnly),
            FileChange::Text(_) => class_of(Trigger::RulesUnchanged),
        }
    }
}

impl FileChanges {
    /// Compares `before` with `after`, each as a crawler got it; `*` on
    /// `/` is checked as `options` say.
    pub fn new(
        before: FetchedRobots<'_>,
        after: FetchedRobots<'_>,
        options: &CheckOptions,
    ) -> FileChanges {
        let star = Crawler::new("*");
        let (old, new) = (
            before.check_with(&star, "/", options),
            after.check_with(&star, "/", options),
        );
        let site_root = ChangeKind::between(old.allowed, new.allowed).map(|kind| RootChange {
            kind,
            before: old,
            after: new,
        });
        let mut changes = FileChanges {
            site_root,
            rules: Vec::new(),
            directives: Vec::new(),
            text: TextChange::Same,
            compared: false,
            incomplete: false,
        };
        let (Some(before), Some(after)) = (before.rules(), after.rules()) else {
            return changes;
        };
        changes.compared = true;
        (changes.rules, changes.incomplete) = rule_changes(before, after, MAX_RULE_WORK);
        changes.directives = directive_changes(before, after);
        changes.text = if before.input() == after.input() {
            TextChange::Same
        } else if content(before) == content(after) {
            TextChange::CommentsOnly
        } else if changes.rules.is_empty() && changes.directives.is_empty() && !changes.incomplete {
            TextChange::RulesUnchanged
        } else {
            TextChange::Rules
        };
        changes
    }

    /// Every change with its class: the site root, the rules, the
    /// directives, then a text-only change.
    pub fn classified(&self) -> Vec<(&'static ChangeClass, FileChange<'_>)> {
        let text = matches!(
            self.text,
            TextChange::CommentsOnly | TextChange::RulesUnchanged
        )
        .then_some(FileChange::Text(self.text));
        (self.site_root.iter().map(FileChange::SiteRoot))
            .chain(self.rules.iter().map(FileChange::Rule))
            .chain(self.directives.iter().map(FileChange::Directive))
            .chain(text)
            .map(|change| (change.class(), change))
            .collect()
    }
}

impl FileChanges {
    /// The changes to list beside the verdict changes of a list of URLs:
    /// every one of [`FileChanges::classified`], `*`'s change on the site
    /// root only when those verdict changes do not already hold it
    /// (`root_shown`).
    pub fn listed(&self, root_shown: bool) -> Vec<(&'static ChangeClass, FileChange<'_>)> {
        let mut all = self.classified();
        if root_shown {
            all.retain(|(_, change)| !matches!(change, FileChange::SiteRoot(_)));
        }
        all
    }
}

/// For each of `len` items, the first (lowest) item equal to it by
/// `compare` (a total order): itself when no item before it is equal.
/// One stable sort through the crate's one sort (no hash table per key
/// type: in the app each one compiled its own copy of the table's code).
fn first_equal(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let order = crate::sort::sorted_positions(len, compare);
    let mut first = vec![0; len];
    let mut run = 0;
    for (at, &item) in order.iter().enumerate() {
        if at == 0 || compare(order[at - 1], item) != Ordering::Equal {
            run = item;
        }
        first[item] = run;
    }
    first
}

/// Each crawler name (lower-cased; `*` for the `*` groups) with its first
/// spelling and the groups naming it, in order of first appearance.
fn memberships(robots: &Robots) -> Vec<(String, &str, Vec<usize>)> {
    let seen: Vec<(String, &str, usize)> = robots
        .groups()
        .iter()
        .enumerate()
        .flat_map(|(group, g)| {
            g.names()
                .map(move |name| (name.to_ascii_lowercase(), name, group))
        })
        .collect();
    let first = first_equal(seen.len(), &|a, b| seen[a].0.cmp(&seen[b].0));
    let mut at = vec![0; seen.len()];
    let mut names: Vec<(String, &str, Vec<usize>)> = Vec::new();
    for (i, (lower, name, group)) in seen.into_iter().enumerate() {
        if first[i] == i {
            at[i] = names.len();
            names.push((lower, name, Vec::new()));
        }
        let groups = &mut names[at[first[i]]].2;
        if groups.last() != Some(&group) {
            groups.push(group);
        }
    }
    names
}

/// A rule of some groups: its kind and normalised pattern (what is
/// compared), its line and text.
type RuleAt<'r> = (RuleKind, &'r [u8], u32, &'r str);

/// The rules of `groups`, in order.
fn rules_of<'r>(robots: &'r Robots, groups: &[usize]) -> Vec<RuleAt<'r>> {
    let mut rules = Vec::new();
    for &group in groups {
        let Some(range) = robots.groups().get(group).map(|g| g.rules.clone()) else {
            continue;
        };
        for rule in robots.rules().get(range).unwrap_or_default() {
            rules.push((
                rule.kind,
                rule.pattern.as_bytes(),
                rule.line,
                rule.text.as_str(),
            ));
        }
    }
    rules
}

/// Rules added and removed per crawler name, and whether the comparison
/// stopped after reading `budget` rules ([`MAX_RULE_WORK`] but in tests).
pub(super) fn rule_changes(
    before: &Robots,
    after: &Robots,
    budget: usize,
) -> (Vec<RuleChange>, bool) {
    let old = memberships(before);
    let new = memberships(after);
    // Each name with its groups before and after.
    let lowers: Vec<&str> = old.iter().chain(&new).map(|n| n.0.as_str()).collect();
    let same = first_equal(lowers.len(), &|a, b| lowers[a].cmp(lowers[b]));
    let mut after_groups: Vec<&[usize]> = vec![&[]; old.len()];
    let mut only_new = Vec::new();
    for (j, (_, name, groups)) in new.iter().enumerate() {
        match same[old.len() + j] {
            i if i < old.len() => after_groups[i] = groups,
            _ => only_new.push((*name, &[][..], &groups[..])),
        }
    }
    let both: Vec<(&str, &[usize], &[usize])> = old
        .iter()
        .zip(after_groups)
        .map(|((_, name, groups), after)| (*name, &groups[..], after))
        .chain(only_new)
        .collect();
    // Names with the same groups on both sides share one comparison, in
    // order of first appearance.
    let key = |i: usize| (both[i].1, both[i].2);
    let same = first_equal(both.len(), &|a, b| key(a).cmp(&key(b)));
    let mut at = vec![0; both.len()];
    let mut classes: Vec<(&[usize], &[usize], Vec<&str>)> = Vec::new();
    for (i, &(name, old_groups, new_groups)) in both.iter().enumerate() {
        if same[i] == i {
            at[i] = classes.len();
            classes.push((old_groups, new_groups, Vec::new()));
        }
        classes[at[same[i]]].2.push(name);
    }

    let mut found: Vec<(Edit, RuleKind, u32, &str, usize)> = Vec::new();
    let mut work = 0usize;
    for (class, (old_groups, new_groups, _)) in classes.iter().enumerate() {
        let (was, is) = (rules_of(before, old_groups), rules_of(after, new_groups));
        work += was.len() + is.len();
        if work > budget {
            return (merged(found, &classes), true);
        }
        let all: Vec<&RuleAt> = was.iter().chain(&is).collect();
        let key = |i: usize| (all[i].0 == RuleKind::Allow, all[i].1);
        let same = first_equal(all.len(), &|a, b| key(a).cmp(&key(b)));
        let mut kept = vec![false; was.len()];
        for &i in &same[was.len()..] {
            if let Some(kept) = kept.get_mut(i) {
                *kept = true;
            }
        }
        for (i, rule) in all.iter().enumerate() {
            let edit = match i < was.len() {
                true if same[i] == i && !kept[i] => Edit::Removed,
                false if same[i] == i => Edit::Added,
                _ => continue,
            };
            found.push((edit, rule.0, rule.2, rule.3, class));
        }
    }
    (merged(found, &classes), false)
}

/// The rules found changed, one per edit and line with every name of the
/// classes it was found in: removed rules first, then added ones, each in
/// line order.
fn merged(
    mut found: Vec<(Edit, RuleKind, u32, &str, usize)>,
    classes: &[(&[usize], &[usize], Vec<&str>)],
) -> Vec<RuleChange> {
    crate::sort::sort_by_u64_key(&mut found, |f| (f.0 as u64) << 32 | u64::from(f.2));
    let mut changes: Vec<RuleChange> = Vec::new();
    for (edit, kind, line, text, class) in found {
        let names = classes.get(class).map_or(&[][..], |c| &c.2[..]);
        match changes.last_mut() {
            Some(last) if (last.edit, last.line) == (edit, line) => {
                last.agents.extend(names.iter().map(|n| n.to_string()))
            }
            _ => changes.push(RuleChange {
                edit,
                kind,
                text: text.to_string(),
                line,
                agents: names.iter().map(|n| n.to_string()).collect(),
            }),
        }
    }
    changes
}

/// A line other than a rule and a User-agent that carries a key (a
/// Sitemap or another directive): its line, key and value as written, and
/// the group it is in.
type Directive<'r> = (u32, &'r str, &'r str, Option<usize>);

/// Every Sitemap and other directive of `robots`, in that order.
fn directives(robots: &Robots) -> Vec<Directive<'_>> {
    let sitemaps = robots
        .sitemaps()
        .iter()
        .map(|s| (s.line, "Sitemap", s.url.as_str(), None));
    let others = robots
        .other_directives()
        .iter()
        .map(|d| (d.line, d.key.as_str(), d.value.as_str(), d.group));
    sitemaps.chain(others).collect()
}

/// Each group's names as a directive's group is compared: lower-cased,
/// sorted, each once.
fn group_names(robots: &Robots) -> Vec<Vec<String>> {
    robots
        .groups()
        .iter()
        .map(|g| {
            let mut names: Vec<String> = g.names().map(str::to_ascii_lowercase).collect();
            crate::sort::sort_by(&mut names, String::cmp);
            names.dedup();
            names
        })
        .collect()
}

/// Directives one side has more often than the other: of equal ones (the
/// same key in any letter case, value but surrounding whitespace, and
/// group's names in any order and case), the first as many as the other
/// side has are kept, the rest removed (before) or added (after).
fn directive_changes(before: &Robots, after: &Robots) -> Vec<DirectiveChange> {
    let sides = [before, after];
    let names = sides.map(group_names);
    let all: Vec<(usize, Directive)> = sides
        .iter()
        .enumerate()
        .flat_map(|(side, robots)| directives(robots).into_iter().map(move |d| (side, d)))
        .collect();
    let names_of = |i: usize| {
        let (side, d) = &all[i];
        d.3.and_then(|g| names[*side].get(g))
            .map_or(&[][..], Vec::as_slice)
    };
    let same = first_equal(all.len(), &|a, b| {
        let ((_, x), (_, y)) = (&all[a], &all[b]);
        let lower = |b: u8| b.to_ascii_lowercase();
        (x.1.bytes().map(lower))
            .cmp(y.1.bytes().map(lower))
            .then_with(|| x.2.trim().cmp(y.2.trim()))
            .then_with(|| names_of(a).cmp(names_of(b)))
    });
    // Per first equal one: how many before and after, then each one's rank
    // among the equal ones of its side.
    let mut count = vec![[0usize; 2]; all.len()];
    for (&(side, _), &first) in all.iter().zip(&same) {
        count[first][side] += 1;
    }
    let mut rank = vec![[0usize; 2]; all.len()];
    let mut changes = Vec::new();
    for (&(side, (line, key, value, group)), &first) in all.iter().zip(&same) {
        let seen = rank[first][side];
        rank[first][side] += 1;
        if seen >= count[first][1 - side] {
            changes.push(DirectiveChange {
                edit: [Edit::Removed, Edit::Added][side],
                key: key.to_string(),
                value: value.to_string(),
                line,
                agents: group
                    .and_then(|g| sides[side].groups().get(g))
                    .map(|g| g.names().map(str::to_string).collect())
                    .unwrap_or_default(),
            });
        }
    }
    changes
}

/// The lines a crawler reads, without comments and surrounding
/// whitespace: a directive as its key and value, anything else as its
/// trimmed text. Blank and comment-only lines are left out.
fn content(robots: &Robots) -> Vec<(LineKind, Vec<u8>)> {
    let input = robots.input();
    let bytes = |range: std::ops::Range<usize>| input.get(range).unwrap_or_default();
    robots
        .lines()
        .iter()
        .filter(|line| !matches!(line.kind, LineKind::Blank | LineKind::Comment))
        .map(|line| {
            let text = match (&line.key, &line.value) {
                (Some(key), value) => {
                    let mut text = bytes(key.clone()).to_vec();
                    text.push(b':');
                    text.extend_from_slice(value.clone().map_or(&[][..], bytes));
                    text
                }
                (None, _) => {
                    let end = line.comment.as_ref().map_or(line.span.end, |c| c.start);
                    bytes(line.span.start..end).trim_ascii().to_vec()
                }
            };
            (line.kind, text)
        })
        .collect()
}
