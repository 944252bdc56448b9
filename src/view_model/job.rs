//! Work done a slice at a time (checking, comparing, exporting), and the
//! rule that decides how much of it fits in one slice. The clock is a
//! parameter, so the slicing is tested natively with a clock of the test's
//! making; the store drives jobs with the page's clock.

/// Work done a slice at a time, so that the app can spread it over several
/// tasks and show how far it is.
pub trait Job {
    /// Does up to `max` more units (URLs, or rows for an export); true when
    /// everything is done.
    fn run(&mut self, max: usize) -> bool;

    /// Rows done so far, and rows in all.
    fn progress(&self) -> (usize, usize);
}

/// Units done before the first look at the clock.
const FIRST_STEP: usize = 16;
/// The most units done between two looks at the clock.
const MAX_STEP: usize = 4096;

/// Runs `job` for about `budget_ms` by `now` (milliseconds); true when it
/// is done.
///
/// The step between two looks at the clock starts small, doubles while a
/// step takes under a millisecond and halves when one takes over four. A
/// fixed step cannot suit every file: 2,048 URLs took about 33 ms against
/// 3,000 wildcard rules (measured: 50,000 URLs in 0.8 s), a whole slice's
/// budget before the first look at the clock, while short files want large
/// steps so that looking at the clock costs nothing.
pub fn run_for(job: &mut dyn Job, budget_ms: f64, now: &dyn Fn() -> f64) -> bool {
    let start = now();
    let deadline = start + budget_ms;
    let mut step = FIRST_STEP;
    let mut last = start;
    loop {
        if job.run(step) {
            return true;
        }
        let now = now();
        if now >= deadline {
            return false;
        }
        let took = now - last;
        if took < 1.0 {
            step = (step * 2).min(MAX_STEP);
        } else if took > 4.0 {
            step = (step / 2).max(1);
        }
        last = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// Counts units; each unit costs `cost_ms` on the test's clock.
    struct Counting<'c> {
        done: usize,
        total: usize,
        steps: Vec<usize>,
        clock: &'c Cell<f64>,
        cost_ms: f64,
    }

    impl Job for Counting<'_> {
        fn run(&mut self, max: usize) -> bool {
            let n = max.min(self.total - self.done);
            self.steps.push(n);
            self.done += n;
            self.clock.set(self.clock.get() + n as f64 * self.cost_ms);
            self.done == self.total
        }

        fn progress(&self) -> (usize, usize) {
            (self.done, self.total)
        }
    }

    impl<'c> Counting<'c> {
        fn new(total: usize, cost_ms: f64, clock: &'c Cell<f64>) -> Counting<'c> {
            Counting {
                done: 0,
                total,
                steps: Vec::new(),
                clock,
                cost_ms,
            }
        }
    }

    #[test]
    fn cheap_units_double_the_step_up_to_its_cap() {
        let clock = Cell::new(0.0);
        let mut job = Counting::new(100_000, 0.0001, &clock);
        assert!(!run_for(&mut job, 5.0, &|| clock.get()));
        assert_eq!(&job.steps[..4], [16, 32, 64, 128]);
        assert!(job.steps.iter().all(|&s| s <= MAX_STEP));
        assert_eq!(job.progress().0, job.steps.iter().sum::<usize>());
        // The rest fits in a long enough budget.
        assert!(run_for(&mut job, 1e9, &|| clock.get()));
        assert_eq!(job.progress(), (100_000, 100_000));
    }

    #[test]
    fn costly_units_halve_the_step_and_stop_at_the_deadline() {
        let clock = Cell::new(0.0);
        let mut job = Counting::new(10_000, 1.0, &clock);
        assert!(!run_for(&mut job, 30.0, &|| clock.get()));
        // 16 units took 16 ms: each next step is half the one before while
        // a step takes over 4 ms, until the deadline.
        assert_eq!(job.steps, [16, 8, 4, 4]);
        assert!(clock.get() >= 30.0);
    }
}
