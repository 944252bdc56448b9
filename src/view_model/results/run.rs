//! One check run: the results of one input and, once computed, their
//! comparison, held in one value. A comparison is made from its results
//! ([`CompareJob::finish`](super::CompareJob::finish) returns the pair), so
//! the table, the explanation and the exports never show one run's
//! comparison with another run's verdicts.

use std::sync::Arc;

use super::{CompareJob, Comparison, Results};
use crate::view_model::job::Job;

/// Results and their comparison.
#[derive(Clone, Debug)]
pub struct CheckRun {
    results: Arc<Results>,
    /// While it is being computed, one where nothing differs.
    comparison: Arc<Comparison>,
    compared: bool,
}

impl CheckRun {
    /// Results whose comparison is still to be computed: until it is,
    /// nothing differs.
    pub fn new(results: Arc<Results>) -> CheckRun {
        let comparison = Arc::new(Comparison::none(results.against()));
        CheckRun {
            results,
            comparison,
            compared: false,
        }
    }

    /// Results with their finished comparison.
    pub(super) fn with_comparison(results: Arc<Results>, comparison: Comparison) -> CheckRun {
        CheckRun {
            results,
            comparison: Arc::new(comparison),
            compared: true,
        }
    }

    /// `results` compared in one go.
    pub fn compared_at_once(results: Arc<Results>) -> CheckRun {
        let mut job = CompareJob::new(results);
        job.run(usize::MAX);
        job.finish()
    }

    /// The verdicts.
    pub fn results(&self) -> &Arc<Results> {
        &self.results
    }

    /// The other side's verdicts where they differ (none while being
    /// computed).
    pub fn comparison(&self) -> &Comparison {
        &self.comparison
    }

    /// Whether the comparison is computed.
    pub fn is_compared(&self) -> bool {
        self.compared
    }
}

#[cfg(test)]
mod tests {
    use robots_matcher::Mode;

    use super::super::testing::results;
    use super::super::Against;
    use super::*;

    #[test]
    fn a_new_run_differs_nowhere_until_compared() {
        let r = results(
            "User-agent: *\nDissallow: /x\n",
            "Googlebot",
            "/x",
            Mode::Google,
        );
        let pending = CheckRun::new(r.clone());
        assert!(!pending.is_compared());
        assert_eq!(pending.comparison().differing(), 0);
        assert_eq!(
            pending.comparison().against,
            Against::OtherMode(Mode::Rfc9309)
        );
        let done = CheckRun::compared_at_once(r);
        assert!(done.is_compared());
        assert!(Arc::ptr_eq(done.results(), pending.results()));
        assert_eq!(done.comparison().rows(), [0]);
    }
}
