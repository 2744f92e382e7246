//! The test data under tests/data, typed: one struct per kind of file, each refusing unknown
//! keys, so a misspelled key (`"sugestion"`) fails the suite instead of silently skipping its
//! check. Every native runner reads the data through the functions here; the JS suites read the
//! same files through tests/js/data.mjs, which checks each one against the JSON Schema derived
//! from these structs (tests/data/golden/schema.json, kept fresh by tests/data_files.rs): the
//! shapes are written once, here.
//!
//! The directory tells inputs from outputs:
//! - `cases/`: conformance tables and scenarios, inputs with the outputs expected of them
//!   (`cases/conventions/<id>.json`: one table per convention);
//! - `fixtures/`: inputs with no expectations of their own;
//! - `golden/`: outputs a build reproduces byte for byte; `MCP_NAMING_BLESS=1 cargo test`
//!   rewrites them.
//!
//! Values the crate reads itself (options, tool-state files) go through the crate's readers
//! ([`super::options`], [`super::tool_state`]), as the packages read them.

use mcp_naming::syntropy::ToolState;
use mcp_naming::{Convention, Options, Provider};
use schemars::generate::{SchemaGenerator, SchemaSettings};
use schemars::{json_schema, JsonSchema, Schema};
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::str::FromStr;

/// tests/data.
pub const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// The JSON Schema of every file, derived from the structs here (see [`schema`]).
pub const SCHEMA: &str = "golden/schema.json";

/// Reads `path` (under tests/data) into `T`, naming the file, line and column of a problem.
pub fn load<T: DeserializeOwned>(path: &str) -> T {
    try_load(path).unwrap_or_else(|e| panic!("{e}"))
}

/// As [`load`], the problem as an error.
pub fn try_load<T: DeserializeOwned>(path: &str) -> Result<T, String> {
    let text = std::fs::read_to_string(format!("{DIR}/{path}")).map_err(|e| format!("tests/data/{path}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("tests/data/{path}: {e}"))
}

/// A file of test data: its path, how it loads, its schema.
pub struct DataFile {
    /// Under tests/data.
    pub path: String,
    /// Reads it into its struct.
    pub load: fn(&str) -> Result<(), String>,
    /// Its struct's schema, its definitions added to the generator.
    pub schema: fn(&mut SchemaGenerator) -> Schema,
}

fn file<T: DeserializeOwned + JsonSchema>(path: impl Into<String>) -> DataFile {
    DataFile { path: path.into(), load: |p| try_load::<T>(p).map(drop), schema: |g| g.subschema_for::<T>() }
}

macro_rules! files {
    ($($(#[$doc:meta])* $name:ident: $ty:ty = $path:literal;)*) => {
        $(
            $(#[$doc])*
            pub fn $name() -> $ty {
                load($path)
            }
        )*

        /// Every file with a struct, by path: the convention tables, then the others.
        pub fn files() -> Vec<DataFile> {
            let mut all: Vec<DataFile> =
                Convention::ALL.iter().map(|c| file::<ConventionTable>(convention_path(*c))).collect();
            all.extend([$(file::<$ty>($path)),*]);
            all.extend(router_paths().into_iter().map(file::<Scenarios>));
            all
        }
    };
}

files! {
    /// cases/uri.json.
    uri: UriTable = "cases/uri.json";
    /// cases/slug.json.
    slugs: SlugTable = "cases/slug.json";
    /// cases/convert.json.
    conversions: ConvertTable = "cases/convert.json";
    /// cases/claude-rules.json.
    claude_rules: RuleTable = "cases/claude-rules.json";
    /// cases/providers.json.
    providers: Providers = "cases/providers.json";
    /// cases/syntropy-files.json.
    syntropy_files: SyntropyFiles = "cases/syntropy-files.json";
    /// cases/openproject-data.json.
    openproject_data: OpenProjectData = "cases/openproject-data.json";
    /// cases/registry-data.json.
    registry_data: RegistryData = "cases/registry-data.json";
    /// cases/keys.json.
    keys: Scenarios = "cases/keys.json";
    /// cases/revision-2026.json.
    revision_2026: Scenarios = "cases/revision-2026.json";
    /// cases/tools-as-code.json.
    codemode: CodeModeData = "cases/tools-as-code.json";
    /// fixtures/typical-names.json.
    typical_names: TypicalNames = "fixtures/typical-names.json";
    /// fixtures/everything-tools-list.json.
    everything_tools_list: Captured = "fixtures/everything-tools-list.json";
    /// fixtures/mcp-catalog.json.
    mcp_catalog: McpCatalog = "fixtures/mcp-catalog.json";
    /// golden/tables.json.
    tables: Tables = "golden/tables.json";
    /// cases/bad-input.json.
    bad_inputs: BadInputs = "cases/bad-input.json";
    /// golden/bad-input.json.
    bad_answers: BadAnswers = "golden/bad-input.json";
}

/// The router scenarios' directory: one file per topic, every one read by each runner.
pub const ROUTER_DIR: &str = "cases/router";

/// The router scenario files (under tests/data), in name order: every `.json` of [`ROUTER_DIR`].
pub fn router_paths() -> Vec<String> {
    let dir = format!("{DIR}/{ROUTER_DIR}");
    let mut paths: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .map(|name| format!("{ROUTER_DIR}/{name}"))
        .collect();
    paths.sort();
    paths
}

/// Every router scenario file, by path.
pub fn router() -> Vec<(String, Scenarios)> {
    router_paths()
        .into_iter()
        .map(|path| {
            let file = load(&path);
            (path, file)
        })
        .collect()
}

/// Where a convention's table is.
pub fn convention_path(c: Convention) -> String {
    format!("cases/conventions/{}.json", c.id())
}

/// A convention's table.
pub fn convention(c: Convention) -> ConventionTable {
    load(&convention_path(c))
}

/// The JSON Schema of the test data: `files` gives each file's schema by path, `$defs` the
/// structs'. tests/js/data.mjs checks every file it loads against it.
pub fn schema() -> Value {
    let mut generator = SchemaSettings::draft2020_12().with(|s| s.meta_schema = None).into_generator();
    let files: Map<String, Value> =
        files().iter().map(|f| (f.path.clone(), (f.schema)(&mut generator).to_value())).collect();
    let mut out = Map::new();
    out.insert(
        "about".into(),
        Value::String(
            "The JSON Schema of every file under tests/data, derived from the structs of tests/support/data.rs \
             (generated: MCP_NAMING_BLESS=1 cargo test --test data_files rewrites it). tests/js/data.mjs checks \
             each file it loads against its schema here."
                .into(),
        ),
    );
    out.insert("files".into(), Value::Object(files));
    out.insert("$defs".into(), Value::Object(generator.take_definitions(true)));
    Value::Object(out)
}

/// JSON as the golden files write it: one space per level, a newline at the end.
pub fn golden_text(value: &Value) -> String {
    use serde::Serialize;
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, serde_json::ser::PrettyFormatter::with_indent(b" "));
    value.serialize(&mut ser).unwrap();
    String::from_utf8(out).unwrap() + "\n"
}

/// Checks the golden file `path` holds `expected`; with `MCP_NAMING_BLESS=1`, writes it.
pub fn check_golden(path: &str, expected: &str) {
    let full = format!("{DIR}/{path}");
    if std::env::var_os("MCP_NAMING_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&full, expected).unwrap();
        return;
    }
    let got = std::fs::read_to_string(&full).unwrap_or_default();
    if got != expected {
        let first = got.lines().zip(expected.lines()).position(|(a, b)| a != b).map_or_else(
            || format!("{} lines against {}", got.lines().count(), expected.lines().count()),
            |i| {
                format!(
                    "line {}: {:?} against a fresh {:?}",
                    i + 1,
                    got.lines().nth(i).unwrap(),
                    expected.lines().nth(i).unwrap()
                )
            },
        );
        panic!("tests/data/{path} is stale ({first}): MCP_NAMING_BLESS=1 cargo test rewrites it");
    }
}

// ----- Readers of single values -----

/// A key that may be absent, or present with `null`: `None`, `Some(None)`, `Some(Some(_))`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A string parsed with `FromStr` (a convention or provider id).
fn parsed<'de, D: Deserializer<'de>, T: FromStr>(d: D) -> Result<T, D::Error>
where
    T::Err: Display,
{
    String::deserialize(d)?.parse().map_err(D::Error::custom)
}

fn opt_parsed<'de, D: Deserializer<'de>, T: FromStr>(d: D) -> Result<Option<T>, D::Error>
where
    T::Err: Display,
{
    parsed(d).map(Some)
}

/// The schema of a convention id: one of the core's.
fn convention_id(_: &mut SchemaGenerator) -> Schema {
    let ids: Vec<&str> = Convention::ALL.iter().map(|c| c.id()).collect();
    json_schema!({ "type": "string", "enum": ids })
}

/// The schema of a provider id: one of the core's.
fn provider_id(_: &mut SchemaGenerator) -> Schema {
    let ids: Vec<&str> = Provider::ALL.iter().map(|p| p.id()).collect();
    json_schema!({ "type": "string", "enum": ids })
}

/// An options object, as [`Options::from_json`] reads it.
type OptionsJson = Map<String, Value>;

// ----- cases/conventions/<id>.json -----

/// A convention's table.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConventionTable {
    /// The convention's id, as the file's name says.
    #[schemars(schema_with = "convention_id")]
    pub convention: String,
    /// Names and what validating each gives.
    pub cases: Vec<NameCase>,
}

/// A name validated in the table's convention.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NameCase {
    /// The name.
    pub name: String,
    /// Whether it is valid.
    pub valid: bool,
    /// The errors' codes, in order.
    pub errors: Vec<String>,
    /// The warnings' codes, in order.
    pub warnings: Vec<String>,
    /// Absent: not checked; `null`: no suggestion.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub suggestion: Option<Option<String>>,
    /// The parts, as the packages show them. Absent: not checked; `null`: no parts.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Value")]
    pub parts: Option<Value>,
    /// The messages of the errors then the warnings, in order (a prefix of them).
    #[serde(default)]
    pub messages: Option<Vec<String>>,
    /// UTF-16 `[start, end]` of the errors then the warnings.
    #[serde(default)]
    pub spans: Option<Vec<[usize; 2]>>,
    /// The options validated with.
    #[serde(default, deserialize_with = "super::options")]
    #[schemars(with = "OptionsJson")]
    pub options: Options,
    /// Documentation: where the case comes from.
    #[serde(default)]
    pub source: Option<String>,
}

// ----- cases/uri.json -----

/// Resource URIs.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UriTable {
    /// URIs and what validating each gives.
    pub cases: Vec<UriCase>,
}

/// A resource URI validated.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UriCase {
    /// The URI.
    pub uri: String,
    /// Whether it is valid.
    pub valid: bool,
    /// The errors' codes, in order.
    pub errors: Vec<String>,
    /// Absent: not checked; `null`: no suggestion.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Option<String>")]
    pub suggestion: Option<Option<String>>,
    /// `{ namespace, type, id, query }`. Absent: not checked; `null`: no parts.
    #[serde(default, deserialize_with = "present")]
    #[schemars(with = "Value")]
    pub parts: Option<Value>,
    /// The errors' messages, in order (a prefix of them).
    #[serde(default)]
    pub messages: Option<Vec<String>>,
    /// The options (`expectedNamespace`).
    #[serde(default, deserialize_with = "super::options")]
    #[schemars(with = "OptionsJson")]
    pub options: Options,
    /// Documentation: where the case comes from.
    #[serde(default)]
    pub source: Option<String>,
}

// ----- cases/slug.json -----

/// Namespaces from slugs.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SlugTable {
    /// Slugs and the namespace (or error) each gives.
    pub cases: Vec<SlugCase>,
}

/// A slug made a namespace: `namespace` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SlugCase {
    /// The slug.
    pub slug: String,
    /// The namespace it gives.
    #[serde(default)]
    pub namespace: Option<String>,
    /// The code of the error it gives instead.
    #[serde(default)]
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    #[serde(default)]
    pub source: Option<String>,
}

// ----- cases/convert.json -----

/// Conversions between conventions.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertTable {
    /// Names converted, and what each gives.
    pub cases: Vec<ConvertCase>,
}

/// A name converted: `result` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertCase {
    /// The name.
    pub name: String,
    /// Its convention.
    #[serde(deserialize_with = "parsed")]
    #[schemars(schema_with = "convention_id")]
    pub from: Convention,
    /// The convention converted to.
    #[serde(deserialize_with = "parsed")]
    #[schemars(schema_with = "convention_id")]
    pub to: Convention,
    /// The converted name.
    #[serde(default)]
    pub result: Option<String>,
    /// The code of the error instead.
    #[serde(default)]
    pub error: Option<String>,
    /// With `error`: the exact message.
    #[serde(default)]
    pub message: Option<String>,
    /// The options converted with.
    #[serde(default, deserialize_with = "super::options")]
    #[schemars(with = "OptionsJson")]
    pub options: Options,
    /// Documentation: where the case comes from.
    #[serde(default)]
    pub source: Option<String>,
}

// ----- cases/claude-rules.json -----

/// Claude Code permission rules.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleTable {
    /// Rules, each tried on a name or refused.
    pub cases: Vec<RuleCase>,
}

/// A rule tried on `name` (`matches`), or refused (`error`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleCase {
    /// The rule.
    pub rule: String,
    /// With `matches`: a name the rule is tried on.
    #[serde(default)]
    pub name: Option<String>,
    /// Whether the rule matches `name`.
    #[serde(default)]
    pub matches: Option<bool>,
    /// Instead of `name` and `matches`: the rule itself is refused with this code.
    #[serde(default)]
    pub error: Option<String>,
}

// ----- cases/providers.json -----

/// Model providers' name rules, and fitting names to them.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Providers {
    /// Which providers accept a name.
    pub accepts: Vec<AcceptsCase>,
    /// Names fitted to a provider.
    pub fit: Vec<FitCase>,
}

/// A name and every provider's answer.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AcceptsCase {
    /// The name.
    pub name: String,
    /// Every provider's answer, by id: compared as a whole, so a provider missing or misspelled fails.
    pub accepts: BTreeMap<String, bool>,
}

/// A name fitted to a provider: `fitted`, or `hashed` with `prefix`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FitCase {
    /// The name.
    pub name: String,
    /// The provider's id.
    #[serde(deserialize_with = "parsed")]
    #[schemars(schema_with = "provider_id")]
    pub provider: Provider,
    /// Names the fitted name must differ from.
    #[serde(default)]
    pub taken: Vec<String>,
    /// The fitted name.
    #[serde(default)]
    pub fitted: Option<String>,
    /// The name needs a hash: `prefix`, `_` and 8 hex digits.
    #[serde(default)]
    pub hashed: bool,
    /// With `hashed`: what comes before the hash.
    #[serde(default)]
    pub prefix: Option<String>,
}

// ----- cases/syntropy-files.json -----

/// Syntropy's tool-state and allow-list files.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SyntropyFiles {
    /// Tool-state files checked.
    pub tool_state: Vec<ToolStateCase>,
    /// Allow lists checked.
    pub allow_list: Vec<AllowCase>,
}

/// A tool-state file: its errors, and which names it enables.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolStateCase {
    /// The file, as [`ToolState::from_json`] reads it.
    #[serde(deserialize_with = "super::tool_state")]
    #[schemars(with = "Map<String, Value>")]
    pub state: ToolState,
    /// The errors' codes.
    pub errors: Vec<String>,
    /// Names, and whether the file enables each.
    #[serde(default)]
    pub enabled: BTreeMap<String, bool>,
    /// Documentation: where the case comes from.
    #[serde(default)]
    pub source: Option<String>,
}

/// An allow list and its errors' codes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AllowCase {
    /// The list.
    pub allow: Vec<String>,
    /// The errors' codes.
    pub errors: Vec<String>,
}

// ----- cases/openproject-data.json -----

/// OpenProject's data conventions.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct OpenProjectData {
    /// `parseDuration`.
    pub durations: Vec<Duration>,
    /// `formatDuration`.
    pub format_duration: Vec<FormatDuration>,
    /// `pageEnvelope`.
    pub pages: Vec<PageCase>,
    /// `idFromHref`.
    pub hrefs: Vec<Href>,
    /// `linkValue`.
    pub links: Vec<LinkCase>,
    /// `errorMessage`.
    pub errors: Vec<ErrorMessage>,
    /// `resolveByName`.
    pub resolve: Resolve,
    /// `customFieldName`.
    pub custom_fields: Vec<CustomField>,
    /// `checkToolRegistry`.
    pub registries: Vec<Registry>,
    /// `parseDate`.
    pub dates: Vec<DateCase>,
}

/// A duration parsed: `iso` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Duration {
    /// The text.
    pub text: String,
    /// The ISO 8601 duration it gives.
    pub iso: Option<String>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// An ISO 8601 duration formatted: `text` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormatDuration {
    /// The duration.
    pub iso: String,
    /// The text it gives.
    pub text: Option<String>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A page of `items` items: `out` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PageCase {
    /// How many items.
    pub items: usize,
    /// What `pageEnvelope` takes.
    pub page: PageIn,
    /// The envelope without its items.
    pub out: Option<Value>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// What `pageEnvelope` takes: a key outside these would be ignored natively, refused in JS.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PageIn {
    /// The first item.
    pub offset: Option<f64>,
    /// Items per page.
    pub page_size: Option<f64>,
    /// The collection's size.
    pub total: Option<f64>,
}

/// A HAL href and the id it ends with.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Href {
    /// The href (`null`: none).
    pub href: Option<String>,
    /// The id (`null`: none).
    pub id: Option<u64>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A HAL link made a value.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkCase {
    /// The link.
    pub link: LinkIn,
    /// `{ id, title, restricted }`.
    pub out: Value,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A HAL link.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkIn {
    /// Its href.
    pub href: Option<String>,
    /// Its title.
    pub title: Option<String>,
}

/// An HTTP status worded: `message` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrorMessage {
    /// The status.
    pub status: u32,
    /// The API's details.
    pub details: Option<String>,
    /// The message.
    pub message: Option<String>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// Names resolved among candidates.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Resolve {
    /// The candidates.
    pub candidates: Vec<CandidateIn>,
    /// Queries, and the candidate (or error) each gives.
    pub cases: Vec<ResolveCase>,
}

/// A candidate.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CandidateIn {
    /// Its name.
    pub name: String,
    /// Its identifier.
    pub identifier: Option<String>,
}

/// A query: the candidate's `index`, or `error` (with `message`).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResolveCase {
    /// The query.
    pub query: String,
    /// The candidate found.
    pub index: Option<usize>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// With `error`: its message.
    pub message: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A custom field's key made a name: `name` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CustomField {
    /// The key.
    pub key: String,
    /// The name.
    pub name: Option<String>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A tool registry: fine, or `error` with `message`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Registry {
    /// The tools' names.
    pub names: Vec<String>,
    /// The code of the error.
    pub error: Option<String>,
    /// Its message.
    pub message: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A date parsed: `date` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DateCase {
    /// The text.
    pub text: String,
    /// `{ year, month, day }`.
    pub date: Option<Value>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

// ----- cases/registry-data.json -----

/// The tool registry's profiles, descriptors, requests and workspace paths.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RegistryData {
    /// Language profiles checked.
    pub profiles: Vec<Profile>,
    /// Tool descriptors checked.
    pub descriptors: Vec<Descriptor>,
    /// Descriptors chosen by language.
    pub for_language: ForLanguage,
    /// Execution requests checked.
    pub requests: Vec<Request>,
    /// Paths resolved in one workspace (the traversal corpus).
    pub paths: Paths,
    /// Paths resolved in a workspace of their own.
    pub roots: Vec<Root>,
    /// The descriptor requests name by its tool id `fs.write`.
    pub fs_write: Value,
    /// The descriptor requests name by its tool id `edit.ast.apply_refactor`.
    pub ast_refactor: Value,
}

/// A diagnostic as `[code, path]` (path `""` for none).
pub type Pair = (String, String);

/// A language profile and its diagnostics.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The profile.
    pub profile: Value,
    /// Its diagnostics.
    pub errors: Vec<Pair>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A tool descriptor and its diagnostics.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Descriptor {
    /// The descriptor.
    pub descriptor: Value,
    /// Its diagnostics.
    pub errors: Vec<Pair>,
    /// The first error's message.
    pub message: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// Descriptors, and the tool ids each language gets.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForLanguage {
    /// The descriptors.
    pub descriptors: Vec<Value>,
    /// Languages and their tool ids.
    pub cases: Vec<LanguageCase>,
}

/// A language and its tools' ids.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LanguageCase {
    /// The language.
    pub language: String,
    /// The tools' ids, in order.
    pub ids: Vec<String>,
}

/// An execution request and its diagnostics.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// A descriptor, or the tool id of `fsWrite` or `astRefactor`.
    pub descriptor: Value,
    /// The request.
    pub request: Value,
    /// The caller's scopes.
    pub scopes: Vec<String>,
    /// Its diagnostics.
    pub errors: Vec<Pair>,
    /// The first error's message.
    pub message: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A workspace and paths in it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Paths {
    /// The workspace's root.
    pub root: String,
    /// Paths and what each resolves to.
    pub cases: Vec<PathCase>,
}

/// A path resolved: `resolved` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PathCase {
    /// The path.
    pub path: String,
    /// Where it resolves.
    pub resolved: Option<String>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A path in a workspace of its own: `resolved` or `error`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Root {
    /// The workspace's root.
    pub root: String,
    /// `x` when absent: the root alone is refused.
    pub path: Option<String>,
    /// Where it resolves.
    pub resolved: Option<String>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

// ----- cases/tools-as-code.json -----

/// Code mode's views, and the MCP Registry's server names, markers and prefixes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CodeModeData {
    /// What the file holds.
    pub about: String,
    /// Catalogs projected.
    pub views: Vec<CodeModeCase>,
    /// Registry server names validated.
    pub server_names: Vec<ServerNameCase>,
    /// README markers checked.
    pub markers: Vec<MarkerCase>,
    /// Registry names turned into prefixes.
    pub prefixes: Vec<PrefixCase>,
}

/// A catalog projected, and what comes out (or the code of the error).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CodeModeCase {
    /// What the case shows.
    pub title: String,
    /// `typescript` when absent.
    pub language: Option<String>,
    /// `object` when absent.
    pub layout: Option<String>,
    /// `mcp-naming` when absent.
    pub view: Option<String>,
    /// `[{ server, tools }]`, each tool a name or a tool object.
    pub servers: Vec<CodeModeServer>,
    /// The namespaces' identifiers.
    pub namespaces: Option<Vec<String>>,
    /// Per server, its tools' identifiers.
    pub names: Option<Vec<Vec<String>>>,
    /// Per server, its tools' paths.
    pub paths: Option<Vec<Vec<String>>>,
    /// Per server, per tool, the codes of its diagnostics.
    pub codes: Option<Vec<Vec<Vec<String>>>>,
    /// The codes of the catalog's diagnostics.
    pub top_codes: Option<Vec<String>>,
    /// Text the declarations hold.
    pub contains: Option<Vec<String>>,
    /// The code of the error instead.
    pub error: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A server of a code mode case.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CodeModeServer {
    /// Its name.
    pub server: String,
    /// Its tools: names, or tool objects.
    pub tools: Vec<Value>,
}

/// A registry server name and its verdict.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ServerNameCase {
    /// The name.
    pub name: String,
    /// Whether it is valid.
    pub valid: bool,
    /// Its errors' codes.
    pub errors: Option<Vec<String>>,
    /// The nearest valid name.
    pub suggestion: Option<String>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// A README checked for a name's marker.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarkerCase {
    /// The README.
    pub readme: String,
    /// The server name.
    pub name: String,
    /// Whether it declares the name.
    pub valid: bool,
    /// Its errors' codes.
    pub errors: Option<Vec<String>>,
    /// Documentation: where the case comes from.
    pub source: Option<String>,
}

/// Registry names and their prefixes.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrefixCase {
    /// The names.
    pub names: Vec<String>,
    /// Their prefixes.
    pub prefixes: Vec<String>,
}

// ----- Scenario files: cases/router/*.json, cases/keys.json -----

/// A file of scenarios: calls on the package (or a router) in the one step form. How steps
/// are checked is the file's `about`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenarios {
    /// What the file checks, and how its steps are compared.
    pub about: String,
    /// The calls whose `result` is compared on the keys it names (objects at every level);
    /// every other call's exactly.
    pub partial: Vec<String>,
    /// The scenarios, in order.
    pub scenarios: Vec<Scenario>,
}

/// A scenario: steps run in order (on a router built from `config`, when it has one), or a
/// configuration refused.
#[derive(Debug, JsonSchema)]
#[serde(untagged)]
pub enum Scenario {
    /// Steps run in order.
    Runs(Runs),
    /// A router configuration refused.
    Refused(Refused),
}

/// Steps run in order: the package's functions, or, with `config`, a router's methods.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Runs {
    /// What the scenario shows.
    pub title: String,
    /// The router's configuration (`new Router(config)`).
    #[serde(default)]
    pub config: Option<Value>,
    /// The steps.
    pub steps: Vec<Step>,
}

/// A router configuration refused.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Refused {
    /// What the scenario shows.
    pub title: String,
    /// The configuration.
    pub config: Value,
    /// The error `new Router(config)` throws.
    pub error: Failure,
}

/// One step: `{ call, args, result | error }`.
#[derive(Debug, JsonSchema)]
#[serde(untagged)]
pub enum Step {
    /// The call answers `result`.
    Returns(Returns),
    /// The call throws `error`.
    Fails(Fails),
}

impl Step {
    /// The method called (the npm package's name).
    pub fn call(&self) -> &str {
        match self {
            Step::Returns(s) => &s.call,
            Step::Fails(s) => &s.call,
        }
    }
}

/// A call and its answer.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Returns {
    /// The method: the npm package's name for it.
    pub call: String,
    /// Its arguments.
    pub args: Vec<Value>,
    /// The answer, as JSON (see the file's `partial`).
    pub result: Value,
    /// Checks beyond the answer.
    #[serde(default)]
    pub expect: Option<Expect>,
    /// Documentation: where the step comes from.
    #[serde(default)]
    pub source: Option<String>,
}

/// A call and the error it throws.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fails {
    /// The method: the npm package's name for it.
    pub call: String,
    /// Its arguments.
    pub args: Vec<Value>,
    /// The error.
    pub error: Failure,
    /// Documentation: where the step comes from.
    #[serde(default)]
    pub source: Option<String>,
}

/// An error, each key given checked (none implied).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Failure {
    /// Its code.
    pub code: String,
    /// Its message.
    #[serde(default)]
    pub message: Option<String>,
    /// Its suggestions, in order.
    #[serde(default)]
    pub suggestions: Option<Vec<String>>,
    /// The server it names.
    #[serde(default)]
    pub server: Option<String>,
    /// The JSON-RPC error code an MCP server answers with.
    #[serde(default)]
    pub rpc: Option<i32>,
    /// Its diagnostics, item by item, each on the keys it names.
    #[serde(default)]
    pub diagnostics: Option<Vec<DiagnosticPattern>>,
}

/// A diagnostic, on the keys given.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiagnosticPattern {
    /// Its code.
    #[serde(default)]
    pub code: Option<String>,
    /// Its message.
    #[serde(default)]
    pub message: Option<String>,
    /// The path of the value it is about.
    #[serde(default)]
    pub path: Option<String>,
    /// The nearest known key (or value).
    #[serde(default)]
    pub suggestion: Option<String>,
}

/// Checks of every exposed tool's qualified name, beyond the answer.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Expect {
    /// Each is valid in this convention…
    #[serde(default, deserialize_with = "opt_parsed")]
    #[schemars(schema_with = "convention_id")]
    pub style: Option<Convention>,
    /// …with these options.
    #[serde(default, deserialize_with = "super::options")]
    #[schemars(with = "OptionsJson")]
    pub options: Options,
    /// Each is at most this long.
    #[serde(default)]
    pub max_length: Option<usize>,
}

/// `value` as `A` when it has the key `key`, else as `B`: the precise error of the one shape
/// meant, where an untagged enum would only say that no shape fits.
fn either<A: DeserializeOwned, B: DeserializeOwned, E: serde::de::Error>(
    value: Value,
    key: &str,
    what: &str,
) -> Result<Result<A, B>, E> {
    let has = value.get(key).is_some();
    let named = value.get("call").or(value.get("title")).map(|v| format!(" {v}")).unwrap_or_default();
    let at = |e: serde_json::Error| E::custom(format!("{what}{named}: {e}"));
    if has {
        serde_json::from_value(value).map(Ok).map_err(at)
    } else {
        serde_json::from_value(value).map(Err).map_err(at)
    }
}

impl<'de> Deserialize<'de> for Scenario {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scenario, D::Error> {
        Ok(match either::<Refused, Runs, D::Error>(Value::deserialize(d)?, "error", "scenario")? {
            Ok(refused) => Scenario::Refused(refused),
            Err(runs) => Scenario::Runs(runs),
        })
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        let value = Value::deserialize(d)?;
        if value.get("error").is_none() && value.get("result").is_none() {
            let step: String = value.to_string().chars().take(200).collect();
            return Err(D::Error::custom(format!("step {step}: a step has `result` or `error`")));
        }
        Ok(match either::<Fails, Returns, D::Error>(value, "error", "step")? {
            Ok(fails) => Step::Fails(fails),
            Err(returns) => Step::Returns(returns),
        })
    }
}

// ----- fixtures/ -----

/// One typical valid name per convention, for the native benches and the allocation test.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TypicalNames {
    /// What the file is for.
    pub about: String,
    /// By convention id.
    pub names: BTreeMap<String, String>,
}

/// A result captured from a real server.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Captured {
    /// Where and how it was captured.
    pub source: String,
    /// The result.
    pub result: Value,
}

/// Published MCP servers' tools as they list them (tests/search.rs ranks queries over them).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct McpCatalog {
    /// How the lists were taken.
    pub about: String,
    /// Each server: its npm package at a version, the file started, how many tools it listed.
    pub sources: Vec<CatalogSource>,
    /// Every tool.
    pub tools: Vec<CatalogTool>,
}

/// Where one server's list came from.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CatalogSource {
    /// The server's name in the catalog.
    pub server: String,
    /// `name@version` on npm.
    pub package: String,
    /// The bin started.
    pub file: String,
    /// How many tools it listed.
    pub tools: usize,
}

/// One tool: what search reads of it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CatalogTool {
    /// Its server.
    pub server: String,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: Option<String>,
    /// Its input parameters' names.
    pub parameters: Vec<String>,
}

// ----- cases/bad-input.json -----

/// Bad input, each through every host: what each answers is golden/bad-input.json, and the
/// README's "Untrusted input" table is written from that.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadInputs {
    /// Documentation.
    pub about: String,
    /// The inputs, in the table's order.
    pub inputs: Vec<BadInput>,
}

/// One bad input: a call (a function, or a router method on a router of `config`), its
/// arguments. An argument JSON cannot hold is written `{ "$number": "NaN" | "Infinity" |
/// "-Infinity" }` or `{ "$repeat": [text, count] }` (the text `count` times).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadInput {
    /// The table's first column: the input in words.
    pub what: String,
    /// `new Router` (its config the first argument), a router method (`searchTools`,
    /// `listTools`, `exposeTools`), or `pageEnvelope`.
    pub call: String,
    /// The router's configuration, for a router method.
    #[serde(default)]
    pub config: Option<Value>,
    /// The arguments.
    pub args: Vec<Value>,
}

// ----- golden/ -----

/// What each host answers to each bad input of cases/bad-input.json, each host writing its
/// own column (`MCP_NAMING_BLESS=1`: tests/bad_input.rs, tests/js/bad-input.test.mjs,
/// python/tests/test_bad_input.py).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadAnswers {
    /// Documentation.
    pub about: String,
    /// One per input, in its order.
    pub answers: Vec<BadAnswer>,
}

/// The hosts' answers to one bad input.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadAnswer {
    /// The input's `what`.
    pub what: String,
    /// The npm package's.
    pub npm: Option<Answer>,
    /// The Rust crate's.
    pub rust: Option<Answer>,
    /// The Python package's.
    pub python: Option<Answer>,
}

/// What a host answered: the error (or the item skipped), its code and message.
#[derive(Clone, Debug, PartialEq, Deserialize, serde::Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// `error` (thrown), `skipped` (left out of the list, reported) or `accepted`.
    pub outcome: String,
    /// The code, if any.
    pub code: Option<String>,
    /// The message, if any.
    pub message: Option<String>,
}

/// The tables the npm package builds from the core at init (tests/codes.rs writes them).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// Each convention's parts, by id (in the core's order in the file).
    pub conventions: BTreeMap<String, Vec<String>>,
    /// The providers' ids.
    pub providers: Vec<String>,
    /// Every code.
    pub codes: Vec<String>,
}
