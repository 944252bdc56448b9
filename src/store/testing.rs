//! A host for the store's native tests, and a harness around a store: a
//! clock the test sets the pace of, pauses (between slices, before the
//! link is written) that only end when the test lets them, a link and a
//! storage in memory, a clipboard and an undoable edit that can be
//! refused, and the downloads offered.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
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
pub struct TestHost(Arc<Mutex<State>>);

impl TestHost {
    /// Its state.
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Ends every pause started so far; false when none was waiting.
    fn release(&self) -> bool {
        let waiting = {
            let mut state = self.state();
            state.released += 1;
            std::mem::take(&mut state.waiting)
        };
        let any = !waiting.is_empty();
        waiting.into_iter().for_each(Waker::wake);
        any
    }

    fn pause(&self) -> Later<()> {
        Box::pin(Pause {
            host: self.clone(),
            started: self.state().released,
        })
    }
}

/// A pause: pending until the test ends the pauses started before it.
struct Pause {
    host: TestHost,
    started: u64,
}

impl Future for Pause {
    type Output = ();

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let mut state = self.host.state();
        if state.released > self.started {
            return Poll::Ready(());
        }
        state.waiting.push(cx.waker().clone());
        Poll::Pending
    }
}

impl Host for TestHost {
    fn now_ms(&self) -> f64 {
        let mut state = self.state();
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
        self.state().hash.clone()
    }

    fn replace_hash(&self, hash: Option<&str>) {
        self.state().hash = hash.map_or_else(String::new, |h| format!("#{h}"));
    }

    fn page_url(&self) -> String {
        format!("https://playground.test/{}", self.state().hash)
    }

    fn kept_state(&self) -> Option<String> {
        self.state().kept.clone()
    }

    fn keep_state(&self, hash: &str) -> bool {
        let mut state = self.state();
        if state.storage_full {
            return false;
        }
        state.kept = Some(hash.to_string());
        true
    }

    fn forget_state(&self) {
        self.state().kept = None;
    }

    fn deflate_raw(&self, bytes: Vec<u8>) -> Later<Option<Vec<u8>>> {
        Box::pin(async move { Some(miniz_oxide::deflate::compress_to_vec(&bytes, 6)) })
    }

    fn copy_text(&self, text: String) -> Later<bool> {
        let host = self.clone();
        Box::pin(async move {
            let mut state = host.state();
            if state.copy_refused {
                return false;
            }
            state.clipboard = Some(text);
            true
        })
    }

    fn download(&self, file_name: &str, mime: &str, contents: &[u8]) {
        self.state().downloads.push((
            file_name.to_string(),
            mime.to_string(),
            String::from_utf8_lossy(contents).into_owned(),
        ));
    }

    fn replace_undoably(&self, field: &str, start: u32, end: u32, text: &str) -> bool {
        let mut state = self.state();
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
    let size = bytes.map_or(0, <[u8]>::len);
    read_as(name, size, bytes.map(<[u8]>::to_vec), false)
}

/// A file of `size` bytes that reads as `bytes` up to the limit asked for
/// (decompressed ones when `gzip`).
pub fn read_as(name: &str, size: usize, bytes: Option<Vec<u8>>, gzip: bool) -> PickedFile {
    PickedFile {
        name: name.to_string(),
        size,
        read: Box::new(move |limit| {
            Box::pin(async move {
                bytes.map(|mut b| {
                    b.truncate(limit.saturating_add(1));
                    (b, gzip)
                })
            })
        }),
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
        origin: None,
        sites: Vec::new(),
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

    /// A store made by `make` on `host`, settled. The host is leaked: a
    /// store's host lives as long as the page.
    pub fn with_host(host: TestHost, make: impl FnOnce(&'static dyn Host) -> Store) -> Harness {
        // Every test thread shares one executor setting: a pool per thread.
        let _ = Executor::init_futures_executor();
        let owner = Owner::new();
        owner.set();
        let store = make(Box::leak(Box::new(host.clone())));
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

    /// Ends the pauses started so far, without running what that makes
    /// ready; false when none was waiting.
    pub fn end_pauses(&self) -> bool {
        self.host.release()
    }

    /// Ends the pauses started so far, and runs what that makes ready.
    pub fn step(&self) {
        self.run_ready();
        self.host.release();
        self.run_ready();
    }

    /// The host's state.
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.host.state()
    }
}
