//! The `openclaw` view: OpenClaw's code-mode namespaces, `MCP.<server>.<tool>`, as released in
//! `openclaw` 2026.9.6 on npm (`dist/tool-surface-bridge-*.mjs`, from
//! `src/agents/code-mode-namespaces.ts`; the server and tool ids from
//! `src/agents/agent-bundle-mcp-names.ts` and `agent-bundle-mcp-materialize.ts`):
//!
//! 1. Each server gets a safe name in the order given (`sanitizeServerName`: characters outside
//!    `[A-Za-z0-9_-]` → `-`, `mcp-` before a name not starting with a letter, at most 30, `-2`,
//!    `-3`, … while taken ignoring case).
//! 2. Each tool whose trimmed name is not empty gets a catalog id `<safe server>__<safe tool>`
//!    (`buildSafeToolName`, `-2`, … while taken ignoring case), the tools taken in the order of
//!    their safe server, name and server (`localeCompare`).
//! 3. Servers in the order of `["gateway", <safe name>]` and tools in the order of their ids
//!    (`localeCompare`) get identifiers: `toIdentifier` (camelCase of the ASCII words, leading
//!    digits dropped, `server` / `tool` when nothing is left), then `uniqueIdentifier` (`2`, `3`,
//!    … while taken in the scope, a JavaScript keyword of acorn, `enum`, one of its reserved
//!    globals, `__proto__`, `constructor` or `prototype`); a server's scope starts with `$api`,
//!    `resources` and `prompts`.
//! 4. Each server's declarations are a virtual file `mcp/<server>.d.ts` (a server whose
//!    identifier is `index` is declared in `mcp/index.d.ts`, the root's).
//!
//! `localeCompare` is ICU's root collation; it is reproduced for ASCII (punctuation before digits
//! before letters, case a tertiary difference, lowercase first; controls ignored) and approximated
//! by code point beyond. The declarations are this crate's TypeScript under OpenClaw's names.

use super::{bad_path, collision, refused, renamed, server_path, tool_path, Input, Noun};
use crate::codemode::declarations::{self, Function as Decl, Namespace as DeclNs};
use crate::codemode::{js, paths, CodeMode, Function, Layout, Namespace, Options, View};
use std::collections::{HashMap, HashSet};

/// `RESERVED_NAMESPACE_GLOBALS` as released (2026.9.6).
const RESERVED_GLOBALS: &[&str] = &[
    "ALL_TOOLS",
    "agents",
    "API",
    "Array",
    "Boolean",
    "catalog",
    "clearTimeout",
    "Date",
    "Error",
    "globalThis",
    "log",
    "json",
    "JSON",
    "Map",
    "Math",
    "MCP",
    "namespaces",
    "nodes",
    "Number",
    "Object",
    "Promise",
    "phase",
    "Set",
    "setTimeout",
    "skills",
    "String",
    "text",
    "tools",
    "yield_control",
];

/// The keywords of acorn's `tokTypes` (acorn 8), and `enum`: `RESERVED_NAMESPACE_FUNCTION_IDENTIFIERS`.
pub(crate) const RESERVED_KEYWORDS: &[&str] = &[
    "break",
    "case",
    "catch",
    "continue",
    "debugger",
    "default",
    "do",
    "else",
    "finally",
    "for",
    "function",
    "if",
    "return",
    "switch",
    "throw",
    "try",
    "var",
    "const",
    "while",
    "with",
    "new",
    "this",
    "super",
    "class",
    "extends",
    "export",
    "import",
    "null",
    "true",
    "false",
    "in",
    "instanceof",
    "typeof",
    "void",
    "delete",
    "enum",
];

/// `FORBIDDEN_NAMESPACE_PATH_SEGMENTS`.
const FORBIDDEN: &[&str] = &["__proto__", "constructor", "prototype"];

/// ICU root collation's primary order of ASCII (controls other than `\t`–`\r` are ignorable).
const PRIMARY: &str = "\t\n\u{b}\u{c}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz";

/// [`PRIMARY`] as a table: an ASCII character's primary weight (its place + 1, uppercase letters
/// as lowercase), 0 for an ignorable one.
const WEIGHTS: [u8; 128] = {
    let mut t = [0u8; 128];
    let order = PRIMARY.as_bytes();
    let mut i = 0;
    while i < order.len() {
        t[order[i] as usize] = (i + 1) as u8;
        i += 1;
    }
    let mut c = b'A';
    while c <= b'Z' {
        t[c as usize] = t[(c + 32) as usize];
        c += 1;
    }
    t
};

fn primary(c: char) -> Option<u32> {
    if c.is_ascii() {
        let w = WEIGHTS[c as usize];
        return (w != 0).then_some(u32::from(w));
    }
    Some(0x100 + c as u32)
}

/// The sort key of `s` in ICU's root collation: primary weights, then case (lowercase first).
/// Keys compare as `localeCompare` compares the strings.
pub(crate) fn collation_key(s: &str) -> (Vec<u32>, Vec<bool>) {
    let mut p = Vec::with_capacity(s.len());
    let mut upper = Vec::with_capacity(s.len());
    for c in s.chars() {
        if let Some(w) = primary(c) {
            p.push(w);
            upper.push(c.is_ascii_uppercase());
        }
    }
    (p, upper)
}

/// `a.localeCompare(b)` for ICU's root collation: primary weights, then case (lowercase first).
#[cfg(test)]
pub(crate) fn locale_compare(a: &str, b: &str) -> std::cmp::Ordering {
    collation_key(a).cmp(&collation_key(b))
}

/// `sanitizeToolFragment(raw, fallback, maxChars)`: per UTF-16 unit, as the regular expression
/// without the `u` flag replaces.
fn sanitize_fragment(raw: &str, fallback: &str, max: Option<usize>) -> String {
    let mut normalized = String::new();
    for c in js::trim(raw).chars() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            normalized.push(c);
        } else {
            for _ in 0..c.len_utf16() {
                normalized.push('-');
            }
        }
    }
    if normalized.is_empty() {
        normalized = fallback.to_string();
    }
    let safe = if normalized.starts_with(|c: char| c.is_ascii_alphabetic()) {
        normalized
    } else {
        format!("{fallback}-{normalized}")
    };
    match max {
        Some(m) if safe.len() > m => safe[..m].to_string(),
        _ => safe,
    }
}

/// `assignSafeServerNames`: in the order given.
fn safe_server_names(servers: &[&str]) -> Vec<String> {
    let mut used: HashSet<String> = HashSet::new();
    servers
        .iter()
        .map(|raw| {
            let base = sanitize_fragment(raw, "mcp", Some(30));
            let mut candidate = base.clone();
            let mut n = 2;
            while used.contains(&candidate.to_ascii_lowercase()) {
                let suffix = format!("-{n}");
                candidate = format!("{}{suffix}", &base[..base.len().min(30usize.saturating_sub(suffix.len()).max(1))]);
                n += 1;
            }
            used.insert(candidate.to_ascii_lowercase());
            candidate
        })
        .collect()
}

/// `buildSafeToolName`.
fn safe_tool_name(server: &str, tool: &str, reserved: &HashSet<String>) -> String {
    let cleaned = sanitize_fragment(tool, "tool", None);
    let max_tool = 64usize.saturating_sub(server.len() + 2).max(1);
    let truncated = &cleaned[..cleaned.len().min(max_tool)];
    let base = if truncated.is_empty() { "tool" } else { truncated };
    let mut candidate = format!("{server}__{base}");
    let mut n = 2;
    while reserved.contains(&candidate.to_ascii_lowercase()) {
        let suffix = format!("-{n}");
        candidate =
            format!("{server}__{}{suffix}", &base[..base.len().min(max_tool.saturating_sub(suffix.len()).max(1))]);
        n += 1;
    }
    candidate
}

/// `toIdentifier(value, fallback)`.
pub(crate) fn to_identifier(value: &str, fallback: &str) -> String {
    let words: Vec<&str> =
        js::trim(value).split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let base = if words.is_empty() {
        fallback.to_string()
    } else {
        let mut out = String::new();
        for (i, w) in words.iter().enumerate() {
            let (first, rest) = w.split_at(1);
            out.push_str(&if i == 0 { first.to_ascii_lowercase() } else { first.to_ascii_uppercase() });
            out.push_str(rest);
        }
        out
    };
    let safe = base.trim_start_matches(|c: char| !(c.is_ascii_alphabetic() || c == '_' || c == '$'));
    if safe.is_empty() {
        fallback.to_string()
    } else {
        safe.to_string()
    }
}

fn is_reserved(candidate: &str) -> bool {
    RESERVED_GLOBALS.contains(&candidate) || RESERVED_KEYWORDS.contains(&candidate) || FORBIDDEN.contains(&candidate)
}

/// `uniqueIdentifier(base, used)`.
pub(crate) fn unique_identifier(base: &str, used: &mut HashSet<String>) -> String {
    let mut candidate = base.to_string();
    let mut index = 2;
    while used.contains(&candidate) || is_reserved(&candidate) {
        candidate = format!("{base}{index}");
        index += 1;
    }
    used.insert(candidate.clone());
    candidate
}

struct Entry {
    server: usize,
    tool: usize,
    id: String,
}

pub(crate) fn project(inputs: &[Input<'_>], options: &Options) -> CodeMode {
    let view = View::OpenClaw;
    let labels: Vec<&str> = inputs.iter().map(|i| i.label).collect();
    let safe = safe_server_names(&labels);
    // 2. Catalog ids.
    let mut order: Vec<(usize, usize)> = Vec::new();
    for (si, input) in inputs.iter().enumerate() {
        for (ti, (tool, _)) in input.tools.iter().enumerate() {
            if !js::trim(&tool.name).is_empty() {
                order.push((si, ti));
            }
        }
    }
    let name_of = |(si, ti): (usize, usize)| inputs[si].tools[ti].0.name.as_str();
    // Stable, as Array.prototype.sort is; each key computed once.
    order.sort_by_cached_key(|&a| (collation_key(&safe[a.0]), collation_key(name_of(a)), collation_key(labels[a.0])));
    let mut reserved: HashSet<String> = HashSet::new();
    let mut entries: Vec<Entry> = order
        .into_iter()
        .map(|(si, ti)| {
            let id = safe_tool_name(&safe[si], js::trim(name_of((si, ti))), &reserved);
            reserved.insert(id.to_ascii_lowercase());
            Entry { server: si, tool: ti, id }
        })
        .collect();
    // 3. Identifiers: servers by key, tools by id.
    entries.sort_by_cached_key(|e| collation_key(&e.id));
    let mut present: Vec<usize> = Vec::new();
    for e in &entries {
        if !present.contains(&e.server) {
            present.push(e.server);
        }
    }
    let key = |si: usize| format!("[\"gateway\",{}]", js::string(&safe[si]));
    present.sort_by_cached_key(|&a| collation_key(&key(a)));
    // Two servers of one safe name are one server to OpenClaw (one key): the first keeps it.
    let mut server_ids: Vec<Option<String>> = vec![None; inputs.len()];
    let mut used_servers: HashSet<String> = HashSet::new();
    let mut by_key: HashMap<String, String> = HashMap::new();
    for si in present {
        let id = by_key
            .entry(key(si))
            .or_insert_with(|| unique_identifier(&to_identifier(&safe[si], "server"), &mut used_servers))
            .clone();
        server_ids[si] = Some(id);
    }
    let mut scopes: HashMap<String, HashSet<String>> = HashMap::new();
    let mut tool_ids: Vec<Vec<Option<String>>> = inputs.iter().map(|i| vec![None; i.tools.len()]).collect();
    for e in &entries {
        let Some(server_id) = server_ids[e.server].clone() else { continue };
        let scope = scopes
            .entry(server_id)
            .or_insert_with(|| ["$api", "resources", "prompts"].iter().map(|s| s.to_string()).collect());
        let base = to_identifier(name_of((e.server, e.tool)), "tool");
        tool_ids[e.server][e.tool] = Some(unique_identifier(&base, scope));
    }
    // The result, its diagnostics and declarations.
    let mut top = Vec::new();
    let mut namespaces = Vec::with_capacity(inputs.len());
    let mut decls: Vec<DeclNs<'_>> = Vec::new();
    for (si, input) in inputs.iter().enumerate() {
        let server_id = server_ids[si].clone().unwrap_or_default();
        if !server_id.is_empty() && server_id != input.label {
            top.push(renamed(
                view,
                Noun::Server,
                input.label,
                &format!("MCP.{server_id}"),
                "OpenClaw names its namespace after its safe name in camelCase",
                &server_path(si),
            ));
        }
        let path = format!("mcp/{server_id}.d.ts");
        let mut functions = Vec::with_capacity(input.tools.len());
        let mut decl = DeclNs { server: input.server, identifier: server_id.clone(), functions: Vec::new() };
        let mut type_names: HashSet<String> = HashSet::new();
        for (ti, (tool, call)) in input.tools.iter().enumerate() {
            let at = tool_path(si, ti);
            let mut diagnostics = Vec::new();
            let id = tool_ids[si][ti].clone();
            match &id {
                None => diagnostics.push(refused(
                    view,
                    Noun::Tool,
                    &tool.name,
                    "OpenClaw skips a tool whose trimmed name is empty",
                    &at,
                )),
                Some(id) => {
                    let base = to_identifier(&tool.name, "tool");
                    if id != &base {
                        diagnostics.push(renamed(
                            view,
                            Noun::Tool,
                            &tool.name,
                            id,
                            &format!(
                                "{} is taken in its namespace or reserved, so OpenClaw numbers it",
                                crate::text::quoted(&base)
                            ),
                            &at,
                        ));
                    } else if id != &tool.name {
                        diagnostics.push(renamed(
                            view,
                            Noun::Tool,
                            &tool.name,
                            id,
                            "OpenClaw joins its ASCII words in camelCase",
                            &at,
                        ));
                    }
                    let mut type_name =
                        crate::codemode::identifier::type_name(id, crate::codemode::Language::TypeScript);
                    while !type_names.insert(type_name.clone()) {
                        type_name.push('_');
                    }
                    decl.functions.push(Decl { tool, call_name: call, identifier: id.clone(), type_name, path: None });
                }
            }
            let path = (options.layout == Layout::Files && id.is_some()).then(|| path.clone());
            functions.push(Function { tool: call.to_string(), name: id.unwrap_or_default(), path, diagnostics });
        }
        if !server_id.is_empty() {
            if let Some(why) = paths::component_problem(&format!("{server_id}.d.ts")) {
                top.push(bad_path(Noun::Server, input.label, &path, &why, &server_path(si)));
            }
            decls.push(decl);
        }
        namespaces.push(Namespace { server: input.server.to_string(), name: server_id, tools: functions });
    }
    let files: Vec<(usize, String)> = namespaces
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.name.is_empty())
        .map(|(i, n)| (i, format!("mcp/{}.d.ts", n.name)))
        .collect();
    for (later, earlier) in paths::case_collisions(files.iter().map(|(_, f)| f.as_str())) {
        let (a, b) = (&files[earlier].1, &files[later].1);
        top.push(collision(
            view,
            Noun::Server,
            &[a, b],
            &a.to_ascii_lowercase(),
            "their files differ only in case, one file on macOS and Windows",
            &server_path(files[later].0),
        ));
    }
    let header = format!(
        "Code mode declarations generated by mcp-naming (view openclaw: OpenClaw's names, mcp-naming's types): {}.",
        super::counted(decls.len(), "server")
    );
    let declarations = declarations::typescript(&decls, &header, Some("MCP"));
    CodeMode { options: *options, namespaces, declarations, files: Vec::new(), diagnostics: top }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_as_openclaw_makes_them() {
        assert_eq!(to_identifier("read_file", "tool"), "readFile");
        assert_eq!(to_identifier("Get-User.by ID", "tool"), "getUserByID");
        assert_eq!(to_identifier("2fa code", "tool"), "faCode");
        assert_eq!(to_identifier("获取", "tool"), "tool");
        let mut used: HashSet<String> = ["$api", "resources", "prompts"].iter().map(|s| s.to_string()).collect();
        assert_eq!(unique_identifier("delete", &mut used), "delete2");
        assert_eq!(unique_identifier("prompts", &mut used), "prompts2");
        assert_eq!(unique_identifier("tools", &mut used), "tools2");
        assert_eq!(unique_identifier("readFile", &mut used), "readFile");
        assert_eq!(unique_identifier("readFile", &mut used), "readFile2");
    }

    #[test]
    fn root_collation_of_ascii() {
        let mut v = vec!["b", "B", "a", "_a", "-a", "1", "a-b", "a_b", "ab", "A"];
        v.sort_by(|a, b| locale_compare(a, b));
        assert_eq!(v, ["_a", "-a", "1", "a", "A", "a_b", "a-b", "ab", "b", "B"]);
        assert_eq!(
            safe_server_names(&["git hub", "git_hub", "GIT-HUB", "9x", "é"]),
            ["git-hub", "git_hub", "GIT-HUB-2", "mcp-9x", "mcp--"]
        );
    }
}
