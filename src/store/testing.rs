//! A host for the store's native tests, and a harness around a store: a
//! clock the test sets the pace of, pauses (between slices, before the
//! link is written) that only end when the test lets them, a link and a
//! storage in memory, a clipboard and an undoable edit that can be
//! refused, and the downloads offered.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

use any_spawner::Executor;
use leptos::prelude::Owner;
use robots_matcher::{FetchOutcome, Mode};

use super::host::{Host, Later, PickedFile};
use super::Store;
use crate::view_model::InputValues;

/// What the test host holds.
#[derive(Default)]
pub struct State {
    /// The clock, in milliseconds.
    pub now: f64,
    /// How far the clock moves each time it is read: 0 (the default) makes
    /// every job finish in its first slice.
    pub tick_ms: f64,
    /// Pauses ended so far; a pause started at a lower count waits.
    released: u64,
    waiting: Vec<Waker>,
    /// The URL fragment, with its `#`.
    pub hash: String,
    /// The state kept in storage.
    pub kept: Option<String>,
    /// Storage is full.
    pub storage_full: bool,
    /// The clipboard.
    pub clipboard: Option<String>,
    /// Copying is refused.
    pub copy_refused: bool,
    /// Undoable edits are refused.
    pub undo_refused: bool,
    /// Undoable edits made: field, start, end, text.
    pub edits: Vec<(String, u32, u32, String)>,
    /// Downloads offered: file name, media type, contents.
    pub downloads: Vec<(String, String, String)>,
}

/// The test host.
#[derive(Clone, Default)]
pub struct TestHost(pub Rc<RefCell<State>>);

impl TestHost {
    /// Ends every pause started so far; false when none was waiting.
    fn release(&self) -> bool {
        let waiting = {
            let mut state = self.0.borrow_mut();
            state.released += 1;
            std::mem::take(&mut state.waiting)
        };
        let any = !waiting.is_empty();
        waiting.into_iter().for_each(Waker::wake);
        any
    }

    fn pause(&self) -> Later<()> {
        Box::pin(Pause {
            state: self.0.clone(),
            started: self.0.borrow().released,
        })
    }
}

/// A pause: pending until the test ends the pauses started before it.
struct Pause {
    state: Rc<RefCell<State>>,
    started: u64,
}

impl Future for Pause {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let mut state = self.state.borrow_mut();
        if state.released > self.started {
            return Poll::Ready(());
        }
        state.waiting.push(cx.waker().clone());
        Poll::Pending
    }
}

impl Host for TestHost {
    fn now_ms(&self) -> f64 {
        let mut state = self.0.borrow_mut();
        let now = state.now;
        state.now += state.tick_ms;
        now
    }

    fn next_task(&self) -> Later<()> {
        self.pause()
    }

    fn sleep(&self, _ms: u32) -> Later<()> {
        self.pause()
    }

    fn location_hash(&self) -> String {
        self.0.borrow().hash.clone()
    }

    fn replace_hash(&self, hash: Option<&str>) {
        self.0.borrow_mut().hash = hash.map_or_else(String::new, |h| format!("#{h}"));
    }

    fn page_url(&self) -> String {
        format!("https://playground.test/{}", self.0.borrow().hash)
    }

    fn kept_state(&self) -> Option<String> {
        self.0.borrow().kept.clone()
    }

    fn keep_state(&self, hash: &str) -> bool {
        let mut state = self.0.borrow_mut();
        if state.storage_full {
            return false;
        }
        state.kept = Some(hash.to_string());
        true
    }

    fn forget_state(&self) {
        self.0.borrow_mut().kept = None;
    }

    fn deflate_raw(&self, bytes: Vec<u8>) -> Later<Option<Vec<u8>>> {
        Box::pin(async move { Some(miniz_oxide::deflate::compress_to_vec(&bytes, 6)) })
    }

    fn copy_text(&self, text: String) -> Later<bool> {
        let state = self.0.clone();
        Box::pin(async move {
            let mut state = state.borrow_mut();
            if state.copy_refused {
                return false;
            }
            state.clipboard = Some(text);
            true
        })
    }

    fn download(&self, file_name: &str, mime: &str, contents: &[u8]) {
        self.0.borrow_mut().downloads.push((
            file_name.to_string(),
            mime.to_string(),
            String::from_utf8_lossy(contents).into_owned(),
        ));
    }

    fn replace_undoably(&self, field: &str, start: u32, end: u32, text: &str) -> bool {
        let mut state = self.0.borrow_mut();
        if state.undo_refused {
            return false;
        }
        state
            .edits
            .push((field.to_string(), start, end, text.to_string()));
        true
    }
}

/// A file with these bytes (`None`: it cannot be read).
pub fn file(name: &str, bytes: Option<&[u8]>) -> PickedFile {
    let bytes = bytes.map(|b| (b.to_vec(), false));
    PickedFile {
        name: name.to_string(),
        read: Box::pin(async move { bytes }),
    }
}

/// Inputs in Google mode, fetched as usual, not comparing.
pub fn values(robots: &str, agents: &str, urls: &str) -> InputValues {
    InputValues {
        robots_txt: robots.to_string(),
        agents: agents.to_string(),
        urls: urls.to_string(),
        mode: Mode::Google,
        before: None,
        fetch: FetchOutcome::FETCHED,
    }
}

/// A store on a test host, with the reactive owner it lives in.
pub struct Harness {
    /// The store.
    pub store: Store,
    /// Its host.
    pub host: TestHost,
    _owner: Owner,
}

impl Harness {
    /// A store for `values`, settled.
    pub fn new(values: InputValues) -> Harness {
        Harness::with_host(TestHost::default(), |host| Store::new(values, host))
    }

    /// A store made by `make` on `host`, settled.
    pub fn with_host(host: TestHost, make: impl FnOnce(Rc<dyn Host>) -> Store) -> Harness {
        // Every test thread shares one executor setting: a pool per thread.
        let _ = Executor::init_futures_executor();
        let owner = Owner::new();
        owner.set();
        let store = make(Rc::new(host.clone()));
        let harness = Harness {
            store,
            host,
            _owner: owner,
        };
        harness.settle();
        harness
    }

    /// Runs what is ready (effects, tasks) without ending any pause.
    pub fn run_ready(&self) {
        Executor::poll_local();
    }

    /// Runs everything to its end, pauses included.
    pub fn settle(&self) {
        for _ in 0..100_000 {
            self.run_ready();
            if !self.host.release() {
                return;
            }
        }
        panic!("the store never settled");
    }

    /// Ends the pauses started so far, and runs what that makes ready.
    pub fn step(&self) {
        self.run_ready();
        self.host.release();
        self.run_ready();
    }

    /// The host's state.
    pub fn state(&self) -> std::cell::RefMut<'_, State> {
        self.host.0.borrow_mut()
    }
}
