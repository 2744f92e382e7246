//! Every code, with one input from the conformance data that yields it: the table in the
//! README's "Codes" section is generated from tests/data/cases (and the client views' cases,
//! tests/peers/cited/clients.json) here, and must match it. A
//! code no case yields, or a code the README lists that no longer exists, fails the suite.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::Code;
use serde_json::{json, Value};
use std::collections::BTreeMap;

mod support;

use support::data;

/// Keys whose string value is the input a case checks, most telling first.
const INPUTS: &[&str] =
    &["name", "route", "uri", "text", "slug", "rule", "iso", "href", "key", "query", "path", "value"];

fn clip(s: &str) -> String {
    let s: String = s.chars().take(48).collect();
    s.replace('|', "\\|")
}

/// A short rendering of the input of the innermost case that has one.
fn example(ancestors: &[&Value], array: Option<&[Value]>, code: &str) -> String {
    // Registry cases list errors as [code, path]: the path says where.
    if let Some(pair) = array {
        if pair.len() == 2 && pair[0] == code {
            if let Some(path) = pair[1].as_str() {
                let kind = ancestors
                    .last()
                    .and_then(|o| o.as_object())
                    .and_then(|o| ["profile", "descriptor", "request"].into_iter().find(|k| o.contains_key(*k)));
                let kind = kind.unwrap_or("value");
                return if path.is_empty() {
                    format!("a {kind} as a whole (see the case)")
                } else {
                    format!("a {kind} with a bad `{path}`")
                };
            }
        }
    }
    // A client-view case (tests/peers/cited/clients.json): the server and its tools.
    if let Some(case) = ancestors.iter().rev().filter_map(|a| a.as_object()).find(|o| o.contains_key("shown")) {
        return format!(
            "server `{}`, tools `{}`",
            clip(case["server"].as_str().unwrap_or("")),
            clip(&case["tools"].to_string())
        );
    }
    // A code mode case (tests/data/cases/tools-as-code.json): its view, its first server's tools.
    if let Some(case) = ancestors
        .iter()
        .rev()
        .filter_map(|a| a.as_object())
        .find(|o| o.contains_key("servers") && o.contains_key("title"))
    {
        let view = case.get("view").and_then(Value::as_str).unwrap_or("mcp-naming");
        let first = &case["servers"][0];
        return format!(
            "view `{view}`, server `{}`, tools `{}`",
            clip(first["server"].as_str().unwrap_or("")),
            clip(&first["tools"].to_string())
        );
    }
    // A step of a scenario file: its call.
    if let Some(step) = ancestors.iter().rev().filter_map(|a| a.as_object()).find(|o| o.contains_key("call")) {
        let args = step["args"].to_string();
        return format!("`{}({})`", step["call"].as_str().unwrap_or(""), clip(&args[1..args.len() - 1]));
    }
    // A router configuration refused: `new Router(config)`.
    if let Some(s) = ancestors.iter().rev().filter_map(|a| a.as_object()).find(|o| o.contains_key("config")) {
        return format!("`new Router({})`", clip(&s["config"].to_string()));
    }
    let Some(o) = ancestors.last().and_then(|a| a.as_object()) else { return "—".to_string() };
    for k in INPUTS {
        if let Some(v) = o.get(*k).and_then(Value::as_str) {
            return format!("`{}`", clip(&serde_json::to_string(v).unwrap()));
        }
    }
    const EXPECTED: &[&str] = &[
        "errors",
        "warnings",
        "error",
        "code",
        "source",
        "message",
        "messages",
        "suggestion",
        "suggestions",
        "valid",
        "items",
    ];
    if let Some((k, v)) = o.iter().find(|(k, _)| !EXPECTED.contains(&k.as_str()) && *k != "title") {
        if k != "steps" && k != "config" {
            return format!("{k} `{}`", clip(&v.to_string()));
        }
    }
    if let Some(t) = o.get("title").and_then(Value::as_str) {
        return format!("scenario \"{}\"", clip(t));
    }
    "—".to_string()
}

fn walk<'v>(v: &'v Value, ancestors: &mut Vec<&'v Value>, file: &str, found: &mut BTreeMap<String, (String, String)>) {
    match v {
        Value::Object(o) => {
            ancestors.push(v);
            for (k, child) in o {
                // Documentation, and the inputs of scenario steps: no code is yielded there.
                if matches!(
                    k.as_str(),
                    "title" | "about" | "source" | "message" | "messages" | "note" | "args" | "config"
                ) {
                    continue;
                }
                match child {
                    Value::String(s) if s.parse::<Code>().is_ok() && !found.contains_key(s) => {
                        found.insert(s.clone(), (file.to_string(), example(ancestors, None, s)));
                    }
                    Value::Array(items) => {
                        for item in items {
                            match item {
                                Value::String(s) if s.parse::<Code>().is_ok() && !found.contains_key(s) => {
                                    found.insert(s.clone(), (file.to_string(), example(ancestors, None, s)));
                                }
                                Value::Array(pair) => {
                                    if let Some(s) = pair.first().and_then(Value::as_str) {
                                        if s.parse::<Code>().is_ok() && !found.contains_key(s) {
                                            found.insert(
                                                s.to_string(),
                                                (file.to_string(), example(ancestors, Some(pair), s)),
                                            );
                                        }
                                    }
                                }
                                other => walk(other, ancestors, file, found),
                            }
                        }
                    }
                    other => walk(other, ancestors, file, found),
                }
            }
            ancestors.pop();
        }
        Value::Array(items) => items.iter().for_each(|i| walk(i, ancestors, file, found)),
        _ => {}
    }
}

fn table() -> String {
    // The cases only: fixtures expect nothing, and golden files list every code by name.
    let mut files: Vec<String> = data::files()
        .into_iter()
        .filter(|f| f.path.starts_with("cases/"))
        .map(|f| format!("tests/data/{}", f.path))
        .collect();
    files.sort();
    // The client views' codes come from their cited cases.
    files.push("tests/peers/cited/clients.json".into());
    let mut found = BTreeMap::new();
    for name in &files {
        let text = std::fs::read_to_string(format!("{}/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let v: Value = serde_json::from_str(&text).unwrap();
        walk(&v, &mut Vec::new(), name, &mut found);
    }
    let mut out = String::from("| code | one input that yields it | conformance data |\n| --- | --- | --- |\n");
    let mut missing = Vec::new();
    for c in Code::ALL {
        match found.get(c.as_str()) {
            Some((file, ex)) => out.push_str(&format!("| `{}` | {ex} | `{file}` |\n", c.as_str())),
            None => missing.push(c.as_str()),
        }
    }
    assert!(missing.is_empty(), "codes no conformance case yields: {missing:?}");
    out
}

#[test]
fn readme_lists_every_code_with_an_input_from_the_data() {
    let generated = table();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let (begin, end) = ("<!-- codes:begin -->\n", "<!-- codes:end -->");
    let start = readme.find(begin).expect("README has a codes table") + begin.len();
    let stop = readme[start..].find(end).expect("the codes table ends") + start;
    if readme[start..stop] != generated {
        let out = concat!(env!("CARGO_MANIFEST_DIR"), "/target/codes-table.md");
        std::fs::write(out, &generated).unwrap();
        panic!("README's codes table differs from the conformance data: the generated table is in {out}");
    }
}

#[test]
fn codes_parse_back() {
    for c in Code::ALL {
        assert_eq!(c.as_str().parse::<Code>().unwrap(), *c);
    }
    assert_eq!("no_such_code".parse::<Code>().unwrap_err().message, "\"no_such_code\" is not a code");
}

/// The tables the npm package builds from the core at init, as data: tests/js/tables.test.mjs
/// checks the package against the same file, so the two views cannot drift apart. The file is
/// golden: written from the core here (`MCP_NAMING_BLESS=1` rewrites it).
#[test]
fn tables_match_the_golden_file() {
    use mcp_naming::Convention;
    use mcp_naming::Provider;
    let conventions: serde_json::Map<String, Value> =
        Convention::ALL.iter().map(|c| (c.id().to_string(), json!(c.part_names()))).collect();
    let tables = json!({
        "conventions": conventions,
        "providers": Provider::ALL.iter().map(|p| p.id()).collect::<Vec<_>>(),
        "codes": Code::ALL.iter().map(|c| c.as_str()).collect::<Vec<_>>(),
    });
    data::check_golden("golden/tables.json", &data::golden_text(&tables));
}
