//! The app's link decoder (`robots_playground::link`) on hostile input:
//! arbitrary text as a URL hash, and arbitrary bytes as the decompressed
//! layout (deflated here, so the fuzzer reaches the layout's reader and
//! not only base64 and inflate). Whatever the input: no panic, every
//! accepted state within the limits the app checks (crawler count, decoded
//! size), and an accepted state survives its own link.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robots_playground::link::{hash_of, AppState, DecodeError, MAX_DECODED_BYTES};
use robots_playground::view_model::limits::MAX_CRAWLERS;

fn check(decoded: Result<Option<AppState>, DecodeError>) {
    match decoded {
        Ok(Some(state)) => {
            assert!(state.crawlers.len() <= MAX_CRAWLERS);
            let raw = state.to_raw();
            assert!(raw.len() <= MAX_DECODED_BYTES);
            let again = AppState::from_hash(&hash_of(&miniz_oxide::deflate::compress_to_vec(&raw, 1)));
            assert_eq!(again, Ok(Some(state)));
        }
        Ok(None) => {}
        // Every refusal has words for people.
        Err(error) => assert!(!error.to_string().is_empty()),
    }
}

fuzz_target!(|data: &[u8]| {
    check(AppState::from_hash(&String::from_utf8_lossy(data)));
    let deflated = miniz_oxide::deflate::compress_to_vec(data, 1);
    check(AppState::from_hash(&format!("#{}", hash_of(&deflated))));
    check(AppState::from_hash(&format!("v1.{}", &hash_of(&deflated)[3..])));
});
