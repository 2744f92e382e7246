//! The conformance tables under tests/data/cases, checked natively. The npm package's tests read
//! the same files (tests/js/conformance.test.mjs).
//!
//! Every case is read by the one typed loader (tests/support/data.rs), which refuses unknown
//! keys, so a misspelled key (`"sugestion"`) fails the suite instead of silently skipping its
//! check. Each case is destructured here key by key, so a key the loader declares is either
//! checked or named as documentation (`source: _`): a key added to a struct and not checked here
//! fails to compile.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::{format_with, is_valid, validate, Convention, Diagnostic, Parts};
use serde_json::{json, Value};
use std::collections::BTreeMap;

mod support;

use support::data::{
    self, AcceptsCase, AllowCase, ConvertCase, FitCase, NameCase, RuleCase, SlugCase, ToolStateCase, UriCase,
};

/// Parts as the packages show them: their `Serialize` form.
pub fn parts_json(parts: &Parts<'_>) -> Value {
    serde_json::to_value(parts).unwrap()
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
        let table = data::convention(conv);
        assert_eq!(table.convention, conv.id(), "{} names another convention", data::convention_path(conv));
        for case in &table.cases {
            total += 1;
            let NameCase {
                name,
                valid,
                errors,
                warnings,
                suggestion,
                parts,
                messages,
                spans,
                options: opts,
                source: _,
            } = case;
            let name = name.as_str();
            let report = validate(name, conv, opts);
            let mut fail =
                |what: String| failures.push(format!("{conv} {:?}: {what}", name.chars().take(60).collect::<String>()));
            if report.is_valid() != *valid {
                fail(format!("valid {} expected {valid} ({:?})", report.is_valid(), codes(&report.errors)));
            }
            if is_valid(name, conv, opts) != report.is_valid() {
                fail("is_valid disagrees with validate".into());
            }
            if codes(&report.errors) != *errors {
                fail(format!("errors {:?} expected {errors:?}", codes(&report.errors)));
            }
            if codes(&report.warnings) != *warnings {
                fail(format!("warnings {:?} expected {warnings:?}", codes(&report.warnings)));
            }
            if let Some(expected) = suggestion {
                if report.suggestion != *expected {
                    fail(format!("suggestion {:?} expected {expected:?}", report.suggestion));
                }
            }
            if let Some(expected) = parts {
                let got = report.parts.as_ref().map_or(Value::Null, parts_json);
                if got != *expected {
                    fail(format!("parts {got} expected {expected}"));
                }
            }
            let all: Vec<&Diagnostic> = report.errors.iter().chain(&report.warnings).collect();
            if let Some(messages) = messages {
                for (i, m) in messages.iter().enumerate() {
                    let got = all.get(i).map(|d| d.message.as_str());
                    if got != Some(m.as_str()) {
                        fail(format!("message {i}: {got:?}\n   expected {m:?}"));
                    }
                }
            }
            if let Some(spans) = spans {
                let got: Vec<[usize; 2]> =
                    all.iter().map(|d| [utf16(name, d.span.start), utf16(name, d.span.end)]).collect();
                if got != *spans {
                    fail(format!("spans {got:?} expected {spans:?}"));
                }
            }
            if let Some(parts) = &report.parts {
                match format_with(parts, opts) {
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

#[test]
fn resource_uris() {
    use mcp_naming::{format_resource_uri, validate_resource_uri};
    let data = data::uri();
    let mut failures = Vec::new();
    for case in &data.cases {
        let UriCase { uri, valid, errors, suggestion, parts, messages, options, source: _ } = case;
        let uri = uri.as_str();
        let report = validate_resource_uri(uri, options.expected_namespace.as_deref());
        if codes(&report.errors) != *errors || report.is_valid() != *valid {
            failures.push(format!("{uri}: errors {:?} expected {errors:?}", codes(&report.errors)));
        }
        if let Some(expected) = suggestion {
            if report.suggestion != *expected {
                failures.push(format!("{uri}: suggestion {:?} expected {expected:?}", report.suggestion));
            }
        }
        if let Some(messages) = messages {
            if messages.len() > report.errors.len() {
                failures.push(format!("{uri}: {} messages expected, {} errors", messages.len(), report.errors.len()));
            }
            for (d, m) in report.errors.iter().zip(messages) {
                if d.message != *m {
                    failures.push(format!("{uri}: message {:?} expected {m:?}", d.message));
                }
            }
        }
        let got = report.parts.as_ref().map_or(Value::Null, |parts| {
            let query: serde_json::Map<String, Value> =
                parts.query.iter().map(|(k, v)| (k.clone(), json!(v))).collect();
            json!({ "namespace": parts.namespace, "type": parts.kind, "id": parts.id, "query": query })
        });
        if let Some(expected) = parts {
            if got != *expected {
                failures.push(format!("{uri}: parts {got} expected {expected}"));
            }
        }
        if let Some(parts) = &report.parts {
            // format(parse(x)) == x for the URIs whose query needs no new escapes.
            let formatted = format_resource_uri(parts).unwrap();
            if formatted != uri {
                failures.push(format!("{uri}: formats back as {formatted}"));
            }
        }
    }
    assert!(data.cases.len() >= 30, "only {} URI cases", data.cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn namespaces_from_slugs() {
    use mcp_naming::namespace_from_slug;
    for case in data::slugs().cases {
        let SlugCase { slug, namespace, error, source: _ } = &case;
        match (namespace_from_slug(slug), namespace, error) {
            (Ok(ns), Some(expected), None) => assert_eq!(ns, *expected, "{slug}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{slug}"),
            (got, _, _) => panic!("{slug}: {got:?} against {case:?}"),
        }
    }
}

#[test]
fn providers_and_fitting() {
    use mcp_naming::{check_providers, fit};
    let data = data::providers();
    for AcceptsCase { name, accepts } in &data.accepts {
        let got: BTreeMap<String, bool> =
            check_providers(name).iter().map(|(p, ok)| (p.id().to_string(), *ok)).collect();
        assert_eq!(got, *accepts, "{name:?}");
    }
    for case in &data.fit {
        let FitCase { name, provider, taken, fitted: expected, hashed, prefix } = case;
        let (name, provider) = (name.as_str(), *provider);
        let taken: Vec<&str> = taken.iter().map(String::as_str).collect();
        let fitted = fit(name, provider, &taken);
        assert!(provider.accepts(&fitted), "{fitted:?} fails {provider}");
        assert!(!taken.contains(&fitted.as_str()), "{fitted:?} is taken");
        assert_eq!(fit(name, provider, &taken), fitted, "deterministic");
        if let Some(expected) = expected {
            assert_eq!(fitted, *expected, "{name:?}");
        }
        match (hashed, prefix) {
            (true, Some(prefix)) => {
                assert_eq!(&fitted[..fitted.len() - 9], prefix, "{name:?}");
                let tail = &fitted[fitted.len() - 9..];
                assert!(tail.starts_with('_') && tail[1..].bytes().all(|b| b.is_ascii_hexdigit()), "{fitted}");
            }
            (false, None) => assert!(expected.is_some(), "{case:?}: neither fitted nor hashed: nothing checked"),
            _ => panic!("{case:?}: `hashed` and `prefix` go together"),
        }
    }
}

#[test]
fn conversions() {
    use mcp_naming::convert;
    let mut failures = Vec::new();
    for case in data::conversions().cases {
        let ConvertCase { name, from, to, result, error, message, options, source: _ } = &case;
        let got = convert(name, *from, *to, options);
        let ok = match (&got, result, error) {
            (Ok(text), Some(r), None) => text == r,
            (Err(e), None, Some(code)) => e.code.as_str() == code && message.as_ref().is_none_or(|m| *m == e.message),
            _ => false,
        };
        if !ok {
            failures.push(format!("{name} {from}->{to}: {got:?} expected {case:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn claude_permission_rules() {
    use mcp_naming::PermissionRule as Rule;
    for case in data::claude_rules().cases {
        let RuleCase { rule, name, matches, error } = &case;
        match (Rule::parse(rule), name, matches, error) {
            (Ok(r), Some(name), Some(matches), None) => assert_eq!(r.matches(name), *matches, "{case:?}"),
            (Err(e), None, None, Some(code)) => assert_eq!(e.code.as_str(), code, "{case:?}"),
            (got, ..) => panic!("{case:?}: {got:?}"),
        }
    }
}

#[test]
fn syntropy_files() {
    use mcp_naming::syntropy::check_allow_list;
    let data = data::syntropy_files();
    let opts = mcp_naming::Options::default();
    for case in &data.tool_state {
        let ToolStateCase { state, errors, enabled, source: _ } = case;
        assert_eq!(codes(&state.check(&opts)), *errors, "{case:?}");
        for (name, on) in enabled {
            assert_eq!(state.is_enabled(name), *on, "{name}");
        }
    }
    for case in &data.allow_list {
        let AllowCase { allow, errors } = case;
        assert_eq!(codes(&check_allow_list(allow, &opts)), *errors, "{case:?}");
    }
}
