//! The one driver of long work: a [`Job`] run a time slice per task, its
//! progress shown between slices, stopped when a newer input makes it
//! pointless. Checking, comparing and exporting all run through
//! [`run_job`], so what a slice is and how work yields is written once.

use super::host::Host;
use super::messages::Messages;
use crate::view_model::{run_for, Job};

/// Work done at once, in the task of the input that caused it; the rest
/// continues in later tasks. Below the 200 ms a task may take, with room
/// for rendering.
pub const FIRST_SLICE_MS: f64 = 90.0;
/// Later slices: short, so scrolling and typing stay smooth meanwhile.
pub const SLICE_MS: f64 = 30.0;

/// How much of a job is done before its first pause.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Start {
    /// All of it (small enough to finish within the task).
    All,
    /// About this many milliseconds' worth.
    Within(f64),
    /// Nothing: the page paints first (work that follows shown results).
    AfterPaint,
}

/// Runs `job` to its end: `start`, then a slice of [`SLICE_MS`] per task,
/// showing its progress as `task` between slices. Returns the finished job,
/// or `None` when `wanted` turned false at a pause (a newer input started
/// other work: a superseded job neither shows its progress over the newer
/// one's nor does another slice). Clears the progress when done.
pub async fn run_job<J: Job>(
    host: &dyn Host,
    messages: Messages,
    mut job: J,
    start: Start,
    task: &'static str,
    wanted: &dyn Fn() -> bool,
) -> Option<J> {
    let now = || host.now_ms();
    let done = match start {
        Start::All => job.run(usize::MAX),
        Start::Within(budget) => run_for(&mut job, budget, &now),
        Start::AfterPaint => false,
    };
    if !done {
        loop {
            if !wanted() {
                return None;
            }
            messages.show_progress(task, job.progress());
            host.next_task().await;
            if !wanted() {
                return None;
            }
            if run_for(&mut job, SLICE_MS, &now) {
                break;
            }
        }
    }
    messages.clear_progress();
    Some(job)
}
