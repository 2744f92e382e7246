//! The conformance tables under tests/data, checked natively. The npm package's tests read the
//! same files.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::{format_with, is_valid, validate, Convention, Diagnostic, Options, Parts};
use serde_json::{json, Value};
use std::fs;

fn load(name: &str) -> Value {
    let path = format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap()
}

pub fn parts_json(parts: &Parts<'_>) -> Value {
    match *parts {
        Parts::Mcp { name } => json!({ "name": name }),
        Parts::Chora { namespace, tool } => json!({ "namespace": namespace, "tool": tool }),
        Parts::Syntropy { server, tool } => json!({ "server": server, "tool": tool }),
        Parts::Claude { server, tool } => json!({ "server": server, "tool": tool }),
        Parts::Agent { mcp, tool } => json!({ "mcp": mcp, "tool": tool }),
        Parts::OpenProject { action, entity } => json!({ "action": action, "entity": entity }),
        Parts::Registry { .. } => json!({ "segments": parts.segments().collect::<Vec<_>>() }),
        _ => panic!("parts of a convention this suite does not know yet: {parts:?}"),
    }
}

fn utf16(text: &str, byte: usize) -> usize {
    text[..byte].encode_utf16().count()
}

fn codes(list: &[Diagnostic]) -> Vec<&str> {
    list.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn conventions() {
    let mut failures = Vec::new();
    let mut total = 0;
    for conv in Convention::ALL {
        let data = load(conv.id());
        for case in data["cases"].as_array().unwrap() {
            total += 1;
            let name = case["name"].as_str().unwrap();
            let opts: Options = serde_json::from_value(case.get("options").cloned().unwrap_or(json!({}))).unwrap();
            let report = validate(name, conv, &opts);
            let mut fail =
                |what: String| failures.push(format!("{conv} {:?}: {what}", name.chars().take(60).collect::<String>()));
            if report.is_valid() != case["valid"].as_bool().unwrap() {
                fail(format!("valid {} expected {} ({:?})", report.is_valid(), case["valid"], codes(&report.errors)));
            }
            if is_valid(name, conv, &opts) != report.is_valid() {
                fail("is_valid disagrees with validate".into());
            }
            let errors: Vec<&str> = case["errors"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            if codes(&report.errors) != errors {
                fail(format!("errors {:?} expected {:?}", codes(&report.errors), errors));
            }
            let warnings: Vec<&str> =
                case["warnings"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
            if codes(&report.warnings) != warnings {
                fail(format!("warnings {:?} expected {:?}", codes(&report.warnings), warnings));
            }
            if let Some(expected) = case.get("suggestion") {
                let got = report.suggestion.as_deref().map_or(Value::Null, |s| json!(s));
                if &got != expected {
                    fail(format!("suggestion {got} expected {expected}"));
                }
            }
            if let Some(expected) = case.get("parts") {
                let got = report.parts.as_ref().map_or(Value::Null, parts_json);
                if &got != expected {
                    fail(format!("parts {got} expected {expected}"));
                }
            }
            let all: Vec<&Diagnostic> = report.errors.iter().chain(&report.warnings).collect();
            if let Some(messages) = case.get("messages").and_then(Value::as_array) {
                for (i, m) in messages.iter().enumerate() {
                    let got = all.get(i).map(|d| d.message.as_str());
                    if got != m.as_str() {
                        fail(format!("message {i}: {got:?}\n   expected {m}"));
                    }
                }
            }
            if let Some(spans) = case.get("spans").and_then(Value::as_array) {
                let got: Vec<Value> =
                    all.iter().map(|d| json!([utf16(name, d.span.start), utf16(name, d.span.end)])).collect();
                if &got != spans {
                    fail(format!("spans {got:?} expected {spans:?}"));
                }
            }
            if let Some(parts) = &report.parts {
                match format_with(parts, &opts) {
                    Ok(text) if text == name => {}
                    other => fail(format!("format(parse(x)) = {other:?}")),
                }
            }
            for d in all {
                if d.span.end > name.len() || d.span.start > d.span.end || !name.is_char_boundary(d.span.start) {
                    fail(format!("bad span {:?}", d.span));
                }
            }
        }
    }
    assert!(total >= 200, "only {total} cases");
    assert!(failures.is_empty(), "{} of {total} cases fail:\n{}", failures.len(), failures.join("\n"));
}

fn opts_of(case: &Value) -> Options {
    serde_json::from_value(case.get("options").cloned().unwrap_or(json!({}))).unwrap()
}

#[test]
fn resource_uris() {
    use mcp_naming::uri::{format_resource_uri, validate_resource_uri};
    let data = load("uri");
    let mut failures = Vec::new();
    for case in data["cases"].as_array().unwrap() {
        let uri = case["uri"].as_str().unwrap();
        let opts = opts_of(case);
        let report = validate_resource_uri(uri, opts.expected_namespace.as_deref());
        let errors: Vec<&str> = case["errors"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        if codes(&report.errors) != errors || report.is_valid() != case["valid"].as_bool().unwrap() {
            failures.push(format!("{uri}: errors {:?} expected {errors:?}", codes(&report.errors)));
        }
        if let Some(expected) = case.get("suggestion") {
            let got = report.suggestion.as_deref().map_or(Value::Null, |s| json!(s));
            if &got != expected {
                failures.push(format!("{uri}: suggestion {got} expected {expected}"));
            }
        }
        if let Some(messages) = case.get("messages").and_then(Value::as_array) {
            for (d, m) in report.errors.iter().zip(messages) {
                if d.message != m.as_str().unwrap() {
                    failures.push(format!("{uri}: message {:?} expected {m}", d.message));
                }
            }
        }
        if let Some(parts) = &report.parts {
            let query: serde_json::Map<String, Value> =
                parts.query.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
            let got = json!({ "namespace": parts.namespace, "type": parts.kind, "id": parts.id, "query": query });
            if let Some(expected) = case.get("parts") {
                if &got != expected {
                    failures.push(format!("{uri}: parts {got} expected {expected}"));
                }
            }
            // format(parse(x)) == x for the URIs whose query needs no new escapes.
            let formatted = format_resource_uri(parts).unwrap();
            if formatted != uri {
                failures.push(format!("{uri}: formats back as {formatted}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn namespaces_from_slugs() {
    use mcp_naming::convention::chora::namespace_from_slug;
    for case in load("slug")["cases"].as_array().unwrap() {
        let slug = case["slug"].as_str().unwrap();
        match (namespace_from_slug(slug), case.get("namespace"), case.get("error")) {
            (Ok(ns), Some(expected), None) => assert_eq!(ns, expected.as_str().unwrap(), "{slug}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code.as_str().unwrap(), "{slug}"),
            (got, _, _) => panic!("{slug}: {got:?} against {case}"),
        }
    }
}

#[test]
fn providers_and_fitting() {
    use mcp_naming::provider::{check_providers, fit, Provider};
    let data = load("providers");
    for case in data["accepts"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        for (p, ok) in check_providers(name) {
            assert_eq!(ok, case["accepts"][p.id()].as_bool().unwrap(), "{p} {name:?}");
        }
    }
    for case in data["fit"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let provider: Provider = case["provider"].as_str().unwrap().parse().unwrap();
        let taken: Vec<&str> = case
            .get("taken")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(|v| v.as_str().unwrap()).collect())
            .unwrap_or_default();
        let fitted = fit(name, provider, &taken);
        assert!(provider.accepts(&fitted), "{fitted:?} fails {provider}");
        assert!(!taken.contains(&fitted.as_str()), "{fitted:?} is taken");
        assert_eq!(fit(name, provider, &taken), fitted, "deterministic");
        if let Some(expected) = case.get("fitted") {
            assert_eq!(fitted, expected.as_str().unwrap(), "{name:?}");
        }
        if case.get("hashed").is_some() {
            let prefix = case["prefix"].as_str().unwrap();
            assert_eq!(&fitted[..fitted.len() - 9], prefix, "{name:?}");
            let tail = &fitted[fitted.len() - 9..];
            assert!(tail.starts_with('_') && tail[1..].bytes().all(|b| b.is_ascii_hexdigit()), "{fitted}");
        }
    }
}

#[test]
fn conversions() {
    use mcp_naming::convert;
    let mut failures = Vec::new();
    for case in load("convert")["cases"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let from: Convention = case["from"].as_str().unwrap().parse().unwrap();
        let to: Convention = case["to"].as_str().unwrap().parse().unwrap();
        let got = convert(name, from, to, &opts_of(case));
        let ok = match (&got, case.get("result"), case.get("error")) {
            (Ok(text), Some(r), None) => text == r.as_str().unwrap(),
            (Err(e), None, Some(code)) => e.code.as_str() == code.as_str().unwrap(),
            _ => false,
        };
        if !ok {
            failures.push(format!("{name} {from}->{to}: {got:?} expected {case}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn claude_permission_rules() {
    use mcp_naming::convention::claude::Rule;
    for case in load("claude-rules")["cases"].as_array().unwrap() {
        let rule = case["rule"].as_str().unwrap();
        match (Rule::parse(rule), case.get("error")) {
            (Ok(r), None) => {
                assert_eq!(r.matches(case["name"].as_str().unwrap()), case["matches"].as_bool().unwrap(), "{case}")
            }
            (Err(e), Some(code)) => assert_eq!(e.code.as_str(), code.as_str().unwrap()),
            (got, _) => panic!("{rule}: {got:?}"),
        }
    }
}

#[test]
fn syntropy_files() {
    use mcp_naming::convention::syntropy::{check_allow_list, ToolState};
    let data = load("syntropy-files");
    let opts = Options::default();
    for case in data["toolState"].as_array().unwrap() {
        let state: ToolState = serde_json::from_value(case["state"].clone()).unwrap();
        let problems = state.check(&opts);
        let expected: Vec<&str> = case["errors"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(codes(&problems), expected, "{case}");
        if let Some(enabled) = case.get("enabled").and_then(Value::as_object) {
            for (name, on) in enabled {
                assert_eq!(state.is_enabled(name), on.as_bool().unwrap(), "{name}");
            }
        }
    }
    for case in data["allowList"].as_array().unwrap() {
        let allow: Vec<String> = serde_json::from_value(case["allow"].clone()).unwrap();
        let expected: Vec<&str> = case["errors"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        assert_eq!(codes(&check_allow_list(&allow, &opts)), expected, "{case}");
    }
}
