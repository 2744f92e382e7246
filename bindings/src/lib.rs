//! The wasm-bindgen layer: converts types between JavaScript and the core, decides nothing.
//!
//! Reports cross as a compact `Uint32Array` (parts as UTF-16 spans into the name the caller
//! already holds, diagnostics as code indexes and spans) so that a valid name costs one string
//! in and a few integers out; messages and suggestions cross only when there are any
//! ([`last_strings`]). Errors cross as plain objects that the JavaScript glue turns into
//! `NamingError`s. Conventions and providers cross as their index in `Convention::ALL` /
//! `Provider::ALL`.

#![cfg(target_arch = "wasm32")]
#![forbid(unsafe_code)]
// Each npm entry's .wasm is built with one feature (scripts/build.sh); tests and lints build all three.
#![cfg_attr(
    not(all(feature = "names", feature = "registry", feature = "openproject")),
    allow(dead_code, unused_imports)
)]

use convert::{
    diagnostics, invalid, object, opt_pairs, opt_string, opt_strings, req_string, str_or_null, strings, utf16_at, Obj,
};
use mcp_naming::convention::syntropy::{check_allow_list, layers, ToolState};
use mcp_naming::convention::{self, Convention, Options, Parts};
use mcp_naming::diagnostic::{Code, Diagnostic, Error, Severity};
use mcp_naming::provider::{self, Provider};
use mcp_naming::uri::{self, ResourceUri};
use wasm_bindgen::prelude::*;

mod convert;
mod data;
#[cfg(feature = "names")]
mod io;
#[cfg(feature = "names")]
mod router;

const NONE: u32 = u32::MAX;

fn error_to_js(text: &str, e: &Error) -> JsValue {
    convert::error(text, e)
}

fn convention_at(index: u32) -> Result<Convention, JsValue> {
    Convention::ALL.get(index as usize).copied().ok_or_else(|| invalid(format!("unknown convention index {index}")))
}

fn provider_at(index: u32) -> Result<Provider, JsValue> {
    Provider::ALL.get(index as usize).copied().ok_or_else(|| invalid(format!("unknown provider index {index}")))
}

fn options(value: JsValue) -> Result<Options, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Options::default());
    }
    object(&value, "options")?;
    Ok(Options {
        expected_namespace: opt_string(&value, "expectedNamespace", "options.")?,
        servers: opt_strings(&value, "servers", "options.")?,
        builtins: opt_strings(&value, "builtins", "options.")?,
        project: opt_string(&value, "project", "options.")?,
        actions: opt_strings(&value, "actions", "options.")?,
    })
}

/// The core's tables, for the glue to build its own from (nothing is typed twice):
/// `[conventionIds, providerIds, partNamesPerConvention, codes, routerStyles]`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn tables() -> js_sys::Array {
    let list = |items: &mut dyn Iterator<Item = &str>| items.map(JsValue::from_str).collect::<js_sys::Array>();
    let conventions = list(&mut Convention::ALL.iter().map(|c| c.id()));
    let providers = list(&mut Provider::ALL.iter().map(|p| p.id()));
    let parts: js_sys::Array =
        Convention::ALL.iter().map(|c| JsValue::from(list(&mut c.part_names().iter().copied()))).collect();
    let codes = list(&mut Code::ALL.iter().map(|c| c.as_str()));
    let styles = list(&mut mcp_naming::router::STYLES.iter().chain(mcp_naming::router::PEERS).copied());
    [conventions, providers, parts, codes, styles].into_iter().map(JsValue::from).collect()
}

/// The core's fast-path patterns (`mcp_naming::convention::fast`), for the build to write into
/// the package: `{ [conventionId]: { valid, clean, split, maxLength } }`, regular-expression sources for
/// `new RegExp(source)` without flags, `clean` null where there is none, `split` the separator a
/// list part's group is split on (`"."` for the registry's `segments`) or null, `maxLength` the
/// longest valid name in UTF-16 units (checked before the patterns); a convention
/// without patterns is null. Only in a .wasm built with the `patterns` feature
/// (scripts/emit-tables.mjs reads it).
#[cfg(feature = "patterns")]
#[wasm_bindgen]
pub fn fast_patterns() -> JsValue {
    Convention::ALL
        .iter()
        .fold(Obj::new(), |all, c| {
            let entry = convention::fast_patterns(*c).map_or(JsValue::NULL, |p| {
                Obj::new()
                    .set("valid", p.valid.as_str())
                    .set("clean", str_or_null(p.clean.as_deref()))
                    .set("split", p.split.map_or(JsValue::NULL, |c| JsValue::from_str(c.encode_utf8(&mut [0; 4]))))
                    .set("maxLength", p.max_len as f64)
                    .done()
            });
            all.set(c.id(), entry)
        })
        .done()
}

/// The keys an options object may have (the core's `Options::KEYS`).
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn option_keys() -> Vec<String> {
    Options::KEYS.iter().map(|k| k.to_string()).collect()
}

/// The `invalid_argument` error for an unknown key of an object at `path`: the core's
/// `unknown_field` diagnostic, with the nearest known key as the suggestion.
#[wasm_bindgen]
pub fn unknown_key(key: &str, known: Vec<String>, path: &str) -> JsValue {
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    let d = mcp_naming::Diagnostic::unknown_key(key, &known, path);
    let mut e = Error::new(Code::InvalidArgument, mcp_naming::Span::default(), d.message.clone());
    e.suggestions.extend(d.suggestion.clone());
    e.diagnostics = vec![d];
    convert::error("", &e)
}

/// The boolean verdict with default options, for the name in the input buffer.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn is_valid_in(len: u32, convention: u32) -> Result<bool, JsValue> {
    let convention = convention_at(convention)?;
    Ok(io::with_input(len, |name| convention::is_valid(name, convention, &Options::default())))
}

/// The boolean verdict with options, for the name in the input buffer.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn is_valid_in_with(len: u32, convention: u32, opts: JsValue) -> Result<bool, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    Ok(io::with_input(len, |name| convention::is_valid(name, convention, &opts)))
}

/// Verdicts for many names in one crossing: the input buffer holds the names' UTF-8, one after
/// the other, `lengths` their lengths in bytes; one byte (0 or 1) per name comes back.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn is_valid_many_in(len: u32, lengths: &[u32], convention: u32, opts: JsValue) -> Result<Vec<u8>, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    Ok(io::with_input(len, |joined| {
        let mut at = 0usize;
        lengths
            .iter()
            .map(|&bytes| {
                let end = (at + bytes as usize).min(joined.len());
                // Each name was encoded on its own, so its ends are character boundaries; a
                // wrong length from a caller reads as an empty name, never as a panic.
                let name = joined.get(at..end).unwrap_or("");
                at = end;
                u8::from(convention::is_valid(name, convention, &opts))
            })
            .collect()
    }))
}

fn parts_spans(name: &str, parts: &Parts<'_>, out: &mut Vec<u32>) {
    let base = name.as_ptr() as usize;
    let span = |part: Option<&str>| match part {
        Some(p) => {
            let start = p.as_ptr() as usize - base;
            out.push(utf16_at(name, start));
            out.push(utf16_at(name, start + p.len()));
        }
        None => {
            out.push(NONE);
            out.push(NONE);
        }
    };
    parts.for_each_value(span);
}

/// Validates the name in the input buffer and writes the report, compactly, to the output
/// buffer, whose address is returned: `[length, valid, spanCount, (start, end)*,
/// diagnosticCount, (codeIndex, severity, start, end)*, hasSuggestion, textCount,
/// (utf16Length)*]`, spans in UTF-16 units (`0xFFFFFFFF` for an absent part). The texts (each
/// message, then the suggestion) are fetched, concatenated, with [`take_text`].
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn validate_in(len: u32, convention: u32, opts: JsValue) -> Result<u32, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    Ok(io::with_input(len, |name| {
        let report = convention::validate(name, convention, &opts);
        io::write_output(|out, text| {
            out.push(u32::from(report.is_valid()));
            let at = out.len();
            out.push(0);
            if let Some(parts) = &report.parts {
                parts_spans(name, parts, out);
            }
            out[at] = ((out.len() - at - 1) / 2) as u32;
            out.push((report.errors.len() + report.warnings.len()) as u32);
            for d in report.errors.iter().chain(&report.warnings) {
                // A code's discriminant is its index in `Code::ALL` (the glue's table of codes).
                out.push(d.code as u32);
                out.push(u32::from(d.severity == Severity::Warning));
                out.push(utf16_at(name, d.span.start));
                out.push(utf16_at(name, d.span.end));
            }
            out.push(u32::from(report.suggestion.is_some()));
            let texts = report
                .errors
                .iter()
                .chain(&report.warnings)
                .map(|d| d.message.as_str())
                .chain(report.suggestion.as_deref());
            io::push_texts(texts, out, text);
        })
    }))
}

/// The texts of the last report written to the output buffer (see [`validate_in`]).
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn take_text() -> String {
    io::take_text()
}

/// `formatToolName`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn format_name(parts: JsValue, convention: u32, opts: JsValue) -> Result<String, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    object(&parts, "parts")?;
    let get = |key: &str| req_string(&parts, key, "parts.");
    let nullable = |key: &str| opt_string(&parts, key, "parts.");
    let joined;
    let (a, b, c);
    let parts = match convention {
        Convention::Mcp => {
            a = get("name")?;
            Parts::Mcp { name: &a }
        }
        Convention::Chora => {
            (a, b) = (get("namespace")?, get("tool")?);
            Parts::Chora { namespace: &a, tool: &b }
        }
        Convention::Syntropy => {
            (c, b) = (nullable("server")?, get("tool")?);
            Parts::Syntropy { server: c.as_deref(), tool: &b }
        }
        Convention::Claude => {
            (a, b) = (get("server")?, get("tool")?);
            Parts::Claude { server: &a, tool: &b }
        }
        Convention::Agent => {
            (c, b) = (nullable("mcp")?, get("tool")?);
            Parts::Agent { mcp: c.as_deref(), tool: &b }
        }
        Convention::OpenProject => {
            (a, b) = (get("action")?, get("entity")?);
            Parts::OpenProject { action: &a, entity: &b }
        }
        Convention::Registry => {
            joined = opt_strings(&parts, "segments", "parts.")?
                .ok_or_else(|| invalid("parts.segments is required (an array of strings)".into()))?
                .join(".");
            Parts::Registry { id: &joined }
        }
        other => return Err(invalid(format!("formatToolName does not read parts of {} yet", other.id()))),
    };
    convention::format_with(&parts, &opts).map_err(|e| error_to_js("", &e))
}

/// `convertToolName`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn convert_name(name: &str, from: u32, to: u32, opts: JsValue) -> Result<String, JsValue> {
    convention::convert(name, convention_at(from)?, convention_at(to)?, &options(opts)?)
        .map_err(|e| error_to_js(name, &e))
}

/// `detectConventions`: a bit per convention index.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn detect_mask(name: &str, opts: JsValue) -> Result<u32, JsValue> {
    let opts = options(opts)?;
    Ok(Convention::ALL
        .iter()
        .enumerate()
        .filter(|(_, c)| convention::is_valid(name, **c, &opts))
        .fold(0, |m, (i, _)| m | 1 << i))
}

/// `conventions()`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn conventions() -> JsValue {
    Convention::ALL
        .iter()
        .map(|c| {
            let (valid, invalid) = c.examples();
            Obj::new()
                .set("id", c.id())
                .set("title", c.title())
                .set("grammar", c.grammar())
                .set(
                    "examples",
                    Obj::new()
                        .set("valid", strings(valid.iter().copied()))
                        .set("invalid", strings(invalid.iter().copied()))
                        .done(),
                )
                .done()
        })
        .collect::<js_sys::Array>()
        .into()
}

fn uri_js(u: &ResourceUri) -> JsValue {
    let query = u.query.iter().fold(Obj::new(), |o, (k, v)| o.set(k, v.as_str()));
    Obj::new()
        .set("namespace", u.namespace.as_str())
        .set("type", u.kind.as_str())
        .set("id", u.id.as_str())
        .set("query", query.done())
        .done()
}

/// `parseResourceUri`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn parse_uri(text: &str) -> Result<JsValue, JsValue> {
    uri::parse_resource_uri(text).map(|u| uri_js(&u)).map_err(|e| error_to_js(text, &e))
}

/// `formatResourceUri`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn format_uri(parts: JsValue) -> Result<String, JsValue> {
    object(&parts, "parts")?;
    let u = ResourceUri {
        namespace: req_string(&parts, "namespace", "parts.")?,
        kind: req_string(&parts, "type", "parts.")?,
        id: req_string(&parts, "id", "parts.")?,
        query: opt_pairs(&parts, "query", "parts.")?.unwrap_or_default(),
    };
    uri::format_resource_uri(&u).map_err(|e| error_to_js("", &e))
}

/// `validateResourceUri`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn validate_uri(text: &str, expected_namespace: Option<String>) -> JsValue {
    let r = uri::validate_resource_uri(text, expected_namespace.as_deref());
    Obj::new()
        .set("valid", r.is_valid())
        .set("convention", "chora")
        .set("errors", diagnostics(text, &r.errors))
        .set("warnings", diagnostics(text, &r.warnings))
        .set("parts", r.parts.as_ref().map_or(JsValue::NULL, uri_js))
        .set("suggestion", str_or_null(r.suggestion.as_deref()))
        .done()
}

/// `namespaceFromSlug`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn namespace_from_slug(slug: &str) -> Result<String, JsValue> {
    convention::chora::namespace_from_slug(slug).map_err(|e| error_to_js(slug, &e))
}

/// `checkProviders`: a bit per provider index.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn providers_mask(name: &str) -> u32 {
    provider::check_providers(name).iter().enumerate().filter(|(_, (_, ok))| *ok).fold(0, |m, (i, _)| m | 1 << i)
}

/// `fitToolName`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn fit_name(name: &str, provider: u32, taken: Vec<String>) -> Result<String, JsValue> {
    let provider = provider_at(provider)?;
    Ok(provider::fit_with(name, provider, |n| taken.iter().any(|t| t == n)))
}

/// `fitToolNames`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn fit_names(names: Vec<String>, provider: u32) -> Result<Vec<String>, JsValue> {
    Ok(provider::fit_all(&names, provider_at(provider)?))
}

/// `syntropyLayers`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn syntropy_layers(name: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let l = layers(name, &options(opts)?).map_err(|e| error_to_js(name, &e))?;
    Ok(Obj::new()
        .set("permission", l.permission.as_str())
        .set("registry", l.registry.as_str())
        .set("server", str_or_null(l.server.as_deref()))
        .set("pool", str_or_null(l.pool.as_deref()))
        .set("upstreamPrefix", str_or_null(l.upstream_prefix.as_deref()))
        .set("upstreamTool", l.upstream_tool.as_str())
        .set("backendName", l.backend_name())
        .done())
}

/// A `{ valid, errors }` check of a file or a descriptor.
pub(crate) fn check_js(list: &[Diagnostic]) -> JsValue {
    Obj::new().set("valid", list.is_empty()).set("errors", diagnostics("", list)).done()
}

fn tool_state(state: &JsValue) -> Result<ToolState, JsValue> {
    object(state, "state")?;
    Ok(ToolState {
        enabled: opt_strings(state, "enabled", "state.")?.unwrap_or_default(),
        disabled: opt_strings(state, "disabled", "state.")?.unwrap_or_default(),
    })
}

/// `checkToolState`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn check_tool_state(state: JsValue, opts: JsValue) -> Result<JsValue, JsValue> {
    Ok(check_js(&tool_state(&state)?.check(&options(opts)?)))
}

/// Whether a tool-state file enables a tool.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn tool_state_enables(state: JsValue, name: &str) -> Result<bool, JsValue> {
    Ok(tool_state(&state)?.is_enabled(name))
}

/// `checkAllowList`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn check_allow(settings: JsValue, opts: JsValue) -> Result<JsValue, JsValue> {
    let entries =
        mcp_naming::convention::syntropy::allow_entries(&convert::json(&settings)?).map_err(|e| error_to_js("", &e))?;
    Ok(check_js(&check_allow_list(&entries, &options(opts)?)))
}

/// `parseToolName`'s error for an invalid name: the core's own.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn parse_error(name: &str, convention: u32, opts: JsValue) -> Result<(), JsValue> {
    let convention = convention_at(convention)?;
    convention::parse(name, convention, &options(opts)?).map(|_| ()).map_err(|e| error_to_js(name, &e))
}

/// `matchesPermission`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn matches_permission(rule: &str, name: &str) -> Result<bool, JsValue> {
    convention::claude::Rule::parse(rule).map(|r| r.matches(name)).map_err(|e| error_to_js(rule, &e))
}

/// `normalizeServerName` (Claude Code's).
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn normalize_server_name(server: &str) -> String {
    convention::claude::normalize_server_name(server)
}

// Shared by every .wasm (NamingError's methods and unknown keys need them whichever entry is loaded).

/// The JSON-RPC error code for a `NamingError`'s code.
#[wasm_bindgen]
pub fn json_rpc_code(code: &str) -> i32 {
    code.parse::<Code>().map_or(-32603, mcp_naming::router::mcp::json_rpc_code)
}

/// The text of a `tools/call` error result for a `NamingError`.
#[wasm_bindgen]
pub fn call_tool_text(code: &str, message: &str, suggestions: Vec<String>) -> String {
    let mut e = Error::new(code.parse().unwrap_or(Code::InvalidArgument), mcp_naming::Span::default(), message);
    e.suggestions = suggestions;
    mcp_naming::router::mcp::call_tool_text(&e)
}

#[cfg(all(test, feature = "names", feature = "registry", feature = "openproject"))]
mod tests;

/// `clientView`: the names a client shows for one server's tools, with what goes wrong
/// (`client::view`); an unknown client id is the core's `invalid_argument`.
#[cfg(feature = "names")]
#[wasm_bindgen]
pub fn client_view(client: &str, server: &str, tools: Vec<String>) -> Result<JsValue, JsValue> {
    let client: mcp_naming::client::Client = client.parse().map_err(|e| error_to_js(client, &e))?;
    let refs: Vec<&str> = tools.iter().map(String::as_str).collect();
    let view = mcp_naming::client::view(client, server, &refs);
    let list = js_sys::Array::new();
    for t in &view.tools {
        list.push(
            &Obj::new()
                .set("name", t.name.as_str())
                .set("shown", str_or_null(t.shown.as_deref()))
                .set("diagnostics", diagnostics(&t.name, &t.diagnostics))
                .done(),
        );
    }
    Ok(Obj::new().set("tools", list).set("diagnostics", diagnostics(server, &view.diagnostics)).done())
}
