//! The tool registry's data model: language profiles, tool descriptors (with the JSON Schema
//! subset of [`check_schema`]), execution requests and workspace paths.
//!
//! Shapes are checked field by field; every diagnostic carries the field's path. Unknown fields
//! are errors: the registry is deliberately conservative, and a misspelt `dry_run_suported` should
//! not pass silently.
//!
//! ```
//! use mcp_naming::Json;
//! use mcp_naming::registry::validate_tool_descriptor;
//! let d: Json = serde_json::from_str(r#"{"tool_id": "fs.write", "language": null, "description": "Write a file.",
//!   "atomic": true, "dry_run_supported": false, "input_schema": {"type": "object"}, "output_schema": {"type": "object"},
//!   "max_files_affected": 0, "allowed_scopes": ["workspace:write"]}"#).unwrap();
//! let errors = validate_tool_descriptor(&d);
//! assert_eq!(errors[0].message, "max_files_affected: must be a positive integer or null, got 0");
//! ```

mod schema;
mod workspace;

pub use schema::{check_schema, check_value};
pub use workspace::resolve_workspace_path;

use crate::diagnostic::{Code, Diagnostic};
use crate::json::{Json, MAX_DEPTH};
use crate::text::quoted;

/// How a field is checked.
enum Kind {
    /// A non-empty string.
    Text,
    /// A string or null.
    TextOrNull,
    /// A language id `[a-z][a-z0-9_+#-]*`.
    LanguageId,
    /// A language id or null.
    LanguageIdOrNull,
    /// A boolean.
    Bool,
    /// An array of strings.
    Strings,
    /// A non-empty array of file extensions (`.py`).
    Extensions,
    /// A positive integer or null.
    PositiveOrNull,
    /// A registry tool id (`fs.write`).
    ToolId,
    /// A non-empty array of scopes `area:verb`.
    Scopes,
    /// A JSON Schema of the supported subset, whose type is `object`.
    ObjectSchema,
}

struct Field {
    name: &'static str,
    required: bool,
    kind: Kind,
}

const fn field(name: &'static str, required: bool, kind: Kind) -> Field {
    Field { name, required, kind }
}

const PROFILE: &[Field] = &[
    field("id", true, Kind::LanguageId),
    field("display_name", true, Kind::Text),
    field("file_extensions", true, Kind::Extensions),
    field("formatter", false, Kind::TextOrNull),
    field("ast_tools", false, Kind::Strings),
    field("text_commands", false, Kind::Strings),
    field("test_command", false, Kind::TextOrNull),
    field("notes", false, Kind::TextOrNull),
];

const DESCRIPTOR: &[Field] = &[
    field("tool_id", true, Kind::ToolId),
    field("language", true, Kind::LanguageIdOrNull),
    field("description", true, Kind::Text),
    field("atomic", true, Kind::Bool),
    field("dry_run_supported", true, Kind::Bool),
    field("input_schema", true, Kind::ObjectSchema),
    field("output_schema", true, Kind::ObjectSchema),
    field("max_files_affected", true, Kind::PositiveOrNull),
    field("allowed_scopes", true, Kind::Scopes),
];

fn is_word(s: &str, extra: &[u8]) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_lowercase()
        && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_' || extra.contains(c))
}

fn is_scope(s: &str) -> bool {
    s.split_once(':').is_some_and(|(area, verb)| is_word(area, b"") && is_word(verb, b""))
}

fn is_extension(s: &str) -> bool {
    s.len() >= 2
        && s.starts_with('.')
        && s[1..].bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'+' | b'.'))
        && !s.ends_with('.')
}

fn check_kind(kind: &Kind, value: &Json, path: &str, out: &mut Vec<Diagnostic>) {
    let wrong = |out: &mut Vec<Diagnostic>, expected: &str| {
        out.push(Diagnostic::at_path(Code::WrongType, path, format!("must be {expected}, got {}", value.kind())));
    };
    let bad =
        |out: &mut Vec<Diagnostic>, message: String| out.push(Diagnostic::at_path(Code::InvalidValue, path, message));
    match kind {
        Kind::Text => match value.as_str() {
            Some("") => bad(out, "must not be empty".into()),
            Some(_) => {}
            None => wrong(out, "a string"),
        },
        Kind::TextOrNull => {
            if !matches!(value, Json::String(_) | Json::Null) {
                wrong(out, "a string or null");
            }
        }
        Kind::LanguageId | Kind::LanguageIdOrNull => match value {
            Json::Null if matches!(kind, Kind::LanguageIdOrNull) => {}
            Json::String(s) if is_word(s, b"+#-") => {}
            Json::String(s) => bad(out, format!("{} is not a language id: use lowercase letters, digits, \"_\", \"-\", \"+\" or \"#\", starting with a letter, such as python", quoted(s))),
            _ => wrong(out, if matches!(kind, Kind::LanguageIdOrNull) { "a language id or null" } else { "a language id (a string)" }),
        },
        Kind::Bool => {
            if value.as_bool().is_none() {
                wrong(out, "a boolean");
            }
        }
        Kind::Strings | Kind::Extensions | Kind::Scopes => {
            let Some(items) = value.as_array() else { return wrong(out, "an array of strings") };
            if items.is_empty() && !matches!(kind, Kind::Strings) {
                bad(out, "must not be empty".into());
            }
            for (i, item) in items.iter().enumerate() {
                let at = format!("{path}[{i}]");
                let Some(s) = item.as_str() else {
                    out.push(Diagnostic::at_path(Code::WrongType, at, format!("must be a string, got {}", item.kind())));
                    continue;
                };
                if matches!(kind, Kind::Extensions) && !is_extension(s) {
                    out.push(Diagnostic::at_path(Code::InvalidValue, at.clone(), format!("{} is not a file extension: start with \".\", such as \".py\"", quoted(s))));
                }
                if matches!(kind, Kind::Scopes) && !is_scope(s) {
                    out.push(Diagnostic::at_path(Code::InvalidValue, at.clone(), format!("{} is not a scope: write area:verb, such as workspace:write", quoted(s))));
                }
                if items[..i].iter().any(|o| o.as_str() == Some(s)) {
                    out.push(Diagnostic::at_path(Code::InvalidValue, at, format!("{} is listed twice", quoted(s))));
                }
            }
        }
        Kind::PositiveOrNull => match value {
            Json::Null => {}
            Json::Number(n) if n.fract() == 0.0 && *n >= 1.0 => {}
            Json::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => {
                bad(out, format!("must be a positive integer or null, got {}", *n as i64));
            }
            _ => wrong(out, "a positive integer or null"),
        },
        Kind::ToolId => match value.as_str() {
            Some(id) => {
                let report = crate::validate(id, crate::Convention::Registry, &crate::Options::default());
                for d in report.errors {
                    let hint = report.suggestion.as_deref().map(|s| format!(" (write {s})")).unwrap_or_default();
                    out.push(Diagnostic::at_path(Code::InvalidValue, path, format!("{}{hint}", d.message)));
                }
            }
            None => wrong(out, "a tool id (a string such as fs.write)"),
        },
        Kind::ObjectSchema => {
            if value.as_object().is_none() {
                return wrong(out, "a JSON Schema object");
            }
            schema::check_schema(value, path, out);
            if let Some(t) = value.get("type") {
                if t.as_str() != Some("object") {
                    bad(out, "must describe an object (\"type\": \"object\")".into());
                }
            }
        }
    }
}

fn check_shape(value: &Json, fields: &[Field], what: &str, out: &mut Vec<Diagnostic>) {
    if value.depth() > MAX_DEPTH {
        out.push(Diagnostic::at_path(Code::TooDeep, "", format!("the {what} nests deeper than {MAX_DEPTH} levels")));
        return;
    }
    let Some(members) = value.as_object() else {
        out.push(Diagnostic::at_path(Code::WrongType, "", format!("a {what} must be an object, got {}", value.kind())));
        return;
    };
    for f in fields {
        match value.get(f.name) {
            Some(v) => check_kind(&f.kind, v, f.name, out),
            None if f.required => {
                out.push(Diagnostic::at_path(Code::MissingField, f.name, format!("is required in a {what}")))
            }
            None => {}
        }
    }
    for (key, _) in members {
        if !fields.iter().any(|f| f.name == key) {
            let known: Vec<&str> = fields.iter().map(|f| f.name).collect();
            out.push(Diagnostic::at_path(
                Code::UnknownField,
                key.as_str(),
                format!("is not a field of a {what}: use {}", known.join(", ")),
            ));
        }
    }
}

/// Every problem of a language profile (`id`, `display_name`, `file_extensions` required).
pub fn validate_language_profile(profile: &Json) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_shape(profile, PROFILE, "language profile", &mut out);
    out
}

/// Every problem of a tool descriptor (all nine fields of the registry's examples required).
pub fn validate_tool_descriptor(descriptor: &Json) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    check_shape(descriptor, DESCRIPTOR, "tool descriptor", &mut out);
    out
}

/// The indexes of the descriptors for `language`: its own tools and the language-neutral ones
/// (`"language": null`).
pub fn tools_for_language(descriptors: &[Json], language: &str) -> Vec<usize> {
    descriptors
        .iter()
        .enumerate()
        .filter(|(_, d)| match d.get("language") {
            Some(Json::Null) => true,
            Some(Json::String(l)) => l == language,
            _ => false,
        })
        .map(|(i, _)| i)
        .collect()
}

/// The metadata fields of an execution request.
pub const REQUEST_FIELDS: &[&str] = &["workspace_id", "task_id", "caller_id", "dry_run"];

/// The root `fs.write` paths are resolved against when checking a request (the request names a
/// workspace by id, not by path).
pub const VIRTUAL_ROOT: &str = "/workspace";

/// Every problem of a tool's output (a result's `output`) for `descriptor`: the descriptor
/// itself, then the output against its `output_schema`, and for `fs.write` a reported `path`
/// that leaves the workspace; each at a path under `output`.
///
/// ```
/// use mcp_naming::Json;
/// use mcp_naming::registry::check_tool_output;
///
/// let descriptor: Json = serde_json::from_str(r#"{
///   "tool_id": "fs.write", "language": null, "description": "Write a file.", "atomic": true,
///   "dry_run_supported": false,
///   "input_schema": { "type": "object", "properties": { "path": { "type": "string" } } },
///   "output_schema": { "type": "object", "properties": { "bytes_written": { "type": "integer" } },
///                      "required": ["bytes_written"] },
///   "max_files_affected": 1, "allowed_scopes": ["workspace:write"] }"#).unwrap();
/// assert!(check_tool_output(&descriptor, &serde_json::from_str(r#"{ "bytes_written": 3 }"#).unwrap()).is_empty());
/// let wrong = check_tool_output(&descriptor, &serde_json::from_str(r#"{ "bytes_written": "3" }"#).unwrap());
/// assert_eq!(wrong[0].path.as_deref(), Some("output.bytes_written"));
/// ```
pub fn check_tool_output(descriptor: &Json, output: &Json) -> Vec<Diagnostic> {
    let mut out = descriptor_problems(descriptor);
    if !out.is_empty() {
        return out;
    }
    if output.depth() > MAX_DEPTH {
        out.push(Diagnostic::at_path(
            Code::TooDeep,
            "output",
            format!("the output nests deeper than {MAX_DEPTH} levels"),
        ));
        return out;
    }
    if let Some(schema) = descriptor.get("output_schema") {
        schema::check_value(schema, output, "output", &mut out);
    }
    workspace_path_problem(descriptor, output, "output.path", &mut out);
    out
}

/// For `fs.write`, a `path` member of `value` that leaves the workspace, at `at`.
fn workspace_path_problem(descriptor: &Json, value: &Json, at: &str, out: &mut Vec<Diagnostic>) {
    if descriptor.get("tool_id").and_then(Json::as_str) != Some("fs.write") {
        return;
    }
    if let Some(path) = value.get("path").and_then(Json::as_str) {
        if let Err(e) = resolve_workspace_path(VIRTUAL_ROOT, path) {
            out.push(Diagnostic::at_path(e.code, at, e.message));
        }
    }
}

/// The problems of a descriptor, as the checks of what runs against it report them: under
/// `descriptor.`.
fn descriptor_problems(descriptor: &Json) -> Vec<Diagnostic> {
    validate_tool_descriptor(descriptor)
        .into_iter()
        .map(|mut d| {
            d.message = format!("descriptor.{}", d.message);
            d.path = d.path.map(|p| format!("descriptor.{p}"));
            d
        })
        .collect()
}

/// Every problem of an execution request for `descriptor` by a caller with `scopes`: the
/// metadata (`workspace_id`, `task_id`, `caller_id` non-empty strings, `dry_run` a boolean), the
/// input against the descriptor's `input_schema` (the request's `input` object, and then no
/// other member but the metadata; or else its fields other than the metadata), `dry_run` for a
/// tool without dry-run support, a caller with
/// none of the tool's `allowed_scopes`, and for `fs.write` a path that leaves the workspace.
pub fn check_execute_request(descriptor: &Json, request: &Json, scopes: &[String]) -> Vec<Diagnostic> {
    let mut out = descriptor_problems(descriptor);
    if !out.is_empty() {
        return out;
    }
    if request.depth() > MAX_DEPTH {
        out.push(Diagnostic::at_path(Code::TooDeep, "", format!("the request nests deeper than {MAX_DEPTH} levels")));
        return out;
    }
    let Some(members) = request.as_object() else {
        out.push(Diagnostic::at_path(
            Code::WrongType,
            "",
            format!("a request must be an object, got {}", request.kind()),
        ));
        return out;
    };
    for name in ["workspace_id", "task_id", "caller_id"] {
        match request.get(name) {
            Some(v) => check_kind(&Kind::Text, v, name, &mut out),
            None => out.push(Diagnostic::at_path(Code::MissingField, name, "is required in an execution request")),
        }
    }
    let dry_run = match request.get("dry_run") {
        Some(Json::Bool(b)) => *b,
        Some(v) => {
            out.push(Diagnostic::at_path(Code::WrongType, "dry_run", format!("must be a boolean, got {}", v.kind())));
            false
        }
        None => {
            out.push(Diagnostic::at_path(Code::MissingField, "dry_run", "is required in an execution request"));
            false
        }
    };
    let input = match request.get("input") {
        Some(input) => {
            // With an `input` member, the request holds nothing else but the metadata.
            let known: Vec<&str> = REQUEST_FIELDS.iter().copied().chain(["input"]).collect();
            out.extend(crate::keys::unknown_keys(members, &known, ""));
            input.clone()
        }
        None => Json::Object(members.iter().filter(|(k, _)| !REQUEST_FIELDS.contains(&k.as_str())).cloned().collect()),
    };
    if let Some(schema) = descriptor.get("input_schema") {
        schema::check_value(schema, &input, "input", &mut out);
    }
    if dry_run && descriptor.get("dry_run_supported") == Some(&Json::Bool(false)) {
        let id = descriptor.get("tool_id").and_then(Json::as_str).unwrap_or("");
        out.push(Diagnostic::at_path(
            Code::DryRunUnsupported,
            "dry_run",
            format!("tool {} does not support dry runs: send dry_run false", quoted(id)),
        ));
    }
    let allowed: Vec<&str> = descriptor
        .get("allowed_scopes")
        .and_then(Json::as_array)
        .unwrap_or(&[])
        .iter()
        .filter_map(Json::as_str)
        .collect();
    if !scopes.iter().any(|s| allowed.contains(&s.as_str())) {
        out.push(Diagnostic::at_path(
            Code::MissingScope,
            "caller.scopes",
            format!("the caller has none of the tool's scopes: it needs one of {}", allowed.join(", ")),
        ));
    }
    workspace_path_problem(descriptor, &input, "input.path", &mut out);
    out
}
