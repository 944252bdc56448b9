//! What the first screen shows: a shared link's state, else the state kept
//! in this browser, else the default example.

use crate::link::AppState;

/// Where the first screen's state came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Startup {
    /// A link's state.
    Hash(AppState),
    /// The state this browser kept.
    Stored(AppState),
    /// The default, with the reason a link was rejected, if one was.
    Default {
        /// Why the link could not be opened.
        error: Option<String>,
    },
}

/// Precedence: a valid hash, else a valid stored state, else the default.
/// A broken hash yields the default (not the stored state) with an error
/// to show: the visitor expected the link's content, not their own.
pub fn startup(hash: &str, stored: Option<&str>) -> Startup {
    match AppState::from_hash(hash) {
        Ok(Some(state)) => Startup::Hash(state),
        Err(error) => Startup::Default {
            error: Some(format!(
                "The link could not be opened: {error}. Showing the default example instead."
            )),
        },
        Ok(None) => match stored.map(AppState::from_hash) {
            Some(Ok(Some(state))) => Startup::Stored(state),
            _ => Startup::Default { error: None },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples;

    #[test]
    fn startup_precedence_is_hash_then_storage_then_default() {
        let link = samples::SAMPLES[1].to_state();
        let kept = samples::SAMPLES[2].to_state();
        let (link_hash, kept_hash) = (link.to_hash(), kept.to_hash());
        assert_eq!(
            startup(&format!("#{link_hash}"), Some(&kept_hash)),
            Startup::Hash(link.clone())
        );
        assert_eq!(startup("", Some(&kept_hash)), Startup::Stored(kept));
        assert_eq!(startup("", None), Startup::Default { error: None });
        assert_eq!(
            startup("", Some("garbage")),
            Startup::Default { error: None }
        );
        match startup("#v1.broken", Some(&kept_hash)) {
            Startup::Default { error: Some(error) } => {
                assert!(error.starts_with("The link could not be opened"))
            }
            other => panic!("{other:?}"),
        }
    }
}
