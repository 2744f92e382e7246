//! The conformance tables under tests/data, checked natively. The npm package's tests read the
//! same files.
//!
//! Every case is read into a struct that refuses unknown keys, so a misspelled key
//! (`"sugestion"`) fails the suite instead of silently skipping its check; every key a struct
//! declares is either checked here or documentation (`source`, read into `_source`). The
//! `dead_code` lint is left on, so a key declared but never checked fails clippy.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::{format_with, is_valid, validate, Convention, Diagnostic, Options, Parts};
use serde::de::{DeserializeOwned, Deserializer};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::fs;
use std::str::FromStr;

mod support;

fn load<T: DeserializeOwned>(name: &str) -> T {
    let path = format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("tests/data/{name}.json: {e}"))
}

/// A key that may be absent, or present with `null`: `None`, `Some(None)`, `Some(Some(_))`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A string parsed with `FromStr` (a convention or provider id).
fn parsed<'de, D: Deserializer<'de>, T: FromStr>(d: D) -> Result<T, D::Error>
where
    T::Err: Display,
{
    String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
}

/// A convention's table (mcp.json, chora.json, …).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConventionTable {
    convention: String,
    cases: Vec<NameCase>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NameCase {
    name: String,
    valid: bool,
    errors: Vec<String>,
    warnings: Vec<String>,
    /// Absent: not checked; `null`: no suggestion.
    #[serde(default, deserialize_with = "present")]
    suggestion: Option<Option<String>>,
    /// Absent: not checked; `null`: no parts (an invalid name).
    #[serde(default, deserialize_with = "present")]
    parts: Option<Value>,
    /// The messages of the errors then the warnings, in order.
    #[serde(default)]
    messages: Option<Vec<String>>,
    /// UTF-16 `[start, end]` of the errors then the warnings.
    #[serde(default)]
    spans: Option<Vec<[usize; 2]>>,
    #[serde(default, deserialize_with = "support::options")]
    options: Options,
    #[serde(default, rename = "source")]
    _source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases<T> {
    cases: Vec<T>,
}

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
        let table: ConventionTable = load(conv.id());
        assert_eq!(table.convention, conv.id(), "tests/data/{}.json names another convention", conv.id());
        for case in &table.cases {
            total += 1;
            let name = case.name.as_str();
            let opts = &case.options;
            let report = validate(name, conv, opts);
            let mut fail =
                |what: String| failures.push(format!("{conv} {:?}: {what}", name.chars().take(60).collect::<String>()));
            if report.is_valid() != case.valid {
                fail(format!("valid {} expected {} ({:?})", report.is_valid(), case.valid, codes(&report.errors)));
            }
            if is_valid(name, conv, opts) != report.is_valid() {
                fail("is_valid disagrees with validate".into());
            }
            if codes(&report.errors) != case.errors {
                fail(format!("errors {:?} expected {:?}", codes(&report.errors), case.errors));
            }
            if codes(&report.warnings) != case.warnings {
                fail(format!("warnings {:?} expected {:?}", codes(&report.warnings), case.warnings));
            }
            if let Some(expected) = &case.suggestion {
                if report.suggestion != *expected {
                    fail(format!("suggestion {:?} expected {expected:?}", report.suggestion));
                }
            }
            if let Some(expected) = &case.parts {
                let got = report.parts.as_ref().map_or(Value::Null, parts_json);
                if got != *expected {
                    fail(format!("parts {got} expected {expected}"));
                }
            }
            let all: Vec<&Diagnostic> = report.errors.iter().chain(&report.warnings).collect();
            if let Some(messages) = &case.messages {
                for (i, m) in messages.iter().enumerate() {
                    let got = all.get(i).map(|d| d.message.as_str());
                    if got != Some(m.as_str()) {
                        fail(format!("message {i}: {got:?}\n   expected {m:?}"));
                    }
                }
            }
            if let Some(spans) = &case.spans {
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UriCase {
    uri: String,
    valid: bool,
    errors: Vec<String>,
    #[serde(default, deserialize_with = "present")]
    suggestion: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    parts: Option<Value>,
    #[serde(default)]
    messages: Option<Vec<String>>,
    #[serde(default, deserialize_with = "support::options")]
    options: Options,
    #[serde(default, rename = "source")]
    _source: Option<String>,
}

#[test]
fn resource_uris() {
    use mcp_naming::{format_resource_uri, validate_resource_uri};
    let data: Cases<UriCase> = load("uri");
    let mut failures = Vec::new();
    for case in &data.cases {
        let uri = case.uri.as_str();
        let report = validate_resource_uri(uri, case.options.expected_namespace.as_deref());
        if codes(&report.errors) != case.errors || report.is_valid() != case.valid {
            failures.push(format!("{uri}: errors {:?} expected {:?}", codes(&report.errors), case.errors));
        }
        if let Some(expected) = &case.suggestion {
            if report.suggestion != *expected {
                failures.push(format!("{uri}: suggestion {:?} expected {expected:?}", report.suggestion));
            }
        }
        if let Some(messages) = &case.messages {
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
        if let Some(expected) = &case.parts {
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SlugCase {
    slug: String,
    #[serde(default)]
    namespace: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default, rename = "source")]
    _source: Option<String>,
}

#[test]
fn namespaces_from_slugs() {
    use mcp_naming::namespace_from_slug;
    for case in load::<Cases<SlugCase>>("slug").cases {
        let slug = case.slug.as_str();
        match (namespace_from_slug(slug), &case.namespace, &case.error) {
            (Ok(ns), Some(expected), None) => assert_eq!(ns, *expected, "{slug}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{slug}"),
            (got, _, _) => panic!("{slug}: {got:?} against {case:?}"),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Providers {
    accepts: Vec<AcceptsCase>,
    fit: Vec<FitCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AcceptsCase {
    name: String,
    /// Every provider's answer, by id: compared as a whole, so a provider missing or misspelled fails.
    accepts: BTreeMap<String, bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FitCase {
    name: String,
    #[serde(deserialize_with = "parsed")]
    provider: mcp_naming::Provider,
    #[serde(default)]
    taken: Vec<String>,
    #[serde(default)]
    fitted: Option<String>,
    /// The name needs a hash: `prefix`, `_` and 8 hex digits.
    #[serde(default)]
    hashed: bool,
    #[serde(default)]
    prefix: Option<String>,
}

#[test]
fn providers_and_fitting() {
    use mcp_naming::{check_providers, fit};
    let data: Providers = load("providers");
    for case in &data.accepts {
        let name = case.name.as_str();
        let got: BTreeMap<String, bool> =
            check_providers(name).iter().map(|(p, ok)| (p.id().to_string(), *ok)).collect();
        assert_eq!(got, case.accepts, "{name:?}");
    }
    for case in &data.fit {
        let (name, provider) = (case.name.as_str(), case.provider);
        let taken: Vec<&str> = case.taken.iter().map(String::as_str).collect();
        let fitted = fit(name, provider, &taken);
        assert!(provider.accepts(&fitted), "{fitted:?} fails {provider}");
        assert!(!taken.contains(&fitted.as_str()), "{fitted:?} is taken");
        assert_eq!(fit(name, provider, &taken), fitted, "deterministic");
        if let Some(expected) = &case.fitted {
            assert_eq!(fitted, *expected, "{name:?}");
        }
        match (case.hashed, &case.prefix) {
            (true, Some(prefix)) => {
                assert_eq!(&fitted[..fitted.len() - 9], prefix, "{name:?}");
                let tail = &fitted[fitted.len() - 9..];
                assert!(tail.starts_with('_') && tail[1..].bytes().all(|b| b.is_ascii_hexdigit()), "{fitted}");
            }
            (false, None) => assert!(case.fitted.is_some(), "{case:?}: neither fitted nor hashed: nothing checked"),
            _ => panic!("{case:?}: `hashed` and `prefix` go together"),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConvertCase {
    name: String,
    #[serde(deserialize_with = "parsed")]
    from: Convention,
    #[serde(deserialize_with = "parsed")]
    to: Convention,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    error: Option<String>,
    /// With `error`: the exact message.
    #[serde(default)]
    message: Option<String>,
    #[serde(default, deserialize_with = "support::options")]
    options: Options,
    #[serde(default, rename = "source")]
    _source: Option<String>,
}

#[test]
fn conversions() {
    use mcp_naming::convert;
    let mut failures = Vec::new();
    for case in load::<Cases<ConvertCase>>("convert").cases {
        let (name, from, to) = (case.name.as_str(), case.from, case.to);
        let got = convert(name, from, to, &case.options);
        let ok = match (&got, &case.result, &case.error) {
            (Ok(text), Some(r), None) => text == r,
            (Err(e), None, Some(code)) => {
                e.code.as_str() == code && case.message.as_ref().is_none_or(|m| *m == e.message)
            }
            _ => false,
        };
        if !ok {
            failures.push(format!("{name} {from}->{to}: {got:?} expected {case:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleCase {
    rule: String,
    /// With `matches`: a name the rule is tried on.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    matches: Option<bool>,
    /// Instead of `name` and `matches`: the rule itself is refused with this code.
    #[serde(default)]
    error: Option<String>,
}

#[test]
fn claude_permission_rules() {
    use mcp_naming::PermissionRule as Rule;
    for case in load::<Cases<RuleCase>>("claude-rules").cases {
        match (Rule::parse(&case.rule), &case.name, case.matches, &case.error) {
            (Ok(r), Some(name), Some(matches), None) => assert_eq!(r.matches(name), matches, "{case:?}"),
            (Err(e), None, None, Some(code)) => assert_eq!(e.code.as_str(), code, "{case:?}"),
            (got, ..) => panic!("{case:?}: {got:?}"),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct SyntropyFiles {
    tool_state: Vec<ToolStateCase>,
    allow_list: Vec<AllowCase>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ToolStateCase {
    #[serde(deserialize_with = "support::tool_state")]
    state: mcp_naming::syntropy::ToolState,
    errors: Vec<String>,
    #[serde(default)]
    enabled: BTreeMap<String, bool>,
    #[serde(default, rename = "source")]
    _source: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AllowCase {
    allow: Vec<String>,
    errors: Vec<String>,
}

#[test]
fn syntropy_files() {
    use mcp_naming::syntropy::check_allow_list;
    let data: SyntropyFiles = load("syntropy-files");
    let opts = Options::default();
    for case in &data.tool_state {
        assert_eq!(codes(&case.state.check(&opts)), case.errors, "{case:?}");
        for (name, on) in &case.enabled {
            assert_eq!(case.state.is_enabled(name), *on, "{name}");
        }
    }
    for case in &data.allow_list {
        assert_eq!(codes(&check_allow_list(&case.allow, &opts)), case.errors, "{case:?}");
    }
}
