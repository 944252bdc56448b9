//! One stable sort for the whole crate.
//!
//! Every `sort_by_key` call with a new key or element type instantiates the
//! standard library's whole stable sort again: the crate's six sorting call
//! sites, compiled into the WebAssembly app, were measured at about 4 KB of
//! code each (eleven instantiations with the app's, 45 KB before wasm-opt,
//! on 2026-11-22). [`sort_by`] sorts positions through one non-generic
//! call, so every caller shares a single instantiation; only a small
//! permutation step is generic.

use std::cmp::Ordering;

/// Sorts `v` stably by `compare`, like `slice::sort_by`.
///
/// Already ordered input (the common case for small slices) returns after
/// one pass without allocating.
pub(crate) fn sort_by<T>(v: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    if v.windows(2)
        .all(|w| compare(&w[0], &w[1]) != Ordering::Greater)
    {
        return;
    }
    let order = sorted_positions(v.len(), &|a, b| compare(&v[a], &v[b]));
    // `order[new] = old`; turn it into `target[old] = new` and move every
    // element along its cycle with swaps.
    let mut target = vec![0usize; order.len()];
    for (new, &old) in order.iter().enumerate() {
        target[old] = new;
    }
    for i in 0..v.len() {
        while target[i] != i {
            let t = target[i];
            v.swap(i, t);
            target.swap(i, t);
        }
    }
}

/// Sorts `v` stably by the key `key` returns, like `slice::sort_by_key`.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Positions `0..len` in stable sorted order: ties keep their original
/// order, so the unstable sort gives the stable result.
fn sorted_positions(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_unstable_by(|&a, &b| compare(a, b).then(a.cmp(&b)));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_std_stable_sort() {
        let mut x: u32 = 12345;
        for len in 0..200 {
            let mut v: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    (x % 7, i)
                })
                .collect();
            let mut expected = v.clone();
            expected.sort_by_key(|p| p.0);
            sort_by_key(&mut v, |p| p.0);
            assert_eq!(v, expected);
        }
    }
}
