//! TypeScript declarations and Python `TypedDict`s from the JSON Schema of the core's Rust
//! types: the one definition of the decisions, the facts and the tables the hosts' appliers
//! read (tests/contract.rs writes them; the build and mypy check the hosts against them).
//!
//! Covers the schema that schemars derives from the crate's types: objects with `properties`
//! and `required`, `oneOf` / `anyOf` (tagged enums, unit enums as `const` strings, `Option` as
//! `anyOf [T, null]`), arrays, `$ref`s into `$defs`, and `true` (any value).

use serde_json::{Map, Value};
use std::fmt::Write;

fn defs(schema: &Value) -> &Map<String, Value> {
    schema["$defs"].as_object().expect("the schema has $defs")
}

fn reference(s: &Value) -> Option<&str> {
    s.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/"))
}

fn variants(s: &Value) -> Option<&Vec<Value>> {
    s.get("oneOf").or_else(|| s.get("anyOf")).and_then(Value::as_array)
}

fn doc(s: &Value) -> Option<String> {
    let d = s.get("description")?.as_str()?;
    // Rust doc links read as plain code: "[`a`](b)" and "[`a`]" as "`a`".
    let mut out = String::with_capacity(d.len());
    let mut rest = d;
    while let Some(at) = rest.find("[`") {
        out.push_str(&rest[..at]);
        let Some(end) = rest[at..].find("`]") else { break };
        out.push_str(&rest[at + 1..at + end + 1]);
        rest = &rest[at + end + 2..];
        if rest.starts_with('(') {
            rest = rest.find(')').map_or(rest, |close| &rest[close + 1..]);
        }
    }
    out.push_str(rest);
    Some(out.replace('\n', " "))
}

fn is_null(s: &Value) -> bool {
    s.get("type").and_then(Value::as_str) == Some("null")
}

fn pascal(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
        })
        .collect()
}

/// The TypeScript of every definition of `schema`, in name order.
pub fn typescript(schema: &Value, header: &str) -> String {
    let mut out = String::from(header);
    for (name, s) in defs(schema) {
        out.push('\n');
        if let Some(d) = doc(s) {
            let _ = writeln!(out, "/** {d} */");
        }
        if s.get("properties").is_some() {
            let _ = writeln!(out, "export interface {name} {}", ts_object(s, 0));
        } else {
            let _ = writeln!(out, "export type {name} = {};", ts(s, 0));
        }
    }
    out
}

fn ts(s: &Value, depth: usize) -> String {
    if s == &Value::Bool(true)
        || s.as_object().is_some_and(|o| o.is_empty() || (o.len() == 1 && o.contains_key("description")))
    {
        return "unknown".into();
    }
    if let Some(r) = reference(s) {
        return r.to_string();
    }
    if let Some(c) = s.get("const") {
        return c.to_string().replace('"', "'");
    }
    if let Some(e) = s.get("enum").and_then(Value::as_array) {
        return e.iter().map(|v| v.to_string().replace('"', "'")).collect::<Vec<_>>().join(" | ");
    }
    if let Some(vs) = variants(s) {
        let mut parts: Vec<String> = vs.iter().map(|v| ts(v, depth)).collect();
        parts.dedup();
        return parts.join(" | ");
    }
    match s.get("type") {
        Some(Value::Array(types)) => types
            .iter()
            .map(|t| ts(&serde_json::json!({ "type": t, "items": s.get("items") }), depth))
            .collect::<Vec<_>>()
            .join(" | "),
        Some(Value::String(t)) => match t.as_str() {
            "string" => "string".into(),
            "integer" | "number" => "number".into(),
            "boolean" => "boolean".into(),
            "null" => "null".into(),
            "array" => match s.get("prefixItems").and_then(Value::as_array) {
                Some(items) => format!("[{}]", items.iter().map(|i| ts(i, depth)).collect::<Vec<_>>().join(", ")),
                None => {
                    let item = s.get("items").map_or_else(|| "unknown".into(), |i| ts(i, depth));
                    if item.contains(' ') {
                        format!("({item})[]")
                    } else {
                        format!("{item}[]")
                    }
                }
            },
            "object" if s.get("properties").is_some() => ts_object(s, depth),
            "object" => match s.get("additionalProperties") {
                Some(a) if a.is_object() => format!("Record<string, {}>", ts(a, depth)),
                _ => "Record<string, unknown>".into(),
            },
            other => panic!("no TypeScript for the type {other}"),
        },
        _ => panic!("no TypeScript for the schema {s}"),
    }
}

fn ts_object(s: &Value, depth: usize) -> String {
    let required: Vec<&str> = s
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let indent = "  ".repeat(depth + 1);
    let mut out = String::from("{\n");
    for (key, p) in s["properties"].as_object().expect("properties") {
        if let Some(d) = doc(p) {
            let _ = writeln!(out, "{indent}/** {d} */");
        }
        let optional = if required.contains(&key.as_str()) { "" } else { "?" };
        let _ = writeln!(out, "{indent}{key}{optional}: {};", ts(p, depth + 1));
    }
    out.push_str(&"  ".repeat(depth));
    out.push('}');
    out
}

/// The Python `TypedDict`s (and type aliases) of every definition of `schema`: a definition
/// whose variants are objects becomes a class per variant (`{Name}{Tag}`) and their union.
pub fn python(schema: &Value, header: &str) -> String {
    let mut classes = String::new();
    for (name, s) in defs(schema) {
        py_def(name, s, &mut classes);
    }
    format!("{header}{classes}")
}

fn py_def(name: &str, s: &Value, out: &mut String) {
    if s.get("properties").is_some() {
        py_class(name, s, out);
        return;
    }
    if let Some(vs) = variants(s).filter(|vs| vs.iter().any(|v| v.get("properties").is_some())) {
        let mut members = Vec::new();
        for (i, v) in vs.iter().enumerate() {
            let tag = v["properties"]
                .as_object()
                .and_then(|p| p.values().find_map(|t| t.get("const")?.as_str()))
                .map_or_else(|| format!("{i}"), pascal);
            let class = format!("{name}{tag}");
            py_class(&class, v, out);
            members.push(class);
        }
        let _ = writeln!(out, "\n{name} = Union[{}]", members.join(", "));
        if let Some(d) = doc(s) {
            let _ = writeln!(out, "\"\"\"{d}\"\"\"");
        }
        return;
    }
    let _ = writeln!(out, "\n{name} = {}", py(s));
    if let Some(d) = doc(s) {
        let _ = writeln!(out, "\"\"\"{d}\"\"\"");
    }
}

fn py_class(name: &str, s: &Value, out: &mut String) {
    let required: Vec<&str> = s
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    // The functional form: keys such as `from` are Python keywords.
    let _ = writeln!(out, "\n{name} = TypedDict(\n    \"{name}\",\n    {{");
    for (key, p) in s["properties"].as_object().expect("properties") {
        let t = py(p);
        let t = if required.contains(&key.as_str()) { format!("Required[{t}]") } else { t };
        let _ = writeln!(out, "        \"{key}\": {t},");
    }
    let _ = writeln!(out, "    }},\n    total=False,\n)");
    if let Some(d) = doc(s) {
        let _ = writeln!(out, "\"\"\"{d}\"\"\"");
    }
}

fn py(s: &Value) -> String {
    if s == &Value::Bool(true)
        || s.as_object().is_some_and(|o| o.is_empty() || (o.len() == 1 && o.contains_key("description")))
    {
        return "Any".into();
    }
    if let Some(r) = reference(s) {
        return format!("\"{r}\"");
    }
    if let Some(c) = s.get("const") {
        return format!("Literal[{c}]");
    }
    if let Some(e) = s.get("enum").and_then(Value::as_array) {
        return format!("Literal[{}]", e.iter().map(Value::to_string).collect::<Vec<_>>().join(", "));
    }
    if let Some(vs) = variants(s) {
        if vs.iter().all(|v| v.get("const").is_some()) {
            return format!("Literal[{}]", vs.iter().map(|v| v["const"].to_string()).collect::<Vec<_>>().join(", "));
        }
        let (nulls, rest): (Vec<&Value>, Vec<&Value>) = vs.iter().partition(|v| is_null(v));
        let inner: Vec<String> = rest.iter().map(|v| py(v)).collect();
        let inner = if inner.len() == 1 { inner[0].clone() } else { format!("Union[{}]", inner.join(", ")) };
        return if nulls.is_empty() { inner } else { format!("Optional[{inner}]") };
    }
    match s.get("type") {
        Some(Value::Array(types)) => {
            let parts: Vec<String> =
                types.iter().map(|t| py(&serde_json::json!({ "type": t, "items": s.get("items") }))).collect();
            format!("Union[{}]", parts.join(", "))
        }
        Some(Value::String(t)) => match t.as_str() {
            "string" => "str".into(),
            "integer" => "int".into(),
            "number" => "float".into(),
            "boolean" => "bool".into(),
            "null" => "None".into(),
            "array" => match s.get("prefixItems").and_then(Value::as_array) {
                Some(items) => format!("Tuple[{}]", items.iter().map(py).collect::<Vec<_>>().join(", ")),
                None => format!("List[{}]", s.get("items").map_or_else(|| "Any".into(), py)),
            },
            "object" => "Dict[str, Any]".into(),
            other => panic!("no Python for the type {other}"),
        },
        _ => panic!("no Python for the schema {s}"),
    }
}
