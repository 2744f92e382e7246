//! `syntropy`: Syntropy's `mcp__syntropy__<server>_<tool>` and its four layers.
//!
//! ```text
//! name    ::= "mcp__syntropy__" ( builtin | server "_" tool )   ; at most 64 characters
//! server  ::= a server of the table, matched longest first      ; so "my_server" works too
//! builtin ::= a gateway tool of the table (healthcheck, init_project, enable_tools, list_all_tools)
//! tool    ::= [A-Za-z0-9_-]+
//! ```
//!
//! The layers of `mcp__syntropy__context7_get_library_docs`: permission name (the whole name),
//! registry name `context7_get_library_docs`, pool key `syn-context7` with upstream prefix
//! `mcp__context7__`, and upstream tool `get-library-docs` (context7 writes `-` where the
//! registry writes `_`). `thinking` routes to `mcp__sequential-thinking__`, `linear` to
//! `mcp__linear-server__`.
//!
//! ```
//! use mcp_naming::syntropy::layers;
//! use mcp_naming::Options;
//!
//! let l = layers("mcp__syntropy__context7_get_library_docs", &Options::default()).unwrap();
//! assert_eq!(l.registry, "context7_get_library_docs");
//! assert_eq!(l.pool.as_deref(), Some("syn-context7"));
//! assert_eq!(l.upstream_prefix.as_deref(), Some("mcp__context7__"));
//! assert_eq!(l.upstream_tool, "get-library-docs");
//! ```

use super::fast::{self, FastPatterns};
use super::{check_provider_safe, Options, Parts, ServerList, Sink};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::text::quoted;
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// The grammar, as shown to users.
pub const GRAMMAR: &str =
    "name ::= \"mcp__syntropy__\" (builtin | server \"_\" tool); tool ::= [A-Za-z0-9_-]+; at most 64 characters";
/// The prefix of every name.
pub const PREFIX: &str = "mcp__syntropy__";
/// The gateway's name.
pub const GATEWAY: &str = "syntropy";
/// The longest name (Claude Code and the model providers stop at 64).
pub const MAX_LEN: usize = 64;
/// Valid examples (the convention's own).
pub const VALID_EXAMPLES: &[&str] = &[
    "mcp__syntropy__serena_find_symbol",
    "mcp__syntropy__thinking_sequentialthinking",
    "mcp__syntropy__context7_get_library_docs",
    "mcp__syntropy__linear_create_issue",
    "mcp__syntropy__healthcheck",
];
/// Invalid examples (the convention's common mistakes).
pub const INVALID_EXAMPLES: &[&str] = &[
    "mcp__syntropy_thinking_sequentialthinking",
    "syntropy__thinking__sequentialthinking",
    "mcp__thinking__sequentialthinking",
    "thinking_sequentialthinking",
];

/// How a backend writes the tool names that the gateway exposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Upstream {
    /// The same as the exposed tool part.
    #[default]
    Same,
    /// With `-` where the exposed tool part has `_`.
    Hyphens,
}

impl Upstream {
    /// The backend's name for an exposed tool part.
    pub fn to_upstream(self, tool: &str) -> String {
        match self {
            Upstream::Same => tool.to_string(),
            Upstream::Hyphens => tool.replace('_', "-"),
        }
    }

    /// The exposed tool part for a backend's name.
    pub fn from_upstream(self, tool: &str) -> String {
        match self {
            Upstream::Same => tool.to_string(),
            Upstream::Hyphens => tool.replace('-', "_"),
        }
    }
}

/// The seed's nine servers: name, the backend's own server name, normalization.
pub const DEFAULT_SERVERS: &[(&str, &str, Upstream)] = &[
    ("serena", "serena", Upstream::Same),
    ("thinking", "sequential-thinking", Upstream::Same),
    ("context7", "context7", Upstream::Hyphens),
    ("linear", "linear-server", Upstream::Same),
    ("filesystem", "filesystem", Upstream::Same),
    ("git", "git", Upstream::Same),
    ("repomix", "repomix", Upstream::Same),
    ("github", "github", Upstream::Same),
    ("perplexity", "perplexity", Upstream::Same),
];
const DEFAULT_SERVER_NAMES: &[&str] =
    &["serena", "thinking", "context7", "linear", "filesystem", "git", "repomix", "github", "perplexity"];
/// The gateway's own tools.
pub const DEFAULT_BUILTINS: &[&str] = &["healthcheck", "init_project", "enable_tools", "list_all_tools"];
/// Between server and tool.
const TOOL_SEP: &str = "_";

fn servers(opts: &Options) -> ServerList<'_> {
    opts.servers_or(DEFAULT_SERVER_NAMES)
}

fn builtins(opts: &Options) -> ServerList<'_> {
    opts.builtins_or(DEFAULT_BUILTINS)
}

/// The backend's server name and normalization for a server (the seed's table, else the name
/// itself, unchanged).
pub fn upstream_of(server: &str) -> (&str, Upstream) {
    DEFAULT_SERVERS
        .iter()
        .find(|(name, _, _)| *name == server)
        .map(|(_, up, norm)| (*up, *norm))
        .unwrap_or((server, Upstream::Same))
}

pub(crate) fn check<'a, S: Sink>(name: &'a str, opts: &Options, sink: &mut S) -> Option<Parts<'a>> {
    if !check_provider_safe(sink, name, MAX_LEN) {
        return None;
    }
    let Some(rest) = name.strip_prefix(PREFIX) else {
        sink.error(|| mistake(name, opts));
        return None;
    };
    let start = PREFIX.len();
    if rest.is_empty() {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingTool,
                Span::new(0, name.len()),
                format!("the name has no server or tool after {PREFIX}: write {PREFIX}<server>_<tool>"),
            )
        });
        return None;
    }
    if builtins(opts).contains(rest) {
        return Some(Parts::Syntropy { server: None, tool: rest });
    }
    if let Some(server) = servers(opts).longest_prefix(rest, TOOL_SEP) {
        let tool = &rest[server.len() + TOOL_SEP.len()..];
        return Some(Parts::Syntropy { server: Some(&rest[..server.len()]), tool });
    }
    sink.error(|| {
        let end = rest.find('_').map_or(name.len(), |i| start + i);
        Diagnostic::error(
            Code::UnknownServer,
            Span::new(start, end),
            format!(
                "{} is not a known server or built-in: use one of the servers {} (as {PREFIX}<server>_<tool>) or a built-in ({})",
                quoted(&name[start..end]),
                servers(opts).joined(),
                builtins(opts).joined()
            ),
        )
    });
    None
}

/// `valid` and `clean` alike (a valid name has no warning): the prefix, then a built-in, or
/// else the longest known server, `_` and a tool, all of `[A-Za-z0-9_-]`.
pub(crate) fn fast_patterns() -> FastPatterns {
    let opts = Options::default();
    let builtin = fast::any_of(&builtins(&opts).iter().collect::<Vec<_>>());
    // Longest first, as `longest_prefix` picks them; it skips an empty entry.
    let server = fast::any_of(&servers(&opts).iter().filter(|s| !s.is_empty()).collect::<Vec<_>>());
    let tool = format!("{}+", fast::class(&is_tool_byte));
    let pattern = |named: bool| {
        format!(
            "^{}(?:(?={builtin}$)|(?!{builtin}$){}{}){}$",
            fast::literal(PREFIX),
            fast::group("server", &server, named),
            fast::literal(TOOL_SEP),
            fast::group("tool", &tool, named),
        )
    };
    FastPatterns { valid: pattern(false), clean: Some(pattern(true)), split: None, max_len: MAX_LEN }
}

/// Whether `b` may appear in a tool part.
pub const fn is_tool_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// The diagnostic for a name without the `mcp__syntropy__` prefix: one of the seed's common
/// mistakes when it is one.
fn mistake(name: &str, opts: &Options) -> Diagnostic {
    let whole = Span::whole(name);
    let fixed = repair(name, opts);
    let hint = |fallback: &str| match &fixed {
        Some(f) => format!("write {f}"),
        None => fallback.to_string(),
    };
    if let Some(rest) = name.strip_prefix("mcp__syntropy_") {
        let _ = rest;
        return Diagnostic::error(
            Code::SingleUnderscoreAfterGateway,
            Span::new(0, "mcp__syntropy_".len()),
            format!("one underscore after \"syntropy\": use two, {}", hint("as in mcp__syntropy__<server>_<tool>")),
        );
    }
    if name.starts_with("syntropy__") || name.starts_with("syntropy_") {
        return Diagnostic::error(
            Code::MissingMcpPrefix,
            Span::new(0, 0),
            format!("the name lacks the \"mcp__\" prefix: {}", hint("write mcp__syntropy__<server>_<tool>")),
        );
    }
    if name.starts_with("mcp__") {
        return Diagnostic::error(
            Code::MissingGateway,
            Span::new(0, "mcp__".len()),
            format!(
                "the name lacks the gateway \"syntropy\" after \"mcp__\": {}",
                hint("write mcp__syntropy__<server>_<tool>")
            ),
        );
    }
    if name.starts_with("mcp_") {
        return Diagnostic::error(
            Code::MissingMcpPrefix,
            Span::new(0, 4),
            format!("the name must start with \"mcp__syntropy__\": {}", hint("write mcp__syntropy__<server>_<tool>")),
        );
    }
    Diagnostic::error(
        Code::MissingPrefix,
        whole,
        format!(
            "{} is a bare registry name: the full name starts with \"{PREFIX}\"; {}",
            quoted(name),
            hint("write mcp__syntropy__<server>_<tool>")
        ),
    )
}

/// The full name a mistaken one was meant to be, when the rest names a known server or built-in.
fn repair(name: &str, opts: &Options) -> Option<String> {
    // Whatever of `mcp`, `syntropy` and underscores stands in front goes.
    let mut rest = name;
    for word in ["mcp", GATEWAY] {
        if let Some(r) = rest.strip_prefix(word).filter(|r| r.starts_with('_')) {
            rest = r.trim_start_matches('_');
        }
    }
    if builtins(opts).contains(rest) {
        return Some(format!("{PREFIX}{rest}"));
    }
    // `<server>__<tool>` or `<server>_<tool>`, with the server as the gateway names it or as the
    // backend does (`sequential-thinking` is `thinking`); the tool as the gateway writes it.
    for sep in ["__", "_"] {
        if let Some(server) = servers(opts).longest_prefix(rest, sep) {
            let tool = &rest[server.len() + sep.len()..];
            return Some(format!("{PREFIX}{server}_{}", upstream_of(server).1.from_upstream(tool)));
        }
        for &(server, upstream, norm) in DEFAULT_SERVERS {
            if !servers(opts).contains(server) {
                continue;
            }
            if let Some(tool) = rest.strip_prefix(upstream).and_then(|t| t.strip_prefix(sep)) {
                if !tool.is_empty() {
                    return Some(format!("{PREFIX}{server}_{}", norm.from_upstream(tool)));
                }
            }
        }
    }
    None
}

pub(crate) fn suggest(name: &str, opts: &Options) -> Option<String> {
    let cleaned = super::mcp::suggest(name).map(|s| s.replace('.', "_"))?;
    if super::is_valid(&cleaned, super::Convention::Syntropy, opts) {
        return Some(cleaned);
    }
    repair(&cleaned, opts)
}

/// The four layers of a Syntropy name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Layer 1, the Claude Code permission name: `mcp__syntropy__serena_find_symbol`.
    pub permission: String,
    /// Layer 2, the gateway's registry name: `serena_find_symbol`.
    pub registry: String,
    /// The server, or `None` for a gateway built-in.
    pub server: Option<String>,
    /// Layer 3, the pool key: `syn-serena`.
    pub pool: Option<String>,
    /// Layer 3, the backend's prefix as Claude Code would name it directly: `mcp__serena__`.
    pub upstream_prefix: Option<String>,
    /// Layer 4, the backend's own tool name: `find_symbol`.
    pub upstream_tool: String,
}

impl Layers {
    /// The name Claude Code would give the backend's tool if it were connected directly
    /// (`mcp__sequential-thinking__sequentialthinking`); for a built-in, the permission name.
    pub fn backend_name(&self) -> String {
        match &self.upstream_prefix {
            Some(prefix) => format!("{prefix}{}", self.upstream_tool),
            None => self.permission.clone(),
        }
    }
}

/// The layers of a Syntropy name.
///
/// # Errors
/// The name's diagnostics when it does not parse.
pub fn layers(name: &str, opts: &Options) -> Result<Layers, Error> {
    let parts = super::parse(name, super::Convention::Syntropy, opts)?;
    let Parts::Syntropy { server, tool } = parts else {
        return Err(Error::invalid_argument("not a syntropy name"));
    };
    let registry = name[PREFIX.len()..].to_string();
    Ok(match server {
        None => Layers {
            permission: name.to_string(),
            registry,
            server: None,
            pool: None,
            upstream_prefix: None,
            upstream_tool: tool.to_string(),
        },
        Some(server) => {
            let (upstream, norm) = upstream_of(server);
            Layers {
                permission: name.to_string(),
                registry,
                server: Some(server.to_string()),
                pool: Some(format!("syn-{server}")),
                upstream_prefix: Some(format!("mcp__{upstream}__")),
                upstream_tool: norm.to_upstream(tool),
            }
        }
    })
}

/// The Syntropy name of a backend tool named as Claude Code would name it directly
/// (`mcp__context7__get-library-docs` → `mcp__syntropy__context7_get_library_docs`).
pub fn from_backend_name(name: &str, opts: &Options) -> Option<String> {
    let rest = name.strip_prefix("mcp__")?;
    let (upstream, tool) = rest.split_once("__")?;
    let (server, norm) = DEFAULT_SERVERS
        .iter()
        .find(|(_, up, _)| *up == upstream)
        .map(|(s, _, n)| (*s, *n))
        .unwrap_or((upstream, Upstream::Same));
    let text = format!("{PREFIX}{server}_{}", norm.from_upstream(tool));
    super::is_valid(&text, super::Convention::Syntropy, opts).then_some(text)
}

/// Syntropy's tool-state file (`~/.syntropy/tool-state.json`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolState {
    /// Enabled tools, full names; empty means every tool.
    pub enabled: Vec<String>,
    /// Disabled tools, full names; disabled wins over enabled.
    pub disabled: Vec<String>,
}

impl ToolState {
    /// Reads a tool-state file's JSON: `{ "enabled": [...], "disabled": [...] }`, both optional.
    ///
    /// ```
    /// use mcp_naming::syntropy::ToolState;
    /// let json = serde_json::from_str(r#"{ "disabled": ["mcp__syntropy__git_git_status"], "enable": [] }"#).unwrap();
    /// let err = ToolState::from_json(&json).unwrap_err();
    /// assert_eq!(err.message, "state.enable: unknown key \"enable\": did you mean \"enabled\"?");
    /// ```
    ///
    /// # Errors
    /// `invalid_argument`, one diagnostic per unknown key or value of the wrong type.
    pub fn from_json(value: &crate::json::Json) -> Result<ToolState, crate::Error> {
        let mut r = crate::read::Reader::argument();
        r.object(value, "state", &["enabled", "disabled"]);
        let state = ToolState {
            enabled: r.strings(value, "enabled", "state"),
            disabled: r.strings(value, "disabled", "state"),
        };
        r.finish(Some(state), "")
    }

    /// Whether a tool is enabled: not disabled, and listed in `enabled` or `enabled` is empty.
    ///
    /// ```
    /// use mcp_naming::syntropy::ToolState;
    /// let mut state = ToolState::default();
    /// state.disabled.push("mcp__syntropy__git_git_status".into());
    /// assert!(state.is_enabled("mcp__syntropy__serena_find_symbol"));
    /// assert!(!state.is_enabled("mcp__syntropy__git_git_status"));
    /// ```
    pub fn is_enabled(&self, name: &str) -> bool {
        !self.disabled.iter().any(|n| n == name) && (self.enabled.is_empty() || self.enabled.iter().any(|n| n == name))
    }

    /// Every problem of the file: an entry not in full form (with the corrected name), an entry
    /// twice in one list, an entry in both lists. Each names the entry's `path` (`enabled[1]`),
    /// which its message starts with; spans are within the entry.
    pub fn check(&self, opts: &Options) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        for (list, entries) in [("enabled", &self.enabled), ("disabled", &self.disabled)] {
            for (i, entry) in entries.iter().enumerate() {
                let path = format!("{list}[{i}]");
                entry_problems(&path, entry, opts, &mut out);
                if entries[..i].contains(entry) {
                    let mut d = Diagnostic::error(
                        Code::DuplicateEntry,
                        Span::whole(entry),
                        format!("{path}: {} is listed twice in {list}: remove one", quoted(entry)),
                    );
                    d.path = Some(path.clone());
                    out.push(d);
                }
            }
        }
        for (i, entry) in self.disabled.iter().enumerate() {
            if self.enabled.contains(entry) {
                let mut d = Diagnostic::error(
                    Code::EnabledAndDisabled,
                    Span::whole(entry),
                    format!("disabled[{i}]: {} is in both lists (disabled wins): remove it from one", quoted(entry)),
                );
                d.path = Some(format!("disabled[{i}]"));
                out.push(d);
            }
        }
        out
    }
}

fn entry_problems(path: &str, entry: &str, opts: &Options, out: &mut Vec<Diagnostic>) {
    let report = super::validate(entry, super::Convention::Syntropy, opts);
    for mut d in report.errors {
        d.message = match &report.suggestion {
            Some(s) if !d.message.contains(s.as_str()) => format!("{path}: {} (write {s})", d.message),
            _ => format!("{path}: {}", d.message),
        };
        d.path = Some(path.to_string());
        d.suggestion.clone_from(&report.suggestion);
        out.push(d);
    }
}

/// Checks the Syntropy entries of a Claude Code allow-list (`.claude/settings.local.json`):
/// entries for other servers and non-MCP rules (`Bash(...)`) pass; a Syntropy entry must be a
/// full name, `mcp__syntropy` or `mcp__syntropy__*`; a bare registry name or a mistaken prefix is
/// reported with the corrected name.
///
/// The allow-list of a Claude Code settings file: the file itself (`{ permissions: { allow } }`),
/// its `{ allow }` part, or the array. Other members of the file are not looked at.
///
/// ```
/// use mcp_naming::syntropy::allow_entries;
/// use mcp_naming::Json;
/// let settings: Json = serde_json::from_str(r#"{ "permissions": { "allow": ["mcp__syntropy__git_git_status"], "deny": [] } }"#).unwrap();
/// assert_eq!(allow_entries(&settings).unwrap(), ["mcp__syntropy__git_git_status"]);
/// ```
///
/// # Errors
/// `invalid_argument` for a value that is none of these, or an entry that is not a string.
pub fn allow_entries(settings: &crate::json::Json) -> Result<Vec<String>, crate::Error> {
    use crate::dialect::{a, JsonType};
    use crate::json::Json;
    let (list, path) = match settings {
        Json::Array(items) => (Some(items.as_slice()), "allow"),
        Json::Object(_) => match settings.get("permissions") {
            Some(p) => (p.get("allow").and_then(Json::as_array), "permissions.allow"),
            None => (settings.get("allow").and_then(Json::as_array), "allow"),
        },
        other => {
            return Err(crate::Error::invalid_argument(format!(
                "settings must be {} or {}, got {}",
                a(JsonType::Object),
                a(JsonType::Array),
                other.described()
            )))
        }
    };
    list.unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_str().map(str::to_string).ok_or_else(|| {
                crate::Error::invalid_argument(format!(
                    "{path}[{i}] must be {}, got {}",
                    a(JsonType::String),
                    v.described()
                ))
            })
        })
        .collect()
}

/// ```
/// use mcp_naming::syntropy::check_allow_list;
/// use mcp_naming::Options;
/// let entries = vec!["mcp__syntropy__serena_find_symbol".to_string(), "thinking_sequentialthinking".to_string()];
/// let problems = check_allow_list(&entries, &Options::default());
/// assert_eq!(problems.len(), 1);
/// assert_eq!(problems[0].code.as_str(), "missing_prefix");
/// ```
pub fn check_allow_list(entries: &[String], opts: &Options) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let path = format!("allow[{i}]");
        if entry == "mcp__syntropy" || entry == "mcp__syntropy__*" {
            continue;
        }
        let ours = entry.starts_with("mcp__syntropy")
            || entry.starts_with("syntropy_")
            || entry.starts_with("mcp_syntropy")
            || (entry.starts_with("mcp__") && repair(entry, opts).is_some())
            || (!entry.contains("__") && !entry.contains('(') && repair(entry, opts).is_some());
        if ours {
            entry_problems(&path, entry, opts, &mut out);
        }
    }
    out
}

/// `{ permission, registry, server, pool, upstreamPrefix, upstreamTool, backendName }`.
impl Serialize for Layers {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut l = s.serialize_struct("Layers", 7)?;
        l.serialize_field("permission", &self.permission)?;
        l.serialize_field("registry", &self.registry)?;
        l.serialize_field("server", &self.server)?;
        l.serialize_field("pool", &self.pool)?;
        l.serialize_field("upstreamPrefix", &self.upstream_prefix)?;
        l.serialize_field("upstreamTool", &self.upstream_tool)?;
        l.serialize_field("backendName", &self.backend_name())?;
        l.end()
    }
}
