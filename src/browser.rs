//! The few browser APIs the app needs, wrapped so components stay short.
//! Every failure is swallowed into a value: a blocked storage or clipboard
//! must never break the page.

use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

#[wasm_bindgen]
extern "C" {
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    #[wasm_bindgen(method)]
    fn encode(this: &TextEncoder, input: &JsValue) -> js_sys::Uint8Array;
}

/// A field's `value`. The browser encodes it to UTF-8 and the bytes are
/// copied into the WebAssembly memory in one go: the generic string glue
/// walks the text character by character in JavaScript, which costs
/// milliseconds on a 500 KiB robots.txt at every keystroke.
pub fn field_value(field: &web_sys::EventTarget) -> String {
    let value = js_sys::Reflect::get(field, &JsValue::from_str("value")).unwrap_or_default();
    // TextEncoder writes well-formed UTF-8 (lone surrogates become U+FFFD,
    // as with the generic glue), so this never falls back.
    String::from_utf8(TextEncoder::new().encode(&value).to_vec()).unwrap_or_default()
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
    wasm_bindgen_futures::JsFuture::from(clipboard.write_text(text))
        .await
        .is_ok()
}

/// Offers `contents` as a file download (a Blob behind an object URL).
pub fn download(file_name: &str, mime: &str, contents: &str) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&JsValue::from_str(contents));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
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
    // Revoke later: the download starts asynchronously.
    let revoke = url.clone();
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&revoke);
        },
        std::time::Duration::from_secs(30),
    );
}

/// Reads a file's bytes.
pub async fn read_file(file: &web_sys::File) -> Option<Vec<u8>> {
    let buffer = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .ok()?;
    Some(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Milliseconds since the page started, for timing.
pub fn now_ms() -> f64 {
    window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
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
