//! The analysis entity: the diagnostics of each editor's text, linted off
//! the main thread (by the worker of [`crate::view_model::analysis`]), and
//! whether they are current, pending or unavailable.
//!
//! Every change of a document (text, mode, size limit) makes a lint
//! request with a new number and marks that side pending; an answer is
//! taken only when it answers the side's latest request, so a slow answer
//! to an older text never replaces a newer one. Each side has at most one
//! request in the worker: edits made meanwhile are sent as one request,
//! for the text as it is, when that answer comes back (typing in a
//! 500 KiB file lints it twice, not once per keystroke). While a side is pending it
//! keeps showing its last findings (no flicker while typing), but their
//! fixes are not applied: their byte spans belong to the older text. The
//! worker starts once the first verdicts are shown ([`Analysis::wanted`]):
//! the page's first load does not wait for the linter. When the worker
//! cannot load or fails, the entity says so ([`LintStatus::Failed`]), so
//! an empty list never passes for "no findings".

use std::rc::Rc;

use leptos::prelude::*;
use robots_matcher::Mode;

use super::{Check, Inputs, Messages, Shared, Side};
use crate::view_model::{AiPolicy, Answer, Edit, Finding, Request};

/// Where lint requests go: the browser's worker bridge, or a test's fake.
/// Answers come back through [`Analysis::receive`], failures through
/// [`Analysis::fail`].
pub trait Linter {
    /// Sends `request` to the worker.
    fn send(&self, request: Request);
}

/// How current one side's findings are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LintStatus {
    /// The findings are those of the text as it is.
    Current,
    /// The text changed (or the worker has not started): newer findings
    /// are on their way; those shown are the previous text's.
    Pending,
    /// The worker could not load or failed: diagnostics are unavailable.
    Failed(String),
}

/// One side's findings and the request they wait for.
#[derive(Clone, Debug, PartialEq)]
struct SideLint {
    /// The latest request's number.
    id: u64,
    /// The latest findings received.
    findings: Shared<Vec<Finding>>,
    /// Whether the latest request is unanswered.
    pending: bool,
    /// The request the worker has and has not answered yet.
    in_flight: Option<u64>,
}

/// An AI crawler block asked for and not inserted yet.
#[derive(Clone, Debug, PartialEq)]
struct BlockRequest {
    id: u64,
    policy: AiPolicy,
    preferences: bool,
    /// The text it was computed for: the edit applies only to that text.
    text: String,
}

/// The analysis entity.
#[derive(Clone, Copy)]
pub struct Analysis {
    after: RwSignal<SideLint>,
    before: RwSignal<SideLint>,
    failure: RwSignal<Option<String>>,
    wanted: RwSignal<bool>,
    block: StoredValue<Option<BlockRequest>>,
    next_id: StoredValue<u64>,
    linter: StoredValue<Option<Rc<dyn Linter>>, LocalStorage>,
    inputs: Inputs,
    messages: Messages,
}

impl Analysis {
    /// The analysis of `inputs`' documents; it asks for the worker once
    /// `check` shows its first verdicts.
    pub fn new(inputs: Inputs, check: Check, messages: Messages) -> Analysis {
        let side = || {
            RwSignal::new(SideLint {
                id: 0,
                findings: Shared::new(Vec::new()),
                pending: true,
                in_flight: None,
            })
        };
        let analysis = Analysis {
            after: side(),
            before: side(),
            failure: RwSignal::new(None),
            wanted: RwSignal::new(false),
            block: StoredValue::new(None),
            next_id: StoredValue::new(0),
            linter: StoredValue::new_local(None),
            inputs,
            messages,
        };
        for side in [Side::After, Side::Before] {
            let document = inputs.document(side);
            crate::reactive::effect(move |_| {
                document.track();
                analysis.request_lint(side);
            });
        }
        // The first run sees the empty results the check starts with; the
        // next change is the first verdicts.
        let results = check.results();
        crate::reactive::effect(move |first| {
            results.track();
            if !first && !analysis.wanted.get_untracked() {
                analysis.wanted.set(true);
            }
        });
        analysis
    }

    // Read handles.

    /// The latest findings of a side's text (the previous text's while
    /// [`LintStatus::Pending`]), ordered by line.
    pub fn findings(&self, side: Side) -> Memo<Shared<Vec<Finding>>> {
        let lint = self.side(side);
        Memo::new(move |_| lint.with(|l| l.findings.clone()))
    }

    /// How current a side's findings are.
    pub fn status(&self, side: Side) -> Memo<LintStatus> {
        let (lint, failure) = (self.side(side), self.failure);
        Memo::new(move |_| match failure.get() {
            Some(message) => LintStatus::Failed(message),
            None if lint.with(|l| l.pending) => LintStatus::Pending,
            None => LintStatus::Current,
        })
    }

    /// Whether the worker should run now: true once the first verdicts are
    /// shown. The app starts it then and [`connect`](Analysis::connect)s it.
    pub fn wanted(&self) -> Memo<bool> {
        let wanted = self.wanted;
        Memo::new(move |_| wanted.get())
    }

    // Transitions.

    /// Sends requests to `linter` from now on, starting with what is
    /// pending.
    pub fn connect(&self, linter: Rc<dyn Linter>) {
        self.linter.set_value(Some(linter));
        for side in [Side::After, Side::Before] {
            self.side(side).update(|l| l.in_flight = None);
            if self.side(side).with_untracked(|l| l.pending) {
                self.send_latest(side);
            }
        }
        if let Some(block) = self.block.get_value() {
            self.request_block(block.policy, block.preferences);
        }
    }

    /// Takes the worker's answer, unless a newer request replaced the one
    /// it answers.
    pub fn receive(&self, answer: Answer) {
        match answer {
            Answer::Lint { id, findings } => {
                let findings = Shared::new(findings);
                for side in [Side::After, Side::Before] {
                    let lint = self.side(side);
                    if lint.with_untracked(|l| l.in_flight != Some(id)) {
                        continue;
                    }
                    if lint.with_untracked(|l| l.id == id) {
                        lint.update(|l| {
                            // The same findings as shown (an edit that
                            // moves no finding, such as typing at the end
                            // of a line below the last one) keep their
                            // handle, so the list is not drawn again: 400
                            // findings redrawn cost 8,000 DOM changes on
                            // each keystroke.
                            if *l.findings != *findings {
                                l.findings = findings.clone();
                            }
                            l.pending = false;
                            l.in_flight = None;
                        });
                    } else {
                        // The text changed meanwhile: this answer is
                        // dropped, and the text as it is goes next.
                        self.send_latest(side);
                    }
                }
            }
            Answer::AiBlock { id, edit } => self.receive_block(id, edit),
        }
    }

    /// The worker could not load or failed: diagnostics are unavailable
    /// until the page is loaded again.
    pub fn fail(&self, message: impl Into<String>) {
        let message = message.into();
        if self.block.get_value().is_some() {
            self.block.set_value(None);
            self.messages.raise(format!(
                "The AI crawler block could not be inserted: {message}"
            ));
        }
        self.linter.set_value(None);
        self.failure.set(Some(message));
    }

    /// Applies a finding's fix, when the finding belongs to the text as it
    /// is (not while newer findings are pending: the fix's span would point
    /// into the older text).
    pub fn apply_fix(&self, side: Side, edit: &Edit) {
        if self.side(side).with_untracked(|l| l.pending) {
            return;
        }
        self.inputs.apply_fix(&edit.clone().into());
    }

    /// Inserts the AI crawler block at the top of the file once the worker
    /// has computed it (where its preference lines go is the linter's
    /// call).
    pub fn insert_ai_block(&self, policy: AiPolicy, preferences: bool) {
        if let Some(message) = self.failure.get_untracked() {
            self.messages.raise(format!(
                "The AI crawler block could not be inserted: {message}"
            ));
            return;
        }
        self.request_block(policy, preferences);
    }

    // Internals.

    fn side(&self, side: Side) -> RwSignal<SideLint> {
        match side {
            Side::After => self.after,
            Side::Before => self.before,
        }
    }

    fn take_id(&self) -> u64 {
        self.next_id.update_value(|n| *n += 1);
        self.next_id.get_value()
    }

    /// Marks `side` pending on a new request for its document as it is,
    /// and sends it unless the worker is busy with the side's previous one
    /// (or not connected yet).
    fn request_lint(&self, side: Side) {
        let id = self.take_id();
        self.side(side).update(|l| {
            l.id = id;
            l.pending = true;
        });
        if self.side(side).with_untracked(|l| l.in_flight.is_none()) {
            self.send_latest(side);
        }
    }

    /// Sends the side's latest request (its document as it is), when the
    /// worker is connected.
    fn send_latest(&self, side: Side) {
        let Some(linter) = self.linter.with_value(|l| l.clone()) else {
            return;
        };
        let lint = self.side(side);
        let id = lint.with_untracked(|l| l.id);
        let request = self
            .inputs
            .document(side)
            .with_untracked(|d| Request::Lint {
                id,
                text: d.text.to_string(),
                rfc9309: d.mode() == Mode::Rfc9309,
                size_limited: d.size_limited,
            });
        // Before sending: a linter may answer on the spot.
        lint.update(|l| l.in_flight = Some(id));
        linter.send(request);
    }

    fn request_block(&self, policy: AiPolicy, preferences: bool) {
        let id = self.take_id();
        let text = self.inputs.text(Side::After).get_untracked();
        self.block.set_value(Some(BlockRequest {
            id,
            policy,
            preferences,
            text: text.clone(),
        }));
        if let Some(linter) = self.linter.with_value(|l| l.clone()) {
            linter.send(Request::AiBlock {
                id,
                text,
                policy: policy.key().to_string(),
                preferences,
            });
        }
    }

    /// The block's edit arrived: inserted if the text is still the one it
    /// was computed for, else asked again for the text as it is now.
    fn receive_block(&self, id: u64, edit: Option<Edit>) {
        let Some(block) = self.block.get_value().filter(|b| b.id == id) else {
            return;
        };
        let unchanged = self
            .inputs
            .text(Side::After)
            .with_untracked(|text| *text == block.text);
        if !unchanged {
            self.request_block(block.policy, block.preferences);
            return;
        }
        self.block.set_value(None);
        match edit {
            Some(edit) => self.inputs.insert_ai_block(block.policy, &edit.into()),
            None => self
                .messages
                .raise("The AI crawler block could not be computed."),
        }
    }
}

/// A linter that answers on the spot, as the worker would (the worker's
/// own code: [`crate::view_model::analysis::answer`]).
#[cfg(test)]
pub(super) struct AnsweringLinter(pub Analysis);

#[cfg(test)]
impl Linter for AnsweringLinter {
    fn send(&self, request: Request) {
        self.0.receive(crate::view_model::analysis::answer(request));
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::store::testing::{values, Harness};
    use crate::view_model::analysis::answer;

    /// A linter that keeps requests until the test answers them.
    #[derive(Default)]
    struct HeldLinter(RefCell<Vec<Request>>);

    impl Linter for HeldLinter {
        fn send(&self, request: Request) {
            self.0.borrow_mut().push(request);
        }
    }

    fn codes(h: &Harness, side: Side) -> Vec<String> {
        h.store
            .analysis
            .findings(side)
            .get_untracked()
            .iter()
            .map(|f| f.code.clone())
            .collect()
    }

    fn status(h: &Harness) -> LintStatus {
        h.store.analysis.status(Side::After).get_untracked()
    }

    #[test]
    fn findings_equal_to_those_shown_keep_their_handle_so_the_list_is_not_redrawn() {
        let h = Harness::new(values(
            "User-agent: *\nFoo: bar\nDisallow: /x\n",
            "Googlebot",
            "/x",
        ));
        let analysis = h.store.analysis;
        analysis.connect(Rc::new(AnsweringLinter(analysis)));
        h.settle();
        let shown = analysis.findings(Side::After).get_untracked();
        assert_eq!(codes(&h, Side::After), ["unknown-directive"]);
        // Typing at the end of the last line moves no finding.
        h.store.inputs.edit_text(
            Side::After,
            "User-agent: *\nFoo: bar\nDisallow: /xy\n".into(),
        );
        h.settle();
        assert_eq!(status(&h), LintStatus::Current);
        assert!(analysis.findings(Side::After).get_untracked() == shown);
        // A finding that moves is taken.
        h.store.inputs.edit_text(
            Side::After,
            "User-agent: *\n\nFoo: bar\nDisallow: /xy\n".into(),
        );
        h.settle();
        let moved = analysis.findings(Side::After).get_untracked();
        assert!(moved != shown);
        assert_eq!(moved[0].line, 3);
    }

    #[test]
    fn diagnostics_wait_for_the_first_verdicts_then_follow_every_edit() {
        let h = Harness::new(values("User-agent: *\nDissallow: /x\n", "Googlebot", "/x"));
        let analysis = h.store.analysis;
        // The check has shown its first verdicts: the worker is wanted.
        assert!(analysis.wanted().get_untracked());
        assert_eq!(status(&h), LintStatus::Pending);
        analysis.connect(Rc::new(AnsweringLinter(analysis)));
        h.settle();
        assert_eq!(status(&h), LintStatus::Current);
        assert_eq!(codes(&h, Side::After), ["typo-accepted"]);
        h.store
            .inputs
            .edit_text(Side::After, "User-agent: *\nFoo: bar\n".into());
        h.settle();
        assert_eq!(codes(&h, Side::After), ["unknown-directive"]);
        // The mode is part of the request: RFC 9309 reads no typo.
        h.store
            .inputs
            .edit_text(Side::After, "User-agent: *\nDissallow: /x\n".into());
        h.store.inputs.set_mode(robots_matcher::Mode::Rfc9309);
        h.settle();
        assert!(!codes(&h, Side::After).contains(&"typo-accepted".to_string()));
    }

    #[test]
    fn a_stale_answer_never_replaces_a_newer_one() {
        let h = Harness::new(values("User-agent: *\nDissallow: /x\n", "Googlebot", "/x"));
        let analysis = h.store.analysis;
        let held = Rc::new(HeldLinter::default());
        analysis.connect(held.clone());
        let take = |held: &HeldLinter| -> Vec<Request> {
            held.0
                .borrow_mut()
                .drain(..)
                .filter(|r| matches!(r, Request::Lint { text, .. } if text.contains("User-agent")))
                .collect()
        };
        let first = take(&held);
        assert_eq!(first.len(), 1);
        // Two edits while the worker has the first text: nothing more is
        // sent until it answers.
        for text in ["User-agent: *\nFoo: bar\n", "User-agent: *\nFoo: baz\n"] {
            h.store.inputs.edit_text(Side::After, text.into());
            h.settle();
        }
        assert!(take(&held).is_empty());
        // Its answer is for an older text: dropped, and the text as it is
        // goes next, once.
        for a in first.into_iter().map(answer) {
            analysis.receive(a);
        }
        assert!(codes(&h, Side::After).is_empty());
        assert_eq!(status(&h), LintStatus::Pending);
        let latest = take(&held);
        assert_eq!(latest.len(), 1);
        assert!(matches!(&latest[0], Request::Lint { text, .. } if text.ends_with("baz\n")));
        let late: Vec<Answer> = latest.into_iter().map(answer).collect();
        for a in &late {
            analysis.receive(a.clone());
        }
        assert_eq!(codes(&h, Side::After), ["unknown-directive"]);
        assert_eq!(status(&h), LintStatus::Current);
        // The same answer again (an answer not asked for) changes nothing.
        analysis.receive(late[0].clone());
        assert_eq!(status(&h), LintStatus::Current);
        assert!(take(&held).is_empty());
        // While an edit is pending, the old findings stay but their fixes
        // are not applied.
        h.store
            .inputs
            .edit_text(Side::After, "User-agent: *\nDissallow: /y\n".into());
        h.settle();
        assert_eq!(status(&h), LintStatus::Pending);
        assert_eq!(codes(&h, Side::After), ["unknown-directive"]);
        let edits = h.state().edits.len();
        analysis.apply_fix(
            Side::After,
            &Edit {
                span: 0..1,
                replacement: "x".into(),
                title: "t".into(),
            },
        );
        assert_eq!(h.state().edits.len(), edits);
    }

    #[test]
    fn a_failed_worker_is_said_not_shown_as_no_findings() {
        let h = Harness::new(values("User-agent: *\n", "Googlebot", "/x"));
        let analysis = h.store.analysis;
        analysis.fail("the worker could not be loaded");
        assert_eq!(
            status(&h),
            LintStatus::Failed("the worker could not be loaded".into())
        );
        analysis.insert_ai_block(AiPolicy::ALL[0], false);
        let alert = h.store.messages.alert().get_untracked().unwrap_or_default();
        assert!(alert.contains("could not be inserted"), "{alert}");
    }

    #[test]
    fn the_ai_block_is_computed_for_the_text_as_it_is() {
        let h = Harness::new(values("User-agent: *\nDisallow: /x\n", "Googlebot", "/x"));
        let analysis = h.store.analysis;
        let held = Rc::new(HeldLinter::default());
        analysis.connect(held.clone());
        h.settle();
        held.0.borrow_mut().clear();
        analysis.insert_ai_block(AiPolicy::ALL[0], false);
        let first = held.0.borrow_mut().pop().expect("a block request");
        // The text changes before the answer: it is asked again.
        h.store
            .inputs
            .edit_text(Side::After, "User-agent: *\nDisallow: /y\n".into());
        h.settle();
        held.0
            .borrow_mut()
            .retain(|r| matches!(r, Request::AiBlock { .. }));
        analysis.receive(answer(first));
        let second = held.0.borrow_mut().pop().expect("asked again");
        let Request::AiBlock { ref text, .. } = second else {
            panic!("a block request");
        };
        assert!(text.ends_with("/y\n"));
        analysis.receive(answer(second));
        h.settle();
        assert!(h
            .state()
            .edits
            .last()
            .is_some_and(|e| e.3.starts_with("# ")));
    }
}
