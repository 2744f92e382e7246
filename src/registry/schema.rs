//! The JSON Schema subset tool descriptors use, and values checked against it: `type` (`object`,
//! `string`, `integer`, `number`, `boolean`, `array`, `null`, or a list of them), `properties`,
//! `required`, `enum`, `items`, `additionalProperties` (a boolean or a schema), and the
//! annotations `description`, `title`, `default`, `examples`, which are not checked.
//!
//! ```
//! use mcp_naming::Json;
//! use mcp_naming::registry::check_value;
//! let schema: Json = serde_json::from_str(r#"{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}"#).unwrap();
//! let value: Json = serde_json::from_str(r#"{"n": 1.5}"#).unwrap();
//! let mut errors = Vec::new();
//! check_value(&schema, &value, "input", &mut errors);
//! assert_eq!(errors[0].message, "input.n: expected integer, got number");
//! ```

use crate::diagnostic::{Code, Diagnostic};
use crate::json::{Json, MAX_DEPTH};
use crate::text::quoted;

const TYPES: &[&str] = &["object", "string", "integer", "number", "boolean", "array", "null"];
const KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "enum",
    "items",
    "additionalProperties",
    "description",
    "title",
    "default",
    "examples",
];

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// Checks that `schema` stays inside the subset: known keywords, known types, `properties` an
/// object of schemas, `required` names strings, `enum` an array, `items` a schema.
pub fn check_schema(schema: &Json, path: &str, out: &mut Vec<Diagnostic>) {
    check_schema_at(schema, path, 0, out);
}

fn check_schema_at(schema: &Json, path: &str, depth: usize, out: &mut Vec<Diagnostic>) {
    if depth > MAX_DEPTH {
        out.push(Diagnostic::at_path(Code::TooDeep, path, format!("the schema nests deeper than {MAX_DEPTH} levels")));
        return;
    }
    let Some(members) = schema.as_object() else {
        out.push(Diagnostic::at_path(
            Code::WrongType,
            path,
            format!("a schema must be an object, got {}", schema.kind()),
        ));
        return;
    };
    for (key, value) in members {
        let at = join(path, key);
        match key.as_str() {
            "type" => {
                let ok = |t: &Json| t.as_str().is_some_and(|t| TYPES.contains(&t));
                let fine = match value {
                    Json::Array(list) => !list.is_empty() && list.iter().all(ok),
                    v => ok(v),
                };
                if !fine {
                    out.push(Diagnostic::at_path(
                        Code::UnsupportedSchema,
                        at,
                        format!("type must be one of {} (or a list of them)", TYPES.join(", ")),
                    ));
                }
            }
            "properties" => match value.as_object() {
                Some(props) => {
                    for (name, sub) in props {
                        check_schema_at(sub, &join(&at, name), depth + 1, out);
                    }
                }
                None => out.push(Diagnostic::at_path(Code::WrongType, at, "properties must be an object of schemas")),
            },
            "required" => {
                if !value.as_array().is_some_and(|a| a.iter().all(|v| v.as_str().is_some())) {
                    out.push(Diagnostic::at_path(Code::WrongType, at, "required must be an array of property names"));
                }
            }
            "enum" => {
                if value.as_array().is_none_or(|a| a.is_empty()) {
                    out.push(Diagnostic::at_path(Code::WrongType, at, "enum must be a non-empty array"));
                }
            }
            "items" => check_schema_at(value, &at, depth + 1, out),
            "additionalProperties" => {
                if !matches!(value, Json::Bool(_)) {
                    check_schema_at(value, &at, depth + 1, out);
                }
            }
            k if KEYWORDS.contains(&k) => {}
            k => out.push(Diagnostic::at_path(
                Code::UnsupportedSchema,
                at,
                format!("keyword {} is outside the supported subset ({})", quoted(k), KEYWORDS.join(", ")),
            )),
        }
    }
}

fn type_matches(t: &str, value: &Json) -> bool {
    match (t, value) {
        ("integer", Json::Number(n)) => n.fract() == 0.0,
        // NaN and ±Infinity (a host's own values) are no JSON number.
        ("number", Json::Number(n)) => n.is_finite(),
        (_, Json::Number(n)) if !n.is_finite() => false,
        (t, v) => t == v.kind() || (t == "number" && v.kind() == "integer"),
    }
}

/// Checks `value` against `schema`, pushing one diagnostic per problem with the value's path.
pub fn check_value(schema: &Json, value: &Json, path: &str, out: &mut Vec<Diagnostic>) {
    check_value_at(schema, value, path, 0, out);
}

fn check_value_at(schema: &Json, value: &Json, path: &str, depth: usize, out: &mut Vec<Diagnostic>) {
    if depth > MAX_DEPTH {
        out.push(Diagnostic::at_path(Code::TooDeep, path, format!("the value nests deeper than {MAX_DEPTH} levels")));
        return;
    }
    if let Some(t) = schema.get("type") {
        let types: Vec<&str> = match t {
            Json::Array(list) => list.iter().filter_map(Json::as_str).collect(),
            t => t.as_str().into_iter().collect(),
        };
        if !types.is_empty() && !types.iter().any(|t| type_matches(t, value)) {
            out.push(Diagnostic::at_path(
                Code::WrongType,
                path,
                format!("expected {}, got {}", types.join(" or "), kind(value)),
            ));
            return;
        }
    }
    if let Some(options) = schema.get("enum").and_then(Json::as_array) {
        if !options.contains(value) {
            let shown: Vec<String> = options.iter().take(12).map(show).collect();
            out.push(Diagnostic::at_path(
                Code::NotInEnum,
                path,
                format!("{} is not one of {}", show(value), shown.join(", ")),
            ));
        }
    }
    if let Json::Object(members) = value {
        let props = schema.get("properties").and_then(Json::as_object).unwrap_or(&[]);
        if let Some(required) = schema.get("required").and_then(Json::as_array) {
            for name in required.iter().filter_map(Json::as_str) {
                if !members.iter().any(|(k, _)| k == name) {
                    out.push(Diagnostic::at_path(Code::MissingField, join(path, name), "is required"));
                }
            }
        }
        for (key, v) in members {
            let at = join(path, key);
            match props.iter().find(|(k, _)| k == key) {
                Some((_, sub)) => check_value_at(sub, v, &at, depth + 1, out),
                None => match schema.get("additionalProperties") {
                    Some(Json::Bool(false)) => {
                        let known: Vec<&str> = props.iter().map(|(k, _)| k.as_str()).collect();
                        out.push(Diagnostic::at_path(
                            Code::UnknownField,
                            at,
                            format!("is not a property of this input: use {}", known.join(", ")),
                        ));
                    }
                    Some(sub @ Json::Object(_)) => check_value_at(sub, v, &at, depth + 1, out),
                    _ => {}
                },
            }
        }
    }
    if let (Json::Array(items), Some(sub)) = (value, schema.get("items")) {
        for (i, item) in items.iter().enumerate() {
            check_value_at(sub, item, &format!("{path}[{i}]"), depth + 1, out);
        }
    }
}

/// A value's JSON type for a message; a non-finite number by name (`NaN`).
fn kind(value: &Json) -> String {
    match value {
        Json::Number(n) if !n.is_finite() => crate::arguments::number_text(*n),
        v => v.kind().to_string(),
    }
}

fn show(v: &Json) -> String {
    match v {
        Json::String(s) => quoted(s),
        // Integers only: formatting floats would bring float printing into the .wasm.
        Json::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("{}", *n as i64),
        Json::Number(_) => "a fractional number".into(),
        Json::Bool(b) => b.to_string(),
        Json::Null => "null".into(),
        other => other.kind().to_string(),
    }
}
