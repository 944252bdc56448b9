//! The app's one sort: every ordering of rows, URLs, segments or offsets
//! goes through it.

use std::cmp::Ordering;

/// Sorts indices stably by `compare`. Every sort of the app goes through
/// this one instantiation of the standard sort: each `sort_by` with its own
/// closure would add about 4 KB of WebAssembly (measured 2026-11-22).
pub fn sort_indices(indices: &mut [u32], compare: &dyn Fn(u32, u32) -> Ordering) {
    indices.sort_unstable_by(|&a, &b| compare(a, b).then(a.cmp(&b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_their_order() {
        let mut indices = vec![3, 0, 2, 1];
        let key = [1, 0, 1, 0];
        sort_indices(&mut indices, &|a, b| key[a as usize].cmp(&key[b as usize]));
        assert_eq!(indices, [1, 3, 0, 2]);
    }
}
