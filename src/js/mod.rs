//! The wasm-bindgen layer: converts types between JavaScript and the core, decides nothing.
//!
//! Reports cross as a compact `Uint32Array` (parts as UTF-16 spans into the name the caller
//! already holds, diagnostics as code indexes and spans) so that a valid name costs one string
//! in and a few integers out; messages and suggestions cross only when there are any
//! ([`last_strings`]). Errors cross as plain objects that the JavaScript glue turns into
//! `NamingError`s. Conventions and providers cross as their index in `Convention::ALL` /
//! `Provider::ALL`.

use crate::convention::syntropy::{check_allow_list, layers, ToolState};
use crate::convention::{self, Convention, Options, Parts};
use crate::diagnostic::{Code, Diagnostic, Error, Severity};
use crate::provider::{self, Provider};
use crate::uri::{self, ResourceUri};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

mod router;

thread_local! {
    static STRINGS: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

const NONE: u32 = u32::MAX;

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

fn utf16_at(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    if text.is_ascii() {
        return byte as u32;
    }
    text.get(..byte).map_or(0, |t| t.encode_utf16().count() as u32)
}

#[derive(Serialize)]
struct JsDiagnostic<'a> {
    code: &'a str,
    severity: &'a str,
    message: &'a str,
    start: u32,
    end: u32,
}

fn js_diagnostics<'a>(text: &str, list: impl IntoIterator<Item = &'a Diagnostic>) -> Vec<JsDiagnostic<'a>> {
    list.into_iter()
        .map(|d| JsDiagnostic {
            code: d.code.as_str(),
            severity: d.severity.as_str(),
            message: &d.message,
            start: utf16_at(text, d.span.start),
            end: utf16_at(text, d.span.end),
        })
        .collect()
}

#[derive(Serialize)]
struct JsError<'a> {
    code: &'a str,
    message: &'a str,
    diagnostics: Vec<JsDiagnostic<'a>>,
    suggestions: &'a [String],
}

fn error_to_js(text: &str, e: &Error) -> JsValue {
    to_js(&JsError {
        code: e.code.as_str(),
        message: &e.message,
        diagnostics: js_diagnostics(text, &e.diagnostics),
        suggestions: &e.suggestions,
    })
}

fn invalid(message: String) -> JsValue {
    error_to_js("", &Error::invalid_argument(message))
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
    serde_wasm_bindgen::from_value(value).map_err(|e| invalid(format!("options: {e}")))
}

/// The stable code strings, in the order their indexes are used in compact reports.
#[wasm_bindgen]
pub fn codes() -> Vec<String> {
    Code::ALL.iter().map(|c| c.as_str().to_string()).collect()
}

/// The boolean verdict with default options: one string in, one boolean out.
#[wasm_bindgen]
pub fn is_valid_default(name: &str, convention: u32) -> bool {
    Convention::ALL.get(convention as usize).is_some_and(|c| convention::is_valid(name, *c, &Options::default()))
}

/// The boolean verdict with options.
#[wasm_bindgen]
pub fn is_valid_with(name: &str, convention: u32, opts: JsValue) -> Result<bool, JsValue> {
    Ok(convention::is_valid(name, convention_at(convention)?, &options(opts)?))
}

/// Verdicts for many names in one crossing: `joined` is the names concatenated, `lengths`
/// their UTF-16 lengths; one byte (0 or 1) per name comes back.
#[wasm_bindgen]
pub fn is_valid_many(joined: &str, lengths: &[u32], convention: u32, opts: JsValue) -> Result<Vec<u8>, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    let mut out = Vec::with_capacity(lengths.len());
    let mut rest = joined;
    for &units in lengths {
        let mut taken = 0usize;
        let mut end = 0usize;
        for c in rest.chars() {
            if taken >= units as usize {
                break;
            }
            taken += c.len_utf16();
            end += c.len_utf8();
        }
        let (name, tail) = rest.split_at(end);
        rest = tail;
        out.push(u8::from(convention::is_valid(name, convention, &opts)));
    }
    Ok(out)
}

fn parts_spans(name: &str, parts: &Parts<'_>, out: &mut Vec<u32>) {
    let base = name.as_ptr() as usize;
    let mut span = |part: Option<&str>| match part {
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
    match *parts {
        Parts::Mcp { name: n } => span(Some(n)),
        Parts::Chora { namespace: a, tool: b }
        | Parts::Claude { server: a, tool: b }
        | Parts::OpenProject { action: a, entity: b } => {
            span(Some(a));
            span(Some(b));
        }
        Parts::Syntropy { server, tool } => {
            span(server);
            span(Some(tool));
        }
        Parts::Agent { mcp, tool } => {
            span(mcp);
            span(Some(tool));
        }
        Parts::Registry { .. } => {
            for s in parts.segments() {
                span(Some(s));
            }
        }
    }
}

/// A report, compactly: `[valid, spanCount, (start, end)*, diagnosticCount,
/// (codeIndex, severity, start, end)*, hasSuggestion]`, spans in UTF-16 units (`0xFFFFFFFF` for an
/// absent part). Messages, then the suggestion, are fetched with [`last_strings`].
#[wasm_bindgen]
pub fn validate_compact(name: &str, convention: u32, opts: JsValue) -> Result<Vec<u32>, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    let report = convention::validate(name, convention, &opts);
    let mut out = Vec::with_capacity(8);
    out.push(u32::from(report.is_valid()));
    let mut spans = Vec::new();
    if let Some(parts) = &report.parts {
        parts_spans(name, parts, &mut spans);
    }
    out.push((spans.len() / 2) as u32);
    out.extend(spans);
    let count = report.errors.len() + report.warnings.len();
    out.push(count as u32);
    let mut strings = Vec::new();
    for d in report.errors.iter().chain(&report.warnings) {
        out.push(Code::ALL.iter().position(|c| *c == d.code).unwrap_or(0) as u32);
        out.push(u32::from(d.severity == Severity::Warning));
        out.push(utf16_at(name, d.span.start));
        out.push(utf16_at(name, d.span.end));
        strings.push(d.message.clone());
    }
    out.push(u32::from(report.suggestion.is_some()));
    strings.extend(report.suggestion);
    if !strings.is_empty() {
        STRINGS.with(|s| *s.borrow_mut() = strings);
    }
    Ok(out)
}

/// The messages and the suggestion of the last [`validate_compact`] that had any.
#[wasm_bindgen]
pub fn last_strings() -> Vec<String> {
    STRINGS.with(|s| std::mem::take(&mut *s.borrow_mut()))
}

/// Parts as JavaScript passes them to `formatToolName` (a superset of every convention's fields).
#[derive(Deserialize, Default)]
#[serde(default)]
struct JsParts {
    name: Option<String>,
    namespace: Option<String>,
    tool: Option<String>,
    server: Option<String>,
    mcp: Option<String>,
    action: Option<String>,
    entity: Option<String>,
    segments: Option<Vec<String>>,
}

/// `formatToolName`.
#[wasm_bindgen]
pub fn format_name(parts: JsValue, convention: u32, opts: JsValue) -> Result<String, JsValue> {
    let convention = convention_at(convention)?;
    let opts = options(opts)?;
    let p: JsParts = serde_wasm_bindgen::from_value(parts).map_err(|e| invalid(format!("parts: {e}")))?;
    let need = |field: &Option<String>, what: &str| -> Result<String, JsValue> {
        field.clone().ok_or_else(|| invalid(format!("parts: {what} is required for the {convention} convention")))
    };
    let joined;
    let (a, b);
    let parts = match convention {
        Convention::Mcp => {
            a = need(&p.name, "name")?;
            Parts::Mcp { name: &a }
        }
        Convention::Chora => {
            (a, b) = (need(&p.namespace, "namespace")?, need(&p.tool, "tool")?);
            Parts::Chora { namespace: &a, tool: &b }
        }
        Convention::Syntropy => {
            (a, b) = (p.server.clone().unwrap_or_default(), need(&p.tool, "tool")?);
            Parts::Syntropy { server: p.server.as_ref().map(|_| a.as_str()), tool: &b }
        }
        Convention::Claude => {
            (a, b) = (need(&p.server, "server")?, need(&p.tool, "tool")?);
            Parts::Claude { server: &a, tool: &b }
        }
        Convention::Agent => {
            (a, b) = (p.mcp.clone().unwrap_or_default(), need(&p.tool, "tool")?);
            Parts::Agent { mcp: p.mcp.as_ref().map(|_| a.as_str()), tool: &b }
        }
        Convention::OpenProject => {
            (a, b) = (need(&p.action, "action")?, need(&p.entity, "entity")?);
            Parts::OpenProject { action: &a, entity: &b }
        }
        Convention::Registry => {
            joined = p
                .segments
                .ok_or_else(|| invalid("parts: segments is required for the registry convention".into()))?
                .join(".");
            Parts::Registry { id: &joined }
        }
    };
    convention::format_with(&parts, &opts).map_err(|e| error_to_js("", &e))
}

/// `convertToolName`.
#[wasm_bindgen]
pub fn convert_name(name: &str, from: u32, to: u32, opts: JsValue) -> Result<String, JsValue> {
    convention::convert(name, convention_at(from)?, convention_at(to)?, &options(opts)?)
        .map_err(|e| error_to_js(name, &e))
}

/// `detectConventions`: a bit per convention index.
#[wasm_bindgen]
pub fn detect_mask(name: &str, opts: JsValue) -> Result<u32, JsValue> {
    let opts = options(opts)?;
    Ok(Convention::ALL
        .iter()
        .enumerate()
        .filter(|(_, c)| convention::is_valid(name, **c, &opts))
        .fold(0, |m, (i, _)| m | 1 << i))
}

#[derive(Serialize)]
struct JsConvention {
    id: &'static str,
    title: &'static str,
    grammar: &'static str,
    examples: JsExamples,
}

#[derive(Serialize)]
struct JsExamples {
    valid: &'static [&'static str],
    invalid: &'static [&'static str],
}

/// `conventions()`.
#[wasm_bindgen]
pub fn conventions() -> JsValue {
    let list: Vec<JsConvention> = Convention::ALL
        .iter()
        .map(|c| {
            let (valid, invalid) = c.examples();
            JsConvention { id: c.id(), title: c.title(), grammar: c.grammar(), examples: JsExamples { valid, invalid } }
        })
        .collect();
    to_js(&list)
}

#[derive(Serialize)]
struct JsUri<'a> {
    namespace: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    id: &'a str,
    query: serde_json_compatible::Pairs<'a>,
}

mod serde_json_compatible {
    use serde::ser::SerializeMap;
    use serde::Serialize;

    /// Query pairs serialized as a plain object, in order.
    pub struct Pairs<'a>(pub &'a [(String, String)]);

    impl Serialize for Pairs<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut map = s.serialize_map(Some(self.0.len()))?;
            for (k, v) in self.0 {
                map.serialize_entry(k, v)?;
            }
            map.end()
        }
    }
}

fn uri_js(u: &ResourceUri) -> JsUri<'_> {
    JsUri { namespace: &u.namespace, kind: &u.kind, id: &u.id, query: serde_json_compatible::Pairs(&u.query) }
}

/// `parseResourceUri`.
#[wasm_bindgen]
pub fn parse_uri(text: &str) -> Result<JsValue, JsValue> {
    uri::parse_resource_uri(text).map(|u| to_js(&uri_js(&u))).map_err(|e| error_to_js(text, &e))
}

/// A URI's parts as JavaScript passes them to `formatResourceUri`; the query keeps its order.
#[derive(Deserialize)]
struct JsUriIn {
    namespace: String,
    #[serde(rename = "type")]
    kind: String,
    id: String,
    #[serde(default)]
    query: Option<crate::pairs::Pairs>,
}

/// `formatResourceUri`.
#[wasm_bindgen]
pub fn format_uri(parts: JsValue) -> Result<String, JsValue> {
    let p: JsUriIn = serde_wasm_bindgen::from_value(parts).map_err(|e| invalid(format!("parts: {e}")))?;
    let u =
        ResourceUri { namespace: p.namespace, kind: p.kind, id: p.id, query: p.query.map(|q| q.0).unwrap_or_default() };
    uri::format_resource_uri(&u).map_err(|e| error_to_js("", &e))
}

#[derive(Serialize)]
struct JsUriReport<'a> {
    valid: bool,
    convention: &'static str,
    errors: Vec<JsDiagnostic<'a>>,
    warnings: Vec<JsDiagnostic<'a>>,
    parts: Option<JsUri<'a>>,
    suggestion: Option<&'a str>,
}

/// `validateResourceUri`.
#[wasm_bindgen]
pub fn validate_uri(text: &str, expected_namespace: Option<String>) -> JsValue {
    let r = uri::validate_resource_uri(text, expected_namespace.as_deref());
    to_js(&JsUriReport {
        valid: r.is_valid(),
        convention: "chora",
        errors: js_diagnostics(text, &r.errors),
        warnings: js_diagnostics(text, &r.warnings),
        parts: r.parts.as_ref().map(uri_js),
        suggestion: r.suggestion.as_deref(),
    })
}

/// `namespaceFromSlug`.
#[wasm_bindgen]
pub fn namespace_from_slug(slug: &str) -> Result<String, JsValue> {
    convention::chora::namespace_from_slug(slug).map_err(|e| error_to_js(slug, &e))
}

/// `checkProviders`: a bit per provider index.
#[wasm_bindgen]
pub fn providers_mask(name: &str) -> u32 {
    provider::check_providers(name).iter().enumerate().filter(|(_, (_, ok))| *ok).fold(0, |m, (i, _)| m | 1 << i)
}

/// `fitToolName`.
#[wasm_bindgen]
pub fn fit_name(name: &str, provider: u32, taken: Vec<String>) -> Result<String, JsValue> {
    let provider = provider_at(provider)?;
    Ok(provider::fit_with(name, provider, |n| taken.iter().any(|t| t == n)))
}

/// `fitToolNames`.
#[wasm_bindgen]
pub fn fit_names(names: Vec<String>, provider: u32) -> Result<Vec<String>, JsValue> {
    Ok(provider::fit_all(&names, provider_at(provider)?))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsLayers<'a> {
    permission: &'a str,
    registry: &'a str,
    server: Option<&'a str>,
    pool: Option<&'a str>,
    upstream_prefix: Option<&'a str>,
    upstream_tool: &'a str,
    backend_name: String,
}

/// `syntropyLayers`.
#[wasm_bindgen]
pub fn syntropy_layers(name: &str, opts: JsValue) -> Result<JsValue, JsValue> {
    let l = layers(name, &options(opts)?).map_err(|e| error_to_js(name, &e))?;
    Ok(to_js(&JsLayers {
        permission: &l.permission,
        registry: &l.registry,
        server: l.server.as_deref(),
        pool: l.pool.as_deref(),
        upstream_prefix: l.upstream_prefix.as_deref(),
        upstream_tool: &l.upstream_tool,
        backend_name: l.backend_name(),
    }))
}

#[derive(Serialize)]
struct JsCheck<'a> {
    valid: bool,
    errors: Vec<JsDiagnostic<'a>>,
}

fn check_js(list: &[Diagnostic]) -> JsValue {
    to_js(&JsCheck { valid: list.is_empty(), errors: js_diagnostics("", list) })
}

/// `checkToolState`.
#[wasm_bindgen]
pub fn check_tool_state(state: JsValue, opts: JsValue) -> Result<JsValue, JsValue> {
    let state: ToolState = serde_wasm_bindgen::from_value(state)
        .map_err(|e| invalid(format!("tool state: {e}; expected {{\"enabled\": [...], \"disabled\": [...]}}")))?;
    Ok(check_js(&state.check(&options(opts)?)))
}

/// Whether a tool is enabled by a tool-state file.
#[wasm_bindgen]
pub fn tool_state_enables(state: JsValue, name: &str) -> Result<bool, JsValue> {
    let state: ToolState = serde_wasm_bindgen::from_value(state).map_err(|e| invalid(format!("tool state: {e}")))?;
    Ok(state.is_enabled(name))
}

/// `checkAllowList`.
#[wasm_bindgen]
pub fn check_allow(entries: Vec<String>, opts: JsValue) -> Result<JsValue, JsValue> {
    Ok(check_js(&check_allow_list(&entries, &options(opts)?)))
}

/// `matchesPermission`.
#[wasm_bindgen]
pub fn matches_permission(rule: &str, name: &str) -> Result<bool, JsValue> {
    convention::claude::Rule::parse(rule).map(|r| r.matches(name)).map_err(|e| error_to_js(rule, &e))
}

/// `normalizeServerName` (Claude Code's).
#[wasm_bindgen]
pub fn normalize_server_name(server: &str) -> String {
    convention::claude::normalize_server_name(server)
}

#[cfg(test)]
mod tests;
