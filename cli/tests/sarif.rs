//! `lint --format sarif` is valid SARIF 2.1.0: its output is checked
//! against the schema vendored in `tests/schema/sarif-schema-2.1.0.json`,
//! taken unchanged from the OASIS SARIF TC's repository
//! (https://github.com/oasis-tcs/sarif-spec, file
//! sarif-2.1/schema/sarif-schema-2.1.0.json; the schema's own id is
//! https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json).

mod support;

use serde_json::Value;
use support::{fixtures, run_in};

fn schema() -> jsonschema::Validator {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/schema/sarif-schema-2.1.0.json");
    let text = std::fs::read_to_string(path).expect("the vendored schema is readable");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::draft4::new(&schema).expect("the schema compiles")
}

fn sarif_of(args: &[&str]) -> Value {
    let run = run_in(&fixtures(), args, b"");
    assert!(run.status == 0 || run.status == 1, "{}", run.stderr_text());
    serde_json::from_slice(&run.stdout).expect("one JSON document")
}

fn errors(validator: &jsonschema::Validator, log: &Value) -> Vec<String> {
    validator.iter_errors(log).map(|e| e.to_string()).collect()
}

#[test]
fn lint_findings_are_valid_sarif() {
    let validator = schema();
    for args in [
        &[
            "lint",
            "--format",
            "sarif",
            "messy.txt",
            "html.txt",
            "utf16.txt",
        ][..],
        &["lint", "--format", "sarif", "basic.txt"],
        &["lint", "--format", "sarif", "--mode", "rfc9309", "rfc.txt"],
    ] {
        let log = sarif_of(args);
        assert_eq!(errors(&validator, &log), Vec::<String>::new(), "{args:?}");
    }
}

#[test]
fn the_schema_check_rejects_what_is_not_sarif() {
    let validator = schema();
    let mut log = sarif_of(&["lint", "--format", "sarif", "messy.txt"]);
    assert!(errors(&validator, &log).is_empty());
    log["runs"][0]["results"][0]["level"] = Value::from("fatal");
    assert!(!errors(&validator, &log).is_empty());
    log["version"] = Value::from("2.0");
    assert!(!errors(&validator, &log).is_empty());
}

#[test]
fn every_finding_is_a_result_in_the_right_place() {
    let log = sarif_of(&["lint", "--format", "sarif", "messy.txt", "html.txt"]);
    let json = run_in(
        &fixtures(),
        &["lint", "--json", "messy.txt", "html.txt"],
        b"",
    );
    let findings: Vec<Value> = json
        .stdout_text()
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect();
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), findings.len());
    for (result, finding) in results.iter().zip(&findings) {
        assert_eq!(result["ruleId"], finding["code"]);
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], finding["file"]);
        if finding["line"] == 0 {
            assert!(location.get("region").is_none());
        } else {
            assert_eq!(location["region"]["startLine"], finding["line"]);
            assert_eq!(location["region"]["startColumn"], finding["column"]);
        }
    }
}
