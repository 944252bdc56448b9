//! What the store needs from the page, as a trait: the clock and the
//! pauses between slices of work, the link and localStorage, the
//! clipboard, downloads, and undoable edits of the editor's field. The
//! browser implements it (`crate::browser::Browser`); the store's native
//! tests implement it with a clock and a link of their own, so every
//! transition runs without a browser.

use std::future::Future;
use std::pin::Pin;

use crate::view_model::limits::file_refusal;

/// A task's result, later.
pub type Later<T> = Pin<Box<dyn Future<Output = T>>>;

/// The page, as the store uses it. Every failure is a value: a blocked
/// storage or clipboard must never break the page. A host lives as long as
/// the page (`'static`), and the entities share it (`Sync`).
pub trait Host: Sync {
    /// Milliseconds since the page started, for timing and time slices.
    fn now_ms(&self) -> f64;

    /// Resolves once the browser had a chance to handle input and paint:
    /// the pause between two slices of long work.
    fn next_task(&self) -> Later<()>;

    /// Resolves after `ms` milliseconds.
    fn sleep(&self, ms: u32) -> Later<()>;

    /// The URL fragment, with its leading `#` (empty when there is none).
    fn location_hash(&self) -> String;

    /// Replaces the fragment without adding history; `None` removes it.
    fn replace_hash(&self, hash: Option<&str>);

    /// The page's URL as it is now (with the current fragment).
    fn page_url(&self) -> String;

    /// The state kept in this browser (a link's hash), if any.
    fn kept_state(&self) -> Option<String>;

    /// Keeps the state's hash in this browser; false when storage is
    /// unavailable or full.
    fn keep_state(&self, hash: &str) -> bool;

    /// Forgets the kept state.
    fn forget_state(&self);

    /// Raw-deflate compression (the link's format); `None` when the
    /// browser cannot compress.
    fn deflate_raw(&self, bytes: Vec<u8>) -> Later<Option<Vec<u8>>>;

    /// Copies text to the clipboard; false when that is unavailable or
    /// refused.
    fn copy_text(&self, text: String) -> Later<bool>;

    /// Offers `contents` as a file download.
    fn download(&self, file_name: &str, mime: &str, contents: &[u8]);

    /// Replaces the UTF-16 range `start..end` of the text field with id
    /// `field` by `text` as an edit the field's undo takes back (the field
    /// then reports the new text as typed); false when that was refused.
    fn replace_undoably(&self, field: &str, start: u32, end: u32, text: &str) -> bool;
}

/// A file the visitor opened or dropped: its name and size, and how to
/// read it.
pub struct PickedFile {
    /// The file's name.
    pub name: String,
    /// Its size in bytes, known before reading it.
    pub size: usize,
    /// Reads at most the limit given and one byte more (decompressed when
    /// the file is gzip, the decompression stopped there), and says whether
    /// it was gzip; `None` when it could not be read.
    pub read: ReadFile,
}

impl PickedFile {
    /// The file's bytes (decompressed when it is gzip), or why they are
    /// not taken: over `limit` by its size or by what it gave, `what`
    /// naming what the limit is for (`a robots.txt file`), or unreadable.
    pub async fn read_within(self, limit: usize, what: &str) -> Result<Vec<u8>, String> {
        if let Some(why) = file_refusal(&self.name, self.size, limit, what, false) {
            return Err(why);
        }
        let Some((bytes, gzip)) = (self.read)(limit).await else {
            return Err(format!("{} could not be read.", self.name));
        };
        match file_refusal(&self.name, bytes.len(), limit, what, gzip) {
            Some(why) => Err(why),
            None => Ok(bytes),
        }
    }
}

/// Reading a picked file with a limit (see [`PickedFile::read`]).
pub type ReadFile = Box<dyn FnOnce(usize) -> Later<Option<(Vec<u8>, bool)>>>;

/// The host, shared by the entities (a handle that can be copied into
/// closures).
#[derive(Clone, Copy)]
pub struct HostRef(&'static dyn Host);

impl HostRef {
    /// A handle on `host`.
    pub fn new(host: &'static dyn Host) -> HostRef {
        HostRef(host)
    }

    /// The host.
    pub fn get(&self) -> &'static dyn Host {
        self.0
    }
}
