//! A crawler's robots.txt fetches as the log shows them, and what each
//! left the crawler with (the library's fetch policy): after a 503 every
//! URL is disallowed for it until its next fetch that reads the file
//! (RFC 9309 section 2.3.1.4); after a 404 every URL is allowed.
//!
//! Fetches with the same outcome in a row are one run, so a crawler that
//! fetches robots.txt every minute for a month costs one entry while the
//! answers stay the same.

use crate::fetch::FetchOutcome;
use crate::read::log::Timestamp;

/// The most runs kept per crawler; past it the oldest are forgotten (a
/// log whose answers to robots.txt change thousands of times).
const MAX_RUNS: usize = 10_000;

/// Fetches in a row with one outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    first: Timestamp,
    last: Timestamp,
    outcome: FetchOutcome,
}

/// One crawler's fetches.
#[derive(Clone, Debug, Default)]
pub(super) struct Fetches {
    runs: Vec<Run>,
}

impl Fetches {
    /// Adds a fetch at `time` that ended with `outcome`.
    pub(super) fn record(&mut self, time: Timestamp, outcome: FetchOutcome) {
        let at = self.runs.partition_point(|run| run.first <= time);
        match at.checked_sub(1).map(|i| &mut self.runs[i]) {
            Some(run) if run.outcome == outcome => run.last = run.last.max(time),
            Some(run) if time <= run.last => {
                // A different answer inside a run (lines out of order):
                // of the run's fetches only its first and last times are
                // known, so it becomes those two around the new one.
                let last = Run {
                    first: run.last,
                    ..*run
                };
                run.last = run.first;
                let single = Run {
                    first: time,
                    last: time,
                    outcome,
                };
                if last.first > time {
                    self.runs.splice(at..at, [single, last]);
                } else {
                    self.runs.insert(at, single);
                }
            }
            _ => self.runs.insert(
                at,
                Run {
                    first: time,
                    last: time,
                    outcome,
                },
            ),
        }
        if self.runs.len() > MAX_RUNS {
            self.runs.remove(0);
        }
    }

    /// How the crawler's last fetch at or before `time` ended, when the
    /// log shows one.
    pub(super) fn outcome_at(&self, time: Timestamp) -> Option<FetchOutcome> {
        self.run_at(time).map(|run| run.outcome)
    }

    /// When the crawler last fetched a file it read (a 2xx, or a redirect
    /// it follows) at or before `time`: from then on it had that version.
    /// Inside a run of such fetches seen out of order, the run's start.
    pub(super) fn last_read(&self, time: Timestamp) -> Option<Timestamp> {
        let at = self.runs.partition_point(|run| run.first <= time);
        self.runs[..at]
            .iter()
            .rev()
            .find(|run| run.outcome.fixed_verdict().is_none())
            .map(|run| {
                if run.last <= time {
                    run.last
                } else {
                    run.first
                }
            })
    }

    fn run_at(&self, time: Timestamp) -> Option<&Run> {
        let at = self.runs.partition_point(|run| run.first <= time);
        at.checked_sub(1).map(|i| &self.runs[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(hour: i64) -> Timestamp {
        Timestamp::from_unix(1_714_608_000 + hour * 3600).unwrap()
    }

    fn status(code: u16) -> FetchOutcome {
        FetchOutcome::Status { code, redirects: 0 }
    }

    #[test]
    fn the_last_fetch_before_a_request_decides() {
        let mut fetches = Fetches::default();
        assert_eq!(fetches.outcome_at(t(0)), None);
        fetches.record(t(1), status(200));
        fetches.record(t(2), status(200));
        fetches.record(t(5), status(503));
        fetches.record(t(8), status(200));
        assert_eq!(fetches.runs.len(), 3);
        assert_eq!(fetches.outcome_at(t(0)), None);
        assert_eq!(fetches.outcome_at(t(4)), Some(status(200)));
        assert_eq!(fetches.outcome_at(t(5)), Some(status(503)));
        assert_eq!(fetches.outcome_at(t(7)), Some(status(503)));
        assert_eq!(fetches.outcome_at(t(9)), Some(status(200)));
        assert_eq!(fetches.last_read(t(0)), None);
        assert_eq!(fetches.last_read(t(4)), Some(t(2)));
        // A 503 is not a read: the file last read is still the one of 2h.
        assert_eq!(fetches.last_read(t(7)), Some(t(2)));
        assert_eq!(fetches.last_read(t(9)), Some(t(8)));
    }

    #[test]
    fn fetches_out_of_order_split_runs() {
        let mut fetches = Fetches::default();
        fetches.record(t(1), status(200));
        fetches.record(t(9), status(200));
        fetches.record(t(5), status(500));
        assert_eq!(fetches.outcome_at(t(4)), Some(status(200)));
        assert_eq!(fetches.outcome_at(t(6)), Some(status(500)));
        assert_eq!(fetches.outcome_at(t(9)), Some(status(200)));
        assert_eq!(fetches.last_read(t(3)), Some(t(1)));
    }

    #[test]
    fn runs_are_bounded() {
        let mut fetches = Fetches::default();
        for hour in 0..(MAX_RUNS as i64 + 50) {
            fetches.record(t(hour), status(if hour % 2 == 0 { 200 } else { 503 }));
        }
        assert_eq!(fetches.runs.len(), MAX_RUNS);
    }
}
