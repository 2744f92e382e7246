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
// Each npm entry's .wasm is built with one feature (scripts/build.sh); tests and lints build them all.
#![cfg_attr(
    not(all(feature = "names", feature = "registry", feature = "openproject", feature = "codemode")),
    allow(dead_code, unused_imports)
)]

use convert::{invalid, json, to_js, utf16_at, utf16_spans};
use mcp_naming::syntropy::{check_allow_list, layers, ToolState};
use mcp_naming::{self as core, Code, Convention, Diagnostic, Error, Method, MethodOptions, Options, Parts, Provider};
use mcp_naming::{ResourceUri, Severity};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "names", feature = "codemode"))]
mod codemode;
mod convert;
mod data;
#[cfg(feature = "names")]
mod found;
#[cfg(feature = "names-core")]
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

/// Options through the core's reader (`undefined` and `null` are the defaults).
fn options(value: JsValue) -> Result<Options, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Options::default());
    }
    Options::from_json(&json(&value)?).map_err(|e| error_to_js("", &e))
}

/// A method's options through the core's reader (`undefined` and `null`: none).
pub(crate) fn method_options(value: &JsValue, method: Method) -> Result<MethodOptions, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(MethodOptions::default());
    }
    MethodOptions::from_json(&json(value)?, method).map_err(|e| error_to_js("", &e))
}

thread_local! {
    /// The options the last [`read_options`] read, for the calls on the input buffer: they are
    /// read (and any getter of theirs has run) before the name is written there.
    static READ: RefCell<Options> = RefCell::new(Options::default());
}

/// Reads options for the next call on the input buffer; whether they differ from the defaults
/// (when they do not, the glue's fast paths answer).
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn read_options(opts: JsValue) -> Result<bool, JsValue> {
    let opts = options(opts)?;
    let set = opts != Options::default();
    READ.with(|r| *r.borrow_mut() = opts);
    Ok(set)
}

/// The options of the last [`read_options`], or the defaults.
fn last_options(with: bool) -> Options {
    if with {
        READ.with(|r| r.borrow().clone())
    } else {
        Options::default()
    }
}

/// The core's tables, for the glue to build its own from (nothing is typed twice):
/// `[conventionIds, providerIds, partNamesPerConvention, codes, routerStyles]`.
#[cfg(feature = "names-core")]
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
    let all: Vec<(&str, Option<core::FastPatterns>)> =
        Convention::ALL.iter().map(|c| (c.id(), core::fast_patterns(*c))).collect();
    js_sys::Object::from_entries(&to_js(&all)).map_or(JsValue::NULL, JsValue::from)
}

/// The boolean verdict with default options, for the name in the input buffer.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn is_valid_in(len: u32, convention: u32) -> Result<bool, JsValue> {
    let convention = convention_at(convention)?;
    Ok(io::with_input(len, |name| core::is_valid(name, convention, &Options::default())))
}

/// The boolean verdict with the options [`read_options`] read, for the name in the input buffer.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn is_valid_in_with(len: u32, convention: u32) -> Result<bool, JsValue> {
    let convention = convention_at(convention)?;
    let opts = last_options(true);
    Ok(io::with_input(len, |name| core::is_valid(name, convention, &opts)))
}

/// Verdicts for many names in one crossing: the input buffer holds the names' UTF-8, one after
/// the other, `lengths` their lengths in bytes; one byte (0 or 1) per name comes back.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn is_valid_many_in(len: u32, lengths: &[u32], convention: u32, with_options: bool) -> Result<Vec<u8>, JsValue> {
    let convention = convention_at(convention)?;
    let opts = last_options(with_options);
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
                u8::from(core::is_valid(name, convention, &opts))
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
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn validate_in(len: u32, convention: u32, with_options: bool) -> Result<u32, JsValue> {
    let convention = convention_at(convention)?;
    let opts = last_options(with_options);
    Ok(io::with_input(len, |name| {
        let report = core::validate(name, convention, &opts);
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
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn take_text() -> String {
    io::take_text()
}

/// `formatToolName`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn format_name(parts: JsValue, convention: u32, opts: JsValue) -> Result<String, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    core::format_json(&json(&parts)?, convention, &opts).map_err(|e| error_to_js("", &e))
}

/// `convertToolName`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn convert_name(name: &str, from: u32, to: u32, opts: JsValue) -> Result<String, JsValue> {
    core::convert(name, convention_at(from)?, convention_at(to)?, &options(opts)?).map_err(|e| error_to_js(name, &e))
}

/// `explainName`: every convention's report on the name, valid and near misses first, each with
/// its `distance` (spans in UTF-16 units of the name).
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn explain_name(name: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let mut all = core::explain(name, &options(opts)?);
    for e in &mut all {
        utf16_spans(name, &mut e.report.errors);
        utf16_spans(name, &mut e.report.warnings);
    }
    Ok(to_js(&all))
}

/// `detectConventions`: a bit per convention index.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn detect_mask(name: &str, with_options: bool) -> Result<u32, JsValue> {
    let opts = last_options(with_options);
    Ok(Convention::ALL
        .iter()
        .enumerate()
        .filter(|(_, c)| core::is_valid(name, **c, &opts))
        .fold(0, |m, (i, _)| m | 1 << i))
}

/// `conventions()`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn conventions() -> JsValue {
    to_js(&Convention::ALL.map(core::ConventionInfo))
}

/// `parseResourceUri`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn parse_uri(text: &str) -> Result<JsValue, JsValue> {
    core::parse_resource_uri(text).map(|u| to_js(&u)).map_err(|e| error_to_js(text, &e))
}

/// `formatResourceUri`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn format_uri(parts: JsValue) -> Result<String, JsValue> {
    let u = ResourceUri::from_json(&json(&parts)?).map_err(|e| error_to_js("", &e))?;
    core::format_resource_uri(&u).map_err(|e| error_to_js("", &e))
}

/// `validateResourceUri`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn validate_uri(text: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let expected = options(opts)?.expected_namespace;
    let mut r = core::validate_resource_uri(text, expected.as_deref());
    utf16_spans(text, &mut r.errors);
    utf16_spans(text, &mut r.warnings);
    Ok(to_js(&r))
}

/// `namespaceFromSlug`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn namespace_from_slug(slug: &str) -> Result<String, JsValue> {
    core::namespace_from_slug(slug).map_err(|e| error_to_js(slug, &e))
}

/// `checkProviders`: a bit per provider index.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn providers_mask(name: &str) -> u32 {
    core::check_providers(name).iter().enumerate().filter(|(_, (_, ok))| *ok).fold(0, |m, (i, _)| m | 1 << i)
}

/// `fitToolName`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn fit_name(name: &str, provider: u32, opts: JsValue) -> Result<String, JsValue> {
    let provider = provider_at(provider)?;
    let taken = method_options(&opts, Method::Fit)?.taken;
    Ok(core::fit_with(name, provider, |n| taken.iter().any(|t| t == n)))
}

/// `fitToolNames`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn fit_names(names: Vec<String>, provider: u32) -> Result<Vec<String>, JsValue> {
    Ok(core::fit_all(&names, provider_at(provider)?))
}

/// `syntropyLayers`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn syntropy_layers(name: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let l = layers(name, &options(opts)?).map_err(|e| error_to_js(name, &e))?;
    Ok(to_js(&l))
}

/// A `{ valid, errors }` check of a file or a descriptor.
pub(crate) fn check_js(list: Vec<Diagnostic>) -> JsValue {
    to_js(&core::Check::new(list))
}

fn tool_state(state: &JsValue) -> Result<ToolState, JsValue> {
    ToolState::from_json(&json(state)?).map_err(|e| error_to_js("", &e))
}

/// `checkToolState`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn check_tool_state(state: JsValue, opts: JsValue) -> Result<JsValue, JsValue> {
    Ok(check_js(tool_state(&state)?.check(&options(opts)?)))
}

/// Whether a tool-state file enables a tool.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn tool_state_enables(state: JsValue, name: &str) -> Result<bool, JsValue> {
    Ok(tool_state(&state)?.is_enabled(name))
}

/// `checkAllowList`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn check_allow(settings: JsValue, opts: JsValue) -> Result<JsValue, JsValue> {
    let entries = mcp_naming::syntropy::allow_entries(&json(&settings)?).map_err(|e| error_to_js("", &e))?;
    Ok(check_js(check_allow_list(&entries, &options(opts)?)))
}

/// `parseToolName`'s error for an invalid name: the core's own.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn parse_error(name: &str, convention: u32, opts: JsValue) -> Result<(), JsValue> {
    let convention = convention_at(convention)?;
    core::parse(name, convention, &options(opts)?).map(|_| ()).map_err(|e| error_to_js(name, &e))
}

/// `matchesPermission`.
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn matches_permission(rule: &str, name: &str) -> Result<bool, JsValue> {
    core::PermissionRule::parse(rule).map(|r| r.matches(name)).map_err(|e| error_to_js(rule, &e))
}

/// `normalizeServerName` (Claude Code's).
#[cfg(feature = "names-core")]
#[wasm_bindgen]
pub fn normalize_server_name(server: &str) -> String {
    core::normalize_server_name(server)
}

// Shared by every .wasm (NamingError's methods and unknown keys need them whichever entry is loaded).

/// The JSON-RPC error code for a `NamingError`'s code.
#[wasm_bindgen]
pub fn json_rpc_code(code: &str) -> i32 {
    code.parse::<Code>().map_or(-32603, mcp_naming::router::json_rpc_code)
}

/// The HTTP status a Streamable HTTP transport answers a `NamingError` with (400 for the
/// `Mcp-Name` header errors, else 200).
#[wasm_bindgen]
pub fn http_status(code: &str) -> u16 {
    code.parse::<Code>().map_or(200, mcp_naming::router::http_status)
}

/// The text of a `tools/call` error result for a `NamingError`.
#[wasm_bindgen]
pub fn call_tool_text(code: &str, message: &str, suggestions: Vec<String>) -> String {
    let mut e = Error::new(code.parse().unwrap_or(Code::InvalidArgument), mcp_naming::Span::default(), message);
    e.suggestions = suggestions;
    mcp_naming::router::call_tool_text(&e)
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
    let mut view = mcp_naming::client::view(client, server, &refs);
    for t in &mut view.tools {
        utf16_spans(&t.name, &mut t.diagnostics);
    }
    utf16_spans(server, &mut view.diagnostics);
    Ok(to_js(&view))
}
