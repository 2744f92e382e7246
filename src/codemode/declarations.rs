//! Declarations as text: a `.d.ts` (TypeScript and JavaScript) or a `.pyi` (Python) for the
//! namespaces and their functions, and with the `files` layout one module per tool.
//!
//! Types come from `inputSchema` and `outputSchema` for the common subset of JSON Schema: `type`
//! `string`, `number`, `integer`, `boolean`, `null`, `array` (`items`), `object` (`properties`,
//! `required`, `additionalProperties`), a list of types (`["string", "null"]`), OpenAPI's
//! `nullable`, `enum` and `const` as literal unions, `anyOf` / `oneOf` as unions; anything else
//! is `unknown` (`Any`). Descriptions become doc comments and docstrings, escaped so that no text
//! ends them: `*/` is written `*\/`; in a docstring `\` and `"` are escaped.

use super::js;
use super::{File, Language, Tool};
use crate::json::Json;

/// Nesting past this depth is `unknown`.
const MAX_DEPTH: usize = 32;

/// A namespace to declare.
pub(crate) struct Namespace<'a> {
    pub server: &'a str,
    pub identifier: String,
    pub functions: Vec<Function<'a>>,
}

/// A function to declare.
pub(crate) struct Function<'a> {
    pub tool: &'a Tool,
    /// The name the function calls back with (the tool's name; a router's exposed name).
    pub call_name: &'a str,
    pub identifier: String,
    pub type_name: String,
    /// With the files layout.
    pub path: Option<String>,
}

/// How a TypeScript type is written.
#[derive(Clone, Copy)]
struct Ts {
    /// Objects over several lines, with their properties' descriptions.
    multiline: bool,
    /// Inside a JSDoc comment: no `*/` anywhere.
    in_comment: bool,
}

// ----- Escaping -----

/// `text` as the lines of a doc comment's body: `*/` never closes it, controls other than tab
/// become spaces, line ends are kept.
fn doc_lines(text: &str) -> Vec<String> {
    let clean: String = text
        .replace("\r\n", "\n")
        .chars()
        .map(|c| if c == '\n' || c == '\t' || !c.is_control() { c } else { ' ' })
        .collect();
    let escaped = clean.replace("*/", "*\\/");
    escaped.split('\n').map(|l| l.trim_end().to_string()).collect()
}

/// The lines of a doc comment for `paragraphs` (empty ones left out), a blank line between them.
fn doc_body(paragraphs: &[&str]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for p in paragraphs.iter().filter(|p| !p.trim().is_empty()) {
        if !lines.is_empty() {
            lines.push(String::new());
        }
        lines.extend(doc_lines(p.trim()));
    }
    lines
}

/// A `/** ... */` comment at `indent`, or nothing for empty text.
fn doc_comment(out: &mut String, indent: &str, paragraphs: &[&str]) {
    let lines = doc_body(paragraphs);
    match lines.len() {
        0 => {}
        1 => out.push_str(&format!("{indent}/** {} */\n", lines[0])),
        _ => {
            out.push_str(&format!("{indent}/**\n"));
            for l in lines {
                if l.is_empty() {
                    out.push_str(&format!("{indent} *\n"));
                } else {
                    out.push_str(&format!("{indent} * {l}\n"));
                }
            }
            out.push_str(&format!("{indent} */\n"));
        }
    }
}

/// A TypeScript string literal; in a comment, with no `*/`.
fn ts_string(s: &str, ctx: Ts) -> String {
    let quoted = js::string(s);
    if ctx.in_comment {
        quoted.replace("*/", "*\\/")
    } else {
        quoted
    }
}

/// A property name: bare where it is an identifier, else a string literal.
fn ts_key(key: &str, ctx: Ts) -> String {
    let mut b = key.bytes();
    let ident = b.next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_' || c == b'$')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$');
    if ident {
        key.to_string()
    } else {
        ts_string(key, ctx)
    }
}

/// A Python string literal in double quotes.
pub(crate) fn py_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    py_escape_into(s, &mut out);
    out.push('"');
    out
}

fn py_escape_into(s: &str, out: &mut String) {
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
}

/// A docstring at `indent`: `\` and `"` escaped (so neither `"""` nor a trailing `"` can end it
/// early), controls escaped, line ends kept.
fn docstring(out: &mut String, indent: &str, paragraphs: &[&str]) {
    let text: Vec<&str> = paragraphs.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).collect();
    if text.is_empty() {
        out.push_str(&format!("{indent}...\n"));
        return;
    }
    let joined = text.join("\n\n").replace("\r\n", "\n").replace('\r', "\n");
    let mut body = String::new();
    for (i, line) in joined.split('\n').enumerate() {
        if i > 0 {
            body.push('\n');
            if !line.is_empty() {
                body.push_str(indent);
            }
        }
        let mut escaped = String::new();
        for c in line.chars() {
            match c {
                '\\' => escaped.push_str("\\\\"),
                '"' => escaped.push_str("\\\""),
                '\t' => escaped.push('\t'),
                c if (c as u32) < 0x20 || c == '\u{7f}' => escaped.push_str(&format!("\\x{:02x}", c as u32)),
                c => escaped.push(c),
            }
        }
        body.push_str(escaped.trim_end());
    }
    if joined.contains('\n') {
        out.push_str(&format!("{indent}\"\"\"{body}\n{indent}\"\"\"\n"));
    } else {
        out.push_str(&format!("{indent}\"\"\"{body}\"\"\"\n"));
    }
}

// ----- JSON Schema to TypeScript -----

fn is_truthy_object(schema: &Json) -> bool {
    schema.as_object().is_some()
}

/// A literal type for a JSON value, or `None` where none is written (objects, arrays).
fn ts_literal(v: &Json, ctx: Ts) -> Option<String> {
    Some(match v {
        Json::Null => "null".to_string(),
        Json::Bool(b) => b.to_string(),
        Json::Number(n) => js::number(*n),
        Json::String(s) => ts_string(s, ctx),
        Json::Array(_) | Json::Object(_) => return None,
    })
}

/// Joins distinct members into a union; `unknown` absorbs the others, `never` disappears.
fn union(members: Vec<String>, unknown: &str, never: &str) -> String {
    if members.iter().any(|m| m == unknown) {
        return unknown.to_string();
    }
    let mut distinct: Vec<String> = Vec::new();
    for m in members {
        if m != never && !distinct.contains(&m) {
            distinct.push(m);
        }
    }
    match distinct.len() {
        0 => never.to_string(),
        _ => distinct.join(" | "),
    }
}

fn ts_type(schema: &Json, level: usize, depth: usize, ctx: Ts) -> String {
    if depth > MAX_DEPTH {
        return "unknown".into();
    }
    let Some(members) = schema.as_object() else {
        return match schema {
            Json::Bool(false) => "never".into(),
            _ => "unknown".into(),
        };
    };
    let get = |k: &str| members.iter().rev().find(|(key, _)| key == k).map(|(_, v)| v);
    let rendered = if let Some(c) = get("const") {
        ts_literal(c, ctx).unwrap_or_else(|| "unknown".into())
    } else if let Some(Json::Array(values)) = get("enum") {
        match values.iter().map(|v| ts_literal(v, ctx)).collect::<Option<Vec<_>>>() {
            Some(literals) => union(literals, "unknown", "never"),
            None => "unknown".into(),
        }
    } else if let Some(Json::Array(variants)) = get("anyOf")
        .filter(|v| v.as_array().is_some_and(|a| !a.is_empty()))
        .or_else(|| get("oneOf").filter(|v| v.as_array().is_some_and(|a| !a.is_empty())))
    {
        union(variants.iter().map(|v| ts_type(v, level, depth + 1, ctx)).collect(), "unknown", "never")
    } else {
        match get("type") {
            Some(Json::String(t)) => ts_keyword(t, members, level, depth, ctx),
            Some(Json::Array(types)) => {
                let list: Vec<String> =
                    types.iter().filter_map(Json::as_str).map(|t| ts_keyword(t, members, level, depth, ctx)).collect();
                if list.is_empty() {
                    "unknown".into()
                } else {
                    union(list, "unknown", "never")
                }
            }
            _ if get("properties").is_some_and(is_truthy_object) => ts_object(members, level, depth, ctx),
            _ if get("items").is_some() => ts_array(members, level, depth, ctx),
            _ => "unknown".into(),
        }
    };
    if get("nullable") == Some(&Json::Bool(true)) && rendered != "unknown" && rendered != "never" {
        union(vec![rendered, "null".into()], "unknown", "never")
    } else {
        rendered
    }
}

fn ts_keyword(t: &str, members: &[(String, Json)], level: usize, depth: usize, ctx: Ts) -> String {
    match t {
        "string" => "string".into(),
        "number" | "integer" => "number".into(),
        "boolean" => "boolean".into(),
        "null" => "null".into(),
        "array" => ts_array(members, level, depth, ctx),
        "object" => ts_object(members, level, depth, ctx),
        _ => "unknown".into(),
    }
}

fn member<'j>(members: &'j [(String, Json)], key: &str) -> Option<&'j Json> {
    members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn ts_array(members: &[(String, Json)], level: usize, depth: usize, ctx: Ts) -> String {
    match member(members, "items") {
        Some(items @ (Json::Object(_) | Json::Bool(_))) => format!("Array<{}>", ts_type(items, level, depth + 1, ctx)),
        _ => "unknown[]".into(),
    }
}

/// The properties of an object schema, each once (the last value of a key given twice).
fn properties(members: &[(String, Json)]) -> Vec<(&str, &Json)> {
    match member(members, "properties") {
        Some(Json::Object(props)) => {
            let mut out: Vec<(&str, &Json)> = Vec::new();
            for (k, v) in props {
                match out.iter_mut().find(|(o, _)| o == k) {
                    Some(slot) => slot.1 = v,
                    None => out.push((k, v)),
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

fn required(members: &[(String, Json)]) -> Vec<&str> {
    member(members, "required")
        .and_then(Json::as_array)
        .map(|r| r.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default()
}

fn description(schema: &Json) -> Option<&str> {
    schema.as_object().and_then(|m| member(m, "description")).and_then(Json::as_str).filter(|d| !d.trim().is_empty())
}

fn ts_object(members: &[(String, Json)], level: usize, depth: usize, ctx: Ts) -> String {
    let props = properties(members);
    let required = required(members);
    let additional = member(members, "additionalProperties");
    let index = match (additional, props.is_empty()) {
        (Some(Json::Bool(false)), _) => None,
        (None | Some(Json::Bool(true)), true) => Some("unknown".to_string()),
        (None, false) => None,
        (Some(ap @ Json::Object(_)), true) => Some(ts_type(ap, level + 1, depth + 1, ctx)),
        (Some(_), _) => Some("unknown".to_string()),
    };
    if props.is_empty() {
        return match index {
            None => "Record<string, never>".into(),
            Some(t) => format!("{{ [key: string]: {t} }}"),
        };
    }
    let inner = "  ".repeat(level + 1);
    let mut lines = Vec::new();
    for (key, schema) in &props {
        let optional = if required.contains(key) { "" } else { "?" };
        let t = ts_type(schema, level + 1, depth + 1, ctx);
        let mut line = String::new();
        if ctx.multiline {
            if let Some(d) = description(schema) {
                doc_comment(&mut line, &inner, &[d]);
            }
            line.push_str(&inner);
        }
        line.push_str(&format!("{}{optional}: {t};", ts_key(key, ctx)));
        lines.push(line);
    }
    if let Some(t) = index {
        let pad = if ctx.multiline { inner.as_str() } else { "" };
        lines.push(format!("{pad}[key: string]: {t};"));
    }
    if ctx.multiline {
        format!("{{\n{}\n{}}}", lines.join("\n"), "  ".repeat(level))
    } else {
        format!("{{ {} }}", lines.join(" "))
    }
}

/// The input type of a tool: an object type, whatever its schema says at the top (a tool's
/// arguments are an object).
fn ts_input(tool: &Tool, level: usize, ctx: Ts) -> String {
    match &tool.input_schema {
        Some(schema @ Json::Object(_)) => ts_type(schema, level, 0, ctx),
        _ => "{ [key: string]: unknown }".into(),
    }
}

fn ts_output(tool: &Tool, level: usize, ctx: Ts) -> String {
    match &tool.output_schema {
        Some(schema) => ts_type(schema, level, 0, ctx),
        None => "unknown".into(),
    }
}

/// The call line of a function's doc: which tool of which server it calls.
fn calls(server: &str, tool: &str) -> String {
    format!("Calls the tool {} of server {}.", js::string(tool), js::string(server))
}

/// The `.d.ts` text: one `declare namespace` per server (inside `outer`'s namespaces, when given,
/// such as OpenClaw's `MCP`).
pub(crate) fn typescript(namespaces: &[Namespace<'_>], header: &str, outer: Option<&str>) -> String {
    let ctx = Ts { multiline: true, in_comment: false };
    let mut out = format!("// {header}\n");
    let base = usize::from(outer.is_some());
    if let Some(o) = outer {
        out.push_str(&format!("declare namespace {o} {{\n"));
    }
    for ns in namespaces {
        let pad = "  ".repeat(base);
        let inner = "  ".repeat(base + 1);
        let keyword = if outer.is_some() { "namespace" } else { "declare namespace" };
        out.push_str(&format!("{pad}{keyword} {} {{\n", ns.identifier));
        for f in &ns.functions {
            out.push_str(&format!("{inner}type {}Input = {};\n", f.type_name, ts_input(f.tool, base + 1, ctx)));
            out.push_str(&format!("{inner}type {}Output = {};\n", f.type_name, ts_output(f.tool, base + 1, ctx)));
            let d = f.tool.description.as_deref().unwrap_or("");
            doc_comment(&mut out, &inner, &[d, &calls(ns.server, f.call_name)]);
            out.push_str(&format!(
                "{inner}function {}(input: {}Input): Promise<{}Output>;\n",
                f.identifier, f.type_name, f.type_name
            ));
        }
        out.push_str(&format!("{pad}}}\n"));
    }
    if outer.is_some() {
        out.push_str("}\n");
    }
    out
}

// ----- JSON Schema to Python -----

fn py_literal(v: &Json) -> Option<String> {
    Some(match v {
        Json::Null => "None".to_string(),
        Json::Bool(true) => "True".to_string(),
        Json::Bool(false) => "False".to_string(),
        Json::Number(n) if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_991.0 => format!("{}", *n as i64),
        Json::String(s) => py_string(s),
        _ => return None,
    })
}

fn py_type(schema: &Json, depth: usize) -> String {
    if depth > MAX_DEPTH {
        return "Any".into();
    }
    let Some(members) = schema.as_object() else { return "Any".into() };
    let get = |k: &str| member(members, k);
    let rendered = if let Some(c) = get("const") {
        py_literal(c).map_or_else(|| "Any".into(), |l| format!("Literal[{l}]"))
    } else if let Some(Json::Array(values)) = get("enum") {
        match values.iter().map(py_literal).collect::<Option<Vec<_>>>() {
            Some(literals) if !literals.is_empty() => {
                let mut distinct: Vec<String> = Vec::new();
                for l in literals {
                    if !distinct.contains(&l) {
                        distinct.push(l);
                    }
                }
                format!("Literal[{}]", distinct.join(", "))
            }
            _ => "Any".into(),
        }
    } else if let Some(Json::Array(variants)) = get("anyOf")
        .filter(|v| v.as_array().is_some_and(|a| !a.is_empty()))
        .or_else(|| get("oneOf").filter(|v| v.as_array().is_some_and(|a| !a.is_empty())))
    {
        union(variants.iter().map(|v| py_type(v, depth + 1)).collect(), "Any", "Never")
    } else {
        match get("type") {
            Some(Json::String(t)) => py_keyword(t, members, depth),
            Some(Json::Array(types)) => {
                let list: Vec<String> =
                    types.iter().filter_map(Json::as_str).map(|t| py_keyword(t, members, depth)).collect();
                if list.is_empty() {
                    "Any".into()
                } else {
                    union(list, "Any", "Never")
                }
            }
            _ if get("properties").is_some_and(is_truthy_object) => "dict[str, Any]".into(),
            _ if get("items").is_some() => py_keyword("array", members, depth),
            _ => "Any".into(),
        }
    };
    if get("nullable") == Some(&Json::Bool(true)) && rendered != "Any" {
        union(vec![rendered, "None".into()], "Any", "Never")
    } else {
        rendered
    }
}

fn py_keyword(t: &str, members: &[(String, Json)], depth: usize) -> String {
    match t {
        "string" => "str".into(),
        "number" => "float".into(),
        "integer" => "int".into(),
        "boolean" => "bool".into(),
        "null" => "None".into(),
        "array" => match member(members, "items") {
            Some(items @ Json::Object(_)) => format!("list[{}]", py_type(items, depth + 1)),
            _ => "list[Any]".into(),
        },
        "object" => match (member(members, "additionalProperties"), properties(members).is_empty()) {
            (Some(ap @ Json::Object(_)), true) => format!("dict[str, {}]", py_type(ap, depth + 1)),
            _ => "dict[str, Any]".into(),
        },
        _ => "Any".into(),
    }
}

/// A schema as a Python type declaration named `name`: a `TypedDict` for an object with
/// properties, else an alias.
fn py_declaration(name: &str, schema: Option<&Json>, top_object: bool) -> String {
    let members = schema.and_then(Json::as_object);
    let props = members.map(properties).unwrap_or_default();
    if let (Some(members), false) = (members, props.is_empty()) {
        let required = required(members);
        let fields: Vec<String> = props
            .iter()
            .map(|(k, v)| {
                let t = py_type(v, 1);
                let t = if required.contains(k) { t } else { format!("NotRequired[{t}]") };
                format!("{}: {t}", py_string(k))
            })
            .collect();
        return format!("{name} = TypedDict({}, {{{}}})", py_string(name), fields.join(", "));
    }
    let t = match schema {
        Some(s) if !top_object => py_type(s, 0),
        Some(s @ Json::Object(_)) => match py_type(s, 0) {
            t if t.starts_with("dict[") => t,
            _ => "dict[str, Any]".into(),
        },
        _ if top_object => "dict[str, Any]".into(),
        _ => "Any".into(),
    };
    // Explicit: `X = None` alone would be a variable, not a type.
    format!("{name}: TypeAlias = {t}")
}

const PY_IMPORTS: &str = "from typing import Any, Literal, Never, NotRequired, TypeAlias, TypedDict";

/// The `.pyi` text: one class per server, its tools static async methods, their types in it.
pub(crate) fn python(namespaces: &[Namespace<'_>], header: &str) -> String {
    let mut out = format!("# {header}\n{PY_IMPORTS}\n");
    for ns in namespaces {
        out.push_str(&format!("\n\nclass {}:\n", ns.identifier));
        if ns.functions.is_empty() {
            out.push_str("    pass\n");
        }
        for f in &ns.functions {
            let (input, output) = (format!("{}Input", f.type_name), format!("{}Output", f.type_name));
            out.push_str(&format!("    {}\n", py_declaration(&input, f.tool.input_schema.as_ref(), true)));
            out.push_str(&format!("    {}\n", py_declaration(&output, f.tool.output_schema.as_ref(), false)));
            out.push_str("    @staticmethod\n");
            // The types by their names in the class body (where the signature is evaluated): a
            // tool whose identifier is the class's own would shadow `ns.Type` there.
            out.push_str(&format!("    async def {}(input: {input}, /) -> {output}:\n", f.identifier));
            let d = f.tool.description.as_deref().unwrap_or("");
            docstring(&mut out, "        ", &[d, &calls(ns.server, f.call_name)]);
        }
    }
    out
}

// ----- The files layout -----

/// The runtime hook every tool's file imports, `servers/_runtime.<ext>`.
fn runtime(language: Language) -> File {
    let content = match language {
        Language::TypeScript => {
            "\
// The code mode runtime hook (generated by mcp-naming): install the function that calls a tool
// once, with setCallTool; every tool's function calls it.
export type CallTool = (server: string, tool: string, input: unknown) => Promise<unknown>;

let hook: CallTool | undefined;

/** Installs the function that calls a tool (a router's mapCodeModeCall, an MCP client's callTool). */
export function setCallTool(call: CallTool): void {
  hook = call;
}

/** Calls `tool` of `server` through the installed hook. */
export function callTool(server: string, tool: string, input: unknown): Promise<unknown> {
  if (hook === undefined) {
    return Promise.reject(new Error(\"code mode: call setCallTool(...) before calling a tool\"));
  }
  return hook(server, tool, input);
}
"
        }
        Language::JavaScript => {
            "\
// The code mode runtime hook (generated by mcp-naming): install the function that calls a tool
// once, with setCallTool; every tool's function calls it.

/** @typedef {(server: string, tool: string, input: unknown) => Promise<unknown>} CallTool */

/** @type {CallTool | undefined} */
let hook;

/**
 * Installs the function that calls a tool (a router's mapCodeModeCall, an MCP client's callTool).
 * @param {CallTool} call
 * @returns {void}
 */
export function setCallTool(call) {
  hook = call;
}

/**
 * Calls `tool` of `server` through the installed hook.
 * @param {string} server
 * @param {string} tool
 * @param {unknown} input
 * @returns {Promise<unknown>}
 */
export function callTool(server, tool, input) {
  if (hook === undefined) {
    return Promise.reject(new Error(\"code mode: call setCallTool(...) before calling a tool\"));
  }
  return hook(server, tool, input);
}
"
        }
        Language::Python => {
            "\
# The code mode runtime hook (generated by mcp-naming): install the function that calls a tool
# once, with set_call_tool; every tool's function calls it.
from collections.abc import Awaitable, Callable
from typing import Any

CallTool = Callable[[str, str, Any], Awaitable[Any]]

_hook: CallTool | None = None


def set_call_tool(call: CallTool) -> None:
    \"\"\"Installs the function that calls a tool (an MCP client's call_tool).\"\"\"
    global _hook
    _hook = call


async def call_tool(server: str, tool: str, input: Any) -> Any:
    \"\"\"Calls `tool` of `server` through the installed hook.\"\"\"
    if _hook is None:
        raise RuntimeError(\"code mode: call set_call_tool(...) before calling a tool\")
    return await _hook(server, tool, input)
"
        }
    };
    File { path: format!("{}/_runtime.{}", super::paths::ROOT, language.extension()), content: content.to_string() }
}

/// How a tool's file imports the runtime hook: under a name no identifier of a tool can take (a
/// tool named `call_tool` is `callTool`: the hook imported as itself would be shadowed, its
/// function calling itself). This view's identifiers never hold `$`.
const TS_IMPORT: &str = "import { callTool as $callTool } from \"../_runtime.js\";";

fn ts_file(ns: &Namespace<'_>, f: &Function<'_>, header: &str) -> String {
    let ctx = Ts { multiline: true, in_comment: false };
    let mut out = format!("// {header}\n{TS_IMPORT}\n\n");
    out.push_str(&format!("export type {}Input = {};\n", f.type_name, ts_input(f.tool, 0, ctx)));
    out.push_str(&format!("export type {}Output = {};\n\n", f.type_name, ts_output(f.tool, 0, ctx)));
    doc_comment(&mut out, "", &[f.tool.description.as_deref().unwrap_or(""), &calls(ns.server, f.call_name)]);
    out.push_str(&format!(
        "export async function {}(input: {t}Input): Promise<{t}Output> {{\n  return (await $callTool({}, {}, input)) as {t}Output;\n}}\n",
        f.identifier,
        js::string(ns.server),
        js::string(f.call_name),
        t = f.type_name
    ));
    out
}

fn js_file(ns: &Namespace<'_>, f: &Function<'_>, header: &str) -> String {
    let ctx = Ts { multiline: false, in_comment: true };
    let t = &f.type_name;
    let mut out = format!("// {header}\n{TS_IMPORT}\n\n");
    out.push_str(&format!("/** @typedef {{{}}} {t}Input */\n", ts_input(f.tool, 0, ctx)));
    out.push_str(&format!("/** @typedef {{{}}} {t}Output */\n\n", ts_output(f.tool, 0, ctx)));
    out.push_str("/**\n");
    for line in doc_body(&[f.tool.description.as_deref().unwrap_or(""), &calls(ns.server, f.call_name)]) {
        if line.is_empty() {
            out.push_str(" *\n");
        } else {
            // A checked JSDoc comment reads `@` as a tag: written `\@` in its text.
            out.push_str(&format!(" * {}\n", line.replace('@', "\\@")));
        }
    }
    out.push_str(&format!(" * @param {{{t}Input}} input\n * @returns {{Promise<{t}Output>}}\n */\n"));
    out.push_str(&format!(
        "export async function {}(input) {{\n  return /** @type {{{t}Output}} */ (await $callTool({}, {}, input));\n}}\n",
        f.identifier,
        js::string(ns.server),
        js::string(f.call_name)
    ));
    out
}

fn py_file(ns: &Namespace<'_>, f: &Function<'_>, header: &str) -> String {
    let (input, output) = (format!("{}Input", f.type_name), format!("{}Output", f.type_name));
    // The runtime module, not its function: `_runtime` is no tool's identifier (this view's
    // Python identifiers begin with `_` only before a digit), and a tool named `call_tool` would
    // shadow the function imported as itself.
    let mut out = format!("# {header}\n{PY_IMPORTS}, cast\n\nfrom .. import _runtime\n\n");
    out.push_str(&py_declaration(&input, f.tool.input_schema.as_ref(), true));
    out.push('\n');
    out.push_str(&py_declaration(&output, f.tool.output_schema.as_ref(), false));
    out.push_str("\n\n\n");
    out.push_str(&format!("async def {}(input: {input}, /) -> {output}:\n", f.identifier));
    let d = f.tool.description.as_deref().unwrap_or("");
    let mut doc = String::new();
    docstring(&mut doc, "    ", &[d, &calls(ns.server, f.call_name)]);
    out.push_str(&doc);
    out.push_str(&format!(
        "    return cast({output}, await _runtime.call_tool({}, {}, input))\n",
        py_string(ns.server),
        py_string(f.call_name)
    ));
    out
}

/// One file per function (at its path), then the runtime hook.
pub(crate) fn files(namespaces: &[Namespace<'_>], language: Language) -> Vec<File> {
    let mut out = Vec::new();
    for ns in namespaces {
        for f in &ns.functions {
            let Some(path) = &f.path else { continue };
            let header = format!(
                "Code mode: the tool {} of server {} (generated by mcp-naming).",
                js::string(f.call_name),
                js::string(ns.server)
            )
            // A line comment ends at any line terminator, JavaScript's U+2028 and U+2029 too.
            .replace(['\n', '\u{2028}', '\u{2029}'], " ");
            let content = match language {
                Language::TypeScript => ts_file(ns, f, &header),
                Language::JavaScript => js_file(ns, f, &header),
                Language::Python => py_file(ns, f, &header),
            };
            out.push(File { path: path.clone(), content });
        }
    }
    out.push(runtime(language));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(text: &str) -> Json {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn typescript_types_of_the_common_subset() {
        let ml = Ts { multiline: false, in_comment: false };
        let t = |s: &str| ts_type(&schema(s), 0, 0, ml);
        assert_eq!(t(r#"{"type":"string"}"#), "string");
        assert_eq!(t(r#"{"type":["integer","null"]}"#), "number | null");
        assert_eq!(t(r#"{"type":"string","nullable":true}"#), "string | null");
        assert_eq!(t(r#"{"enum":["a","b*/",1.5,null]}"#), r#""a" | "b*/" | 1.5 | null"#);
        assert_eq!(t(r#"{"enum":[]}"#), "never");
        assert_eq!(t(r#"{"const":{"a":1}}"#), "unknown");
        assert_eq!(t(r#"{"anyOf":[{"type":"string"},{"type":"number"},{"type":"string"}]}"#), "string | number");
        assert_eq!(t(r#"{"type":"array","items":{"type":["string","null"]}}"#), "Array<string | null>");
        assert_eq!(t(r#"{"type":"array"}"#), "unknown[]");
        assert_eq!(t(r##"{"$ref":"#/x"}"##), "unknown");
        assert_eq!(t(r#"{"allOf":[{"type":"string"}]}"#), "unknown");
        assert_eq!(t(r#"{"type":"object"}"#), "{ [key: string]: unknown }");
        assert_eq!(t(r#"{"type":"object","additionalProperties":false}"#), "Record<string, never>");
        assert_eq!(t(r#"{"type":"object","additionalProperties":{"type":"number"}}"#), "{ [key: string]: number }");
        assert_eq!(
            t(
                r#"{"type":"object","properties":{"a":{"type":"string"},"b-c":{},"a":{"type":"number"}},"required":["a"],"additionalProperties":true}"#
            ),
            r#"{ a: number; "b-c"?: unknown; [key: string]: unknown; }"#
        );
        let in_comment = Ts { multiline: false, in_comment: true };
        assert_eq!(ts_type(&schema(r#"{"enum":["*/"]}"#), 0, 0, in_comment), r#""*\/""#);
    }

    #[test]
    fn doc_comments_and_docstrings_cannot_be_closed_by_their_text() {
        let mut out = String::new();
        doc_comment(&mut out, "  ", &["ends */ here\r\nand \u{0}next", "second"]);
        assert_eq!(out, "  /**\n   * ends *\\/ here\n   * and  next\n   *\n   * second\n   */\n");
        let mut out = String::new();
        docstring(&mut out, "    ", &["say \"\"\" and \\ then \"", "x"]);
        assert_eq!(out, "    \"\"\"say \\\"\\\"\\\" and \\\\ then \\\"\n\n    x\n    \"\"\"\n");
        assert_eq!(py_string("a\"\\\n\u{1}"), "\"a\\\"\\\\\\n\\x01\"");
    }

    #[test]
    fn python_types_of_the_common_subset() {
        let p = |s: &str| py_type(&schema(s), 0);
        assert_eq!(p(r#"{"type":["string","null"]}"#), "str | None");
        assert_eq!(p(r#"{"enum":["a",1,true,null]}"#), r#"Literal["a", 1, True, None]"#);
        assert_eq!(p(r#"{"enum":[1.5]}"#), "Any");
        assert_eq!(p(r#"{"type":"array","items":{"type":"integer"}}"#), "list[int]");
        assert_eq!(p(r#"{"type":"object","additionalProperties":{"type":"string"}}"#), "dict[str, str]");
        assert_eq!(
            py_declaration(
                "XInput",
                Some(&schema(r#"{"type":"object","properties":{"a b":{"type":"string"},"c":{}},"required":["a b"]}"#)),
                true
            ),
            r#"XInput = TypedDict("XInput", {"a b": str, "c": NotRequired[Any]})"#
        );
        assert_eq!(py_declaration("XOutput", None, false), "XOutput: TypeAlias = Any");
        assert_eq!(
            py_declaration("XInput", Some(&schema(r#"{"type":"string"}"#)), true),
            "XInput: TypeAlias = dict[str, Any]"
        );
    }
}
