//! The `cloudflare-codemode` view: `@cloudflare/codemode` 0.5.6, byte for byte
//! (`dist/json-schema-types-D_m9tVnI.js`, from `src/utils.ts` and `src/json-schema-types.ts`).
//!
//! - `sanitizeToolName(name)`: empty → `_`; `-`, `.` and JavaScript whitespace (`\s`) → `_`;
//!   every other character outside `[a-zA-Z0-9_$]` dropped; empty → `_`; a leading digit gets
//!   `_` before it; a word of its `JS_RESERVED` set gets `_` after it.
//! - Each server is a connector whose global is `sanitizeToolName(server)`; its declaration is
//!   `generateTypesFromJsonSchema` of its tools as a record keyed by their names
//!   (`Object.fromEntries`: a name given twice keeps its first place and its last tool, array
//!   indexes come first), `declare const codemode` replaced by `declare const <global>` as
//!   `renderConnectorTypes` does. The servers' texts are joined by a blank line.
//! - `generateTypesFromJsonSchema` and `jsonSchemaToTypeString` are followed as JavaScript runs
//!   them, their `TypeError`s included (a schema keyword of the wrong type throws, and the tool
//!   falls back to `unknown` types after what was already written): truthiness, `Object.entries`
//!   order, `String(number)`, `JSON.stringify`, `$ref` pointers that reach `Object.prototype`.
//!
//! Nothing separates two tools it maps to one name: they become two members and two type
//! aliases of one name (`codemode_collision`, naming every tool of the group).

use super::{collision, listed_twice, renamed, server_path, shadows, tool_path, Input, Noun};
use crate::codemode::js;
use crate::codemode::{CodeMode, Function, Namespace, Options, Tool, View};
use crate::json::Json;
use std::collections::HashMap;

/// `JS_RESERVED` of `src/utils.ts`.
const JS_RESERVED: &[&str] = &[
    "abstract",
    "arguments",
    "await",
    "boolean",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "double",
    "else",
    "enum",
    "eval",
    "export",
    "extends",
    "false",
    "final",
    "finally",
    "float",
    "for",
    "function",
    "goto",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "int",
    "interface",
    "let",
    "long",
    "native",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "short",
    "static",
    "super",
    "switch",
    "synchronized",
    "this",
    "throw",
    "throws",
    "transient",
    "true",
    "try",
    "typeof",
    "undefined",
    "var",
    "void",
    "volatile",
    "while",
    "with",
    "yield",
];

/// `sanitizeToolName`.
pub(crate) fn sanitize_tool_name(name: &str) -> String {
    if name.is_empty() {
        return "_".into();
    }
    let mut s: String = name
        .chars()
        .filter_map(|c| match c {
            '-' | '.' => Some('_'),
            c if js::is_space(c) => Some('_'),
            c if c.is_ascii_alphanumeric() || c == '_' || c == '$' => Some(c),
            _ => None,
        })
        .collect();
    if s.is_empty() {
        return "_".into();
    }
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    if JS_RESERVED.contains(&s.as_str()) {
        s.push('_');
    }
    s
}

/// `toPascalCase`: `_x` → `X` (left to right, not overlapping), then the first letter up.
pub(crate) fn to_pascal_case(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'_' && b.get(i + 1).is_some_and(u8::is_ascii_lowercase) {
            out.push(b[i + 1].to_ascii_uppercase() as char);
            i += 2;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    if out.starts_with(|c: char| c.is_ascii_lowercase()) {
        out[..1].make_ascii_uppercase();
    }
    out
}

/// `escapeJsDoc`.
fn escape_js_doc(text: &str) -> String {
    text.replace("*/", "*\\/")
}

/// `text.replace(/\r?\n/g, " ")`.
fn one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace('\n', " ")
}

/// `escapeStringLiteral` (and `quoteProp`'s escaping).
fn escape_string_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) <= 31 || c as u32 == 127 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// `quoteProp`.
fn quote_prop(name: &str) -> String {
    let mut b = name.bytes();
    let ident = b.next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_' || c == b'$')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$');
    if ident {
        name.to_string()
    } else {
        format!("\"{}\"", escape_string_literal(name))
    }
}

/// JavaScript truthiness of a JSON value.
fn truthy(v: &Json) -> bool {
    match v {
        Json::Null => false,
        Json::Bool(b) => *b,
        Json::Number(n) => *n != 0.0,
        Json::String(s) => !s.is_empty(),
        Json::Array(_) | Json::Object(_) => true,
    }
}

/// `String(v)` of a JSON value.
fn to_js_string(v: &Json) -> String {
    match v {
        Json::Null => "null".into(),
        Json::Bool(b) => b.to_string(),
        Json::Number(n) => js::number(*n),
        Json::String(s) => s.clone(),
        // Array.prototype.toString: the elements' strings joined by ",", null as "".
        Json::Array(items) => items
            .iter()
            .map(|i| if matches!(i, Json::Null) { String::new() } else { to_js_string(i) })
            .collect::<Vec<_>>()
            .join(","),
        Json::Object(_) => "[object Object]".into(),
    }
}

/// The own property `key` of an object (the last of a key given twice, as `JSON.parse` keeps).
fn own<'j>(members: &'j [(String, Json)], key: &str) -> Option<&'j Json> {
    members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// A `TypeError` thrown somewhere in a tool's types.
struct Thrown;

/// A value `jsonSchemaToTypeString` may meet: JSON, or what a `$ref` pointer reaches past it.
#[derive(Clone, Copy)]
enum Val<'a> {
    J(&'a Json),
    /// `Object.prototype`.
    ObjectProto,
    /// `Array.prototype`.
    ArrayProto,
    /// A function (a prototype's method), a number (`length`), `null` reached by `__proto__`.
    Other,
    /// `undefined`.
    Undefined,
}

/// `Object.prototype`'s own properties (Node.js 20).
const OBJECT_PROTO: &[&str] = &[
    "constructor",
    "__defineGetter__",
    "__defineSetter__",
    "hasOwnProperty",
    "__lookupGetter__",
    "__lookupSetter__",
    "isPrototypeOf",
    "propertyIsEnumerable",
    "toString",
    "valueOf",
    "toLocaleString",
];

/// `Array.prototype`'s own properties (Node.js 20), `length` aside.
const ARRAY_PROTO: &[&str] = &[
    "constructor",
    "at",
    "concat",
    "copyWithin",
    "fill",
    "find",
    "findIndex",
    "findLast",
    "findLastIndex",
    "lastIndexOf",
    "pop",
    "push",
    "reverse",
    "shift",
    "unshift",
    "slice",
    "sort",
    "splice",
    "includes",
    "indexOf",
    "join",
    "keys",
    "entries",
    "values",
    "forEach",
    "filter",
    "flat",
    "flatMap",
    "map",
    "every",
    "some",
    "reduce",
    "reduceRight",
    "toLocaleString",
    "toString",
    "toReversed",
    "toSorted",
    "toSpliced",
    "with",
];

/// `current[seg]`.
fn lookup<'a>(current: Val<'a>, seg: &str) -> Val<'a> {
    let object_chain = |seg: &str| match seg {
        "__proto__" => Val::ObjectProto,
        s if OBJECT_PROTO.contains(&s) => Val::Other,
        _ => Val::Undefined,
    };
    match current {
        Val::J(Json::Object(m)) => own(m, seg).map_or_else(|| object_chain(seg), Val::J),
        Val::J(Json::Array(items)) => {
            let index = seg.parse::<u32>().ok().filter(|n| n.to_string() == seg && *n != u32::MAX);
            match index {
                Some(n) => items.get(n as usize).map_or(Val::Undefined, Val::J),
                None if seg == "length" => Val::Other,
                None if seg == "__proto__" => Val::ArrayProto,
                None if ARRAY_PROTO.contains(&seg) => Val::Other,
                None => object_chain(seg),
            }
        }
        Val::ObjectProto => match seg {
            "__proto__" => Val::Other,
            s if OBJECT_PROTO.contains(&s) => Val::Other,
            _ => Val::Undefined,
        },
        Val::ArrayProto => match seg {
            "length" => Val::Other,
            s if ARRAY_PROTO.contains(&s) => Val::Other,
            s => object_chain(s),
        },
        _ => Val::Undefined,
    }
}

/// `resolveRef(ref, root)`: `None` for JavaScript's `null`.
fn resolve_ref<'a>(reference: &str, root: Val<'a>) -> Option<Val<'a>> {
    if reference == "#" {
        return Some(root);
    }
    let pointer = reference.strip_prefix("#/")?;
    let mut current = root;
    for seg in pointer.split('/') {
        let seg = seg.replace("~1", "/").replace("~0", "~");
        let is_object =
            matches!(current, Val::J(Json::Object(_) | Json::Array(_)) | Val::ObjectProto | Val::ArrayProto);
        if !is_object {
            return None;
        }
        current = lookup(current, &seg);
        if matches!(current, Val::Undefined) {
            return None;
        }
    }
    match current {
        Val::J(Json::Bool(_)) => Some(current),
        Val::J(Json::Object(_) | Json::Array(_)) | Val::ObjectProto | Val::ArrayProto => Some(current),
        _ => None,
    }
}

struct Ctx<'a> {
    root: Val<'a>,
    depth: usize,
    /// The objects being converted (`ctx.seen`), by address.
    seen: Vec<usize>,
}

fn identity(v: Val<'_>) -> Option<usize> {
    match v {
        Val::J(j @ (Json::Object(_) | Json::Array(_))) => Some(j as *const Json as usize),
        Val::ObjectProto => Some(1),
        Val::ArrayProto => Some(2),
        _ => None,
    }
}

/// `applyNullable`.
fn nullable(result: String, schema: &[(String, Json)]) -> String {
    if result != "unknown" && result != "never" && own(schema, "nullable") == Some(&Json::Bool(true)) {
        format!("{result} | null")
    } else {
        result
    }
}

/// A literal of an `enum` or a `const`.
fn literal(v: &Json) -> String {
    match v {
        Json::Null => "null".into(),
        Json::String(s) => format!("\"{}\"", escape_string_literal(s)),
        Json::Object(_) | Json::Array(_) => js::stringify(v),
        other => to_js_string(other),
    }
}

/// `jsonSchemaToTypeString(schema, indent, ctx)`.
fn to_type(schema: Val<'_>, indent: &str, ctx: &mut Ctx<'_>) -> Result<String, Thrown> {
    if let Val::J(Json::Bool(b)) = schema {
        return Ok(if *b { "unknown" } else { "never" }.into());
    }
    if ctx.depth >= 20 {
        return Ok("unknown".into());
    }
    let id = identity(schema);
    if id.is_some_and(|id| ctx.seen.contains(&id)) {
        return Ok("unknown".into());
    }
    let members = match schema {
        // `schema.$ref` of undefined or null.
        Val::Undefined | Val::J(Json::Null) => return Err(Thrown),
        Val::J(Json::Object(m)) => m,
        // Primitives, arrays and prototypes have none of the keywords.
        _ => return Ok("unknown".into()),
    };
    ctx.seen.extend(id);
    ctx.depth += 1;
    let result = object_type(members, indent, ctx);
    ctx.depth -= 1;
    ctx.seen.pop();
    result
}

fn union_of(items: &[Json], sep: &str, indent: &str, ctx: &mut Ctx<'_>) -> Result<String, Thrown> {
    let mut parts = Vec::with_capacity(items.len());
    for item in items {
        parts.push(to_type(Val::J(item), indent, ctx)?);
    }
    Ok(parts.join(sep))
}

/// The properties `Object.entries` gives of `schema.properties || {}`: (name, value), where a
/// string's code units are strings (their types `unknown`).
enum Props<'a> {
    Entries(Vec<(String, Option<&'a Json>)>),
}

fn props_of(v: Option<&Json>) -> Props<'_> {
    match v {
        Some(Json::Object(m)) => {
            Props::Entries(js::entries(m).into_iter().map(|(k, v)| (k.to_string(), Some(v))).collect())
        }
        Some(Json::Array(items)) => {
            Props::Entries(items.iter().enumerate().map(|(i, v)| (i.to_string(), Some(v))).collect())
        }
        Some(Json::String(s)) if !s.is_empty() => {
            Props::Entries((0..s.encode_utf16().count()).map(|i| (i.to_string(), None)).collect())
        }
        _ => Props::Entries(Vec::new()),
    }
}

fn object_type(schema: &[(String, Json)], indent: &str, ctx: &mut Ctx<'_>) -> Result<String, Thrown> {
    let get = |k: &str| own(schema, k);
    if let Some(r) = get("$ref").filter(|r| truthy(r)) {
        let Json::String(reference) = r else { return Err(Thrown) };
        // A boolean `false` target is falsy: `if (!resolved) return "unknown"`.
        return match resolve_ref(reference, ctx.root) {
            None | Some(Val::J(Json::Bool(false))) => Ok("unknown".into()),
            Some(target) => Ok(nullable(to_type(target, indent, ctx)?, schema)),
        };
    }
    for (key, sep) in [("anyOf", " | "), ("oneOf", " | "), ("allOf", " & ")] {
        if let Some(v) = get(key).filter(|v| truthy(v)) {
            let Json::Array(items) = v else { return Err(Thrown) };
            return Ok(nullable(union_of(items, sep, indent, ctx)?, schema));
        }
    }
    if let Some(e) = get("enum").filter(|v| truthy(v)) {
        return match e {
            Json::Array(values) if values.is_empty() => Ok("never".into()),
            Json::Array(values) => Ok(nullable(values.iter().map(literal).collect::<Vec<_>>().join(" | "), schema)),
            // `{ length: 0 }.length === 0`; anything else has no `.map`.
            Json::Object(m) if matches!(own(m, "length"), Some(Json::Number(n)) if *n == 0.0) => Ok("never".into()),
            _ => Err(Thrown),
        };
    }
    if let Some(c) = get("const") {
        return Ok(nullable(literal(c), schema));
    }
    let t = get("type");
    match t.and_then(Json::as_str) {
        Some("string") => return Ok(nullable("string".into(), schema)),
        Some("number" | "integer") => return Ok(nullable("number".into(), schema)),
        Some("boolean") => return Ok(nullable("boolean".into(), schema)),
        Some("null") => return Ok("null".into()),
        Some("array") => {
            let tuple = |items: &[Json], ctx: &mut Ctx<'_>| -> Result<String, Thrown> {
                Ok(format!("[{}]", union_of(items, ", ", indent, ctx)?))
            };
            let out = if let Some(Json::Array(prefix)) = get("prefixItems") {
                tuple(prefix, ctx)?
            } else if let Some(Json::Array(items)) = get("items") {
                tuple(items, ctx)?
            } else if let Some(items) = get("items").filter(|v| truthy(v)) {
                format!("{}[]", to_type(Val::J(items), indent, ctx)?)
            } else {
                "unknown[]".into()
            };
            return Ok(nullable(out, schema));
        }
        _ => {}
    }
    let properties = get("properties").filter(|v| truthy(v));
    if t.and_then(Json::as_str) == Some("object") || properties.is_some() {
        let required: Vec<String> = match get("required").filter(|v| truthy(v)) {
            None => Vec::new(),
            Some(Json::Array(items)) => items.iter().filter_map(Json::as_str).map(str::to_string).collect(),
            Some(Json::String(s)) => s.chars().map(String::from).collect(),
            Some(_) => return Err(Thrown),
        };
        let inner = format!("{indent}    ");
        let mut lines: Vec<String> = Vec::new();
        let Props::Entries(entries) = props_of(properties);
        for (name, value) in entries {
            let optional = if required.contains(&name) { "" } else { "?" };
            if let Some(Json::Bool(b)) = value {
                lines.push(format!(
                    "{inner}{}{optional}: {};",
                    quote_prop(&name),
                    if *b { "unknown" } else { "never" }
                ));
                continue;
            }
            let prop_type = match value {
                Some(v) => to_type(Val::J(v), &inner, ctx)?,
                None => "unknown".into(),
            };
            let (desc, format) = match value {
                Some(Json::Object(m)) => (own(m, "description"), own(m, "format")),
                _ => (None, None),
            };
            let (desc, format) = (desc.filter(|d| truthy(d)), format.filter(|f| truthy(f)));
            if desc.is_some() || format.is_some() {
                let desc_text = match desc {
                    Some(Json::String(d)) => Some(escape_js_doc(&one_line(d))),
                    Some(_) => return Err(Thrown),
                    None => None,
                };
                let format_tag = match format {
                    Some(Json::String(f)) => Some(format!("@format {}", escape_js_doc(f))),
                    Some(_) => return Err(Thrown),
                    None => None,
                };
                match (desc_text, format_tag) {
                    (Some(d), Some(f)) => {
                        lines.push(format!("{inner}/**"));
                        lines.push(format!("{inner} * {d}"));
                        lines.push(format!("{inner} * {f}"));
                        lines.push(format!("{inner} */"));
                    }
                    (Some(one), None) | (None, Some(one)) => lines.push(format!("{inner}/** {one} */")),
                    (None, None) => {}
                }
            }
            lines.push(format!("{inner}{}{optional}: {prop_type};", quote_prop(&name)));
        }
        let additional = get("additionalProperties");
        if let Some(ap) = additional.filter(|v| truthy(v)) {
            let value_type =
                if *ap == Json::Bool(true) { "unknown".to_string() } else { to_type(Val::J(ap), &inner, ctx)? };
            lines.push(format!("{inner}[key: string]: {value_type};"));
        }
        if lines.is_empty() {
            let empty = if additional == Some(&Json::Bool(false)) { "{}" } else { "Record<string, unknown>" };
            return Ok(nullable(empty.into(), schema));
        }
        return Ok(nullable(format!("{{\n{}\n{indent}}}", lines.join("\n")), schema));
    }
    if let Some(Json::Array(types)) = t {
        let names: Vec<&str> = types
            .iter()
            .map(|t| match t.as_str() {
                Some("string") => "string",
                Some("number" | "integer") => "number",
                Some("boolean") => "boolean",
                Some("null") => "null",
                Some("array") => "unknown[]",
                Some("object") => "Record<string, unknown>",
                _ => "unknown",
            })
            .collect();
        return Ok(nullable(names.join(" | "), schema));
    }
    Ok("unknown".into())
}

/// `jsonSchemaToType(schema, typeName)`.
fn to_type_declaration(schema: Option<&Json>, type_name: &str) -> Result<String, Thrown> {
    let root = schema.map_or(Val::Undefined, Val::J);
    let mut ctx = Ctx { root, depth: 0, seen: Vec::new() };
    Ok(format!("type {type_name} = {}", to_type(root, "", &mut ctx)?))
}

/// `extractJsonSchemaDescriptions(schema)`, as the `@param` lines of the tool's comment.
fn param_lines(schema: Option<&Json>) -> Vec<String> {
    let Some(Json::Object(m)) = schema else { return Vec::new() };
    let Props::Entries(entries) = props_of(own(m, "properties").filter(|v| truthy(v)));
    // `descriptions[field] = description` into `{}`: `__proto__` sets the prototype (or is
    // ignored) instead; then `Object.entries` order.
    let mut fields: Vec<(String, Json)> = Vec::new();
    for (name, value) in entries {
        let Some(Json::Object(pm)) = value else { continue };
        let Some(d) = own(pm, "description").filter(|d| truthy(d)) else { continue };
        if name != "__proto__" {
            fields.push((name, d.clone()));
        }
    }
    js::entries(&fields).into_iter().map(|(f, d)| format!("@param input.{f} - {}", to_js_string(d))).collect()
}

/// `generateTypesFromJsonSchema(record)` of (key, tool) entries.
fn generate(entries: &[(&str, &Tool)]) -> String {
    let mut types = String::new();
    let mut tools = String::new();
    for (tool_name, tool) in entries {
        let safe = sanitize_tool_name(tool_name);
        let type_name = to_pascal_case(&safe);
        let fallback = |types: &mut String, tools: &mut String| {
            types.push_str(&format!("\ntype {type_name}Input = unknown"));
            types.push_str(&format!("\ntype {type_name}Output = unknown"));
            tools.push_str(&format!("\n\t/**\n\t * {}\n\t */", escape_js_doc(tool_name)));
            tools.push_str(&format!("\n\t{safe}: (input: {type_name}Input) => Promise<{type_name}Output>;"));
            tools.push('\n');
        };
        let input = to_type_declaration(tool.input_schema.as_ref(), &format!("{type_name}Input"));
        let output = match &tool.output_schema {
            Some(o) if truthy(o) => to_type_declaration(Some(o), &format!("{type_name}Output")),
            _ => Ok(format!("type {type_name}Output = unknown")),
        };
        let (Ok(input), Ok(output)) = (input, output) else {
            fallback(&mut types, &mut tools);
            continue;
        };
        types.push_str(&format!("\n{}", js::trim(&input)));
        types.push_str(&format!("\n{}", js::trim(&output)));
        let params = param_lines(tool.input_schema.as_ref());
        let first = match tool.raw_description() {
            None | Some(Json::Null) => escape_js_doc(tool_name),
            Some(Json::String(d)) if !js::trim(d).is_empty() => escape_js_doc(&one_line(js::trim(d))),
            Some(Json::String(_)) => escape_js_doc(tool_name),
            // `description.trim` is not a function: the types above stay, the fallback follows.
            Some(_) => {
                fallback(&mut types, &mut tools);
                continue;
            }
        };
        let mut lines = vec![first];
        lines.extend(params.iter().map(|p| escape_js_doc(&one_line(p))));
        let body: Vec<String> = lines.iter().map(|l| format!("\t * {l}")).collect();
        tools.push_str(&format!("\n\t/**\n{}\n\t */", body.join("\n")));
        tools.push_str(&format!("\n\t{safe}: (input: {type_name}Input) => Promise<{type_name}Output>;"));
        tools.push('\n');
    }
    let tools = format!("\ndeclare const codemode: {{{tools}}}");
    js::trim(&format!("\n{types}\n{tools}\n  ")).to_string()
}

/// The tools of a server as the record `Object.fromEntries` makes of them: each name once, at its
/// first place with its last tool, array indexes first.
fn record<'a>(tools: &[(&'a Tool, &'a str)]) -> Vec<(&'a str, &'a Tool)> {
    let mut by_name: Vec<(String, Json)> = Vec::new();
    let mut last: HashMap<&str, usize> = HashMap::new();
    for (i, (t, _)) in tools.iter().enumerate() {
        last.insert(&t.name, i);
        if !by_name.iter().any(|(n, _)| n == &t.name) {
            by_name.push((t.name.clone(), Json::Null));
        }
    }
    js::entries(&by_name)
        .into_iter()
        .map(|(name, _)| (tools[last[name]].0.name.as_str(), tools[last[name]].0))
        .collect()
}

/// Whether a global of the JavaScript hosts is named `word` (which a connector's `declare const`
/// would shadow).
fn is_global(word: &str) -> bool {
    crate::codemode::reserved::is_reserved(word, crate::codemode::Language::JavaScript)
        && crate::codemode::reserved::why(word, crate::codemode::Language::JavaScript) == "a JavaScript global"
}

pub(crate) fn project(inputs: &[Input<'_>], options: &Options) -> CodeMode {
    let view = View::CloudflareCodemode;
    let mut texts = Vec::with_capacity(inputs.len());
    let mut namespaces = Vec::with_capacity(inputs.len());
    let mut top = Vec::new();
    let mut globals: HashMap<String, Vec<(usize, &str)>> = HashMap::new();
    for (si, input) in inputs.iter().enumerate() {
        let global = sanitize_tool_name(input.label);
        globals.entry(global.clone()).or_default().push((si, input.label));
        if global != input.label {
            top.push(renamed(
                view,
                Noun::Server,
                input.label,
                &global,
                "sanitizeToolName names its connector's global",
                &server_path(si),
            ));
        }
        if is_global(&global) {
            top.push(shadows(view, input.label, &global, &server_path(si)));
        }
        let entries = record(&input.tools);
        // `String.prototype.replace` with a string: `$$` in the replacement is one `$` (a
        // sanitized name holds no `&`, `'` or backtick, so no other pattern applies).
        let replacement = format!("declare const {}", global.replace("$$", "$"));
        let text = generate(&entries).replacen("declare const codemode", &replacement, 1);
        texts.push(text);
        let names: Vec<String> = input.tools.iter().map(|(t, _)| sanitize_tool_name(&t.name)).collect();
        let mut groups: HashMap<&str, Vec<&str>> = HashMap::new();
        for ((t, _), n) in input.tools.iter().zip(&names) {
            let g = groups.entry(n.as_str()).or_default();
            if !g.contains(&t.name.as_str()) {
                g.push(&t.name);
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        let mut functions = Vec::with_capacity(input.tools.len());
        for (ti, ((t, call), n)) in input.tools.iter().zip(&names).enumerate() {
            let at = tool_path(si, ti);
            let mut diagnostics = Vec::new();
            if seen.contains(&t.name.as_str()) {
                diagnostics.push(listed_twice(&t.name, &at));
            } else {
                seen.push(&t.name);
                if n != &t.name {
                    diagnostics.push(renamed(view, Noun::Tool, &t.name, n, "sanitizeToolName rewrites it", &at));
                }
                let group = &groups[n.as_str()];
                if group.len() > 1 {
                    diagnostics.push(collision(
                        view,
                        Noun::Tool,
                        group,
                        n,
                        "the declaration lists one member and one type of that name for each, and its MCP connector refuses the catalog (\"both map to\"); rename them so they differ after sanitizeToolName",
                        &at,
                    ));
                }
                if n == "__proto__" {
                    diagnostics.push(collision(
                        view,
                        Noun::Tool,
                        &[&t.name],
                        n,
                        "a connector's tools record cannot hold it (the assignment sets the record's prototype), so the model cannot call it",
                        &at,
                    ));
                }
            }
            functions.push(Function { tool: call.to_string(), name: n.clone(), path: None, diagnostics });
        }
        namespaces.push(Namespace { server: input.server.to_string(), name: global, tools: functions });
    }
    let mut shared: Vec<(&String, &Vec<(usize, &str)>)> = globals.iter().filter(|(_, v)| v.len() > 1).collect();
    shared.sort();
    for (global, servers) in shared {
        let names: Vec<&str> = servers.iter().map(|(_, n)| *n).collect();
        top.push(collision(
            view,
            Noun::Server,
            &names,
            global,
            "two connectors declare one global, and code reaches only one of them",
            &server_path(servers[1].0),
        ));
    }
    CodeMode { options: *options, namespaces, declarations: texts.join("\n\n"), files: Vec::new(), diagnostics: top }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_tool_name_as_the_package_does() {
        let cases = [
            ("", "_"),
            ("get-user", "get_user"),
            ("get.user", "get_user"),
            ("get user", "get_user"),
            ("get\u{a0}user", "get_user"),
            ("héllo!", "hllo"),
            ("!!!", "_"),
            ("3d", "_3d"),
            ("class", "class_"),
            ("Object", "Object"),
            ("$ref", "$ref"),
            ("a__b", "a__b"),
        ];
        for (name, want) in cases {
            assert_eq!(sanitize_tool_name(name), want, "{name:?}");
        }
        assert_eq!(to_pascal_case("get_user"), "GetUser");
        assert_eq!(to_pascal_case("a__b"), "A_B");
        assert_eq!(to_pascal_case("_3d"), "_3d");
        assert_eq!(to_pascal_case("class_"), "Class_");
    }

    #[test]
    fn declarations_follow_the_package() {
        let schema: Json = serde_json::from_str(
            r#"{"type":"object","properties":{"q":{"type":"string","description":"Query */ here"},"n":{"type":"integer","format":"int32"}},"required":["q"]}"#,
        )
        .unwrap();
        let t = Tool::new("search-docs").with_description("Search.\nDocs").with_input_schema(schema);
        let text = generate(&[("search-docs", &t)]);
        assert_eq!(
            text,
            "type SearchDocsInput = {\n    /** Query *\\/ here */\n    q: string;\n    /** @format int32 */\n    n?: number;\n}\ntype SearchDocsOutput = unknown\n\ndeclare const codemode: {\n\t/**\n\t * Search. Docs\n\t * @param input.q - Query *\\/ here\n\t */\n\tsearch_docs: (input: SearchDocsInput) => Promise<SearchDocsOutput>;\n}"
        );
        // No input schema: `undefined.$ref` throws, the tool falls back.
        let bare = Tool::new("x");
        assert_eq!(
            generate(&[("x", &bare)]),
            "type XInput = unknown\ntype XOutput = unknown\n\ndeclare const codemode: {\n\t/**\n\t * x\n\t */\n\tx: (input: XInput) => Promise<XOutput>;\n}"
        );
    }
}
