//! The workers' messages as the browser's `JSON.parse` gives them, read by
//! hand: the page reads the workers' answers (`lint_worker`,
//! `logs_worker`) and the workers read the page's requests
//! (`crate::worker`) with these, the shapes being serde's of the types in
//! `view_model::analysis` and `view_model::logs` (both sides write them
//! with serde_json's serializer, which the exports link anyway).
//!
//! Why not serde_json's deserializer: on the page it and the derived
//! readers cost the first load 15.1 KB gzipped (measured 2026-11-25). In
//! the workers, the lint job reading its requests with it put the JSON
//! reader into the shared chunk every lazy panel fetches, where only the
//! log job's readers of JSON-lines logs and IP-range files need it.
//! Measured on the size build (2026-11-27): the shared chunk 21,002 ->
//! 10,186 B gzipped, the lint worker's job 25,796 -> 23,882 B, the log
//! worker's 57,653 -> 64,940 B (the reader is its own now), all of
//! `dist/` 499,580 -> 493,780 B (README, "Size: lazy panels"). Since
//! then the library reads those logs and files with a JSON reader of its
//! own (`robots_matcher::read::json`), and serde_json's deserializer is
//! linked nowhere in the app.

use wasm_bindgen::JsValue;

/// `json` parsed by the browser, or nothing when it is not JSON.
pub fn parse(json: &str) -> Option<JsValue> {
    js_sys::JSON::parse(json).ok()
}

/// A property that is there and not null.
pub fn field(value: &JsValue, name: &str) -> Option<JsValue> {
    js_sys::Reflect::get(value, &JsValue::from_str(name))
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// Item `index` of an array, when it is there.
pub fn item(value: &JsValue, index: u32) -> Option<JsValue> {
    js_sys::Reflect::get_u32(value, index)
        .ok()
        .filter(|v| !v.is_undefined())
}

/// A whole, non-negative number property ([`whole`]).
pub fn number(value: &JsValue, name: &str) -> Option<u64> {
    whole(&field(value, name)?)
}

/// A whole, non-negative number (at most 2^53 - 1, the integers a
/// JavaScript number holds exactly).
pub fn whole(value: &JsValue) -> Option<u64> {
    let n = value.as_f64()?;
    (n >= 0.0 && n.fract() == 0.0 && n <= 9_007_199_254_740_991.0).then_some(n as u64)
}

/// A text property.
pub fn text(value: &JsValue, name: &str) -> Option<String> {
    field(value, name)?.as_string()
}

/// A true-or-false property.
pub fn flag(value: &JsValue, name: &str) -> Option<bool> {
    field(value, name)?.as_bool()
}

/// An array property, each item read by `read` (all of them, or nothing).
pub fn list<T>(
    value: &JsValue,
    name: &str,
    read: impl Fn(&JsValue) -> Option<T>,
) -> Option<Vec<T>> {
    let items = field(value, name)?;
    if !js_sys::Array::is_array(&items) {
        return None;
    }
    js_sys::Array::from(&items)
        .iter()
        .map(|item| read(&item))
        .collect()
}
