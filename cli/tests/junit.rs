//! `test --format junit` is valid JUnit XML: its output is checked with
//! `xmllint --schema` against the schema vendored in
//! `tests/schema/junit-10.xsd`, taken unchanged from the Jenkins xUnit
//! plugin (https://github.com/jenkinsci/xunit-plugin, file
//! src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd,
//! last changed in commit ae25da5089d4f94ac6c4669bf736e4d416cc4665 and
//! read at 8c515de2804b3fd591a3b0f1ff8908a1b1a41887, xunit-3.1.6; MIT
//! licence, in the file's header). It is the schema Jenkins validates JUnit
//! reports with, and the shape GitLab, GitHub test reporters and Azure
//! read.
//!
//! `xmllint` is Debian's `libxml2-utils`, which `scripts/test` installs;
//! without it the check says so and passes, except under CI. (No crate
//! validates XSD in pure Rust yet: `xmlschema` 0.0.14 misreads this
//! schema's repeated choice and mixed content, and the `libxml` bindings
//! need libclang at build time; measured 2026-11-25.)

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::{run, run_in};

fn schema() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schema/junit-10.xsd")
}

fn scratch() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("robotstxt-junit");
    std::fs::create_dir_all(&dir).expect("the temporary directory can be created");
    dir
}

/// xmllint's verdict on `xml` (`Ok` when valid, else its complaint), or
/// `None` when xmllint is not installed outside CI.
fn validate(name: &str, xml: &[u8]) -> Option<Result<(), String>> {
    let path = scratch().join(format!("{name}.xml"));
    std::fs::write(&path, xml).expect("the report can be written");
    match Command::new("xmllint")
        .arg("--noout")
        .arg("--schema")
        .arg(schema())
        .arg(&path)
        .output()
    {
        Ok(out) if out.status.success() => Some(Ok(())),
        Ok(out) => Some(Err(String::from_utf8_lossy(&out.stderr).into_owned())),
        Err(_) if std::env::var_os("CI").is_none() => {
            println!("xmllint is not installed: the JUnit reports are not validated");
            None
        }
        Err(error) => panic!("xmllint is needed under CI ({error}); scripts/test installs it"),
    }
}

fn junit_of(robots: &str, expectations: &str, extra: &[&str]) -> Vec<u8> {
    let mut args = vec!["test", "--robots", robots, "--format", "junit"];
    args.extend_from_slice(extra);
    args.push(expectations);
    let out = run(&args, b"");
    assert!(out.status == 0 || out.status == 1, "{}", out.stderr_text());
    out.stdout
}

#[test]
fn reports_are_valid_junit() {
    for (name, report) in [
        ("passing", junit_of("basic.txt", "expectations.txt", &[])),
        (
            "failing",
            junit_of("ai.txt", "expectations-failing.txt", &[]),
        ),
        (
            "fetch-404",
            junit_of("basic.txt", "expectations.txt", &["--fetch-status", "404"]),
        ),
        (
            "rfc",
            junit_of("rfc.txt", "expectations-modes.txt", &["--mode", "rfc9309"]),
        ),
    ] {
        if let Some(verdict) = validate(name, &report) {
            assert_eq!(verdict, Ok(()), "{name}");
        }
    }
}

#[test]
fn markup_and_control_characters_stay_valid() {
    let dir = scratch();
    std::fs::write(dir.join("robots.txt"), "User-agent: *\nDisallow: /a\n").unwrap();
    std::fs::write(
        dir.join("odd.txt"),
        "Foo&Bar<\"x\" allowed /a?b=1&c=<x>'\u{1}'\n\u{feff}Googlebot disallowed /caf\u{e9}]]>\n",
    )
    .unwrap();
    let out = run_in(
        &dir,
        &[
            "test",
            "--robots",
            "robots.txt",
            "--format",
            "junit",
            "odd.txt",
        ],
        b"",
    );
    assert_eq!(out.status, 1, "{}", out.stderr_text());
    let text = out.stdout_text();
    assert!(
        text.contains("Foo&amp;Bar&lt;&quot;x&quot; allowed"),
        "{text}"
    );
    assert!(text.contains("\\u{1}"), "{text}");
    if let Some(verdict) = validate("odd", &out.stdout) {
        assert_eq!(verdict, Ok(()));
    }
}

#[test]
fn the_schema_check_rejects_what_is_not_junit() {
    let report = String::from_utf8(junit_of("ai.txt", "expectations-failing.txt", &[])).unwrap();
    let Some(valid) = validate("reference", report.as_bytes()) else {
        return;
    };
    assert_eq!(valid, Ok(()));
    for (name, broken) in [
        (
            "no-name",
            report.replacen("<testcase name=", "<testcase title=", 1),
        ),
        (
            "no-counts",
            report.replacen(" failures=\"5\" errors=\"0\" skipped", " skipped", 1),
        ),
        (
            "stray",
            report.replacen("</testsuite>", "<verdict/></testsuite>", 1),
        ),
    ] {
        assert_ne!(broken, report, "{name}");
        assert!(
            validate(name, broken.as_bytes()).unwrap().is_err(),
            "{name}"
        );
    }
}

#[test]
fn every_check_is_a_testcase_and_every_failure_names_its_rule() {
    let report = String::from_utf8(junit_of("ai.txt", "expectations-failing.txt", &[])).unwrap();
    let json = run(
        &[
            "test",
            "--robots",
            "ai.txt",
            "--json",
            "expectations-failing.txt",
        ],
        b"",
    );
    let rows: Vec<serde_json::Value> = json
        .stdout_text()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(report.matches("<testcase ").count(), rows.len());
    let failing = rows.iter().filter(|r| r["passed"] == false).count();
    assert_eq!(report.matches("<failure ").count(), failing);
    assert!(report.contains(r#"tests="8" failures="5""#));
    for row in rows.iter().filter(|r| r["passed"] == false) {
        let rule = row["deciding_text"].as_str().unwrap();
        assert!(
            report.contains(&format!("ai.txt:{}: {rule}<", row["deciding_line"])),
            "{rule}"
        );
    }
}
