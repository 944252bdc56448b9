//! The seeded random generator every test and benchmark draws inputs
//! from, instead of one hand-written generator each.
//!
//! A seed fixes the whole sequence, so a failing test fails again on the
//! next run and on another machine: tests write their seed beside the
//! call. The generator is [`fastrand`]'s (wyrand); its methods take ranges
//! (`rng.usize(..n)`, `rng.u8(..)`) and fill buffers (`rng.fill(&mut buf)`).

pub use fastrand::Rng;

/// A generator whose sequence is fixed by `seed`.
pub fn seeded(seed: u64) -> Rng {
    Rng::with_seed(seed)
}

/// An element of `items` (words, bytes: small copyable things), drawn
/// uniformly.
///
/// # Panics
///
/// When `items` is empty (a test's own mistake, not an input's).
pub fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    assert!(!items.is_empty(), "pick from an empty slice");
    items[rng.usize(..items.len())]
}

/// `len` bytes, each drawn uniformly.
pub fn bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    let mut bytes = vec![0; len];
    rng.fill(&mut bytes);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_fixes_the_sequence_and_seeds_differ() {
        let draw = |seed| {
            let mut rng = seeded(seed);
            (0..32).map(|_| rng.u64(..)).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }

    #[test]
    fn picks_and_bytes_cover_their_range() {
        let mut rng = seeded(1);
        let items = ["a", "b", "c"];
        let mut seen = [false; 3];
        for _ in 0..100 {
            let item = pick(&mut rng, &items);
            seen[items.iter().position(|&i| i == item).unwrap()] = true;
        }
        assert_eq!(seen, [true; 3]);
        let drawn = bytes(&mut rng, 4096);
        assert_eq!(drawn.len(), 4096);
        assert!(drawn.contains(&0) && drawn.contains(&255));
    }
}
