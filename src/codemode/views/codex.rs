//! The `codex` view: OpenAI Codex's code mode. Every tool is a member of the global `tools`,
//! named `normalize_code_mode_identifier` of the name the model sees
//! (`codex-rs/code-mode/src/description.rs`): `tools.mcp__<server>__<tool>`.
//!
//! The model's names are Codex's MCP naming over every server at once
//! (`codex-rs/codex-mcp/src/tools.rs`, `normalize_tools_for_model_with_prefix`; the single-server
//! case is the `codex` client view, `tests/peers/cited/codex.md`): characters outside
//! `[A-Za-z0-9_]` → `_`; the namespace `mcp__<server>`; servers whose namespaces meet get
//! `_` + 12 hex of SHA-1 of `server\0server\0`, tools whose names meet in a namespace of
//! `server\0server\0\0tool\0tool`; then, in the byte order of those identities, a name over 128
//! bytes (or taken) is cut and hashed. A server whose name Codex refuses
//! (`^[a-zA-Z0-9_:@/.-]+$`) or that lists more than 2,048 tools does not start.
//!
//! The declarations are Codex's per tool, `declare const tools: { name(args: T): Promise<O>; };`
//! (`render_code_mode_sample`), with its JSON Schema rendering (`render_json_schema_to_typescript`).

use super::{collision, listed_twice, refused, renamed, server_path, tool_path, Input, Noun};
use crate::codemode::js;
use crate::codemode::{CodeMode, Function, Namespace, Options, View};
use crate::json::Json;
use std::collections::{HashMap, HashSet};

const MAX: usize = 128;
const DELIMITER: &str = "__";
const HASH: usize = 12;
const CATALOG_CAP: usize = 2048;
const PREFIX: &str = "mcp__";

/// `sanitize_responses_api_tool_name`.
fn sanitize(text: &str) -> String {
    let s: String = text.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() {
        "_".into()
    } else {
        s
    }
}

/// `normalize_code_mode_identifier`.
pub(crate) fn normalize_code_mode_identifier(key: &str) -> String {
    let mut out = String::with_capacity(key.len());
    for (i, c) in key.chars().enumerate() {
        let ok = c == '_' || c == '$' || if i == 0 { c.is_ascii_alphabetic() } else { c.is_ascii_alphanumeric() };
        out.push(if ok { c } else { '_' });
    }
    if out.is_empty() {
        "_".into()
    } else {
        out
    }
}

fn hash_suffix(identity: &str) -> String {
    format!("_{}", &crate::sha1::hex(identity.as_bytes())[..HASH])
}

fn chars(text: &str, n: usize) -> String {
    text.chars().take(n).collect()
}

/// `fit_callable_parts_with_hash`.
fn fit(namespace: &str, tool: &str, hash_input: &str) -> (String, String) {
    let suffix = hash_suffix(hash_input);
    let max_tool = MAX.saturating_sub(namespace.len() + DELIMITER.len());
    if max_tool >= suffix.len() {
        return (namespace.to_string(), format!("{}{suffix}", chars(tool, max_tool - suffix.len())));
    }
    (chars(namespace, MAX.saturating_sub(suffix.len() + DELIMITER.len())), suffix)
}

fn valid_server(server: &str) -> bool {
    !server.is_empty()
        && server.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b':' | b'@' | b'/' | b'.' | b'-'))
}

struct Candidate {
    server: usize,
    tool: usize,
    ns_identity: String,
    identity: String,
    namespace: String,
    name: String,
}

/// The names the model sees, `<namespace>__<tool>` per (server, tool); `None` for a tool of a
/// server that does not start; a tool listed twice has its first listing's name.
fn model_names(inputs: &[Input<'_>], refused_servers: &[bool]) -> Vec<Vec<Option<String>>> {
    let mut out: Vec<Vec<Option<String>>> = inputs.iter().map(|i| vec![None; i.tools.len()]).collect();
    let mut seen: HashMap<String, (usize, usize)> = HashMap::new();
    let mut duplicates = Vec::new();
    let mut candidates = Vec::new();
    for (si, input) in inputs.iter().enumerate().filter(|(si, _)| !refused_servers[*si]) {
        let server = input.label;
        let ns_identity = format!("{server}\0{server}\0");
        let namespace = {
            let s = sanitize(server);
            if s.starts_with(PREFIX) {
                s
            } else {
                format!("{PREFIX}{s}")
            }
        };
        for (ti, (tool, _)) in input.tools.iter().enumerate() {
            let identity = format!("{ns_identity}\0{}\0{}", tool.name, tool.name);
            if let Some(&first) = seen.get(&identity) {
                duplicates.push(((si, ti), first));
                continue;
            }
            seen.insert(identity.clone(), (si, ti));
            candidates.push(Candidate {
                server: si,
                tool: ti,
                ns_identity: ns_identity.clone(),
                identity,
                namespace: namespace.clone(),
                name: sanitize(&tool.name),
            });
        }
    }
    let mut ns_identities: HashMap<&str, HashSet<&str>> = HashMap::new();
    for c in &candidates {
        ns_identities.entry(&c.namespace).or_default().insert(&c.ns_identity);
    }
    let colliding: HashSet<String> =
        ns_identities.into_iter().filter(|(_, ids)| ids.len() > 1).map(|(ns, _)| ns.to_string()).collect();
    for c in &mut candidates {
        if colliding.contains(&c.namespace) {
            c.namespace = match c.namespace.strip_suffix(DELIMITER) {
                Some(ns) => format!("{ns}{}{DELIMITER}", hash_suffix(&c.ns_identity)),
                None => format!("{}{}", c.namespace, hash_suffix(&c.ns_identity)),
            };
        }
    }
    let mut tool_identities: HashMap<(String, String), HashSet<String>> = HashMap::new();
    for c in &candidates {
        tool_identities.entry((c.namespace.clone(), c.name.clone())).or_default().insert(c.identity.clone());
    }
    for c in &mut candidates {
        if tool_identities[&(c.namespace.clone(), c.name.clone())].len() > 1 {
            c.name.push_str(&hash_suffix(&c.identity));
        }
    }
    candidates.sort_by(|a, b| a.identity.cmp(&b.identity));
    let mut used = HashSet::new();
    for c in candidates {
        let plain = format!("{}{}", c.namespace, c.name);
        let (ns, name) = if plain.len() + DELIMITER.len() <= MAX && used.insert(plain) {
            (c.namespace, c.name)
        } else {
            let mut attempt = 0u32;
            loop {
                let input = if attempt == 0 { c.identity.clone() } else { format!("{}\0{attempt}", c.identity) };
                let (ns, name) = fit(&c.namespace, &c.name, &input);
                if used.insert(format!("{ns}{name}")) {
                    break (ns, name);
                }
                attempt = attempt.saturating_add(1);
            }
        };
        out[c.server][c.tool] = Some(format!("{ns}{DELIMITER}{name}"));
    }
    for ((si, ti), (fi, fj)) in duplicates {
        out[si][ti] = out[fi][fj].clone();
    }
    out
}

// ----- render_json_schema_to_typescript -----

fn get<'j>(m: &'j [(String, Json)], key: &str) -> Option<&'j Json> {
    m.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// `serde_json::to_string` of a value: numbers whole as integers, else as JavaScript prints them;
/// objects with their keys sorted (serde_json's map).
fn literal(v: &Json) -> String {
    match v {
        Json::Null => "null".into(),
        Json::Bool(b) => b.to_string(),
        Json::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => format!("{}", *n as i64),
        Json::Number(n) => js::number(*n),
        Json::String(s) => js::string(s),
        Json::Array(items) => format!("[{}]", items.iter().map(literal).collect::<Vec<_>>().join(",")),
        Json::Object(m) => {
            let mut keys: Vec<(&String, &Json)> = Vec::new();
            for (k, v) in m {
                match keys.iter_mut().find(|(o, _)| *o == k) {
                    Some(slot) => slot.1 = v,
                    None => keys.push((k, v)),
                }
            }
            keys.sort_by(|a, b| a.0.cmp(b.0));
            format!(
                "{{{}}}",
                keys.iter().map(|(k, v)| format!("{}:{}", js::string(k), literal(v))).collect::<Vec<_>>().join(",")
            )
        }
    }
}

fn render(schema: &Json) -> String {
    match schema {
        Json::Bool(true) => "unknown".into(),
        Json::Bool(false) => "never".into(),
        Json::Object(m) => {
            if let Some(c) = get(m, "const") {
                return literal(c);
            }
            if let Some(Json::Array(values)) = get(m, "enum") {
                if !values.is_empty() {
                    return values.iter().map(literal).collect::<Vec<_>>().join(" | ");
                }
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Json::Array(variants)) = get(m, key) {
                    if !variants.is_empty() {
                        return variants.iter().map(render).collect::<Vec<_>>().join(" | ");
                    }
                }
            }
            if let Some(Json::Array(variants)) = get(m, "allOf") {
                if !variants.is_empty() {
                    return variants.iter().map(render).collect::<Vec<_>>().join(" & ");
                }
            }
            if let Some(t) = get(m, "type") {
                if let Json::Array(types) = t {
                    let list: Vec<String> = types.iter().filter_map(Json::as_str).map(|t| keyword(m, t)).collect();
                    if !list.is_empty() {
                        return list.join(" | ");
                    }
                }
                if let Some(t) = t.as_str() {
                    return keyword(m, t);
                }
            }
            if get(m, "properties").is_some()
                || get(m, "additionalProperties").is_some()
                || get(m, "required").is_some()
            {
                return object(m);
            }
            if get(m, "items").is_some() || get(m, "prefixItems").is_some() {
                return array(m);
            }
            "unknown".into()
        }
        _ => "unknown".into(),
    }
}

fn keyword(m: &[(String, Json)], t: &str) -> String {
    match t {
        "string" => "string".into(),
        "number" | "integer" => "number".into(),
        "boolean" => "boolean".into(),
        "null" => "null".into(),
        "array" => array(m),
        "object" => object(m),
        _ => "unknown".into(),
    }
}

fn array(m: &[(String, Json)]) -> String {
    if let Some(items) = get(m, "items") {
        return format!("Array<{}>", render(items));
    }
    if let Some(Json::Array(items)) = get(m, "prefixItems") {
        if !items.is_empty() {
            return format!("[{}]", items.iter().map(render).collect::<Vec<_>>().join(", "));
        }
    }
    "unknown[]".into()
}

fn property_name(name: &str) -> String {
    if normalize_code_mode_identifier(name) == name {
        name.to_string()
    } else {
        js::string(name)
    }
}

fn object(m: &[(String, Json)]) -> String {
    let required: Vec<&str> = get(m, "required")
        .and_then(Json::as_array)
        .map(|r| r.iter().filter_map(Json::as_str).collect())
        .unwrap_or_default();
    let mut props: Vec<(&str, &Json)> = Vec::new();
    if let Some(Json::Object(p)) = get(m, "properties") {
        for (k, v) in p {
            match props.iter_mut().find(|(o, _)| o == k) {
                Some(slot) => slot.1 = v,
                None => props.push((k, v)),
            }
        }
    }
    props.sort_by(|a, b| a.0.cmp(b.0));
    let line = |name: &str, value: &Json| {
        let optional = if required.contains(&name) { "" } else { "?" };
        format!("{}{optional}: {};", property_name(name), render(value))
    };
    let additional = |lines: &mut Vec<String>, prefix: &str| match get(m, "additionalProperties") {
        Some(Json::Bool(true)) => lines.push(format!("{prefix}[key: string]: unknown;")),
        Some(Json::Bool(false)) => {}
        Some(v) => lines.push(format!("{prefix}[key: string]: {};", render(v))),
        None if props.is_empty() => lines.push(format!("{prefix}[key: string]: unknown;")),
        None => {}
    };
    let described = |v: &Json| {
        v.as_object().and_then(|o| get(o, "description")).and_then(Json::as_str).is_some_and(|d| !d.is_empty())
    };
    if props.iter().any(|(_, v)| described(v)) {
        let mut lines = vec!["{".to_string()];
        for (name, value) in &props {
            if let Some(d) = value.as_object().and_then(|o| get(o, "description")).and_then(Json::as_str) {
                // `str::lines`: split at `\n`, a `\r` before it dropped.
                for l in d.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l).trim()).filter(|l| !l.is_empty()) {
                    lines.push(format!("  // {l}"));
                }
            }
            lines.push(format!("  {}", line(name, value)));
        }
        additional(&mut lines, "  ");
        lines.push("}".into());
        return lines.join("\n");
    }
    let mut lines: Vec<String> = props.iter().map(|(n, v)| line(n, v)).collect();
    additional(&mut lines, "");
    if lines.is_empty() {
        return "{}".into();
    }
    format!("{{ {} }}", lines.join(" "))
}

/// `mcp_structured_content_schema`: the `structuredContent` schema of an output schema shaped as
/// MCP's `CallToolResult`.
fn structured_content(output: &Json) -> Option<&Json> {
    const TRUE: Json = Json::Bool(true);
    let props = output.as_object().and_then(|o| get(o, "properties")).and_then(Json::as_object)?;
    let typed = |key: &str, t: &str| {
        get(props, key).and_then(Json::as_object).and_then(|s| get(s, "type")).and_then(Json::as_str) == Some(t)
    };
    let content = get(props, "content").and_then(Json::as_object)?;
    if get(content, "type").and_then(Json::as_str) != Some("array") {
        return None;
    }
    let items_object =
        get(content, "items").and_then(Json::as_object).and_then(|i| get(i, "type")).and_then(Json::as_str);
    if items_object != Some("object") || !typed("isError", "boolean") || !typed("_meta", "object") {
        return None;
    }
    Some(get(props, "structuredContent").unwrap_or(&TRUE))
}

/// Codex's declaration of one tool.
fn declaration(identifier: &str, tool: &crate::codemode::Tool) -> String {
    let input = tool.input_schema.as_ref().map_or_else(|| "unknown".to_string(), render);
    let output = match tool.output_schema.as_ref() {
        Some(o) => match structured_content(o) {
            Some(s) => match render(s) {
                t if t == "unknown" => "CallToolResult".to_string(),
                t => format!("CallToolResult<{t}>"),
            },
            None => render(o),
        },
        None => "unknown".into(),
    };
    format!("declare const tools: {{ {identifier}(args: {input}): Promise<{output}>; }};")
}

pub(crate) fn project(inputs: &[Input<'_>], options: &Options) -> CodeMode {
    let view = View::Codex;
    let mut top = Vec::new();
    let refused_servers: Vec<bool> = inputs
        .iter()
        .enumerate()
        .map(|(si, i)| {
            if !valid_server(i.label) {
                top.push(refused(
                    view,
                    Noun::Server,
                    i.label,
                    "Codex refuses a server name outside ^[a-zA-Z0-9_:@/.-]+$, so the server does not start",
                    &server_path(si),
                ));
                true
            } else if i.tools.len() > CATALOG_CAP {
                top.push(refused(
                    view,
                    Noun::Server,
                    i.label,
                    &format!(
                        "it lists {} tools, over Codex's catalog limit of {CATALOG_CAP}, so the server does not start",
                        i.tools.len()
                    ),
                    &server_path(si),
                ));
                true
            } else {
                false
            }
        })
        .collect();
    let names = model_names(inputs, &refused_servers);
    let mut groups: HashMap<String, Vec<&str>> = HashMap::new();
    let mut lines = Vec::new();
    let mut namespaces = Vec::with_capacity(inputs.len());
    for (si, input) in inputs.iter().enumerate() {
        let mut seen: Vec<&str> = Vec::new();
        let mut functions = Vec::with_capacity(input.tools.len());
        for (ti, (tool, call)) in input.tools.iter().enumerate() {
            let at = tool_path(si, ti);
            let mut diagnostics = Vec::new();
            let identifier = names[si][ti].as_deref().map(normalize_code_mode_identifier).unwrap_or_default();
            if names[si][ti].is_none() {
                diagnostics.push(refused(view, Noun::Tool, &tool.name, "its server does not start in Codex", &at));
            } else if seen.contains(&tool.name.as_str()) {
                diagnostics.push(listed_twice(&tool.name, &at));
            } else {
                seen.push(&tool.name);
                groups.entry(identifier.clone()).or_default().push(&tool.name);
                lines.push(declaration(&identifier, tool));
                if identifier != format!("mcp__{}__{}", input.label, tool.name) {
                    diagnostics.push(renamed(view, Noun::Tool, &tool.name, &identifier, "Codex qualifies it with its server and replaces the characters a JavaScript identifier cannot hold", &at));
                }
            }
            functions.push(Function { tool: call.to_string(), name: identifier, path: None, diagnostics });
        }
        namespaces.push(Namespace { server: input.server.to_string(), name: "tools".into(), tools: functions });
    }
    // Codex keeps every model name distinct; a pair that still meets is a bug to report.
    for (si, ns) in namespaces.iter_mut().enumerate() {
        for (ti, f) in ns.tools.iter_mut().enumerate() {
            if let Some(group) = groups.get(&f.name).filter(|g| g.len() > 1) {
                if !f.diagnostics.iter().any(|d| d.code == crate::Code::DuplicateEntry) {
                    let at = tool_path(si, ti);
                    f.diagnostics.push(collision(
                        view,
                        Noun::Tool,
                        group,
                        &f.name,
                        "only one of them is reachable on the global tools",
                        &at,
                    ));
                }
            }
        }
    }
    CodeMode { options: *options, namespaces, declarations: lines.join("\n"), files: Vec::new(), diagnostics: top }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codemode::Tool;

    #[test]
    fn identifiers_as_codex_normalizes_them() {
        // codex-rs/code-mode/src/description.rs, `normalize_identifier_rewrites_invalid_characters`.
        assert_eq!(normalize_code_mode_identifier("mcp__ologs__get_profile"), "mcp__ologs__get_profile");
        assert_eq!(normalize_code_mode_identifier("hidden-dynamic-tool"), "hidden_dynamic_tool");
        assert_eq!(normalize_code_mode_identifier("9lives"), "_lives");
        assert_eq!(normalize_code_mode_identifier(""), "_");
    }

    #[test]
    fn declarations_as_codex_renders_them() {
        // description.rs, `augment_tool_definition_appends_typed_declaration`.
        let t = Tool::new("hidden_dynamic_tool")
            .with_input_schema(serde_json::from_str(r#"{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}"#).unwrap())
            .with_output_schema(serde_json::from_str(r#"{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}"#).unwrap());
        assert_eq!(
            declaration("hidden_dynamic_tool", &t),
            "declare const tools: { hidden_dynamic_tool(args: { city: string; }): Promise<{ ok: boolean; }>; };"
        );
    }
}
