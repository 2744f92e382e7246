//! Every conformance file under tests/data read into typed structs that refuse unknown keys, so
//! a misspelled key (`"sugestion"`) fails the suite instead of silently skipping its check. The
//! runners (tests/*.rs natively, tests/js/*.mjs through the package) read the same files.
#![cfg(not(target_arch = "wasm32"))]
#![allow(dead_code)]

mod support;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

type Map = BTreeMap<String, Value>;

fn read<T: DeserializeOwned>(file: &str) -> T {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// A naming convention's table (mcp.json, chora.json, …).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Conventions {
    convention: String,
    cases: Vec<NameCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameCase {
    name: String,
    valid: bool,
    errors: Vec<String>,
    warnings: Vec<String>,
    #[serde(default)]
    suggestion: Option<Value>,
    #[serde(default)]
    parts: Option<Value>,
    #[serde(default)]
    messages: Option<Vec<String>>,
    #[serde(default)]
    spans: Option<Vec<[usize; 2]>>,
    #[serde(default, deserialize_with = "support::opt_options")]
    options: Option<mcp_naming::Options>,
    #[serde(default)]
    source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Cases<T> {
    cases: Vec<T>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UriCase {
    uri: String,
    valid: bool,
    errors: Vec<String>,
    #[serde(default)]
    parts: Option<Value>,
    #[serde(default)]
    suggestion: Option<Value>,
    #[serde(default)]
    messages: Option<Vec<String>>,
    #[serde(default, deserialize_with = "support::opt_options")]
    options: Option<mcp_naming::Options>,
    #[serde(default)]
    source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleCase {
    rule: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    matches: Option<bool>,
    #[serde(default)]
    error: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConvertCase {
    name: String,
    from: String,
    to: String,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    error: Option<String>,
    /// With `error`: the exact message.
    #[serde(default)]
    message: Option<String>,
    #[serde(default, deserialize_with = "support::opt_options")]
    options: Option<mcp_naming::Options>,
    #[serde(default)]
    source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SlugCase {
    slug: String,
    #[serde(default)]
    namespace: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    source: Option<String>,
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
    accepts: Map,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FitCase {
    name: String,
    provider: String,
    #[serde(default)]
    fitted: Option<String>,
    #[serde(default)]
    taken: Option<Vec<String>>,
    #[serde(default)]
    hashed: Option<bool>,
    #[serde(default)]
    prefix: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SyntropyFiles {
    #[serde(rename = "toolState")]
    tool_state: Vec<ToolStateCase>,
    #[serde(rename = "allowList")]
    allow_list: Vec<AllowCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ToolStateCase {
    state: Value,
    errors: Vec<String>,
    #[serde(default)]
    enabled: Option<Map>,
    #[serde(default)]
    source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AllowCase {
    allow: Vec<String>,
    errors: Vec<String>,
}

/// One shape for the small OpenProject and registry tables: every key they use, each optional,
/// so a key outside this list fails.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataCase {
    #[serde(default)]
    text: Option<Value>,
    #[serde(default)]
    iso: Option<Value>,
    #[serde(default)]
    items: Option<Value>,
    #[serde(default)]
    page: Option<Value>,
    #[serde(default)]
    out: Option<Value>,
    #[serde(default)]
    href: Option<Value>,
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    link: Option<Value>,
    #[serde(default)]
    status: Option<Value>,
    #[serde(default)]
    details: Option<Value>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    query: Option<Value>,
    #[serde(default)]
    index: Option<Value>,
    #[serde(default)]
    key: Option<Value>,
    #[serde(default)]
    name: Option<Value>,
    #[serde(default)]
    names: Option<Value>,
    #[serde(default)]
    date: Option<Value>,
    #[serde(default)]
    profile: Option<Value>,
    #[serde(default)]
    descriptor: Option<Value>,
    #[serde(default)]
    request: Option<Value>,
    #[serde(default)]
    scopes: Option<Value>,
    #[serde(default)]
    errors: Option<Value>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    language: Option<Value>,
    #[serde(default)]
    ids: Option<Value>,
    #[serde(default)]
    path: Option<Value>,
    #[serde(default)]
    resolved: Option<Value>,
    #[serde(default)]
    root: Option<Value>,
    #[serde(default)]
    source: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenProjectData {
    durations: Vec<DataCase>,
    #[serde(rename = "formatDuration")]
    format_duration: Vec<DataCase>,
    pages: Vec<DataCase>,
    hrefs: Vec<DataCase>,
    links: Vec<DataCase>,
    errors: Vec<DataCase>,
    resolve: Resolve,
    #[serde(rename = "customFields")]
    custom_fields: Vec<DataCase>,
    registries: Vec<DataCase>,
    dates: Vec<DataCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resolve {
    candidates: Vec<Value>,
    cases: Vec<DataCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryData {
    profiles: Vec<DataCase>,
    descriptors: Vec<DataCase>,
    #[serde(rename = "forLanguage")]
    for_language: ForLanguage,
    requests: Vec<DataCase>,
    paths: Paths,
    roots: Vec<DataCase>,
    #[serde(rename = "fsWrite")]
    fs_write: Value,
    #[serde(rename = "astRefactor")]
    ast_refactor: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ForLanguage {
    descriptors: Vec<Value>,
    cases: Vec<DataCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Paths {
    root: String,
    cases: Vec<DataCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Router {
    scenarios: Vec<Scenario>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Scenario {
    title: String,
    config: Value,
    #[serde(default)]
    steps: Vec<Step>,
    #[serde(default)]
    config_error: Option<Vec<String>>,
    #[serde(default)]
    config_error_codes: Option<usize>,
    #[serde(default)]
    config_error_code: Option<String>,
    #[serde(default)]
    config_suggestions: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Step {
    #[serde(default)]
    route: Option<String>,
    #[serde(default)]
    to: Option<Value>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    expose: Option<Value>,
    #[serde(default)]
    names: Option<Vec<String>>,
    #[serde(default)]
    qualified: Option<Vec<String>>,
    #[serde(default)]
    suggestions: Option<Vec<String>>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    tools: Option<Vec<String>>,
    #[serde(default)]
    enabled: Option<String>,
    #[serde(default)]
    is: Option<bool>,
    #[serde(default)]
    expose_resource: Option<Value>,
    #[serde(default)]
    uri: Option<String>,
    #[serde(default)]
    route_resource: Option<String>,
    #[serde(default)]
    mcp: Option<String>,
    #[serde(default)]
    args: Option<Vec<Value>>,
    #[serde(default)]
    style: Option<String>,
    #[serde(default)]
    options: Option<Value>,
    #[serde(default)]
    max_length: Option<usize>,
    #[serde(default)]
    result: Option<Value>,
    #[serde(default)]
    rpc: Option<i32>,
    #[serde(default)]
    server: Option<String>,
}

#[test]
fn every_data_file_has_only_known_keys() {
    let conventions: Vec<Conventions> = ["mcp", "chora", "syntropy", "claude", "agent", "openproject", "registry"]
        .iter()
        .map(|c| read(&format!("{c}.json")))
        .collect();
    assert!(conventions.iter().map(|c| c.cases.len()).sum::<usize>() >= 235);
    let uri: Cases<UriCase> = read("uri.json");
    let rules: Cases<RuleCase> = read("claude-rules.json");
    let convert: Cases<ConvertCase> = read("convert.json");
    let slugs: Cases<SlugCase> = read("slug.json");
    let _: Providers = read("providers.json");
    let _: SyntropyFiles = read("syntropy-files.json");
    let _: OpenProjectData = read("openproject-data.json");
    let _: RegistryData = read("registry-data.json");
    let router: Router = read("router.json");
    assert!(uri.cases.len() >= 30 && rules.cases.len() >= 10 && convert.cases.len() >= 20 && slugs.cases.len() >= 10);
    assert!(router.scenarios.iter().map(|s| s.steps.len()).sum::<usize>() >= 130);
}

#[test]
fn a_misspelled_key_is_refused() {
    let text = r#"{ "name": "a", "valid": true, "errors": [], "warnings": [], "sugestion": "b" }"#;
    let err = serde_json::from_str::<NameCase>(text).err().expect("a misspelled key must fail");
    assert!(err.to_string().starts_with("unknown field `sugestion`"), "{err}");
}
