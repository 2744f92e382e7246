//! OpenProject data conventions and the tool registry, from tests/data/openproject-data.json and
//! tests/data/registry-data.json (shared with the JS suite).
//!
//! Each table is read into its own structs that refuse unknown keys, so a misspelled key fails
//! the suite instead of silently skipping its check; every declared key is checked here, but for
//! `source` (documentation, read into `_source`). The `dead_code` lint is left on, so a key
//! declared but never checked fails clippy.
#![cfg(not(target_arch = "wasm32"))]

use mcp_naming::openproject as op;
use mcp_naming::registry as reg;
use mcp_naming::Json;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

fn load<T: DeserializeOwned>(name: &str) -> T {
    let path = format!("{}/tests/data/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("tests/data/{name}.json: {e}"))
}

fn to_json(v: &Value) -> Json {
    serde_json::from_value(v.clone()).unwrap()
}

fn pairs(list: &[mcp_naming::Diagnostic]) -> Vec<(String, String)> {
    list.iter().map(|d| (d.code.as_str().to_string(), d.path.clone().unwrap_or_default())).collect()
}

/// Documentation only: where a case comes from.
type Source = Option<String>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct OpenProjectData {
    durations: Vec<Duration>,
    format_duration: Vec<FormatDuration>,
    pages: Vec<PageCase>,
    hrefs: Vec<Href>,
    links: Vec<LinkCase>,
    errors: Vec<ErrorMessage>,
    resolve: Resolve,
    custom_fields: Vec<CustomField>,
    registries: Vec<Registry>,
    dates: Vec<DateCase>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Duration {
    text: String,
    iso: Option<String>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatDuration {
    iso: String,
    text: Option<String>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PageCase {
    items: usize,
    page: PageIn,
    out: Option<Value>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

/// What `pageEnvelope` takes: a key outside these would be ignored natively, refused in JS.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PageIn {
    offset: Option<f64>,
    page_size: Option<f64>,
    total: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Href {
    href: Option<String>,
    id: Option<u64>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkCase {
    link: LinkIn,
    out: Value,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkIn {
    href: Option<String>,
    title: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ErrorMessage {
    status: u32,
    details: Option<String>,
    message: Option<String>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resolve {
    candidates: Vec<CandidateIn>,
    cases: Vec<ResolveCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CandidateIn {
    name: String,
    identifier: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResolveCase {
    query: String,
    index: Option<usize>,
    error: Option<String>,
    message: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CustomField {
    key: String,
    name: Option<String>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Registry {
    names: Vec<String>,
    error: Option<String>,
    message: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DateCase {
    text: String,
    date: Option<Value>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[test]
fn openproject() {
    let data: OpenProjectData = load("openproject-data");
    for c in &data.durations {
        match (op::parse_duration(&c.text), &c.iso, &c.error) {
            (Ok(iso), Some(e), None) => assert_eq!(iso, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.format_duration {
        match (op::format_duration(&c.iso), &c.text, &c.error) {
            (Ok(t), Some(e), None) => assert_eq!(t, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.pages {
        let p = &c.page;
        match (op::page(c.items, p.offset, p.page_size, p.total), &c.out, &c.error) {
            (Ok(page), Some(out), None) => assert_eq!(
                json!({ "offset": page.offset, "page_size": page.page_size, "total": page.total, "next_offset": page.next_offset }),
                *out,
                "{c:?}"
            ),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.hrefs {
        assert_eq!(op::id_from_href(c.href.as_deref()), c.id, "{c:?}");
    }
    for c in &data.links {
        let l = op::link_value(c.link.href.as_deref(), c.link.title.as_deref());
        assert_eq!(json!({ "id": l.id, "title": l.title, "restricted": l.restricted }), c.out, "{c:?}");
    }
    for c in &data.errors {
        match (op::error_message(c.status, c.details.as_deref()), &c.message, &c.error) {
            (Ok(m), Some(e), None) => assert_eq!(m, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    let candidates: Vec<op::Candidate<'_>> = data
        .resolve
        .candidates
        .iter()
        .map(|c| op::Candidate { name: &c.name, identifier: c.identifier.as_deref() })
        .collect();
    for c in &data.resolve.cases {
        match (op::resolve_by_name(&c.query, &candidates), c.index, &c.error) {
            (Ok(i), Some(e), None) if c.message.is_none() => assert_eq!(i, e, "{c:?}"),
            (Err(e), None, Some(code)) => {
                assert_eq!(e.code.as_str(), code, "{c:?}");
                if let Some(m) = &c.message {
                    assert_eq!(e.message, *m);
                }
            }
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.custom_fields {
        match (op::custom_field_name(&c.key), &c.name, &c.error) {
            (Ok(n), Some(e), None) => assert_eq!(n, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.registries {
        let names: Vec<&str> = c.names.iter().map(String::as_str).collect();
        match (op::check_tool_registry(&names), &c.error, &c.message) {
            (Ok(()), None, None) => {}
            (Err(e), Some(code), Some(message)) => {
                assert_eq!(e.code.as_str(), code, "{c:?}");
                assert_eq!(e.message, *message);
            }
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.dates {
        match (op::parse_date(&c.text), &c.date, &c.error) {
            (Ok(d), Some(e), None) => {
                assert_eq!(json!({ "year": d.year, "month": d.month, "day": d.day }), *e, "{c:?}")
            }
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RegistryData {
    profiles: Vec<Profile>,
    descriptors: Vec<Descriptor>,
    for_language: ForLanguage,
    requests: Vec<Request>,
    paths: Paths,
    roots: Vec<Root>,
    /// The descriptors requests name by their tool id.
    fs_write: Value,
    ast_refactor: Value,
}

/// A diagnostic as `[code, path]` (path `""` for none).
type Pair = (String, String);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Profile {
    profile: Value,
    errors: Vec<Pair>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Descriptor {
    descriptor: Value,
    errors: Vec<Pair>,
    /// The first error's message.
    message: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ForLanguage {
    descriptors: Vec<Value>,
    cases: Vec<LanguageCase>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LanguageCase {
    language: String,
    ids: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// A descriptor, or the tool id of `fsWrite` or `astRefactor`.
    descriptor: Value,
    request: Value,
    scopes: Vec<String>,
    errors: Vec<Pair>,
    /// The first error's message.
    message: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Paths {
    root: String,
    cases: Vec<PathCase>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PathCase {
    path: String,
    resolved: Option<String>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Root {
    root: String,
    /// `x` when absent: the root alone is refused.
    path: Option<String>,
    resolved: Option<String>,
    error: Option<String>,
    #[serde(rename = "source")]
    _source: Source,
}

/// Checks the first error's message, when the case gives one.
fn first_message(errors: &[mcp_naming::Diagnostic], message: &Option<String>, case: &dyn std::fmt::Debug) {
    if let Some(m) = message {
        assert_eq!(errors.first().map(|d| d.message.as_str()), Some(m.as_str()), "{case:?}");
    }
}

#[test]
fn registry() {
    let data: RegistryData = load("registry-data");
    for c in &data.profiles {
        assert_eq!(pairs(&reg::validate_language_profile(&to_json(&c.profile))), c.errors, "{c:?}");
    }
    for c in &data.descriptors {
        let errors = reg::validate_tool_descriptor(&to_json(&c.descriptor));
        assert_eq!(pairs(&errors), c.errors, "{c:?}");
        first_message(&errors, &c.message, c);
    }
    let all: Vec<Json> = data.for_language.descriptors.iter().map(to_json).collect();
    for c in &data.for_language.cases {
        let ids: Vec<&str> = reg::tools_for_language(&all, &c.language)
            .into_iter()
            .map(|i| all[i].get("tool_id").and_then(Json::as_str).unwrap())
            .collect();
        assert_eq!(ids, c.ids, "{c:?}");
    }
    for c in &data.requests {
        let descriptor = match &c.descriptor {
            Value::String(s) if s == "fs.write" => to_json(&data.fs_write),
            Value::String(s) if s == "edit.ast.apply_refactor" => to_json(&data.ast_refactor),
            Value::String(s) => panic!("{c:?}: no descriptor {s:?} (fs.write or edit.ast.apply_refactor)"),
            d => to_json(d),
        };
        let errors = reg::check_execute_request(&descriptor, &to_json(&c.request), &c.scopes);
        assert_eq!(pairs(&errors), c.errors, "{c:?}");
        first_message(&errors, &c.message, c);
    }
    let root = data.paths.root.as_str();
    assert!(data.paths.cases.len() >= 30, "only {} traversal cases", data.paths.cases.len());
    for c in &data.paths.cases {
        match (reg::resolve_workspace_path(root, &c.path), &c.resolved, &c.error) {
            (Ok(p), Some(e), None) => assert_eq!(p, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
    for c in &data.roots {
        match (reg::resolve_workspace_path(&c.root, c.path.as_deref().unwrap_or("x")), &c.resolved, &c.error) {
            (Ok(p), Some(e), None) => assert_eq!(p, *e, "{c:?}"),
            (Err(e), None, Some(code)) => assert_eq!(e.code.as_str(), code, "{c:?}"),
            (got, ..) => panic!("{c:?}: {got:?}"),
        }
    }
}
