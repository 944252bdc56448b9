//! Which lines differ between two versions of a robots.txt: the marks in
//! both of the app's editors in compare mode, and the diff `robotstxt lint
//! --fix` prints.
//!
//! A line diff (the shortest edit script of Myers' O(ND) algorithm) after
//! cutting the common first and last lines, which is all most edits leave.
//! Lines are compared by an interned number, so each step compares two
//! integers. When the two middles need more than [`MAX_EDITS`] edits (two
//! unrelated files) every middle line is marked instead: the marks then
//! say "everything here differs", which is true enough, and a keystroke
//! never waits for a quadratic search.

use std::collections::HashMap;

/// The most line insertions plus deletions searched for.
pub const MAX_EDITS: usize = 1_000;

/// The lines of each version that the other lacks, 1-based, ascending.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineDiff {
    /// Lines of the version before that are gone or changed in the draft.
    pub before: Vec<u32>,
    /// Lines of the draft that are new or changed.
    pub after: Vec<u32>,
}

impl LineDiff {
    /// The diff from `old` to `new`, lines split at `\n` as the editor
    /// counts them (the text after the last line break is a line).
    pub fn new(old: &str, new: &str) -> LineDiff {
        let mut ids: HashMap<&str, u32> = HashMap::new();
        let (a, b) = (intern(&mut ids, old), intern(&mut ids, new));
        let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let suffix = a[prefix..]
            .iter()
            .rev()
            .zip(b[prefix..].iter().rev())
            .take_while(|(x, y)| x == y)
            .count();
        let (a_mid, b_mid) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
        let (before, after) = match edit_script(a_mid, b_mid) {
            Some(marks) => marks,
            None => ((0..a_mid.len()).collect(), (0..b_mid.len()).collect()),
        };
        let number = |indices: Vec<usize>| -> Vec<u32> {
            indices
                .into_iter()
                .map(|i| (prefix + i + 1) as u32)
                .collect()
        };
        LineDiff {
            before: number(before),
            after: number(after),
        }
    }

    /// Whether line `line` of the version before is marked.
    pub fn before_changed(&self, line: u32) -> bool {
        self.before.binary_search(&line).is_ok()
    }

    /// Whether line `line` of the draft is marked.
    pub fn after_changed(&self, line: u32) -> bool {
        self.after.binary_search(&line).is_ok()
    }
}

/// Each line of `text` as a number, equal for equal lines across calls
/// with the same `ids`.
fn intern<'t>(ids: &mut HashMap<&'t str, u32>, text: &'t str) -> Vec<u32> {
    text.split('\n')
        .map(|line| {
            let next = ids.len() as u32;
            *ids.entry(line).or_insert(next)
        })
        .collect()
}

/// The indices of `a` deleted and of `b` inserted by a shortest edit
/// script, each ascending; `None` when it needs more than [`MAX_EDITS`].
fn edit_script(a: &[u32], b: &[u32]) -> Option<(Vec<usize>, Vec<usize>)> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = (a.len() + b.len()).min(MAX_EDITS) as isize;
    let offset = max + 1;
    let mut v = vec![0isize; 2 * max as usize + 3];
    // `v` before each round d: what the way back reads.
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let index = |k: isize| (k + offset) as usize;
    let mut found = None;
    'rounds: for d in 0..=max {
        trace.push(v.clone());
        for k in (-d..=d).step_by(2) {
            let mut x = if k == -d || (k != d && v[index(k - 1)] < v[index(k + 1)]) {
                v[index(k + 1)]
            } else {
                v[index(k - 1)] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[index(k)] = x;
            if x >= n && y >= m {
                found = Some(d);
                break 'rounds;
            }
        }
    }
    let rounds = found?;
    let (mut deleted, mut inserted) = (Vec::new(), Vec::new());
    let (mut x, mut y) = (n, m);
    for d in (1..=rounds).rev() {
        let v = &trace[d as usize];
        let k = x - y;
        let prev_k = if k == -d || (k != d && v[index(k - 1)] < v[index(k + 1)]) {
            k + 1
        } else {
            k - 1
        };
        let prev_x = v[index(prev_k)];
        let prev_y = prev_x - prev_k;
        while x > prev_x && y > prev_y {
            x -= 1;
            y -= 1;
        }
        if x == prev_x {
            inserted.push(prev_y as usize);
        } else {
            deleted.push(prev_x as usize);
        }
        x = prev_x;
        y = prev_y;
    }
    deleted.reverse();
    inserted.reverse();
    Some((deleted, inserted))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(old: &str, new: &str) -> (Vec<u32>, Vec<u32>) {
        let d = LineDiff::new(old, new);
        (d.before, d.after)
    }

    #[test]
    fn equal_texts_mark_nothing() {
        assert_eq!(diff("a\nb\n", "a\nb\n"), (vec![], vec![]));
        assert_eq!(diff("", ""), (vec![], vec![]));
    }

    #[test]
    fn a_changed_line_is_marked_on_both_sides() {
        let old = "User-agent: *\nDisallow: /a\nAllow: /b\n";
        let new = "User-agent: *\nDisallow: /c\nAllow: /b\n";
        assert_eq!(diff(old, new), (vec![2], vec![2]));
    }

    #[test]
    fn insertions_and_deletions_mark_one_side() {
        assert_eq!(diff("a\nb\nc", "a\nx\nb\nc"), (vec![], vec![2]));
        assert_eq!(diff("a\nb\nc", "a\nc"), (vec![2], vec![]));
        assert_eq!(diff("", "a"), (vec![1], vec![1]));
        assert_eq!(diff("a", "a\n"), (vec![], vec![2]));
    }

    #[test]
    fn moved_and_repeated_lines_find_a_shortest_script() {
        // x moves from the top to the bottom: one deletion, one insertion.
        assert_eq!(diff("x\na\nb\nc", "a\nb\nc\nx"), (vec![1], vec![4]));
        let (before, after) = diff("a\nb\na\nb\na", "b\na\nb\na\nb");
        assert_eq!(before.len() + after.len(), 2);
    }

    /// Every line not marked must be a common subsequence, in order, and
    /// the script no longer than a naive LCS says.
    #[test]
    fn marks_agree_with_a_naive_longest_common_subsequence() {
        let mut rng = test_support::rng::seeded(7);
        let mut next = |n: u32| rng.u32(..n);
        for _ in 0..300 {
            let old: Vec<String> = (0..next(12)).map(|_| next(4).to_string()).collect();
            let new: Vec<String> = (0..next(12)).map(|_| next(4).to_string()).collect();
            let (old, new) = (old.join("\n"), new.join("\n"));
            let d = LineDiff::new(&old, &new);
            let a: Vec<&str> = old.split('\n').collect();
            let b: Vec<&str> = new.split('\n').collect();
            let kept_a: Vec<&str> = (1..=a.len() as u32)
                .filter(|&l| !d.before_changed(l))
                .map(|l| a[l as usize - 1])
                .collect();
            let kept_b: Vec<&str> = (1..=b.len() as u32)
                .filter(|&l| !d.after_changed(l))
                .map(|l| b[l as usize - 1])
                .collect();
            assert_eq!(kept_a, kept_b, "{old:?} -> {new:?}");
            let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
            for i in (0..a.len()).rev() {
                for j in (0..b.len()).rev() {
                    lcs[i][j] = if a[i] == b[j] {
                        lcs[i + 1][j + 1] + 1
                    } else {
                        lcs[i + 1][j].max(lcs[i][j + 1])
                    };
                }
            }
            assert_eq!(kept_a.len(), lcs[0][0], "{old:?} -> {new:?}");
        }
    }

    #[test]
    fn unrelated_large_texts_mark_every_middle_line_quickly() {
        let old: String = (0..5_000)
            .map(|i| format!("Disallow: /old/{i}\n"))
            .collect();
        let new: String = (0..5_000)
            .map(|i| format!("Disallow: /new/{i}\n"))
            .collect();
        let d = LineDiff::new(
            &format!("User-agent: *\n{old}"),
            &format!("User-agent: *\n{new}"),
        );
        assert_eq!(d.before.len(), 5_000);
        assert_eq!(d.after.len(), 5_000);
        assert!(!d.before_changed(1) && d.before_changed(2) && !d.after_changed(5_002));
    }
}
