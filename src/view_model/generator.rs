//! The AI crawler block generator: a commented robots.txt block built from
//! the presets' purpose groups, for the two policies webmasters ask for
//! most ("block AI training, keep search and AI search"; "block all AI,
//! keep search"), with or without the usage-preference lines
//! (Content-Signal, Content-Usage).
//!
//! The block goes at the *top* of the file, as one edit the editor's undo
//! takes back ([`insert_ai_block`] returns it as a [`Fix`]). At the top,
//! nothing before it can swallow its User-agent lines, and it ends with a
//! rule, so the file's own first group stays a group of its own (Google
//! only ends a list of user agents at a rule: see the
//! `agent-joins-previous-group` lint).
//!
//! Every preset token of the blocked purposes is listed, as the shared
//! community lists do, also those Google's parser cuts short (`AI2Bot` is
//! read as `AI`): the linter's `user-agent-cut` infos say which, and the
//! block adds no warning or error.
//!
//! The preference lines belong to the `*` group, so that they speak to
//! every crawler. When the file has a `*` group, they go into it, right
//! after its User-agent lines; otherwise the block adds a `*` group with
//! them, closed by `Allow: /` as Cloudflare's managed robots.txt does (a
//! group with no other rule, so it changes no verdict).

use robots_matcher::tools::lint::{Code, Fix};
use robots_matcher::Robots;

use crate::crawlers::{presets, Purpose};

/// What the block blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiPolicy {
    /// AI-training crawlers; search and AI search stay allowed.
    BlockTraining,
    /// AI-training and AI-search crawlers; search stays allowed.
    BlockAllAi,
}

impl AiPolicy {
    /// In the order the menu lists them.
    pub const ALL: [AiPolicy; 2] = [AiPolicy::BlockTraining, AiPolicy::BlockAllAi];

    /// The menu's value.
    pub fn key(self) -> &'static str {
        match self {
            AiPolicy::BlockTraining => "block-ai-training",
            AiPolicy::BlockAllAi => "block-all-ai",
        }
    }

    /// The policy a menu value names.
    pub fn from_key(key: &str) -> Option<AiPolicy> {
        AiPolicy::ALL.into_iter().find(|p| p.key() == key)
    }

    /// What it does, in the menu and the block's comment.
    pub fn label(self) -> &'static str {
        match self {
            AiPolicy::BlockTraining => "Block AI training, keep search and AI search",
            AiPolicy::BlockAllAi => "Block all AI crawlers, keep search",
        }
    }

    /// The purposes whose crawlers it blocks.
    pub fn blocked(self) -> &'static [Purpose] {
        match self {
            AiPolicy::BlockTraining => &[Purpose::AiTraining],
            AiPolicy::BlockAllAi => &[Purpose::AiTraining, Purpose::AiSearch],
        }
    }

    /// The preference lines saying the same (labels from the library's
    /// vocabulary: Content-Signal's `search`, `ai-input`, `ai-train`;
    /// Content-Usage's `train-ai`: draft-ietf-aipref-vocab-07 has no label
    /// for other AI uses, and earlier drafts' `ai-use` is ignored now).
    ///
    /// Without `invite`, only what the policy declines: for a file whose
    /// rules already shut every search (or AI search) crawler out, saying
    /// `search=yes` would contradict them (`signal-contradicts-rules`).
    fn preference_lines(self, invite: bool) -> &'static str {
        match (self, invite) {
            (AiPolicy::BlockTraining, true) => {
                "Content-Signal: search=yes, ai-input=yes, ai-train=no\nContent-Usage: / train-ai=n\n"
            }
            (AiPolicy::BlockAllAi, true) => {
                "Content-Signal: search=yes, ai-input=no, ai-train=no\nContent-Usage: / train-ai=n\n"
            }
            (AiPolicy::BlockTraining, false) => "Content-Signal: ai-train=no\nContent-Usage: / train-ai=n\n",
            (AiPolicy::BlockAllAi, false) => {
                "Content-Signal: ai-input=no, ai-train=no\nContent-Usage: / train-ai=n\n"
            }
        }
    }
}

/// The tokens of the presets a policy blocks, in the presets' order.
pub fn blocked_tokens(policy: AiPolicy) -> Vec<&'static str> {
    presets()
        .iter()
        .filter(|p| policy.blocked().contains(&p.purpose))
        .map(|p| p.token)
        .collect()
}

/// The edit that puts the policy's block into `text` (see the module's
/// doc for where each part goes). The preference lines invite search (and
/// AI search) only where the file's rules let those crawlers in: the
/// linter's `signal-contradicts-rules` decides.
pub fn insert_ai_block(text: &str, policy: AiPolicy, preferences: bool) -> Fix {
    let fix = block_edit(text, policy, preferences, true);
    if !preferences {
        return fix;
    }
    let out = format!(
        "{}{}{}",
        &text[..fix.span.start],
        fix.replacement,
        &text[fix.span.end..]
    );
    let contradictions = |t: &str| {
        Robots::parse(t.as_bytes())
            .diagnostics()
            .iter()
            .filter(|d| d.code == Code::SignalContradictsRules)
            .count()
    };
    if contradictions(&out) > contradictions(text) {
        block_edit(text, policy, preferences, false)
    } else {
        fix
    }
}

/// [`insert_ai_block`]'s edit, its preference lines inviting search or not.
fn block_edit(text: &str, policy: AiPolicy, preferences: bool, invite: bool) -> Fix {
    let tokens = blocked_tokens(policy);
    let mut block = format!(
        "# {}: {} crawlers from the robots.txt playground's list.\n",
        policy.label(),
        tokens.len()
    );
    for token in &tokens {
        block.push_str("User-agent: ");
        block.push_str(token);
        block.push('\n');
    }
    block.push_str("Disallow: /\n\n");
    // A byte order mark stays first.
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let global_agents_end = preferences.then(|| end_of_global_agents(text)).flatten();
    let (end, replacement) = match global_agents_end {
        // One edit from the top to the end of the `*` group's User-agent
        // lines: the block, the file up to there, the preference lines.
        Some(end) => {
            let mut replacement = block;
            replacement.push_str(&text[start..end]);
            if !replacement.ends_with('\n') {
                replacement.push('\n');
            }
            replacement.push_str(policy.preference_lines(invite));
            (end, replacement)
        }
        None => {
            if preferences {
                block.push_str("# Usage preferences for every crawler (Content-Signal, Content-Usage).\nUser-agent: *\n");
                block.push_str(policy.preference_lines(invite));
                block.push_str("Allow: /\n\n");
            }
            (start, block)
        }
    };
    Fix {
        span: start..end,
        replacement,
        title: format!("Insert: {}", policy.label()),
    }
}

/// The byte just after the last User-agent line of the file's first `*`
/// group (after its line ending), if it has one.
fn end_of_global_agents(text: &str) -> Option<usize> {
    let robots = Robots::parse(text.as_bytes());
    let group = robots.groups().iter().find(|g| g.is_global())?;
    let last = group.agents.iter().map(|a| a.line).max()?;
    let span = &robots.line(last)?.span;
    let rest = text.get(span.end..)?;
    let ending = if rest.starts_with("\r\n") {
        2
    } else {
        usize::from(rest.starts_with('\n') || rest.starts_with('\r'))
    };
    Some(span.end + ending)
}

#[cfg(test)]
mod tests {
    use super::*;
    use robots_matcher::tools::lint::Severity;
    use robots_matcher::{CheckOptions, Crawler, FetchOutcome, FetchedRobots};

    fn applied(text: &str, policy: AiPolicy, preferences: bool) -> String {
        let fix = insert_ai_block(text, policy, preferences);
        let mut out = text.to_string();
        out.replace_range(fix.span, &fix.replacement);
        out
    }

    fn allowed(text: &str, agent: &str, url: &str) -> bool {
        Robots::parse(text.as_bytes())
            .check(&Crawler::new(agent), url)
            .allowed
    }

    const FILES: [&str; 4] = [
        "",
        "User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nAllow: /\n",
        "\u{feff}# shop\nUser-agent: Bingbot\nDisallow: /cart\n",
        "User-agent: *\nUser-agent: Foo\nDisallow: /\n",
    ];

    #[test]
    fn every_policy_blocks_its_purposes_and_keeps_the_rest() {
        for text in FILES {
            for policy in AiPolicy::ALL {
                for preferences in [false, true] {
                    let out = applied(text, policy, preferences);
                    for preset in presets() {
                        let url = "https://example.com/page";
                        let before = allowed(text, preset.token, url);
                        let after = allowed(&out, preset.token, url);
                        // Google's parser cuts a User-agent value at its
                        // first character other than a letter, '-' or '_'
                        // (`AI2Bot` names `AI`), so such a crawler cannot
                        // be named in a group; the lint says so per line.
                        let nameable = preset
                            .token
                            .bytes()
                            .all(|b| b.is_ascii_alphabetic() || b == b'-' || b == b'_');
                        if policy.blocked().contains(&preset.purpose) && nameable {
                            assert!(!after, "{} not blocked in\n{out}", preset.token);
                        } else if !policy.blocked().contains(&preset.purpose) {
                            assert_eq!(before, after, "{} changed in\n{out}", preset.token);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_block_adds_no_finding_of_its_own() {
        for text in FILES {
            for policy in AiPolicy::ALL {
                for preferences in [false, true] {
                    let out = applied(text, policy, preferences);
                    // Every finding but the infos the block brings by
                    // design: `user-agent-cut` for the preset tokens Google
                    // cuts short, listed as the community lists do, and for
                    // its preference lines `unsupported-directive` (Google
                    // ignores them) and `validator-rejects` (Lighthouse's
                    // audit rejects them).
                    let findings = |t: &str| {
                        Robots::parse(t.as_bytes())
                            .diagnostics()
                            .into_iter()
                            .filter(|d| {
                                d.severity != Severity::Info
                                    || !matches!(
                                        d.code,
                                        Code::UserAgentCut
                                            | Code::UnsupportedDirective
                                            | Code::ValidatorRejects
                                    )
                            })
                            .map(|d| (d.code, d.message))
                            .collect::<Vec<_>>()
                    };
                    let (before, after) = (findings(text), findings(&out));
                    let new: Vec<_> = after.iter().filter(|f| !before.contains(f)).collect();
                    assert!(new.is_empty(), "new findings {new:?} in\n{out}");
                }
            }
        }
    }

    #[test]
    fn preferences_join_the_files_own_star_group_or_get_one() {
        let out = applied(FILES[1], AiPolicy::BlockTraining, true);
        assert!(out.contains("User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nContent-Usage: / train-ai=n\nDisallow: /private\n"), "{out}");
        assert_eq!(out.matches("User-agent: *").count(), 1, "{out}");
        let out = applied(FILES[2], AiPolicy::BlockAllAi, true);
        assert!(out.starts_with("\u{feff}# Block all AI crawlers"), "{out}");
        assert!(out.contains("User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nContent-Usage: / train-ai=n\nAllow: /\n"), "{out}");
        // The usage preferences then apply to a search crawler's URLs.
        let robots = Robots::parse(out.as_bytes());
        let usage = FetchedRobots::new(&robots, FetchOutcome::FETCHED).usage(
            &Crawler::new("Bingbot-unknown"),
            "https://example.com/a",
            &CheckOptions::default(),
        );
        assert!(usage.content_signal.is_some() && usage.content_usage.is_some());
    }

    #[test]
    fn the_tokens_are_the_presets_of_each_purpose() {
        let training = blocked_tokens(AiPolicy::BlockTraining);
        assert!(training.contains(&"GPTBot") && !training.contains(&"Googlebot"));
        let all = blocked_tokens(AiPolicy::BlockAllAi);
        assert!(all.len() > training.len());
        assert!(all.iter().all(|t| !t.eq_ignore_ascii_case("googlebot")));
        assert_eq!(
            AiPolicy::from_key("block-all-ai"),
            Some(AiPolicy::BlockAllAi)
        );
    }
}
