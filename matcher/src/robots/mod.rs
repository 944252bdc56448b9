//! The parsed robots.txt.
//!
//! Parsing never fails: any bytes give a [`Robots`]; what a crawler would
//! skip is the lint tool's to report (`tools::lint`, which reads a
//! `&Robots`).
//!
//! Parsing ([`parse`]) keeps only what checking needs, as byte spans into a
//! copy of the input ([`spans`]): the groups, their User-agent tokens and
//! their rules. That is one pass over the bytes and a few small records per
//! rule, so checking a file that changes on every keystroke, or a file of
//! 50,000 rules, starts fast. Which groups name which token is found on the
//! first checks ([`agents`]). What people read ([`view`]: each line's kind, rules and
//! directives as text) is built from the spans the first time it is asked
//! for, and kept.

mod agents;
mod parse;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod shard_tests;
mod spans;
mod view;

use std::sync::{Arc, OnceLock};

use crate::lines::{beyond_limit, RawLine};
use crate::model::View;
use crate::{Mode, ParseOptions};

pub(crate) use agents::{AgentGroups, AgentIndex, GlobalGroups};
use spans::Input;
pub(crate) use spans::Spans;
pub(crate) use view::Text;

/// A parsed robots.txt. Parse once, then check many URLs.
#[derive(Clone, Debug)]
pub struct Robots {
    pub(crate) mode: Mode,
    pub(crate) spans: Spans,
    /// Which groups name which token, filed when first asked: a file of
    /// hundreds of User-agent lines takes longer to file than to parse,
    /// and an editor re-parsing on every keystroke may never check.
    agents: OnceLock<AgentIndex>,
    global: OnceLock<GlobalGroups>,
    /// The first tokens looked up, each found without filing the others.
    early_tokens: agents::EarlyTokens,
    /// Lines, groups, rules and directives as text, built when first asked
    /// for.
    pub(crate) view: OnceLock<View>,
}

impl Robots {
    /// Parses with Google's reading and no size limit.
    pub fn parse(input: &[u8]) -> Robots {
        Robots::parse_with(input, &ParseOptions::default())
    }

    /// Parses with the given mode and size limit.
    pub fn parse_with(input: &[u8], options: &ParseOptions) -> Robots {
        Robots::from_spans(parse::parse(input, options), options)
    }

    /// Parses `input`, taking it over: the bytes just read from a file or
    /// a response are kept as they are, not copied ([`Robots::parse_with`]
    /// keeps a copy of what it borrows).
    ///
    /// ```
    /// use robots_matcher::{Crawler, ParseOptions, Robots};
    ///
    /// let body: Vec<u8> = b"User-agent: *\nDisallow: /private\n".to_vec();
    /// let robots = Robots::parse_owned(body, &ParseOptions::default());
    /// assert!(!robots.check(&Crawler::new("Googlebot"), "/private/x").allowed);
    /// ```
    pub fn parse_owned(input: Vec<u8>, options: &ParseOptions) -> Robots {
        Robots::from_spans(parse::parse_kept(Input::Owned(input), options), options)
    }

    /// Parses `input`, sharing it: a buffer the caller keeps too (its
    /// text, or one body parsed in both modes) is not copied.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use robots_matcher::{Crawler, Mode, ParseOptions, Robots};
    ///
    /// let body: Arc<[u8]> = Arc::from(&b"User-agent: *\nDisallow: /private\n"[..]);
    /// let google = Robots::parse_shared(Arc::clone(&body), &ParseOptions::default());
    /// let rfc = Robots::parse_shared(body, &ParseOptions::new(Mode::Rfc9309, false));
    /// let crawler = Crawler::new("Googlebot");
    /// assert_eq!(google.check(&crawler, "/private").allowed, rfc.check(&crawler, "/private").allowed);
    /// ```
    pub fn parse_shared(input: Arc<[u8]>, options: &ParseOptions) -> Robots {
        Robots::from_spans(parse::parse_kept(Input::Shared(input), options), options)
    }

    fn from_spans(spans: Spans, options: &ParseOptions) -> Robots {
        Robots {
            mode: options.mode,
            agents: OnceLock::new(),
            global: OnceLock::new(),
            early_tokens: agents::EarlyTokens::default(),
            spans,
            view: OnceLock::new(),
        }
    }

    /// The mode the file was parsed in.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Length of the input in bytes.
    pub fn input_len(&self) -> usize {
        self.spans.input.len()
    }

    /// How many bytes were read (less than the input when a size limit cut
    /// it).
    pub fn parsed_len(&self) -> usize {
        self.spans.limit
    }

    /// Bytes beyond what is read (0 when everything is read).
    pub fn ignored_len(&self) -> usize {
        self.input_len() - self.parsed_len()
    }

    /// Whether some group is a `*` group.
    pub fn has_global_group(&self) -> bool {
        self.global_groups().is_some()
    }

    /// Whether any group names this crawler token (ignoring case).
    pub fn has_group_for(&self, token: &str) -> bool {
        self.named_groups(token).is_some()
    }

    /// The `*` groups, merged, if there are any.
    pub(crate) fn global_groups(&self) -> Option<AgentGroups<'_>> {
        self.global_index().get()
    }

    fn global_index(&self) -> &GlobalGroups {
        self.global.get_or_init(|| GlobalGroups::new(&self.spans))
    }

    /// The groups naming `token` (without letter case). The first few
    /// distinct tokens are each found by reading the User-agent lines
    /// instead of filing them all ([`agents::EARLY_TOKENS`]).
    pub(crate) fn named_groups(&self, token: &str) -> Option<AgentGroups<'_>> {
        let global = self.global_index();
        let early = match self.agents.get() {
            None => self.early_tokens.find_or_read(&self.spans, token, global),
            Some(_) => self.early_tokens.find(token, global),
        };
        early.unwrap_or_else(|| {
            self.agents
                .get_or_init(|| AgentIndex::new(&self.spans, global))
                .named(token, global)
        })
    }

    /// The input, as parsed.
    pub(crate) fn input(&self) -> &[u8] {
        &self.spans.input
    }

    /// Whether the line at `raw` is after the size limit.
    pub(crate) fn is_beyond_limit(&self, raw: &RawLine) -> bool {
        beyond_limit(raw, self.spans.limit, self.spans.input.len())
    }
}
