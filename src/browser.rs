//! The browser APIs the app needs, wrapped so components stay short, and
//! [`Browser`], the page as the store's [`Host`]. Every failure is swallowed
//! into a value: a blocked storage or clipboard must never break the page.
//!
//! gloo provides the file reading (gloo-file), the downloads (its
//! `ObjectUrl` revokes itself when dropped) and the pauses between slices of
//! long work (gloo-timers). Window listeners come from Leptos
//! (`window_event_listener`), so gloo-events is not used directly. What
//! stays hand-written, and why: the link and localStorage calls are two
//! lines each over web-sys (gloo-storage would JSON-quote the stored link,
//! changing what earlier visits stored); reading a field through
//! `TextEncoder` (see [`field_value`]); and the Compression Streams API,
//! which web-sys only offers behind an unstable cfg.

use std::cell::{Cell, RefCell};

use gloo_file::{Blob, ObjectUrl};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::store::{Host, Later, PickedFile};

/// The page, as the store's host.
pub struct Browser;

impl Browser {
    /// The page as a host for the store.
    pub fn host() -> &'static dyn Host {
        static BROWSER: Browser = Browser;
        &BROWSER
    }
}

impl Host for Browser {
    fn now_ms(&self) -> f64 {
        now_ms()
    }

    fn next_task(&self) -> Later<()> {
        Box::pin(next_task())
    }

    fn sleep(&self, ms: u32) -> Later<()> {
        Box::pin(gloo_timers::future::TimeoutFuture::new(ms))
    }

    fn location_hash(&self) -> String {
        location_hash()
    }

    fn replace_hash(&self, hash: Option<&str>) {
        replace_hash(hash);
    }

    fn page_url(&self) -> String {
        page_url()
    }

    fn kept_state(&self) -> Option<String> {
        load_stored()
    }

    fn keep_state(&self, hash: &str) -> bool {
        store(hash)
    }

    fn forget_state(&self) {
        forget_stored();
    }

    fn deflate_raw(&self, bytes: Vec<u8>) -> Later<Option<Vec<u8>>> {
        Box::pin(async move { deflate_raw(&bytes).await })
    }

    fn copy_text(&self, text: String) -> Later<bool> {
        Box::pin(async move { copy_text(&text).await })
    }

    fn download(&self, file_name: &str, mime: &str, contents: &[u8]) {
        download(file_name, mime, contents);
    }

    fn replace_undoably(&self, field: &str, start: u32, end: u32, text: &str) -> bool {
        replace_undoably(field, start, end, text)
    }
}

/// A file the visitor picked, for the store to read.
pub fn picked_file(file: web_sys::File) -> PickedFile {
    PickedFile {
        name: file.name(),
        size: file.size() as usize,
        read: Box::new(move |limit| Box::pin(async move { read_file(&file, limit).await })),
    }
}

/// The files of a file list, for the store to read.
pub fn picked_files(list: Option<web_sys::FileList>) -> Vec<PickedFile> {
    list.map(|files| {
        (0..files.length())
            .filter_map(|i| files.get(i))
            .map(picked_file)
            .collect()
    })
    .unwrap_or_default()
}

#[wasm_bindgen]
extern "C" {
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    #[wasm_bindgen(method)]
    fn encode(this: &TextEncoder, input: &JsValue) -> js_sys::Uint8Array;

    /// A paste's `DataTransfer`, whose `getData` keeps the text a
    /// JavaScript string: a pasted list of 100,000 URLs is then copied into
    /// WebAssembly once.
    type PastedData;
    #[wasm_bindgen(method, js_name = getData)]
    fn get_text(this: &PastedData, format: &str) -> js_sys::JsString;

    /// The Compression Streams API's compressor.
    type CompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &CompressionStream) -> web_sys::ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &CompressionStream) -> web_sys::WritableStream;

    /// A stream's default reader (web-sys offers its type behind a
    /// feature of its own; these two calls are all that is needed).
    type StreamReader;
    #[wasm_bindgen(method)]
    fn read(this: &StreamReader) -> js_sys::Promise;
    #[wasm_bindgen(method)]
    fn cancel(this: &StreamReader) -> js_sys::Promise;

    /// The Compression Streams API's decompressor, written through its
    /// writer (see [`gunzip`]).
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &DecompressionStream) -> web_sys::ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &DecompressionStream) -> Writable;

    /// A writable stream, for its writer.
    type Writable;
    #[wasm_bindgen(method, js_name = getWriter)]
    fn writer(this: &Writable) -> StreamWriter;

    /// A writable stream's default writer.
    type StreamWriter;
    #[wasm_bindgen(method)]
    fn write(this: &StreamWriter, chunk: &js_sys::Uint8Array) -> js_sys::Promise;
    #[wasm_bindgen(method)]
    fn close(this: &StreamWriter) -> js_sys::Promise;
}

/// A field's `value`. The browser encodes it to UTF-8 and the bytes are
/// copied into the WebAssembly memory in one go: the generic string glue
/// walks the text character by character in JavaScript, which costs
/// milliseconds on a 500 KiB robots.txt or 100,000 URLs at every keystroke.
pub fn field_value(field: &web_sys::EventTarget) -> String {
    let value = js_sys::Reflect::get(field, &JsValue::from_str("value")).unwrap_or_default();
    // TextEncoder writes well-formed UTF-8 (lone surrogates become U+FFFD,
    // as with the generic glue), so this never falls back.
    String::from_utf8(TextEncoder::new().encode(&value).to_vec()).unwrap_or_default()
}

/// A text about to go into a field, taken before the browser inserts it.
pub struct Insertion {
    /// The field's whole text with the insertion in place of its selection.
    pub text: String,
    /// Where the caret goes after it (in the field's UTF-16 units).
    pub caret: u32,
}

/// What a paste into `field` would leave in it. Read from the paste event
/// before the browser inserts it, and copied into the WebAssembly memory in
/// one go.
pub fn paste_into(
    event: &web_sys::ClipboardEvent,
    field: &web_sys::HtmlTextAreaElement,
) -> Option<Insertion> {
    let pasted = event
        .clipboard_data()?
        .unchecked_into::<PastedData>()
        .get_text("text/plain");
    insert_into(field, &pasted)
}

/// Takes over an `insertText` of several lines (a program entering text,
/// such as Playwright's `fill()`): Chromium would insert it a line at a
/// time, laying the field out after each line and firing an input event
/// per line, which costs the square of the number of lines. The event is
/// cancelled and the caller puts the text in at once. Typing never inserts
/// line breaks this way (Enter is `insertLineBreak`), so typing is untouched.
pub fn take_multiline_insert(
    event: &web_sys::InputEvent,
    field: &web_sys::HtmlTextAreaElement,
) -> Option<Insertion> {
    // An edit of our own that must stay undoable (see `replace_undoably`).
    if event.input_type() != "insertText" || UNDOABLE_EDIT.with(Cell::get) {
        return None;
    }
    let data = js_sys::JsString::from(event.data()?);
    if data.index_of("\n", 0) < 0 {
        return None;
    }
    event.prevent_default();
    insert_into(field, &data)
}

/// `field`'s text with `inserted` in place of its selection.
fn insert_into(
    field: &web_sys::HtmlTextAreaElement,
    inserted: &js_sys::JsString,
) -> Option<Insertion> {
    // The field keeps LF only: CR LF inserted as it comes would put the
    // caret (and the text handed on) out of step with the field's value.
    let inserted = &inserted.replace_all("\r\n", "\n").replace_all("\r", "\n");
    let value = js_sys::JsString::from(field.value());
    let start = field
        .selection_start()
        .ok()
        .flatten()
        .unwrap_or(value.length());
    let end = field.selection_end().ok().flatten().unwrap_or(start);
    let combined = value
        .slice(0, start)
        .concat(inserted)
        .concat(&value.slice(end, value.length()));
    Some(Insertion {
        text: String::from_utf8(TextEncoder::new().encode(&combined).to_vec()).ok()?,
        caret: start + inserted.length(),
    })
}

/// Puts an insertion's text into its field at once, the caret after the
/// inserted part.
pub fn write_into(field: &web_sys::HtmlTextAreaElement, insertion: &Insertion) {
    field.set_value(&insertion.text);
    let _ = field.set_selection_range(insertion.caret, insertion.caret);
}

/// The key the state is kept under in localStorage.
const STORAGE_KEY: &str = "robots-playground:state";

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The URL fragment, with its leading `#`.
pub fn location_hash() -> String {
    window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Replaces the current history entry's fragment without scrolling or
/// adding history; `None` removes the fragment.
pub fn replace_hash(hash: Option<&str>) {
    let Some(window) = window() else { return };
    let location = window.location();
    let base = format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    let url = match hash {
        Some(hash) => format!("{base}#{hash}"),
        None => base,
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

fn storage() -> Option<web_sys::Storage> {
    window().and_then(|w| w.local_storage().ok().flatten())
}

/// The stored state hash, if any.
pub fn load_stored() -> Option<String> {
    storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
}

/// Stores the state hash; false when storage is unavailable or full.
pub fn store(hash: &str) -> bool {
    storage().is_some_and(|s| s.set_item(STORAGE_KEY, hash).is_ok())
}

/// Forgets the stored state.
pub fn forget_stored() {
    if let Some(s) = storage() {
        let _ = s.remove_item(STORAGE_KEY);
    }
}

/// The page URL as it is now (with the current fragment).
pub fn page_url() -> String {
    window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Copies text with the asynchronous clipboard API; false when it is
/// unavailable or refused (the caller then offers a field to copy from).
pub async fn copy_text(text: &str) -> bool {
    let Some(window) = window() else { return false };
    let clipboard = window.navigator().clipboard();
    // `navigator.clipboard` is undefined outside secure contexts.
    if JsValue::from(clipboard.clone()).is_undefined() {
        return false;
    }
    JsFuture::from(clipboard.write_text(text)).await.is_ok()
}

thread_local! {
    /// Set while `replace_undoably` edits a field.
    static UNDOABLE_EDIT: Cell<bool> = const { Cell::new(false) };
}

/// Replaces the UTF-16 range `start..end` of the text field with id `id`
/// by `text`, as an edit the browser's undo (Ctrl+Z) takes back: the
/// browser's own insertText command, which fires the field's input event.
/// False when the browser refused (the caller then sets the text itself).
pub fn replace_undoably(id: &str, start: u32, end: u32, text: &str) -> bool {
    let Some(document) = window().and_then(|w| w.document()) else {
        return false;
    };
    let Some(field) = document
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    else {
        return false;
    };
    let _ = field.focus();
    let _ = field.set_selection_range(start, end);
    let Ok(html) = document.dyn_into::<web_sys::HtmlDocument>() else {
        return false;
    };
    UNDOABLE_EDIT.with(|flag| flag.set(true));
    // An empty insertText does nothing: deleting is its own command.
    let done = if text.is_empty() {
        html.exec_command("delete")
    } else {
        html.exec_command_with_show_ui_and_value("insertText", false, text)
    };
    UNDOABLE_EDIT.with(|flag| flag.set(false));
    done.unwrap_or(false)
}

thread_local! {
    /// The last download's object URL, kept until the next download: the
    /// browser reads it asynchronously after the click.
    static LAST_DOWNLOAD: RefCell<Option<ObjectUrl>> = const { RefCell::new(None) };
}

/// Offers `contents` as a file download.
pub fn download(file_name: &str, mime: &str, contents: &[u8]) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let url = ObjectUrl::from(Blob::new_with_options(contents, Some(mime)));
    if let Some(anchor) = document
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        anchor.set_href(&url);
        anchor.set_download(file_name);
        anchor.set_rel("noopener");
        anchor.click();
    }
    // Dropping the previous one revokes it.
    LAST_DOWNLOAD.with(|last| *last.borrow_mut() = Some(url));
}

/// A file's bytes, decompressed when they are gzip (a `.xml.gz` sitemap),
/// and whether they were. At most `limit` bytes and one more are read
/// (after decompression, which stops there): more than `limit` bytes means
/// the file is over it, and a gzip bomb never fills the memory.
pub async fn read_file(file: &web_sys::File, limit: usize) -> Option<(Vec<u8>, bool)> {
    let upto = limit.saturating_add(1) as f64;
    let head = file.slice_with_f64_and_f64(0.0, upto).ok()?;
    let bytes = gloo_file::futures::read_as_bytes(&Blob::from(head))
        .await
        .ok()?;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Some((bytes, false));
    }
    gunzip(bytes, limit).await.map(|bytes| (bytes, true))
}

/// Compressed bytes fed to the decompressor at a time: deflate expands at
/// most about 1,032 times, so one write gives at most about a megabyte.
const GZIP_WRITE_BYTES: usize = 1024;

/// The browser's own gzip decompression (no WebAssembly code), stopped past
/// `limit` bytes. The compressed bytes go in small writes: a write waits
/// until what the one before gave is read (the stream's backpressure), so
/// the work is spread over many short tasks and stops at the limit. Piped
/// from the file in the blob's 64 KB chunks instead, a 1 MB gzip bomb
/// expanded to 1 GB in one 4-second task (measured in Chromium).
async fn gunzip(compressed: Vec<u8>, limit: usize) -> Option<Vec<u8>> {
    let stream = DecompressionStream::new("gzip").ok()?;
    let writer = stream.writable().writer();
    wasm_bindgen_futures::spawn_local(async move {
        for chunk in compressed.chunks(GZIP_WRITE_BYTES) {
            // Fails once the reading side stopped (at the limit, or on
            // damaged data): nothing more to write.
            if JsFuture::from(writer.write(&chunk.into())).await.is_err() {
                return;
            }
        }
        let _ = JsFuture::from(writer.close()).await;
    });
    read_upto(stream.readable(), limit).await
}

/// Raw-deflate compression by the browser (the link's format).
pub async fn deflate_raw(bytes: &[u8]) -> Option<Vec<u8>> {
    let stream = CompressionStream::new("deflate-raw").ok()?;
    let pair = web_sys::ReadableWritablePair::new(&stream.readable(), &stream.writable());
    let compressed = web_sys::Blob::from(Blob::new(bytes))
        .stream()
        .pipe_through(&pair);
    read_upto(compressed, usize::MAX).await
}

/// Bytes read from a stream between two pauses for the page: chunks that
/// are ready resolve as microtasks, so without pauses a long stream is read
/// in one task (1.6 s for 100 MB of gzip, measured in Chromium).
const READ_BYTES_PER_TASK: usize = 2_000_000;

/// A stream's bytes, a chunk at a time, until it ends or holds more than
/// `limit` bytes (the stream is then cancelled: no more is produced).
async fn read_upto(stream: web_sys::ReadableStream, limit: usize) -> Option<Vec<u8>> {
    let reader: StreamReader = stream.get_reader().unchecked_into();
    let mut bytes = Vec::new();
    let mut pause_at = READ_BYTES_PER_TASK;
    while bytes.len() <= limit {
        if bytes.len() >= pause_at {
            pause_at = bytes.len() + READ_BYTES_PER_TASK;
            next_task().await;
        }
        let chunk = JsFuture::from(reader.read()).await.ok()?;
        let done = js_sys::Reflect::get(&chunk, &JsValue::from_str("done")).ok()?;
        if done.is_truthy() {
            return Some(bytes);
        }
        let value = js_sys::Reflect::get(&chunk, &JsValue::from_str("value")).ok()?;
        bytes.extend(js_sys::Uint8Array::new(&value).to_vec());
    }
    let _ = reader.cancel();
    Some(bytes)
}

/// Milliseconds since the page started, for timing and time slices.
pub fn now_ms() -> f64 {
    window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Lets the browser handle input and paint before the next slice of work.
pub async fn next_task() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

/// Scrolls the element `id` so that its content from `top` to `top +
/// height` (pixels) is in view: to `top` unless it is in view already.
/// Its scroll event follows, as for a scroll by hand.
pub fn scroll_into_view_within(id: &str, top: f64, height: f64) {
    let Some(element) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
    else {
        return;
    };
    let current = element.scroll_top() as f64;
    let shown = element.client_height() as f64;
    if top < current || top + height > current + shown {
        element.set_scroll_top(top as i32);
    }
}

/// Links the stylesheet `href` (a file beside the page) the first time it
/// is asked for: a lazy panel's styles come with its code rather than with
/// the first load (see index.html).
pub fn load_stylesheet(href: &str) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let id = format!("stylesheet-{href}");
    if document.get_element_by_id(&id).is_some() {
        return;
    }
    let (Ok(link), Ok(Some(head))) = (
        document.create_element("link"),
        document.query_selector("head"),
    ) else {
        return;
    };
    for (name, value) in [("id", id.as_str()), ("rel", "stylesheet"), ("href", href)] {
        let _ = link.set_attribute(name, value);
    }
    let _ = head.append_child(&link);
}

/// Focuses an element found by CSS selector; true if one was found.
pub fn focus_selector(selector: &str) -> bool {
    let element = window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    match element {
        Some(element) => element.focus().is_ok(),
        None => false,
    }
}
