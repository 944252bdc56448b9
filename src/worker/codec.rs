//! The workers' message codec: JSON strings, and the files that travel
//! with a message.
//!
//! JSON because the page already links serde_json (for its exports), so
//! its side of the bridge adds no second serialisation library
//! (gloo-worker's default is bincode), and a JSON string crosses
//! `postMessage` as one copy. A message with files (the page's opened
//! logs in, an export out) is an array of the JSON and the files, which
//! cross `postMessage` as themselves: the page hands over `File` objects,
//! never their text.

use std::cell::RefCell;

use gloo_worker::Codec;
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

thread_local! {
    /// The files that came with the message being decoded.
    static RECEIVED: RefCell<Vec<JsValue>> = const { RefCell::new(Vec::new()) };
    /// A file to send with the next answer.
    static OUTGOING: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// The files that came with the last message, taken.
pub fn take_received() -> Vec<JsValue> {
    RECEIVED.with(|r| r.borrow_mut().drain(..).collect())
}

/// Sends `file` with the next answer.
pub fn send_with_next(file: JsValue) {
    OUTGOING.with(|o| *o.borrow_mut() = Some(file));
}

/// JSON strings, with files beside them where there are any.
pub struct JsonWithFiles;

impl Codec for JsonWithFiles {
    fn encode<I: Serialize>(input: I) -> JsValue {
        let json = match serde_json::to_string(&input) {
            Ok(json) => JsValue::from_str(&json),
            // The page hears of it as the worker's error event.
            Err(error) => wasm_bindgen::throw_str(&format!("cannot encode an answer: {error}")),
        };
        match OUTGOING.with(|o| o.borrow_mut().take()) {
            Some(file) => js_sys::Array::of2(&json, &file).into(),
            None => json,
        }
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let json = if js_sys::Array::is_array(&input) {
            let parts = js_sys::Array::from(&input);
            RECEIVED.with(|r| r.borrow_mut().extend(parts.iter().skip(1)));
            parts.get(0)
        } else {
            input
        };
        match json.as_string().map(|json| serde_json::from_str(&json)) {
            Some(Ok(message)) => message,
            Some(Err(error)) => {
                wasm_bindgen::throw_str(&format!("cannot read the page's request: {error}"))
            }
            None => wasm_bindgen::throw_str("the page's request is not text"),
        }
    }
}
