//! Work the app hands to its Web Worker (`src/worker/lint.rs`): the
//! messages both sides exchange, and what the worker does with them.
//!
//! Diagnostics are not verdicts: linting a file (the library's lint tool,
//! a large part of the code) runs off the main thread, in a worker loaded
//! after the first verdicts, so the page's first load stays small and
//! typing never waits for it. The main thread sends the text with its
//! parse options and a request number; the worker answers with
//! [`Finding`]s, plain data (line, byte span, severity, code, message,
//! fix, reference) the editor and the diagnostics list show, and whose
//! fixes the main thread applies. The AI crawler block is computed there
//! too, because where to put its preference lines is the linter's call.
//!
//! [`answer`] is the worker's whole job; the main thread never calls it
//! (the size check and `twiggy` on the main wasm confirm that the lint
//! tool is not linked there).

use std::ops::Range;

use robots_matcher::tools::lint::{Diagnostic, Fix, Severity};
use robots_matcher::tools::reference::Reference;
use robots_matcher::{Mode, ParseOptions, Robots};
use serde::{Deserialize, Serialize};

use super::generator::{insert_ai_block, AiPolicy};

/// What the main thread asks the worker. Each request carries a number
/// (`id`), increasing over the page's life; the answer repeats it, so an
/// answer to a request that a newer one replaced is recognised and dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Lint `text` as parsed with these options.
    Lint {
        /// The request's number.
        id: u64,
        /// The robots.txt.
        text: String,
        /// Parsed in RFC 9309's reading (else Google's).
        rfc9309: bool,
        /// With Google's 500 KiB limit.
        size_limited: bool,
    },
    /// The edit that inserts the AI crawler block into `text`.
    AiBlock {
        /// The request's number.
        id: u64,
        /// The robots.txt.
        text: String,
        /// The policy's key ([`AiPolicy::key`]).
        policy: String,
        /// With Content-Signal and Content-Usage lines.
        preferences: bool,
    },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Answer {
    /// The diagnostics of the text of request `id`, ordered by line.
    Lint {
        /// The request answered.
        id: u64,
        /// Its findings.
        findings: Vec<Finding>,
    },
    /// The AI block's edit for request `id` (`None`: not a known policy).
    AiBlock {
        /// The request answered.
        id: u64,
        /// The edit.
        edit: Option<Edit>,
    },
}

/// A diagnostic as the app shows it: the library's [`Diagnostic`] as data
/// that crosses to the main thread.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Finding {
    /// 1-based line; 0 for findings about the whole file.
    pub line: u32,
    /// Byte range of the text it points at.
    pub span: Range<usize>,
    /// How much it matters.
    #[serde(with = "severity_name")]
    pub severity: Severity,
    /// Its stable code (`unknown-directive`).
    pub code: String,
    /// Whether findings of its code change verdicts (the library's
    /// `Code::changes_verdicts`, asked in the worker): listed first.
    pub changes_verdicts: bool,
    /// One sentence for a webmaster.
    pub message: String,
    /// The edit that fixes it, if there is one.
    pub fix: Option<Edit>,
    /// Where the behaviour behind it is written down.
    pub reference: Citation,
}

/// An edit of the text: `span` (bytes; empty to insert) becomes
/// `replacement`. The library's [`Fix`] as data.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Edit {
    /// The bytes replaced.
    pub span: Range<usize>,
    /// What replaces them.
    pub replacement: String,
    /// What it does, for its button: `Write 'Disallow'`.
    pub title: String,
}

impl From<Fix> for Edit {
    fn from(fix: Fix) -> Edit {
        Edit {
            span: fix.span,
            replacement: fix.replacement,
            title: fix.title,
        }
    }
}

impl From<Edit> for Fix {
    fn from(edit: Edit) -> Fix {
        Fix {
            span: edit.span,
            replacement: edit.replacement,
            title: edit.title,
        }
    }
}

/// A link to the document a behaviour rests on: the library's
/// [`Reference`], owned (so it can come from the worker).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Citation {
    /// How to name it: `RFC 9309, 2.2.1`.
    pub title: String,
    /// The address.
    pub url: String,
}

impl From<Reference> for Citation {
    fn from(reference: Reference) -> Citation {
        Citation {
            title: reference.title.to_string(),
            url: reference.url.to_string(),
        }
    }
}

impl From<Diagnostic> for Finding {
    fn from(d: Diagnostic) -> Finding {
        Finding {
            line: d.line,
            span: d.span,
            severity: d.severity,
            code: d.code.as_str().to_string(),
            changes_verdicts: d.code.changes_verdicts(),
            message: d.message,
            fix: d.fix.map(Edit::from),
            reference: d.code.reference().into(),
        }
    }
}

/// The worker's answer to `request`.
pub fn answer(request: Request) -> Answer {
    match request {
        Request::Lint {
            id,
            text,
            rfc9309,
            size_limited,
        } => Answer::Lint {
            id,
            findings: lint(&text, mode_of(rfc9309), size_limited),
        },
        Request::AiBlock {
            id,
            text,
            policy,
            preferences,
        } => Answer::AiBlock {
            id,
            edit: AiPolicy::from_key(&policy)
                .map(|policy| insert_ai_block(&text, policy, preferences).into()),
        },
    }
}

/// The findings of `text` parsed in `mode` (with Google's size limit when
/// `size_limited`), ordered by line.
pub fn lint(text: &str, mode: Mode, size_limited: bool) -> Vec<Finding> {
    Robots::parse_with(text.as_bytes(), &ParseOptions::new(mode, size_limited))
        .diagnostics()
        .into_iter()
        .map(Finding::from)
        .collect()
}

/// The parse mode a request names.
pub fn mode_of(rfc9309: bool) -> Mode {
    if rfc9309 {
        Mode::Rfc9309
    } else {
        Mode::Google
    }
}

/// The findings of one line (`findings` ordered by line, as [`lint`]
/// gives them); file-wide findings have line 0.
pub fn findings_on(findings: &[Finding], line: u32) -> &[Finding] {
    let start = findings.partition_point(|d| d.line < line);
    let end = findings.partition_point(|d| d.line <= line);
    &findings[start..end]
}

/// Where a finding is, as the list shows it: `L13`, or `File`.
pub fn finding_place(finding: &Finding) -> String {
    if finding.line == 0 {
        "File".to_string()
    } else {
        format!("L{}", finding.line)
    }
}

/// The severity named `name` (`error`, `warning`, `info`), as the wire
/// writes it.
pub fn severity_named(name: &str) -> Option<Severity> {
    [Severity::Error, Severity::Warning, Severity::Info]
        .into_iter()
        .find(|s| s.as_str() == name)
}

/// A severity on the wire: its name (`error`, `warning`, `info`).
mod severity_name {
    use robots_matcher::tools::lint::Severity;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(severity: &Severity, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(severity.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Severity, D::Error> {
        let name = <&str>::deserialize(d)?;
        super::severity_named(name)
            .ok_or_else(|| serde::de::Error::unknown_variant(name, &["error", "warning", "info"]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view_model::TEST_ROBOTS as ROBOTS;

    #[test]
    fn lint_gives_the_librarys_diagnostics_as_data() {
        let findings = lint(ROBOTS, Mode::Google, true);
        let library = Robots::parse(ROBOTS.as_bytes()).diagnostics();
        assert_eq!(findings.len(), library.len());
        let typo = findings_on(&findings, 9);
        assert!(typo.iter().any(|f| f.code == "typo-accepted"));
        assert_eq!(typo[0].severity, Severity::Warning);
        assert_eq!(finding_place(&typo[0]), "L9");
        assert!(typo[0].reference.url.starts_with("https://"));
        assert!(findings.windows(2).all(|w| w[0].line <= w[1].line));
    }

    #[test]
    fn messages_survive_the_trip_through_json() {
        let request = Request::Lint {
            id: 7,
            text: ROBOTS.to_string(),
            rfc9309: true,
            size_limited: false,
        };
        let json = serde_json::to_string(&request).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
        let answered = answer(request);
        let json = serde_json::to_string(&answered).unwrap();
        assert_eq!(serde_json::from_str::<Answer>(&json).unwrap(), answered);
        let Answer::Lint { id, findings } = answered else {
            panic!("a lint request gets findings");
        };
        assert_eq!(id, 7);
        // RFC 9309 does not read the misspelled key: its finding differs.
        assert_eq!(findings, lint(ROBOTS, Mode::Rfc9309, false));
        // A severity that is not one is refused, not guessed.
        let bad = json.replacen("\"warning\"", "\"fatal\"", 1);
        if bad != json {
            assert!(serde_json::from_str::<Answer>(&bad).is_err());
        }
    }

    #[test]
    fn fixes_carry_their_edit() {
        let findings = lint("Disalow: /x\n", Mode::Google, true);
        let fixed = findings.iter().find_map(|f| f.fix.clone()).expect("a fix");
        let fix = Fix::from(fixed.clone());
        assert_eq!(Edit::from(fix), fixed);
    }

    #[test]
    fn ai_blocks_are_answered_with_their_edit() {
        let policy = AiPolicy::ALL[0];
        let answered = answer(Request::AiBlock {
            id: 3,
            text: ROBOTS.to_string(),
            policy: policy.key().to_string(),
            preferences: true,
        });
        let expected: Edit = insert_ai_block(ROBOTS, policy, true).into();
        assert_eq!(
            answered,
            Answer::AiBlock {
                id: 3,
                edit: Some(expected)
            }
        );
        let unknown = answer(Request::AiBlock {
            id: 4,
            text: String::new(),
            policy: "no-such-policy".to_string(),
            preferences: false,
        });
        assert_eq!(unknown, Answer::AiBlock { id: 4, edit: None });
    }
}
