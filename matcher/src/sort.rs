//! One stable sort for the whole crate.
//!
//! Every `sort_by_key` call with a new key or element type instantiates the
//! standard library's whole stable sort again: the crate's six sorting call
//! sites, compiled into the WebAssembly app, were measured at about 4 KB of
//! code each (eleven instantiations with the app's, 45 KB before wasm-opt,
//! on 2026-11-22). [`sort_by`] sorts positions through one non-generic
//! call, so every caller shares a single instantiation; only a small
//! permutation step is generic. [`sort_by_u64_key`] is the one other, for
//! integer keys where speed counts.

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
    permute(v, order.into_iter());
}

/// Sorts `v` stably by an integer key, like `slice::sort_by_key`, faster
/// than [`sort_by`]: keys and positions are packed into `u128`s and sorted
/// as plain integers, with no comparison called through a pointer (a file
/// of 526 User-agent lines files in 0.23 M instead of 0.42 M instructions).
/// It is the crate's one other sort instantiation: 2.1 KB of the app's
/// gzipped wasm (measured 2026-11-23), shared by every caller.
pub(crate) fn sort_by_u64_key<T>(v: &mut [T], key: impl Fn(&T) -> u64) {
    if v.windows(2).all(|w| key(&w[0]) <= key(&w[1])) {
        return;
    }
    let mut order: Vec<u128> = v
        .iter()
        .enumerate()
        .map(|(i, t)| u128::from(key(t)) << 64 | i as u128)
        .collect();
    order.sort_unstable();
    permute(v, order.into_iter().map(|o| o as u64 as usize));
}

/// Puts `v` in the order `order` gives (`order[new] = old`): turned into
/// `target[old] = new`, every element moves along its cycle with swaps.
fn permute<T>(v: &mut [T], order: impl Iterator<Item = usize>) {
    let mut target = vec![0usize; v.len()];
    for (new, old) in order.enumerate() {
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
pub(crate) fn sorted_positions(
    len: usize,
    compare: &dyn Fn(usize, usize) -> Ordering,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_unstable_by(|&a, &b| compare(a, b).then(a.cmp(&b)));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_std_stable_sort() {
        let mut rng = test_support::rng::seeded(12345);
        for len in 0..200 {
            let mut v: Vec<(u32, usize)> = (0..len).map(|i| (rng.u32(..7), i)).collect();
            let mut expected = v.clone();
            expected.sort_by_key(|p| p.0);
            let mut by_integer = v.clone();
            sort_by_key(&mut v, |p| p.0);
            assert_eq!(v, expected);
            sort_by_u64_key(&mut by_integer, |p| u64::from(p.0));
            assert_eq!(by_integer, expected);
        }
    }
}
