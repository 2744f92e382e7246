//! `claude`: Claude Code's names for MCP tools, and its permission rules.
//!
//! ```text
//! name   ::= "mcp__" server "__" tool      ; at most 64 characters (Claude stops at 64)
//! server ::= [A-Za-z0-9_-]+                ; Claude Code turns any other character into "_"
//! tool   ::= [A-Za-z0-9_-]+
//! rule   ::= "mcp__" server | "mcp__" server "__*" | "mcp__" server "__" tool
//! ```
//!
//! The name splits at the first `__` after `mcp__`, or, when the servers are known, after the
//! longest known server followed by `__` (so a server named `my__server` still parses).
//!
//! ```
//! use mcp_naming::{normalize_server_name, PermissionRule as Rule};
//!
//! assert_eq!(normalize_server_name("my.server (dev)"), "my_server__dev_");
//! let rule = Rule::parse("mcp__github__*").unwrap();
//! assert!(rule.matches("mcp__github__create_issue"));
//! assert!(!rule.matches("mcp__gitlab__create_issue"));
//! ```

use super::fast::{self, FastPatterns};
use super::{check_provider_safe, syntropy::is_tool_byte, Options, Parts, Sink};
use crate::diagnostic::{Code, Diagnostic, Error, Span};
use crate::text::quoted;

/// The grammar, as shown to users.
pub const GRAMMAR: &str =
    "name ::= \"mcp__\" server \"__\" tool; server, tool ::= [A-Za-z0-9_-]+; at most 64 characters";
/// The longest name.
pub const MAX_LEN: usize = 64;
/// Valid examples.
pub const VALID_EXAMPLES: &[&str] =
    &["mcp__github__create_issue", "mcp__sequential-thinking__sequentialthinking", "mcp__syntropy__serena_find_symbol"];
/// Invalid examples.
pub const INVALID_EXAMPLES: &[&str] = &["github__create_issue", "mcp__github", "mcp__my.server__tool"];
/// The start of every name.
const PREFIX: &str = "mcp__";
/// Between server and tool.
const SEPARATOR: &str = "__";

/// A server name as Claude Code writes it: every character outside `[A-Za-z0-9_-]` becomes `_`.
pub fn normalize_server_name(server: &str) -> String {
    server.chars().map(|c| if c.is_ascii() && is_tool_byte(c as u8) { c } else { '_' }).collect()
}

/// Splits `mcp__server__tool` into server and tool (known servers first), if it has that shape.
fn split<'a>(name: &'a str, opts: &Options) -> Option<(&'a str, &'a str)> {
    let rest = name.strip_prefix(PREFIX)?;
    if let Some(servers) = &opts.servers {
        if let Some(server) = super::ServerList::Owned(servers).longest_prefix(rest, SEPARATOR) {
            return Some((&rest[..server.len()], &rest[server.len() + SEPARATOR.len()..]));
        }
    }
    rest.split_once(SEPARATOR)
}

pub(crate) fn check<'a, S: Sink>(name: &'a str, opts: &Options, sink: &mut S) -> Option<Parts<'a>> {
    if !check_provider_safe(sink, name, MAX_LEN) {
        return None;
    }
    if !name.starts_with(PREFIX) {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingMcpPrefix,
                Span::new(0, 0),
                format!("{} does not start with \"mcp__\": write mcp__<server>__<tool>", quoted(name)),
            )
        });
        return None;
    }
    let Some((server, tool)) = split(name, opts) else {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingSeparator,
                Span::whole(name),
                format!("{} has no \"__\" between server and tool: write mcp__<server>__<tool>", quoted(name)),
            )
        });
        return None;
    };
    let server_span = Span::new(PREFIX.len(), PREFIX.len() + server.len());
    if server.is_empty() {
        sink.error(|| {
            Diagnostic::error(Code::MissingServer, server_span, "the server name is empty: write mcp__<server>__<tool>")
        });
    }
    if tool.is_empty() {
        sink.error(|| {
            Diagnostic::error(
                Code::MissingTool,
                Span::new(name.len(), name.len()),
                "the tool name is empty: write mcp__<server>__<tool>",
            )
        });
    }
    if let Some(servers) = &opts.servers {
        if !server.is_empty() && !servers.iter().any(|s| s == server) {
            sink.error(|| {
                Diagnostic::error(
                    Code::UnknownServer,
                    server_span,
                    format!(
                        "{} is not a known server: use one of {}",
                        quoted(server),
                        super::ServerList::Owned(servers).joined()
                    ),
                )
            });
        }
    }
    if sink.failed() {
        return None;
    }
    Some(Parts::Claude { server, tool })
}

/// `valid` and `clean` alike (a valid name has no warning): `mcp__`, a server up to the first
/// `__` (no `__` inside, not empty), `__` and a tool, all of `[A-Za-z0-9_-]`.
pub(crate) fn fast_patterns() -> FastPatterns {
    let sep = fast::literal(SEPARATOR);
    let char = fast::class(&is_tool_byte);
    let pattern = |named: bool| {
        format!(
            "^{}{}{sep}{}$",
            fast::literal(PREFIX),
            fast::group("server", &format!("(?:(?!{sep}){char})+"), named),
            fast::group("tool", &format!("{char}+"), named),
        )
    };
    FastPatterns { valid: pattern(false), clean: Some(pattern(true)), split: None, max_len: MAX_LEN }
}

pub(crate) fn suggest(name: &str, opts: &Options) -> Option<String> {
    let cleaned = super::mcp::suggest(name)?.replace('.', "_");
    if cleaned.starts_with("mcp__") {
        return Some(cleaned);
    }
    let full = format!("mcp__{}", cleaned.trim_start_matches("mcp_"));
    split(&full, opts).is_some().then_some(full)
}

/// A Claude Code permission rule for MCP tools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule<'a> {
    /// The server the rule is about.
    pub server: &'a str,
    /// The tool, or `None` for every tool of the server (`mcp__server`, `mcp__server__*`).
    pub tool: Option<&'a str>,
}

impl<'a> Rule<'a> {
    /// Parses `mcp__server`, `mcp__server__*` or `mcp__server__tool`.
    ///
    /// # Errors
    /// `invalid_rule` for anything else (Claude Code does not support other wildcards).
    pub fn parse(rule: &'a str) -> Result<Rule<'a>, Error> {
        let bad = |why: &str| {
            Error::new(
                Code::InvalidRule,
                Span::whole(rule),
                format!(
                    "permission rule {} {why}: use mcp__<server>, mcp__<server>__* or mcp__<server>__<tool>",
                    quoted(rule)
                ),
            )
        };
        let rest = rule.strip_prefix("mcp__").ok_or_else(|| bad("does not start with \"mcp__\""))?;
        let (server, tool) = match rest.split_once("__") {
            None => (rest, None),
            Some((server, "*")) => (server, None),
            Some((server, tool)) => (server, Some(tool)),
        };
        let word_ok = |w: &str| !w.is_empty() && w.bytes().all(is_tool_byte);
        if !word_ok(server) {
            return Err(bad("has no valid server name"));
        }
        if let Some(tool) = tool {
            if !word_ok(tool) {
                return Err(bad("has an invalid tool part (only a whole \"*\" is a wildcard)"));
            }
        }
        Ok(Rule { server, tool })
    }

    /// Whether the rule covers the tool `name` (`mcp__server__tool`).
    pub fn matches(&self, name: &str) -> bool {
        let Some(rest) = name.strip_prefix("mcp__") else { return false };
        let Some(tool) = rest.strip_prefix(self.server).and_then(|t| t.strip_prefix("__")) else {
            return false;
        };
        !tool.is_empty() && self.tool.is_none_or(|t| t == tool)
    }
}
