//! Diagnostics at scale: the worker's findings grouped by code (and
//! severity), counted, filtered by severity, the findings that change
//! verdicts first, and "fix all of this kind" as one edit.
//!
//! Pure functions of the findings the lint worker sends
//! ([`super::analysis`]). Which findings change verdicts is the library's
//! answer (`Code::changes_verdicts`, carried by each [`Finding`]), and a
//! group's fixes become one edit through the library's [`combined_fix`],
//! the same splicing `robotstxt lint --fix` does.

use robots_matcher::tools::lint::{combined_fix, Fix, Severity};

use super::analysis::{Edit, Finding};

/// Findings of one code and severity (a code can carry two: Noindex is a
/// warning, Crawl-delay an info, both `unsupported-directive`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagnosticGroup {
    /// Their code.
    pub code: String,
    /// Their severity.
    pub severity: Severity,
    /// Whether they change verdicts (the library's answer for the code).
    pub changes_verdicts: bool,
    /// Indices into the findings, in their order (by line).
    pub items: Vec<usize>,
    /// How many of them have a fix.
    pub fixes: usize,
}

/// The groups of `findings` of severity `only` (every severity when
/// `None`): the findings that change verdicts first, then by severity,
/// then by the first line they are on. Linear in the findings.
pub fn group_diagnostics(findings: &[Finding], only: Option<Severity>) -> Vec<DiagnosticGroup> {
    let mut groups: Vec<DiagnosticGroup> = Vec::new();
    for (i, d) in findings.iter().enumerate() {
        if only.is_some_and(|severity| severity != d.severity) {
            continue;
        }
        // At most a few dozen groups (one per code and severity).
        let at = match groups
            .iter()
            .position(|g| g.code == d.code && g.severity == d.severity)
        {
            Some(at) => at,
            None => {
                groups.push(DiagnosticGroup {
                    code: d.code.clone(),
                    severity: d.severity,
                    changes_verdicts: d.changes_verdicts,
                    items: Vec::new(),
                    fixes: 0,
                });
                groups.len() - 1
            }
        };
        let group = &mut groups[at];
        group.items.push(i);
        group.fixes += usize::from(d.fix.is_some());
    }
    // Six ranks: bucketed rather than sorted (a sort of its own would add
    // about 3 KB to the app); within a rank, in order of first finding.
    let mut ranked = Vec::with_capacity(groups.len());
    for changes_verdicts in [true, false] {
        for severity in [Severity::Error, Severity::Warning, Severity::Info] {
            ranked.extend(
                groups
                    .iter()
                    .filter(|g| g.changes_verdicts == changes_verdicts && g.severity == severity)
                    .cloned(),
            );
        }
    }
    ranked
}

/// How many findings have each severity: errors, warnings, infos.
pub fn severity_counts(findings: &[Finding]) -> [usize; 3] {
    let mut counts = [0; 3];
    for d in findings {
        counts[match d.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Info => 2,
        }] += 1;
    }
    counts
}

/// Every fix of the findings of `code` and `severity` in `text` (the text
/// they were found in) as one edit, which the editor's undo takes back at
/// once.
pub fn fix_all(text: &str, findings: &[Finding], code: &str, severity: Severity) -> Option<Edit> {
    let fixes: Vec<Fix> = findings
        .iter()
        .filter(|d| d.code == code && d.severity == severity)
        .filter_map(|d| d.fix.clone().map(Fix::from))
        .collect();
    let mut edit = Edit::from(combined_fix(text.as_bytes(), &fixes)?);
    edit.title = format!("Fix every {code}");
    Some(edit)
}

/// The severity filter's options: its key, and the severity it keeps.
pub const SEVERITY_FILTERS: [(&str, Option<Severity>); 4] = [
    ("all", None),
    ("error", Some(Severity::Error)),
    ("warning", Some(Severity::Warning)),
    ("info", Some(Severity::Info)),
];

#[cfg(test)]
mod tests {
    use robots_matcher::Mode;

    use super::*;
    use crate::view_model::analysis::lint;

    const FILE: &str = "User-agent: *\nNoindex: /a\nDisallow: /CREATIVE TEST/\nNoindex: /b\nCrawl-delay: 5\nDissallow: /x\nDisallow: /my page/\nNoindex: /c\n";

    fn findings(text: &str) -> Vec<Finding> {
        lint(text, Mode::Google, true)
    }

    #[test]
    fn groups_count_by_code_and_severity_with_verdict_changes_first() {
        let all = findings(FILE);
        let groups = group_diagnostics(&all, None);
        let summary: Vec<(&str, Severity, bool, usize)> = groups
            .iter()
            .map(|g| {
                (
                    g.code.as_str(),
                    g.severity,
                    g.changes_verdicts,
                    g.items.len(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("pattern-needs-encoding", Severity::Warning, true, 2),
                ("typo-accepted", Severity::Warning, true, 1),
                ("unsupported-directive", Severity::Warning, false, 3),
                ("unsupported-directive", Severity::Info, false, 1),
            ]
        );
        let lines: Vec<u32> = groups[2].items.iter().map(|&i| all[i].line).collect();
        assert_eq!(lines, [2, 4, 8]);
        assert_eq!(
            groups.iter().map(|g| g.items.len()).sum::<usize>(),
            all.len()
        );
        assert_eq!(severity_counts(&all), [0, 6, 1]);
        // The filter keeps one severity.
        let infos = group_diagnostics(&all, Some(Severity::Info));
        assert_eq!(infos.len(), 1);
        assert_eq!(infos[0].items.len(), 1);
        assert!(group_diagnostics(&all, Some(Severity::Error)).is_empty());
    }

    #[test]
    fn fixing_all_of_a_kind_is_one_edit_that_removes_them() {
        let all = findings(FILE);
        let code = "pattern-needs-encoding";
        let group = &group_diagnostics(&all, None)[0];
        assert_eq!((group.code.as_str(), group.fixes), (code, 2));
        let fix = fix_all(FILE, &all, code, Severity::Warning).unwrap();
        let mut fixed = FILE.to_string();
        fixed.replace_range(fix.span.clone(), &fix.replacement);
        assert!(fixed.contains("Disallow: /CREATIVE%20TEST/\n"), "{fixed}");
        assert!(fixed.contains("Disallow: /my%20page/\n"), "{fixed}");
        // Only that kind changed.
        assert!(fixed.contains("Dissallow: /x"));
        let after = findings(&fixed);
        assert!(after.iter().all(|d| d.code != code));
        assert_eq!(after.len(), all.len() - 2);
        assert_eq!(fix_all(FILE, &all, "bom", Severity::Info), None);
    }

    #[test]
    fn thousands_of_findings_group_in_linear_time() {
        let file = format!("User-agent: *\n{}", "Noindex: /x\n".repeat(20_000));
        let all = findings(&file);
        let groups = group_diagnostics(&all, None);
        assert_eq!(groups.len(), 1);
        assert_eq!(groups[0].items.len(), 20_000);
    }
}
