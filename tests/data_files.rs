//! The test data as a whole: every file under tests/data is claimed by exactly one loader
//! (tests/support/data.rs) and loads into its typed structs, unknown keys refused; the JSON
//! Schema the JS suites check the same files with (tests/data/golden/schema.json) is derived
//! from those structs and kept fresh here (`MCP_NAMING_BLESS=1 cargo test --test data_files`
//! rewrites it).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::Path;

mod support;

use support::data::{self, NameCase, Step};

fn walk(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path.strip_prefix(data::DIR).unwrap().to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn every_file_is_claimed_by_exactly_one_loader_and_loads() {
    let files = data::files();
    let mut claims: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &files {
        *claims.entry(f.path.as_str()).or_default() += 1;
    }
    // The schema is claimed by the test below, which writes it.
    *claims.entry(data::SCHEMA).or_default() += 1;
    let mut on_disk = Vec::new();
    walk(Path::new(data::DIR), &mut on_disk);
    on_disk.sort();
    for path in &on_disk {
        match claims.get(path.as_str()) {
            Some(1) => {}
            Some(n) => panic!("tests/data/{path} is claimed {n} times"),
            None => panic!("tests/data/{path}: no loader claims it: add it to tests/support/data.rs"),
        }
        let top = path.split('/').next().unwrap();
        assert!(
            ["cases", "fixtures", "golden"].contains(&top),
            "tests/data/{path}: not under cases/, fixtures/ or golden/"
        );
    }
    for path in claims.keys() {
        assert!(on_disk.iter().any(|p| p == path), "tests/data/{path} is claimed but missing");
    }
    let problems: Vec<String> = files.iter().filter_map(|f| (f.load)(&f.path).err()).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_misspelled_key_is_refused() {
    let text = r#"{ "name": "a", "valid": true, "errors": [], "warnings": [], "sugestion": "b" }"#;
    let err = serde_json::from_str::<NameCase>(text).expect_err("a misspelled key must fail");
    assert!(err.to_string().starts_with("unknown field `sugestion`"), "{err}");
    // In a step, the step's own shape says which key.
    let text = r#"{ "call": "route", "args": ["x"], "error": { "code": "unknown_tool", "sugestions": [] } }"#;
    let err = serde_json::from_str::<Step>(text).expect_err("a misspelled key in an error must fail");
    assert!(err.to_string().contains("unknown field `sugestions`"), "{err}");
    let text = r#"{ "call": "route", "args": ["x"], "result": {}, "eror": {} }"#;
    let err = serde_json::from_str::<Step>(text).expect_err("a misspelled key in a step must fail");
    assert!(err.to_string().contains("unknown field `eror`"), "{err}");
    let text = r#"{ "call": "route", "args": ["x"] }"#;
    let err = serde_json::from_str::<Step>(text).expect_err("a step expects something");
    assert!(err.to_string().contains("a step has `result` or `error`"), "{err}");
    let text = r#"{ "call": "route", "args": ["x"], "result": {}, "error": { "code": "unknown_tool" } }"#;
    let err = serde_json::from_str::<Step>(text).expect_err("a step expects one thing");
    assert!(err.to_string().contains("unknown field `result`"), "{err}");
}

#[test]
fn the_schema_is_derived_from_the_loader() {
    let schema = data::schema();
    // Every file has its schema, and a misspelled key is refused there too.
    let files = schema["files"].as_object().unwrap();
    assert_eq!(files.len(), data::files().len());
    let name_case = &schema["$defs"]["NameCase"];
    assert_eq!(name_case["additionalProperties"], false, "{name_case}");
    data::check_golden(data::SCHEMA, &data::golden_text(&schema));
}

#[test]
fn results_compare_exactly_or_on_the_named_keys() {
    use serde_json::json;
    use support::steps::compare;
    assert_eq!(compare(&json!({ "a": 1, "b": [2] }), &json!({ "a": 1.0, "b": [2] }), false, "r"), Ok(()));
    assert_eq!(
        compare(&json!({ "a": 1, "b": 2 }), &json!({ "a": 1 }), false, "r"),
        Err("r.b: not expected, got 2".into())
    );
    assert_eq!(compare(&json!({ "a": 1, "b": 2 }), &json!({ "a": 1 }), true, "r"), Ok(()));
    assert_eq!(
        compare(&json!([{ "a": 1 }, { "a": 2 }]), &json!([{ "a": 1 }]), true, "r"),
        Err("r: 2 items, expected 1".into())
    );
    assert_eq!(compare(&json!({}), &json!({ "a": null }), true, "r"), Err("r.a: missing, expected null".into()));
    assert_eq!(compare(&json!("1"), &json!(1), false, "r"), Err("r: \"1\", expected 1".into()));
}
