//! The worker's side of its messages with the page: each job serves the
//! page's requests through [`serve`] and answers through a [`Reply`].
//!
//! The envelope is the one the page's bridges speak (`crate::lint_worker`,
//! `crate::logs_worker`), gloo-worker's as serde writes it: the worker
//! says `"WorkerLoaded"` once its job listens, the page sends
//! `{"Connected":0}` and then `{"ProcessInput":[0,REQUEST]}`, and each
//! answer goes back as `{"ProcessOutput":[0,ANSWER]}`. Messages are JSON
//! strings: the page already links serde_json's serializer (for its
//! exports), so no second serialisation library is linked, and a JSON
//! string crosses `postMessage` as one copy. Requests are read as the
//! browser's `JSON.parse` gives them ([`crate::wire`], which says why not
//! with serde_json's deserializer). A message with files (the page's opened
//! logs in, an export out) is an array of the JSON and the files, which
//! cross `postMessage` as themselves: the page hands over `File` objects,
//! never their text.
//!
//! Why not gloo-worker's registrar, which spoke this envelope before: its
//! actor (a lifecycle state machine, a task spawned per message, the
//! envelope's four variants read and written per job) was compiled once
//! per job, in each job's chunk, for one page connection and requests
//! answered in order. This port is what the jobs use of it.
//! Measured on the release build (2026-11-26, size build): the lint
//! worker's part 26,844 -> 25,990 B gzipped, the log worker's 58,840 ->
//! 58,032 B, all of `dist/` 486,954 -> 484,891 B, the first load
//! 296,831 -> 296,594 B.

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::wire::{field, item, parse, whole};

/// An answer on a connection, as the page reads it.
#[derive(Serialize)]
enum FromWorker<'a, T> {
    ProcessOutput(usize, &'a T),
}

/// Where a request's answers go: the page, on the connection it came on.
pub struct Reply {
    scope: DedicatedWorkerGlobalScope,
    connection: usize,
}

impl Reply {
    /// Sends `answer` (progress may come before the last answer).
    pub fn send<T: Serialize>(&self, answer: &T) {
        self.post(answer, None);
    }

    /// Sends `answer` with `file` beside it (an export's Blob).
    pub fn send_with_file<T: Serialize>(&self, answer: &T, file: JsValue) {
        self.post(answer, Some(file));
    }

    fn post<T: Serialize>(&self, answer: &T, file: Option<JsValue>) {
        let json = match serde_json::to_string(&FromWorker::ProcessOutput(self.connection, answer))
        {
            Ok(json) => JsValue::from_str(&json),
            // The page hears of it as the worker's error event.
            Err(error) => wasm_bindgen::throw_str(&format!("cannot encode an answer: {error}")),
        };
        post(&self.scope, &json, file);
    }
}

/// Posts `json`, with `file` beside it when there is one.
fn post(scope: &DedicatedWorkerGlobalScope, json: &JsValue, file: Option<JsValue>) {
    let message = match file {
        Some(file) => js_sys::Array::of2(json, &file).into(),
        None => json.clone(),
    };
    if scope.post_message(&message).is_err() {
        wasm_bindgen::throw_str("cannot send an answer to the page");
    }
}

/// A message's JSON text and the files that came with it.
fn unpack(data: JsValue) -> (Option<String>, Vec<JsValue>) {
    if js_sys::Array::is_array(&data) {
        let parts = js_sys::Array::from(&data);
        (parts.get(0).as_string(), parts.iter().skip(1).collect())
    } else {
        (data.as_string(), Vec::new())
    }
}

/// Serves the page's requests for the rest of the worker's life: `read`
/// reads a request (`{"ProcessInput":[CONNECTION,REQUEST]}`'s REQUEST, as
/// `JSON.parse` gives it: [`crate::wire`]), `handle` gets each request, the
/// files that came with it, and where its answers go. Tells the page the
/// job listens. A message that is not a request throws (the page hears of
/// it as the worker's `error` event); the page's `{"Connected":0}` needs
/// nothing.
pub fn serve<T: 'static>(
    read: fn(&JsValue) -> Option<T>,
    mut handle: impl FnMut(T, Vec<JsValue>, &Reply) + 'static,
) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let on_message = {
        let scope = scope.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let (json, files) = unpack(event.data());
            let Some(message) = json.as_deref().and_then(parse) else {
                wasm_bindgen::throw_str("the page's request is not JSON text");
            };
            if field(&message, "Connected").is_some() {
                return;
            }
            let input = field(&message, "ProcessInput");
            let part = |index| input.as_ref().and_then(|input| item(input, index));
            let connection = part(0).as_ref().and_then(whole);
            match (connection, part(1).as_ref().and_then(read)) {
                (Some(connection), Some(request)) => {
                    let reply = Reply {
                        scope: scope.clone(),
                        connection: connection as usize,
                    };
                    handle(request, files, &reply);
                }
                _ => wasm_bindgen::throw_str("cannot read the page's request"),
            }
        })
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(&scope, &JsValue::from_str("\"WorkerLoaded\""), None);
}
